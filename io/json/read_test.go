package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/structured"
)

// decodeRows decodes JSON values one after another with encoding/json, the
// reference reading.
func decodeRows(t testing.TB, in string) []any {
	t.Helper()
	d := stdjson.NewDecoder(strings.NewReader(in))
	d.UseNumber()
	var rows []any
	for {
		var v any
		if err := d.Decode(&v); err != nil {
			if err.Error() == "EOF" {
				return rows
			}
			t.Fatalf("encoding/json: %v", err)
		}
		rows = append(rows, v)
	}
}

// variants are the ways a read can cut and spread an input: results must
// not depend on them.
var variants = []struct {
	name string
	opts []Option
}{
	{"serial", []Option{WithParallelism(1)}},
	{"serial-tiny-blocks", []Option{WithParallelism(1), withBlockBytes(1)}},
	{"parallel", []Option{WithParallelism(4)}},
	{"parallel-tiny-blocks", []Option{WithParallelism(4), withBlockBytes(1)}},
	{"parallel-small-blocks", []Option{WithParallelism(3), withBlockBytes(37)}},
}

func TestReadFormats(t *testing.T) {
	cases := []struct {
		name, in string
		format   Format
		rows     string // the rows as a JSON array, for encoding/json
	}{
		{"ndjson", "{\"a\":1,\"b\":[1,2]}\n{\"a\":2.5,\"c\":\"x\"}\n", Auto, `[{"a":1,"b":[1,2]},{"a":2.5,"c":"x"}]`},
		{"ndjson-crlf-blank", "{\"a\":1}\r\n\r\n  \n{\"a\":2}\r\n", Auto, `[{"a":1},{"a":2}]`},
		{"ndjson-no-final-newline", "{\"a\":1}\n{\"a\":2}", NDJSON, `[{"a":1},{"a":2}]`},
		{"array", `[{"a":1},{"a":2,"b":{"x":true}}]`, Auto, `[{"a":1},{"a":2,"b":{"x":true}}]`},
		{"array-spaced", " \n[ {\"a\":[]} ,\n {\"a\":null} ] \n", Auto, `[{"a":[]},{"a":null}]`},
		{"array-empty", `[]`, Auto, `[]`},
		{"array-nested-commas", `[{"s":"a,b]","l":[[1],[2,3]],"o":{"x":{"y":","}}},{"s":"\"],"}]`, Array, `[{"s":"a,b]","l":[[1],[2,3]],"o":{"x":{"y":","}}},{"s":"\"],"}]`},
		{"stream-pretty", "{\n \"a\": 1\n}\n{\"a\": 3}", Auto, `[{"a":1},{"a":3}]`},
		{"stream-concatenated", `{"a":1}{"a":2}`, Auto, `[{"a":1},{"a":2}]`},
		{"document", "{\n \"a\": {\"b\": [1, 2]}\n}\n", Document, `[{"a":{"b":[1,2]}}]`},
		{"absent-null-empty", "{\"l\":[1]}\n{\"l\":[]}\n{\"l\":null}\n{}\n", Auto, `[{"l":[1]},{"l":[]},{"l":null},{}]`},
		{"list-of-records-rows", "[{\"a\":1}]\n[]\n[{\"a\":2},{\"a\":3}]\n", NDJSON, `[[{"a":1}],[],[{"a":2},{"a":3}]]`},
		{"big-int", "{\"n\":123456789012345678901234567890}\n{\"n\":1}\n", Auto, `[{"n":123456789012345678901234567890},{"n":1}]`},
		{"unicode", "{\"k\\u00e9\":\"\\ud83d\\ude00 \u00e9\"}\n", Auto, `[{"k\u00e9":"\ud83d\ude00 \u00e9"}]`},
	}
	for _, c := range cases {
		want, err := structured.FromValue(decodeRows(t, c.rows)[0])
		if err != nil {
			t.Fatalf("%s: FromValue: %v", c.name, err)
		}
		for _, v := range variants {
			got, err := ReadTensor(strings.NewReader(c.in), append([]Option{WithFormat(c.format)}, v.opts...)...)
			if err != nil {
				t.Errorf("%s/%s: %v", c.name, v.name, err)
				continue
			}
			if got.Rank() == 0 {
				// A single value: compare as one row.
				if want.NumRows() != 1 {
					t.Errorf("%s/%s: rank 0 for %d rows", c.name, v.name, want.NumRows())
				}
				continue
			}
			if !got.Equal(want) {
				t.Errorf("%s/%s:\ngot  %v\nwant %v", c.name, v.name, got, want)
			}
		}
	}
}

func TestReadTensorRank0(t *testing.T) {
	for _, in := range []string{`{"a":1,"b":{"c":[1,2]}}`, "{\n\"a\": 1}\n"} {
		got, err := ReadTensor(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if got.Rank() != 0 {
			t.Errorf("ReadTensor(%q): rank %d, want 0", in, got.Rank())
		}
		f, err := Read(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if f.NumRows() != 1 {
			t.Errorf("Read(%q): %d rows, want 1", in, f.NumRows())
		}
	}
	// Two values, or an array of one, are rows.
	for _, in := range []string{"{\"a\":1}\n{\"a\":2}\n", `[{"a":1}]`} {
		got, err := ReadTensor(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if got.Rank() != 1 {
			t.Errorf("ReadTensor(%q): rank %d, want 1", in, got.Rank())
		}
	}
	if _, err := ReadTensor(strings.NewReader(`{"a":1} {"a":2}`), WithFormat(Document)); err == nil {
		t.Error("Document of two values: no error")
	}
}

// errorCases are inputs that must fail the same way however they are cut.
var errorCases = []struct {
	name, in string
	format   Format
	line     int
	offset   int64
	contains string
}{
	{"ndjson-syntax-late", "{\"a\":1}\n{\"a\":2}\n{\"a\":}\n", Auto, 3, 21, "invalid character '}'"},
	{"ndjson-conflict", "{\"a\":1}\n{\"a\":2}\n{\"a\":\"x\"}\n", Auto, 3, 16, "field a: got string at row 2, want int64"},
	{"ndjson-two-values-on-a-line", "{\"a\":1}\n{\"a\":2} {\"a\":3}\n", NDJSON, 2, 16, "after top-level value"},
	{"array-trailing-comma", `[{"a":1},{"a":2},]`, Auto, 1, 17, "looking for beginning of value"},
	{"array-unterminated", `[{"a":1},{"a":2}`, Auto, 1, 16, "unexpected end"},
	{"array-garbage-after", "[{\"a\":1}]\n x", Auto, 2, 11, "after top-level value"},
	{"array-not-array", `{"a":1}`, Array, 1, 0, "looking for beginning of array"},
	{"array-conflict", `[{"a":1},{"a":[1]}]`, Auto, 1, 9, "field a"},
	{"array-missing-comma", `[{"a":1} {"a":2}]`, Auto, 1, 9, "after array element"},
	{"stream-garbage", `{"a":1}{"a":2}x`, Auto, 1, 14, "invalid character 'x'"},
	{"bad-utf8", "{\"a\":\"\xff\"}\n", Auto, 1, 6, "invalid UTF-8"},
}

func TestReadErrors(t *testing.T) {
	for _, c := range errorCases {
		var first string
		for _, v := range variants {
			_, err := Read(strings.NewReader(c.in), append([]Option{WithFormat(c.format)}, v.opts...)...)
			if err == nil {
				t.Errorf("%s/%s: no error", c.name, v.name)
				continue
			}
			if !strings.Contains(err.Error(), c.contains) {
				t.Errorf("%s/%s: error %q does not contain %q", c.name, v.name, err, c.contains)
			}
			line, off := errorPosition(err)
			if line != c.line || off != c.offset {
				t.Errorf("%s/%s: error at line %d offset %d, want line %d offset %d: %v", c.name, v.name, line, off, c.line, c.offset, err)
			}
			if first == "" {
				first = err.Error()
			} else if err.Error() != first {
				t.Errorf("%s/%s: error %q differs from the serial read's %q", c.name, v.name, err, first)
			}
		}
	}
}

func errorPosition(err error) (int, int64) {
	var se *SyntaxError
	var re *RecordError
	switch {
	case errors.As(err, &se):
		return se.Line, se.Offset
	case errors.As(err, &re):
		return re.Line, re.Offset
	}
	return -1, -1
}

// randRows writes n random rows of a nested, ragged, sometimes-null schema
// as JSON values.
func randRows(r *rand.Rand, n int) []any {
	keys := []string{"id", "name", "score", "tags", "addr", "items", "flag", "opt"}
	rows := make([]any, n)
	for i := range rows {
		rec := map[string]any{}
		for _, k := range keys {
			if r.IntN(5) == 0 {
				continue // absent
			}
			if r.IntN(8) == 0 {
				rec[k] = nil
				continue
			}
			switch k {
			case "id":
				rec[k] = stdjson.Number(fmt.Sprint(r.Int64N(1 << 40)))
			case "name":
				rec[k] = randString(r)
			case "score":
				rec[k] = stdjson.Number(fmt.Sprintf("%.3f", r.Float64()*100))
			case "tags":
				tags := make([]any, r.IntN(4))
				for j := range tags {
					tags[j] = randString(r)
				}
				rec[k] = tags
			case "addr":
				rec[k] = map[string]any{"city": randString(r), "zip": stdjson.Number(fmt.Sprint(r.IntN(99999)))}
			case "items":
				items := make([]any, r.IntN(5))
				for j := range items {
					items[j] = map[string]any{"q": stdjson.Number(fmt.Sprint(r.IntN(9))), "v": []any{stdjson.Number("1.5"), stdjson.Number("2")}}
				}
				rec[k] = items
			case "flag":
				rec[k] = r.IntN(2) == 0
			case "opt":
				rec[k] = "x"
			}
		}
		rows[i] = rec
	}
	return rows
}

func randString(r *rand.Rand) string {
	parts := []string{"a", "b,c", "é", "\"q\"", "[x]", "{y}", "\\", "\n", "😀", " "}
	var b strings.Builder
	for range r.IntN(4) {
		b.WriteString(parts[r.IntN(len(parts))])
	}
	return b.String()
}

func encodeRows(t testing.TB, rows []any, array bool) string {
	var b bytes.Buffer
	if array {
		b.WriteString("[\n")
	}
	for i, row := range rows {
		enc, err := stdjson.Marshal(row)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(enc)
		if array && i < len(rows)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	if array {
		b.WriteString("]\n")
	}
	return b.String()
}

// TestReadCutAnywhere: reading random rows gives the Tensor FromValue gives,
// however the input is cut into blocks and spread over goroutines.
func TestReadCutAnywhere(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 30 {
		rows := randRows(r, 1+r.IntN(60))
		want, err := structured.FromValue(rows)
		if err != nil {
			t.Fatal(err)
		}
		for _, array := range []bool{false, true} {
			in := encodeRows(t, rows, array)
			for _, v := range variants {
				got, err := ReadTensor(strings.NewReader(in), v.opts...)
				if err != nil {
					t.Fatalf("trial %d array=%v %s: %v", trial, array, v.name, err)
				}
				if !got.Equal(want) {
					t.Fatalf("trial %d array=%v %s:\ngot  %v\nwant %v", trial, array, v.name, got, want)
				}
			}
		}
	}
}

func TestReadColumns(t *testing.T) {
	in := "{\"a\":1,\"b\":{\"c\":2,\"d\":[{\"bad\":\"skip me but check me\"}]},\"l\":[{\"x\":1,\"y\":2}],\"_index_\":\"r0\"}\n" +
		"{\"a\":2,\"b\":{\"c\":3,\"d\":null},\"l\":[],\"z\":\"ignored\",\"_index_\":\"r1\"}\n"
	cases := []struct {
		cols []string
		want string // rows as JSON
	}{
		{[]string{"a"}, `[{"a":1,"_index_":"r0"},{"a":2,"_index_":"r1"}]`},
		{[]string{"b.c"}, `[{"b":{"c":2},"_index_":"r0"},{"b":{"c":3},"_index_":"r1"}]`},
		{[]string{"l.y", "a"}, `[{"a":1,"l":[{"y":2}],"_index_":"r0"},{"a":2,"l":[],"_index_":"r1"}]`},
		{[]string{"b", "b.c"}, `[{"b":{"c":2,"d":[{"bad":"skip me but check me"}]},"_index_":"r0"},{"b":{"c":3,"d":null},"_index_":"r1"}]`},
		{[]string{"nope"}, `[{"_index_":"r0"},{"_index_":"r1"}]`},
	}
	for _, c := range cases {
		rows := decodeRows(t, c.want)[0].([]any)
		for _, v := range variants {
			got, err := ReadTensor(strings.NewReader(in), append([]Option{WithColumns(c.cols...)}, v.opts...)...)
			if err != nil {
				t.Fatalf("%v/%s: %v", c.cols, v.name, err)
			}
			// Compare values: FromValue sorts the keys of Go maps.
			if gv, wv := mustJSON(t, got.ToValue()), mustJSON(t, rows); gv != wv {
				t.Errorf("%v/%s:\ngot  %s\nwant %s", c.cols, v.name, gv, wv)
			}
		}
	}
	// Skipped values are still checked.
	bad := "{\"a\":1,\"b\":[1,}\n"
	if _, err := Read(strings.NewReader(bad), WithColumns("a")); err == nil {
		t.Error("a syntax error in a skipped value: no error")
	}
	for _, cols := range [][]string{{""}, {"a..b"}, {".a"}} {
		if _, err := Read(strings.NewReader(in), WithColumns(cols...)); err == nil {
			t.Errorf("WithColumns(%q): no error", cols)
		}
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := stdjson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReadFileRanges: a file read in one range per goroutine gives what one
// pass gives, and its errors too.
func TestReadFileRanges(t *testing.T) {
	defer func(n int64) { minRangeBytes = n }(minRangeBytes)
	minRangeBytes = 1
	r := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	for trial := range 20 {
		rows := randRows(r, 1+r.IntN(80))
		in := encodeRows(t, rows, false)
		if trial%5 == 4 {
			in += "{\"id\":\"a string\"}\n" // a conflict in the last range
		}
		path := filepath.Join(dir, fmt.Sprintf("t%d.ndjson", trial))
		if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		want, werr := ReadTensor(strings.NewReader(in), WithParallelism(1))
		for _, workers := range []int{2, 3, 8} {
			got, err := ReadTensorFile(path, WithParallelism(workers))
			if (err == nil) != (werr == nil) {
				t.Fatalf("trial %d, %d ranges: err %v, one pass %v", trial, workers, err, werr)
			}
			if err != nil {
				if !strings.HasSuffix(err.Error(), werr.Error()) {
					t.Fatalf("trial %d: error %q, one pass %q", trial, err, werr)
				}
				continue
			}
			if !got.Equal(want) {
				t.Fatalf("trial %d, %d ranges:\n%v\nwant\n%v", trial, workers, got, want)
			}
			// From memory, from where the reader stands.
			sr := strings.NewReader("garbage\n" + in)
			sr.Seek(int64(len("garbage\n")), io.SeekStart)
			got, err = ReadTensor(sr, WithParallelism(workers))
			if (err == nil) != (werr == nil) || err == nil && !got.Equal(want) {
				t.Fatalf("trial %d, %d ranges in memory: %v (one pass: %v)\n%v\nwant\n%v", trial, workers, err, werr, got, want)
			}
		}
	}
}
