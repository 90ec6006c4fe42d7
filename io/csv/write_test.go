package csv

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

func writeString(t testing.TB, f *frame.Frame, opts ...Option) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, f, opts...); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// typesOf is WithTypes for f's flat columns, so that a round trip reads
// back the types written rather than inferring them.
func typesOf(t testing.TB, f *frame.Frame) Option {
	t.Helper()
	data, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]arrow.DataType{}
	for name, v := range data.FieldsSeq() {
		if d, ok := v.(*structured.Dense); ok {
			types[name] = d.DataType()
		}
	}
	return WithTypes(types)
}

// frameEqual compares data and index.
func frameEqual(t testing.TB, a, b *frame.Frame) bool {
	t.Helper()
	ta, err := a.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	tb, err := b.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	return ta.Equal(tb)
}

func TestWriteCases(t *testing.T) {
	ts := []time.Time{time.Date(2020, 1, 2, 3, 4, 5, 123000, time.UTC)}
	cases := []struct {
		name string
		f    *frame.Frame
		opts []Option
		want string
	}{
		{"quoting only where needed", frame.FromColumns([]string{"s"}, []string{"plain", "a,b", "say \"hi\"", "two\nlines", "cr\r", "", "NA", "null", " sp "}), nil,
			"s\nplain\n\"a,b\"\n\"say \"\"hi\"\"\"\n\"two\nlines\"\n\"cr\r\"\n\"\"\n\"NA\"\n\"null\"\n sp \n"},
		{"header quoted", frame.FromColumns([]string{"a,b", "c"}, []int64{1}, []int64{2}), nil, "\"a,b\",c\n1,2\n"},
		{"no header", frame.FromColumns([]string{"a"}, []int64{1, 2}), []Option{WithHeader(false)}, "1\n2\n"},
		{"floats round trip", frame.FromColumns([]string{"f"}, []float64{3, 0.1, 1e21, math.NaN(), math.Inf(1), math.Inf(-1), -0.5, 123456.789}), nil,
			"f\n3.0\n0.1\n1e+21\nNaN\n+Inf\n-Inf\n-0.5\n123456.789\n"},
		{"float32", frame.FromColumns([]string{"f"}, []float32{0.1, 2}), nil, "f\n0.1\n2.0\n"},
		{"ints bools", frame.FromColumns([]string{"i", "u", "b"}, []int32{-1}, []uint8{200}, []bool{true}), nil, "i,u,b\n-1,200,true\n"},
		{"delimiter", frame.FromColumns([]string{"a", "b"}, []string{"x;y"}, []int64{1}), []Option{WithDelimiter(';')}, "a;b\n\"x;y\";1\n"},
		{"comment char quoted at line start", frame.FromColumns([]string{"a", "b"}, []string{"#x"}, []string{"#y"}), []Option{WithComment('#')}, "a,b\n\"#x\",#y\n"},
		{"timestamps", frame.FromColumns([]string{"t"}, ts), nil, "t\n2020-01-02T03:04:05.000123Z\n"},
		{"a signature quoted first", frame.FromColumns([]string{"\xff\xfe", "\xef\xbb\xbfb"}, []string{"PAR1", "x"}, []string{"\x1f\x8b", "y"}), nil,
			"\"\xff\xfe\",\xef\xbb\xbfb\nPAR1,\x1f\x8b\nx,y\n"},
		{"a signature quoted first, no header", frame.FromColumns([]string{"a", "b"}, []string{"PAR1", "\xef\xbb\xbfx", "ORCHARD"}, []int64{1, 2, 3}), []Option{WithHeader(false)},
			"\"PAR1\",1\n\xef\xbb\xbfx,2\nORCHARD,3\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := writeString(t, tc.f, tc.opts...); got != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestWriteNullsDatesAndRoundTrip(t *testing.T) {
	in := "i,f,s,d,t,z,b\n1,1.5,x,2020-01-02,2020-01-02T03:04:05.5,2020-01-02T03:04:05Z,true\n,,,,,,\n3,NaN,\"\",1969-12-31,1900-01-01T00:00:00,1999-12-31T23:59:59.999999Z,false\n"
	f := mustRead(t, in)
	out := writeString(t, f)
	want := "i,f,s,d,t,z,b\n1,1.5,x,2020-01-02,2020-01-02T03:04:05.5,2020-01-02T03:04:05Z,true\n,,,,,,\n3,NaN,\"\",1969-12-31,1900-01-01T00:00:00,1999-12-31T23:59:59.999999Z,false\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	back := mustRead(t, out)
	if !frameEqual(t, f, back) {
		t.Errorf("round trip differs:\n%s\n%s", dump(t, f), dump(t, back))
	}
	marked := writeString(t, f, WithNullValues("NA"))
	if !strings.Contains(marked, "\nNA,NA,NA,NA,NA,NA,NA\n") {
		t.Errorf("null marker not written: %q", marked)
	}
	if back := mustRead(t, marked, WithNullValues("NA")); !frameEqual(t, f, back) {
		t.Errorf("round trip with NA differs")
	}
}

func TestWriteNested(t *testing.T) {
	f := frame.FromRecords([]map[string]any{
		{"id": int64(1), "addr": map[string]any{"city": "Oslo", "zip": "0150"}},
		{"id": int64(2), "addr": map[string]any{"city": "Bergen", "zip": "5003"}},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err := Write(&buf, f)
	if err == nil || !strings.Contains(err.Error(), `"addr"`) {
		t.Fatalf("got %v, want an error naming addr", err)
	}
	flat := writeString(t, f, WithNested(NestedFlatten))
	if !strings.HasPrefix(flat, "addr.city,addr.zip,id\n") && !strings.HasPrefix(flat, "id,addr.city,addr.zip\n") {
		t.Fatalf("flattened header: %q", flat)
	}
	back := mustRead(t, flat, WithNested(NestedFlatten), WithTypes(map[string]arrow.DataType{"addr.zip": arrow.BinaryTypes.String}))
	if !frameEqual(t, f, back) {
		t.Errorf("flatten round trip differs:\n%s\n%s", dump(t, f), dump(t, back))
	}
	js := writeString(t, f, WithNested(NestedJSON))
	if !strings.Contains(js, `"{""city"":""Oslo"",""zip"":""0150""}"`) {
		t.Errorf("JSON text: %q", js)
	}
	lists := frame.FromColumns([]string{"l"}, [][]int64{{1, 2}, {3}})
	if err := Write(&buf, lists, WithNested(NestedFlatten)); err == nil || !strings.Contains(err.Error(), `"l"`) {
		t.Errorf("a list column flattened: got %v, want an error naming l", err)
	}
	if got := writeString(t, lists, WithNested(NestedJSON)); got != "l\n\"[1,2]\"\n[3]\n" {
		t.Errorf("list as JSON: %q", got)
	}
}

func TestWriteNoQuoteRefusesAmbiguousField(t *testing.T) {
	var buf bytes.Buffer
	err := Write(&buf, frame.FromColumns([]string{"a"}, []string{"x,y"}), WithQuote(0))
	if err == nil {
		t.Fatal("a field with the delimiter written without quoting")
	}
}

func TestIndexRoundTrip(t *testing.T) {
	base := frame.FromColumns([]string{"k", "j", "v"}, []string{"a", "a", "b"}, []int64{1, 2, 1}, []float64{0.5, 1.5, 2.5})
	for _, idx := range [][]string{{"k"}, {"k", "j"}} {
		f := base.SetIndex(idx...)
		out := writeString(t, f)
		if !strings.HasPrefix(out, strings.Join(idx, ",")+",") {
			t.Errorf("index not leading: %q", out)
		}
		back := mustRead(t, out, WithIndexColumns(idx...))
		if !frameEqual(t, f, back) {
			t.Errorf("index %v: round trip differs:\n%v\n%v", idx, f, back)
		}
		if noIdx := writeString(t, f, WithIndexColumns()); strings.HasPrefix(noIdx, "k,") {
			t.Errorf("WithIndexColumns() wrote the index: %q", noIdx)
		}
	}
}

// TestIndexColumnsBothSides: one WithIndexColumns serves the write and the
// read that follows: writing names the index columns by it, reading makes
// them the index again; a count that is not the index's levels is an
// ErrOption error.
func TestIndexColumnsBothSides(t *testing.T) {
	base := frame.FromColumns([]string{"k", "j", "v"}, []string{"a", "a", "b"}, []int64{1, 2, 1}, []float64{0.5, 1.5, 2.5})
	tests := []struct {
		name   string
		index  []string // the frame's index
		cols   []string // WithIndexColumns
		header string   // "" for an error
	}{
		{"same names", []string{"k"}, []string{"k"}, "k,j,v\n"},
		{"renamed level", []string{"k"}, []string{"key"}, "key,j,v\n"},
		{"renamed levels", []string{"k", "j"}, []string{"a", "b"}, "a,b,v\n"},
		{"swapped names", []string{"k", "j"}, []string{"j", "k"}, "j,k,v\n"},
		{"too few names", []string{"k", "j"}, []string{"k"}, ""},
		{"range index", nil, []string{"k"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := base
			if tt.index != nil {
				f = base.SetIndex(tt.index...)
			}
			opts := []Option{WithIndexColumns(tt.cols...)}
			var buf bytes.Buffer
			err := Write(&buf, f, opts...)
			if tt.header == "" {
				if !errors.Is(err, ErrOption) {
					t.Fatalf("got %v, want an ErrOption error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out := buf.String(); !strings.HasPrefix(out, tt.header) {
				t.Fatalf("header of %q, want %q", out, tt.header)
			}
			back := mustRead(t, buf.String(), opts...)
			if got := back.Index().Names(); !slices.Equal(got, tt.cols) {
				t.Errorf("read back with index %v, want %v", got, tt.cols)
			}
			if got := back.Columns(); !slices.Equal(got, f.Columns()) {
				t.Errorf("read back with columns %v, want %v", got, f.Columns())
			}
		})
	}
}

// TestNullValuesBothSides: WithNullValues gives the text of a null on both
// sides: written as its first marker, read from any of them, a string
// equal to a marker (or to a default one) quoted so that it stays a
// string.
func TestNullValuesBothSides(t *testing.T) {
	f := frame.FromRecords([]map[string]any{{"s": "NA", "i": int64(1)}, {"s": nil, "i": nil}, {"s": "-", "i": int64(3)}})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		markers []string
		want    string
	}{
		{nil, "i,s\n1,\"NA\"\n,\n3,-\n"},
		{[]string{"-"}, "i,s\n1,\"NA\"\n-,-\n3,\"-\"\n"},
		{[]string{"NULL", "-"}, "i,s\n1,\"NA\"\nNULL,NULL\n3,\"-\"\n"},
		{[]string{}, "i,s\n1,\"NA\"\n,\n3,-\n"},
	}
	for _, tt := range tests {
		var opts []Option
		if tt.markers != nil {
			opts = append(opts, WithNullValues(tt.markers...))
		}
		out := writeString(t, f.Select("i", "s"), opts...)
		if out != tt.want {
			t.Errorf("WithNullValues(%q) wrote %q, want %q", tt.markers, out, tt.want)
			continue
		}
		if len(tt.markers) == 0 && tt.markers != nil {
			continue // no marker: the empty cell written for a null reads back as ""
		}
		back := mustRead(t, out, append(opts, WithTypes(map[string]arrow.DataType{"s": arrow.BinaryTypes.String}))...)
		if !frameEqual(t, f.Select("i", "s"), back) {
			t.Errorf("WithNullValues(%q): round trip differs:\n%s\n%s", tt.markers, dump(t, f), dump(t, back))
		}
	}
}

func TestWriteFileReadFile(t *testing.T) {
	f := mustRead(t, "a,b\n1,x\n2,y\n")
	path := t.TempDir() + "/f.csv"
	if err := WriteFile(path, f); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !frameEqual(t, f, back) {
		t.Error("file round trip differs")
	}
	if _, err := ReadFile(path + ".missing"); err == nil {
		t.Error("missing file read")
	}
}

func TestAppendDate(t *testing.T) {
	for _, d := range []int64{0, -1, 1, 59, 60, 365, 10957, 11016, 18263, -719468, -719469, 2932896, 2932897, -25567, 47482} {
		want := time.Unix(d*86400, 0).UTC().Format("2006-01-02")
		if got := string(appendDate(nil, d)); got != want {
			t.Errorf("%d: got %s, want %s", d, got, want)
		}
	}
}

// TestWriteNullColumn: a field null in every JSON record is a column of
// Arrow type Null, whose cells are written empty like every other null
// (not "(null)", which would read back as a string) and read back as nulls.
func TestWriteNullColumn(t *testing.T) {
	f, err := json.Read(strings.NewReader(`[{"a":1,"b":null},{"a":2,"b":null}]`))
	if err != nil {
		t.Fatal(err)
	}
	if dt := f.Schema().String(); !strings.Contains(dt, "null") {
		t.Fatalf("b is not a column of type null: %s", dt)
	}
	for _, tc := range []struct {
		opts []Option
		want string
	}{
		{nil, "a,b\n1,\n2,\n"},
		{[]Option{WithNullValues("NA")}, "a,b\n1,NA\n2,NA\n"},
	} {
		out := writeString(t, f, tc.opts...)
		if out != tc.want {
			t.Errorf("got %q, want %q", out, tc.want)
		}
		back := mustRead(t, out, tc.opts...)
		s, err := back.Column("b")
		if err != nil {
			t.Fatal(err)
		}
		d, ok := s.Value().(*structured.Dense)
		if !ok || d.NullN() != 2 {
			t.Errorf("b read back from %q is not two nulls:\n%v", out, back)
		}
	}
}

// TestWriteFrameOfPieces: a frame joined from several (frame.Concat, the
// record batches of a file) is written chunk by chunk, its columns never
// joined, as the same text its joined copy gives.
func TestWriteFrameOfPieces(t *testing.T) {
	mk := func(lo, n int) *frame.Frame {
		ids := make([]int64, n)
		names := make([]string, n)
		for i := range ids {
			ids[i], names[i] = int64(lo+i), fmt.Sprint("n", lo+i)
		}
		return frame.FromColumns([]string{"id", "name"}, ids, names)
	}
	joined := func() *frame.Frame { return frame.Concat(mk(0, 3), mk(3, 1), mk(4, 5)) }
	pieces, whole := joined(), joined()
	for _, c := range whole.Columns() {
		if _, err := whole.Column(c); err != nil {
			t.Fatal(err)
		}
	}
	var got, want bytes.Buffer
	if err := Write(&got, pieces); err != nil {
		t.Fatal(err)
	}
	if err := Write(&want, whole); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() || strings.Count(got.String(), "\n") != 10 {
		t.Errorf("written from the pieces\n%s\njoined\n%s", got.String(), want.String())
	}
	if chunks, err := pieces.ColumnChunks("name"); err != nil || len(chunks) != 3 {
		t.Errorf("writing joined name (%d chunks, %v)", len(chunks), err)
	}
}

// TestWriteNestedJSONOfPieces: nested columns written as JSON text from a
// frame in pieces hold each row's own value, as from the joined frame.
func TestWriteNestedJSONOfPieces(t *testing.T) {
	mk := func(lo, n int) *frame.Frame {
		rows := make([]any, n)
		for i := range rows {
			rows[i] = map[string]any{"id": lo + i, "tags": []any{lo + i}, "s": map[string]any{"x": lo + i}}
		}
		return frame.FromRecords(rows)
	}
	pieces, whole := frame.Concat(mk(0, 2), mk(2, 2)), frame.Concat(mk(0, 2), mk(2, 2))
	for _, c := range whole.Columns() {
		if _, err := whole.Column(c); err != nil {
			t.Fatal(err)
		}
	}
	var got, want bytes.Buffer
	if err := Write(&got, pieces, WithNested(NestedJSON)); err != nil {
		t.Fatal(err)
	}
	if err := Write(&want, whole, WithNested(NestedJSON)); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() || !strings.Contains(got.String(), `[3]`) {
		t.Errorf("from the pieces:\n%s\njoined:\n%s", got.String(), want.String())
	}
	err := Write(&got, pieces)
	if err == nil || !strings.Contains(err.Error(), `"s" is nested ([4])`) {
		t.Errorf("error %v, want it to give the whole column's shape [4]", err)
	}
}
