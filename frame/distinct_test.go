package frame

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// distinctFrame repeats keys, nulls, NaN and nested values.
func distinctFrame(t *testing.T) *Frame {
	t.Helper()
	nan := math.NaN()
	f := FromColumns([]string{"id", "a", "g", "x", "l"},
		[]int64{0, 1, 2, 3, 4, 5, 6, 7},
		[]any{int64(3), nil, int64(1), int64(3), int64(2), int64(3), nil, int64(1)},
		[]any{"x", "y", "x", "x", "y", "z", "x", "y"},
		[]any{nan, 0.0, nan, math.Copysign(0, -1), nil, 1.0, nil, 2.0},
		[]any{[]any{int64(1)}, nil, []any{}, []any{int64(1)}, nil, []any{}, []any{int64(2)}, nil},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestUniqueKeep(t *testing.T) {
	f := distinctFrame(t)
	tests := []struct {
		name   string
		subset []string
		opts   []UniqueOption
		ids    []any
	}{
		// Checked against nodejs-polars 0.26: unique(subset="g", keep=...,
		// maintainOrder=true).
		{"first", []string{"g"}, nil, []any{int64(0), int64(1), int64(5)}},
		{"first given", []string{"g"}, []UniqueOption{WithKeep(KeepFirst)}, []any{int64(0), int64(1), int64(5)}},
		{"any", []string{"g"}, []UniqueOption{WithKeep(KeepAny), WithMaintainOrder(false)}, []any{int64(0), int64(1), int64(5)}},
		{"last", []string{"g"}, []UniqueOption{WithKeep(KeepLast), WithMaintainOrder(true)}, []any{int64(5), int64(6), int64(7)}},
		{"none", []string{"g"}, []UniqueOption{WithKeep(KeepNone)}, []any{int64(5)}},
		{"nulls are one key", []string{"a"}, []UniqueOption{WithKeep(KeepLast)}, []any{int64(4), int64(5), int64(6), int64(7)}},
		{"NaN is one key, -0 is 0", []string{"x"}, nil, []any{int64(0), int64(1), int64(4), int64(5), int64(7)}},
		{"none with NaN", []string{"x"}, []UniqueOption{WithKeep(KeepNone)}, []any{int64(5), int64(7)}},
		{"lists", []string{"l"}, []UniqueOption{WithKeep(KeepLast)}, []any{int64(3), int64(5), int64(6), int64(7)}},
		{"two columns", []string{"a", "g"}, []UniqueOption{WithKeep(KeepNone)}, []any{int64(1), int64(2), int64(4), int64(5), int64(6), int64(7)}},
		{"every column", nil, []UniqueOption{WithKeep(KeepLast)}, []any{int64(0), int64(1), int64(2), int64(3), int64(4), int64(5), int64(6), int64(7)}},
	}
	for _, tc := range tests {
		got := f.Unique(tc.subset, tc.opts...)
		if err := got.Err(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if ids := sortColumn(t, got, "id"); !reflect.DeepEqual(ids, tc.ids) {
			t.Errorf("%s: ids %v, want %v", tc.name, ids, tc.ids)
		}
	}
	if err := f.Unique(nil, WithKeep(UniqueKeep(9))).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("bad keep: %v", err)
	}
	if s := KeepNone.String(); s != "none" {
		t.Errorf("String = %q", s)
	}
	if g := f.Unique([]string{"id"}, WithKeep(KeepNone)); g != f {
		t.Error("all distinct: not the frame itself")
	}
}

func TestDistinctExprs(t *testing.T) {
	f := distinctFrame(t)
	T, F := true, false
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		// Checked against nodejs-polars 0.26 for column a.
		{"duplicated", Col("a").IsDuplicated(), []any{T, T, T, T, F, T, T, T}},
		{"unique", Col("a").IsUnique(), []any{F, F, F, F, T, F, F, F}},
		{"first distinct", Col("a").IsFirstDistinct(), []any{T, T, T, F, T, F, F, F}},
		{"last distinct", Col("a").IsLastDistinct(), []any{F, F, F, F, T, T, T, T}},
		{"floats", Col("x").IsDuplicated(), []any{T, T, T, T, T, F, T, F}},
		{"lists", Col("l").IsFirstDistinct(), []any{T, T, T, F, F, F, T, F}},
		{"struct of two", Struct(Col("a"), Col("g")).IsDuplicated(), []any{T, F, F, T, F, F, F, F}},
		{"literal", Lit(1).IsUnique(), []any{F, F, F, F, F, F, F, F}},
		{"computed", Col("a").Mod(Lit(2)).IsFirstDistinct(), []any{T, T, F, F, T, F, F, F}},
	}
	for _, tc := range tests {
		got, err := rowsEval(t, f, tc.e)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	// Filter by IsFirstDistinct keeps what Unique keeps.
	a := f.Filter(Col("g").IsFirstDistinct())
	b := f.Unique([]string{"g"})
	if !reflect.DeepEqual(sortColumn(t, a, "id"), sortColumn(t, b, "id")) {
		t.Errorf("filter %v, unique %v", sortColumn(t, a, "id"), sortColumn(t, b, "id"))
	}
	if s := Col("a").IsLastDistinct().String(); s != "col(a).is_last_distinct()" {
		t.Errorf("String = %q", s)
	}
	// Under Over's parts: each part apart, first and last in its order.
	p := &winParts{order: []int{6, 4, 2, 0, 1, 3, 5, 7}, starts: []int{0, 4, 8}}
	for _, tc := range []struct {
		e    Expr
		want []bool
	}{
		{Col("g").IsDuplicated(), []bool{T, T, T, F, F, F, T, T}},
		{Col("g").IsFirstDistinct(), []bool{F, T, F, T, T, T, T, F}},
		{Col("g").IsLastDistinct(), []bool{T, F, F, T, T, T, F, T}},
	} {
		c := &exprCtx{op: "test", f: f, rows: true, win: p}
		v, err := tc.e.eval(c)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(v.bools, tc.want) {
			t.Errorf("parts %s: %v, want %v", tc.e, v.bools, tc.want)
		}
	}
}

func TestFrameIsDuplicated(t *testing.T) {
	f := distinctFrame(t).Select("a", "g")
	d, err := f.IsDuplicated()
	if err != nil {
		t.Fatal(err)
	}
	// Checked against nodejs-polars 0.26: df.select("a", "g").isDuplicated().
	if got := d.ToValue(); !reflect.DeepEqual(got, []any{true, false, false, true, false, false, false, false}) {
		t.Errorf("IsDuplicated = %v", got)
	}
	u, err := f.IsUnique()
	if err != nil {
		t.Fatal(err)
	}
	if got := u.ToValue(); !reflect.DeepEqual(got, []any{false, true, true, false, true, true, true, true}) {
		t.Errorf("IsUnique = %v", got)
	}
	if d.Name() != "is_duplicated" || d.Index() != f.Index() {
		t.Errorf("name %q", d.Name())
	}
	if _, err := failed(ErrArgument).IsUnique(); err == nil {
		t.Error("failed frame: no error")
	}
}

// TestDistinctProperty checks the four tests and Unique's keeps against
// naive ones over ToValue on random columns with nulls and repeats.
func TestDistinctProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 21))
	for iter := range 200 {
		n := rng.IntN(25)
		vals := make([]any, n)
		for i := range vals {
			if rng.IntN(5) > 0 {
				vals[i] = string(rune('a' + rng.IntN(6)))
			}
		}
		f := FromColumns([]string{"v"}, vals)
		if n == 0 {
			f = FromColumns([]string{"v"}, []string{})
		}
		count := map[any]int{}
		for _, v := range vals {
			count[v]++
		}
		dup, uniq, first, last := make([]any, n), make([]any, n), make([]any, n), make([]any, n)
		seen := map[any]bool{}
		for i, v := range vals {
			dup[i], uniq[i] = count[v] > 1, count[v] == 1
			first[i] = !seen[v]
			seen[v] = true
		}
		seen = map[any]bool{}
		for i := n - 1; i >= 0; i-- {
			last[i] = !seen[vals[i]]
			seen[vals[i]] = true
		}
		for _, tc := range []struct {
			e    Expr
			want []any
		}{{Col("v").IsDuplicated(), dup}, {Col("v").IsUnique(), uniq}, {Col("v").IsFirstDistinct(), first}, {Col("v").IsLastDistinct(), last}} {
			got, err := rowsEval(t, f, tc.e)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) && n > 0 {
				t.Fatalf("iteration %d %s: %v, want %v (input %v)", iter, tc.e, got, tc.want, vals)
			}
		}
		for _, keep := range []UniqueKeep{KeepFirst, KeepLast, KeepNone} {
			var want []any
			for i, v := range vals {
				if (keep == KeepFirst && first[i] == true) || (keep == KeepLast && last[i] == true) || (keep == KeepNone && uniq[i] == true) {
					want = append(want, v)
				}
			}
			got := sortColumn(t, f.Unique(nil, WithKeep(keep)), "v")
			if len(got) != len(want) || (len(got) > 0 && !reflect.DeepEqual(got, want)) {
				t.Fatalf("iteration %d keep %s: %v, want %v (input %v)", iter, keep, got, want, vals)
			}
		}
	}
}
