package hugepage

import (
	"fmt"
	"os"
	"runtime"
	"testing"
)

// TestAllocator: large buffers hold what is written, survive growth, and
// are given back when freed; small ones are Go memory.
func TestAllocator(t *testing.T) {
	a := NewAllocator()
	small := a.Allocate(100)
	if len(small) != 100 {
		t.Fatalf("small: len %d", len(small))
	}
	b := a.Allocate(3 << 20)
	for i := range b {
		b[i] = byte(i)
	}
	b = a.Reallocate(9<<20, b)
	if len(b) != 9<<20 {
		t.Fatalf("grown: len %d", len(b))
	}
	for i := range 3 << 20 {
		if b[i] != byte(i) {
			t.Fatalf("byte %d lost in growth", i)
		}
	}
	for i := 3 << 20; i < len(b); i++ {
		if b[i] != 0 {
			t.Fatalf("byte %d of the growth is %d, want 0", i, b[i])
		}
	}
	if runtime.GOOS == "linux" && Mappings(a) != 1 {
		t.Errorf("%d mappings, want 1", Mappings(a))
	}
	a.Free(b)
	a.Free(small)
	if n := Mappings(a); n != 0 {
		t.Errorf("%d mappings after Free", n)
	}
}

// TestSparse: a Sparse buffer reads as zeros, takes only the pages
// written, shrinks in place keeping its bytes, and is unmapped when
// released.
func TestSparse(t *testing.T) {
	before := residentBytes()
	b := Sparse(64 << 20)
	buf := b.Buf()
	if grew := residentBytes() - before; runtime.GOOS == "linux" && grew > 16<<20 {
		t.Errorf("64 MiB not written took %d resident bytes", grew)
	}
	if len(buf) < 64<<20 {
		t.Fatalf("len %d", len(buf))
	}
	for i := 0; i < len(buf); i += 1 << 20 {
		if buf[i] != 0 {
			t.Fatalf("byte %d is %d", i, buf[i])
		}
	}
	copy(buf, "kept")
	b.Resize(4)
	if got := string(b.Bytes()); got != "kept" {
		t.Errorf("after shrinking: %q", got)
	}
	if runtime.GOOS == "linux" && SparseMappings() != 1 {
		t.Errorf("%d sparse mappings held, want 1", SparseMappings())
	}
	b.Release()
	if n := SparseMappings(); n != 0 {
		t.Errorf("%d sparse mappings after Release", n)
	}
}

// residentBytes is the process's resident memory (0 where /proc is not).
func residentBytes() int {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	var size, rss int
	fmt.Sscan(string(b), &size, &rss)
	return rss * os.Getpagesize()
}
