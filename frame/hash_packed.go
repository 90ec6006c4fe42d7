package frame

import (
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// grpPacked groups by several fixed-width integer, temporal or bool key
// columns whose values fit one uint64 together (a year and a month, a
// date and a flag): each key less its smallest value takes the bits its
// span needs, a null key a set null bit and zero bits, and the words are
// grouped by the fused fixed-width kernel, which is several times faster
// than hashing and comparing the columns one by one (and indexes a table
// directly when the packed span is short: a year and a month take 4 bits
// and a few more). Groups come in the rows' first-seen order, as in the
// general path, and keys compare by their bits, as there. ok is false
// when the keys do not qualify.
func grpPacked(n int, vals []structured.Value) (g *grpGroups, ok bool) {
	if len(vals) < 2 {
		return nil, false
	}
	type key struct {
		raw   any // []uint8 ... []uint64: the key's bits
		valid []byte
		lo    uint64 // the smallest key among the valid rows
		bits  int    // the bits of the largest key less lo
	}
	keys := make([]key, len(vals))
	total := 0
	for k, v := range vals {
		d, isDense := v.(*structured.Dense)
		if !isDense || d.Rank() != 1 {
			return nil, false
		}
		f := dtype.Of(d.DataType())
		kk := key{valid: exprBitsOf(d.Validity())}
		switch {
		case f.Class == dtype.ClassBool:
			bs, err := d.Bools()
			if err != nil {
				return nil, false
			}
			kk.raw = exprBoolBytesOf(bs)
		case !f.Integer() && !f.Temporal():
			return nil, false
		case f.Width == 1:
			kk.raw = exprRaw[uint8](d)
		case f.Width == 2:
			kk.raw = exprRaw[uint16](d)
		case f.Width == 4:
			kk.raw = exprRaw[uint32](d)
		case f.Width == 8:
			kk.raw = exprRaw[uint64](d)
		default:
			return nil, false
		}
		var lo, hi uint64
		switch r := kk.raw.(type) {
		case []uint8:
			lo, hi = grpKeyRange(r[:n], kk.valid)
		case []uint16:
			lo, hi = grpKeyRange(r[:n], kk.valid)
		case []uint32:
			lo, hi = grpKeyRange(r[:n], kk.valid)
		case []uint64:
			lo, hi = grpKeyRange(r[:n], kk.valid)
		}
		kk.lo, kk.bits = lo, bits.Len64(hi-lo)
		total += kk.bits
		if kk.valid != nil {
			total++ // the null bit
		}
		if total > 64 {
			return nil, false
		}
		keys[k] = kk
	}
	packed := make([]uint64, n)
	shift := 0
	for _, k := range keys {
		mask := uint64(1)<<k.bits - 1 // all ones for 64 bits
		switch r := k.raw.(type) {
		case []uint8:
			grpPackInto(packed, r, k.lo, mask, shift)
		case []uint16:
			grpPackInto(packed, r, k.lo, mask, shift)
		case []uint32:
			grpPackInto(packed, r, k.lo, mask, shift)
		case []uint64:
			grpPackInto(packed, r, k.lo, mask, shift)
		}
		shift += k.bits
		if k.valid != nil {
			for i := range packed {
				if !bitutil.BitIsSet(k.valid, i) {
					// Zero bits and the null bit: every null row of the
					// key is one value, whatever its buffer holds.
					packed[i] = packed[i]&^(mask<<(shift-k.bits)) | 1<<shift
				}
			}
			shift++
		}
	}
	if g, ok := grpDirectRange(packed, nil, 0, uint64(1)<<shift-1); ok {
		return g, true // the span is known: no pass to find it
	}
	return grpSingleFixed(packed, nil), true
}

// grpKeyRange is the smallest and largest key among the valid rows (0, 0
// when there is none).
func grpKeyRange[T uint8 | uint16 | uint32 | uint64](vals []T, valid []byte) (lo, hi uint64) {
	seen := false
	for i, x := range vals {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		if !seen {
			lo, hi, seen = uint64(x), uint64(x), true
			continue
		}
		lo, hi = min(lo, uint64(x)), max(hi, uint64(x))
	}
	return lo, hi
}

// grpPackInto ors each row's key less lo, shifted, into packed; mask
// keeps a null row's bits (which may lie outside the valid rows' range)
// inside the key's field, where the caller clears them.
func grpPackInto[T uint8 | uint16 | uint32 | uint64](packed []uint64, vals []T, lo, mask uint64, shift int) {
	vals = vals[:len(packed)]
	for i, x := range vals {
		packed[i] |= (uint64(x) - lo) & mask << shift
	}
}
