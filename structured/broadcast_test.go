package structured

import (
	"testing"
)

const opRecipes = `[
	{"title": "soup", "est_time": 30, "tags": ["hot", "veg"], "meta": {"cuisine": "fr", "serves": 4},
	 "ingredients": [{"name": "leek", "subs": [{"alt": "onion"}]}, {"name": "salt", "subs": []}],
	 "info": {"kcal": 120}},
	{"title": "tea", "est_time": 5, "tags": [], "meta": {"cuisine": "uk", "serves": 1},
	 "ingredients": [], "info": {"kcal": 0}},
	{"title": "cake", "est_time": 60, "tags": ["sweet"], "meta": {"cuisine": "de", "serves": 8},
	 "ingredients": [{"name": "flour", "subs": [{"alt": "spelt"}, {"alt": "rye"}]}], "info": {"kcal": 400}}]`

func TestBroadcast(t *testing.T) {
	cases := []struct {
		name           string
		source, target []string
		want           string // the value at target
	}{
		{"scalar to each ingredient", []string{"est_time"}, []string{"ingredients", "est_time"},
			`[[30, 30], [], [60]]`},
		{"list to each ingredient", []string{"tags"}, []string{"ingredients", "tags"},
			`[[["hot", "veg"], ["hot", "veg"]], [], [["sweet"]]]`},
		{"struct to each ingredient", []string{"meta"}, []string{"ingredients", "meta"},
			`[[{"cuisine": "fr", "serves": 4}, {"cuisine": "fr", "serves": 4}], [], [{"cuisine": "de", "serves": 8}]]`},
		{"two levels down", []string{"title"}, []string{"ingredients", "subs", "title"},
			`[[["soup"], []], [], [["cake", "cake"]]]`},
		{"from a nested level", []string{"ingredients", "name"}, []string{"ingredients", "subs", "of"},
			`[[["leek"], []], [], [["flour", "flour"]]]`},
		{"same level", []string{"title"}, []string{"info", "title"},
			`["soup", "tea", "cake"]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := opST(t, opRecipes)
			got, err := st.Broadcast(c.source, c.target)
			if err != nil {
				t.Fatal(err)
			}
			opCheck(t, "target", opField(t, got, c.target...), c.want)
			opCheck(t, "input", st, opRecipes)
			// The target's siblings are shared and the new field uses the
			// target parent's partitions.
			parent := c.target[:len(c.target)-1]
			old := opField(t, st, parent...).(*Tensor)
			nw := opField(t, got, parent...).(*Tensor)
			for _, name := range old.FieldNames() {
				if opField(t, nw, name) != opField(t, old, name) {
					t.Errorf("%s was rebuilt, want it shared", name)
				}
			}
			var fp []*RowPartition
			switch v := opField(t, nw, c.target[len(c.target)-1]).(type) {
			case *Ragged:
				fp = v.RowPartitions()
			case *Tensor:
				fp = v.RowPartitions()
			}
			for i, p := range nw.RowPartitions() {
				if fp[i] != p {
					t.Errorf("partition %d of the new field is not its parent's", i)
				}
			}
		})
	}
}

func TestBroadcastSameLevelShares(t *testing.T) {
	st := opST(t, opRecipes)
	got := Must(st.Broadcast([]string{"title"}, []string{"info", "title"}))
	if opField(t, got, "info", "title") != opField(t, st, "title") {
		t.Error("a copy to the same level must share the value")
	}
}

func TestBroadcastGathersOnlyTargets(t *testing.T) {
	st := opST(t, opRecipes)
	got := Must(st.Broadcast([]string{"est_time"}, []string{"ingredients", "subs", "t"}))
	if n := opValues(t, got, "ingredients", "subs", "t").Len(); n != 3 {
		t.Errorf("gathered %d items for 3 target structures", n)
	}
}

func TestBroadcastRankZeroRoot(t *testing.T) {
	st := opST(t, `{"user": "ann", "prefs": {"lang": "fr"}, "items": [{"x": 1, "parts": [{"y": 1}]}, {"x": 2, "parts": []}]}`)
	got := Must(st.Broadcast([]string{"user"}, []string{"items", "user"}))
	opCheck(t, "items.user", opField(t, got, "items", "user"), `["ann", "ann"]`)
	got = Must(st.Broadcast([]string{"prefs"}, []string{"items", "parts", "prefs"}))
	opCheck(t, "items.parts.prefs", opField(t, got, "items", "parts", "prefs"), `[[{"lang": "fr"}], []]`)
	got = Must(st.Broadcast([]string{"user"}, []string{"prefs", "user"}))
	opCheck(t, "prefs.user", opField(t, got, "prefs", "user"), `"ann"`)
}

func TestBroadcastNulls(t *testing.T) {
	st := opST(t, `[{"t": null, "xs": [{"a": 1}, null]}, {"t": 2, "xs": null}, {"t": 3, "xs": [{"a": 4}]}]`)
	got := Must(st.Broadcast([]string{"t"}, []string{"xs", "t"}))
	opCheck(t, "result", got, `[{"t": null, "xs": [{"a": 1, "t": null}, null]}, {"t": 2, "xs": null}, {"t": 3, "xs": [{"a": 4, "t": 3}]}]`)
	opCheck(t, "xs.t", opField(t, got, "xs", "t"), `[[null, null], null, [3]]`)
}

func TestBroadcastErrors(t *testing.T) {
	st := opST(t, opRecipes)
	cases := []struct {
		name           string
		source, target []string
		fragments      []string
	}{
		{"empty source", nil, []string{"x"}, []string{"may not be empty"}},
		{"empty target", []string{"title"}, nil, []string{"may not be empty"}},
		{"missing source", []string{"time"}, []string{"ingredients", "time"}, []string{"field time", "no such field"}},
		{"missing target parent", []string{"title"}, []string{"steps", "title"}, []string{"field steps", "no such field"}},
		{"target parent is a leaf", []string{"title"}, []string{"est_time", "title"}, []string{"field est_time", "not a structure"}},
		{"target above the source", []string{"ingredients", "name"}, []string{"name2"}, []string{"field name2", "not under the source's parent", "Promote"}},
		{"target in a sibling", []string{"meta", "cuisine"}, []string{"ingredients", "cuisine"}, []string{"not under the source's parent (\"meta\")"}},
		{"name collision", []string{"title"}, []string{"ingredients", "name"}, []string{"field ingredients.name", "already exists"}},
		{"empty target name", []string{"title"}, []string{"ingredients", ""}, []string{"may not be empty"}},
	}
	for _, c := range cases {
		_, err := st.Broadcast(c.source, c.target)
		opErr(t, c.name, err, ErrPath, append(c.fragments, "Broadcast")...)
	}
}
