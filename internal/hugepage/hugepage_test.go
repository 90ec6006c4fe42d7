package hugepage

import (
	"testing"
	"unsafe"
)

func TestMake(t *testing.T) {
	for _, c := range []struct{ n, c int }{{0, 0}, {3, 10}, {0, MinBytes / 8}, {100, 3 * MinBytes / 8}} {
		s := Make[int64](c.n, c.c)
		if len(s) != c.n || cap(s) != c.c {
			t.Errorf("Make(%d, %d): len %d cap %d", c.n, c.c, len(s), cap(s))
		}
		for i, v := range s {
			if v != 0 {
				t.Fatalf("Make(%d, %d)[%d] = %d, want 0", c.n, c.c, i, v)
			}
		}
		// The memory is usable after the advice.
		s = s[:cap(s)]
		for i := range s {
			s[i] = int64(i)
		}
		for i := range s {
			if s[i] != int64(i) {
				t.Fatalf("s[%d] = %d", i, s[i])
			}
		}
	}
}

func TestAdviseUnaligned(t *testing.T) {
	// Sizes and offsets that leave no aligned 2 MiB inside must not fail.
	b := make([]byte, 5<<20)
	for _, off := range []int{0, 1, 4095, 1 << 20} {
		advise(unsafe.Pointer(&b[off]), uintptr(len(b)-off))
		advise(unsafe.Pointer(&b[off]), 1<<20)
	}
	b[len(b)-1] = 1
}

func BenchmarkFill(b *testing.B) {
	const n = 64 << 20
	for _, c := range []struct {
		name string
		make func() []byte
	}{
		{"make", func() []byte { return make([]byte, n) }},
		{"hugepage.Make", func() []byte { return Make[byte](n, n) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(n)
			for b.Loop() {
				s := c.make()
				for i := 0; i < len(s); i += 4096 {
					s[i] = 1
				}
			}
		})
	}
}

// TestFilled: Filled and FilledInParts (whichever way Wanted goes) give n
// zeros that take what is written.
func TestFilled(t *testing.T) {
	for name, filled := range map[string]func(int) []int64{"Filled": Filled[int64], "FilledInParts": FilledInParts[int64]} {
		for _, n := range []int{0, 7, MinBytes / 4 / 8, MinBytes / 8, MinBytes/8 + 3} {
			s := filled(n)
			if len(s) != n {
				t.Fatalf("%s(%d): len %d", name, n, len(s))
			}
			for i := range s {
				if s[i] != 0 {
					t.Fatalf("%s(%d)[%d] = %d, want 0", name, n, i, s[i])
				}
				s[i] = int64(i)
			}
			for i := range s {
				if s[i] != int64(i) {
					t.Fatalf("%s(%d)[%d] = %d after writing", name, n, i, s[i])
				}
			}
		}
	}
}
