package structured

import "slices"

// Gather selects positions along one dimension, as TensorFlow's tf.gather
// with a vector of indices: the result has the same rank, and its
// dimension axis holds, for every row of the dimension before it, the
// positions indices of that row, in that order (repeats allowed).
//
//   - Along axis 0, the rows of t: t.Gather([]int{2, 0, 2}, 0) has rows
//     2, 0 and 2. An ascending run of consecutive rows shares t's arrays,
//     as Index with a step-1 Slice does; other selections copy the
//     selected items of every field.
//   - Along axis a > 0, within each row of dimension a-1: every row keeps
//     the positions indices of its own elements, so dimension a becomes
//     uniform of length len(indices), even if it was ragged. An index past
//     a row's length is an error naming the row. A null list stays null.
//
// Negative indices count from the end of the dimension (of each row along
// a ragged one), as in Index and in pandas' and numpy's take; TensorFlow
// rejects them. Out of range indices are errors (ErrIndex) naming their
// position in indices. axis is in [-rank, rank). Null items, lists and
// structures are kept, in every kind of field.
func (t *Tensor) Gather(indices []int, axis int) (*Tensor, error) {
	const op = "Gather"
	a, err := tensorAxis(op, t, axis)
	if err != nil {
		return nil, err
	}
	if a > 0 {
		return t.gatherWithin(op, a, len(indices), func(int) []int { return indices })
	}
	rows := indices // read only: copied when a negative index counts from the end
	for i, j := range indices {
		r := j
		if r < 0 {
			r += t.nrows
		}
		if r < 0 || r >= t.nrows {
			return nil, errorf(op, ErrIndex, "", "indices[%d]=%d is out of range for dimension 0 of size %d", i, j, t.nrows)
		}
		if r != j {
			if &rows[0] == &indices[0] {
				rows = slices.Clone(indices)
			}
			rows[i] = r
		}
	}
	g, err := gatherRows(t, rows)
	if err != nil {
		return nil, err
	}
	return g.(*Tensor), nil
}

// Take selects rows by position, the pandas-like name of Gather along
// axis 0: t.Take(indices) is t.Gather(indices, 0).
// [Tensor.TakeNullable] reads -1 as a null row instead.
func (t *Tensor) Take(indices []int) (*Tensor, error) {
	return t.Gather(indices, 0)
}

// GatherRagged selects positions along dimension axis (>= 1) with one list
// of indices per row of the dimension before it: the row p of dimension
// axis-1 (the Tensor's rows for axis 1; the flat positions, row-major,
// for a deeper one) keeps its elements indices[p], in that order. It is
// TensorFlow's gather with batch_dims=axis and ragged indices: dimension
// axis becomes ragged, row p holding len(indices[p]) elements.
//
// len(indices) must be the number of those rows (ErrShape). Negative
// indices count from the end of their row; an index out of its row is an
// error naming the row and the position in indices (ErrIndex). A null
// list stays a null (empty) list, whatever its indices.
func (t *Tensor) GatherRagged(indices [][]int, axis int) (*Tensor, error) {
	const op = "GatherRagged"
	a, err := tensorAxis(op, t, axis)
	if err != nil {
		return nil, err
	}
	if a == 0 {
		return nil, errorf(op, ErrIndex, "", "axis=%d: per-row indices need an axis >= 1 (use Gather along axis 0)", axis)
	}
	if m := t.parts[a-1].nrows; len(indices) != m {
		return nil, errorf(op, ErrShape, "", "got %d index lists for the %d rows of dimension %d", len(indices), m, a-1)
	}
	return t.gatherWithin(op, a, Unknown, func(p int) []int { return indices[p] })
}

// tensorAxis resolves an axis of t's own dimensions, [-rank, rank).
func tensorAxis(op string, t *Tensor, axis int) (int, error) {
	if t.rank == 0 {
		return 0, errorf(op, ErrIndex, "", "axis=%d out of bounds: a rank-0 Tensor has no dimensions", axis)
	}
	return normAxis(op, "axis", axis, t.rank)
}

// gatherWithin gathers along axis a > 0, row by row of dimension a-1: row
// p keeps the elements rowIdx(p) of its own. With uniform >= 0 (every
// rowIdx has that length) the new dimension is uniform, and null rows keep
// placeholders; otherwise it is ragged and null rows are empty.
func (t *Tensor) gatherWithin(op string, a, uniform int, rowIdx func(p int) []int) (*Tensor, error) {
	p := t.parts[a-1] // cuts the elements of dimension a into rows
	splits := make([]int64, p.nrows+1)
	items := make([]int, 0, max(uniform, 0)*p.nrows)
	for r := 0; r < p.nrows; r++ {
		idx := rowIdx(r)
		if p.IsNull(r) {
			if uniform != Unknown {
				for range idx {
					items = append(items, -1)
				}
			}
			splits[r+1] = int64(len(items))
			continue
		}
		s, e := p.Bounds(r)
		for i, j := range idx {
			k := j
			if k < 0 {
				k += e - s
			}
			if k < 0 || k >= e-s {
				return nil, errorf(op, ErrIndex, "", "row %s: indices[%d]=%d is out of range for dimension %d of size %d",
					coordPath("", t.parts, a-1, r), i, j, a, e-s)
			}
			items = append(items, s+k)
		}
		splits[r+1] = int64(len(items))
	}
	g, err := gatherRows(flattenOuter(t, a), items)
	if err != nil {
		return nil, err
	}
	var q *RowPartition
	if uniform != Unknown {
		q = mustUniform(uniform, p.nrows)
	} else {
		q = splitsPartition(splits, p.uniform != Unknown || p.s32 != nil)
	}
	q = q.withValidity(p.valid)
	inner := nestOuter(g, p.nrows, []*RowPartition{q})
	return nestOuter(inner, t.nrows, t.parts[:a-1]).(*Tensor), nil
}
