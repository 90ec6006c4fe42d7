package structured

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// A map Tensor ([Tensor.IsMap]) is written as an Arrow map<K, V>: its
// innermost partition gives the map level (int32 offsets, as Arrow's map
// type has), its struct of {key, value} the entries.

// mapType is the Arrow map type of entries with the given struct fields.
func mapType(op, path string, fields []arrow.Field) (*arrow.MapType, error) {
	if len(fields) != 2 || fields[0].Name != "key" || fields[1].Name != "value" {
		return nil, errorf(op, ErrSchema, path, "a map has the fields key and value, not %d fields", len(fields))
	}
	return arrow.MapOf(fields[0].Type, fields[1].Type), nil
}

// mapData wraps entries, the struct data of a map Tensor's {key, value}
// entries (whose reference it takes over), in the map level of partition
// p.
func mapData(op, path string, entries arrow.ArrayData, p *RowPartition) (arrow.ArrayData, error) {
	defer entries.Release()
	st := entries.DataType().(*arrow.StructType)
	mt, err := mapType(op, path, st.Fields())
	if err != nil {
		return nil, err
	}
	if entries.NullN() > 0 {
		return nil, errorf(op, ErrSchema, path, "a map entry is null; Arrow maps have no null entries")
	}
	if keys := entries.Children()[0]; keys.NullN() > 0 {
		return nil, errorf(op, ErrSchema, path+".key", "a map key is null; Arrow maps have no null keys")
	}
	// The entries as Arrow's map type names them (key not nullable).
	elem := array.NewData(mt.Elem(), entries.Len(), entries.Buffers(), entries.Children(), 0, entries.Offset())
	defer elem.Release()
	var offsets *memory.Buffer
	var bitmap *memory.Buffer
	off := 0
	if s32, ok := p.RowSplits32(); ok {
		bitmap, offsets, off = listBuffers(arrow.Int32Traits.CastToBytes(s32), arrow.Int32SizeBytes, p)
	} else {
		splits := p.RowSplits()
		o32 := make([]int32, len(splits))
		for i, s := range splits {
			if s > math.MaxInt32 {
				return nil, errorf(op, ErrShape, path, "a map's entries pass 2^31, beyond Arrow's map offsets")
			}
			o32[i] = int32(s)
		}
		bitmap, offsets = bitmapAt0(p.valid, p.nrows), memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(o32))
	}
	return array.NewData(mt, p.nrows, []*memory.Buffer{bitmap, offsets}, []arrow.ArrayData{elem}, p.valid.nulls, off), nil
}
