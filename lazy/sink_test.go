package lazy_test

import (
	"context"
	"errors"
	"iter"
	"os"
	"path/filepath"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
	"github.com/structframe/structframe/lazy"
)

// failingSource gives two batches, then an error.
type failingSource struct{ countingSource }

func (s *failingSource) Open(ctx context.Context, spec lazy.ScanSpec) (iter.Seq2[*frame.Frame, error], error) {
	batches, err := s.countingSource.Open(ctx, spec)
	if err != nil {
		return nil, err
	}
	return func(yield func(*frame.Frame, error) bool) {
		n := 0
		for b, err := range batches {
			if n++; n > 2 {
				yield(nil, errors.New("the disk is gone"))
				return
			}
			if !yield(b, err) {
				return
			}
		}
	}, nil
}

// TestSinkFiles: each format's Sink writes the query's rows, batch by
// batch, to a file that reads back as the eager result; a query that
// fails leaves what was at the path untouched and no temporary file.
func TestSinkFiles(t *testing.T) {
	ctx := context.Background()
	f := testFrame(300, false, 9)
	want := f.Filter(frame.Col("x").Gt(frame.Lit(10.0))).Select("id", "g", "x")
	q := lazy.Scan(&countingSource{f: f}).Filter(frame.Col("x").Gt(frame.Lit(10.0))).Select("id", "g", "x")
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		sink func(path string, q *lazy.Frame) error
		read func(path string) (*frame.Frame, error)
	}{
		{"x.csv", func(p string, q *lazy.Frame) error { return csv.Sink(ctx, q, p) }, func(p string) (*frame.Frame, error) { return csv.ReadFile(p) }},
		{"x.ndjson", func(p string, q *lazy.Frame) error { return json.Sink(ctx, q, p) }, func(p string) (*frame.Frame, error) { return json.ReadFile(p) }},
		{"x.json", func(p string, q *lazy.Frame) error { return json.Sink(ctx, q, p) }, func(p string) (*frame.Frame, error) { return json.ReadFile(p) }},
		{"x.arrow", func(p string, q *lazy.Frame) error { return ipc.Sink(ctx, q, p) }, func(p string) (*frame.Frame, error) { return ipc.ReadFile(p) }},
		{"x.parquet", func(p string, q *lazy.Frame) error { return parquet.Sink(ctx, q, p) }, func(p string) (*frame.Frame, error) { return parquet.ReadFile(p) }},
	} {
		path := filepath.Join(dir, tc.name)
		if err := tc.sink(path, q); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got, err := tc.read(path)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !lazy.SameRows(t, got, want) {
			t.Errorf("%s reads back\n%v\nwant\n%v", tc.name, got, want)
		}
		// A failing query: the file written before stays as it was.
		before, _ := os.ReadFile(path)
		for _, failing := range []*lazy.Frame{
			q.Select("nosuch"), // before any row
			lazy.Scan(&failingSource{countingSource{f: f}}).Select("id", "g", "x"), // after two batches
		} {
			if err := tc.sink(path, failing); err == nil {
				t.Errorf("%s: a failing query wrote", tc.name)
			}
		}
		if after, _ := os.ReadFile(path); string(after) != string(before) {
			t.Errorf("%s: a failing query changed the file", tc.name)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 5 {
		t.Errorf("%d files in the directory, want the 5 written", len(left))
	}
}
