package structured

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

const opShoes = `[
	{"age": 12, "nicknames": ["Josaphine"], "shoes": {"sizes": [8.0, 7.5, 7.5]}},
	{"age": 82, "nicknames": ["Bob", "Bobby"], "shoes": {"sizes": [11.0, 11.5, 12.0]}},
	{"age": 42, "nicknames": ["Elmo"], "shoes": {"sizes": [9.0, 9.5, 10.0]}}]`

func TestWithUpdatesShoeSizes(t *testing.T) {
	// API reference: with_updates({("shoes", "sizes"): us_to_europe}).
	us := opST(t, opShoes)
	usToEurope := MapFloat64(func(x float64) float64 { return math.Round(x*2.54 + 17) })
	eu, err := us.WithUpdates(TransformField(usToEurope, "shoes", "sizes"))
	if err != nil {
		t.Fatal(err)
	}
	opCheck(t, "shoes.sizes", opField(t, eu, "shoes", "sizes"), `[[37.0, 36.0, 36.0], [45.0, 46.0, 47.0], [40.0, 41.0, 42.0]]`)
	opCheck(t, "input", us, opShoes) // unchanged
	// Untouched fields are the very same values; the updated one keeps its
	// partitions.
	for _, name := range []string{"age", "nicknames"} {
		if opField(t, eu, name) != opField(t, us, name) {
			t.Errorf("field %s was rebuilt, want it shared", name)
		}
	}
	before, after := opField(t, us, "shoes", "sizes").(*Ragged), opField(t, eu, "shoes", "sizes").(*Ragged)
	if before.RowPartitions()[0] != after.RowPartitions()[0] {
		t.Error("sizes: row partition was rebuilt, want it shared")
	}
	if !reflect.DeepEqual(eu.FieldNames(), us.FieldNames()) || !eu.Shape().Equal(us.Shape()) {
		t.Errorf("fields %v shape %v, want %v %v", eu.FieldNames(), eu.Shape(), us.FieldNames(), us.Shape())
	}
}

func TestWithUpdates(t *testing.T) {
	base := `[{"a": 1, "b": {"c": 10, "d": [1]}, "e": "x"}, {"a": 2, "b": {"c": 20, "d": []}, "e": "y"}]`
	ints := func(v ...int64) Value { return Must(NewDense(opInts(v...))) }
	cases := []struct {
		name    string
		updates []Update
		want    string
		fields  []string
	}{
		{"replace keeps position", []Update{SetField(ints(7, 8), "a")},
			`[{"a": 7, "b": {"c": 10, "d": [1]}, "e": "x"}, {"a": 8, "b": {"c": 20, "d": []}, "e": "y"}]`, []string{"a", "b", "e"}},
		{"new fields are appended in order", []Update{SetField(ints(5, 6), "z"), SetField(ints(3, 4), "y")},
			`[{"a": 1, "b": {"c": 10, "d": [1]}, "e": "x", "z": 5, "y": 3}, {"a": 2, "b": {"c": 20, "d": []}, "e": "y", "z": 6, "y": 4}]`,
			[]string{"a", "b", "e", "z", "y"}},
		{"delete", []Update{DeleteField("a")},
			`[{"b": {"c": 10, "d": [1]}, "e": "x"}, {"b": {"c": 20, "d": []}, "e": "y"}]`, []string{"b", "e"}},
		{"nil value deletes", []Update{SetField(nil, "e")},
			`[{"a": 1, "b": {"c": 10, "d": [1]}}, {"a": 2, "b": {"c": 20, "d": []}}]`, []string{"a", "b"}},
		{"transform", []Update{TransformField(MapInt64(func(x int64) int64 { return -x }), "a")},
			`[{"a": -1, "b": {"c": 10, "d": [1]}, "e": "x"}, {"a": -2, "b": {"c": 20, "d": []}, "e": "y"}]`, []string{"a", "b", "e"}},
		{"nested set, delete and add", []Update{SetField(ints(0, 0), "b", "c"), DeleteField("b", "d"), SetField(ints(1, 2), "b", "n")},
			`[{"a": 1, "b": {"c": 0, "n": 1}, "e": "x"}, {"a": 2, "b": {"c": 0, "n": 2}, "e": "y"}]`, []string{"a", "b", "e"}},
		{"replace a structure by a leaf", []Update{SetField(ints(3, 4), "b")},
			`[{"a": 1, "b": 3, "e": "x"}, {"a": 2, "b": 4, "e": "y"}]`, []string{"a", "b", "e"}},
		{"no updates", nil, base, []string{"a", "b", "e"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := opST(t, base)
			got, err := st.WithUpdates(c.updates...)
			if err != nil {
				t.Fatal(err)
			}
			opCheck(t, "result", got, c.want)
			if !reflect.DeepEqual(got.FieldNames(), c.fields) {
				t.Errorf("fields %v, want %v", got.FieldNames(), c.fields)
			}
			opCheck(t, "input", st, base)
		})
	}
}

func TestWithUpdatesSharesSiblings(t *testing.T) {
	st := opST(t, `[{"a": 1, "b": {"c": 10, "d": [1], "e": {"f": 1}}}, {"a": 2, "b": {"c": 20, "d": [], "e": {"f": 2}}}]`)
	got := Must(st.WithUpdates(SetField(Must(NewDense(opInts(5, 6))), "b", "c")))
	for _, path := range [][]string{{"a"}, {"b", "d"}, {"b", "e"}} {
		if opField(t, got, path...) != opField(t, st, path...) {
			t.Errorf("%v was rebuilt, want it shared", path)
		}
	}
	if opField(t, got, "b") == opField(t, st, "b") {
		t.Error("b must be a new structure")
	}
}

func TestWithUpdatesKeepsShape(t *testing.T) {
	// Deleting the only field of a rank-2 Tensor keeps its shape.
	st := opST(t, `[[{"a": 1}, {"a": 2}], [{"a": 3}]]`)
	got := Must(st.WithUpdates(DeleteField("a")))
	opCheck(t, "result", got, `[[{}, {}], [{}]]`)
	if got.RowPartitions()[0] != st.RowPartitions()[0] || !got.Shape().Equal(Shape{2, Unknown}) {
		t.Errorf("shape %v partitions %v, want the input's", got.Shape(), got.RowPartitions())
	}
	// Null structures survive.
	st = opST(t, `[{"a": 1}, null]`)
	got = Must(st.WithUpdates(DeleteField("a")))
	opCheck(t, "nulls", got, `[{}, null]`)
}

func TestWithUpdatesRankZero(t *testing.T) {
	// A rank-0 Tensor accepts a field of any shape.
	st := opST(t, `{"a": 5}`)
	r := Must(NewRagged(opInts(51, 52, 61, 62, 63), opLens(2, 3)))
	got := Must(st.WithUpdates(SetField(r, "a")))
	opCheck(t, "result", got, `{"a": [[51, 52], [61, 62, 63]]}`)
}

func TestWithUpdatesErrors(t *testing.T) {
	st := opST(t, `[{"a": 1, "b": {"c": 2, "d": [3]}}, {"a": 4, "b": {"c": 5, "d": []}}]`)
	two := Must(NewDense(opInts(1, 2)))
	three := Must(NewDense(opInts(1, 2, 3)))
	scalar := Must(NewScalar(opInts(1)))
	boom := errors.New("boom")
	cases := []struct {
		name      string
		st        *Tensor
		updates   []Update
		kind      error
		fragments []string
	}{
		{"parent and child", st, []Update{SetField(two, "b"), SetField(two, "b", "c")}, ErrPath, []string{"b.c", "its parent b"}},
		{"child and parent", st, []Update{DeleteField("b", "d"), DeleteField("b")}, ErrPath, []string{"b.d", "parent b"}},
		{"same field twice", st, []Update{SetField(two, "a"), DeleteField("a")}, ErrPath, []string{"field a", "twice"}},
		{"empty path", st, []Update{SetField(two)}, ErrPath, []string{"empty field path"}},
		{"missing parent", st, []Update{SetField(two, "x", "y")}, ErrPath, []string{"x.y", "inside x", "no such field"}},
		{"missing nested parent", st, []Update{SetField(two, "b", "x", "y")}, ErrPath, []string{"b.x.y", "inside b.x"}},
		{"parent is a leaf", st, []Update{SetField(two, "a", "y")}, ErrPath, []string{"a.y", "dense leaf"}},
		{"too many rows", st, []Update{SetField(three, "z")}, ErrShape, []string{"field z", "3 rows, want 2"}},
		{"too many nested rows", st, []Update{SetField(three, "b", "c")}, ErrShape, []string{"field b.c", "3 rows"}},
		{"scalar for a table column", st, []Update{SetField(scalar, "z")}, ErrShape, []string{"field z", "rank 0"}},
		{"scalar for a rank-2 column", opST(t, `[[{"a": 1}]]`), []Update{SetField(two, "z")}, ErrShape, []string{"field z", "rank 1", "rank >= 2"}},
		{"delete missing", st, []Update{DeleteField("x")}, ErrPath, []string{"field x", "cannot delete", "not present"}},
		{"delete missing nested", st, []Update{DeleteField("b", "x")}, ErrPath, []string{"field b.x", "not present"}},
		{"transform missing", st, []Update{TransformField(MapInt64(func(x int64) int64 { return x }), "x")}, ErrPath, []string{"field x", "transform", "not present"}},
		{"transform error", st, []Update{TransformField(func(Value) (Value, error) { return nil, boom }, "a")}, boom, []string{"field a", "boom"}},
		{"transform of the wrong type", st, []Update{TransformField(MapFloat64(math.Sqrt), "a")}, ErrType, []string{"field a", "float64", "int64"}},
		{"transform returns nil", st, []Update{TransformField(func(Value) (Value, error) { return nil, nil }, "a")}, ErrType, []string{"returned nil"}},
		{"transform changes rows", st, []Update{TransformField(func(Value) (Value, error) { return three, nil }, "a")}, ErrShape, []string{"field a", "3 rows"}},
		{"nil function", st, []Update{TransformField(nil, "a")}, ErrType, []string{"nil"}},
		{"typed nil value", st, []Update{SetField((*Dense)(nil), "a")}, ErrType, []string{"nil"}},
	}
	for _, c := range cases {
		_, err := c.st.WithUpdates(c.updates...)
		opErr(t, c.name, err, c.kind, append(c.fragments, "WithUpdates")...)
	}
}

func TestWithoutWithOnly(t *testing.T) {
	st := opST(t, `[{"a": 1, "b": [2], "c": {"d": 3}}, {"a": 4, "b": [], "c": {"d": 5}}]`)
	w := Must(st.Without("b", "a"))
	opCheck(t, "Without", w, `[{"c": {"d": 3}}, {"c": {"d": 5}}]`)
	if opField(t, w, "c") != opField(t, st, "c") {
		t.Error("Without: c was rebuilt, want it shared")
	}
	o := Must(st.WithOnly("c", "a"))
	opCheck(t, "WithOnly", o, `[{"a": 1, "c": {"d": 3}}, {"a": 4, "c": {"d": 5}}]`)
	if !reflect.DeepEqual(o.FieldNames(), []string{"c", "a"}) {
		t.Errorf("WithOnly fields %v, want the order given [c a]", o.FieldNames())
	}
	if opField(t, o, "a") != opField(t, st, "a") {
		t.Error("WithOnly: a was rebuilt, want it shared")
	}
	none := Must(st.WithOnly())
	opCheck(t, "WithOnly()", none, `[{}, {}]`)
	all := Must(st.Without())
	if !all.Equal(st) {
		t.Error("Without() must keep every field")
	}
	_, err := st.Without("a", "x")
	opErr(t, "Without missing", err, ErrPath, "Without", "field x", "no such field")
	_, err = st.WithOnly("x")
	opErr(t, "WithOnly missing", err, ErrPath, "WithOnly", "field x", "no such field")
	_, err = st.WithOnly("a", "a")
	opErr(t, "WithOnly twice", err, ErrPath, "WithOnly", "twice")
}

func TestWithoutThenSetIsIdentity(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 100; iter++ {
		st := Must(FromValue(opRandomRows(r, 1+r.IntN(8))))
		if r.IntN(2) == 0 {
			st = Must(st.PartitionOuterDimension(opRandomPartition(r, st.NumRows())))
		}
		for _, name := range st.FieldNames() {
			old := opField(t, st, name)
			got, err := Must(st.Without(name)).WithUpdates(SetField(old, name))
			if err != nil {
				t.Fatalf("iteration %d, field %s: %v", iter, name, err)
			}
			if !got.Equal(st) {
				t.Fatalf("iteration %d: Without(%s) then setting it back differs:\n got %v\nwant %v", iter, name, got, st)
			}
			if got.FieldNames()[got.NumFields()-1] != name {
				t.Errorf("iteration %d: %s must come back last, got %v", iter, name, got.FieldNames())
			}
		}
		// Same through a nested path.
		old := opField(t, st, "s", "x")
		got := Must(Must(st.WithUpdates(DeleteField("s", "x"))).WithUpdates(SetField(old, "s", "x")))
		if !got.Equal(st) {
			t.Fatalf("iteration %d: deleting and setting s.x back differs", iter)
		}
	}
}
