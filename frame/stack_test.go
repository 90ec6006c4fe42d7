package frame

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// stackLevels is the per-row labels of f's index as Go values, level by level.
func stackLevels(t *testing.T, f *Frame) [][]any {
	t.Helper()
	lv, err := index.Levels(f.Index())
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]any, len(lv))
	for k, v := range lv {
		out[k] = randNormalize(v.ToValue()).([]any)
	}
	return out
}

func TestUnstack(t *testing.T) {
	f := idxCities(t) // paris 2023, paris 2024, rome 2024, paris 2025, null 2024
	u := f.SetIndex("city", "year").Unstack("")
	if err := u.Err(); err != nil {
		t.Fatal(err)
	}
	// pandas' unstack gives the columns (temp, 2023) ...; here temp is a
	// structure of fields 2023, 2024, 2025. Two runs of paris are two rows.
	if got := u.Columns(); !slices.Equal(got, []string{"temp", "tags"}) {
		t.Fatalf("columns = %v", got)
	}
	want := [][]any{
		{map[string]any{"2023": 11.5, "2024": 12.0, "2025": nil}, map[string]any{"2023": []any{"a"}, "2024": []any{}, "2025": nil}},
		{map[string]any{"2023": nil, "2024": nil, "2025": nil}, map[string]any{"2023": nil, "2024": []any{"b", "c"}, "2025": nil}},
		{map[string]any{"2023": nil, "2024": nil, "2025": 13.0}, map[string]any{"2023": nil, "2024": nil, "2025": []any{"d"}}},
		{map[string]any{"2023": nil, "2024": 9.0, "2025": nil}, map[string]any{"2023": nil, "2024": []any{}, "2025": nil}},
	}
	if got := pivRows(t, u); !reflect.DeepEqual(got, want) {
		t.Fatalf("rows = %v,\nwant %v", got, want)
	}
	if lab, ok := u.Index().(*index.Labels); !ok || lab.Name() != "city" || !reflect.DeepEqual(stackLevels(t, u)[0], []any{"paris", "rome", "paris", nil}) {
		t.Fatalf("index = %v", u.Index())
	}
	if st, _ := u.data.Field("temp"); st.(*structured.Tensor).FieldNames()[0] != "2023" {
		t.Fatal("fields in order of first appearance")
	}

	t.Run("an outer level", func(t *testing.T) {
		// Unstacking city groups the rows by year: 2023, 2024, 2025.
		g := f.SetIndex("city", "year").Unstack("city")
		want := [][]any{
			{map[string]any{"paris": 11.5, "rome": nil, "null": nil}},
			{map[string]any{"paris": 12.0, "rome": nil, "null": 9.0}},
			{map[string]any{"paris": 13.0, "rome": nil, "null": nil}},
		}
		if got := pivRows(t, g.Select("temp")); !reflect.DeepEqual(got, want) {
			t.Fatalf("rows = %v,\nwant %v", got, want)
		}
		if got := stackLevels(t, g)[0]; !reflect.DeepEqual(got, []any{int64(2023), int64(2024), int64(2025)}) {
			t.Fatalf("index = %v", got)
		}
	})
	t.Run("sorted", func(t *testing.T) {
		fields := func(g *Frame) []string {
			t.Helper()
			st, err := g.data.Field("temp")
			if err != nil {
				t.Fatal(err)
			}
			return st.(*structured.Tensor).FieldNames()
		}
		x := f.SetIndex("city", "year")
		if got := fields(x.Unstack("city", WithSortColumns(true))); !slices.Equal(got, []string{"null", "paris", "rome"}) {
			t.Fatalf("sorted fields = %v", got)
		}
		if got := fields(x.Unstack("", WithSortColumns(true), WithDescending(true))); !slices.Equal(got, []string{"2025", "2024", "2023"}) {
			t.Fatalf("descending fields = %v", got)
		}
	})
	t.Run("empty frame", func(t *testing.T) {
		g := f.SetIndex("city", "year").Head(0).Unstack("")
		if err := g.Err(); err != nil || g.NumRows() != 0 || !slices.Equal(g.Columns(), []string{"temp", "tags"}) {
			t.Fatalf("unstack: %v, err %v", g, err)
		}
		if s := g.Stack("year"); s.Err() != nil || s.NumRows() != 0 || s.Index().NumLevels() != 2 {
			t.Fatalf("stack: %v, err %v", s, s.Err())
		}
	})
	t.Run("three levels", func(t *testing.T) {
		g := FromColumns([]string{"a", "b", "c", "x"}, []string{"p", "p", "p", "q"}, []int64{1, 1, 2, 1}, []string{"u", "v", "u", "v"}, []float64{1, 2, 3, 4}).
			SetIndex("a", "b", "c").Unstack("")
		m, ok := g.Index().(*index.Multi)
		if !ok || m.NumLevels() != 2 || m.NumRows() != 3 {
			t.Fatalf("index = %v", g.Index())
		}
		want := [][]any{{map[string]any{"u": 1.0, "v": 2.0}}, {map[string]any{"u": 3.0, "v": nil}}, {map[string]any{"u": nil, "v": 4.0}}}
		if got := pivRows(t, g); !reflect.DeepEqual(got, want) {
			t.Fatalf("rows = %v", got)
		}
	})
	t.Run("empty groups kept", func(t *testing.T) {
		// Outer groups p (rows 0, 1), q (none), r (row 2).
		parts := structured.Must(structured.PartitionFromSplits([]int64{0, 2, 2, 3}))
		m, err := index.NewMulti([]string{"o", "i"},
			[]structured.Value{structured.Must(structured.ValueOf([]string{"p", "q", "r"})), structured.Must(structured.ValueOf([]int64{1, 2, 1}))},
			[]*structured.RowPartition{parts})
		if err != nil {
			t.Fatal(err)
		}
		data := structured.Must(structured.FromValue([]any{map[string]any{"x": 1.0}, map[string]any{"x": 2.0}, map[string]any{"x": 3.0}}))
		f := newFrame("test", data, m)
		g := f.Unstack("")
		want := [][]any{{map[string]any{"1": 1.0, "2": 2.0}}, {map[string]any{"1": nil, "2": nil}}, {map[string]any{"1": 3.0, "2": nil}}}
		if got := pivRows(t, g); !reflect.DeepEqual(got, want) {
			t.Fatalf("rows = %v", got)
		}
		back := g.Stack("i", WithLabelType(arrow.PrimitiveTypes.Int64))
		if got := stackLevels(t, back); !reflect.DeepEqual(got, [][]any{{"p", "p", "q", "q", "r", "r"}, {int64(1), int64(2), int64(1), int64(2), int64(1), int64(2)}}) {
			t.Fatalf("stacked index = %v", got)
		}
		idxSameFrame(t, back.Unstack(""), g)
	})
	t.Run("null labels", func(t *testing.T) {
		g := FromColumns([]string{"o", "i", "x"}, []string{"p", "p"}, []any{int64(1), nil}, []float64{1, 2}).SetIndex("o", "i")
		u := g.Unstack("")
		if got := pivRows(t, u); !reflect.DeepEqual(got, [][]any{{map[string]any{"1": 1.0, "null": 2.0}}}) {
			t.Fatalf("rows = %v", got)
		}
		idxSameFrame(t, u.Stack("i", WithLabelType(arrow.PrimitiveTypes.Int64)), g)
		if got := stackLevels(t, u.Stack("i"))[1]; !reflect.DeepEqual(got, []any{"1", "null"}) {
			t.Fatalf("string labels = %v", got)
		}
	})
}

func TestStack(t *testing.T) {
	wide := FromRecords([]any{
		map[string]any{"t": map[string]any{"a": 1.0, "b": nil}, "n": map[string]any{"a": int64(1), "b": int64(2)}},
		map[string]any{"t": nil, "n": map[string]any{"a": int64(3), "b": int64(4)}},
	}).Select("t", "n")
	t.Run("range index", func(t *testing.T) {
		g := wide.Stack("k")
		want := [][]any{{1.0, int64(1)}, {nil, int64(2)}, {nil, int64(3)}, {nil, int64(4)}}
		if got := pivRows(t, g); !reflect.DeepEqual(got, want) {
			t.Fatalf("rows = %v", got)
		}
		if got := stackLevels(t, g); !reflect.DeepEqual(got, [][]any{{int64(0), int64(0), int64(1), int64(1)}, {"a", "a", "b", "b"}}) && !reflect.DeepEqual(got, [][]any{{int64(0), int64(0), int64(1), int64(1)}, {"a", "b", "a", "b"}}) {
			t.Fatalf("index = %v", got)
		}
		if g.Index().Names()[1] != "k" {
			t.Fatalf("names = %v", g.Index().Names())
		}
	})
	t.Run("label index", func(t *testing.T) {
		// The null structure t of row 1 comes back as a structure of nulls.
		full := wide.Select("n").HStack(FromColumns([]string{"id"}, []string{"u", "v"})).SetIndex("id")
		g := full.Stack("")
		if got := stackLevels(t, g); !reflect.DeepEqual(got, [][]any{{"u", "u", "v", "v"}, {"a", "b", "a", "b"}}) {
			t.Fatalf("index = %v", got)
		}
		idxSameFrame(t, g.Unstack(""), full)
	})
	t.Run("mixed widths", func(t *testing.T) {
		g := FromRecords([]any{map[string]any{"s": map[string]any{"a": int64(1), "b": 2.5}}}).Stack("k")
		if got := pivRows(t, g); !reflect.DeepEqual(got, [][]any{{1.0}, {2.5}}) {
			t.Fatalf("rows = %v", got)
		}
	})
	cases := []struct {
		name     string
		g        *Frame
		kind     error
		contains string
	}{
		{"not a structure", wide.HStack(FromColumns([]string{"x"}, []int64{1, 2})).Stack("k"), ErrType, `column "x"`},
		{"other fields", wide.HStack(FromRecords([]any{map[string]any{"z": map[string]any{"a": 1.0}}, map[string]any{"z": nil}})).Stack("k"), ErrArgument, `column "z" the fields a`},
		{"fields of two types", FromRecords([]any{map[string]any{"s": map[string]any{"a": int64(1), "b": "x"}}}).Stack("k"), ErrType, `column "s.a" is int64 and column "s.b" is string`},
		{"labels of a type", wide.Stack("k", WithLabelType(arrow.PrimitiveTypes.Int64)), ErrType, "labels as int64"},
		{"unstack without a MultiIndex", wide.Unstack(""), ErrArgument, "not a MultiIndex"},
		{"unstack an unknown level", idxCities(t).SetIndex("city", "year").Unstack("nope"), ErrArgument, `no index level "nope"`},
		// pandas: "Index contains duplicate entries, cannot reshape".
		{"a label twice in a group", FromColumns([]string{"o", "i", "x"}, []string{"p", "p", "p"}, []int64{1, 2, 1}, []float64{1, 2, 3}).SetIndex("o", "i").Unstack(""), ErrArgument, `label i=1 is in rows 0 and 2 of one group (o="p")`},
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

// TestUnstackStackRoundTrip: on random MultiIndex frames (each inner
// label once per group), Stack of Unstack gives every row back with its
// labels, plus a row of nulls for each missing (group, label) pair, and
// Unstack of that Stack gives the Unstack back exactly.
func TestUnstackStackRoundTrip(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { unstackStackRoundTrip(t, w) })
	}
}

func unstackStackRoundTrip(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(21, 40+uint64(w)))
	for iter := range 25 {
		f := randBuild(t, rng, idxRandomFrame(t, rng, 1+rng.IntN(14)), w)
		depth := 2 + rng.IntN(2)
		keys := f.Columns()[:depth]
		f = f.Unique(keys)
		x := f.SetIndex(keys...)
		if err := x.Err(); err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		u := x.Unstack("")
		if err := u.Err(); err != nil {
			t.Fatalf("iter %d: Unstack: %v", iter, err)
		}
		labelType := typedType(t, f, keys[depth-1])
		y := u.Stack(keys[depth-1], WithLabelType(labelType))
		if err := y.Err(); err != nil {
			t.Fatalf("iter %d: Stack: %v", iter, err)
		}
		idxSameFrame(t, y.Unstack(""), u)

		// Every row of x is a row of y; the others are nulls.
		xs, ys := randRows(t, x.ResetIndex()), randRows(t, y.ResetIndex())
		m := u.Index().NumRows()
		labels := len(u.data.Fields()[0].Value.(*structured.Tensor).FieldNames())
		if len(ys) != m*labels {
			t.Fatalf("iter %d: %d rows, want %d groups × %d labels", iter, len(ys), m, labels)
		}
		count := map[string]int{}
		for _, r := range ys {
			count[fmt.Sprint(r)]++
		}
		for _, r := range xs {
			k := fmt.Sprint(r)
			if count[k] == 0 {
				t.Fatalf("iter %d: row %s of x is not in Stack(Unstack(x))", iter, k)
			}
			count[k]--
		}
		extra := 0
		for _, r := range ys {
			k := fmt.Sprint(r)
			if count[k] == 0 {
				continue
			}
			count[k]--
			extra++
			for _, c := range y.Columns() {
				if v := r.(map[string]any)[c]; v != nil {
					t.Fatalf("iter %d: the added row %s is not null in %s", iter, k, c)
				}
			}
		}
		if extra != len(ys)-len(xs) {
			t.Fatalf("iter %d: %d added rows, want %d", iter, extra, len(ys)-len(xs))
		}
	}
}
