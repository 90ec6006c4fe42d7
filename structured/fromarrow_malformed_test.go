package structured

import (
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestFromArrowMalformedOffsets: Arrow data whose inner list offsets
// leave their items (as a corrupt file decodes to) is an error of the
// conversion, or of Validate after it, never a panic.
func TestFromArrowMalformedOffsets(t *testing.T) {
	mem := memory.NewGoAllocator()
	ib := array.NewInt64Builder(mem)
	ib.AppendValues([]int64{1, 2}, nil)
	items := ib.NewArray()
	defer items.Release()
	st, err := array.NewStructArray([]arrow.Array{items}, []string{"a"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Release()
	for _, offsets := range [][]int32{
		{0, 100, 2},     // a row past the items
		{0, 2, 1},       // a row ending before it starts
		{0, -5, 2},      // a negative offset
		{0, 1, 1 << 30}, // the last past the items
		{1 << 30, 1, 2}, // the first past the items
	} {
		lt := arrow.ListOf(st.DataType())
		data := array.NewData(lt, len(offsets)-1, []*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offsets))}, []arrow.ArrayData{st.Data()}, 0, 0)
		list := array.MakeFromData(data)
		rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "l", Type: lt, Nullable: true}}, nil), []arrow.Array{list}, int64(list.Len()))
		var tensor *Tensor
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("offsets %v: FromRecordBatch panicked: %v", offsets, p)
				}
			}()
			tensor, err = FromRecordBatch(rec)
			if err == nil {
				err = tensor.Validate()
			}
		}()
		if err == nil {
			t.Errorf("offsets %v: converted and validated, want an error", offsets)
		} else if !errors.Is(err, ErrData) && !errors.Is(err, ErrPartition) && !errors.Is(err, ErrShape) {
			t.Errorf("offsets %v: %v, want ErrData, ErrPartition or ErrShape", offsets, err)
		}
		rec.Release()
		list.Release()
		data.Release()
	}
}
