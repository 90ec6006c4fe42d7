package structured

import "github.com/apache/arrow-go/v18/arrow/array"

// BooleanMask keeps the rows i of t where mask[i] is true, in order, as
// TensorFlow's tf.boolean_mask along axis 0 (listed by the StructuredTensor
// RFC, never shipped for it). len(mask) must be NumRows (ErrShape); a
// rank-0 Tensor has no rows (ErrShape). Every field is filtered the same
// way, keeping null items, lists and structures; a mask keeping one run of
// consecutive rows shares t's arrays, others copy the kept items.
func (t *Tensor) BooleanMask(mask []bool) (*Tensor, error) {
	const op = "BooleanMask"
	if t.rank == 0 {
		return nil, errorf(op, ErrShape, "", "a rank-0 Tensor has no rows to mask")
	}
	if len(mask) != t.nrows {
		return nil, errorf(op, ErrShape, "", "mask has %d entries, the Tensor has %d rows", len(mask), t.nrows)
	}
	rows := make([]int, 0, len(mask))
	for i, keep := range mask {
		if keep {
			rows = append(rows, i)
		}
	}
	g, err := gatherRows(t, rows)
	if err != nil {
		return nil, err
	}
	return g.(*Tensor), nil
}

// BooleanMaskRagged filters t's elements at an inner dimension with a mask
// of the same (ragged) shape, as tf.ragged.boolean_mask does: mask is a
// bool leaf of rank k (1 <= k <= rank) whose dimensions are t's first k,
// typically a *Ragged computed from a field (one bool per element of
// dimension k-1). Elements where the mask is false or null are dropped;
// the k-1 outer dimensions are kept, so dimension k-1 becomes ragged
// (for k = 1 this is BooleanMask).
//
// Errors: a mask that is not bool (ErrType), of the wrong rank or whose
// row lengths differ from t's (ErrShape). Null lists of t stay null (and
// empty).
func (t *Tensor) BooleanMaskRagged(mask Leaf) (*Tensor, error) {
	const op = "BooleanMaskRagged"
	if isNilValue(mask) {
		return nil, errorf(op, ErrShape, "", "mask is nil")
	}
	values, nrows, mparts := leafLayout(mask)
	b, ok := values.(*array.Boolean)
	if !ok {
		return nil, errorf(op, ErrType, "", "mask holds %s, not bool", typeName(values.DataType()))
	}
	k := mask.Rank()
	if t.rank == 0 {
		return nil, errorf(op, ErrShape, "", "a rank-0 Tensor has no rows to mask")
	}
	if k == 0 || k > t.rank {
		return nil, errorf(op, ErrShape, "", "mask has rank %d, want 1 to %d (the Tensor's rank)", k, t.rank)
	}
	if nrows != t.nrows {
		return nil, errorf(op, ErrShape, "", "mask has %d rows, the Tensor has %d", nrows, t.nrows)
	}
	for d := 0; d < k-1; d++ {
		if !mparts[d].sameCut(t.parts[d]) {
			return nil, errorf(op, ErrShape, "", "mask dimension %d (%v) differs from the Tensor's (%v)", d+1, mparts[d], t.parts[d])
		}
	}
	// Positions of dimension k-1 kept; those under null rows never are.
	var p *RowPartition
	if k > 1 {
		p = t.parts[k-2]
	}
	n := values.Len()
	keep := make([]int, 0, n)
	var splits []int64
	if p != nil {
		splits = make([]int64, p.nrows+1)
		for r := 0; r < p.nrows; r++ {
			if !p.IsNull(r) {
				s, e := p.Bounds(r)
				for i := s; i < e; i++ {
					if b.IsValid(i) && b.Value(i) {
						keep = append(keep, i)
					}
				}
			}
			splits[r+1] = int64(len(keep))
		}
	} else {
		for i := 0; i < n; i++ {
			if b.IsValid(i) && b.Value(i) {
				keep = append(keep, i)
			}
		}
	}
	g, err := gatherRows(flattenOuter(t, k-1), keep)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return g.(*Tensor), nil
	}
	q := splitsPartition(splits, p.uniform != Unknown || p.s32 != nil).withValidity(p.valid)
	inner := nestOuter(g, p.nrows, []*RowPartition{q})
	return nestOuter(inner, t.nrows, t.parts[:k-2]).(*Tensor), nil
}
