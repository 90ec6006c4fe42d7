package structured

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// Equal reports whether t and o hold the same structures: same rank and
// shape (uniform dimensions included), same row partitions and null
// structures, and the same fields (in any order) with equal values.
// Field values are equal when they are of the same kind (dense, ragged or
// structured), dtype and shape, with equal items and nulls; NaN equals NaN.
// A map Tensor ([Tensor.IsMap]) equals only a map Tensor.
func (t *Tensor) Equal(o *Tensor) bool { return Equal(t, o) }

// Equal reports whether two values are equal, as [Tensor.Equal] describes.
func Equal(a, b Value) bool {
	if isNilValue(a) || isNilValue(b) {
		return isNilValue(a) && isNilValue(b)
	}
	switch x := a.(type) {
	case *Dense:
		y, ok := b.(*Dense)
		return ok && x.shape.Equal(y.shape) && arraysEqual(x.values, y.values)
	case *Ragged:
		y, ok := b.(*Ragged)
		return ok && x.nrows == y.nrows && partsEqual(x.parts, y.parts) && arraysEqual(x.values, y.values)
	case *Tensor:
		y, ok := b.(*Tensor)
		if !ok || x.rank != y.rank || x.nrows != y.nrows || x.isMap != y.isMap || len(x.names) != len(y.names) ||
			!partsEqual(x.parts, y.parts) || !validityEqual(x.valid, y.valid, x.Size()) {
			return false
		}
		for i, name := range x.names {
			j := y.fieldIndex(name)
			if j < 0 || !Equal(x.field(i), y.field(j)) {
				return false
			}
		}
		return true
	}
	return false
}

func partsEqual(a, b []*RowPartition) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

func validityEqual(a, b validity, n int) bool {
	if a.nulls != b.nulls {
		return false
	}
	for i := 0; a.nulls != 0 && i < n; i++ {
		if a.isNull(i) != b.isNull(i) {
			return false
		}
	}
	return true
}

// arraysEqual compares two Arrow arrays by type, nulls and values; NaNs
// compare equal to each other, and dictionary arrays compare by their
// values (two dictionary arrays holding the same values with different
// dictionaries are equal).
func arraysEqual(a, b arrow.Array) bool {
	if !arrow.TypeEqual(a.DataType(), b.DataType()) || a.Len() != b.Len() {
		return false
	}
	switch a.DataType().ID() {
	case arrow.DICTIONARY: // by values: the same items may have other indices
		da, errA := decodeDictionary(a.(*array.Dictionary))
		db, errB := decodeDictionary(b.(*array.Dictionary))
		return errA == nil && errB == nil && arraysEqual(da, db)
	case arrow.FLOAT16, arrow.FLOAT32, arrow.FLOAT64:
		return array.ApproxEqual(a, b, array.WithNaNsEqual(true), array.WithAbsTolerance(0))
	}
	return array.Equal(a, b)
}
