package frame

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// pivLong is the small long table the Polars checks use:
//
//	i    o    v    s
//	1    a    1    x
//	null b    2    y
//	1    null 3    z
//	2    a    null w
//	1    a    5    u
func pivLong(t *testing.T) *Frame {
	t.Helper()
	f := FromRecords([]any{
		map[string]any{"i": int64(1), "o": "a", "v": int64(1), "s": "x"},
		map[string]any{"i": nil, "o": "b", "v": int64(2), "s": "y"},
		map[string]any{"i": int64(1), "o": nil, "v": int64(3), "s": "z"},
		map[string]any{"i": int64(2), "o": "a", "v": nil, "s": "w"},
		map[string]any{"i": int64(1), "o": "a", "v": int64(5), "s": "u"},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f.Select("i", "o", "v", "s")
}

// pivRows is a frame's rows as lists of Go values in column order.
func pivRows(t *testing.T, f *Frame) [][]any {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	cols := f.Columns()
	var out [][]any
	for _, r := range randRows(t, f) {
		m := r.(map[string]any)
		row := make([]any, len(cols))
		for k, c := range cols {
			row[k] = m[c]
		}
		out = append(out, row)
	}
	return out
}

// TestPivotPolars checks Pivot against nodejs-polars 0.26.1 on pivLong:
// every expected table below is what Polars printed for
// df.pivot("v", {index: "i", on: "o", aggregateFunc: ...}) (its counts are
// u32 where ours are int64, and its sums of an int64 column int64).
func TestPivotPolars(t *testing.T) {
	f := pivLong(t)
	cols := []string{"i", "a", "b", "null"}
	cases := []struct {
		name  string
		agg   Expr
		cols  []string
		rows  [][]any
		value string
		opts  []PivotOption
	}{
		{"sum", Element().Sum(), cols, [][]any{{int64(1), int64(6), int64(0), int64(3)}, {nil, int64(0), int64(2), int64(0)}, {int64(2), int64(0), int64(0), int64(0)}}, "v", nil},
		{"count", Element().Count(), cols, [][]any{{int64(1), int64(2), int64(0), int64(1)}, {nil, int64(0), int64(1), int64(0)}, {int64(2), int64(0), int64(0), int64(0)}}, "v", nil},
		{"len", Len(), cols, [][]any{{int64(1), int64(2), int64(0), int64(1)}, {nil, int64(0), int64(1), int64(0)}, {int64(2), int64(1), int64(0), int64(0)}}, "v", nil},
		{"first", Element().First(), cols, [][]any{{int64(1), int64(1), nil, int64(3)}, {nil, nil, int64(2), nil}, {int64(2), nil, nil, nil}}, "v", nil},
		{"last", Element().Last(), cols, [][]any{{int64(1), int64(5), nil, int64(3)}, {nil, nil, int64(2), nil}, {int64(2), nil, nil, nil}}, "v", nil},
		{"min", Element().Min(), cols, [][]any{{int64(1), int64(1), nil, int64(3)}, {nil, nil, int64(2), nil}, {int64(2), nil, nil, nil}}, "v", nil},
		{"max", Element().Max(), cols, [][]any{{int64(1), int64(5), nil, int64(3)}, {nil, nil, int64(2), nil}, {int64(2), nil, nil, nil}}, "v", nil},
		{"mean", Element().Mean(), cols, [][]any{{int64(1), 3.0, nil, 3.0}, {nil, nil, 2.0, nil}, {int64(2), nil, nil, nil}}, "v", nil},
		{"sum times 2", Element().Sum().Mul(Lit(2)), cols, [][]any{{int64(1), int64(12), int64(0), int64(6)}, {nil, int64(0), int64(4), int64(0)}, {int64(2), int64(0), int64(0), int64(0)}}, "v", nil},
		{"n_unique", Element().NUnique(), cols, [][]any{{int64(1), int64(2), int64(0), int64(1)}, {nil, int64(0), int64(1), int64(0)}, {int64(2), int64(1), int64(0), int64(0)}}, "v", nil},
		{"first strings", Element().First(), cols, [][]any{{int64(1), "x", nil, "z"}, {nil, nil, "y", nil}, {int64(2), "w", nil, nil}}, "s", nil},
		{"sorted", Element().Sum(), []string{"i", "null", "a", "b"}, [][]any{{int64(1), int64(3), int64(6), int64(0)}, {nil, int64(0), int64(0), int64(2)}, {int64(2), int64(0), int64(0), int64(0)}}, "v", []PivotOption{WithSortColumns(true)}},
		{"sorted descending", Element().Sum(), []string{"i", "null", "b", "a"}, [][]any{{int64(1), int64(3), int64(0), int64(6)}, {nil, int64(0), int64(2), int64(0)}, {int64(2), int64(0), int64(0), int64(0)}}, "v", []PivotOption{WithSortColumns(true), WithDescending(true)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := f.Pivot([]string{"o"}, []string{"i"}, []string{tc.value}, append([]PivotOption{WithAggregate(tc.agg)}, tc.opts...)...)
			if err := g.Err(); err != nil {
				t.Fatal(err)
			}
			if got := g.Columns(); !slices.Equal(got, tc.cols) {
				t.Fatalf("columns = %v, want %v", got, tc.cols)
			}
			if got := pivRows(t, g); !reflect.DeepEqual(got, tc.rows) {
				t.Fatalf("rows = %v, want %v", got, tc.rows)
			}
		})
	}
}

// TestPivotNames checks the names of the new columns against Polars
// (nodejs-polars 0.26.1 printed the same headers for the same frames).
func TestPivotNames(t *testing.T) {
	wide := FromColumns([]string{"foo", "bar", "baz", "qux", "k"},
		[]string{"one", "one", "one", "two", "two", "two"}, []string{"A", "B", "C", "A", "B", "C"},
		[]int64{1, 2, 3, 4, 5, 6}, []int64{7, 8, 9, 10, 11, 12}, []string{"x", "x", "y", "y", "x", "x"})
	typed := FromColumns([]string{"i", "o", "b", "v", "f", "s"},
		[]int64{1, 1, 2}, []int64{10, 20, 10}, []bool{true, false, true}, []int32{1, 2, 3}, []float64{0.5, 1.5, 2.5}, []string{"a", "b", "c"})
	cases := []struct {
		name              string
		f                 *Frame
		on, index, values []string
		opts              []PivotOption
		cols              []string
		rows              [][]any
	}{
		{"two values", wide, []string{"bar"}, []string{"foo"}, []string{"baz", "qux"}, nil,
			[]string{"foo", "baz_A", "baz_B", "baz_C", "qux_A", "qux_B", "qux_C"},
			[][]any{{"one", int64(1), int64(2), int64(3), int64(7), int64(8), int64(9)}, {"two", int64(4), int64(5), int64(6), int64(10), int64(11), int64(12)}}},
		{"separator", wide, []string{"bar"}, []string{"foo"}, []string{"baz", "qux"}, []PivotOption{WithSeparator("/")},
			[]string{"foo", "baz/A", "baz/B", "baz/C", "qux/A", "qux/B", "qux/C"}, nil},
		{"two on", wide, []string{"bar", "k"}, []string{"foo"}, []string{"baz"}, nil,
			[]string{"foo", `{"A","x"}`, `{"B","x"}`, `{"C","y"}`, `{"A","y"}`, `{"C","x"}`},
			[][]any{{"one", int64(1), int64(2), int64(3), nil, nil}, {"two", nil, int64(5), nil, int64(4), int64(6)}}},
		{"int on", typed, []string{"o"}, []string{"i"}, []string{"v"}, nil, []string{"i", "10", "20"},
			[][]any{{int64(1), int64(1), int64(2)}, {int64(2), int64(3), nil}}},
		{"float on", typed, []string{"f"}, []string{"i"}, []string{"v"}, nil, []string{"i", "0.5", "1.5", "2.5"}, nil},
		{"bool on", typed, []string{"b"}, []string{"i"}, []string{"v"}, nil, []string{"i", "true", "false"}, nil},
		{"int and string on", typed, []string{"o", "s"}, []string{"i"}, []string{"v"}, nil, []string{"i", `{10,"a"}`, `{20,"b"}`, `{10,"c"}`}, nil},
		{"int and bool on", typed, []string{"o", "b"}, []string{"i"}, []string{"v"}, nil, []string{"i", "{10,true}", "{20,false}"}, nil},
		{"values by default", typed.Select("i", "o", "v"), []string{"o"}, []string{"i"}, nil, nil, []string{"i", "10", "20"}, nil},
		{"index by default", typed.Select("i", "o", "v"), []string{"o"}, nil, []string{"v"}, nil, []string{"i", "10", "20"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.f.Pivot(tc.on, tc.index, tc.values, tc.opts...)
			if err := g.Err(); err != nil {
				t.Fatal(err)
			}
			if got := g.Columns(); !slices.Equal(got, tc.cols) {
				t.Fatalf("columns = %q, want %q", got, tc.cols)
			}
			if tc.rows != nil {
				if got := pivRows(t, g); !reflect.DeepEqual(got, tc.rows) {
					t.Fatalf("rows = %v, want %v", got, tc.rows)
				}
			}
		})
	}
}

func TestPivotErrors(t *testing.T) {
	f := pivLong(t)
	nested := FromRecords([]any{
		map[string]any{"i": int64(1), "o": []any{int64(1)}, "v": 1.0},
	})
	cases := []struct {
		name     string
		g        *Frame
		kind     error
		contains string
	}{
		// Polars refuses duplicates when aggregate_function is None.
		{"duplicates without an aggregate", f.Pivot([]string{"o"}, []string{"i"}, []string{"v"}), ErrArgument, `index (i=1) and on (o="a") are held by rows 0 and 4`},
		{"no on", f.Pivot(nil, []string{"i"}, []string{"v"}), ErrArgument, "no on column"},
		{"neither index nor values", f.Pivot([]string{"o"}, nil, nil), ErrArgument, "give the index columns"},
		{"unknown on", f.Pivot([]string{"nope"}, []string{"i"}, []string{"v"}), ErrColumn, "nope"},
		{"unknown values", f.Pivot([]string{"o"}, []string{"i"}, []string{"nope"}, WithAggregate(Element().Sum())), ErrColumn, "nope"},
		{"a list on", nested.Pivot([]string{"o"}, []string{"i"}, []string{"v"}), ErrType, `on column "o"`},
		{"not an aggregation", f.Pivot([]string{"o"}, []string{"i"}, []string{"v"}, WithAggregate(Element())), ErrArgument, "does not aggregate"},
		{"sum of strings", f.Pivot([]string{"o"}, []string{"i"}, []string{"s"}, WithAggregate(Element().Sum())), ErrType, "sum"},
		{"a name taken", FromColumns([]string{"a", "o", "v"}, []int64{1}, []string{"a"}, []int64{2}).Pivot([]string{"o"}, []string{"a"}, []string{"v"}), ErrDuplicate, `"a"`},
		{"an index twice", f.Pivot([]string{"o"}, []string{"i", "i"}, []string{"v"}), ErrDuplicate, "twice"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Err()
			if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.contains) {
				t.Fatalf("err = %v, want %v containing %q", err, tc.kind, tc.contains)
			}
		})
	}
}

func TestPivotShapes(t *testing.T) {
	f := pivLong(t)
	t.Run("empty frame", func(t *testing.T) {
		g := f.Head(0).Pivot([]string{"o"}, []string{"i"}, []string{"v"})
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		if g.NumRows() != 0 || !slices.Equal(g.Columns(), []string{"i"}) {
			t.Fatalf("got %v rows %d", g.Columns(), g.NumRows())
		}
	})
	t.Run("one row", func(t *testing.T) {
		g := f.Head(1).Pivot([]string{"o"}, []string{"i"}, []string{"v", "s"})
		if got, want := pivRows(t, g), [][]any{{int64(1), int64(1), "x"}}; !reflect.DeepEqual(got, want) {
			t.Fatalf("rows = %v, want %v", got, want)
		}
		if got := g.Columns(); !slices.Equal(got, []string{"i", "v_a", "s_a"}) {
			t.Fatalf("columns = %v", got)
		}
	})
	t.Run("NaN", func(t *testing.T) {
		g := FromColumns([]string{"i", "o", "x"}, []int64{1, 1, 2}, []string{"a", "a", "a"}, []float64{math.NaN(), 1, 2}).
			Pivot([]string{"o"}, []string{"i"}, []string{"x"}, WithAggregate(Element().Max()))
		rows := pivRows(t, g)
		if len(rows) != 2 || rows[0][1] != 1.0 || rows[1][1] != 2.0 {
			t.Fatalf("rows = %v (Max ignores NaN beside numbers)", rows)
		}
		g = FromColumns([]string{"i", "o", "x"}, []int64{1, 1}, []string{"a", "a"}, []float64{math.NaN(), 1}).
			Pivot([]string{"o"}, []string{"i"}, []string{"x"}, WithAggregate(Element().Sum()))
		if x := pivRows(t, g)[0][1].(float64); !math.IsNaN(x) {
			t.Fatalf("sum with a NaN = %v", x)
		}
	})
	t.Run("nested values", func(t *testing.T) {
		g := FromRecords([]any{
			map[string]any{"i": "p", "o": "a", "l": []any{int64(1), int64(2)}, "st": map[string]any{"x": 1.0}},
			map[string]any{"i": "p", "o": "b", "l": nil, "st": nil},
			map[string]any{"i": "q", "o": "a", "l": []any{}, "st": map[string]any{"x": nil}},
			map[string]any{"i": "q", "o": "a", "l": []any{int64(3)}, "st": map[string]any{"x": 3.0}},
		})
		plain := g.Head(3).Pivot([]string{"o"}, []string{"i"}, []string{"l", "st"})
		want := [][]any{
			{"p", []any{int64(1), int64(2)}, nil, map[string]any{"x": 1.0}, nil},
			{"q", []any{}, nil, map[string]any{"x": nil}, nil},
		}
		if got := pivRows(t, plain); !reflect.DeepEqual(got, want) {
			t.Fatalf("rows = %v, want %v", got, want)
		}
		last := g.Pivot([]string{"o"}, []string{"i"}, []string{"l", "st"}, WithAggregate(Element().Last()))
		want[1] = []any{"q", []any{int64(3)}, nil, map[string]any{"x": 3.0}, nil}
		if got := pivRows(t, last); !reflect.DeepEqual(got, want) {
			t.Fatalf("last: rows = %v, want %v", got, want)
		}
	})
	t.Run("frame index dropped", func(t *testing.T) {
		g := f.SetIndex("s").Pivot([]string{"o"}, []string{"i"}, []string{"v"}, WithAggregate(Element().Sum()))
		if g.Err() != nil || g.Index().NumLevels() != 0 {
			t.Fatalf("index = %v, err %v", g.Index(), g.Err())
		}
	})
}

// pivRandLong draws long rows (k, o, v): k an int key with nulls, o one of
// a few strings, v a float with nulls; unique pairs (k, o) when unique.
func pivRandLong(t *testing.T, rng *rand.Rand, n int, unique bool) *Frame {
	t.Helper()
	var ks []any
	var os []any
	var vs []any
	seen := map[string]bool{}
	for range n {
		var k any = int64(rng.IntN(5))
		if rng.IntN(6) == 0 {
			k = nil
		}
		o := []string{"p", "q", "r", "s"}[rng.IntN(4)]
		key := fmt.Sprint(k, o)
		if unique && seen[key] {
			continue
		}
		seen[key] = true
		var v any = float64(rng.IntN(100))
		if rng.IntN(5) == 0 {
			v = nil
		}
		ks, os, vs = append(ks, k), append(os, o), append(vs, v)
	}
	if len(ks) == 0 {
		return FromColumns([]string{"k", "o", "v"}, []int64{}, []string{}, []float64{})
	}
	f := FromColumns([]string{"k", "o", "v"}, ks, os, vs)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPivotUnpivotRoundTrip: Unpivot of Pivot gives the long rows back, up
// to their order and the rows whose value is null (Pivot cannot tell a
// null value from a missing pair).
func TestPivotUnpivotRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	key := func(r []any) string { return fmt.Sprint(r...) }
	for iter := range 60 {
		long := pivRandLong(t, rng, rng.IntN(25), true)
		var want []string
		for _, r := range pivRows(t, long) {
			if r[2] != nil {
				want = append(want, key(r))
			}
		}
		wide := long.Pivot([]string{"o"}, []string{"k"}, []string{"v"})
		back := wide.Unpivot(nil, []string{"k"}, WithVariableName("o"), WithValueName("v")).Filter(Col("v").IsNotNull())
		var got []string
		for _, r := range pivRows(t, back) {
			got = append(got, key(r))
		}
		sort.Strings(want)
		sort.Strings(got)
		if !slices.Equal(got, want) {
			t.Fatalf("iter %d: got %v, want %v", iter, got, want)
		}
	}
}

// TestPivotNaive: Pivot with sums and counts against a map over ToValue,
// on frames built every way.
func TestPivotNaive(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { pivotNaive(t, w) })
	}
}

func pivotNaive(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(21, 2+uint64(w)))
	for iter := range 15 {
		long := pivRandLong(t, rng, 1+rng.IntN(40), false)
		long = randBuild(t, rng, long, w)
		rows := pivRows(t, long)
		type cell struct{ k, o string }
		sums := map[cell]float64{}
		counts := map[cell]int64{}
		var ks, ons []string
		for _, r := range rows {
			c := cell{fmt.Sprint(r[0]), r[1].(string)}
			if !slices.Contains(ks, c.k) {
				ks = append(ks, c.k)
			}
			if !slices.Contains(ons, c.o) {
				ons = append(ons, c.o)
			}
			if r[2] != nil {
				sums[c] += r[2].(float64)
				counts[c]++
			}
		}
		for _, agg := range []string{"sum", "count"} {
			e := Element().Sum()
			if agg == "count" {
				e = Element().Count()
			}
			g := long.Pivot([]string{"o"}, []string{"k"}, []string{"v"}, WithAggregate(e))
			if got := g.Columns(); !slices.Equal(got, append([]string{"k"}, ons...)) {
				t.Fatalf("iter %d: columns %v, want k then %v", iter, got, ons)
			}
			for r, row := range pivRows(t, g) {
				if fmt.Sprint(row[0]) != ks[r] {
					t.Fatalf("iter %d: row %d key %v, want %s", iter, r, row[0], ks[r])
				}
				for j, o := range ons {
					c := cell{ks[r], o}
					var want any = sums[c]
					if agg == "count" {
						want = counts[c]
					}
					if fmt.Sprint(row[j+1]) != fmt.Sprint(want) { // a column of only nulls sums to int64 0
						t.Fatalf("iter %d: %s of %v = %v, want %v", iter, agg, c, row[j+1], want)
					}
				}
			}
		}
	}
}
