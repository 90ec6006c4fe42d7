package structured

// NullRow is the index that [Tensor.TakeNullable] and [TakeValueNullable]
// turn into a null row, as the unmatched side of an outer join or a label
// missing from a reindex.
const NullRow = -1

// TakeNullable selects rows by position like [Tensor.Take], except that an
// index of -1 ([NullRow]) gives a null row instead of the last row: a null
// structure (whose leaves are null items, its ragged leaves null lists and
// its nested structures null) for a rank-1 Tensor, a null list for a
// Tensor of higher rank. Other negative indices and indices past the last
// row are ErrIndex errors naming their position, so that a join's
// "no match" can never be mistaken for a position from the end.
//
// Rows are copied as Take copies them; an ascending run of consecutive
// rows without -1 shares t's arrays.
func (t *Tensor) TakeNullable(indices []int) (*Tensor, error) {
	const op = "TakeNullable"
	if t.rank == 0 {
		return nil, errorf(op, ErrIndex, "", "a rank-0 Tensor has no rows")
	}
	if err := checkNullableIndices(op, indices, t.nrows); err != nil {
		return nil, err
	}
	g, err := gatherRows(t, indices)
	if err != nil {
		return nil, err
	}
	return g.(*Tensor), nil
}

// TakeValueNullable is [Tensor.TakeNullable] for one value of rank >= 1:
// index -1 gives a null row (a null item for a vector, a null list for a
// ragged or multi-dimensional leaf, which keeps its fixed length of null
// items along a uniform dimension, a null structure for a Tensor).
func TakeValueNullable(v Value, indices []int) (Value, error) {
	const op = "TakeValueNullable"
	n, err := valueRows(op, v)
	if err != nil {
		return nil, err
	}
	if err := checkNullableIndices(op, indices, n); err != nil {
		return nil, err
	}
	return gatherRows(v, indices)
}

// checkNullableIndices accepts -1 and [0, n).
func checkNullableIndices(op string, indices []int, n int) error {
	for i, j := range indices {
		if j < NullRow || j >= n {
			return errorf(op, ErrIndex, "", "indices[%d]=%d is out of range for %d rows (only -1 means a null row)", i, j, n)
		}
	}
	return nil
}

// NullRows returns a Tensor of spec's schema with n null rows: spec's
// rank and fields, its outer dimension n, every row null (see
// [Tensor.TakeNullable]). It is what an outer join appends for the rows
// of one side without a match, and concatenates with any Tensor of that
// schema. The rows are null whatever spec's Nullable flags say, so the
// result's own Spec marks them nullable. A rank-0 spec has no rows
// (ErrShape); a Spec that [FromValueSpec] rejects gives its error.
func NullRows(spec *Spec, n int) (*Tensor, error) {
	const op = "NullRows"
	switch {
	case spec == nil:
		return nil, errorf(op, ErrSchema, "", "the Spec is nil")
	case len(spec.Shape) == 0:
		return nil, errorf(op, ErrShape, "", "a rank-0 Spec has no rows")
	case n < 0:
		return nil, errorf(op, ErrShape, "", "n must be >= 0, got %d", n)
	}
	empty := *spec
	empty.Shape = append(Shape{0}, spec.Shape[1:]...)
	t, err := FromValueSpec([]any{}, &empty)
	if err != nil {
		return nil, err
	}
	rows := make([]int, n)
	for i := range rows {
		rows[i] = NullRow
	}
	g, err := gatherRows(t, rows)
	if err != nil {
		return nil, err
	}
	return g.(*Tensor), nil
}
