package structured

import "github.com/apache/arrow-go/v18/arrow"

// Spec returns the exact Spec of the Tensor: its shape (Unknown for ragged
// dimensions, the number of rows included) and, per field in order,
//
//   - Type: the Arrow type of a leaf's items (nil for a nested Tensor),
//   - Dims: the field's own dimensions beyond the Tensor's rank, fixed for
//     a dense shape or a uniform row partition and Unknown for a ragged
//     one (in a rank-0 Tensor, where a field's first dimension is its
//     length, that length),
//   - Fields: the fields of a nested Tensor, recursively,
//   - Nullable: whether the field holds a null that ToValue shows: a null
//     item, a null list in its own dimensions or a null structure. Values
//     hidden below a null parent (a field of a null structure) do not
//     count. In a Spec from data, Nullable means "has nulls"; in a Spec
//     for conversion, "allows nulls".
//
// and Spec.Nullable says whether ToValue shows a null among the Tensor's
// own structures or its lists of depth 1 to rank-1 (structures hidden below
// a null list do not count, as for fields).
//
// It costs O(fields) when there are no nulls, and a pass over the slots of
// a field's levels where there are. For a Tensor built by [FromValue] or
// [FromValueSpec], FromValueSpec(t.ToValue(), t.Spec()) is Equal to t.
func (t *Tensor) Spec() *Spec {
	var vis []bool
	nullable := false
	if t.rank >= 2 {
		for _, p := range t.parts {
			var n bool
			vis, n = expandVis(vis, p)
			nullable = nullable || n
		}
	}
	vis, n := structVis(vis, t.valid, t.Size())
	return &Spec{Shape: t.Shape(), Fields: t.fieldSpecs(vis), Nullable: nullable || n}
}

// ConformsTo reports whether the Tensor's data fits s: nil if
// s.Compatible(t.Spec()) is, else that ErrSchema error naming the first
// differing field. A ragged field fits an Unknown dimension, a field whose
// values are all null fits any type, and a non-nullable field of s needs a
// field with no nulls.
func (t *Tensor) ConformsTo(s *Spec) error {
	return specCompatible("ConformsTo", s, t.Spec())
}

// FieldSpecOf returns the FieldSpec that v has as a field named name of a
// Tensor of the given rank (v's first rank dimensions being the Tensor's),
// as [Tensor.Spec] gives it. Nullable says whether v holds any null.
func FieldSpecOf(name string, v Value, rank int) (FieldSpec, error) {
	const op = "FieldSpecOf"
	if isNilValue(v) {
		return FieldSpec{}, errorf(op, ErrType, name, "value is nil")
	}
	if rank < 0 || v.Rank() < rank {
		return FieldSpec{}, errorf(op, ErrShape, name, "has rank %d, a field of a rank-%d Tensor needs rank >= %d", v.Rank(), rank, max(rank, 0))
	}
	return valueSpec(name, v, rank, nil), nil
}

// fieldSpecs returns the FieldSpecs of t's fields; vis says which of t's
// flat structures ToValue shows (nil: all of them).
func (t *Tensor) fieldSpecs(vis []bool) []FieldSpec {
	out := make([]FieldSpec, len(t.fields))
	for i, f := range t.fieldValues() {
		out[i] = valueSpec(t.names[i], f, t.rank, vis)
	}
	return out
}

// valueSpec returns the FieldSpec of v as a field of a parent of the given
// rank whose flat structures are visible as vis says (nil: all).
func valueSpec(name string, v Value, rank int, vis []bool) FieldSpec {
	fs := FieldSpec{Name: name}
	nrows, parts := outerLayout(v)
	// The field's own partitions, beyond those its parent describes; in a
	// rank-0 parent the outer dimension is the field's own too, all of its
	// slots belonging to the parent's one structure.
	own := parts
	if rank == 0 {
		if nrows != Unknown {
			fs.Dims = append(fs.Dims, nrows)
			if vis != nil {
				vis = repeatVis(vis[0], nrows)
			}
		}
	} else {
		own = parts[rank-1:]
	}
	nulls := false
	for _, p := range own {
		fs.Dims = append(fs.Dims, p.uniform)
		var n bool
		vis, n = expandVis(vis, p)
		nulls = nulls || n
	}
	switch x := v.(type) {
	case *Tensor:
		var n bool
		vis, n = structVis(vis, x.valid, x.Size())
		nulls = nulls || n
		fs.Fields = x.fieldSpecs(vis)
		if fs.Map = x.isMap; fs.Map && len(fs.Dims) > 0 {
			fs.Dims[len(fs.Dims)-1] = Unknown // each map has its own length
		}
	case Leaf:
		values := x.Values()
		fs.Type = values.DataType()
		nulls = nulls || itemNulls(values, vis)
	}
	fs.Nullable = nulls
	return fs
}

// repeatVis is the visibility of n slots that are all visible or not.
func repeatVis(visible bool, n int) []bool {
	if visible {
		return nil
	}
	return make([]bool, n)
}

// expandVis cuts the visibility of p's rows down to its items: an item is
// visible when its row is visible and not null. It reports whether a
// visible row is null. nil means all visible, and stays nil while no row
// is null.
func expandVis(vis []bool, p *RowPartition) ([]bool, bool) {
	if vis == nil && p.valid.nulls == 0 {
		return nil, false
	}
	out := make([]bool, p.nvals)
	nulls := false
	for i := range p.nrows {
		v := vis == nil || vis[i]
		if v && p.IsNull(i) {
			nulls, v = true, false
		}
		if v {
			s, e := p.Bounds(i)
			for k := s; k < e; k++ {
				out[k] = true
			}
		}
	}
	return out, nulls
}

// structVis hides the null structures of a validity over n structures and
// reports whether a visible one is null.
func structVis(vis []bool, valid validity, n int) ([]bool, bool) {
	if valid.nulls == 0 {
		return vis, false
	}
	out := make([]bool, n)
	nulls := false
	for i := range out {
		v := vis == nil || vis[i]
		if v && valid.isNull(i) {
			nulls, v = true, false
		}
		out[i] = v
	}
	return out, nulls
}

// itemNulls reports whether a visible item of values is null.
func itemNulls(values arrow.Array, vis []bool) bool {
	if values.NullN() == 0 {
		return false
	}
	if vis == nil {
		return true
	}
	for i, v := range vis {
		if v && itemIsNull(values, i) {
			return true
		}
	}
	return false
}
