package dataset

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/structured"
)

// TestReadKeepsChunks: a dataset of Arrow files of several record
// batches each, under hive partitions, reads as one Frame whose columns
// are still the files' batches (one chunk per batch, as Polars keeps a
// chunked column), not copies joined at once; read whole, a column holds
// every file's rows in order.
func TestReadKeepsChunks(t *testing.T) {
	dir := t.TempDir()
	var want []any
	for y, year := range []string{"2024", "2025"} {
		path := filepath.Join(dir, "year="+year, "part-0.arrow")
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		out, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := ipc.NewWriter(out)
		for b := range 3 {
			var rows []any
			for i := range 4 {
				n := int64(100*y + 10*b + i)
				rows = append(rows, map[string]any{"n": n, "xs": []any{float64(n), 0.5}, "s": map[string]any{"k": n}})
				want = append(want, n)
			}
			if err := w.Write(frame.FromTensor(structured.Must(structured.FromValue(rows)))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
	}
	f, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Columns(); !reflect.DeepEqual(got, []string{"n", "s", "xs", "year"}) {
		t.Fatalf("columns %v", got)
	}
	for _, col := range []string{"n", "xs", "s", "s.k"} {
		chunks, err := f.ColumnChunks(col)
		if err != nil {
			t.Fatal(err)
		}
		if len(chunks) != 6 {
			t.Errorf("column %s: %d chunks, want one per record batch of the two files (6)", col, len(chunks))
		}
	}
	n, err := f.Column("n")
	if err != nil {
		t.Fatal(err)
	}
	if got := n.Value().ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("n = %v, want %v", got, want)
	}
}
