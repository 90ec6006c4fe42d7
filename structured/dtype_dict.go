package structured

import (
	"encoding/binary"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured/internal/build"
)

// Dictionary leaves (dtype.LayoutDict) keep their dictionary: take
// and masks gather the indices and share it; Concat joins arrays sharing
// one dictionary by their indices, unifies different dictionaries
// (arrow-go's unifier: equal values get one entry) and, for value types
// the unifier does not handle, appends the dictionaries one after the
// other and shifts the indices (an ErrShape error if the indices' type
// cannot address the result). Equal compares dictionary leaves by their
// values, not by their indices.

// dictIndices returns the dictionary index of every item of a, -1 for a
// null item.
func dictIndices(a *array.Dictionary) []int {
	idx := make([]int, a.Len())
	for i := range idx {
		if a.IsNull(i) {
			idx[i] = -1
		} else {
			idx[i] = a.GetValueIndex(i)
		}
	}
	return idx
}

// decodeDictionary returns the items of a dictionary array as a plain
// array of its value type (a copy), nulls kept.
func decodeDictionary(a *array.Dictionary) (arrow.Array, error) {
	return takeArray(a.Dictionary(), dictIndices(a))
}

// concatDictionaries concatenates dictionary arrays of one type by
// appending their dictionaries and shifting each array's indices by the
// sizes of the dictionaries before it.
func concatDictionaries(arrs []arrow.Array) (arrow.Array, error) {
	dt := arrs[0].DataType().(*arrow.DictionaryType)
	dicts := make([]arrow.Array, len(arrs))
	n := 0
	for j, a := range arrs {
		dicts[j] = a.(*array.Dictionary).Dictionary()
		n += a.Len()
	}
	dict, err := array.Concatenate(dicts, goAllocator)
	if err != nil {
		return nil, err
	}
	defer dict.Release()
	width := dt.IndexType.(arrow.FixedWidthDataType).BitWidth() / 8
	limit := uint64(1)<<(8*width) - 1
	if arrow.IsSignedInteger(dt.IndexType.ID()) {
		limit >>= 1
	}
	if width == 8 {
		limit = math.MaxInt64
	}
	if dict.Len() > 0 && uint64(dict.Len()-1) > limit {
		return nil, errorf("Concat", ErrShape, "", "the joined dictionaries have %d entries, more than indices of type %s address", dict.Len(), dt.IndexType)
	}
	out := make([]byte, n*width)
	var vb build.Bitmap
	pos, base := 0, 0
	for j, a := range arrs {
		d := a.(*array.Dictionary)
		for i := 0; i < d.Len(); i++ {
			valid := d.IsValid(i)
			vb.Append(valid)
			if valid {
				putIndex(out[pos*width:], width, uint64(base+d.GetValueIndex(i)))
			}
			pos++
		}
		base += dicts[j].Len()
	}
	valid := bitmapValidity(vb.Finish())
	bufs := []*memory.Buffer{valid.buf, memory.NewBufferBytes(out)}
	data := array.NewDataWithDictionary(dt, n, bufs, valid.nulls, 0, dict.Data().(*array.Data))
	defer data.Release()
	return array.MakeFromData(data), nil
}

// putIndex writes v as a little-endian integer of width bytes.
func putIndex(b []byte, width int, v uint64) {
	switch width {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}
