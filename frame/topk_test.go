package frame

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

func TestTopK(t *testing.T) {
	nan := math.NaN()
	f := FromColumns([]string{"id", "a", "x", "s", "l"},
		[]int64{0, 1, 2, 3, 4, 5, 6, 7},
		[]any{int64(3), nil, int64(1), int64(3), int64(2), int64(3), nil, int64(1)},
		[]any{1.5, nan, nil, math.Inf(1), math.Copysign(0, -1), 0.0, 2.0, nan},
		[]any{"b", "a", nil, "b", "c", "a", "a", nil},
		[]any{[]any{int64(1)}, nil, []any{}, nil, nil, nil, nil, nil},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		got  *Frame
		ids  []any
	}{
		// Ties keep row order; nulls come last either way (Polars' top_k
		// and bottom_k prefer values to nulls whatever the direction).
		{"top 2", f.TopK(2, Col("a")), []any{int64(0), int64(3)}},
		{"top 4", f.TopK(4, Col("a")), []any{int64(0), int64(3), int64(5), int64(4)}},
		{"top 7 reaches nulls", f.TopK(7, Col("a")), []any{int64(0), int64(3), int64(5), int64(4), int64(2), int64(7), int64(1)}},
		{"bottom 3", f.BottomK(3, Col("a")), []any{int64(2), int64(7), int64(4)}},
		{"bottom 8", f.BottomK(8, Col("a")), []any{int64(2), int64(7), int64(4), int64(0), int64(3), int64(5), int64(1), int64(6)}},
		{"top 20 is all", f.TopK(20, Col("a")), []any{int64(0), int64(3), int64(5), int64(4), int64(2), int64(7), int64(1), int64(6)}},
		{"top 0", f.TopK(0, Col("a")), []any{}},
		{"two keys", f.TopK(3, Col("a"), Col("s")), []any{int64(0), int64(3), int64(5)}},
		{"two keys bottom", f.BottomK(3, Col("a"), Col("id")), []any{int64(2), int64(7), int64(4)}},
		// NaN above +Inf, -0 equal to 0, as Sort.
		{"floats", f.TopK(3, Col("x")), []any{int64(1), int64(7), int64(3)}},
		{"floats bottom", f.BottomK(3, Col("x")), []any{int64(4), int64(5), int64(0)}},
		{"strings", f.TopK(3, Col("s")), []any{int64(4), int64(0), int64(3)}},
		{"expression", f.TopK(2, Col("a").Neg()), []any{int64(2), int64(7)}},
	}
	for _, tc := range tests {
		if err := tc.got.Err(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if ids := sortColumn(t, tc.got, "id"); !reflect.DeepEqual(ids, tc.ids) {
			t.Errorf("%s: ids %v, want %v", tc.name, ids, tc.ids)
		}
	}
	// The nested column travels with its row.
	if l := sortColumn(t, f.TopK(1, Col("a")), "l"); !reflect.DeepEqual(l, []any{[]any{int64(1)}}) {
		t.Errorf("nested column: %v", l)
	}
	for name, tc := range map[string]struct {
		g    *Frame
		want error
	}{
		"list key":    {f.TopK(1, Col("l")), ErrType},
		"no key":      {f.TopK(1), ErrArgument},
		"negative":    {f.BottomK(-1, Col("a")), ErrArgument},
		"unknown":     {f.TopK(1, Col("nope")), ErrColumn},
		"aggregation": {f.TopK(1, Col("a").Sum()), ErrArgument},
	} {
		if err := tc.g.Err(); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
}

// TestTopKProperty checks TopK and BottomK against a stable Sort and Head
// on random frames with nulls, NaN and many ties.
func TestTopKProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 21))
	for iter := range 300 {
		n := rng.IntN(40)
		ids := make([]int64, n)
		a, x, s := make([]any, n), make([]any, n), make([]any, n)
		for i := range n {
			ids[i] = int64(i)
			if rng.IntN(5) > 0 {
				a[i] = int64(rng.IntN(4))
			}
			switch rng.IntN(6) {
			case 0:
			case 1:
				x[i] = math.NaN()
			default:
				x[i] = float64(rng.IntN(3)) - 1
			}
			if rng.IntN(4) > 0 {
				s[i] = string(rune('a' + rng.IntN(3)))
			}
		}
		f := FromColumns([]string{"id", "a", "x", "s"}, ids, a, x, s)
		if n == 0 {
			f = FromColumns([]string{"id", "a", "x", "s"}, []int64{}, []int64{}, []float64{}, []string{})
		}
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		k := rng.IntN(n + 3)
		keys := [][]string{{"a"}, {"x"}, {"s"}, {"a", "s"}, {"s", "x", "a"}}[rng.IntN(5)]
		var by []Expr
		var desc, asc []SortKey
		for _, ref := range keys {
			by = append(by, Col(ref))
			desc = append(desc, Desc(ref))
			asc = append(asc, Asc(ref))
		}
		for _, top := range []bool{true, false} {
			got, want := f.BottomK(k, by...), f.Sort(asc...).Head(k)
			if top {
				got, want = f.TopK(k, by...), f.Sort(desc...).Head(k)
			}
			if g, w := randRows(t, got), randRows(t, want); !randDeepEqual(g, w) {
				t.Fatalf("iteration %d, k=%d, keys %v, top %v:\n got %v\nwant %v", iter, k, keys, top, g, w)
			}
		}
	}
}

func TestExprTopK(t *testing.T) {
	f := FromColumns([]string{"a", "g", "s", "l"},
		[]any{int64(3), nil, int64(1), int64(3), int64(2), int64(3), nil, int64(1)},
		[]any{"x", "y", "x", "x", "y", "z", "x", "y"},
		[]any{"b", "a", nil, "b", "c", "a", "a", nil},
		[]any{[]any{int64(1)}, nil, []any{}, nil, nil, nil, nil, nil},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	got := f.GroupBy("g").Agg(
		Col("a").TopK(2).Alias("top2"),
		Col("a").BottomK(2).Alias("bottom2"),
		Col("a").TopK(4).Alias("top4"),
		Col("s").BottomK(1).Alias("s1"),
		Col("a").TopK(0).Alias("none"),
	)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := map[string][]any{
		"top2":    {[]any{int64(3), int64(3)}, []any{int64(2), int64(1)}, []any{int64(3)}},
		"bottom2": {[]any{int64(1), int64(3)}, []any{int64(1), int64(2)}, []any{int64(3)}},
		"top4":    {[]any{int64(3), int64(3), int64(1), nil}, []any{int64(2), int64(1), nil}, []any{int64(3)}},
		"s1":      {[]any{"a"}, []any{"a"}, []any{"a"}},
		"none":    {[]any{}, []any{}, []any{}},
	}
	for name, w := range want {
		if g := sortColumn(t, got, name); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: %v, want %v", name, g, w)
		}
	}
	// Over the whole frame: one list.
	sel := f.SelectExprs(Col("a").TopK(3), Col("s").BottomK(2).Alias("s"))
	if err := sel.Err(); err != nil {
		t.Fatal(err)
	}
	if g := sortColumn(t, sel, "a"); !reflect.DeepEqual(g, []any{[]any{int64(3), int64(3), int64(3)}}) {
		t.Errorf("select: %v", g)
	}
	if g := sortColumn(t, sel, "s"); !reflect.DeepEqual(g, []any{[]any{"a", "a"}}) {
		t.Errorf("select s: %v", g)
	}
	if s := Col("a").BottomK(2).String(); s != "col(a).bottom_k(2)" {
		t.Errorf("String = %q", s)
	}
	for _, e := range []Expr{Col("l").TopK(1), Col("a").TopK(-1), Col("a").Sum().TopK(1)} {
		if err := f.GroupBy("g").Agg(e).Err(); err == nil {
			t.Errorf("%s: no error", e)
		}
	}
	if err := f.GroupBy("g").Agg(Col("l").TopK(1)).Err(); !errors.Is(err, ErrType) {
		t.Errorf("list: %v", err)
	}
}
