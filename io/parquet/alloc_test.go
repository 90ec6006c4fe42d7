package parquet

import (
	"bytes"
	"runtime"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/hugepage"
)

// TestReadAllocatorUnmaps: the mappings of a read (buffers grown past
// mapMin by doubling) hold the right values and are all unmapped once
// the Frame is gone.
func TestReadAllocatorUnmaps(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the allocator maps memory of its own on Linux only")
	}
	n := 400_000
	ids := make([]int64, n)
	names := make([]string, n)
	for i := range ids {
		ids[i] = int64(i)
		names[i] = "name"
	}
	f := frame.FromColumns([]string{"id", "name"}, ids, names)
	var b bytes.Buffer
	if err := Write(&b, f, WithRowGroupRows(100_000)); err != nil {
		t.Fatal(err)
	}
	a := hugepage.NewAllocator()
	g, err := Read(bytes.NewReader(b.Bytes()), int64(b.Len()), WithAllocator(a))
	if err != nil {
		t.Fatal(err)
	}
	mapped := hugepage.Mappings(a)
	if mapped == 0 {
		t.Fatal("no buffer was mapped")
	}
	assertFramesEqual(t, "mapped", f, g)
	g = nil
	for i := 0; i < 100; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
		mapped = hugepage.Mappings(a)
		if mapped == 0 {
			break
		}
	}
	if mapped != 0 {
		t.Errorf("%d mappings left", mapped)
	}
	_ = g
}
