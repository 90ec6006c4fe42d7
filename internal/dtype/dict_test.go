package dtype

import (
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// TestIndices reads the indices of sliced dictionaries of each index
// width as arrow-go's GetValueIndex does.
func TestIndices(t *testing.T) {
	for _, idx := range []arrow.DataType{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64} {
		dt := &arrow.DictionaryType{IndexType: idx, ValueType: arrow.BinaryTypes.String}
		d := array.NewDictionaryArray(dt, sliced(t, idx, `[0, 2, 1, null, 0, 1]`), sliced(t, arrow.BinaryTypes.String, `["", "x", "y", "z", ""]`))
		got, ok := Indices(d.Data(), nil)
		if !ok || !slices.Equal(got[:2], []int64{2, 1}) || got[3] != 0 {
			t.Errorf("%s: %v %v", idx, got, ok)
		}
		for i := range got {
			if d.IsValid(i) && int(got[i]) != d.GetValueIndex(i) {
				t.Errorf("%s: index %d is %d, arrow says %d", idx, i, got[i], d.GetValueIndex(i))
			}
		}
	}
	if _, ok := Indices(sliced(t, arrow.PrimitiveTypes.Int32, `[1, 2, 3]`).Data(), nil); ok {
		t.Error("int32 read as indices")
	}
}
