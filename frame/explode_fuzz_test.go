package frame

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/structframe/structframe/structured"
)

// FuzzExplodeUnnest builds a nested frame from JSON records and explodes
// each list column under the policies the fuzzer picks, checking the
// invariants: the row count is the sum over rows of the list length, or
// 1 (or 0) for an empty or null list as the policy says; the values are
// those of a naive explode of ToValue; an exploded structure unnests to
// its fields, null where the structure is null. Nothing may panic. The
// frame is built the way (randWays) policy/4 picks.
func FuzzExplodeUnnest(f *testing.F) {
	for _, s := range []string{
		`[{"a": [1, 2], "b": "x"}, {"a": [], "b": "y"}, {"a": null, "b": null}]`,
		`[{"l": [{"x": 1, "y": [1]}, null, {"x": null, "y": null}]}, {"l": []}, {}]`,
		`[{"ll": [[1], [], null], "s": {"t": [1, 2]}}, {"ll": null}]`,
		`[{"a": [null]}, {"a": [null, null]}]`,
		`[{"a": [{"a": 1}], "a.a": 2}]`,
		`[]`,
		`[{"a": [1, 2], "b": ["x", "y"]}, {"a": [], "b": []}, {"a": null, "b": []}, {"a": [3], "b": ["z"]}]`,
		`[{"a": [1, 2], "b": ["x"]}]`,
	} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, policy uint8) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		if _, ok := v.([]any); !ok {
			return
		}
		fr := FromRecords(v)
		if fr.Err() != nil {
			return
		}
		fr = randBuild(t, rand.New(rand.NewPCG(uint64(len(data)), 0)), fr, randWay(int(policy/4)%int(numRandWays)))
		explCheck(t, fr, policy)
	})
}

// explCheck explodes every list column of fr under the policies policy
// picks and checks the result against a naive explode of ToValue, then
// unnests an exploded structure and checks its fields.
func explCheck(t *testing.T, fr *Frame, policy uint8) {
	t.Helper()
	empty, null := ExplodePolicy(policy%2), ExplodePolicy(policy/2%2)
	rows, _ := fr.data.ToValue().([]any)
	var lists []string
	for name, col := range fr.data.FieldsSeq() {
		if st, ok := col.(*structured.Tensor); col.Rank() >= 2 && (!ok || !st.IsMap()) {
			lists = append(lists, name)
		}
	}
	if len(lists) >= 2 {
		// Together: the same as the naive explode, or a length mismatch.
		g := fr.Explode(lists, WithEmptyAs(empty), WithNullAs(null))
		want, err := explNaive(rows, lists, empty, null, "")
		switch {
		case err != nil:
			if !errors.Is(g.Err(), ErrShape) {
				t.Fatalf("Explode(%q): %v, want a length mismatch", lists, g.Err())
			}
		case g.Err() != nil:
			t.Fatalf("Explode(%q): %v", lists, g.Err())
		default:
			if want == nil {
				want = []any{}
			}
			if got := g.data.ToValue(); !reflect.DeepEqual(got, want) {
				t.Fatalf("Explode(%q):\n got %v\nwant %v", lists, got, want)
			}
		}
	}
	for name, col := range fr.data.FieldsSeq() {
		if col.Rank() < 2 {
			if err := fr.Explode([]string{name}).Err(); !errors.Is(err, ErrType) {
				t.Fatalf("Explode(%q) of a rank-1 column: %v", name, err)
			}
			continue
		}
		if st, ok := col.(*structured.Tensor); ok && st.IsMap() {
			continue
		}
		const pos = "\x01pos"
		g := fr.Explode([]string{name}, WithEmptyAs(empty), WithNullAs(null), WithPosition(pos))
		if err := g.Err(); err != nil {
			t.Fatalf("Explode(%q): %v", name, err)
		}
		want, err := explNaive(rows, []string{name}, empty, null, pos)
		if err != nil {
			t.Fatal(err)
		}
		if g.NumRows() != len(want) || g.Index().NumRows() != len(want) {
			t.Fatalf("Explode(%q): %d rows, want %d", name, g.NumRows(), len(want))
		}
		got := g.data.ToValue()
		if len(want) == 0 {
			want = []any{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Explode(%q):\n got %v\nwant %v", name, got, want)
		}
		item, _ := g.data.Field(name)
		st, ok := item.(*structured.Tensor)
		if !ok || st.Rank() != 1 || st.IsMap() {
			continue
		}
		u := g.Unnest(name, WithPrefixed(true), WithSeparator("\x02"))
		if err := u.Err(); err != nil {
			if errors.Is(err, ErrDuplicate) {
				continue
			}
			t.Fatalf("Unnest(%q): %v", name, err)
		}
		structs := st.ToValue().([]any)
		for _, field := range st.FieldNames() {
			s, err := u.Column(Path(name + "\x02" + field))
			if err != nil {
				t.Fatal(err)
			}
			for i, x := range s.ToValue() {
				var w any
				if m, ok := structs[i].(map[string]any); ok {
					w = m[field]
				}
				if !reflect.DeepEqual(x, w) {
					t.Fatalf("Unnest(%q) field %q row %d: %v, want %v", name, field, i, x, w)
				}
			}
		}
	}
}
