package index

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/structframe/structframe/structured"
)

// idxTestMulti builds the MultiIndex of per-row levels.
func idxTestMulti(t testing.TB, names []string, levels ...any) *Multi {
	t.Helper()
	vs := make([]structured.Value, len(levels))
	for i, l := range levels {
		vs[i] = idxTestValue(t, l)
	}
	m, err := MultiFromLevels(names, vs...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// idxTestRows returns the per-row tuples of an index as Go values.
func idxTestRows(t testing.TB, idx Index) [][]any {
	t.Helper()
	lv, err := Levels(idx)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]any, idx.NumRows())
	for k := range lv {
		vals := lv[k].ToValue().([]any)
		for i := range out {
			out[i] = append(out[i], vals[i])
		}
	}
	return out
}

func TestMultiFromLevelsRuns(t *testing.T) {
	m := idxTestMulti(t, []string{"city", "year"},
		[]any{"a", "a", "b", "a", nil, nil},
		[]any{int64(1), int64(1), int64(1), int64(2), nil, int64(3)})
	if got := m.GroupLabels(0).ToValue(); !reflect.DeepEqual(got, []any{"a", "b", "a", nil}) {
		t.Errorf("level 0 groups = %v, want a, b, a, null (runs, null equals null)", got)
	}
	if got := m.Partitions()[0].RowSplits(); !reflect.DeepEqual(got, []int64{0, 2, 3, 4, 6}) {
		t.Errorf("splits = %v", got)
	}
	if m.NumRows() != 6 || m.NumLevels() != 2 || !reflect.DeepEqual(m.Names(), []string{"city", "year"}) {
		t.Errorf("Len %d NumLevels %d Names %v", m.NumRows(), m.NumLevels(), m.Names())
	}
	want := [][]any{{"a", int64(1)}, {"a", int64(1)}, {"b", int64(1)}, {"a", int64(2)}, {nil, nil}, {nil, int64(3)}}
	if got := idxTestRows(t, m); !reflect.DeepEqual(got, want) {
		t.Errorf("rows = %v", got)
	}
	three := idxTestMulti(t, []string{"a", "b", "c"},
		[]int64{1, 1, 1, 2}, []string{"x", "x", "y", "y"}, []int64{7, 8, 9, 10})
	if three.NumGroups(0) != 2 || three.NumGroups(1) != 3 || three.NumGroups(2) != 4 {
		t.Errorf("groups = %d, %d, %d", three.NumGroups(0), three.NumGroups(1), three.NumGroups(2))
	}
	empty := idxTestMulti(t, []string{"a", "b"}, []int64{}, []string{})
	if empty.NumRows() != 0 || empty.NumGroups(0) != 0 {
		t.Errorf("empty: %s", empty)
	}
	if _, err := MultiFromLevels([]string{"a", "b"}, idxTestValue(t, []int64{1}), idxTestValue(t, []int64{1, 2})); !errors.Is(err, ErrInvalid) {
		t.Errorf("lengths differ: err = %v", err)
	}
	if _, err := MultiFromLevels([]string{"a"}, idxTestValue(t, []int64{1})); !errors.Is(err, ErrInvalid) {
		t.Errorf("one level: err = %v", err)
	}
}

// idxTestEmptyGroups is a MultiIndex with an empty group and a null label:
// a: [1, 2], b: [], null: [3].
func idxTestEmptyGroups(t testing.TB) *Multi {
	t.Helper()
	p, err := structured.PartitionFromSplits([]int64{0, 2, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMulti([]string{"g", ""},
		[]structured.Value{idxTestValue(t, []any{"a", "b", nil}), idxTestValue(t, []int64{1, 2, 3})},
		[]*structured.RowPartition{p})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLocate(t *testing.T) {
	m := idxTestMulti(t, []string{"city", "year"},
		[]any{"a", "a", "b", "a", nil, nil},
		[]any{int64(1), int64(2), int64(1), int64(2), nil, int64(3)})
	l := idxTestLabels(t, "k", idxTestValue(t, []string{"x", "y", "z", "y", "w"}))
	tests := []struct {
		name string
		idx  Index
		keys []any
		want []int
		err  error
	}{
		{"labels one", l, []any{"y"}, []int{1, 3}, nil},
		{"labels list keeps list order", l, []any{[]string{"z", "x"}}, []int{2, 0}, nil},
		{"labels list any", l, []any{[]any{"w", "y"}}, []int{4, 1, 3}, nil},
		{"labels between unsorted", l, []any{Between("y", "z")}, []int{1, 2}, nil},
		{"labels between to last hi", l, []any{Between("x", "y")}, []int{0, 1, 2, 3}, nil},
		{"labels between reversed", l, []any{Between("w", "x")}, nil, nil},
		{"labels absent", l, []any{"q"}, nil, ErrNotFound},
		{"labels list absent", l, []any{[]string{"x", "q"}}, nil, ErrNotFound},
		{"labels between absent", l, []any{Between("x", "q")}, nil, ErrNotFound},
		{"labels wrong type", l, []any{1}, nil, ErrKeyType},
		{"labels two keys", l, []any{"x", "y"}, nil, ErrInvalid},
		{"no key", l, nil, nil, ErrInvalid},
		{"multi outer finds every group", m, []any{"a"}, []int{0, 1, 3}, nil},
		{"multi tuple", m, []any{"a", 2}, []int{1, 3}, nil},
		{"multi tuple absent", m, []any{"b", 2}, nil, ErrNotFound},
		{"multi null outer", m, []any{nil}, []int{4, 5}, nil},
		{"multi null inner", m, []any{nil, nil}, []int{4}, nil},
		{"multi list outer", m, []any{[]any{"b", nil}}, []int{2, 4, 5}, nil},
		{"multi list inner", m, []any{"a", []int{2, 1}}, []int{1, 3, 0}, nil},
		{"multi between outer", m, []any{Between("b", "a")}, []int{2, 3}, nil},
		{"multi between inner, per group", m, []any{"a", Between(1, 2)}, []int{0, 1}, nil},
		{"multi wrong type inner", m, []any{"a", "2"}, nil, ErrKeyType},
		{"multi too many keys", m, []any{"a", 1, 1}, nil, ErrInvalid},
		{"empty group selects nothing", idxTestEmptyGroups(t), []any{"b"}, nil, nil},
		{"null group", idxTestEmptyGroups(t), []any{nil}, []int{2}, nil},
		{"range", NewRange(5), []any{3}, []int{3}, nil},
		{"range list", NewRange(5), []any{[]int{4, 0}}, []int{4, 0}, nil},
		{"range between", NewRange(5), []any{Between(1, 3)}, []int{1, 2, 3}, nil},
		{"range absent", NewRange(5), []any{5}, nil, ErrNotFound},
		{"range string", NewRange(5), []any{"1"}, nil, ErrKeyType},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Locate(tc.idx, tc.keys...)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Locate(%v) = %v, want %v", tc.keys, got, tc.want)
			}
		})
	}
}

func TestMultiTakeSliceConcat(t *testing.T) {
	m := idxTestEmptyGroups(t)
	got, err := m.Take([]int{2, 0, structured.NullRow, 1})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]any{{nil, int64(3)}, {"a", int64(1)}, {nil, nil}, {"a", int64(2)}}
	if rows := idxTestRows(t, got); !reflect.DeepEqual(rows, want) {
		t.Errorf("Take rows = %v", rows)
	}
	if g := got.(*Multi).GroupLabels(0).ToValue(); !reflect.DeepEqual(g, []any{nil, "a", nil, "a"}) {
		t.Errorf("Take regrouped = %v", g)
	}
	s, err := m.Slice(1, 3)
	if err != nil {
		t.Fatal(err)
	}
	if g := s.(*Multi).GroupLabels(0).ToValue(); !reflect.DeepEqual(g, []any{"a", "b", nil}) {
		t.Errorf("Slice groups = %v (the empty group b between two rows stays)", g)
	}
	edge, err := m.Slice(0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g := edge.(*Multi).GroupLabels(0).ToValue(); !reflect.DeepEqual(g, []any{"a"}) {
		t.Errorf("Slice(0, 2) groups = %v (the empty group after the last row goes)", g)
	}
	none, err := m.Slice(1, 1)
	if err != nil || none.NumRows() != 0 || none.(*Multi).NumGroups(0) != 0 {
		t.Errorf("Slice(1, 1) = %v, %v", none, err)
	}
	c, err := Concat(m, s, NewRange(0))
	if err != nil {
		t.Fatal(err)
	}
	if c.NumRows() != 5 || !reflect.DeepEqual(c.Names(), []string{"g", ""}) {
		t.Errorf("Concat = %s", c)
	}
	if _, err := m.Take([]int{3}); err == nil {
		t.Error("Take out of range: no error")
	}
	if _, err := Concat(m, NewRange(2)); !errors.Is(err, ErrInvalid) {
		t.Errorf("Concat multi+range: err = %v", err)
	}
	l1 := idxTestLabels(t, "k", idxTestValue(t, []int64{1, 2}))
	l2 := idxTestLabels(t, "j", idxTestValue(t, []int64{3}))
	c, err = Concat(l1, l2)
	if err != nil {
		t.Fatal(err)
	}
	if rows := idxTestRows(t, c); !reflect.DeepEqual(rows, [][]any{{int64(1)}, {int64(2)}, {int64(3)}}) || c.Names()[0] != "" {
		t.Errorf("Concat labels = %v %v", rows, c.Names())
	}
	if _, err := Concat(l1, idxTestLabels(t, "k", idxTestValue(t, []string{"x"}))); !errors.Is(err, ErrInvalid) {
		t.Errorf("Concat int+string labels: err = %v", err)
	}
	if _, err := Concat(l1, m); !errors.Is(err, ErrInvalid) {
		t.Errorf("Concat labels+multi: err = %v", err)
	}
	if c, err := Concat(NewRange(2), NewRange(3)); err != nil || !Equal(c, NewRange(5)) {
		t.Errorf("Concat ranges = %v, %v", c, err)
	}
}

// TestMultiSliceMatchesNaive: the rows of a Slice are the slice of the
// rows, those of a Take the rows picked (null for NullRow), for random MultiIndexes with empty groups and null labels.
func TestMultiSliceMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 500 {
		m := idxRandomMulti(t, rng)
		rows := idxTestRows(t, m)
		start := rng.IntN(len(rows) + 1)
		stop := start + rng.IntN(len(rows)-start+1)
		s, err := m.Slice(start, stop)
		if err != nil {
			t.Fatalf("iter %d: Slice(%d, %d): %v", iter, start, stop, err)
		}
		got := idxTestRows(t, s)
		if want := rows[start:stop]; !reflect.DeepEqual(got, want) && len(want)+len(got) > 0 {
			t.Fatalf("iter %d: Slice(%d, %d) rows = %v, want %v", iter, start, stop, got, want)
		}
		pick := make([]int, rng.IntN(6))
		want := make([][]any, len(pick))
		for i := range pick {
			pick[i] = structured.NullRow
			want[i] = make([]any, m.NumLevels())
			if len(rows) > 0 && rng.IntN(5) != 0 {
				pick[i] = rng.IntN(len(rows))
				want[i] = rows[pick[i]]
			}
		}
		tk, err := m.Take(pick)
		if err != nil {
			t.Fatalf("iter %d: Take(%v): %v", iter, pick, err)
		}
		if got := idxTestRows(t, tk); !reflect.DeepEqual(got, want) {
			t.Fatalf("iter %d: Take(%v) rows = %v, want %v", iter, pick, got, want)
		}
		if start == 0 && stop == len(rows) && stop > 0 {
			s0, e0 := m.groupRows(0, 0)
			sl, el := m.groupRows(0, m.NumGroups(0)-1)
			if s0 < e0 && sl < el && s.(*Multi).NumGroups(0) != m.NumGroups(0) {
				t.Fatalf("iter %d: full Slice lost outer groups", iter)
			}
		}
	}
}

// TestLocateMatchesNaive cross-checks Locate on random MultiIndexes with
// a scan of the per-row tuples.
func TestLocateMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := range 300 {
		m := idxRandomMulti(t, rng)
		rows := idxTestRows(t, m)
		if len(rows) == 0 {
			continue
		}
		probe := rows[rng.IntN(len(rows))]
		depth := 1 + rng.IntN(len(probe))
		keys := make([]any, depth)
		for k := range keys {
			keys[k] = probe[k]
		}
		var want []int
		for i, r := range rows {
			if reflect.DeepEqual(r[:depth], probe[:depth]) {
				want = append(want, i)
			}
		}
		got, err := Locate(m, keys...)
		if err != nil {
			t.Fatalf("iter %d: Locate(%v): %v", iter, keys, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("iter %d: Locate(%v) = %v, want %v (index %s)", iter, keys, got, want, m)
		}
	}
}
