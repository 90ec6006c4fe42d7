package dtype

import "github.com/apache/arrow-go/v18/arrow"

// Indices returns the indices of a, a dictionary array, as int64: the
// array's own slice when its indices are int64, else a conversion into
// dst (grown as needed). Item i is entry Indices[i] of the dictionary
// (a.Dictionary()); a null item's index is whatever its slot holds. ok
// is false when a is not a dictionary of a leaf type.
func Indices(a arrow.ArrayData, dst []int64) (idx []int64, ok bool) {
	if Of(a.DataType()).Layout != LayoutDict {
		return nil, false
	}
	return Int64s(a, dst) // a dictionary's Storage is its indices'
}
