package dtype

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
)

// Offsets returns the offsets and data of an array of LayoutOffsets whose
// offsets are O (int32: string, binary; int64: large_string,
// large_binary): len+1 offsets, the array's offset applied, and the whole
// data buffer, so that item i is data[offs[i]:offs[i+1]]. An empty array
// gives the one offset 0 and no data. ok is false for other types. Both
// slices alias the array's buffers: the kernels that loop over the items
// of a column read them without a call per item.
func Offsets[O int32 | int64](a arrow.ArrayData) (offs []O, data []byte, ok bool) {
	f := Of(a.DataType())
	var zero O
	if f.Layout != LayoutOffsets || f.Width != int(unsafe.Sizeof(zero)) {
		return nil, nil, false
	}
	if a.Len() == 0 {
		return []O{0}, nil, true
	}
	return arrow.GetOffsets[O](a, 1), bufData(a.Buffers(), 2), true
}
