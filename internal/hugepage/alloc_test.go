package hugepage

import (
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
