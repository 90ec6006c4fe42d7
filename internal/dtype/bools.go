package dtype

import "github.com/apache/arrow-go/v18/arrow"

// BoolBits returns the bit-packed items of a, an array of LayoutBits
// (bool), and the bit of item 0: item i is bitutil.BitIsSet(bits, off+i).
// bits aliases the array's buffer; nil for an empty array.
func BoolBits(a arrow.ArrayData) (bits []byte, off int) {
	if a.Len() == 0 {
		return nil, 0
	}
	return bufData(a.Buffers(), 1), a.Offset()
}
