package json

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/structframe/structframe/internal/compresstest"
)

// TestLongStringMemory: one string value of 32 MiB is read with about
// twice its size allocated in all, the input's buffer and the column,
// whichever way it is read: detect does not read the whole line to tell
// its format, the splitter reads a row longer than a block into one
// buffer sized from the input's size instead of doubling, and a batch
// Reader does not size its columns for a batch of such rows (it asked
// for 64 times the row before). A stream of unknown size still doubles.
func TestLongStringMemory(t *testing.T) {
	const n = 32 << 20
	data := make([]byte, 0, n+16)
	data = append(data, `{"s":"`...)
	data = append(data, bytes.Repeat([]byte{'a'}, n)...)
	data = append(data, "\"}\n"...)
	path := filepath.Join(t.TempDir(), "long.ndjson")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	gz := filepath.Join(t.TempDir(), "long.ndjson.gz")
	if err := os.WriteFile(gz, compresstest.Gzip(t, data), 0o644); err != nil {
		t.Fatal(err)
	}
	batches := func(r *Reader) error {
		defer r.Close()
		for r.Next() {
		}
		return r.Err()
	}
	tests := []struct {
		name  string
		read  func() error
		limit float64 // bytes allocated, in multiples of the string's
	}{
		{"ReadFile", func() error { _, err := ReadFile(path); return err }, 2.3},
		{"ReadFile, one goroutine", func() error { _, err := ReadFile(path, WithParallelism(1)); return err }, 2.3},
		{"Read of a bytes.Reader", func() error { _, err := Read(bytes.NewReader(data), WithParallelism(1)); return err }, 2.3},
		{"ReadFile of gzip", func() error { _, err := ReadFile(gz); return err }, 2.4},
		{"OpenFile (two passes)", func() error {
			r, err := OpenFile(path)
			if err != nil {
				return err
			}
			return batches(r)
		}, 4.6},
		{"NewReader of a stream (first batch's schema)", func() error {
			return batches(NewReader(io.MultiReader(bytes.NewReader(data))))
		}, 6},
	}
	for _, tt := range tests {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if err := tt.read(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		runtime.ReadMemStats(&after)
		got := float64(after.TotalAlloc-before.TotalAlloc) / n
		t.Logf("%s: %.2fx the string allocated", tt.name, got)
		if got > tt.limit {
			t.Errorf("%s: %.2fx the string allocated, want at most %.1fx", tt.name, got, tt.limit)
		}
	}
}
