package dtype

import (
	"math/bits"
	"unsafe"
)

// BitRange is a range [lo, lo + 2^width) that holds every value of vals:
// the bits above the highest bit in which two values differ are common
// to all of them, and lo is those bits. It comes from the OR and the AND
// of the values, read eight bytes at a time, several times faster than a
// minimum and maximum, and is at most twice the exact range's width
// rounded up to a power of two, except when the values straddle a high
// power of two (for instance both signs of a signed column read as
// unsigned): callers wanting a short range then compute the exact one.
// An empty vals gives lo 0, width 0.
func BitRange[T uint8 | uint16 | uint32 | uint64](vals []T) (lo uint64, width int) {
	if len(vals) == 0 {
		return 0, 0
	}
	size := int(unsafe.Sizeof(vals[0]))
	nw := len(vals) * size / 8
	or, and := uint64(0), ^uint64(0)
	if nw > 0 {
		words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(vals))), nw)
		var or1, and1 uint64 = 0, ^uint64(0)
		i := 0
		for ; i+2 <= len(words); i += 2 {
			or, and = or|words[i], and&words[i]
			or1, and1 = or1|words[i+1], and1&words[i+1]
		}
		for ; i < len(words); i++ {
			or, and = or|words[i], and&words[i]
		}
		or, and = or|or1, and&and1
		// Fold the lanes of the words into the low lane.
		for w := 32; w >= 8*size; w /= 2 {
			or |= or >> w
			and &= and >> w
		}
		lane := uint64(1)<<(8*size) - 1
		if size == 8 {
			lane = ^uint64(0)
		}
		or, and = or&lane, and&lane
	}
	for _, x := range vals[nw*8/size:] {
		or, and = or|uint64(x), and&uint64(x)
	}
	width = bits.Len64(or ^ and)
	if width == 64 {
		return 0, 64
	}
	return and &^ (uint64(1)<<width - 1), width
}
