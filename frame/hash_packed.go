package frame

import (
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/hugepage"
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
	keys := make([]grpPack, len(vals))
	for k, v := range vals {
		d, isDense := v.(*structured.Dense)
		if !isDense || d.Rank() != 1 {
			return nil, false
		}
		f := dtype.Of(d.DataType())
		kk := grpPack{valid: exprBitsOf(d.Validity())}
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
		if kk.valid == nil {
			kk.lo, kk.bits = grpKeyBitRange(kk.raw, n) // a fast bound first
		} else {
			kk.lo, kk.bits = grpKeyExact(kk.raw, n, kk.valid)
		}
		keys[k] = kk
	}
	total := grpPackedBits(keys)
	if total > 16 {
		// Too wide for the ids: the exact ranges may pack tighter.
		for k, kk := range keys {
			if kk.valid == nil {
				keys[k].lo, keys[k].bits = grpKeyExact(kk.raw, n, nil)
			}
		}
		if total = grpPackedBits(keys); total > 64 {
			return nil, false
		}
	}
	if total <= 16 && 1<<total <= 2*n+1024 {
		// A table of at most 64Ki slots: the keys are packed into the
		// rows' group ids, which grpDirectIDs then overwrites in place.
		ids := hugepage.Filled[int32](n)
		if g, ok := grpDirectPair(ids, keys); ok {
			return g, true
		}
		shift := grpPackAll(ids, keys)
		return grpDirectIDs(ids, uint64(1)<<shift-1), true
	}
	packed := make([]uint64, n)
	shift := grpPackAll(packed, keys)
	if g, ok := grpDirectRange(packed, nil, 0, uint64(1)<<shift-1); ok {
		return g, true // the span is known: no pass to find it
	}
	return grpSingleFixed(packed, nil), true
}

// grpPack is one key column of a packed group-by: its bits, validity and
// range.
type grpPack struct {
	raw   any // []uint8 ... []uint64: the key's bits
	valid []byte
	lo    uint64 // the smallest key among the valid rows
	bits  int    // the bits of the largest key less lo
}

// grpPackAll packs the keys into packed, the first key in the low bits,
// each key's null bit after its bits; it returns the bits used.
func grpPackAll[P int32 | uint64](packed []P, keys []grpPack) int {
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
					packed[i] = packed[i]&^P(mask<<(shift-k.bits)) | P(1)<<shift
				}
			}
			shift++
		}
	}
	return shift
}

// grpDirectIDs is grpDirectRange for keys in [0, span] held in the ids
// slice it returns the groups in: each key is read before its row's id
// is written over it.
func grpDirectIDs(keys []int32, span uint64) *grpGroups {
	slots := make([]int32, span+1) // group id + 1; 0: not seen
	g := &grpGroups{ids: keys}
	for i, k := range keys {
		id := slots[k] - 1
		if id < 0 {
			id = int32(len(g.first))
			slots[k] = id + 1
			g.first = append(g.first, int32(i))
		}
		keys[i] = id
	}
	g.n = len(g.first)
	return g
}

// grpPackedBits is the bits the packed keys take, a null bit included
// for each key with nulls.
func grpPackedBits(keys []grpPack) int {
	total := 0
	for _, k := range keys {
		total += k.bits
		if k.valid != nil {
			total++
		}
	}
	return total
}

// grpKeyBitRange bounds the first n keys of raw ([]uint8 ... []uint64, no
// nulls) by dtype.BitRange: a range of a power of two, found fast.
func grpKeyBitRange(raw any, n int) (lo uint64, width int) {
	switch r := raw.(type) {
	case []uint8:
		return dtype.BitRange(r[:n])
	case []uint16:
		return dtype.BitRange(r[:n])
	case []uint32:
		return dtype.BitRange(r[:n])
	case []uint64:
		return dtype.BitRange(r[:n])
	}
	return 0, 64
}

// grpKeyExact is the smallest of the first n keys of raw among the valid
// rows, and the bits of the largest less it.
func grpKeyExact(raw any, n int, valid []byte) (lo uint64, width int) {
	var hi uint64
	switch r := raw.(type) {
	case []uint8:
		lo, hi = grpKeyRange(r[:n], valid)
	case []uint16:
		lo, hi = grpKeyRange(r[:n], valid)
	case []uint32:
		lo, hi = grpKeyRange(r[:n], valid)
	case []uint64:
		lo, hi = grpKeyRange(r[:n], valid)
	}
	return lo, bits.Len64(hi - lo)
}

// grpKeyRange is the smallest and largest key among the valid rows (0, 0
// when there is none).
func grpKeyRange[T uint8 | uint16 | uint32 | uint64](vals []T, valid []byte) (lo, hi uint64) {
	if len(vals) == 0 {
		return 0, 0
	}
	if valid == nil {
		l, h := vals[0], vals[0]
		for _, x := range vals {
			l, h = min(l, x), max(h, x)
		}
		return uint64(l), uint64(h)
	}
	seen := false
	for i, x := range vals {
		if !bitutil.BitIsSet(valid, i) {
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
func grpPackInto[P int32 | uint64, T uint8 | uint16 | uint32 | uint64](packed []P, vals []T, lo, mask uint64, shift int) {
	vals = vals[:len(packed)]
	for i, x := range vals {
		packed[i] |= P((uint64(x)-lo)&mask) << shift
	}
}

// grpDirectPair numbers the groups of two keys without nulls in one pass
// (grpPackAll then grpDirectIDs make three): each row's two keys are
// packed into a slot of the table and the slot's group id written to ids.
// ok is false for other keys.
func grpDirectPair(ids []int32, keys []grpPack) (*grpGroups, bool) {
	if len(keys) != 2 || keys[0].valid != nil || keys[1].valid != nil {
		return nil, false
	}
	switch a := keys[0].raw.(type) {
	case []uint8:
		return grpDirectPairB(ids, a, keys)
	case []uint16:
		return grpDirectPairB(ids, a, keys)
	case []uint32:
		return grpDirectPairB(ids, a, keys)
	case []uint64:
		return grpDirectPairB(ids, a, keys)
	}
	return nil, false
}

// grpDirectPairB is grpDirectPair once the first key's type is known.
func grpDirectPairB[A uint8 | uint16 | uint32 | uint64](ids []int32, a []A, keys []grpPack) (*grpGroups, bool) {
	switch b := keys[1].raw.(type) {
	case []uint8:
		return grpDirectTwo(ids, a, b, keys[0], keys[1]), true
	case []uint16:
		return grpDirectTwo(ids, a, b, keys[0], keys[1]), true
	case []uint32:
		return grpDirectTwo(ids, a, b, keys[0], keys[1]), true
	case []uint64:
		return grpDirectTwo(ids, a, b, keys[0], keys[1]), true
	}
	return nil, false
}

// grpDirectTwo is the pass of grpDirectPair: the slot of a row is its
// first key less ka.lo in the low ka.bits, its second less kb.lo above.
func grpDirectTwo[A, B uint8 | uint16 | uint32 | uint64](ids []int32, a []A, b []B, ka, kb grpPack) *grpGroups {
	n := len(ids)
	a, b = a[:n], b[:n]
	slots := make([]int32, 1<<(ka.bits+kb.bits)) // group id + 1; 0: not seen
	maskA, maskB := uint64(1)<<ka.bits-1, uint64(1)<<kb.bits-1
	g := &grpGroups{ids: ids}
	for i := range ids {
		k := (uint64(a[i])-ka.lo)&maskA | ((uint64(b[i])-kb.lo)&maskB)<<ka.bits
		id := slots[k] - 1
		if id < 0 {
			id = int32(len(g.first))
			slots[k] = id + 1
			g.first = append(g.first, int32(i))
		}
		ids[i] = id
	}
	g.n = len(g.first)
	return g
}
