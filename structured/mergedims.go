package structured

import (
	"math"
	"slices"
)

// MergeDims flattens the Tensor's dimensions outer through inner
// (inclusive) into one, in row-major order: a Tensor of shape [2, var, 3]
// merged over (0, 1) has shape [N, 3], where N counts the structures of the
// first two dimensions. Negative axes count from the rank (-1 is the last
// dimension). The rank drops by inner-outer.
//
// Every field is merged the same way and nested Tensors recurse, so the
// result holds the same structures in the same order with fewer
// dimensions. No value is copied (null fixed-length lists aside, see
// below): only row partitions are recomputed.
// Merging from dimension 0 just drops partitions (O(number of fields));
// merging inner dimensions composes the partitions involved into one, in
// time proportional to the rows of the outermost of them, or O(1) per
// field when they are all uniform (the result is then uniform too, of the
// product length, and no splits are materialised).
//
// Null lists: a null list in the outermost merged dimension (outer > 0)
// stays a null row of the merged dimension. A null list inside the merged
// dimensions (or anywhere in them when outer is 0) disappears: it has no
// items to show, so the flattened row it belonged to simply has none from
// it, and MergeDims(0, 1) of [[a, b], null, [c]] is [a, b, c] whether the
// lists are ragged or of fixed length. A null list of a fixed-length
// (uniform) dimension, as read from an Arrow fixed_size_list, keeps its
// length in placeholder slots that no one sees; MergeDims drops them too,
// by gathering the visible slots: the only case in which it copies values,
// and one in which the merged dimension is ragged (or, from dimension 0,
// shorter than the product of the merged ones).
//
// A leaf left with only uniform dimensions and no null lists comes out
// [Dense], as TensorFlow's merge of a RaggedTensor returns a dense tensor
// once no ragged dimension is left (its uniform partitions play the role of
// TensorFlow's dense inner dimensions).
//
// Errors (ErrIndex): an axis out of bounds, or outer > inner once
// normalised. MergeDims(i, i) returns t unchanged; TensorFlow's
// StructuredTensor accepts it and then fails an internal assertion, while
// its RaggedTensor treats it as a no-op, which is what we do.
func (t *Tensor) MergeDims(outer, inner int) (*Tensor, error) {
	const op = "MergeDims"
	if t.rank == 0 {
		return nil, errorf(op, ErrIndex, "", "a rank-0 Tensor has no dimensions to merge")
	}
	o, err := normAxis(op, "outer_axis", outer, t.rank)
	if err != nil {
		return nil, err
	}
	i, err := normAxis(op, "inner_axis", inner, t.rank)
	if err != nil {
		return nil, err
	}
	if o > i {
		return nil, errorf(op, ErrIndex, "", "expected outer_axis (%d) to be less than or equal to inner_axis (%d)", o, i)
	}
	if o == i {
		return t, nil
	}
	if m, ok, err := t.mergeDropping(o, i); ok {
		return m, err
	}
	return mergeValue(t, o, i).(*Tensor), nil
}

// mergeDropping merges dimensions o..i of t when a null list of
// dimensions o+1..i hides slots of dimension i (the placeholders of a
// null fixed-length list, or the items a null list spans, as Arrow
// allows): those are dropped, as the items of an empty null list are, by
// gathering the visible slots. ok is false when nothing is hidden, for
// mergeValue to merge without copying.
func (t *Tensor) mergeDropping(o, i int) (m *Tensor, ok bool, err error) {
	var vis []bool
	for _, p := range t.parts[o:i] {
		vis, _ = expandVis(vis, p)
	}
	if vis == nil || !slices.Contains(vis, false) {
		return nil, false, nil
	}
	if o > 0 {
		// The merged rows are those of dimension o-1: their null lists
		// become empty (ragged) null rows, so their placeholders go too.
		vis = nil
		for _, p := range t.parts[o-1 : i] {
			vis, _ = expandVis(vis, p)
		}
	}
	// before[k] counts the visible slots before slot k.
	before := make([]int, len(vis)+1)
	kept := make([]int, 0, len(vis))
	for k, v := range vis {
		if v {
			kept = append(kept, k)
		}
		before[k+1] = len(kept)
	}
	g, err := gatherRows(flattenOuter(t, i), kept)
	if err != nil {
		return nil, true, err
	}
	if o == 0 {
		return g.(*Tensor), true, nil
	}
	// Cut the kept slots into the rows of dimension o-1.
	whole := composePartitions(t.parts[o-1 : i])
	splits := make([]int64, whole.nrows+1)
	for r := range splits {
		splits[r] = int64(before[whole.split(r)])
	}
	first := t.parts[o-1]
	q := splitsPartition(splits, first.uniform != Unknown || first.s32 != nil).withValidity(first.valid)
	outer := append(slices.Clone(t.parts[:o-1]), q)
	return nestOuter(g, t.nrows, outer).(*Tensor), true, nil
}

// normAxis turns a possibly negative axis into one in [0, rank).
func normAxis(op, name string, axis, rank int) (int, error) {
	if axis < -rank || axis >= rank {
		return 0, errorf(op, ErrIndex, "", "%s=%d out of bounds: expected %d<=%s<%d", name, axis, -rank, name, rank)
	}
	if axis < 0 {
		axis += rank
	}
	return axis, nil
}

// mergeValue merges dimensions o..i (0 <= o < i < v.Rank()) of any value.
func mergeValue(v Value, o, i int) Value {
	if o == 0 {
		return flattenOuter(v, i)
	}
	switch f := v.(type) {
	case *Dense:
		return f.mergeDims(o, i)
	case *Ragged:
		return leafFrom(f.values, f.nrows, mergeChain(f.parts, o, i))
	case *Tensor:
		return f.mergeShared(o, i, f.rank, mergeChain(f.parts, o, i))
	}
	panic("structured: unknown value kind")
}

// mergeShared merges dimensions o..i (0 < o < i) of t, a value whose first
// rank dimensions are those of an ancestor Tensor of rank `rank` (t itself
// at the top) whose merged row partitions are outer: they are computed once
// and shared by every field.
func (t *Tensor) mergeShared(o, i, rank int, outer []*RowPartition) *Tensor {
	g := &Tensor{rank: t.rank - (i - o), nrows: t.nrows, names: t.names, valid: t.valid, isMap: t.isMap && i < t.rank-1}
	g.parts = append(outer[:len(outer):len(outer)], t.parts[rank-1:]...)
	g.fields = make([]Value, len(t.fields))
	for k, fv := range t.fieldValues() {
		switch f := fv.(type) {
		case *Dense:
			g.fields[k] = f.mergeDims(o, i)
		case *Ragged:
			g.fields[k] = leafFrom(f.values, f.nrows, append(outer[:len(outer):len(outer)], f.parts[rank-1:]...))
		case *Tensor:
			g.fields[k] = f.mergeShared(o, i, rank, outer)
		}
	}
	return g
}

// mergeDims merges dimensions o..i of a dense leaf: only its shape changes.
func (d *Dense) mergeDims(o, i int) *Dense {
	shape := make(Shape, 0, len(d.shape)-(i-o))
	shape = append(shape, d.shape[:o]...)
	n := 1
	for _, x := range d.shape[o : i+1] {
		n *= x
	}
	shape = append(shape, n)
	shape = append(shape, d.shape[i+1:]...)
	return &Dense{d.leafValues, shape}
}

// mergeChain merges dimensions o..i (0 < o < i) of the outer shape
// described by a partition chain (parts[k] cuts dimension k+1): the
// partitions of dimensions o..i are composed into one.
func mergeChain(parts []*RowPartition, o, i int) []*RowPartition {
	out := make([]*RowPartition, 0, len(parts)-(i-o))
	out = append(out, parts[:o-1]...)
	out = append(out, composePartitions(parts[o-1:i]))
	return append(out, parts[i:]...)
}

// composePartitions composes a chain of partitions (ps[k].nvals ==
// ps[k+1].nrows) into one cutting the last one's items into the first
// one's rows. Uniform chains give a uniform partition without computing
// splits; otherwise each split is followed down the chain, O(rows of ps[0]).
// Null rows of ps[0] stay null; those of the others have no items and
// vanish.
func composePartitions(ps []*RowPartition) *RowPartition {
	first, last := ps[0], ps[len(ps)-1]
	if allUniform(ps) {
		length := 1
		for _, p := range ps {
			length *= p.uniform
		}
		return mustUniform(length, first.nrows).withValidity(first.valid)
	}
	// Follow every split of ps[0] down the chain, one tight pass per
	// partition.
	splits := make([]int64, first.nrows+1)
	switch {
	case first.uniform != Unknown:
		for r := range splits {
			splits[r] = int64(r * first.uniform)
		}
	case first.s32 != nil:
		for r, s := range first.s32 {
			splits[r] = int64(s) - int64(first.base)
		}
	default:
		for r, s := range first.s64 {
			splits[r] = s - int64(first.base)
		}
	}
	narrow := last.nvals <= math.MaxInt32 && (first.uniform != Unknown || first.s32 != nil)
	for _, p := range ps[1:] {
		switch {
		case p.uniform != Unknown:
			for r, s := range splits {
				splits[r] = s * int64(p.uniform)
			}
		case p.s32 != nil:
			for r, s := range splits {
				splits[r] = int64(p.s32[s]) - int64(p.base)
			}
		default:
			for r, s := range splits {
				splits[r] = p.s64[s] - int64(p.base)
			}
		}
		if p.uniform == Unknown && p.s32 == nil {
			narrow = false
		}
	}
	if narrow {
		s32 := make([]int32, len(splits))
		for r, s := range splits {
			s32[r] = int32(s)
		}
		return newSplitsPartition(s32, nil).withValidity(first.valid)
	}
	return newSplitsPartition(splits, nil).withValidity(first.valid)
}
