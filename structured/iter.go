package structured

import (
	"iter"

	"github.com/apache/arrow-go/v18/arrow"
)

// Iterators for display and frame code: over a Tensor's fields, its rows,
// and the cells of a value. They hand out small values (no per-step
// allocation): a [Cell] says where one outer row of a value lies in the
// value's flat items, so typed items are read with [CellValues] or by
// slicing what [Values] returned once for the whole column.

// Cell is one outer row of a value: the flat items [Start, End) it holds
// for a leaf (one item for a vector, all the items of its nested lists
// otherwise), or the flat structures [Start, End) for a Tensor. Null
// reports a null row: a null item (vector), a null list (outer dimension
// of a ragged or multi-dimensional value) or a null structure (rank-1
// Tensor). A null list has no items, except along a uniform dimension,
// whose null rows keep their fixed number of null items.
type Cell struct {
	Value      Value // the value the cell belongs to
	Start, End int
	Null       bool
}

// Len is the number of flat items (or structures) of the cell.
func (c Cell) Len() int { return c.End - c.Start }

// CellValues returns the flat items of a cell of a fixed-width leaf,
// sharing Arrow's buffer without allocating (see [Values] for T). Null
// items hold unspecified values: read the leaf's Validity at positions
// Start to End-1.
func CellValues[T arrow.FixedWidthType](c Cell) ([]T, error) {
	l, ok := c.Value.(Leaf)
	if !ok {
		return nil, errorf("CellValues", ErrType, "", "the cell belongs to a %s value, not a leaf", kindNameOrNil(c.Value))
	}
	vals, err := Values[T](l)
	if err != nil {
		return nil, err
	}
	return vals[c.Start:c.End], nil
}

// kindNameOrNil is kindName that names nil too.
func kindNameOrNil(v Value) string {
	if isNilValue(v) {
		return "nil"
	}
	return kindName(v)
}

// CellAt returns outer row i of v (0 <= i < NumRows; a scalar has the one
// cell 0). It panics if i is out of range, as slice indexing does. A nil v
// gives the zero Cell.
func CellAt(v Value, i int) Cell {
	if isNilValue(v) {
		return Cell{}
	}
	c := Cell{Value: v, Start: i, End: i + 1}
	switch x := v.(type) {
	case *Dense:
		n := 1
		for _, d := range x.shape[min(1, len(x.shape)):] {
			n *= d
		}
		if len(x.shape) > 0 && (i < 0 || i >= x.shape[0]) {
			panic(errorf("CellAt", ErrIndex, "", "row %d is out of range for %d rows", i, x.shape[0]))
		}
		c.Start, c.End = i*n, (i+1)*n
		c.Null = len(x.shape) <= 1 && x.values.IsNull(i)
	case *Ragged:
		c.Start, c.End = followRows(x.parts, i)
		c.Null = x.parts[0].IsNull(i)
	case *Tensor:
		if x.rank <= 1 {
			c.Null = x.valid.isNull(i)
		} else {
			c.Start, c.End = followRows(x.parts, i)
			c.Null = x.parts[0].IsNull(i)
		}
	}
	return c
}

// followRows follows rows [i, i+1) down a partition chain to its flat
// items.
func followRows(parts []*RowPartition, i int) (start, end int) {
	start, end = i, i+1
	for _, p := range parts {
		start, end = p.split(start), p.split(end)
	}
	return start, end
}

// Cells iterates over the outer rows of v, in order, as [CellAt] gives
// them (a scalar yields its one cell, a nil v none). No step allocates.
func Cells(v Value) iter.Seq2[int, Cell] {
	return func(yield func(int, Cell) bool) {
		if isNilValue(v) {
			return
		}
		n := v.NumRows()
		if n == Unknown {
			n = 1
		}
		for i := range n {
			if !yield(i, CellAt(v, i)) {
				return
			}
		}
	}
}

// FieldsSeq iterates over the Tensor's direct fields in order: name and
// value. Unlike [Tensor.Fields] it allocates no slice.
func (t *Tensor) FieldsSeq() iter.Seq2[string, Value] {
	return func(yield func(string, Value) bool) {
		for i, name := range t.names {
			if !yield(name, t.field(i)) {
				return
			}
		}
	}
}

// Row is one outer row of a Tensor of rank >= 1, as [Tensor.Rows] yields
// it: a position, not a copy. It is a small value; its methods do not
// allocate.
type Row struct {
	t *Tensor
	i int
}

// Index is the row's position.
func (r Row) Index() int { return r.i }

// IsNull reports whether the row is null: a null structure for a rank-1
// Tensor, a null list for a higher rank.
func (r Row) IsNull() bool { return CellAt(r.t, r.i).Null }

// Cell returns the row's cell of field k (0 <= k < NumFields), in field
// order.
func (r Row) Cell(k int) Cell { return CellAt(r.t.field(k), r.i) }

// NumFields is the number of cells of the row: the Tensor's fields.
func (r Row) NumFields() int { return len(r.t.fields) }

// Cells iterates over the row's cells, one per field in order, with the
// field names. Its steps do not allocate, but unless the compiler inlines
// it the iterator itself may be allocated once per call (per row): loops
// that must not allocate use NumFields and Cell.
func (r Row) Cells() iter.Seq2[string, Cell] {
	return func(yield func(string, Cell) bool) {
		for k, name := range r.t.names {
			if !yield(name, CellAt(r.t.field(k), r.i)) {
				return
			}
		}
	}
}

// Rows iterates over the Tensor's outer rows in order (none for a rank-0
// Tensor). No step allocates.
func (t *Tensor) Rows() iter.Seq2[int, Row] {
	return func(yield func(int, Row) bool) {
		if t.rank == 0 {
			return
		}
		for i := range t.nrows {
			if !yield(i, Row{t, i}) {
				return
			}
		}
	}
}
