package json_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

// TestWriteTruncatedMappedFile: writing JSON from a frame over a mapped
// Arrow file that another process truncated reads pages that are gone,
// on this goroutine and on the writer's own. The writer's goroutines
// turn the fault into an error, and a caller that opted in (with
// debug.SetPanicOnFault, here through fault.Run) gets it as an error
// too: the process survives, whichever goroutine touched the page first.
func TestWriteTruncatedMappedFile(t *testing.T) {
	rows := make([]any, 40000)
	for i := range rows {
		rows[i] = map[string]any{"id": int64(i), "name": fmt.Sprintf("row %d of the file", i)}
	}
	df := frame.FromTensor(structured.Must(structured.FromValue(rows)))
	path := filepath.Join(t.TempDir(), "t.arrow")
	// Truncated to 0 or 4096 bytes, the first row faults, on this
	// goroutine; without its last 300 KB (the names' bytes), only later
	// rows fault, on the writer's goroutines.
	truncations := []func(size int64) int64{
		func(int64) int64 { return 0 },
		func(int64) int64 { return 4096 },
		func(size int64) int64 { return (size - 300<<10) &^ 4095 },
	}
	for _, truncated := range truncations {
		writeArrow(t, path, df)
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		size := truncated(st.Size())
		f, err := ipc.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, size); err != nil {
			t.Fatal(err)
		}
		err = fault.Run(func() error { return json.Write(io.Discard, f, json.WithFormat(json.NDJSON)) })
		var fe *fault.Error
		if !errors.As(err, &fe) {
			t.Errorf("truncated to %d bytes: Write = %v, want a memory fault", size, err)
		}
	}
}

func writeArrow(t *testing.T, path string, df *frame.Frame) {
	t.Helper()
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := ipc.Write(out, df); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
