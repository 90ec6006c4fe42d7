package structured

// Column-level operations: the array operations of a Tensor applied to one
// Value (a *Dense or *Ragged leaf, or a nested *Tensor), as a DataFrame
// needs for a single column. They share the Tensor operations' internals,
// so they keep nulls and share Arrow arrays in the same cases.

// TakeValue selects outer rows of v (rank >= 1) by position, as
// [Tensor.Take] does for a Tensor: repeats are allowed, negative indices
// count from the end, and out of range ones are ErrIndex errors naming
// their position. An ascending run of consecutive rows shares v's arrays;
// other selections copy the selected items.
func TakeValue(v Value, indices []int) (Value, error) {
	const op = "TakeValue"
	n, err := valueRows(op, v)
	if err != nil {
		return nil, err
	}
	rows := make([]int, len(indices))
	for i, j := range indices {
		r := j
		if r < 0 {
			r += n
		}
		if r < 0 || r >= n {
			return nil, errorf(op, ErrIndex, "", "indices[%d]=%d is out of range for %d rows", i, j, n)
		}
		rows[i] = r
	}
	return gatherRows(v, rows)
}

// SliceValue selects the outer rows of v (rank >= 1) that s selects
// (Python's start:stop:step, bounds clamped). A step-1 slice shares v's
// arrays and its row splits (O(1) whatever the number of rows); other
// steps copy the selected items.
func SliceValue(v Value, s Slice) (Value, error) {
	n, err := valueRows("SliceValue", v)
	if err != nil {
		return nil, err
	}
	start, _, step := s.Indices(n)
	m := s.Len(n)
	if step == 1 {
		return sliceRows(v, start, start+m), nil
	}
	rows := make([]int, m)
	for i := range rows {
		rows[i] = start + i*step
	}
	return gatherRows(v, rows)
}

// ConcatValues joins values of one rank (>= 1) and one schema along their
// outer dimension, as [Concat] along axis 0 joins Tensors: the same schema
// rules (a Null-typed leaf joins any leaf), nulls kept, adjacent slices of
// one array joined back without copying.
func ConcatValues(vs ...Value) (Value, error) {
	const op = "ConcatValues"
	if len(vs) == 0 {
		return nil, errorf(op, ErrShape, "", "needs at least one value")
	}
	for i, v := range vs {
		if isNilValue(v) {
			return nil, errorf(op, ErrShape, "", "input %d is nil", i)
		}
		if v.Rank() == 0 {
			return nil, errorf(op, ErrShape, "", "input %d is a scalar: only values of rank >= 1 have rows to concatenate", i)
		}
	}
	if len(vs) == 1 {
		return vs[0], nil
	}
	return concatenator{op: op}.rows(vs, "", 0)
}

// MergeValueDims flattens dimensions outer through inner (inclusive) of v
// into one, row-major, as [Tensor.MergeDims] does; negative axes count
// from v's rank. No item is copied. A leaf left with uniform dimensions
// only is a *Dense.
func MergeValueDims(v Value, outer, inner int) (Value, error) {
	const op = "MergeValueDims"
	if isNilValue(v) {
		return nil, errorf(op, ErrType, "", "value is nil")
	}
	if t, ok := v.(*Tensor); ok {
		return t.MergeDims(outer, inner)
	}
	if v.Rank() == 0 {
		return nil, errorf(op, ErrIndex, "", "a scalar has no dimensions to merge")
	}
	o, err := normAxis(op, "outer_axis", outer, v.Rank())
	if err != nil {
		return nil, err
	}
	i, err := normAxis(op, "inner_axis", inner, v.Rank())
	if err != nil {
		return nil, err
	}
	if o > i {
		return nil, errorf(op, ErrIndex, "", "expected outer_axis (%d) to be less than or equal to inner_axis (%d)", o, i)
	}
	if o == i {
		return v, nil
	}
	return mergeValue(v, o, i), nil
}

// FlattenRows gives each outer row of v (rank >= 2) the items of all its
// inner dimensions in one list: a leaf of shape [n, var, var] becomes
// [n, var], a Tensor of shape [n, var, 3] becomes [n, var]. It is
// MergeValueDims(v, 1, rank-1); a rank-2 value is returned as is. Null
// rows stay null; null lists inside a row vanish (they have no items).
func FlattenRows(v Value) (Value, error) {
	const op = "FlattenRows"
	if isNilValue(v) {
		return nil, errorf(op, ErrType, "", "value is nil")
	}
	if r := v.Rank(); r < 2 {
		return nil, errorf(op, ErrShape, "", "a value of rank %d has no inner dimensions to flatten: want rank >= 2", r)
	}
	return MergeValueDims(v, 1, -1)
}

// valueRows checks that v has rows and returns their number.
func valueRows(op string, v Value) (int, error) {
	if isNilValue(v) {
		return 0, errorf(op, ErrType, "", "value is nil")
	}
	if v.Rank() == 0 {
		return 0, errorf(op, ErrIndex, "", "a scalar has no rows")
	}
	return v.NumRows(), nil
}
