package structured

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// ToArrow converts the Tensor to an Arrow array without copying its data.
//
// A rank-1 Tensor becomes a struct array with one slot per structure (null
// structures are null slots); a Tensor of rank r >= 2 becomes r-1 levels of
// list arrays around a struct array of its flat structures, one level per
// row partition: list for int32 splits, large_list for int64 splits,
// fixed_size_list for a uniform partition, null lists as null slots. A
// rank-0 Tensor becomes a struct array of length 1. Fields map the same
// way, recursively: a dense leaf of a rank-1 Tensor is its plain array, a
// dense [n, 6] leaf a fixed_size_list<6>, a ragged leaf one list level per
// partition of its own dimensions, a nested Tensor a struct (or lists of
// structs when its rank exceeds its parent's). [ArrowType] gives the result
// type without converting.
//
// Shared, not copied: the leaf arrays (a leaf's array data is the child
// data as is), the row splits (a partition [FromArrow] aliased to an Arrow
// offsets buffer hands that very buffer back, at the same array offset;
// other splits are wrapped in place by memory.NewBufferBytes) and the
// validity bitmaps. Copied: a validity bitmap that does not start at bit 0
// and cannot be given an array offset, as that of a sliced struct or
// fixed_size_list (n/8 bytes for n slots), the offsets of a uniform
// dimension of length 0, which Arrow's fixed_size_list cannot express and
// which becomes a list of empty lists, and the splits of a partition that
// views a window of its splits not starting at 0 (a sliced Tensor: slicing
// is O(1) and defers this rebase, O(rows), to export). The cost is
// O(fields + partitions), independent of the number of rows otherwise.
//
// The result shares memory with the Tensor: do not modify it. It is owned
// by the caller, who must Release it; releasing it never frees memory the
// Tensor still uses, and the memory stays valid while the result is
// reachable, after the Tensor is gone too. Every Arrow field is marked nullable. Leaves of other
// Arrow types than those [FromArrow] accepts give an ErrType error naming
// the field path.
func (t *Tensor) ToArrow() (arrow.Array, error) {
	data, err := valueData("ToArrow", t, min(t.rank, 1), "")
	if err != nil {
		return nil, err
	}
	defer data.Release()
	return array.MakeFromData(data), nil
}

// ToRecordBatch converts a rank-1 Tensor to an Arrow record batch, one
// column per field in order, without copying data: the columns are built as
// [Tensor.ToArrow] builds the struct's children, and the schema is
// [Tensor.ArrowSchema]. A record batch has no row validity, so a Tensor
// with null structures gives an error (use ToArrow, whose struct array
// keeps them), as does a Tensor of another rank. The batch is owned by the
// caller, who must Release it.
func (t *Tensor) ToRecordBatch() (arrow.RecordBatch, error) {
	const op = "ToRecordBatch"
	if t.rank != 1 {
		return nil, errorf(op, ErrShape, "", "a record batch needs a rank-1 Tensor, got rank %d", t.rank)
	}
	if t.valid.nulls != 0 {
		return nil, errorf(op, ErrType, "", "a record batch cannot hold null rows, and %d of %d rows are null (ToArrow keeps them)", t.valid.nulls, t.nrows)
	}
	cols := make([]arrow.Array, len(t.fields))
	fields := make([]arrow.Field, len(t.fields))
	defer func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, f := range t.fieldValues() {
		data, err := valueData(op, f, 1, t.names[i])
		if err != nil {
			return nil, err
		}
		cols[i] = array.MakeFromData(data)
		data.Release()
		fields[i] = arrow.Field{Name: t.names[i], Type: cols[i].DataType(), Nullable: true}
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(t.nrows)), nil
}

// valueData builds the Arrow array data of v's slots as a field of a parent
// of the given rank (see valueType). The caller owns the returned data.
func valueData(op string, v Value, rank int, path string) (arrow.ArrayData, error) {
	var data arrow.ArrayData
	var own []*RowPartition
	switch x := v.(type) {
	case *Tensor:
		d, err := structData(op, x, path)
		if err != nil {
			return nil, err
		}
		data, own = d, ownParts(x.nrows, x.parts, rank)
		if x.isMap && len(own) > 0 {
			if data, err = mapData(op, path, data, own[len(own)-1]); err != nil {
				return nil, err
			}
			own = own[:len(own)-1]
		}
	case Leaf:
		values, nrows, parts := leafLayout(x)
		if err := checkLeafType(op, path, values.DataType()); err != nil {
			return nil, err
		}
		data, own = values.Data(), ownParts(nrows, parts, rank)
		data.Retain()
	default:
		return nil, errorf(op, ErrType, path, "unknown value kind %T", v)
	}
	for i := len(own) - 1; i >= 0; i-- {
		var err error
		if data, err = listData(op, path, data, own[i]); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// structData builds the struct array data over t's flat structures.
func structData(op string, t *Tensor, path string) (arrow.ArrayData, error) {
	children := make([]arrow.ArrayData, len(t.fields))
	fields := make([]arrow.Field, len(t.fields))
	defer func() {
		for _, c := range children {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, f := range t.fieldValues() {
		c, err := valueData(op, f, t.rank, joinPath(path, t.names[i]))
		if err != nil {
			return nil, err
		}
		children[i] = c
		fields[i] = arrow.Field{Name: t.names[i], Type: c.DataType(), Nullable: true}
	}
	n := t.Size()
	bufs := []*memory.Buffer{bitmapAt0(t.valid, n)}
	return array.NewData(arrow.StructOf(fields...), n, bufs, children, t.valid.nulls, 0), nil
}

// listData wraps child (whose reference it takes over) in the list level of
// partition p.
func listData(op, path string, child arrow.ArrayData, p *RowPartition) (arrow.ArrayData, error) {
	defer child.Release()
	typ, err := listType(op, path, child.DataType(), p)
	if err != nil {
		return nil, err
	}
	children := []arrow.ArrayData{child}
	switch {
	case p.uniform > 0:
		bufs := []*memory.Buffer{bitmapAt0(p.valid, p.nrows)}
		return array.NewData(typ, p.nrows, bufs, children, p.valid.nulls, 0), nil
	case p.uniform == 0:
		offsets := make([]int32, p.nrows+1)
		bufs := []*memory.Buffer{bitmapAt0(p.valid, p.nrows), memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offsets))}
		return array.NewData(typ, p.nrows, bufs, children, p.valid.nulls, 0), nil
	case p.s32 != nil:
		bitmap, offsets, off := listBuffers(arrow.Int32Traits.CastToBytes(rebase(p.s32)), arrow.Int32SizeBytes, p)
		return array.NewData(typ, p.nrows, []*memory.Buffer{bitmap, offsets}, children, p.valid.nulls, off), nil
	default:
		bitmap, offsets, off := listBuffers(arrow.Int64Traits.CastToBytes(rebase(p.s64)), arrow.Int64SizeBytes, p)
		return array.NewData(typ, p.nrows, []*memory.Buffer{bitmap, offsets}, children, p.valid.nulls, off), nil
	}
}

// listBuffers returns the validity and offsets buffers and the array offset
// of a list level over p, whose splits are the bytes splits (elements of
// size bytes). When the splits lie inside p.buf (they alias an Arrow
// offsets buffer) at element k, and the validity is empty or starts at bit
// k too, the Arrow buffers are handed back as they are with array offset k.
// Otherwise the splits' own memory is handed out (no copy) at offset 0: as
// a slice of p.buf when they lie inside it, which keeps that memory alive
// (see lifetime.go), else wrapped as Go memory.
func listBuffers(splits []byte, size int, p *RowPartition) (bitmap, offsets *memory.Buffer, off int) {
	if p.buf != nil {
		if k, ok := bufIndex(p.buf.Bytes(), splits, size); ok {
			if p.valid.nulls == 0 || p.valid.off == k {
				if p.valid.nulls != 0 {
					bitmap = p.valid.buf
				}
				return bitmap, p.buf, k
			}
			return bitmapAt0(p.valid, p.nrows), memory.SliceBuffer(p.buf, k*size, len(splits)), 0
		}
	}
	return bitmapAt0(p.valid, p.nrows), memory.NewBufferBytes(splits), 0
}

// bufIndex reports whether sub lies inside buf, and at which element (of
// size bytes) it starts.
func bufIndex(buf, sub []byte, size int) (int, bool) {
	if len(buf) == 0 || len(sub) == 0 {
		return 0, false
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	start := uintptr(unsafe.Pointer(unsafe.SliceData(sub)))
	if start < base {
		return 0, false
	}
	d := int(start - base)
	if d%size != 0 || d+len(sub) > len(buf) {
		return 0, false
	}
	return d / size, true
}

// bitmapAt0 returns an Arrow validity buffer for the n slots of v, with
// slot 0 at bit 0: v's own buffer when it starts at bit 0 (shared), else a
// shifted copy; nil when no slot is null.
func bitmapAt0(v validity, n int) *memory.Buffer {
	if v.nulls == 0 {
		return nil
	}
	if v.off == 0 {
		return v.buf
	}
	b := make([]byte, bitutil.BytesForBits(int64(n)))
	bitutil.CopyBitmap(v.buf.Bytes(), v.off, n, b, 0)
	return memory.NewBufferBytes(b)
}
