package json

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/structured"
)

// onlyReader hides every method of r but Read: a stream that cannot be
// read twice.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

func readBatches(t *testing.T, r *Reader) []*structured.Tensor {
	t.Helper()
	var out []*structured.Tensor
	for r.Next() {
		if r.Frame() == nil || r.Tensor() == nil {
			t.Fatal("Next true with a nil batch")
		}
		out = append(out, r.Tensor())
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestReaderBatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rows := randRows(rng, 257)
	// A key only the last row has: the schema over the whole input must
	// have it in every batch.
	rows = append(rows, map[string]any{"late": "here"})
	whole, err := structured.FromValue(rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, array := range []bool{false, true} {
		in := encodeRows(t, rows, array)
		path := filepath.Join(t.TempDir(), "rows.json")
		if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, batch := range []int{1, 7, 100, 258, 1000} {
			for _, v := range variants {
				r, err := OpenFile(path, append([]Option{WithBatchSize(batch)}, v.opts...)...)
				if err != nil {
					t.Fatal(err)
				}
				bs := readBatches(t, r)
				if err := r.Close(); err != nil {
					t.Fatal(err)
				}
				want := (len(rows) + batch - 1) / batch
				if len(bs) != want {
					t.Fatalf("array=%v batch %d %s: %d batches, want %d", array, batch, v.name, len(bs), want)
				}
				for i, b := range bs {
					if n := min(batch, len(rows)-i*batch); b.NumRows() != n {
						t.Fatalf("array=%v %s batch %d of %d: %d rows, want %d", array, v.name, i, batch, b.NumRows(), n)
					}
					if !b.HasField("late") {
						t.Fatalf("array=%v batch %d %s: batch %d lacks the field only the last row has", array, batch, v.name, i)
					}
				}
				got, err := structured.Concat(0, bs...)
				if err != nil {
					t.Fatal(err)
				}
				if !sameValues(t, got, whole) {
					t.Fatalf("array=%v batch %d %s: the batches joined differ from the whole:\n%v\n%v", array, batch, v.name, got, whole)
				}
			}
		}
	}
}

// sameValues compares as values: batches read against a Spec have every
// field nullable, which the Tensor of one read need not have.
func sameValues(t *testing.T, a, b *structured.Tensor) bool {
	return mustJSON(t, a.ToValue()) == mustJSON(t, b.ToValue())
}

func TestReaderStreamSchemaFromFirstBatch(t *testing.T) {
	in := "{\"a\":1}\n{\"a\":2}\n{\"a\":3,\"b\":\"late\"}\n"
	// A stream that cannot be read twice: the first batch fixes the
	// schema and the late key is an error naming its line.
	r := NewReader(onlyReader{strings.NewReader(in)}, WithBatchSize(2))
	if !r.Next() || r.Tensor().NumRows() != 2 {
		t.Fatalf("first batch: %v %v", r.Tensor(), r.Err())
	}
	if r.Next() {
		t.Fatalf("second batch read: %v", r.Tensor())
	}
	line, _ := errorPosition(r.Err())
	if line != 3 || !strings.Contains(r.Err().Error(), "b") {
		t.Errorf("error %v, want one at line 3 naming b", r.Err())
	}
	// Read from something seekable, the schema is the whole input's.
	r = NewReader(strings.NewReader(in), WithBatchSize(2))
	bs := readBatches(t, r)
	if len(bs) != 2 || !bs[0].HasField("b") {
		t.Errorf("seekable: %d batches, first %v", len(bs), bs[0])
	}
	// Unless asked not to read twice.
	r = NewReader(strings.NewReader(in), WithBatchSize(2), WithSchemaFromFirstBatch(true))
	for r.Next() {
	}
	if r.Err() == nil {
		t.Error("WithSchemaFromFirstBatch: the late key is not an error")
	}
}

// TestFirstBatchFitsOrFails: a batch after the first either fits the
// first batch's schema, giving the values and types a read of the whole
// input gives, or is an error; never a value converted to a type the whole
// input would not have had.
func TestFirstBatchFitsOrFails(t *testing.T) {
	cases := []struct {
		first, later string
		fits         bool
	}{
		{`{"a":1}`, `{"a":2}`, true},
		{`{"a":1.5}`, `{"a":1}`, true},
		{`{"a":1,"b":2}`, `{"a":1}`, true},
		{`{"a":[1,2]}`, `{"a":[1,2,3]}`, true},
		{`{"a":"x"}`, `{"a":1}`, false},  // a number in a string field: the whole input is a conflict
		{`{"a":1}`, `{"a":3.0}`, false},  // the whole input's field is float64
		{`{"a":1}`, `{"a":1.5}`, false},  // likewise
		{`{"a":1}`, `{"a":1e2}`, false},  // likewise
		{`{"a":null}`, `{"a":1}`, false}, // the whole input's is int64
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`{"a":{"x":1}}`, `{"a":{"y":1}}`, false},
		{`{"a":1}`, `{"a":123456789012345678901234}`, false},
		{`{"a":true}`, `{"a":"x"}`, false},
	}
	for _, c := range cases {
		in := c.first + "\n" + c.later + "\n"
		r := NewReader(strings.NewReader(in), WithBatchSize(1), WithSchemaFromFirstBatch(true))
		var got []*structured.Tensor
		for r.Next() {
			got = append(got, r.Tensor())
		}
		if !c.fits {
			if r.Err() == nil {
				t.Errorf("%q: read as %v, want an error", in, got)
			} else if line, _ := errorPosition(r.Err()); line != 2 {
				t.Errorf("%q: error %v, want one at line 2", in, r.Err())
			}
			continue
		}
		whole, err := ReadTensor(strings.NewReader(in))
		if err != nil || r.Err() != nil || len(got) != 2 {
			t.Fatalf("%q: %d batches, %v; whole: %v", in, len(got), r.Err(), err)
		}
		for i, b := range got {
			want, _ := whole.Gather([]int{i}, 0)
			// Types as the whole input's (a batch's fields may be nullable
			// where the whole input has no null).
			if !sameValues(t, b, want) || strings.ReplaceAll(b.Spec().String(), "?", "") != strings.ReplaceAll(want.Spec().String(), "?", "") {
				t.Errorf("%q: batch %d %v (%v), want %v (%v)", in, i, b, b.Spec(), want, want.Spec())
			}
		}
	}
}

func TestReaderEmptyAndAll(t *testing.T) {
	r := NewReader(strings.NewReader("\n  \n"))
	if r.Next() {
		t.Errorf("empty input gave a batch %v", r.Tensor())
	}
	if r.Err() != nil {
		t.Errorf("empty input: %v", r.Err())
	}
	n := 0
	for f, err := range NewReader(strings.NewReader("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n"), WithBatchSize(2)).All() {
		if err != nil {
			t.Fatal(err)
		}
		n += f.NumRows()
	}
	if n != 3 {
		t.Errorf("All: %d rows, want 3", n)
	}
	// An error comes last, with a nil Frame.
	var last error
	for f, err := range NewReader(strings.NewReader("{\"a\":1}\n{\"a\":}\n"), WithBatchSize(1)).All() {
		if err != nil {
			if f != nil {
				t.Error("error with a Frame")
			}
			last = err
		}
	}
	if last == nil {
		t.Error("All: the syntax error was not yielded")
	}
	// Close stops the batches.
	r = NewReader(strings.NewReader("{\"a\":1}\n{\"a\":2}\n"), WithBatchSize(1))
	r.Next()
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if r.Next() {
		t.Error("Next after Close")
	}
}

func TestReadSpec(t *testing.T) {
	spec := mustSpec(t, "var * {a: float64, b: ?string}")
	got, err := ReadTensor(strings.NewReader("{\"a\":1,\"b\":\"x\"}\n{\"a\":2.5}\n"), WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Spec().String(); s != "2 * {a: float64, b: ?string}" {
		t.Errorf("spec %s", s)
	}
	_, err = ReadTensor(strings.NewReader("{\"a\":1}\n{\"a\":\"x\"}\n"), WithSpec(spec))
	if line, _ := errorPosition(err); line != 2 {
		t.Errorf("a value the Spec refuses: %v, want an error at line 2", err)
	}
	if _, err := Read(strings.NewReader("{}"), WithSpec(mustSpec(t, "{a: int64}"))); err == nil {
		t.Error("a rank-0 Spec: no error")
	}
}

func mustSpec(t *testing.T, text string) *structured.Spec {
	t.Helper()
	s, err := structured.ParseSpec(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
