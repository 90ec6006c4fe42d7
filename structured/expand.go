package structured

// ExpandDims inserts a dimension of length 1 at axis, as TensorFlow's
// tf.expand_dims does: a Tensor of shape [3, var] expanded at 0 has shape
// [1, 3, var], at 1 shape [3, 1, var], at 2 (or -1) shape [3, var, 1].
// axis is in [-(rank+1), rank]; a negative axis counts from the end, -1
// appending the new dimension last (ErrIndex otherwise, in TensorFlow's
// words: "axis=4 out of bounds: expected -4<=axis<4").
//
// The new dimension is uniform, and every field gets it at the same place.
// Nothing is copied: the result shares t's arrays, row partitions and null
// structures, adding only one uniform partition (TensorFlow also reports
// the new dimension as 1, even last).
func (t *Tensor) ExpandDims(axis int) (*Tensor, error) {
	a, err := normAxis("ExpandDims", "axis", axis, t.rank+1)
	if err != nil {
		return nil, err
	}
	return expandDims(t, a), nil
}

// expandDims inserts a length-1 dimension at axis a, 0 <= a <= t.rank.
func expandDims(t *Tensor, a int) *Tensor {
	if a == 0 {
		return expandOuter(t).(*Tensor)
	}
	// The positions of dimension a-1 each become a row of length 1.
	m := t.nrows
	if a > 1 {
		m = t.parts[a-2].nvals
	}
	inner := nestOuter(flattenOuter(t, a-1), m, []*RowPartition{mustUniform(1, m)})
	return nestOuter(inner, t.nrows, t.parts[:a-1]).(*Tensor)
}

// expandOuter wraps any value (of any rank, scalars included) in an outer
// dimension of length 1, sharing its arrays.
func expandOuter(v Value) Value {
	switch x := v.(type) {
	case *Dense:
		return &Dense{x.leafValues, append(Shape{1}, x.shape...)}
	case *Ragged:
		return newRagged(x.values, append([]*RowPartition{mustUniform(x.nrows, 1)}, x.parts...))
	case *Tensor:
		if x.rank > 0 {
			return nestOuter(x, 1, []*RowPartition{mustUniform(x.nrows, 1)})
		}
		out := &Tensor{rank: 1, nrows: 1, names: x.names, fields: make([]Value, len(x.fields)), valid: x.valid}
		for i, f := range x.fieldValues() {
			out.fields[i] = expandOuter(f)
		}
		return out
	}
	panic("structured: unknown value kind")
}
