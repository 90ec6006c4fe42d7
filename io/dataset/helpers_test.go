package dataset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/formats"
)

// put writes f to root/rel in the format its extension says.
func put(t testing.TB, root, rel string, f *frame.Frame) string {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	row, err := formats.ByPath(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := row.WriteFile(path, frame.Must(f), newConfig(nil).writeOptions()...); err != nil {
		t.Fatal(err)
	}
	return path
}

// putBytes writes raw bytes to root/rel.
func putBytes(t testing.TB, root, rel, data string) string {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// cols makes a frame of named columns.
func cols(names []string, columns ...any) *frame.Frame {
	return frame.Must(frame.FromColumns(names, columns...))
}

// sameFrame fails t unless got and want hold the same columns (in the same
// order), types, values and nulls.
func sameFrame(t testing.TB, got, want *frame.Frame) {
	t.Helper()
	if got == nil {
		t.Fatalf("got a nil frame, want\n%v", want)
	}
	gt, err := got.Tensor()
	if err != nil {
		t.Fatalf("got an error frame: %v", err)
	}
	wt, err := want.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	if !gt.Equal(wt) || got.Schema().String() != want.Schema().String() || !equalStrings(got.Columns(), want.Columns()) {
		t.Fatalf("got\n%v\nwant\n%v", got, want)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func i64(v int64) *int64     { return &v }
func str(v string) *string   { return &v }
func f64(v float64) *float64 { return &v }
