package structured

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// FromArrow builds a Tensor over an Arrow array without copying its data.
//
// A struct array gives a rank-1 Tensor (null slots are null structures); a
// list, large_list or fixed_size_list of structs gives a rank-2 Tensor, and
// each further level of lists one more rank, the list levels becoming row
// partitions (null lists kept). Fields map back as [Tensor.ToArrow] maps
// them: a plain array is a dense leaf; list levels are a ragged leaf's
// partitions (int32 splits for list, int64 for large_list, uniform for
// fixed_size_list), except that a leaf whose dimensions are all
// fixed_size_lists without null lists (under a parent whose dimensions are
// too) is dense, e.g. [n, 6]; a struct is a nested Tensor of its parent's
// rank and lists of structs one of higher rank. A map is read as the list
// of {key, value} structs it is made of. Leaves may hold every type of
// the package's dtype table (see the package documentation): bool,
// integers, floats (float16 too), decimals, strings and binaries (views
// and fixed size too), dates, times, timestamps, durations, intervals,
// dictionaries of those, and null; a union gives an ErrType error naming
// the field path.
//
// Decoded once, here, into layouts every operation handles: an extension
// array is read as its storage, a run-end encoded array is expanded, a
// list_view or large_list_view becomes a list or large_list, and a list
// level with a null slot whose offsets span child items (legal Arrow; the
// items belong to no slot) is rebuilt with its null slots empty and
// without those items. These copy what they rebuild; everything else is
// shared.
//
// Shared, not copied: the leaf arrays' memory (sliced with array.NewSlice
// where a list covers only part of its child), the offsets buffers (a
// partition's splits alias the Arrow offsets, and ToArrow hands the same
// memory back) and the validity bitmaps. The offsets of a list level whose
// first offset is not 0 (a list array sliced past its start) are shared
// too, as a window (see [RowPartition]); ToArrow rebases them. Time and
// allocations are O(fields + list levels), whatever the row count: only
// the first and last offsets of each list level are checked against its
// child array. Arrow requires offsets that never decrease, and arrays built
// by arrow-go's builders always have them; for data from an untrusted
// source call [Tensor.Validate], which checks every split. A list level
// with null slots is scanned once for null slots spanning items (O(rows)).
//
// FromArrow takes its own reference to every buffer it keeps, so the
// caller may Release arr at once. The Tensor's arrays are new array
// headers over stand-ins for arr's buffers (same memory, no allocator)
// and each reference is released once no value reaches its stand-in (see
// the package doc); a conversion that fails releases them at once. Arrow's
// Nullable flags and metadata are not kept; field names must be non-empty
// and distinct.
func FromArrow(arr arrow.Array) (t *Tensor, err error) {
	c := &fromArrow{op: "FromArrow"}
	defer c.recoverMalformed(&t, &err)
	if arr == nil {
		return nil, errorf(c.op, ErrType, "", "array is nil")
	}
	parts, inner, err := c.peel(arr, "")
	if err != nil {
		return nil, c.fail(err)
	}
	defer inner.Release()
	st, ok := inner.(*array.Struct)
	if !ok {
		return nil, c.fail(errorf(c.op, ErrType, "", "need a struct array or lists of struct arrays, got %s", arr.DataType()))
	}
	t, err = c.tensor(st, arr.Len(), parts, "")
	if err != nil {
		return nil, c.fail(err)
	}
	return t, nil
}

// FromRecordBatch builds a rank-1 Tensor over an Arrow record batch, one
// field per column in schema order, converting columns as [FromArrow]
// converts a struct's fields: without copying, referencing what it keeps (the
// caller may Release rec at once). A sliced batch (RecordBatch.NewSlice)
// is read as the rows it covers.
func FromRecordBatch(rec arrow.RecordBatch) (*Tensor, error) {
	return (&fromArrow{op: "FromRecordBatch"}).recordBatch(rec)
}

// FromMappedRecordBatch is [FromRecordBatch] for a batch whose buffers are
// views into memory that one counted buffer owns, such as the batches
// arrow-go's ipc.NewMappedFileReader reads over a memory-mapped file: its
// buffers are memory.NewBufferBytes views that count no references, so
// nothing they say can keep the mapping alive. Every buffer lying inside
// mapping's bytes is kept through a reference to mapping (released, as
// FromRecordBatch releases its references, once no value reads it); any
// other buffer (a decompressed body, a dictionary) is kept as
// FromRecordBatch keeps it. The caller keeps its own reference to mapping
// and may release it, and rec, at once: mapping is freed (unmapped) only
// when the last value over it is unreachable.
//
// It spares a reader the work of rebuilding every array over counted
// slices of the mapping before the conversion (memory.SliceBuffer, one
// buffer and array header more per buffer), which is what FromRecordBatch
// would need to keep such a batch safely.
func FromMappedRecordBatch(rec arrow.RecordBatch, mapping *memory.Buffer) (*Tensor, error) {
	c := &fromArrow{op: "FromMappedRecordBatch", keep: keeper{owner: mapping}}
	if mapping == nil {
		return nil, errorf(c.op, ErrType, "", "mapping is nil")
	}
	return c.recordBatch(rec)
}

// recordBatch converts rec for FromRecordBatch and FromMappedRecordBatch.
func (c *fromArrow) recordBatch(rec arrow.RecordBatch) (t *Tensor, err error) {
	defer c.recoverMalformed(&t, &err)
	if rec == nil {
		return nil, errorf(c.op, ErrType, "", "record batch is nil")
	}
	nrows := int(rec.NumRows())
	schema := rec.Schema()
	t = &Tensor{rank: 1, nrows: nrows, names: make([]string, rec.NumCols()), fields: make([]Value, rec.NumCols())}
	for i := range t.names {
		t.names[i] = schema.Field(i).Name
	}
	if err := checkNames(c.op, "", t.names); err != nil {
		return nil, err
	}
	for i, col := range rec.Columns() {
		if col.Len() < nrows {
			return nil, c.fail(errorf(c.op, ErrShape, t.names[i], "column has %d rows, the batch %d", col.Len(), nrows))
		}
		if col.Len() > nrows { // a batch may hold longer columns than its row count
			col = array.NewSlice(col, 0, int64(nrows))
			defer col.Release()
		}
		v, err := c.field(col, 1, nrows, nil, t.names[i])
		if err != nil {
			return nil, c.fail(err)
		}
		t.fields[i] = v
	}
	return t, nil
}

// fromArrow holds the state of one conversion: the references it took
// (see keeper), to give back at once if the conversion fails.
type fromArrow struct {
	op   string
	keep keeper
}

// fail releases every reference taken so far and returns err.
// recoverMalformed turns a panic of the conversion into an ErrData error
// (deferred by the entry points): the conversion checks the bounds of
// each list level, not every offset, and arrow-go's own accessors panic
// on a layout they do not expect. Arrow data of an untrusted source
// should pass CheckArrowLayout first and Validate after; this keeps a
// caller that skipped them alive.
func (c *fromArrow) recoverMalformed(t **Tensor, err *error) {
	if p := recover(); p != nil {
		*t, *err = nil, c.fail(errorf(c.op, ErrData, "", "malformed Arrow data: %v", p))
	}
}

func (c *fromArrow) fail(err error) error {
	c.keep.abandon()
	return err
}

// checkNames reports repeated field names (an empty name is a legal
// Arrow field name, and JSON's {"": 0}).
func checkNames(op, path string, names []string) error {
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if seen[n] {
			return errorf(op, ErrPath, joinPath(path, n), "field appears twice")
		}
		seen[n] = true
	}
	return nil
}

// tensor builds the Tensor of rank len(parts)+1 over the struct array st of
// its flat structures; nrows is its outer dimension.
func (c *fromArrow) tensor(st *array.Struct, nrows int, parts []*RowPartition, path string) (*Tensor, error) {
	typ := st.DataType().(*arrow.StructType)
	t := &Tensor{rank: len(parts) + 1, nrows: nrows, parts: parts,
		names: make([]string, st.NumField()), fields: make([]Value, st.NumField())}
	for i := range t.names {
		t.names[i] = typ.Field(i).Name
	}
	if err := checkNames(c.op, path, t.names); err != nil {
		return nil, err
	}
	var err error
	if t.valid, err = c.validity(st, path); err != nil {
		return nil, err
	}
	for i, name := range t.names {
		// Struct.Field(i) is already cut to the struct's slots, slicing
		// included (arrow-go slices children of a sliced struct).
		child := st.Field(i)
		if child.Len() != st.Len() {
			return nil, errorf(c.op, ErrShape, joinPath(path, name), "child array has %d slots, its struct %d", child.Len(), st.Len())
		}
		if t.fields[i], err = c.field(child, t.rank, nrows, parts, joinPath(path, name)); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// field converts the child array a of a struct whose Tensor has the given
// rank, outer dimension nrows and partitions outer.
func (c *fromArrow) field(a arrow.Array, rank, nrows int, outer []*RowPartition, path string) (Value, error) {
	own, inner, err := c.peel(a, path)
	if err != nil {
		return nil, err
	}
	parts := append(outer[:len(outer):len(outer)], own...)
	if st, ok := inner.(*array.Struct); ok {
		defer st.Release()
		t, err := c.tensor(st, nrows, parts, path)
		if err == nil && len(own) > 0 {
			t.isMap = innermostMap(a.DataType())
		}
		return t, err
	}
	if err := checkLeafType(c.op, path, inner.DataType()); err != nil {
		inner.Release()
		return nil, err
	}
	kept := c.keep.array(inner)
	inner.Release()
	inner = kept
	if dense := allUniform(parts) && noNulls(parts); dense {
		shape := make(Shape, 1, len(parts)+1)
		shape[0] = nrows
		for _, p := range parts {
			shape = append(shape, p.uniform)
		}
		return &Dense{leafOf(inner), shape}, nil
	}
	return newRagged(inner, parts), nil
}

// noNulls reports whether no partition has null rows.
func noNulls(parts []*RowPartition) bool {
	for _, p := range parts {
		if p.valid.nulls != 0 {
			return false
		}
	}
	return true
}

// peel strips the list levels off a, outermost first, returning one row
// partition per level and the innermost array (a struct or a leaf), of
// which the caller owns a reference.
func (c *fromArrow) peel(a arrow.Array, path string) ([]*RowPartition, arrow.Array, error) {
	var parts []*RowPartition
	a.Retain()
	cur := a
	for {
		if dec, ok, err := decodeEntry(cur); err != nil || ok {
			typ := cur.DataType()
			cur.Release()
			if err != nil {
				return nil, nil, errorf(c.op, ErrType, path, "decoding %s: %v", typeName(typ), err)
			}
			cur = dec
			continue
		}
		var p *RowPartition
		var next arrow.Array
		var err error
		switch l := cur.(type) {
		case *array.List:
			p, next, err = listLevel(c, l, l.ListValues(), arrow.Int32Traits.CastFromBytes, path)
		case *array.Map:
			p, next, err = listLevel(c, l, l.ListValues(), arrow.Int32Traits.CastFromBytes, path)
		case *array.LargeList:
			p, next, err = listLevel(c, l, l.ListValues(), arrow.Int64Traits.CastFromBytes, path)
		case *array.FixedSizeList:
			p, next, err = c.fixedLevel(l, path)
		default:
			return parts, cur, nil
		}
		cur.Release()
		if err != nil {
			return nil, nil, err
		}
		parts = append(parts, p)
		cur = next
	}
}

// listLevel reads one list or large_list level: its partition aliases the
// offsets (a window of them when the first is not 0) and the returned
// child, owned by the caller, is values cut to the items the level covers.
func listLevel[T int32 | int64](c *fromArrow, l arrow.Array, values arrow.Array, cast func([]byte) []T, path string) (*RowPartition, arrow.Array, error) {
	data := l.Data()
	n, off := l.Len(), data.Offset()
	buf := data.Buffers()[1]
	var splits []T
	if buf != nil {
		if all := cast(buf.Bytes()); len(all) >= off+n+1 {
			splits = all[off : off+n+1 : off+n+1]
		}
	}
	if splits == nil {
		if n != 0 {
			return nil, nil, errorf(c.op, ErrPartition, path, "list of %d slots at offset %d lacks %d offsets", n, off, off+n+1)
		}
		splits, buf = []T{0}, nil
	}
	first, last := splits[0], splits[n]
	if first < 0 || last < first || int64(last) > int64(values.Len()) {
		return nil, nil, errorf(c.op, ErrPartition, path, "list offsets span [%d, %d), outside the %d items of the child array", first, last, values.Len())
	}
	valid, err := c.validity(l, path)
	if err != nil {
		return nil, nil, err
	}
	if buf != nil {
		buf = c.keep.buffer(buf)
	}
	p := newSplitsPartition(splits, buf)
	p.valid = valid
	return p, childSlice(values, int(first), int(last)), nil
}

// fixedLevel reads one fixed_size_list level as a uniform partition.
func (c *fromArrow) fixedLevel(l *array.FixedSizeList, path string) (*RowPartition, arrow.Array, error) {
	size := int(l.DataType().(*arrow.FixedSizeListType).Len())
	n, off := l.Len(), l.Data().Offset()
	values := l.ListValues()
	start, end := off*size, (off+n)*size
	if end > values.Len() {
		return nil, nil, errorf(c.op, ErrPartition, path, "fixed_size_list of %d slots of %d at offset %d needs %d items, the child array has %d", n, size, off, end, values.Len())
	}
	valid, err := c.validity(l, path)
	if err != nil {
		return nil, nil, err
	}
	p := mustUniform(size, n)
	p.valid = valid
	return p, childSlice(values, start, end), nil
}

// childSlice returns a reference, owned by the caller, to items [i, j) of
// values: values itself when that is all of it, else a zero-copy slice.
func childSlice(values arrow.Array, i, j int) arrow.Array {
	if i == 0 && j == values.Len() {
		values.Retain()
		return values
	}
	return array.NewSlice(values, int64(i), int64(j))
}

// validity returns the null slots of a list or struct array, sharing its
// bitmap through a stand-in (see lifetime.go).
func (c *fromArrow) validity(a arrow.Array, path string) (validity, error) {
	nulls := a.NullN()
	if nulls == 0 {
		return validity{}, nil
	}
	buf := a.Data().Buffers()[0]
	if buf == nil || buf.Len()*8 < a.Data().Offset()+a.Len() {
		return validity{}, errorf(c.op, ErrPartition, path, "%d null slots but no validity bitmap for them", nulls)
	}
	return validity{buf: c.keep.buffer(buf), off: a.Data().Offset(), nulls: nulls}, nil
}
