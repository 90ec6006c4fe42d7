package csv

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// dump renders a frame's columns as "name:type=[v v ...]" lines, nulls as
// <nil>, for comparisons in tests.
func dump(t testing.TB, f *frame.Frame) string {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	data, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for name, v := range data.FieldsSeq() {
		typ := "?"
		if d, ok := v.(*structured.Dense); ok {
			typ = d.DataType().String()
		}
		s, err := f.Column(name)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "%s:%s=%v\n", name, typ, fmtVals(s.ToValue()))
	}
	return sb.String()
}

func fmtVals(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		switch x := v.(type) {
		case string:
			parts[i] = fmt.Sprintf("%q", x)
		case arrow.Date32:
			parts[i] = x.ToTime().Format("2006-01-02")
		case time.Time:
			parts[i] = x.UTC().Format(time.RFC3339Nano)
		default:
			parts[i] = fmt.Sprint(x)
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func TestReadCases(t *testing.T) {
	cases := []struct {
		name string
		in   string
		opts []Option
		want string
	}{
		{"types", "i,f,b,s,d\n1,1.5,true,x,2020-01-02\n-2,2,False,y,2021-12-31\n", nil,
			"i:int64=[1 -2]\nf:float64=[1.5 2]\nb:bool=[true false]\ns:utf8=[\"x\" \"y\"]\nd:date32=[2020-01-02 2021-12-31]\n"},
		{"timestamps", "naive,zoned\n2020-01-02T03:04:05,2020-01-02T03:04:05Z\n2020-01-02 03:04:05.123456,2020-01-02T05:04:05+02:00\n", nil,
			"naive:timestamp[us]=[2020-01-02T03:04:05Z 2020-01-02T03:04:05.123456Z]\nzoned:timestamp[us, tz=UTC]=[2020-01-02T03:04:05Z 2020-01-02T03:04:05Z]\n"},
		{"sub-microsecond digits stay text", "t\n2020-01-02T03:04:05.1234567\n", nil, "t:utf8=[\"2020-01-02T03:04:05.1234567\"]\n"},
		{"bad date stays text", "d\n2021-02-29\n", nil, "d:utf8=[\"2021-02-29\"]\n"},
		{"leading zeros stay strings", "zip\n007\n123\n", nil, "zip:utf8=[\"007\" \"123\"]\n"},
		{"leading zero float stays string", "x\n00.5\n", nil, "x:utf8=[\"00.5\"]\n"},
		{"zero and decimals are numbers", "x,y\n0,0.5\n10,-0.25\n", nil, "x:int64=[0 10]\ny:float64=[0.5 -0.25]\n"},
		{"big int beyond int64 is text", "x\n1\n99999999999999999999\n", nil, "x:utf8=[\"1\" \"99999999999999999999\"]\n"},
		{"int64 bounds", "x\n9223372036854775807\n-9223372036854775808\n", nil, "x:int64=[9223372036854775807 -9223372036854775808]\n"},
		{"mixed int float", "x\n1\n2.5\n", nil, "x:float64=[1 2.5]\n"},
		{"int beyond 2^53 among floats is text", "x\n9007199254740993\n2.5\n", nil, "x:utf8=[\"9007199254740993\" \"2.5\"]\n"},
		{"too many digits is text", "x\n0.10000000000000000555\n", nil, "x:utf8=[\"0.10000000000000000555\"]\n"},
		{"17 digits that round trip are floats", "x\n0.30000000000000004\n", nil, "x:float64=[0.30000000000000004]\n"},
		{"exponents and specials", "x\n1e3\nNaN\n-Inf\n", nil, "x:float64=[1000 NaN -Inf]\n"},
		{"only the empty cell is null", "a,b\n1,NA\nnull,x\n,\n", nil, "a:utf8=[\"1\" \"null\" <nil>]\nb:utf8=[\"NA\" \"x\" <nil>]\n"},
		{"NA N/A nan NULL are values", "s,f\nNA,1.5\nN/A,nan\nNULL,\nnull,2\n", nil, "s:utf8=[\"NA\" \"N/A\" \"NULL\" \"null\"]\nf:float64=[1.5 NaN <nil> 2]\n"},
		{"pandas' null markers", "s,f,i\nNA,1.5,1\nN/A,nan,NULL\nNULL,,null\nx,None,<NA>\n", []Option{WithNullValues(PandasNullValues...)}, "s:utf8=[<nil> <nil> <nil> \"x\"]\nf:float64=[1.5 <nil> <nil> <nil>]\ni:int64=[1 <nil> <nil> <nil>]\n"},
		{"spaces around numbers", "i,f,b,d,s\n 1 ,\t2.5, true ,2024-01-15 , a \n2 ,3, false, 2024-01-16,b\n", nil, "i:int64=[1 2]\nf:float64=[2.5 3]\nb:bool=[true false]\nd:date32=[2024-01-15 2024-01-16]\ns:utf8=[\" a \" \"b\"]\n"},
		{"spaces only is a string", "i\n1\n  \n", nil, "i:utf8=[\"1\" \"  \"]\n"},
		{"spaces around numbers of fixed types", "i,f\n 1 , 2.5\n", []Option{WithTypes(map[string]arrow.DataType{"i": arrow.PrimitiveTypes.Int32, "f": arrow.PrimitiveTypes.Float32})}, "i:int32=[1]\nf:float32=[2.5]\n"},
		{"NaN as null by option", "x\n1.5\nNaN\n", []Option{WithNullValues("", "NaN")}, "x:float64=[1.5 <nil>]\n"},
		{"custom null markers only", "x\nNA\n-\n", []Option{WithNullValues("-")}, "x:utf8=[\"NA\" <nil>]\n"},
		{"quoted empty is a string", "a,b\n\"\",1\n,2\n", nil, "a:utf8=[\"\" <nil>]\nb:int64=[1 2]\n"},
		{"quoted NA is a string", "a\n\"NA\"\nNA\n", []Option{WithNullValues("NA")}, "a:utf8=[\"NA\" <nil>]\n"},
		{"quoted numbers are numbers", "a\n\"1\"\n\"2\"\n", nil, "a:int64=[1 2]\n"},
		{"quoted newline", "a,b\n\"x\ny\",1\n\"\",2\n", nil, "a:utf8=[\"x\\ny\" \"\"]\nb:int64=[1 2]\n"},
		{"escaped quotes", "a\n\"say \"\"hi\"\"\"\n", nil, "a:utf8=[\"say \\\"hi\\\"\"]\n"},
		{"BOM and CRLF", "\xEF\xBB\xBFa,b\r\n1,x\r\n2,y\r\n", nil, "a:int64=[1 2]\nb:utf8=[\"x\" \"y\"]\n"},
		{"CRLF after quotes", "a,b\r\n\"1\",\"x\"\r\n", nil, "a:int64=[1]\nb:utf8=[\"x\"]\n"},
		{"no final newline", "a,b\n1,2", nil, "a:int64=[1]\nb:int64=[2]\n"},
		{"blank lines skipped", "a,b\n\n1,2\n\r\n3,4\n\n", nil, "a:int64=[1 3]\nb:int64=[2 4]\n"},
		{"one column: blank line is null", "a\n1\n\n3\n", nil, "a:int64=[1 <nil> 3]\n"},
		{"comments", "# c1\na,b\n# c2 \"x\n1,2\n", []Option{WithComment('#')}, "a:int64=[1]\nb:int64=[2]\n"},
		{"duplicate headers", "a,a,a_1,\n1,2,3,4\n", nil, "a:int64=[1]\na_2:int64=[2]\na_1:int64=[3]\ncolumn_4:int64=[4]\n"},
		{"no header", "1,x\n2,y\n", []Option{WithHeader(false)}, "column_1:int64=[1 2]\ncolumn_2:utf8=[\"x\" \"y\"]\n"},
		{"header only", "a,b\n", nil, "a:utf8=[]\nb:utf8=[]\n"},
		{"header only typed", "a,b\n", []Option{WithTypes(map[string]arrow.DataType{"a": arrow.PrimitiveTypes.Int64})}, "a:int64=[]\nb:utf8=[]\n"},
		{"empty file", "", nil, ""},
		{"only blank lines", "\n\n", nil, ""},
		{"delimiter", "a;b\n1;x,y\n", []Option{WithDelimiter(';')}, "a:int64=[1]\nb:utf8=[\"x,y\"]\n"},
		{"tab delimiter", "a\tb\n1\t2\n", []Option{WithDelimiter('\t')}, "a:int64=[1]\nb:int64=[2]\n"},
		{"quote char", "a,b\n'x,y',1\n", []Option{WithQuote('\'')}, "a:utf8=[\"x,y\"]\nb:int64=[1]\n"},
		{"escaped custom quote", "a\n'it''s'\n", []Option{WithQuote('\'')}, "a:utf8=[\"it's\"]\n"},
		{"no quoting", "a,b\n\"x,1\n", []Option{WithQuote(0)}, "a:utf8=[\"\\\"x\"]\nb:int64=[1]\n"},
		{"lenient bare quote", "a\nx\"y\n", nil, "a:utf8=[\"x\\\"y\"]\n"},
		{"padded rows", "a,b,c\n1\n2,3\n", []Option{WithPadRows(true)}, "a:int64=[1 2]\nb:int64=[<nil> 3]\nc:utf8=[<nil> <nil>]\n"},
		{"projection", "a,b,c\n1,x,2.5\n2,y,3\n", []Option{WithColumns("c", "a")}, "a:int64=[1 2]\nc:float64=[2.5 3]\n"},
		{"projection of a dotted name", "a.b,c\n1,2\n", []Option{WithColumns("a.b")}, "a.b:int64=[1]\n"},
		{"explicit types", "a,b,c,d\n1,2,3,2020-01-01\n", []Option{WithTypes(map[string]arrow.DataType{
			"a": arrow.BinaryTypes.String, "b": arrow.PrimitiveTypes.Float64, "c": arrow.PrimitiveTypes.Int32,
			"d": &arrow.TimestampType{Unit: arrow.Second}})},
			"a:utf8=[\"1\"]\nb:float64=[2]\nc:int32=[3]\nd:timestamp[s]=[2020-01-01T00:00:00Z]\n"},
		{"explicit leading zero as int", "zip\n007\n", []Option{WithTypes(map[string]arrow.DataType{"zip": arrow.PrimitiveTypes.Int64})}, "zip:int64=[7]\n"},
		{"explicit uint8 and float32", "a,b\n255,0.5\n", []Option{WithTypes(map[string]arrow.DataType{"a": arrow.PrimitiveTypes.Uint8, "b": arrow.PrimitiveTypes.Float32})}, "a:uint8=[255]\nb:float32=[0.5]\n"},
		{"explicit ns timestamp", "t\n2020-01-02T03:04:05.123456789Z\n", []Option{WithTypes(map[string]arrow.DataType{"t": &arrow.TimestampType{Unit: arrow.Nanosecond, TimeZone: "UTC"}})}, "t:timestamp[ns, tz=UTC]=[2020-01-02T03:04:05.123456789Z]\n"},
		{"all null column is string", "a,b\n1,\n2,\n", nil, "a:int64=[1 2]\nb:utf8=[<nil> <nil>]\n"},
		{"bools are not 0/1", "a\n0\n1\n", nil, "a:int64=[0 1]\n"},
		{"nested on request", "id,addr.city,addr.zip\n1,Oslo,0150\n", []Option{WithNested(NestedFlatten)}, "id:int64=[1]\naddr:?=[map[city:Oslo zip:0150]]\n"},
		{"dotted names kept by default", "id,addr.city\n1,Oslo\n", []Option{WithNested(NestedError)}, "id:int64=[1]\naddr.city:utf8=[\"Oslo\"]\n"},
		{"json text kept as text", "id,addr\n1,\"{\"\"city\"\":\"\"Oslo\"\"}\"\n", []Option{WithNested(NestedJSON)}, "id:int64=[1]\naddr:utf8=[\"{\\\"city\\\":\\\"Oslo\\\"}\"]\n"},
		{"index columns", "k,v\na,1\nb,2\n", []Option{WithIndexColumns("k")}, "v:int64=[1 2]\n"},
	}
	for _, tc := range cases {
		for _, par := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/p%d", tc.name, par), func(t *testing.T) {
				opts := append([]Option{WithParallelism(par), withChunkBytes(4)}, tc.opts...)
				f, err := Read(strings.NewReader(tc.in), opts...)
				if err != nil {
					t.Fatal(err)
				}
				if got := dump(t, f); got != tc.want {
					t.Errorf("got\n%s\nwant\n%s", got, tc.want)
				}
			})
		}
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		name       string
		in         string
		opts       []Option
		cause      error
		line       int
		col        int
		field      string
		offsetText string // the input from the error's offset starts with this
	}{
		{"short row", "a,b\n1,2\n3\n", nil, ErrFieldCount, 3, 2, "b", "3\n"},
		{"long row", "a,b\n1,2\n3,4,5\n", nil, ErrFieldCount, 3, 3, "", "5\n"},
		{"unclosed quote", "a,b\n1,\"x\n", nil, ErrQuote, 2, 2, "b", "\"x"},
		{"text after quote", "a,b\n1,\"x\"y\n", nil, ErrQuote, 2, 2, "b", "y"},
		{"strict bare quote", "a,b\n1,x\"y\n", []Option{WithStrict(true)}, ErrQuote, 2, 2, "b", "x\"y"},
		{"strict utf8", "a,b\n1,\xff\n", []Option{WithStrict(true)}, ErrUTF8, 2, 2, "b", "\xff"},
		{"typed cell", "a,b\n1,2\n3,x\n", []Option{WithTypes(map[string]arrow.DataType{"b": arrow.PrimitiveTypes.Int64})}, ErrType, 3, 2, "b", "x"},
		{"typed overflow", "a\n300\n", []Option{WithTypes(map[string]arrow.DataType{"a": arrow.PrimitiveTypes.Int8})}, ErrType, 2, 1, "a", "300"},
		{"after quoted newline", "a,b\n\"x\ny\",1\n2\n", nil, ErrFieldCount, 4, 2, "b", "2\n"},
		{"too many columns", "a,b,c\n", []Option{WithMaxColumns(2)}, ErrHeader, 1, 3, "", "c"},
		{"unknown projected column", "a,b\n1,2\n", []Option{WithColumns("z")}, ErrHeader, 1, 0, "z", ""},
		{"unsupported type", "a\n1\n", []Option{WithTypes(map[string]arrow.DataType{"a": arrow.ListOf(arrow.PrimitiveTypes.Int64)})}, ErrHeader, 1, 1, "a", ""},
	}
	for _, tc := range cases {
		for _, par := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/p%d", tc.name, par), func(t *testing.T) {
				opts := append([]Option{WithParallelism(par), withChunkBytes(3)}, tc.opts...)
				_, err := Read(strings.NewReader(tc.in), opts...)
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("got %v, want a *ParseError", err)
				}
				if !errors.Is(err, tc.cause) {
					t.Errorf("cause: got %v, want %v", err, tc.cause)
				}
				if pe.Line != tc.line || pe.Column != tc.col || pe.Field != tc.field {
					t.Errorf("got line %d column %d field %q, want %d %d %q (%v)", pe.Line, pe.Column, pe.Field, tc.line, tc.col, tc.field, err)
				}
				if tc.offsetText != "" && !strings.HasPrefix(tc.in[pe.Offset:], tc.offsetText) {
					t.Errorf("offset %d points at %q, want %q", pe.Offset, tc.in[pe.Offset:], tc.offsetText)
				}
			})
		}
	}
}

func TestReadOptionErrors(t *testing.T) {
	for _, opts := range [][]Option{
		{WithDelimiter('\n')}, {WithQuote(0xC3)}, {WithDelimiter('"')}, {WithComment(',')}, {WithBatchSize(0)},
	} {
		if _, err := Read(strings.NewReader("a\n1\n"), opts...); !errors.Is(err, ErrOption) {
			t.Errorf("got %v, want ErrOption", err)
		}
	}
}

// TestParseFloatFast checks the fast float path against strconv.
func TestParseFloatFast(t *testing.T) {
	for _, s := range []string{"0", "1", "-1", "57.943", "0.1", "123456789012345", "1.23456789012345", "-0.000000000000001",
		"99999999999999.9", "1.", ".5", "-0", "1e5", "1234567890123456", "12345678.9012345678"} {
		want, werr := parseFloatSlow([]byte(s))
		got, ok := parseFloat([]byte(s))
		if ok != (werr) || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("%s: got %v %v, want %v %v", s, got, ok, want, werr)
		}
	}
}

func TestNextRecordAtQuotedNewline(t *testing.T) {
	// A quoted newline exactly at a chunk cut, and widening that happens
	// only in a later chunk: every chunk size gives the same frame.
	var sb strings.Builder
	sb.WriteString("id,text,v\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&sb, "%d,\"line\n%d, \"\"q\"\"\",%d\n", i, i, i)
	}
	sb.WriteString("40,x,2.5\n")
	in := sb.String()
	want := dump(t, mustRead(t, in, WithParallelism(1)))
	if !strings.Contains(want, "v:float64") {
		t.Fatalf("widening not seen: %s", want)
	}
	for size := 1; size < 40; size++ {
		got := dump(t, mustRead(t, in, WithParallelism(4), withChunkBytes(size)))
		if got != want {
			t.Fatalf("chunk size %d: got\n%s\nwant\n%s", size, got, want)
		}
	}
}

func mustRead(t testing.TB, in string, opts ...Option) *frame.Frame {
	t.Helper()
	f, err := Read(bytes.NewReader([]byte(in)), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The fast classifiers agree with classify.
func TestPlainClassifiers(t *testing.T) {
	for _, s := range []string{"0", "-0", "7", "-12", "007", "123456789012345", "1234567890123456", "-", "1a", "+1",
		"0.5", "-0.5", "00.5", "1.", ".5", "1.5.2", "12345678901234.5", "123456789012345.6", "-1.25", "1e5", "0.0"} {
		b := []byte(s)
		c := classify(b)
		if plainInt(b) && c != kInt|kFloat|kString {
			t.Errorf("%s: plainInt, classify says %b", s, c)
		}
		if plainDecimal(b) && c != kFloat|kString {
			t.Errorf("%s: plainDecimal, classify says %b", s, c)
		}
	}
}
