package dtype

import "github.com/apache/arrow-go/v18/arrow"

// Offsets returns, for an array of LayoutOffsets whose offsets are O
// (int32, or int64 when Large), its len+1 offsets (the array's offset
// applied) and its whole data buffer: item i is data[offs[i]:offs[i+1]].
// Both alias the array's buffers. It returns nil, nil for an empty array.
// It is the hot path under [Bytes]: a loop over the items reads them
// without a call per item.
func Offsets[O int32 | int64](a arrow.ArrayData) (offs []O, data []byte) {
	if a.Len() == 0 {
		return nil, nil
	}
	return arrow.GetOffsets[O](a, 1), bufData(a.Buffers(), 2)
}
