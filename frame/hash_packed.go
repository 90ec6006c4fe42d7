package frame

import (
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// grpPacked groups by several fixed-width integer, temporal or bool key
// columns whose bits fit one uint64 together (a year and a month, a
// date and a flag): each row's keys are packed into one word, a null key
// as a set null bit and zero bits, and the words grouped by the fused
// fixed-width kernel, which is several times faster than hashing and
// comparing the columns one by one. Groups come in the rows' first-seen
// order, as in the general path, and keys compare by their bits, as
// there. ok is false when the keys do not qualify.
func grpPacked(n int, vals []structured.Value) (g *grpGroups, ok bool) {
	if len(vals) < 2 {
		return nil, false
	}
	type key struct {
		d     *structured.Dense
		width int // bytes
		valid []byte
	}
	keys := make([]key, len(vals))
	bits := 0
	for k, v := range vals {
		d, isDense := v.(*structured.Dense)
		if !isDense || d.Rank() != 1 {
			return nil, false
		}
		f := dtype.Of(d.DataType())
		width := f.Width
		if f.Class == dtype.ClassBool {
			width = 1 // packed from its bools, a byte each
		} else if !f.Integer() && !f.Temporal() {
			return nil, false
		}
		if width < 1 || width > 8 {
			return nil, false
		}
		keys[k] = key{d: d, width: width, valid: exprBitsOf(d.Validity())}
		bits += 8 * width
		if keys[k].valid != nil {
			bits++ // the null bit
		}
	}
	if bits > 64 {
		return nil, false
	}
	packed := make([]uint64, n)
	shift := 0
	for _, k := range keys {
		switch k.width {
		case 1:
			if dtype.Of(k.d.DataType()).Class == dtype.ClassBool {
				bs, err := k.d.Bools()
				if err != nil {
					return nil, false
				}
				grpPackInto(packed, exprBoolBytesOf(bs), shift)
			} else {
				grpPackInto(packed, exprRaw[uint8](k.d), shift)
			}
		case 2:
			grpPackInto(packed, exprRaw[uint16](k.d), shift)
		case 4:
			grpPackInto(packed, exprRaw[uint32](k.d), shift)
		case 8:
			grpPackInto(packed, exprRaw[uint64](k.d), shift)
		default:
			return nil, false
		}
		shift += 8 * k.width
		if k.valid != nil {
			mask := uint64(1)<<(8*k.width) - 1
			if k.width == 8 {
				mask = ^uint64(0)
			}
			for i := range packed {
				if !bitutil.BitIsSet(k.valid, i) {
					// Zero bits and the null bit: every null row of the
					// key is one value, whatever its buffer holds.
					packed[i] = packed[i]&^(mask<<(shift-8*k.width)) | 1<<shift
				}
			}
			shift++
		}
	}
	return grpSingleFixed(packed, nil), true
}

// grpPackInto ors each row's key, shifted, into packed.
func grpPackInto[T uint8 | uint16 | uint32 | uint64](packed []uint64, vals []T, shift int) {
	vals = vals[:len(packed)]
	for i, x := range vals {
		packed[i] |= uint64(x) << shift
	}
}
