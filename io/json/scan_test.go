package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/structframe/structframe/structured"
)

// traceSink records the events as text, to check the event mapping.
type traceSink struct{ b strings.Builder }

func (t *traceSink) ev(s string) error       { t.b.WriteString(s); t.b.WriteByte(' '); return nil }
func (t *traceSink) BeginRecord() error      { return t.ev("{") }
func (t *traceSink) EndRecord() error        { return t.ev("}") }
func (t *traceSink) KeyBytes(k []byte) error { return t.ev("k:" + string(k)) }
func (t *traceSink) BeginList() error        { return t.ev("[") }
func (t *traceSink) EndList() error          { return t.ev("]") }
func (t *traceSink) Number(n []byte) error   { return t.ev("n:" + string(n)) }
func (t *traceSink) StringBytes(v []byte) error {
	return t.ev("s:" + string(v))
}
func (t *traceSink) Bool(v bool) error {
	if v {
		return t.ev("true")
	}
	return t.ev("false")
}
func (t *traceSink) Null() error { return t.ev("null") }

// conformance is a JSONTestSuite-style table: y_ cases must be accepted, n_
// cases rejected, i_ cases are the documented decisions (want says which).
var conformance = []struct {
	name string
	in   string
	ok   bool
}{
	// y_: valid documents.
	{"y_object_empty", `{}`, true},
	{"y_array_empty", `[]`, true},
	{"y_object_simple", `{"a":1,"b":"x"}`, true},
	{"y_object_nested", `{"a":{"b":{"c":[1,2,{"d":null}]}}}`, true},
	{"y_object_whitespace", " \t\r\n{ \"a\" \n:\t1 , \"b\" : [ ] }\r\n ", true},
	{"y_array_mixed", `[1,"a",true,false,null,{},[]]`, true},
	{"y_scalar_number", `42`, true},
	{"y_scalar_string", `"x"`, true},
	{"y_scalar_true", `true`, true},
	{"y_scalar_false", `false`, true},
	{"y_scalar_null", `null`, true},
	{"y_number_zero", `[0]`, true},
	{"y_number_minus_zero", `[-0]`, true},
	{"y_number_negative", `[-123]`, true},
	{"y_number_fraction", `[1.5]`, true},
	{"y_number_minus_zero_fraction", `[-0.0]`, true},
	{"y_number_exp", `[1e10]`, true},
	{"y_number_exp_upper", `[1E10]`, true},
	{"y_number_exp_plus", `[1e+10]`, true},
	{"y_number_exp_minus", `[1.5e-10]`, true},
	{"y_number_exp_leading_zero", `[1e007]`, true},
	{"y_number_huge", `[123456789012345678901234567890123456789012345678901234567890]`, true},
	{"y_number_huge_exp", `[1e999999]`, true},
	{"y_string_escapes", `["\"\\\/\b\f\n\r\t"]`, true},
	{"y_string_unicode_escape", `["\u00e9\u4e2D"]`, true},
	{"y_string_surrogate_pair", `["\ud83d\ude00"]`, true},
	{"y_string_utf8", `["é中😀"]`, true},
	{"y_string_nul_escape", `["\u0000"]`, true},
	{"y_string_del", "[\"\x7f\"]", true},
	{"y_string_replacement_char", "[\"\xef\xbf\xbd\"]", true},
	{"y_string_empty", `[""]`, true},
	{"y_key_empty", `{"":1}`, true},
	{"y_key_escaped", `{"a\nb":1}`, true},
	{"y_key_duplicate", `{"a":1,"a":2}`, true}, // valid syntax; the Builder refuses it (TestDuplicateKey)
	{"y_deep_10000", strings.Repeat("[", 10000) + strings.Repeat("]", 10000), true},

	// i_: implementation-defined, decided as documented in scan.go.
	{"i_string_lone_high_surrogate", `["\ud800"]`, true},
	{"i_string_lone_low_surrogate", `["\udc00"]`, true},
	{"i_string_high_then_char", `["\ud800x"]`, true},
	{"i_string_two_high_surrogates", `["\ud800\ud800"]`, true},
	{"i_string_high_then_escape", `["\ud800\n"]`, true},
	{"i_string_invalid_utf8", "[\"\xff\"]", false},
	{"i_string_truncated_utf8", "[\"\xe9\"]", false},
	{"i_string_overlong_utf8", "[\"\xc0\xaf\"]", false},
	{"i_string_utf8_surrogate", "[\"\xed\xa0\x80\"]", false},
	{"i_key_invalid_utf8", "{\"\xff\":1}", false},
	{"i_string_invalid_utf8_after_escape", "[\"\\n\xff\"]", false},
	{"i_bom", "\xef\xbb\xbf{}", false},

	// n_: invalid documents.
	{"n_empty", ``, false},
	{"n_whitespace_only", " \n ", false},
	{"n_number_leading_zero", `[01]`, false},
	{"n_number_leading_zeros_negative", `[-012]`, false},
	{"n_number_lone_minus", `[-]`, false},
	{"n_number_minus_end", `-`, false},
	{"n_number_trailing_dot", `[1.]`, false},
	{"n_number_trailing_dot_end", `1.`, false},
	{"n_number_leading_dot", `[.5]`, false},
	{"n_number_plus", `[+1]`, false},
	{"n_number_exp_empty", `[1e]`, false},
	{"n_number_exp_sign_only", `[1e+]`, false},
	{"n_number_exp_end", `1e-`, false},
	{"n_number_exp_dot", `[1e1.5]`, false},
	{"n_number_dot_exp", `[1.e5]`, false},
	{"n_number_hex", `[0x1]`, false},
	{"n_number_infinity", `[Infinity]`, false},
	{"n_number_nan", `[NaN]`, false},
	{"n_number_minus_space", `[- 1]`, false},
	{"n_number_double_minus", `[--1]`, false},
	{"n_string_control_char", "[\"a\x01b\"]", false},
	{"n_string_raw_newline", "[\"a\nb\"]", false},
	{"n_string_raw_tab", "[\"a\tb\"]", false},
	{"n_string_control_after_escape", "[\"\\n\x1f\"]", false},
	{"n_string_invalid_escape", `["\x"]`, false},
	{"n_string_escape_apostrophe", `["\'"]`, false},
	{"n_string_escape_end", `["\`, false},
	{"n_string_u_short", `["\u12"]`, false},
	{"n_string_u_bad_hex", `["\u12G4"]`, false},
	{"n_string_u_end", `["\u`, false},
	{"n_string_unterminated", `["abc`, false},
	{"n_string_single_quote", `['a']`, false},
	{"n_key_unquoted", `{a:1}`, false},
	{"n_key_number", `{1:1}`, false},
	{"n_object_missing_colon", `{"a" 1}`, false},
	{"n_object_double_colon", `{"a"::1}`, false},
	{"n_object_missing_value", `{"a":}`, false},
	{"n_object_trailing_comma", `{"a":1,}`, false},
	{"n_object_leading_comma", `{,"a":1}`, false},
	{"n_object_missing_comma", `{"a":1 "b":2}`, false},
	{"n_object_unclosed", `{"a":1`, false},
	{"n_object_unclosed_key", `{"a"`, false},
	{"n_object_close_bracket", `{"a":1]`, false},
	{"n_array_trailing_comma", `[1,]`, false},
	{"n_array_leading_comma", `[,1]`, false},
	{"n_array_double_comma", `[1,,2]`, false},
	{"n_array_missing_comma", `[1 2]`, false},
	{"n_array_unclosed", `[1`, false},
	{"n_array_unclosed_empty", `[`, false},
	{"n_array_close_brace", `[1}`, false},
	{"n_array_colon", `["a":1]`, false},
	{"n_literal_true_truncated", `[tru]`, false},
	{"n_literal_true_caps", `[True]`, false},
	{"n_literal_null_truncated", `nul`, false},
	{"n_literal_false_typo", `[fals3]`, false},
	{"n_trailing_garbage", `{}x`, false},
	{"n_trailing_value", `[] []`, false},
	{"n_trailing_comma_top", `1,`, false},
	{"n_number_then_garbage", `1x`, false},
	{"n_comment", `[1] // c`, false},
	{"n_nul_byte", "[1]\x00", false},
	{"n_form_feed_space", "[\f1]", false},
	{"n_non_ascii_outside_string", "[\xc3\xa9]", false},
	{"n_deep_10001", strings.Repeat("[", 10001) + strings.Repeat("]", 10001), false},
	{"n_deep_10001_objects", strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001), false},
	{"n_deep_unclosed_100000", strings.Repeat("[", 100000), false},
}

// deliberate reports whether in is a case where this scanner deliberately
// disagrees with encoding/json.Valid: invalid UTF-8 (inside a string, since
// elsewhere both reject it).
func deliberate(in []byte) bool { return !utf8.Valid(in) }

func TestConformance(t *testing.T) {
	s := newScanner(nopEvents{})
	for _, c := range conformance {
		t.Run(c.name, func(t *testing.T) {
			in := []byte(c.in)
			err := s.ScanDocument(in)
			if (err == nil) != c.ok {
				t.Fatalf("scanDocument(%.60q): err %v, want ok %v", c.in, err, c.ok)
			}
			var se *SyntaxError
			if err != nil && !errors.As(err, &se) {
				t.Fatalf("error %v (%T) is not a *SyntaxError", err, err)
			}
			// Cross-check against encoding/json.
			valid := stdjson.Valid(in)
			if deliberate(in) {
				if err == nil {
					t.Fatalf("invalid UTF-8 accepted")
				}
			} else if valid != (err == nil) {
				t.Fatalf("encoding/json.Valid = %v, scanner err = %v", valid, err)
			}
			// scanValue stops after the value; scanDocument's verdict is
			// scanValue's plus "only whitespace follows".
			pos, verr := s.ScanValue(in, 0)
			if verr == nil && len(bytes.TrimLeft(in[pos:], " \t\r\n")) == 0 && err != nil {
				t.Fatalf("scanValue accepted %q up to its end, scanDocument did not: %v", c.in, err)
			}
		})
	}
}

func TestEvents(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a":1,"b":[true,false,null],"c":{"d":"x"}}`, `{ k:a n:1 k:b [ true false null ] k:c { k:d s:x } }`},
		{`[-0.5e+3, "\u00e9\n", "\ud83d\ude00", "\ud800x"]`, "[ n:-0.5e+3 s:é\n s:😀 s:\uFFFDx ]"},
		{`{"k\"ey":"v\\"}`, `{ k:k"ey s:v\ }`},
		{`["\ud800\ud800"]`, "[ s:\uFFFD\uFFFD ]"},
		{`["\udc00\ud83d\ude00"]`, "[ s:\uFFFD😀 ]"},
	} {
		tr := &traceSink{}
		if err := newScanner(tr).ScanDocument([]byte(c.in)); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := strings.TrimSpace(tr.b.String()); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
		// Strings decode as encoding/json decodes them.
		var v any
		if err := stdjson.Unmarshal([]byte(c.in), &v); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSyntaxErrorPosition(t *testing.T) {
	for _, c := range []struct {
		in, msg string
		ndjson  bool
	}{
		{"{\n  \"a\": 1,\n  \"b\" x\n}", "json: line 3, column 7 (offset 18): invalid character 'x' after object key", false},
		{`[1,]`, "json: line 1, column 4 (offset 3): invalid character ']' looking for beginning of value", false},
		{`[01]`, "json: line 1, column 3 (offset 2): invalid character '1' after array element", false},
		{`{"a":1}x`, "json: line 1, column 8 (offset 7): invalid character 'x' after top-level value", false},
		{`["\q"]`, `json: line 1, column 4 (offset 3): invalid character 'q' in string escape code`, false},
		{"[\"\xff\"]", "json: line 1, column 3 (offset 2): invalid UTF-8 in string", false},
		{`[1`, "json: line 1, column 3 (offset 2): unexpected end of JSON input", false},
		{"{\"a\":1}\r\n{\"a\":\n2}\n", "json: line 2, column 6 (offset 14): unexpected end of line", true},
		{"{\"a\":1}\n\n{\"a\":2} 3\n", "json: line 3, column 9 (offset 17): invalid character '3' after top-level value", true},
	} {
		s := newScanner(nopEvents{})
		var err error
		if c.ndjson {
			err = s.ScanNDJSON([]byte(c.in))
		} else {
			err = s.ScanDocument([]byte(c.in))
		}
		if err == nil || err.Error() != c.msg {
			t.Errorf("%q:\n got %v\nwant %s", c.in, err, c.msg)
		}
	}
}

func build(t *testing.T, scan func(*scanner, []byte) error, in string) (*structured.Tensor, error) {
	t.Helper()
	b, err := structured.NewBuilder(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := scan(newScanner(b), []byte(in)); err != nil {
		return nil, err
	}
	return b.Finish()
}

func fromJSON(t *testing.T, in string) *structured.Tensor {
	t.Helper()
	d := stdjson.NewDecoder(strings.NewReader(in))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	want, err := structured.FromValue(v)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

func TestBuilder(t *testing.T) {
	const arr = `[{"title":"a","n":1,"tags":["x","y"],"sub":{"q":1.5}},` +
		`{"title":"b\u00e9","n":2,"tags":[],"sub":null},` +
		`{"title":"c","n":null,"extra":true}]`
	want := fromJSON(t, arr)
	got, err := build(t, (*scanner).ScanArray, arr)
	if err != nil {
		t.Fatal(err)
	}
	if !structured.Equal(got, want) {
		t.Errorf("scanArray:\n%v\nwant\n%v", got, want)
	}
	nd := "{\"title\":\"a\",\"n\":1,\"tags\":[\"x\",\"y\"],\"sub\":{\"q\":1.5}}\r\n\n  \n" +
		"{\"title\":\"b\\u00e9\",\"n\":2,\"tags\":[],\"sub\":null}\n" +
		"{\"title\":\"c\",\"n\":null,\"extra\":true}"
	got, err = build(t, (*scanner).ScanNDJSON, nd)
	if err != nil {
		t.Fatal(err)
	}
	if !structured.Equal(got, want) {
		t.Errorf("scanNDJSON:\n%v\nwant\n%v", got, want)
	}
	// One document is one row: an array of records gives rank 2.
	got, err = build(t, (*scanner).ScanDocument, arr)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rank() != 2 {
		t.Errorf("scanDocument of an array: rank %d, want 2", got.Rank())
	}
}

func TestBuilderErrorLine(t *testing.T) {
	nd := "{\"a\":1}\n{\"a\":2}\n\n{\"a\":\"x\"}\n"
	_, err := build(t, (*scanner).ScanNDJSON, nd)
	var re *RecordError
	if !errors.As(err, &re) || re.Line != 4 {
		t.Fatalf("err %v, want a RecordError at line 4", err)
	}
	if !errors.Is(err, structured.ErrSchema) {
		t.Errorf("err %v does not wrap ErrSchema", err)
	}
	if !strings.HasPrefix(err.Error(), "json: record at line 4 (offset 17): ") || !strings.Contains(err.Error(), "field a") {
		t.Errorf("message %q", err)
	}
	_, err = build(t, (*scanner).ScanArray, "[{\"a\":1},\n {\"a\":[1]}]")
	if !errors.As(err, &re) || re.Line != 2 {
		t.Fatalf("err %v, want a RecordError at line 2", err)
	}
}

// TestDuplicateKey: a key twice in one object is valid syntax, and an error of
// the Builder naming the field and the row.
func TestDuplicateKey(t *testing.T) {
	_, err := build(t, (*scanner).ScanNDJSON, "{\"a\":1}\n{\"a\":1,\"a\":2}\n")
	var re *RecordError
	if !errors.As(err, &re) || re.Line != 2 || !strings.Contains(err.Error(), "field a") {
		t.Fatalf("err %v, want a RecordError at line 2 naming field a", err)
	}
}

func TestScanValuePos(t *testing.T) {
	in := []byte(`  {"a":1} [2] "x"`)
	s := newScanner(nopEvents{})
	var ends []int
	for pos := 0; ; {
		p, err := s.ScanValue(in, pos)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || p != len(in) {
				t.Fatalf("at %d: %v", pos, err)
			}
			break
		}
		ends = append(ends, p)
		pos = p
	}
	if len(ends) != 3 || ends[0] != 9 || ends[1] != 13 || ends[2] != 17 {
		t.Errorf("ends %v, want [9 13 17]", ends)
	}
}

// TestNoAllocPlainStrings: strings without escapes are passed as slices of the
// input, escaped ones decoded into one reused buffer.
func TestNoAllocPlainStrings(t *testing.T) {
	in := []byte(`{"a":"plain","b":["x\ny","\u00e9",12.5e3,true,null]}`)
	s := newScanner(nopEvents{})
	if err := s.ScanDocument(in); err != nil { // warms the scratch buffer
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _ = s.ScanDocument(in) }); n != 0 {
		t.Errorf("%v allocations per scan, want 0", n)
	}
}

func FuzzScan(f *testing.F) {
	for _, c := range conformance {
		if len(c.in) < 1000 {
			f.Add([]byte(c.in))
		}
	}
	f.Add([]byte(`[{"a":1,"b":[1,2]},{"a":2.5,"c":{"d":"x"}},null]`))
	f.Add([]byte("{\"a\":1}\n{\"b\":\"\\ud800\"}\r\n\n{\"a\":[{\"x\":true}]}\n"))
	f.Add([]byte(`[{"a":1},{"a":"x"}]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		s := newScanner(nopEvents{})
		err := s.ScanDocument(in)
		_ = s.ScanNDJSON(in)
		_ = s.ScanArray(in)
		_, _ = s.ScanValue(in, 0)
		valid := stdjson.Valid(in)
		if !utf8.Valid(in) {
			if err == nil {
				t.Fatalf("invalid UTF-8 accepted: %q", in)
			}
			return
		}
		if valid != (err == nil) {
			t.Fatalf("encoding/json.Valid = %v, scanner err = %v, input %q", valid, err, in)
		}
		if valid {
			var v any
			d := stdjson.NewDecoder(bytes.NewReader(in))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			if rows, ok := v.([]any); ok && objects(rows) {
				compare(t, in, rows, (*scanner).ScanArray)
			}
			return
		}
		// NDJSON of objects.
		var rows []any
		for line := range bytes.SplitSeq(in, []byte{'\n'}) {
			if len(bytes.Trim(line, " \t\r")) == 0 {
				continue
			}
			if !stdjson.Valid(line) {
				return
			}
			var v any
			d := stdjson.NewDecoder(bytes.NewReader(line))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, v)
		}
		if len(rows) > 0 && objects(rows) {
			compare(t, in, rows, (*scanner).ScanNDJSON)
		}
	})
}

func objects(rows []any) bool {
	for _, r := range rows {
		if _, ok := r.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// compare checks that scanning in builds the Tensor FromValue builds from
// rows, where both succeed.
func compare(t *testing.T, in []byte, rows []any, scan func(*scanner, []byte) error) {
	b, err := structured.NewBuilder(nil)
	if err != nil {
		t.Fatal(err)
	}
	var got *structured.Tensor
	if err = scan(newScanner(b), in); err == nil {
		got, err = b.Finish()
	}
	want, werr := structured.FromValue(rows)
	var se *SyntaxError
	if errors.As(err, &se) {
		t.Fatalf("valid input %q: %v", in, err)
	}
	if err != nil && werr == nil && strings.Contains(err.Error(), "key given twice") {
		// A key twice in one object: encoding/json keeps the last
		// value, the Builder refuses the record (RFC 8259 §4 leaves
		// duplicate names to the reader). Compare only where both agree.
		return
	}
	if (err == nil) != (werr == nil) {
		t.Fatalf("input %q: scanner %v, FromValue %v", in, err, werr)
	}
	if err != nil {
		return
	}
	if !structured.Equal(got, want) {
		t.Fatalf("input %q:\nscanner\n%v\nFromValue\n%v", in, got, want)
	}
}

const recipes = "/tmp/benchdata/recipes.ndjson"

func benchData(b *testing.B) []byte {
	data, err := readPrefix(recipes, 50<<20)
	if err != nil {
		b.Skip(err)
	}
	return data
}

func BenchmarkScanRecipes(b *testing.B) {
	data := benchData(b)
	// The floors of any pass over the bytes, for tokenize (the tokenizer
	// alone) and builder (the whole read on one core) to be judged
	// against: one bytes.IndexByte for a byte the data does not hold
	// (memory bandwidth), and one per line.
	b.Run("floor_indexbyte", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if bytes.IndexByte(data, 0) >= 0 {
				b.Fatal("a zero byte")
			}
		}
	})
	b.Run("floor_lines", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			n := 0
			for j := 0; ; n++ {
				k := bytes.IndexByte(data[j:], '\n')
				if k < 0 {
					break
				}
				j += k + 1
			}
			if n == 0 {
				b.Fatal("no line")
			}
		}
	})
	b.Run("tokenize", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		s := newScanner(nopEvents{})
		for b.Loop() {
			if err := s.ScanNDJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("builder", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			bl, err := structured.NewBuilder(nil)
			if err != nil {
				b.Fatal(err)
			}
			if err := newScanner(bl.Events()).ScanNDJSON(data); err != nil {
				b.Fatal(err)
			}
			if _, err := bl.Finish(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding_json_FromValue", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var rows []any
			for line := range bytes.SplitSeq(data, []byte{'\n'}) {
				if len(line) == 0 {
					continue
				}
				var v any
				d := stdjson.NewDecoder(bytes.NewReader(line))
				d.UseNumber()
				if err := d.Decode(&v); err != nil {
					b.Fatal(err)
				}
				rows = append(rows, v)
			}
			if _, err := structured.FromValue(rows); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// readPrefix reads up to n bytes of the file at path, cut after the last
// whole line.
func readPrefix(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, n)
	m, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	buf = buf[:m]
	if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
		buf = buf[:i+1]
	}
	return buf, nil
}
