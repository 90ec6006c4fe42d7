package structured

import (
	"reflect"
	"testing"
)

func TestPromoteSeed(t *testing.T) {
	// API reference: promote(('docs', 'tokens'), 'docs_tokens').
	st := opST(t, `[{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}]}, {"docs": [{"tokens": [7]}]}]`)
	got, err := st.Promote([]string{"docs", "tokens"}, "docs_tokens")
	if err != nil {
		t.Fatal(err)
	}
	dt, ok := opField(t, got, "docs_tokens").(*Ragged)
	if !ok || !dt.Shape().Equal(Shape{2, Unknown}) {
		t.Fatalf("docs_tokens = %v, want a Ragged [2, var]", opField(t, got, "docs_tokens"))
	}
	opCheck(t, "docs_tokens", dt, `[[1, 2, 3], [7]]`)
	opSameValues(t, "docs_tokens", dt.Values(), opValues(t, st, "docs", "tokens"))
	if opField(t, got, "docs") != opField(t, st, "docs") {
		t.Error("docs was rebuilt, want it shared")
	}
	if !reflect.DeepEqual(got.FieldNames(), []string{"docs", "docs_tokens"}) {
		t.Errorf("fields %v", got.FieldNames())
	}
}

func TestPromoteEffects(t *testing.T) {
	// Every row of the effects table of TensorFlow's promote.
	cases := []struct {
		name string
		in   string
		path []string
		want string // the whole result
	}{
		{"rank-0 root, struct parent", `{"b": {"a": 5}}`, []string{"b", "a"},
			`{"b": {"a": 5}, "new": 5}`},
		{"parent is one struct per row", `[{"b": {"a": [7]}}, {"b": {"a": []}}]`, []string{"b", "a"},
			`[{"b": {"a": [7]}, "new": [7]}, {"b": {"a": []}, "new": []}]`},
		{"token lists concatenated", `[{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}]}, {"docs": [{"tokens": [7]}]}]`, []string{"docs", "tokens"},
			`[{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}], "new": [1, 2, 3]}, {"docs": [{"tokens": [7]}], "new": [7]}]`},
		{"scalars become a list", `[{"docs": [{"n": 1}, {"n": 2}]}, {"docs": []}]`, []string{"docs", "n"},
			`[{"docs": [{"n": 1}, {"n": 2}], "new": [1, 2]}, {"docs": [], "new": []}]`},
		{"struct field becomes a list of structs", `[{"user_info": [{"gaia_id": {"vec": [0, 1, 2]}}]}]`, []string{"user_info", "gaia_id"},
			`[{"user_info": [{"gaia_id": {"vec": [0, 1, 2]}}], "new": [{"vec": [0, 1, 2]}]}]`},
		{"two list levels flattened", `[{"a": [[{"b": 1}, {"b": 11}], [{"b": 2}, {"b": 12}]]}]`, []string{"a", "b"},
			`[{"a": [[{"b": 1}, {"b": 11}], [{"b": 2}, {"b": 12}]], "new": [1, 11, 2, 12]}]`},
		{"rank-0 root, deep path writes under the grandparent", `{"a": {"b": {"c": 7}}}`, []string{"a", "b", "c"},
			`{"a": {"b": {"c": 7}, "new": 7}}`},
		// Beyond the table.
		{"deep path under a list", `[{"a": [{"b": [{"c": [1, 2]}, {"c": [3]}]}, {"b": []}]}]`, []string{"a", "b", "c"},
			`[{"a": [{"b": [{"c": [1, 2]}, {"c": [3]}], "new": [1, 2, 3]}, {"b": [], "new": []}]}]`},
		{"deep path, single parent", `[{"a": [{"b": {"c": 1}}, {"b": {"c": 2}}]}]`, []string{"a", "b", "c"},
			`[{"a": [{"b": {"c": 1}, "new": 1}, {"b": {"c": 2}, "new": 2}]}]`},
		{"rank-0 root, list parent", `{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}]}`, []string{"docs", "tokens"},
			`{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}], "new": [1, 2, 3]}`},
		{"null lists", `[{"docs": [{"t": [1]}, {"t": null}, {"t": [2]}]}, {"docs": null}, {"docs": []}]`, []string{"docs", "t"},
			`[{"docs": [{"t": [1]}, {"t": null}, {"t": [2]}], "new": [1, 2]}, {"docs": null, "new": null}, {"docs": [], "new": []}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := opST(t, c.in)
			got, err := st.Promote(c.path, "new")
			if err != nil {
				t.Fatal(err)
			}
			opCheck(t, "result", got, c.want)
			opCheck(t, "input", st, c.in)
			if l, ok := opField(t, st, c.path...).(Leaf); ok {
				parent := append([]string{}, c.path[:len(c.path)-2]...)
				opSameValues(t, "new", opValues(t, got, append(parent, "new")...), l.Values())
			}
		})
	}
}

func TestPromoteSharesGrandparentPartitions(t *testing.T) {
	// A rank-2 root: the promoted field keeps the root's partition.
	st := opST(t, `[[{"d": [{"x": 1}, {"x": 2}]}], [{"d": []}, {"d": [{"x": 3}]}]]`)
	got := Must(st.Promote([]string{"d", "x"}, "xs"))
	opCheck(t, "xs", opField(t, got, "xs"), `[[[1, 2]], [[], [3]]]`)
	xs := opField(t, got, "xs").(*Ragged)
	if xs.RowPartitions()[0] != st.RowPartitions()[0] {
		t.Error("xs does not share the root's row partition")
	}
}

func TestPromoteErrors(t *testing.T) {
	st := opST(t, `[{"a": 1, "docs": [{"tokens": [1]}]}]`)
	cases := []struct {
		name      string
		path      []string
		newName   string
		kind      error
		fragments []string
	}{
		{"path too short", []string{"docs"}, "x", ErrPath, []string{"at least two names"}},
		{"empty path", nil, "x", ErrPath, []string{"at least two names"}},
		{"empty new name", []string{"docs", "tokens"}, "", ErrPath, []string{"new field name may not be empty"}},
		{"missing field", []string{"docs", "words"}, "x", ErrPath, []string{"field docs.words", "no such field"}},
		{"missing parent", []string{"pages", "tokens"}, "x", ErrPath, []string{"field pages", "no such field"}},
		{"parent is a leaf", []string{"a", "b"}, "x", ErrPath, []string{"field a", "not a structure"}},
		{"empty name in path", []string{"docs", ""}, "x", ErrPath, []string{"may not be empty"}},
		{"name collision", []string{"docs", "tokens"}, "a", ErrPath, []string{"field a", "already exists"}},
	}
	for _, c := range cases {
		_, err := st.Promote(c.path, c.newName)
		opErr(t, c.name, err, c.kind, append(c.fragments, "Promote")...)
	}
}

func TestPromoteDense(t *testing.T) {
	// Uniform dimensions stay dense: docs is [2, 2] and v is [2, 2, 3].
	v := Must(NewDense(opInts(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 2, 2, 3))
	n := Must(NewDense(opInts(1, 2, 3, 4), 2, 2))
	docs := Must(FromFieldsShape([]FieldValue{{"v", v}, {"n", n}}, Shape{2, 2}))
	st := Must(FromFields([]FieldValue{{"docs", docs}}, 1))
	got := Must(st.Promote([]string{"docs", "v"}, "vs"))
	vs, ok := opField(t, got, "vs").(*Dense)
	if !ok || !vs.Shape().Equal(Shape{2, 6}) || vs.Values() != v.Values() {
		t.Fatalf("vs = %v, want a Dense [2, 6] sharing v's values", opField(t, got, "vs"))
	}
	opCheck(t, "vs", vs, `[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]`)
	got = Must(st.Promote([]string{"docs", "n"}, "ns"))
	if ns, ok := opField(t, got, "ns").(*Dense); !ok || !ns.Shape().Equal(Shape{2, 2}) {
		t.Errorf("ns = %v, want the Dense [2, 2] as is", opField(t, got, "ns"))
	}
	// Broadcasting down a uniform dimension stays dense too.
	st = Must(st.WithUpdates(SetField(Must(NewDense(opInts(10, 20))), "k")))
	got = Must(st.Broadcast([]string{"k"}, []string{"docs", "k"}))
	k, ok := opField(t, got, "docs", "k").(*Dense)
	if !ok || !k.Shape().Equal(Shape{2, 2}) {
		t.Fatalf("docs.k = %v, want a Dense [2, 2]", opField(t, got, "docs", "k"))
	}
	opCheck(t, "docs.k", k, `[[10, 10], [20, 20]]`)
}
