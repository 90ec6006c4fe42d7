package dtype

import (
	"math/rand/v2"
	"testing"
)

// bitRangeHolds checks that [lo, lo+2^width) holds every value and that
// the width is no wider than the bits in which the extremes differ.
func bitRangeHolds[T uint8 | uint16 | uint32 | uint64](t *testing.T, name string, vals []T) {
	t.Helper()
	lo, width := BitRange(vals)
	if len(vals) == 0 {
		if lo != 0 || width != 0 {
			t.Errorf("%s: empty gave %d, %d", name, lo, width)
		}
		return
	}
	mn, mx := vals[0], vals[0]
	for _, x := range vals {
		mn, mx = min(mn, x), max(mx, x)
		if uint64(x) < lo || (width < 64 && uint64(x)-lo >= uint64(1)<<width) {
			t.Fatalf("%s: %d outside [%d, %d+2^%d)", name, x, lo, lo, width)
		}
	}
	// The exact bound: the highest bit in which min and max differ.
	exact := 0
	for d := uint64(mn) ^ uint64(mx); d != 0; d >>= 1 {
		exact++
	}
	if width != exact {
		t.Errorf("%s: width %d, the extremes differ in %d bits", name, width, exact)
	}
}

func TestBitRange(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 3, 7, 8, 9, 15, 16, 17, 100, 1001} {
		u8 := make([]uint8, n)
		u16 := make([]uint16, n)
		u32 := make([]uint32, n)
		u64 := make([]uint64, n)
		for i := range n {
			u8[i] = uint8(3 + r.IntN(12))
			u16[i] = uint16(40000 + r.IntN(300))
			u32[i] = uint32(2020 + r.IntN(5))
			u64[i] = uint64(1<<40 + r.IntN(1<<20))
		}
		if n > 4 {
			// An extreme only in the tail, past the whole words.
			u8[n-1], u16[n-1], u32[n-1], u64[n-1] = 200, 1, 1<<31, 1<<63
		}
		bitRangeHolds(t, "uint8", u8)
		bitRangeHolds(t, "uint16", u16)
		bitRangeHolds(t, "uint32", u32)
		bitRangeHolds(t, "uint64", u64)
		if n > 2 {
			// Sliced: not starting on a word.
			bitRangeHolds(t, "uint8[1:]", u8[1:])
			bitRangeHolds(t, "uint32[1:]", u32[1:])
		}
	}
	if lo, w := BitRange([]uint32{2020, 2024}); lo != 2016 || w != 4 {
		t.Errorf("2020..2024: lo %d width %d, want 2016, 4", lo, w)
	}
	if lo, w := BitRange([]uint64{0, 1 << 63}); lo != 0 || w != 64 {
		t.Errorf("full width: lo %d width %d", lo, w)
	}
}

func BenchmarkBitRange(b *testing.B) {
	vals := make([]uint8, 1<<20)
	for i := range vals {
		vals[i] = uint8(1 + i%12)
	}
	b.SetBytes(int64(len(vals)))
	for b.Loop() {
		BitRange(vals)
	}
}
