package structured

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// Fixtures: records with every field kind (int64, string and float64
// leaves, a list, a nested structure with its own list, a list of nested
// structures with lists) and nulls at every level.

func aopRec(id, name, tags, pt, items any) any {
	return map[string]any{"id": id, "name": name, "tags": tags, "pt": pt, "items": items}
}

func aopPt(x, ys any) any { return map[string]any{"x": x, "ys": ys} }

func aopItem(k, v any) any { return map[string]any{"k": k, "v": v} }

// aopRecs returns four records; each call builds new Go values.
func aopRecs() []any {
	return []any{
		aopRec(int64(1), "a", []any{"x", "y"}, aopPt(1.5, []any{int64(1), int64(2)}), []any{aopItem(int64(1), []any{1.0, 2.0}), nil}),
		aopRec(nil, "b", nil, nil, []any{}),
		aopRec(int64(3), nil, []any{}, aopPt(nil, nil), nil),
		aopRec(int64(4), "d", []any{nil}, aopPt(4.0, []any{}), []any{aopItem(nil, nil), aopItem(int64(5), []any{})}),
	}
}

// aopTree returns the Go value of a fixture of the given rank: rank 0 is
// one record, rank 1 has a null structure, ranks 2 and 3 have empty and
// null lists.
func aopTree(rank int) any {
	r := aopRecs()
	switch rank {
	case 0:
		return r[0]
	case 1:
		return []any{r[0], r[1], nil, r[2], r[3]}
	case 2:
		return []any{[]any{r[0], r[1]}, []any{}, nil, []any{r[2], nil, r[3]}}
	}
	return []any{[]any{[]any{r[0]}, []any{}, nil}, []any{[]any{r[1], r[2]}}, []any{}, nil, []any{[]any{r[3]}}}
}

// aopFixture is the fixture of the given rank as a Tensor.
func aopFixture(t testing.TB, rank int) *Tensor {
	t.Helper()
	st, err := FromValue(aopTree(rank))
	if err != nil {
		t.Fatalf("FromValue(rank %d): %v", rank, err)
	}
	return st
}

// aopUniform is a rank-2 Tensor of shape [2, 3] with dense fields: e of
// shape [2, 3, 2] (with a null item) and s of shape [2, 3].
func aopUniform(t testing.TB) *Tensor {
	e := Must(NewDense(ixArray(t, arrow.PrimitiveTypes.Float64, `[0, 1, 2, 3, null, 5, 6, 7, 8, 9, 10, 11]`), 2, 3, 2))
	s := Must(NewDense(ixArray(t, arrow.BinaryTypes.String, `["a", "b", "c", "d", "e", null]`), 2, 3))
	return Must(FromFieldsShape([]FieldValue{{"e", e}, {"s", s}}, Shape{2, 3}))
}

// aopTable is a rank-1 Tensor with dense fields, one of shape [4, 2].
func aopTable(t testing.TB) *Tensor {
	id := Must(NewDense(ixArray(t, arrow.PrimitiveTypes.Int64, `[1, 2, null, 4]`)))
	v := Must(NewDense(ixArray(t, arrow.PrimitiveTypes.Float64, `[1, 2, 3, 4, 5, null, 7, 8]`), 4, 2))
	return Must(FromFields([]FieldValue{{"id", id}, {"v", v}}, 1))
}

// aopAll lists every fixture of rank >= 1 by name.
func aopAll(t testing.TB) []struct {
	name string
	st   *Tensor
} {
	return []struct {
		name string
		st   *Tensor
	}{
		{"rank1", aopFixture(t, 1)},
		{"rank2", aopFixture(t, 2)},
		{"rank3", aopFixture(t, 3)},
		// No empty rows (but null ones), so that Gather has indices valid
		// in every row of the inner dimensions.
		{"rank2 full rows", Must(aopFixture(t, 2).Take([]int{0, 2, 3}))},
		{"rank3 full rows", Must(aopFixture(t, 3).Take([]int{1, 3, 4}))},
		{"uniform", aopUniform(t)},
		{"table", aopTable(t)},
	}
}

// aopCheck checks invariants that Validate does not: fields share their
// Tensor's row partitions (or are dense under uniform ones), null
// ragged rows are empty, and the structure validity covers Size slots.
func aopCheck(t *testing.T, what string, v Value) {
	t.Helper()
	if st, ok := v.(*Tensor); ok {
		if err := st.Validate(); err != nil {
			t.Fatalf("%s: Validate: %v", what, err)
		}
	}
	var walk func(v Value, path string)
	walk = func(v Value, path string) {
		var parts []*RowPartition
		switch x := v.(type) {
		case *Tensor:
			parts = x.parts
			if x.valid.nulls != 0 && x.valid.buf.Len()*8 < x.valid.off+x.Size() {
				t.Errorf("%s: %s: validity too short for %d structures", what, path, x.Size())
			}
			for i, f := range x.fieldValues() {
				fp := joinPath(path, x.names[i])
				if x.rank >= 2 {
					if _, ok := f.(*Dense); ok {
						if !allUniform(x.parts) {
							t.Errorf("%s: %s is dense under ragged partitions", what, fp)
						}
					} else {
						for k, p := range x.parts {
							if !chainParts(f)[k].sameCut(p) {
								t.Errorf("%s: %s does not follow its Tensor's partition %d", what, fp, k)
							}
						}
					}
				}
				walk(f, fp)
			}
		case Leaf:
			_, _, parts = leafLayout(x)
		}
		for k, p := range parts {
			for r := 0; r < p.nrows; r++ {
				if s, e := p.Bounds(r); p.IsNull(r) && p.uniform == Unknown && e != s {
					t.Errorf("%s: %s: partition %d: null row %d holds %d items", what, path, k, r, e-s)
				}
			}
		}
	}
	walk(v, "")
}

// aopLeaves collects the leaves of a value by path.
func aopLeaves(v Value, path string, out map[string]Leaf) map[string]Leaf {
	if out == nil {
		out = map[string]Leaf{}
	}
	switch x := v.(type) {
	case *Tensor:
		for i, f := range x.fieldValues() {
			aopLeaves(f, joinPath(path, x.names[i]), out)
		}
	case Leaf:
		out[path] = x
	}
	return out
}

// aopSameBuffers reports whether two arrays hold the same data buffers.
func aopSameBuffers(a, b arrow.Array) bool {
	ab, bb := a.Data().Buffers(), b.Data().Buffers()
	if len(ab) != len(bb) {
		return false
	}
	for i := 1; i < len(ab); i++ {
		if ab[i] != bb[i] {
			return false
		}
	}
	return true
}

// Naive implementations on ToValue's nested Go values.

func aopList(v any) []any { l, _ := v.([]any); return l }

// aopConcat concatenates along axis; below it, a row null in every input
// is null, otherwise a null list counts as empty.
func aopConcat(axis int, vs []any) any {
	if axis == 0 {
		out := []any{}
		for _, v := range vs {
			out = append(out, aopList(v)...)
		}
		return out
	}
	out := make([]any, len(aopList(vs[0])))
	for i := range out {
		rows, null := make([]any, len(vs)), true
		for j, v := range vs {
			if l := aopList(v); i < len(l) {
				rows[j] = l[i]
			}
			null = null && rows[j] == nil
		}
		if !null {
			out[i] = aopConcat(axis-1, rows)
		}
	}
	return out
}

// aopExpand wraps each element of depth axis in a list of one.
func aopExpand(v any, axis int) any {
	if axis == 0 {
		return []any{v}
	}
	if v == nil {
		return nil
	}
	l := aopList(v)
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = aopExpand(e, axis-1)
	}
	return out
}

// aopGather gathers idx (negative from the end) at depth axis.
func aopGather(v any, idx []int, axis int) any {
	if v == nil {
		return nil
	}
	l := aopList(v)
	if axis == 0 {
		out := make([]any, len(idx))
		for i, j := range idx {
			if j < 0 {
				j += len(l)
			}
			out[i] = l[j]
		}
		return out
	}
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = aopGather(e, idx, axis-1)
	}
	return out
}

// aopGatherRagged gathers idxs[p] within row p of depth axis-1, p
// counting those rows row-major.
func aopGatherRagged(v any, idxs [][]int, axis int, next *int) any {
	l := aopList(v)
	out := make([]any, len(l))
	for i, e := range l {
		if axis == 1 {
			p := *next
			*next++
			if e != nil {
				out[i] = aopGather(e, idxs[p], 0)
			}
		} else if e != nil {
			out[i] = aopGatherRagged(e, idxs, axis-1, next)
		}
	}
	return out
}

// aopRowLens lists the lengths of the rows at depth axis-1 (-1 for null).
func aopRowLens(v any, axis int, out []int) []int {
	for _, e := range aopList(v) {
		switch {
		case axis > 1:
			out = aopRowLens(e, axis-1, out)
		case e == nil:
			out = append(out, -1)
		default:
			out = append(out, len(aopList(e)))
		}
	}
	return out
}

// aopFilter keeps the elements of depth k-1 where mask (of the same
// shape) is true.
func aopFilter(v, mask any, k int) any {
	if v == nil {
		return nil
	}
	l, m := aopList(v), aopList(mask)
	out := []any{}
	if k > 1 {
		out = make([]any, len(l))
	}
	for i, e := range l {
		if k > 1 {
			out[i] = aopFilter(e, m[i], k-1)
		} else if m[i] == true {
			out = append(out, e)
		}
	}
	return out
}

// aopMaskLike builds a random bool tree shaped like v's first k dims
// (null lists stay nil), with some null bools.
func aopMaskLike(v any, k int, rng *rand.Rand) any {
	if v == nil {
		return nil
	}
	l := aopList(v)
	out := make([]any, len(l))
	for i, e := range l {
		if k > 1 {
			out[i] = aopMaskLike(e, k-1, rng)
			continue
		}
		switch rng.IntN(5) {
		case 0:
			out[i] = nil
		case 1, 2:
			out[i] = true
		default:
			out[i] = false
		}
	}
	return out
}

// aopSlice applies a slice at depth axis.
func aopSlice(v any, axis int, s Slice) any {
	if v == nil {
		return nil
	}
	l := aopList(v)
	if axis == 0 {
		out := []any{}
		start, _, step := s.Indices(len(l))
		for i := 0; i < s.Len(len(l)); i++ {
			out = append(out, l[start+i*step])
		}
		return out
	}
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = aopSlice(e, axis-1, s)
	}
	return out
}

func aopEqualValue(t *testing.T, what string, got Value, want any) {
	t.Helper()
	if g := got.ToValue(); !reflect.DeepEqual(g, want) {
		t.Errorf("%s:\n got %v\nwant %v", what, g, want)
	}
}

func TestArrayOpsSizeRankShape(t *testing.T) {
	for _, tc := range []struct {
		v     any
		size  int
		rank  int
		shape string
	}{
		{map[string]any{}, 1, 0, "[]"},
		{[]any{map[string]any{}, map[string]any{}, map[string]any{}}, 3, 1, "[3]"},
		// TensorFlow's example: tf.size of [[{},{}],[{}]] is 3.
		{[]any{[]any{map[string]any{}, map[string]any{}}, []any{map[string]any{}}}, 3, 2, "[2, var]"},
		{aopTree(0), 1, 0, "[]"},
		{aopTree(1), 5, 1, "[5]"},
		{aopTree(2), 5, 2, "[4, var]"},
		{aopTree(3), 4, 3, "[5, var, var]"},
	} {
		st := Must(FromValue(tc.v))
		if st.Size() != tc.size || st.Rank() != tc.rank || st.Shape().String() != tc.shape {
			t.Errorf("%v: size %d rank %d shape %v, want %d %d %s", tc.v, st.Size(), st.Rank(), st.Shape(), tc.size, tc.rank, tc.shape)
		}
	}
	u := aopUniform(t)
	if u.Size() != 6 || u.Rank() != 2 || !u.Shape().Equal(Shape{2, 3}) {
		t.Errorf("uniform: size %d rank %d shape %v", u.Size(), u.Rank(), u.Shape())
	}
}

func TestConcatByHand(t *testing.T) {
	r := aopRecs()
	one := func(v any) *Tensor { return Must(FromValue(v)) }
	for _, tc := range []struct {
		name string
		axis int
		ts   []*Tensor
		want any
	}{
		{"rows", 0, []*Tensor{one([]any{r[0], nil}), one([]any{r[1]}), one([]any{r[2], r[3]})}, []any{r[0], nil, r[1], r[2], r[3]}},
		{"negative axis", -1, []*Tensor{one([]any{r[1]}), one([]any{r[0]})}, []any{r[1], r[0]}},
		{"rank 2 axis 0", 0, []*Tensor{one([]any{[]any{r[0]}, nil}), one([]any{[]any{}, []any{r[1], r[2]}})},
			[]any{[]any{r[0]}, nil, []any{}, []any{r[1], r[2]}}},
		{"rank 2 axis 1", 1, []*Tensor{one([]any{[]any{r[0]}, nil, []any{}}), one([]any{[]any{r[1], nil}, nil, []any{r[3]}})},
			[]any{[]any{r[0], r[1], nil}, nil, []any{r[3]}}},
		{"null list joins rows", 1, []*Tensor{one([]any{nil, []any{r[0]}}), one([]any{[]any{r[1]}, []any{r[2]}})},
			[]any{[]any{r[1]}, []any{r[0], r[2]}}},
		{"rank 3 axis 2", 2, []*Tensor{one([]any{[]any{[]any{r[0]}, []any{}}}), one([]any{[]any{[]any{r[1]}, []any{r[2], r[3]}}})},
			[]any{[]any{[]any{r[0], r[1]}, []any{r[2], r[3]}}}},
		{"single input", 0, []*Tensor{one([]any{r[0]})}, []any{r[0]}},
	} {
		got, err := Concat(tc.axis, tc.ts...)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		aopCheck(t, tc.name, got)
		aopEqualValue(t, tc.name, got, tc.want)
	}
}

// Concatenating pieces cut from a Tensor along axis 0 gives the Tensor
// back, with its arrays: adjacent slices are joined without copying.
func TestConcatSplitsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fx := range aopAll(t) {
		st := fx.st
		for trial := 0; trial < 20; trial++ {
			var pieces []*Tensor
			for lo := 0; lo < st.nrows; {
				hi := lo + rng.IntN(st.nrows-lo+1)
				if trial%3 == 0 {
					hi = lo + 1 + rng.IntN(st.nrows-lo) // no empty pieces
				}
				pieces = append(pieces, Must(st.Slice(0, Span(lo, hi))))
				lo = hi
			}
			got, err := Concat(0, pieces...)
			if err != nil {
				t.Fatalf("%s: %v", fx.name, err)
			}
			aopCheck(t, fx.name, got)
			if !Equal(got, st) {
				t.Fatalf("%s: Concat of %d pieces:\n%v\nwant\n%v", fx.name, len(pieces), got, st)
			}
			want := aopLeaves(st, "", nil)
			for path, l := range aopLeaves(got, "", nil) {
				if !aopSameBuffers(l.Values(), want[path].Values()) {
					t.Errorf("%s: %s was copied, not joined back", fx.name, path)
				}
			}
		}
	}
}

// Concat of Tensors that share no arrays copies them into one.
func TestConcatMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, fx := range aopAll(t) {
		st := fx.st
		for axis := 0; axis < st.rank; axis++ {
			rev := Must(st.Slice(axis, All.By(-1)))
			first := Must(st.Slice(axis, To(1)))
			perm := rng.Perm(st.nrows)
			var ins []*Tensor
			if axis == 0 {
				ins = []*Tensor{st, Must(st.Take(perm)), first, rev}
			} else {
				ins = []*Tensor{st, rev, first, st}
			}
			got, err := Concat(axis, ins...)
			if err != nil {
				t.Fatalf("%s axis %d: %v", fx.name, axis, err)
			}
			what := fmt.Sprintf("%s axis %d", fx.name, axis)
			aopCheck(t, what, got)
			vals := make([]any, len(ins))
			for j, in := range ins {
				vals[j] = in.ToValue()
			}
			aopEqualValue(t, what, got, aopConcat(axis, vals))
			// The same along a negative axis.
			neg, err := Concat(axis-st.rank, ins...)
			if err != nil || !Equal(neg, got) {
				t.Errorf("%s: axis %d differs from axis %d (%v)", what, axis-st.rank, axis, err)
			}
		}
	}
}

func TestConcatKeepsKindsAndTypes(t *testing.T) {
	// Dense fields stay dense along axis 0 when their inner shapes agree.
	tab := aopTable(t)
	got := Must(Concat(0, tab, tab))
	if _, ok := Must(got.Field("v")).(*Dense); !ok || !Must(got.Field("v")).Shape().Equal(Shape{8, 2}) {
		t.Errorf("dense field: %v", Must(got.Field("v")))
	}
	// Uniform dimensions that agree stay uniform, along axis 0 and 1.
	u := aopUniform(t)
	if g := Must(Concat(0, u, u)); !g.Shape().Equal(Shape{4, 3}) {
		t.Errorf("uniform axis 0: shape %v", g.Shape())
	}
	if g := Must(Concat(1, u, u)); !g.Shape().Equal(Shape{2, 6}) || !Must(g.Field("e")).Shape().Equal(Shape{2, 6, 2}) {
		t.Errorf("uniform axis 1: shape %v, e %v", g.Shape(), Must(g.Field("e")).Shape())
	}
	// ... and those that differ become ragged.
	u2 := Must(u.Slice(1, To(2)))
	g := Must(Concat(0, u, u2))
	if !g.Shape().Equal(Shape{4, Unknown}) {
		t.Errorf("uniform 3 and 2: shape %v", g.Shape())
	}
	aopCheck(t, "uniform 3 and 2", g)
	// int32 splits stay int32, so ToArrow keeps List (not LargeList).
	st := aopFixture(t, 2)
	for axis := 0; axis < 2; axis++ {
		c := Must(Concat(axis, st, st))
		for k, p := range c.parts {
			if p0 := st.parts[k]; p.DType().ID() != p0.DType().ID() {
				t.Errorf("axis %d: partition %d has %s splits, input %s", axis, k, p.DType(), p0.DType())
			}
		}
	}
	// Fields are matched by name; the result has input 0's order.
	ab := Must(FromFields([]FieldValue{{"a", Must(NewDense(ixArray(t, arrow.PrimitiveTypes.Int64, `[1]`)))},
		{"b", Must(NewDense(ixArray(t, arrow.BinaryTypes.String, `["x"]`)))}}, 1))
	ba := Must(FromFields([]FieldValue{{"b", Must(NewDense(ixArray(t, arrow.BinaryTypes.String, `["y"]`)))},
		{"a", Must(NewDense(ixArray(t, arrow.PrimitiveTypes.Int64, `[2]`)))}}, 1))
	if c := Must(Concat(0, ab, ba)); !reflect.DeepEqual(c.FieldNames(), []string{"a", "b"}) ||
		!reflect.DeepEqual(c.ToValue(), []any{map[string]any{"a": int64(1), "b": "x"}, map[string]any{"a": int64(2), "b": "y"}}) {
		t.Errorf("fields in another order: %v", c)
	}
	// An empty input: the other's arrays are shared.
	empty := Must(st.Slice(0, Span(0, 0)))
	c := Must(Concat(0, empty, st))
	for path, l := range aopLeaves(c, "", nil) {
		if l.Values() != aopLeaves(st, "", nil)[path].Values() {
			t.Errorf("%s: not shared with the only non-empty input", path)
		}
	}
}

// A uniform dimension with a null row keeps its placeholders when
// concatenated along it: the row is null only if null in every input.
func TestConcatUniformNullRows(t *testing.T) {
	u := aopUniform(t)
	nulled := Must(gatherRows(u, []int{0, -1})).(*Tensor) // row 1: a null list of 3 placeholders
	if !nulled.parts[0].IsUniform() || !nulled.parts[0].IsNull(1) {
		t.Fatalf("fixture: %v", nulled.parts[0])
	}
	got := Must(Concat(1, nulled, u))
	aopCheck(t, "null uniform row", got)
	if got.parts[0].IsNull(1) || !got.Shape().Equal(Shape{2, 6}) {
		t.Errorf("got shape %v, row 1 null %v", got.Shape(), got.parts[0].IsNull(1))
	}
	both := Must(Concat(1, nulled, nulled))
	if !both.parts[0].IsNull(1) || both.parts[0].IsNull(0) {
		t.Errorf("null in both inputs: %v", both.parts[0])
	}
}

// A field that was all null or only empty lists in one batch has Arrow
// type Null; it concatenates with the typed field of another batch.
func TestConcatNullTypedFields(t *testing.T) {
	empty := []any{map[string]any{"a": []any{}, "b": nil, "c": nil, "d": []any{}}, map[string]any{"a": []any{}, "b": nil, "c": nil, "d": nil}}
	typed := []any{map[string]any{
		"a": []any{int64(1), nil},
		"b": map[string]any{"x": int64(1), "ys": []any{"s"}},
		"c": []any{[]any{1.5}},
		"d": []any{map[string]any{"k": true}},
	}}
	e, ty := Must(FromValue(empty)), Must(FromValue(typed))
	if dt := Must(e.Field("a")).(Leaf).DataType(); dt.ID() != arrow.NULL {
		t.Fatalf("fixture: a is %s, want null", dt)
	}
	for _, order := range [][]*Tensor{{e, ty}, {ty, e}, {e, e, ty, e}} {
		got, err := Concat(0, order...)
		if err != nil {
			t.Fatal(err)
		}
		aopCheck(t, "null typed", got)
		var want []any
		for _, in := range order {
			if in == e {
				want = append(want, empty...)
			} else {
				want = append(want, typed...)
			}
		}
		aopEqualValue(t, "null typed", got, want)
		for path, dt := range map[string]arrow.DataType{"a": arrow.PrimitiveTypes.Int64, "b.x": arrow.PrimitiveTypes.Int64,
			"b.ys": arrow.BinaryTypes.String, "c": arrow.PrimitiveTypes.Float64, "d.k": arrow.FixedWidthTypes.Boolean} {
			if l := aopLeaves(got, "", nil)[path]; l == nil || !arrow.TypeEqual(l.DataType(), dt) {
				t.Errorf("%s: got %v, want %s", path, l, dt)
			}
		}
	}
	// Two Null-typed fields of different ranks: the higher rank wins.
	n1 := Must(FromValue([]any{map[string]any{"a": nil}}))
	n2 := Must(FromValue([]any{map[string]any{"a": []any{[]any{}}}}))
	got := Must(Concat(0, n1, n2))
	aopEqualValue(t, "null ranks", got, []any{map[string]any{"a": nil}, map[string]any{"a": []any{[]any{}}}})
	if r := Must(got.Field("a")).Rank(); r != 3 {
		t.Errorf("null ranks: rank %d, want 3", r)
	}
}

func TestStack(t *testing.T) {
	r := aopRecs()
	r0, r1 := Must(FromValue(r[0])), Must(FromValue(r[1]))
	got := Must(Stack(0, r0, r1, r0))
	aopCheck(t, "stack rank 0", got)
	aopEqualValue(t, "stack rank 0", got, []any{r[0], r[1], r[0]})
	for _, fx := range aopAll(t) {
		st := fx.st
		other := Must(st.Slice(st.rank-1, All.By(-1))) // same dims before the last
		for axis := 0; axis <= st.rank; axis++ {
			what := fmt.Sprintf("%s axis %d", fx.name, axis)
			var ins []*Tensor
			switch axis {
			case st.rank:
				ins = []*Tensor{st, st}
			case st.rank - 1:
				ins = []*Tensor{st, other, st}
			default:
				ins = []*Tensor{st, st, st}
			}
			got, err := Stack(axis, ins...)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			aopCheck(t, what, got)
			vals := make([]any, len(ins))
			for j, in := range ins {
				vals[j] = aopExpand(in.ToValue(), axis)
			}
			aopEqualValue(t, what, got, aopConcat(axis, vals))
			if got.rank != st.rank+1 {
				t.Errorf("%s: rank %d", what, got.rank)
			}
			// The new dimension is uniform of size len(ins).
			if axis == 0 && got.nrows != len(ins) || axis > 0 && got.parts[axis-1].uniform != len(ins) {
				t.Errorf("%s: shape %v", what, got.Shape())
			}
		}
	}
}

func TestExpandDims(t *testing.T) {
	for _, fx := range append(aopAll(t), struct {
		name string
		st   *Tensor
	}{"rank0", aopFixture(t, 0)}) {
		st := fx.st
		for axis := -st.rank - 1; axis <= st.rank; axis++ {
			what := fmt.Sprintf("%s axis %d", fx.name, axis)
			got, err := st.ExpandDims(axis)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			aopCheck(t, what, got)
			a := axis
			if a < 0 {
				a += st.rank + 1
			}
			aopEqualValue(t, what, got, aopExpand(st.ToValue(), a))
			want := st.Shape()
			want = append(want[:a:a], append(Shape{1}, want[a:]...)...)
			if !got.Shape().Equal(want) {
				t.Errorf("%s: shape %v, want %v", what, got.Shape(), want)
			}
			// Everything is shared: arrays, partitions and null structures.
			in := aopLeaves(st, "", nil)
			for path, l := range aopLeaves(got, "", nil) {
				if l.Values() != in[path].Values() {
					t.Errorf("%s: %s: array not shared", what, path)
				}
				if _, ok := in[path].(*Dense); ok {
					if _, ok := l.(*Dense); !ok {
						t.Errorf("%s: %s: dense became %T", what, path, l)
					}
				}
			}
			for k, p := range st.parts {
				k2 := k
				if k+1 >= a {
					k2++
				}
				if got.parts[k2] != p {
					t.Errorf("%s: partition %d not shared", what, k)
				}
			}
			if st.valid.nulls != 0 && got.valid.buf != st.valid.buf {
				t.Errorf("%s: null structures not shared", what)
			}
		}
	}
}

func TestGatherByHand(t *testing.T) {
	r := aopRecs()
	st := aopFixture(t, 1)
	st2 := aopFixture(t, 2)
	for _, tc := range []struct {
		name string
		got  func() (*Tensor, error)
		want any
	}{
		{"rows", func() (*Tensor, error) { return st.Gather([]int{3, 0, 2, 0}, 0) }, []any{r[2], r[0], nil, r[0]}},
		{"negative", func() (*Tensor, error) { return st.Gather([]int{-1, -5}, 0) }, []any{r[3], r[0]}},
		{"none", func() (*Tensor, error) { return st.Take([]int{}) }, []any{}},
		{"rank 2 rows", func() (*Tensor, error) { return st2.Take([]int{2, 3, 1}) }, []any{nil, []any{r[2], nil, r[3]}, []any{}}},
		{"rank 2 inner", func() (*Tensor, error) { return Must(st2.Take([]int{0, 3, 2})).Gather([]int{-1, 0}, 1) },
			[]any{[]any{r[1], r[0]}, []any{r[3], r[2]}, nil}},
		{"ragged", func() (*Tensor, error) { return st2.GatherRagged([][]int{{1, 1, 0}, {}, {7}, {2, -3}}, 1) },
			[]any{[]any{r[1], r[1], r[0]}, []any{}, nil, []any{r[3], r[2]}}},
	} {
		got, err := tc.got()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		aopCheck(t, tc.name, got)
		aopEqualValue(t, tc.name, got, tc.want)
	}
	// Along an inner axis the dimension becomes uniform.
	g := Must(Must(st2.Take([]int{0, 3})).Gather([]int{1, 0, 1}, 1))
	if !g.Shape().Equal(Shape{2, 3}) {
		t.Errorf("inner gather shape %v", g.Shape())
	}
}

func TestGatherMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, fx := range aopAll(t) {
		st := fx.st
		tree := st.ToValue()
		for axis := 0; axis < st.rank; axis++ {
			// Indices valid in every row: below the shortest non-null row.
			n := st.nrows
			if axis > 0 {
				n = -1
				for _, l := range aopRowLens(tree, axis, nil) {
					if l >= 0 && (n < 0 || l < n) {
						n = l
					}
				}
			}
			for trial := 0; trial < 10; trial++ {
				idx := []int{}
				for k := rng.IntN(7); n > 0 && k > 0; k-- {
					idx = append(idx, rng.IntN(2*n)-n)
				}
				what := fmt.Sprintf("%s axis %d indices %v", fx.name, axis, idx)
				got, err := st.Gather(idx, axis)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				aopCheck(t, what, got)
				aopEqualValue(t, what, got, aopGather(tree, idx, axis))
			}
			if axis == 0 {
				continue
			}
			// Per-row indices.
			lens := aopRowLens(tree, axis, nil)
			idxs := make([][]int, len(lens))
			for p, l := range lens {
				for k := rng.IntN(4); l > 0 && k > 0; k-- {
					idxs[p] = append(idxs[p], rng.IntN(2*l)-l)
				}
			}
			got, err := st.GatherRagged(idxs, axis)
			if err != nil {
				t.Fatalf("%s axis %d ragged: %v", fx.name, axis, err)
			}
			what := fmt.Sprintf("%s axis %d ragged %v", fx.name, axis, idxs)
			aopCheck(t, what, got)
			next := 0
			aopEqualValue(t, what, got, aopGatherRagged(tree, idxs, axis, &next))
		}
	}
}

// Gathering a permutation then its inverse gives the Tensor back.
func TestGatherPermutationInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	inverse := func(p []int) []int {
		inv := make([]int, len(p))
		for i, j := range p {
			inv[j] = i
		}
		return inv
	}
	for _, fx := range aopAll(t) {
		st := fx.st
		for trial := 0; trial < 5; trial++ {
			p := rng.Perm(st.nrows)
			g := Must(st.Gather(p, 0))
			if back := Must(g.Gather(inverse(p), 0)); !Equal(back, st) {
				t.Errorf("%s: Gather(%v) then its inverse:\n%v\nwant\n%v", fx.name, p, back, st)
			}
			// Per row along the last axis.
			if st.rank < 2 {
				continue
			}
			a := st.rank - 1
			lens := aopRowLens(st.ToValue(), a, nil)
			perms, invs := make([][]int, len(lens)), make([][]int, len(lens))
			for r, l := range lens {
				perms[r] = rng.Perm(max(l, 0))
				invs[r] = inverse(perms[r])
			}
			g = Must(st.GatherRagged(perms, a))
			back := Must(g.GatherRagged(invs, a))
			if !reflect.DeepEqual(back.ToValue(), st.ToValue()) {
				t.Errorf("%s: per-row permutation and inverse differ", fx.name)
			}
		}
	}
	// A uniform dimension permuted with Gather stays uniform and comes back.
	u := aopUniform(t)
	if back := Must(Must(u.Gather([]int{2, 0, 1}, 1)).Gather([]int{1, 2, 0}, 1)); !Equal(back, u) {
		t.Errorf("uniform: %v", back)
	}
}

func TestGatherShares(t *testing.T) {
	st := aopFixture(t, 1)
	in := aopLeaves(st, "", nil)
	for _, idx := range [][]int{{1, 2, 3}, {-4, -3}} {
		g := Must(st.Take(idx))
		for path, l := range aopLeaves(g, "", nil) {
			if !aopSameBuffers(l.Values(), in[path].Values()) {
				t.Errorf("Take(%v): %s copied", idx, path)
			}
		}
	}
	m := Must(st.BooleanMask([]bool{false, true, true, false, false}))
	for path, l := range aopLeaves(m, "", nil) {
		if !aopSameBuffers(l.Values(), in[path].Values()) {
			t.Errorf("BooleanMask of a run: %s copied", path)
		}
	}
	g := Must(st.Take([]int{2, 1}))
	if l := aopLeaves(g, "", nil)["name"]; aopSameBuffers(l.Values(), in["name"].Values()) {
		t.Errorf("Take of an unordered selection shares buffers")
	}
}

func TestBooleanMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, fx := range aopAll(t) {
		st := fx.st
		tree := st.ToValue()
		for trial := 0; trial < 10; trial++ {
			mask := make([]bool, st.nrows)
			var want []any
			for i := range mask {
				mask[i] = rng.IntN(2) == 0
				if mask[i] {
					want = append(want, aopList(tree)[i])
				}
			}
			got := Must(st.BooleanMask(mask))
			aopCheck(t, fx.name, got)
			aopEqualValue(t, fmt.Sprintf("%s mask %v", fx.name, mask), got, append([]any{}, want...))
		}
		for k := 1; k <= st.rank; k++ {
			for trial := 0; trial < 5; trial++ {
				mtree := aopMaskLike(tree, k, rng)
				mv, err := ValueOf(mtree)
				if err != nil {
					t.Fatalf("%s: mask %v: %v", fx.name, mtree, err)
				}
				mask := mv.(Leaf)
				if mask.DataType().ID() != arrow.BOOL {
					continue // no item at all: ValueOf types it Null
				}
				what := fmt.Sprintf("%s rank-%d mask %v", fx.name, k, mtree)
				got, err := st.BooleanMaskRagged(mask)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				aopCheck(t, what, got)
				aopEqualValue(t, what, got, aopFilter(tree, mtree, k))
			}
		}
	}
	// By hand: drop the null structure and keep the nulls inside.
	r := aopRecs()
	got := Must(aopFixture(t, 1).BooleanMask([]bool{true, true, false, true, false}))
	aopEqualValue(t, "by hand", got, []any{r[0], r[1], r[2]})
	mask := Must(ValueOf([]any{[]any{false, true}, []any{}, nil, []any{true, nil, true}})).(Leaf)
	got = Must(aopFixture(t, 2).BooleanMaskRagged(mask))
	aopEqualValue(t, "ragged by hand", got, []any{[]any{r[1]}, []any{}, nil, []any{r[2], r[3]}})
}

func TestTensorSlice(t *testing.T) {
	for _, fx := range aopAll(t) {
		st := fx.st
		tree := st.ToValue()
		for axis := 0; axis < st.rank; axis++ {
			for _, s := range []Slice{All, Span(1, 3), From(-1), All.By(-1), S("::2"), Span(5, 1)} {
				what := fmt.Sprintf("%s axis %d %v", fx.name, axis, s)
				got, err := st.Slice(axis, s)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				aopCheck(t, what, got)
				aopEqualValue(t, what, got, aopSlice(tree, axis, s))
				if neg := Must(st.Slice(axis-st.rank, s)); !Equal(neg, got) {
					t.Errorf("%s: negative axis differs", what)
				}
			}
		}
		if got := Must(st.Slice(0, All)); got != st {
			t.Errorf("%s: Slice(0, All) is not t itself", fx.name)
		}
	}
}

func TestArrayOpsErrors(t *testing.T) {
	one := func(v any) *Tensor { return Must(FromValue(v)) }
	rows := func(recs ...any) *Tensor { return one(recs) }
	m := func(kv ...any) map[string]any {
		out := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i].(string)] = kv[i+1]
		}
		return out
	}
	r1, r2, r3 := aopFixture(t, 1), aopFixture(t, 2), aopFixture(t, 3)
	r0 := aopFixture(t, 0)
	for _, tc := range []struct {
		name string
		err  func() error
		kind error
		msg  string
	}{
		{"concat nothing", func() error { _, err := Concat(0); return err }, ErrShape, "structured: Concat: needs at least one Tensor"},
		{"concat nil", func() error { _, err := Concat(0, r1, nil); return err }, ErrShape, "input 1 is nil"},
		{"concat ranks", func() error { _, err := Concat(0, r1, r2); return err }, ErrShape, "input 1 has rank 2, input 0 has rank 1"},
		{"concat rank 0", func() error { _, err := Concat(0, r0, r0); return err }, ErrIndex, "a rank-0 Tensor has no dimension to concatenate along"},
		{"concat axis", func() error { _, err := Concat(1, r1, r1); return err }, ErrIndex, "axis=1 out of bounds: expected -1<=axis<1"},
		{"concat axis negative", func() error { _, err := Concat(-3, r2, r2); return err }, ErrIndex, "axis=-3 out of bounds: expected -2<=axis<2"},
		{"int64 and float64", func() error { _, err := Concat(0, rows(m("a", 1)), rows(m("a", 1.5))); return err }, ErrSchema,
			"structured: Concat: field a: input 1 has dtype float64, input 0 has dtype int64: Concat does not convert types"},
		{"nested dtype", func() error {
			_, err := Concat(0, rows(m("pt", m("x", 1))), rows(m("pt", m("x", "s"))))
			return err
		}, ErrSchema, "field pt.x: input 1 has dtype string, input 0 has dtype int64"},
		{"missing field", func() error {
			_, err := Concat(0, rows(m("a", 1, "b", 2)), rows(m("a", 1)), rows(m("a", 1, "b", 2)))
			return err
		},
			ErrSchema, "field b: is in input 0 but not in input 1"},
		{"extra nested field", func() error {
			_, err := Concat(0, rows(m("pt", m("x", 1))), rows(m("pt", m("x", 1))), rows(m("pt", m("x", 1, "y", 2))))
			return err
		}, ErrSchema, "field pt.y: is in input 2 but not in input 0"},
		{"leaf ranks", func() error { _, err := Concat(0, rows(m("a", []any{1})), rows(m("a", []any{[]any{1}}))); return err },
			ErrSchema, "field a: input 1 has rank 3, input 0 has rank 2"},
		{"nested ranks", func() error {
			_, err := Concat(0, rows(m("s", m("x", 1))), rows(m("s", []any{m("x", 1)})))
			return err
		}, ErrSchema, "field s: input 1 has rank 2, input 0 has rank 1"},
		{"leaf and structure", func() error { _, err := Concat(0, rows(m("a", m("x", 1))), rows(m("a", 1))); return err },
			ErrSchema, "field a: input 1 holds a dense leaf, input 0 a structure"},
		{"structure and leaf", func() error { _, err := Concat(0, rows(m("a", []any{1})), rows(m("a", []any{m("x", 1)}))); return err },
			ErrSchema, "field a: input 1 holds a structure, input 0 a ragged leaf"},
		{"null of higher rank", func() error { _, err := Concat(0, rows(m("a", []any{[]any{}})), rows(m("a", 1))); return err },
			ErrSchema, "field a: input 0 is all null with rank 3, more than the rank 1 of input 1"},
		{"axis 1 rows", func() error { _, err := Concat(1, r2, Must(r2.Take([]int{0}))); return err },
			ErrShape, "input 1 has 1 rows, input 0 has 4: along axis 1 every input needs the same dimensions before it"},
		{"axis 2 dims", func() error { _, err := Concat(2, r3, Must(r3.Slice(1, To(1)))); return err },
			ErrShape, "input 1 differs from input 0 in dimension 1"},
		{"stack axis", func() error { _, err := Stack(3, r1, r1); return err }, ErrIndex, "structured: Stack: axis=3 out of bounds: expected -2<=axis<2"},
		{"stack ranks", func() error { _, err := Stack(0, r1, r0); return err }, ErrShape, "input 1 has rank 0, input 0 has rank 1"},
		{"stack shapes", func() error { _, err := Stack(1, r1, Must(r1.Take([]int{0}))); return err }, ErrShape, "input 1 has 1 rows, input 0 has 5"},
		{"gather range", func() error { _, err := r1.Gather([]int{0, 5}, 0); return err }, ErrIndex,
			"structured: Gather: indices[1]=5 is out of range for dimension 0 of size 5"},
		{"gather negative range", func() error { _, err := r1.Take([]int{-6}); return err }, ErrIndex, "indices[0]=-6 is out of range for dimension 0 of size 5"},
		{"gather row", func() error { _, err := r2.Gather([]int{1, 0}, 1); return err }, ErrIndex,
			"row [1]: indices[0]=1 is out of range for dimension 1 of size 0"},
		{"gather deep row", func() error { _, err := r3.Gather([]int{0}, 2); return err }, ErrIndex,
			"row [0][1]: indices[0]=0 is out of range for dimension 2 of size 0"},
		{"gather rank 0", func() error { _, err := r0.Gather([]int{0}, 0); return err }, ErrIndex, "a rank-0 Tensor has no dimensions"},
		{"gather axis", func() error { _, err := r2.Gather([]int{0}, 2); return err }, ErrIndex, "axis=2 out of bounds: expected -2<=axis<2"},
		{"gather ragged axis 0", func() error { _, err := r2.GatherRagged(nil, 0); return err }, ErrIndex, "per-row indices need an axis >= 1"},
		{"gather ragged count", func() error { _, err := r2.GatherRagged([][]int{{0}}, 1); return err }, ErrShape,
			"got 1 index lists for the 4 rows of dimension 0"},
		{"gather ragged range", func() error { _, err := r2.GatherRagged([][]int{{0, 2}, {}, {}, {}}, 1); return err }, ErrIndex,
			"row [0]: indices[1]=2 is out of range for dimension 1 of size 2"},
		{"mask length", func() error { _, err := r1.BooleanMask([]bool{true}); return err }, ErrShape, "mask has 1 entries, the Tensor has 5 rows"},
		{"mask rank 0", func() error { _, err := r0.BooleanMask(nil); return err }, ErrShape, "a rank-0 Tensor has no rows to mask"},
		{"ragged mask type", func() error { _, err := r1.BooleanMaskRagged(Must(ValueOf([]any{1, 2, 3, 4, 5})).(Leaf)); return err },
			ErrType, "mask holds int64, not bool"},
		{"ragged mask rank", func() error {
			_, err := r1.BooleanMaskRagged(Must(ValueOf([]any{[]any{true}, []any{}, []any{}, []any{}, []any{}})).(Leaf))
			return err
		}, ErrShape, "mask has rank 2, want 1 to 1"},
		{"ragged mask rows", func() error { _, err := r1.BooleanMaskRagged(Must(ValueOf([]any{true})).(Leaf)); return err },
			ErrShape, "mask has 1 rows, the Tensor has 5"},
		{"ragged mask cut", func() error {
			_, err := r2.BooleanMaskRagged(Must(ValueOf([]any{[]any{true}, []any{}, nil, []any{true, true, true}})).(Leaf))
			return err
		}, ErrShape, "mask dimension 1"},
		{"ragged mask nil", func() error { _, err := r1.BooleanMaskRagged(nil); return err }, ErrShape, "mask is nil"},
		{"expand axis", func() error { _, err := r3.ExpandDims(4); return err }, ErrIndex,
			"structured: ExpandDims: axis=4 out of bounds: expected -4<=axis<4"},
		{"expand negative axis", func() error { _, err := r3.ExpandDims(-5); return err }, ErrIndex, "axis=-5 out of bounds: expected -4<=axis<4"},
		{"expand rank 0", func() error { _, err := r0.ExpandDims(1); return err }, ErrIndex, "axis=1 out of bounds: expected -1<=axis<1"},
		{"slice axis", func() error { _, err := r1.Slice(1, All); return err }, ErrIndex, "structured: Slice: axis=1 out of bounds: expected -1<=axis<1"},
		{"slice rank 0", func() error { _, err := r0.Slice(0, All); return err }, ErrIndex, "a rank-0 Tensor has no dimensions"},
	} {
		err := tc.err()
		if !errors.Is(err, tc.kind) || !strings.Contains(fmt.Sprint(err), tc.msg) {
			t.Errorf("%s: got %v, want %v containing %q", tc.name, err, tc.kind, tc.msg)
		}
	}
}

// concatArrays copies strings and validity of separate arrays.
func TestConcatArraysCopies(t *testing.T) {
	a := ixArray(t, arrow.BinaryTypes.String, `["a", null, "ccc"]`)
	b := ixArray(t, arrow.BinaryTypes.String, `["dd", null]`)
	got, err := concatArrays([]arrow.Array{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != 5 || got.NullN() != 2 || scalarAt(got, 3) != "dd" {
		t.Errorf("got %v", got)
	}
}

// TestGatherLeavesIndices: Gather reads its indices without changing
// them (it no longer copies them), also when some count from the end.
func TestGatherLeavesIndices(t *testing.T) {
	tt, err := FromValue([]any{map[string]any{"a": int64(1)}, map[string]any{"a": int64(2)}, map[string]any{"a": int64(3)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, idx := range [][]int{{2, 0, 1}, {-1, 0, -3}} {
		keep := append([]int(nil), idx...)
		g, err := tt.Gather(idx, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(idx, keep) {
			t.Errorf("Gather changed its indices %v to %v", keep, idx)
		}
		want := []any{}
		for _, j := range keep {
			want = append(want, map[string]any{"a": int64((j+3)%3 + 1)})
		}
		if got := g.ToValue(); !reflect.DeepEqual(got, want) {
			t.Errorf("Gather(%v) = %v, want %v", keep, got, want)
		}
	}
}
