package structured

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Helpers shared by the path-operation tests (prefix op).

// opJS parses a JSON literal into the nested Go values ToValue produces:
// integers as int64, other numbers as float64.
func opJS(s string) any {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		panic(fmt.Sprintf("bad test JSON %q: %v", s, err))
	}
	return opNumbers(v)
}

func opNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil && !strings.ContainsAny(string(x), ".eE") {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = opNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = opNumbers(x[k])
		}
	}
	return v
}

// opST builds a Tensor from a JSON literal with FromValue.
func opST(t testing.TB, s string) *Tensor {
	t.Helper()
	st, err := FromValue(opJS(s))
	if err != nil {
		t.Fatalf("FromValue(%s): %v", s, err)
	}
	return st
}

// opCheck fails unless v.ToValue() deep-equals the JSON literal want.
func opCheck(t testing.TB, what string, v Value, want string) {
	t.Helper()
	if got, w := v.ToValue(), opJS(want); !reflect.DeepEqual(got, w) {
		gj, _ := json.Marshal(got)
		t.Errorf("%s: ToValue = %s, want %s", what, gj, want)
	}
}

// opField returns the value at a path, failing the test if it is missing.
func opField(t testing.TB, st *Tensor, path ...string) Value {
	t.Helper()
	v, err := st.Field(path...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// opValues returns the flat Arrow array of a leaf field.
func opValues(t testing.TB, st *Tensor, path ...string) arrow.Array {
	t.Helper()
	l, ok := opField(t, st, path...).(Leaf)
	if !ok {
		t.Fatalf("field %v is not a leaf", path)
	}
	return l.Values()
}

// opSameValues fails unless two leaf fields hold the very same value
// buffer (shared, not copied).
func opSameValues(t testing.TB, what string, a, b arrow.Array) {
	t.Helper()
	if !sameMemory(a.Data().Buffers()[1], b.Data().Buffers()[1]) {
		t.Errorf("%s: values buffer was copied, want it shared", what)
	}
}

// opErr checks that err wraps kind and mentions every fragment.
func opErr(t testing.TB, what string, err, kind error, fragments ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %v", what, kind)
		return
	}
	if !errors.Is(err, kind) {
		t.Errorf("%s: error %q does not wrap %v", what, err, kind)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("%s: error %q does not mention %q", what, err, f)
		}
	}
}

func opInts(v ...int64) arrow.Array {
	b := array.NewInt64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(v, nil)
	return b.NewArray()
}

func opFloats(v ...float64) arrow.Array {
	b := array.NewFloat64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(v, nil)
	return b.NewArray()
}

func opLens(l ...int64) *RowPartition { return Must(PartitionFromLengths(l)) }

func TestMergeDimsSeed(t *testing.T) {
	// API reference: [[{'foo': 12}, {'foo': 33}], [], [{'foo': 99}]].merge_dims(0, 1).
	st := opST(t, `[[{"foo": 12}, {"foo": 33}], [], [{"foo": 99}]]`)
	m, err := st.MergeDims(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	opCheck(t, "merged", m, `[{"foo": 12}, {"foo": 33}, {"foo": 99}]`)
	if !m.Shape().Equal(Shape{3}) || m.Rank() != 1 || len(m.RowPartitions()) != 0 {
		t.Errorf("shape %v rank %d partitions %v, want [3], 1, none", m.Shape(), m.Rank(), m.RowPartitions())
	}
	foo, ok := opField(t, m, "foo").(*Dense)
	if !ok || !foo.Shape().Equal(Shape{3}) {
		t.Fatalf("foo = %v, want a Dense [3]", opField(t, m, "foo"))
	}
	opSameValues(t, "foo", foo.Values(), opValues(t, st, "foo"))
}

func TestMergeDims(t *testing.T) {
	rank3 := `[[[{"a": 1, "b": [1, 2]}], [{"a": 2, "b": []}, {"a": 3, "b": [3]}]], [], [[], [{"a": 4, "b": [4, 5, 6]}]]]`
	nested := `[[{"n": {"x": 1, "y": [1]}, "m": [{"z": 1}, {"z": 2}]}], [{"n": {"x": 2, "y": []}, "m": []}, {"n": {"x": 3, "y": [2, 3]}, "m": [{"z": 3}]}]]`
	cases := []struct {
		name         string
		in           string
		outer, inner int
		want         string
		shape        Shape
		splits       [][]int64
	}{
		{"rank 3, dims 0..1", rank3, 0, 1,
			`[[{"a": 1, "b": [1, 2]}], [{"a": 2, "b": []}, {"a": 3, "b": [3]}], [], [{"a": 4, "b": [4, 5, 6]}]]`,
			Shape{4, Unknown}, [][]int64{{0, 1, 3, 3, 4}}},
		{"rank 3, dims 1..2", rank3, 1, 2,
			`[[{"a": 1, "b": [1, 2]}, {"a": 2, "b": []}, {"a": 3, "b": [3]}], [], [{"a": 4, "b": [4, 5, 6]}]]`,
			Shape{3, Unknown}, [][]int64{{0, 3, 3, 4}}},
		{"rank 3, all dims", rank3, 0, 2,
			`[{"a": 1, "b": [1, 2]}, {"a": 2, "b": []}, {"a": 3, "b": [3]}, {"a": 4, "b": [4, 5, 6]}]`,
			Shape{4}, nil},
		{"negative axes", rank3, -2, -1,
			`[[{"a": 1, "b": [1, 2]}, {"a": 2, "b": []}, {"a": 3, "b": [3]}], [], [{"a": 4, "b": [4, 5, 6]}]]`,
			Shape{3, Unknown}, [][]int64{{0, 3, 3, 4}}},
		{"nested structures recurse", nested, 0, 1,
			`[{"n": {"x": 1, "y": [1]}, "m": [{"z": 1}, {"z": 2}]}, {"n": {"x": 2, "y": []}, "m": []}, {"n": {"x": 3, "y": [2, 3]}, "m": [{"z": 3}]}]`,
			Shape{3}, nil},
		{"same axis is a no-op", rank3, 1, 1, rank3, Shape{3, Unknown, Unknown}, [][]int64{{0, 2, 2, 4}, {0, 1, 3, 3, 4}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := opST(t, c.in)
			m, err := st.MergeDims(c.outer, c.inner)
			if err != nil {
				t.Fatal(err)
			}
			opCheck(t, "merged", m, c.want)
			if !m.Shape().Equal(c.shape) {
				t.Errorf("shape %v, want %v", m.Shape(), c.shape)
			}
			var splits [][]int64
			for _, p := range m.RowPartitions() {
				splits = append(splits, p.RowSplits())
			}
			if !reflect.DeepEqual(splits, c.splits) {
				t.Errorf("row splits %v, want %v", splits, c.splits)
			}
			if c.outer == c.inner && m != st {
				t.Error("MergeDims(i, i) must return the Tensor itself")
			}
			// Every field keeps its values buffer.
			for _, name := range st.FieldNames() {
				if l, ok := opField(t, st, name).(Leaf); ok {
					opSameValues(t, name, opValues(t, m, name), l.Values())
				}
			}
			// Fields share the Tensor's partition objects.
			for _, f := range m.Fields() {
				var fp []*RowPartition
				switch x := f.Value.(type) {
				case *Ragged:
					fp = x.RowPartitions()
				case *Tensor:
					fp = x.RowPartitions()
				}
				for i, p := range m.RowPartitions() {
					if fp[i] != p {
						t.Errorf("field %s: partition %d is not the Tensor's", f.Name, i)
					}
				}
			}
		})
	}
}

func TestMergeDimsNestedValuesShared(t *testing.T) {
	st := opST(t, `[[{"n": {"x": 1, "y": [1]}}], [{"n": {"x": 2, "y": []}}, {"n": {"x": 3, "y": [2, 3]}}]]`)
	m := Must(st.MergeDims(0, 1))
	for _, path := range [][]string{{"n", "x"}, {"n", "y"}} {
		opSameValues(t, strings.Join(path, "."), opValues(t, m, path...), opValues(t, st, path...))
	}
	n := opField(t, m, "n").(*Tensor)
	if n.Rank() != 1 || n.NumRows() != 3 {
		t.Errorf("nested n: rank %d rows %d, want 1 and 3", n.Rank(), n.NumRows())
	}
	if y := opField(t, m, "n", "y").(*Ragged); !y.Shape().Equal(Shape{3, Unknown}) {
		t.Errorf("n.y shape %v, want [3, var]", y.Shape())
	}
}

func TestMergeDimsUniform(t *testing.T) {
	// A [2, 3, 4] Tensor with uniform partitions and a dense field of shape
	// [2, 3, 4, 5]: merging keeps everything uniform and dense, with no
	// splits computed.
	items := make([]int64, 2*3*4*5)
	for i := range items {
		items[i] = int64(i)
	}
	d := Must(NewDense(opInts(items...), 2, 3, 4, 5))
	st := Must(FromFieldsShape([]FieldValue{{"d", d}}, Shape{2, 3, 4}))
	for _, c := range []struct {
		outer, inner int
		shape, field Shape
	}{
		{1, 2, Shape{2, 12}, Shape{2, 12, 5}},
		{0, 1, Shape{6, 4}, Shape{6, 4, 5}},
		{0, 2, Shape{24}, Shape{24, 5}},
	} {
		m := Must(st.MergeDims(c.outer, c.inner))
		if !m.Shape().Equal(c.shape) {
			t.Errorf("MergeDims(%d, %d): shape %v, want %v", c.outer, c.inner, m.Shape(), c.shape)
		}
		for _, p := range m.RowPartitions() {
			if !p.IsUniform() || p.s32 != nil || p.s64 != nil {
				t.Errorf("MergeDims(%d, %d): partition %v is not uniform or has materialised splits", c.outer, c.inner, p)
			}
		}
		f, ok := opField(t, m, "d").(*Dense)
		if !ok || !f.Shape().Equal(c.field) {
			t.Errorf("MergeDims(%d, %d): field d = %T %v, want a Dense %v", c.outer, c.inner, opField(t, m, "d"), opField(t, m, "d").Shape(), c.field)
			continue
		}
		if f.Values() != d.Values() {
			t.Errorf("MergeDims(%d, %d): dense values were not shared", c.outer, c.inner)
		}
		if !reflect.DeepEqual(f.ToValue(), Must(NewDense(opInts(items...), c.field...)).ToValue()) {
			t.Errorf("MergeDims(%d, %d): items reordered", c.outer, c.inner)
		}
	}
}

func TestMergeDimsSplitTypes(t *testing.T) {
	// Composition keeps int32 splits when every composed ragged partition
	// has them, as Arrow List offsets would.
	p32 := Must(PartitionFromSplits([]int32{0, 2, 3}))
	q32 := Must(PartitionFromSplits([]int32{0, 1, 1, 4}))
	q64 := Must(PartitionFromSplits([]int64{0, 1, 1, 4}))
	for _, c := range []struct {
		name  string
		inner *RowPartition
		want  arrow.DataType
	}{
		{"int32", q32, arrow.PrimitiveTypes.Int32},
		{"int64", q64, arrow.PrimitiveTypes.Int64},
	} {
		st := Must(FromShape(Shape{2, Unknown, Unknown}, p32, c.inner))
		m := Must(st.MergeDims(1, 2))
		p := m.RowPartitions()[0]
		if !arrow.TypeEqual(p.DType(), c.want) || !reflect.DeepEqual(p.RowSplits(), []int64{0, 1, 4}) {
			t.Errorf("%s: merged partition %v of %v, want splits [0 1 4] of %v", c.name, p, p.DType(), c.want)
		}
	}
}

func TestMergeDimsNullLists(t *testing.T) {
	// Row 1 is a null list of lists; row 0 holds a null inner list.
	st := opST(t, `[[[{"a": 1}], null], null, [[], [{"a": 2}]]]`)
	cases := []struct {
		outer, inner int
		want         string
	}{
		// The outer null row has no inner lists: it vanishes; the inner
		// null list stays a row.
		{0, 1, `[[{"a": 1}], null, [], [{"a": 2}]]`},
		// The outer null row stays null; the inner null list had no items
		// and vanishes into row 0.
		{1, 2, `[[{"a": 1}], null, [{"a": 2}]]`},
		{0, 2, `[{"a": 1}, {"a": 2}]`},
	}
	for _, c := range cases {
		m := Must(st.MergeDims(c.outer, c.inner))
		opCheck(t, fmt.Sprintf("MergeDims(%d, %d)", c.outer, c.inner), m, c.want)
	}
}

func TestMergeDimsErrors(t *testing.T) {
	rank2 := opST(t, `[[{"a": 1}], []]`)
	scalar := opST(t, `{"a": 1}`)
	cases := []struct {
		name         string
		st           *Tensor
		outer, inner int
		fragments    []string
	}{
		{"outer too big", rank2, 2, 1, []string{"outer_axis=2 out of bounds: expected -2<=outer_axis<2"}},
		{"outer too small", rank2, -3, 1, []string{"outer_axis=-3 out of bounds"}},
		{"inner too big", rank2, 0, 2, []string{"inner_axis=2 out of bounds: expected -2<=inner_axis<2"}},
		{"outer after inner", rank2, 1, 0, []string{"expected outer_axis (1) to be less than or equal to inner_axis (0)"}},
		{"outer after inner, negative", rank2, -1, -2, []string{"outer_axis (1)", "inner_axis (0)"}},
		{"rank 0", scalar, 0, 0, []string{"rank-0 Tensor has no dimensions to merge"}},
	}
	for _, c := range cases {
		_, err := c.st.MergeDims(c.outer, c.inner)
		opErr(t, c.name, err, ErrIndex, append(c.fragments, "MergeDims")...)
	}
}

func TestPartitionOuterDimensionSeed(t *testing.T) {
	// API reference: [{'foo': 12}, {'foo': 33}, {'foo': 99}] cut by row
	// lengths [2, 0, 1].
	st := opST(t, `[{"foo": 12}, {"foo": 33}, {"foo": 99}]`)
	p := opLens(2, 0, 1)
	r, err := st.PartitionOuterDimension(p)
	if err != nil {
		t.Fatal(err)
	}
	opCheck(t, "partitioned", r, `[[{"foo": 12}, {"foo": 33}], [], [{"foo": 99}]]`)
	if !r.Shape().Equal(Shape{3, Unknown}) || r.RowPartitions()[0] != p {
		t.Errorf("shape %v partitions %v, want [3, var] and p itself", r.Shape(), r.RowPartitions())
	}
	foo, ok := opField(t, r, "foo").(*Ragged)
	if !ok || foo.RowPartitions()[0] != p {
		t.Fatalf("foo = %v, want a Ragged on p", opField(t, r, "foo"))
	}
	opCheck(t, "foo", foo, `[[12, 33], [], [99]]`)
	opSameValues(t, "foo", foo.Values(), opValues(t, st, "foo"))
}

func TestPartitionOuterDimensionUniform(t *testing.T) {
	// A uniform partition (length 2) of a 4-row table: shape [2, 2], the
	// dense column stays dense, the ragged one becomes [2, 2, var].
	st := opST(t, `[{"a": 1, "b": [1]}, {"a": 2, "b": []}, {"a": 3, "b": [2, 3]}, {"a": 4, "b": [4]}]`)
	r := Must(st.PartitionOuterDimension(Must(PartitionFromUniform(2, Unknown, 2))))
	if !r.Shape().Equal(Shape{2, 2}) {
		t.Errorf("shape %v, want [2, 2]", r.Shape())
	}
	a, ok := opField(t, r, "a").(*Dense)
	if !ok || !a.Shape().Equal(Shape{2, 2}) {
		t.Errorf("a = %v, want a Dense [2, 2]", opField(t, r, "a"))
	}
	b, ok := opField(t, r, "b").(*Ragged)
	if !ok || !b.Shape().Equal(Shape{2, 2, Unknown}) {
		t.Errorf("b = %v, want a Ragged [2, 2, var]", opField(t, r, "b"))
	}
	opCheck(t, "partitioned", r, `[[{"a": 1, "b": [1]}, {"a": 2, "b": []}], [{"a": 3, "b": [2, 3]}, {"a": 4, "b": [4]}]]`)
	opSameValues(t, "a", a.Values(), opValues(t, st, "a"))
	opSameValues(t, "b", b.Values(), opValues(t, st, "b"))
	// A ragged partition makes the dense column ragged.
	r = Must(st.PartitionOuterDimension(opLens(3, 1)))
	if _, ok := opField(t, r, "a").(*Ragged); !ok {
		t.Errorf("a under a ragged partition = %T, want *Ragged", opField(t, r, "a"))
	}
}

func TestPartitionOuterDimensionErrors(t *testing.T) {
	st := opST(t, `[{"a": 1}, {"a": 2}]`)
	_, err := st.PartitionOuterDimension(opLens(1, 2))
	opErr(t, "nvals differ", err, ErrShape, "cuts 3 rows", "the Tensor has 2")
	_, err = opST(t, `{"a": 1}`).PartitionOuterDimension(opLens(1))
	opErr(t, "rank 0", err, ErrShape, "rank-0")
	_, err = st.PartitionOuterDimension(nil)
	opErr(t, "nil", err, ErrPartition, "nil")
}

// opRandomRows returns n random records: an int (sometimes null), a list
// of floats (sometimes null or empty), a struct and a list of structs.
func opRandomRows(r *rand.Rand, n int) []any {
	rows := make([]any, n)
	for i := range rows {
		var a any = r.Int64N(100)
		if r.IntN(5) == 0 {
			a = nil
		}
		var b any
		if r.IntN(6) > 0 {
			l := make([]any, r.IntN(4))
			for k := range l {
				l[k] = float64(r.IntN(50)) / 4
			}
			b = l
		}
		docs := make([]any, r.IntN(3))
		for k := range docs {
			toks := make([]any, r.IntN(3))
			for j := range toks {
				toks[j] = r.Int64N(9)
			}
			docs[k] = map[string]any{"id": r.Int64N(1000), "toks": toks}
		}
		rows[i] = map[string]any{"a": a, "b": b, "s": map[string]any{"x": r.Int64N(7)}, "docs": docs}
	}
	return rows
}

// opRandomPartition cuts n rows into random rows: uniform when possible
// half of the time, otherwise random lengths with some empty rows marked
// null.
func opRandomPartition(r *rand.Rand, n int) *RowPartition {
	if n > 0 && r.IntN(2) == 0 {
		for _, l := range []int{4, 3, 2, 1} {
			if n%l == 0 && r.IntN(2) == 0 {
				return Must(PartitionFromUniform(l, Unknown, n/l))
			}
		}
	}
	var lengths []int64
	var valid []bool
	for left := n; left > 0 || r.IntN(3) == 0; {
		l := int64(r.IntN(min(left, 4) + 1))
		if left == 0 {
			l = 0
		}
		lengths = append(lengths, l)
		valid = append(valid, l > 0 || r.IntN(2) == 0)
		left -= int(l)
	}
	p := Must(PartitionFromLengths(lengths))
	return Must(p.WithValidity(valid))
}

func TestPartitionThenMergeIsIdentity(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 300; iter++ {
		n := r.IntN(12)
		rows := opRandomRows(r, n)
		st, err := FromValue(rows)
		if err != nil {
			t.Fatal(err)
		}
		// Add a dense [n, 3] field, which a ragged partition turns ragged
		// and MergeDims turns back.
		emb := make([]int64, 3*n)
		for i := range emb {
			emb[i] = r.Int64N(10)
		}
		st = Must(st.WithUpdates(SetField(Must(NewDense(opInts(emb...), n, 3)), "emb")))
		// Rank 1 -> 2 -> 1, then rank 2 -> 3 -> 2 at the outer dimension.
		p := opRandomPartition(r, n)
		st2, err := st.PartitionOuterDimension(p)
		if err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
		back := Must(st2.MergeDims(0, 1))
		if !back.Equal(st) {
			t.Fatalf("iteration %d: MergeDims(0, 1) after PartitionOuterDimension(%v) differs:\n got %v\nwant %v", iter, p, back, st)
		}
		q := opRandomPartition(r, st2.NumRows())
		st3 := Must(st2.PartitionOuterDimension(q))
		if back := Must(st3.MergeDims(0, 1)); !back.Equal(st2) {
			t.Fatalf("iteration %d: rank 3 -> 2 differs:\n got %v\nwant %v", iter, back, st2)
		}
		// Merging the two inner dimensions of st3 equals cutting st by
		// the composition of q and p.
		if m := Must(st3.MergeDims(1, 2)); !m.Equal(Must(st.PartitionOuterDimension(composePartitions([]*RowPartition{q, p})))) {
			t.Fatalf("iteration %d: MergeDims(1, 2) differs from partitioning by the composed partition", iter)
		}
		if n > 0 {
			opSameValues(t, "emb", opValues(t, back, "emb"), opValues(t, st, "emb"))
		}
	}
}

// opFixedList wraps child in an Arrow fixed_size_list of the given size
// whose slots are null where valid is false. Unlike arrow-go's builders it
// leaves the children of null slots as they are (valid items), as Arrow
// allows: the placeholders must stay hidden.
func opFixedList(size int32, child arrow.Array, valid ...bool) arrow.Array {
	bits := make([]byte, (len(valid)+7)/8)
	nulls := 0
	for i, ok := range valid {
		if ok {
			bits[i/8] |= 1 << (i % 8)
		} else {
			nulls++
		}
	}
	data := array.NewData(arrow.FixedSizeListOf(size, child.DataType()), len(valid),
		[]*memory.Buffer{memory.NewBufferBytes(bits)}, []arrow.ArrayData{child.Data()}, nulls, 0)
	return array.MakeFromData(data)
}

// TestMergeDimsNullFixedLists checks that a null fixed-length list
// disappears when merged, as a null ragged list does, instead of showing
// its placeholder slots as values: MergeDims of the ToValue form drops
// null rows whatever the storage.
func TestMergeDimsNullFixedLists(t *testing.T) {
	structs := func(n int) arrow.Array {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"a": %d, "l": [%d]}`, i+1, i+1)
		}
		typ := arrow.StructOf(arwF("a", arrow.PrimitiveTypes.Int64), arwF("l", arrow.ListOf(arrow.PrimitiveTypes.Int64)))
		return arwJSON(t, typ, "["+b.String()+"]")
	}
	s := func(i int) string { return fmt.Sprintf(`{"a": %d, "l": [%d]}`, i, i) }
	// [[s1, s2, s3], null] with s4..s6 as placeholders.
	rank2 := Must(FromArrow(opFixedList(3, structs(6), true, false)))
	// [[[s1, s2], null], [[s5, s6], [s7, s8]], null] with s3, s4 and
	// s9..s12 as placeholders.
	rank3 := Must(FromArrow(opFixedList(2, opFixedList(2, structs(12), true, false, true, true, true, true), true, true, false)))
	cases := []struct {
		name         string
		st           *Tensor
		outer, inner int
		want         string
		spec         string
	}{
		{"rank 2", rank2, 0, 1, `[` + s(1) + `, ` + s(2) + `, ` + s(3) + `]`, `3 * {a: int64, l: var * int64}`},
		{"rank 3 outer", rank3, 0, 1, `[[` + s(1) + `, ` + s(2) + `], null, [` + s(5) + `, ` + s(6) + `], [` + s(7) + `, ` + s(8) + `]]`,
			`?4 * 2 * {a: int64, l: var * int64}`},
		{"rank 3 inner", rank3, 1, 2, `[[` + s(1) + `, ` + s(2) + `], [` + s(5) + `, ` + s(6) + `, ` + s(7) + `, ` + s(8) + `], null]`,
			`?3 * var * {a: int64, l: var * int64}`},
		{"rank 3 all", rank3, 0, 2, `[` + s(1) + `, ` + s(2) + `, ` + s(5) + `, ` + s(6) + `, ` + s(7) + `, ` + s(8) + `]`,
			`6 * {a: int64, l: var * int64}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := Must(c.st.MergeDims(c.outer, c.inner))
			opCheck(t, "merged", m, c.want)
			if got := m.Spec().String(); got != c.spec {
				t.Errorf("Spec %s, want %s", got, c.spec)
			}
			if err := m.Validate(); err != nil {
				t.Error(err)
			}
			// The same as merging the ToValue form, stored ragged.
			if want := Must(Must(FromValue(c.st.ToValue())).MergeDims(c.outer, c.inner)); !reflect.DeepEqual(m.ToValue(), want.ToValue()) {
				t.Errorf("merged %v, merged from ToValue %v", m.ToValue(), want.ToValue())
			}
		})
	}
}
