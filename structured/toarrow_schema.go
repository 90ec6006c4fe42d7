package structured

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// ToRecordBatchAs converts a rank-1 Tensor to a record batch of the given
// schema, such as the one of the Spec it was built from
// (spec.ArrowSchema()), so that a writer expecting that schema (an Arrow
// IPC writer, a Parquet writer) accepts every batch whatever the splits'
// integer type of each Tensor or the nulls it happens to hold.
//
// The schema names every field of t once, in any order (the batch follows
// the schema's order). Each column is converted as [Tensor.ToRecordBatch]
// converts it, then adapted to the schema's type: list offsets are cast
// between int32 (list) and int64 (large_list) as the schema says (an
// ErrShape error names the field if an int32 cannot hold them), a
// fixed_size_list becomes a list or large_list if asked, struct children
// are matched by name, and the Nullable flags are the schema's: data with
// a null where the schema says non-nullable is an ErrSchema error naming
// the field path. Leaf types must be the schema's (no value conversion:
// ErrSchema), except that a leaf of Arrow type Null (a field that was
// all null where it was inferred) becomes nulls of the schema's type.
// Buffers are shared except the offsets that are cast (and a
// validity bitmap shifted with them).
func (t *Tensor) ToRecordBatchAs(schema *arrow.Schema) (arrow.RecordBatch, error) {
	const op = "ToRecordBatchAs"
	if schema == nil {
		return nil, errorf(op, ErrSchema, "", "the schema is nil")
	}
	if t.rank != 1 {
		return nil, errorf(op, ErrShape, "", "a record batch needs a rank-1 Tensor, got rank %d", t.rank)
	}
	if t.valid.nulls != 0 {
		return nil, errorf(op, ErrType, "", "a record batch cannot hold null rows, and %d of %d rows are null", t.valid.nulls, t.nrows)
	}
	if err := sameNames(op, "", t.names, schema.Fields()); err != nil {
		return nil, err
	}
	cols := make([]arrow.Array, 0, schema.NumFields())
	defer func() {
		for _, c := range cols {
			c.Release()
		}
	}()
	for _, f := range schema.Fields() {
		v := t.field(t.fieldIndex(f.Name))
		data, err := valueData(op, v, 1, f.Name)
		if err != nil {
			return nil, err
		}
		cast, err := castData(op, f.Name, data, f)
		data.Release()
		if err != nil {
			return nil, err
		}
		cols = append(cols, array.MakeFromData(cast))
		cast.Release()
	}
	return array.NewRecordBatch(schema, cols, int64(t.nrows)), nil
}

// ToArrowAs is [Tensor.ToArrow] with the result cast to the Arrow type dt,
// such as a Spec's [Spec.ArrowType], as [Tensor.ToRecordBatchAs] casts
// columns: a struct for rank 1, lists of structs for higher ranks. The
// type's element Nullable flags are checked against the data.
func (t *Tensor) ToArrowAs(dt arrow.DataType) (arrow.Array, error) {
	const op = "ToArrowAs"
	if dt == nil {
		return nil, errorf(op, ErrSchema, "", "the type is nil")
	}
	data, err := valueData(op, t, min(t.rank, 1), "")
	if err != nil {
		return nil, err
	}
	defer data.Release()
	cast, err := castData(op, "", data, arrow.Field{Type: dt, Nullable: true})
	if err != nil {
		return nil, err
	}
	defer cast.Release()
	return array.MakeFromData(cast), nil
}

// sameNames checks that fields name exactly the names, each once.
func sameNames(op, path string, names []string, fields []arrow.Field) error {
	if len(fields) != len(names) {
		return errorf(op, ErrSchema, path, "the schema has %d fields, the data %d (%v)", len(fields), len(names), names)
	}
	seen := make(map[string]bool, len(fields))
	for _, f := range fields {
		found := false
		for _, n := range names {
			found = found || n == f.Name
		}
		if !found || seen[f.Name] {
			return errorf(op, ErrSchema, joinPath(path, f.Name), "the schema's field is not in the data (fields: %v) or is repeated", names)
		}
		seen[f.Name] = true
	}
	return nil
}

// castData returns data (not consumed) as an array of field f's type,
// checking f's nullability. The caller owns the result.
func castData(op, path string, data arrow.ArrayData, f arrow.Field) (arrow.ArrayData, error) {
	if !f.Nullable && data.NullN() != 0 {
		return nil, errorf(op, ErrSchema, path, "%d of %d slots are null, but the schema says not nullable", data.NullN(), data.Len())
	}
	src, dst := data.DataType(), f.Type
	mismatch := func() error {
		return errorf(op, ErrSchema, path, "the data has type %s, the schema %s", src, dst)
	}
	switch dst.ID() {
	case arrow.STRUCT:
		if src.ID() != arrow.STRUCT {
			return nil, mismatch()
		}
		st, dt := src.(*arrow.StructType), dst.(*arrow.StructType)
		names := make([]string, st.NumFields())
		for i, sf := range st.Fields() {
			names[i] = sf.Name
		}
		if err := sameNames(op, path, names, dt.Fields()); err != nil {
			return nil, err
		}
		children := make([]arrow.ArrayData, 0, dt.NumFields())
		defer func() {
			for _, c := range children {
				c.Release()
			}
		}()
		for _, df := range dt.Fields() {
			i, _ := st.FieldIdx(df.Name)
			c, err := castData(op, joinPath(path, df.Name), data.Children()[i], df)
			if err != nil {
				return nil, err
			}
			children = append(children, c)
		}
		return array.NewData(dst, data.Len(), data.Buffers(), children, data.NullN(), data.Offset()), nil
	case arrow.MAP:
		if src.ID() != arrow.MAP {
			return nil, mismatch()
		}
		child, err := castData(op, path+"[]", data.Children()[0], dst.(*arrow.MapType).ElemField())
		if err != nil {
			return nil, err
		}
		defer child.Release()
		return array.NewData(dst, data.Len(), data.Buffers(), []arrow.ArrayData{child}, data.NullN(), data.Offset()), nil
	case arrow.LIST, arrow.LARGE_LIST, arrow.FIXED_SIZE_LIST:
		elem := dst.(arrow.ListLikeType).ElemField()
		epath := path + "[]"
		switch src.ID() {
		case arrow.LIST, arrow.LARGE_LIST, arrow.FIXED_SIZE_LIST:
		default:
			return nil, mismatch()
		}
		if dst.ID() == arrow.FIXED_SIZE_LIST {
			if src.ID() != arrow.FIXED_SIZE_LIST || src.(*arrow.FixedSizeListType).Len() != dst.(*arrow.FixedSizeListType).Len() {
				return nil, mismatch()
			}
			child, err := castData(op, epath, data.Children()[0], elem)
			if err != nil {
				return nil, err
			}
			defer child.Release()
			return array.NewData(dst, data.Len(), data.Buffers(), []arrow.ArrayData{child}, data.NullN(), data.Offset()), nil
		}
		bufs, off, err := castOffsets(op, path, data, dst.ID() == arrow.LARGE_LIST)
		if err != nil {
			return nil, err
		}
		child, err := castData(op, epath, data.Children()[0], elem)
		if err != nil {
			return nil, err
		}
		defer child.Release()
		return array.NewData(dst, data.Len(), bufs, []arrow.ArrayData{child}, data.NullN(), off), nil
	}
	if src.ID() == arrow.NULL && dst.ID() != arrow.NULL { // an all-null field: nulls of the schema's type
		nulls := array.MakeArrayOfNull(goAllocator, dst, data.Len())
		defer nulls.Release()
		out := nulls.Data()
		out.Retain()
		return out, nil
	}
	if !arrow.TypeEqual(src, dst) {
		return nil, mismatch()
	}
	if dict := data.Dictionary(); dict != nil { // a dictionary leaf keeps its dictionary
		return array.NewDataWithDictionary(dst, data.Len(), data.Buffers(), data.NullN(), data.Offset(), dict.(*array.Data)), nil
	}
	return array.NewData(dst, data.Len(), data.Buffers(), nil, data.NullN(), data.Offset()), nil
}

// castOffsets returns the validity and offsets buffers of a list level as
// int64 offsets (wide) or int32 ones, and the array offset: data's own
// buffers when the width already matches, else new offsets from slot 0
// (with the bitmap shifted to bit 0 if needed). A fixed_size_list's
// offsets are computed from its size.
func castOffsets(op, path string, data arrow.ArrayData, wide bool) ([]*memory.Buffer, int, error) {
	n, off := data.Len(), data.Offset()
	var src func(i int) int64 // offset of slot i (0 <= i <= n)
	switch t := data.DataType().(type) {
	case *arrow.ListType:
		if !wide {
			return data.Buffers(), off, nil
		}
		o := arrow.GetOffsets[int32](data, 1)
		src = func(i int) int64 { return int64(o[i]) }
	case *arrow.LargeListType:
		if wide {
			return data.Buffers(), off, nil
		}
		o := arrow.GetOffsets[int64](data, 1)
		src = func(i int) int64 { return o[i] }
	case *arrow.FixedSizeListType:
		size := int64(t.Len())
		src = func(i int) int64 { return (int64(off) + int64(i)) * size }
	}
	var buf *memory.Buffer
	if wide {
		out := make([]int64, n+1)
		for i := range out {
			out[i] = src(i)
		}
		buf = memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(out))
	} else {
		if n > 0 && src(n) > math.MaxInt32 {
			return nil, 0, errorf(op, ErrShape, path, "list offset %d does not fit the int32 offsets of an Arrow list (use large_list)", src(n))
		}
		out := make([]int32, n+1)
		for i := range out {
			out[i] = int32(src(i))
		}
		buf = memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(out))
	}
	bitmap := data.Buffers()[0]
	if data.NullN() != 0 && off != 0 {
		b := make([]byte, bitutil.BytesForBits(int64(n)))
		bitutil.CopyBitmap(bitmap.Bytes(), off, n, b, 0)
		bitmap = memory.NewBufferBytes(b)
	} else if data.NullN() == 0 {
		bitmap = nil
	}
	return []*memory.Buffer{bitmap, buf}, 0, nil
}
