package structured

import (
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
)

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
	for i := range t.fields {
		if fs, ok := t.piecesSpec(i, vis); ok {
			out[i] = fs
			continue
		}
		out[i] = valueSpec(t.names[i], t.field(i), t.rank, vis)
	}
	return out
}

// piecesSpec returns the FieldSpec of field i of a rank-1 Tensor from its
// pieces when it is not joined yet, so that a Spec (and so frame.Concat,
// a dataset's schema) costs no join: the pieces' Specs with their
// Nullable flags or'ed. It reports false, and the field is joined for its
// Spec, when a piece has a uniform dimension (the join's is uniform only
// when every piece with rows agrees).
func (t *Tensor) piecesSpec(i int, vis []bool) (FieldSpec, bool) {
	pcs := t.unjoined(i)
	if pcs == nil {
		return FieldSpec{}, false
	}
	var fs FieldSpec
	row := 0
	for j, p := range pcs {
		n := p.NumRows()
		var pv []bool
		if vis != nil {
			pv = vis[row : row+n]
		}
		row += n
		ps := valueSpec(t.names[i], p, 1, pv)
		if j == 0 {
			fs = ps
			if !allRagged(&fs) {
				return FieldSpec{}, false
			}
			continue
		}
		if !orNullable(&fs, &ps) {
			return FieldSpec{}, false
		}
	}
	return fs, true
}

// isNullSpec reports whether f is a leaf of Arrow type Null.
func isNullSpec(f *FieldSpec) bool { return f.Type != nil && f.Type.ID() == arrow.NULL }

// allRagged reports whether no dimension of f, at any depth, is uniform.
func allRagged(f *FieldSpec) bool {
	for _, d := range f.Dims {
		if d != Unknown {
			return false
		}
	}
	for k := range f.Fields {
		if !allRagged(&f.Fields[k]) {
			return false
		}
	}
	return true
}

// orNullable ors b's Nullable flags into a, at every depth, reporting
// false unless b has a's schema (fields matched by name) with ragged
// dimensions only. A Null-typed leaf on either side (a piece that held
// only nulls) takes the other's schema, as Concat's join gives it: its
// items become null items, lists or structures, nullable where it has a
// visible item.
func orNullable(a, b *FieldSpec) bool {
	switch {
	case isNullSpec(b):
		if isNullSpec(a) && len(a.Dims) != len(b.Dims) {
			return false // the join takes the higher rank's
		}
		a.Nullable = a.Nullable || b.Nullable
		return true
	case isNullSpec(a):
		if !allRagged(b) {
			return false
		}
		nullable := a.Nullable
		*a = *b
		a.Nullable = a.Nullable || nullable
		return true
	}
	if a.Map != b.Map || !a.Dims.Equal(b.Dims) || !allRagged(b) || len(a.Fields) != len(b.Fields) ||
		(a.Type == nil) != (b.Type == nil) || (a.Type != nil && !arrow.TypeEqual(a.Type, b.Type)) {
		return false
	}
	a.Nullable = a.Nullable || b.Nullable
	for k := range a.Fields {
		m := slices.IndexFunc(b.Fields, func(f FieldSpec) bool { return f.Name == a.Fields[k].Name })
		if m < 0 || !orNullable(&a.Fields[k], &b.Fields[m]) {
			return false
		}
	}
	return true
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
