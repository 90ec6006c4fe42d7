package ipc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/fault"
	sfjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

// bigFile writes rows rows of strings and lists, in batches of batch
// rows, to an Arrow file spanning many pages.
func bigFile(t *testing.T, rows, batch int) string {
	t.Helper()
	recs := make([]any, rows)
	for i := range recs {
		recs[i] = map[string]any{"s": fmt.Sprintf("row %d %s", i, strings.Repeat("x", i%50)), "l": []any{int64(i), int64(i + 1)}}
	}
	f := frame.FromTensor(structured.Must(structured.FromValue(recs)))
	path := filepath.Join(t.TempDir(), "big.arrow")
	if err := WriteFile(path, f, WithBatchSize(batch)); err != nil {
		t.Fatal(err)
	}
	return path
}

// readAllJSON writes f as JSON, reading every value.
func readAllJSON(f *frame.Frame) ([]byte, error) {
	var b bytes.Buffer
	err := sfjson.Write(&b, f)
	return b.Bytes(), err
}

// TestMappedTruncated: what ReadFile's doc says of a mapped file
// truncated under a Frame. A goroutine that set debug.SetPanicOnFault
// recovers the fault as a panic with an address (without it the process
// would die of SIGBUS); a Frame read WithMmap(false) is a copy and reads
// as before; a Reader whose file is truncated between batches returns a
// fault error naming the file from Next, and the process lives on.
func TestMappedTruncated(t *testing.T) {
	t.Run("caller's goroutine with SetPanicOnFault", func(t *testing.T) {
		path := bigFile(t, 20000, 0)
		f, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, 0); err != nil {
			t.Fatal(err)
		}
		done := make(chan any)
		go func() {
			defer func() { done <- recover() }()
			debug.SetPanicOnFault(true)
			tn, err := f.Tensor()
			if err == nil {
				_ = tn.ToValue() // reads every value, on this goroutine
			}
		}()
		p := <-done
		if _, ok := fault.AsError(p); !ok {
			t.Fatalf("recovered %v (%T), want a memory fault", p, p)
		}
		if _, ok := p.(runtime.Error); !ok {
			t.Fatalf("recovered %T, want a runtime.Error", p)
		}
	})
	t.Run("WithMmap(false) copies", func(t *testing.T) {
		path := bigFile(t, 20000, 0)
		f, err := ReadFile(path, WithMmap(false))
		if err != nil {
			t.Fatal(err)
		}
		before, err := readAllJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, 0); err != nil {
			t.Fatal(err)
		}
		after, err := readAllJSON(f)
		if err != nil || !bytes.Equal(before, after) {
			t.Fatalf("after truncation: %v, %d bytes of JSON, want the %d read before", err, len(after), len(before))
		}
	})
	t.Run("Reader.Next after truncation", func(t *testing.T) {
		path := bigFile(t, 20000, 1000)
		r, err := OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if !r.Next() {
			t.Fatal(r.Err())
		}
		if err := os.Truncate(path, 0); err != nil {
			t.Fatal(err)
		}
		for r.Next() {
		}
		var fe *FaultError
		if err := r.Err(); !errors.As(err, &fe) || !strings.Contains(err.Error(), path) {
			t.Fatalf("Next after truncation: %v, want a fault naming %s", err, path)
		}
	})
}
