package structured

// Slice selects a range of positions along one dimension, keeping it: the
// Slice s (Python's start:stop:step, see [Slice]) applies to the rows of
// dimension axis, or within each row of dimension axis-1 for an inner,
// possibly ragged, one. axis is in [-rank, rank) (ErrIndex otherwise).
//
// It is a shorthand for Index with axis full slices before s:
// t.Slice(1, s) is t.Index(All, s). Out of range bounds are clamped, as in
// Python. Along axis 0 a step-1 slice shares t's arrays; other slices copy
// the selected items. Null items, lists and structures are kept.
func (t *Tensor) Slice(axis int, s Slice) (*Tensor, error) {
	a, err := tensorAxis("Slice", t, axis)
	if err != nil {
		return nil, err
	}
	key := make([]any, a+1)
	for i := range a {
		key[i] = All
	}
	key[a] = s
	v, err := t.Index(key...)
	if err != nil {
		return nil, err
	}
	return v.(*Tensor), nil
}
