package frame

import (
	"errors"
	"math"
	"testing"
)

// winTestFrame has groups interleaved in row order (a, b, a, null, b,
// a, null, c): a null key group, a single-row group, an order key t with
// ties and a null, and list, structure and list-key columns.
func winTestFrame(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns(
		[]string{"g", "x", "t", "s", "l", "st", "lk"},
		[]any{"a", "b", "a", nil, "b", "a", nil, "c"},
		[]any{int64(1), int64(2), nil, int64(4), int64(5), int64(6), int64(7), int64(8)},
		[]any{int64(3), int64(1), int64(3), nil, int64(1), int64(1), int64(2), int64(9)},
		[]any{"p", "q", nil, "r", "q", "p", "s", "t"},
		[]any{[]any{int64(1)}, []any{int64(2), int64(3)}, nil, []any{}, []any{int64(4)}, []any{int64(5), int64(6)}, []any{int64(7)}, []any{int64(8)}},
		[]any{map[string]any{"k": "a"}, map[string]any{"k": "b"}, map[string]any{"k": "a"}, nil, map[string]any{"k": "b"}, map[string]any{"k": "a"}, nil, map[string]any{"k": "c"}},
		[]any{[]any{int64(1)}, []any{int64(2)}, []any{int64(1)}, nil, []any{int64(2)}, []any{int64(1)}, nil, []any{int64(3)}},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func ints(xs ...any) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		if n, ok := x.(int); ok {
			out[i] = int64(n)
		} else {
			out[i] = x
		}
	}
	return out
}

func TestOver(t *testing.T) {
	f := winTestFrame(t)
	g := []Expr{Col("g")}
	byT := WithOrderBy(Asc("t"))
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"sum broadcast, null key a group", Col("x").Sum().Over("g"), ints(7, 7, 7, 11, 7, 7, 11, 8), nil},
		{"mean", Col("x").Mean().Over("g"), []any{3.5, 3.5, 3.5, 5.5, 3.5, 3.5, 5.5, 8.0}, nil},
		{"x minus its group's mean", Col("x").Sub(Col("x").Mean()).Over("g"), []any{-2.5, -1.5, nil, -1.5, 1.5, 2.5, 1.5, 0.0}, nil},
		{"count", Col("x").Count().Over("g"), ints(2, 2, 2, 2, 2, 2, 2, 1), nil},
		{"len", Len().Over("g"), ints(3, 2, 3, 2, 2, 3, 2, 1), nil},
		{"min of strings", Col("s").Min().Over("g"), []any{"p", "q", "p", "r", "q", "p", "r", "t"}, nil},
		{"first in row order", Col("x").First().Over("g"), ints(1, 2, 1, 4, 2, 1, 4, 8), nil},
		{"first in t order", Col("x").First().OverExprs(g, byT), ints(6, 2, 6, 7, 2, 6, 7, 8), nil},
		{"last in t order, null t last", Col("x").Last().OverExprs(g, byT), ints(nil, 5, nil, 4, 5, nil, 4, 8), nil},
		{"last in t order, null t first", Col("x").Last().OverExprs(g, WithOrderBy(Asc("t").NullsFirst())), ints(nil, 5, nil, 7, 5, nil, 7, 8), nil},
		{"arg_max", Expr{n: exprArgBy{arg: Col("s"), val: Col("x"), max: true}}.Over("g"), []any{"p", "q", "p", "s", "q", "p", "s", "t"}, nil},
		{"implode", Col("x").Implode().Over("g"), []any{ints(1, nil, 6), ints(2, 5), ints(1, nil, 6), ints(4, 7), ints(2, 5), ints(1, nil, 6), ints(4, 7), ints(8)}, nil},
		{"cum_sum in row order", Col("x").CumSum().Over("g"), ints(1, 2, nil, 4, 7, 7, 11, 8), nil},
		{"cum_sum in t order", Col("x").CumSum().OverExprs(g, byT), ints(7, 2, nil, 11, 7, 6, 7, 8), nil},
		{"shift", Col("x").Shift(1).Over("g"), ints(nil, nil, 1, nil, 2, nil, 4, nil), nil},
		{"shift lead with fill", Col("x").Shift(-1, WithFillValue(Lit(0))).Over("g"), ints(nil, 5, 6, 7, 0, 0, 0, 0), nil},
		{"shift carries lists", Col("l").Shift(1).Over("g"), []any{nil, nil, ints(1), nil, ints(2, 3), nil, []any{}, nil}, nil},
		{"shift carries structures", Col("st").Shift(1).Over("g").Struct().Field("k"), []any{nil, nil, "a", nil, "b", "a", nil, nil}, nil},
		{"row number", RowNumber().Over("g"), ints(0, 0, 1, 0, 1, 2, 1, 0), nil},
		{"row number in t order", RowNumber().OverExprs(g, byT), ints(1, 0, 2, 1, 1, 0, 0, 0), nil},
		{"rank min", Col("t").Rank(RankMin).Over("g"), ints(2, 1, 2, nil, 1, 1, 1, 1), nil},
		{"rank dense descending", Col("t").Rank(RankDense, WithDescending(true)).Over("g"), ints(1, 1, 1, nil, 1, 2, 1, 1), nil},
		{"expression key", Col("x").Sum().OverExprs([]Expr{Col("x").Mod(Lit(2))}), ints(13, 20, 0, 20, 13, 20, 13, 20), nil},
		{"two keys", Len().Over("g", "t"), ints(2, 2, 2, 1, 2, 1, 1, 1), nil},
		{"list key", Col("x").Sum().Over("lk"), ints(7, 7, 7, 11, 7, 7, 11, 8), nil},
		{"struct key", Col("x").Sum().Over("st"), ints(7, 7, 7, 11, 7, 7, 11, 8), nil},
		{"no key: the frame in an order", Col("x").CumSum().OverExprs(nil, WithOrderBy(Desc("x"))), ints(33, 32, nil, 30, 26, 21, 15, 8), nil},
		{"nested over", Col("x").Sum().Over("g").Rank(RankDense), ints(1, 1, 1, 3, 1, 1, 3, 2), nil},
		{"over inside an aggregation", Col("x").Sub(Col("x").Mean().Over("g")).Max(), []any{2.5}, nil},
		{"literal", Lit(1).Over("g"), ints(1), nil},
		{"join of values", Col("x").OverExprs(g, WithMappingStrategy(MappingJoin)),
			[]any{ints(1, nil, 6), ints(2, 5), ints(1, nil, 6), ints(4, 7), ints(2, 5), ints(1, nil, 6), ints(4, 7), ints(8)}, nil},
		{"join in t order", Col("x").OverExprs(g, byT, WithMappingStrategy(MappingJoin)),
			[]any{ints(6, 1, nil), ints(2, 5), ints(6, 1, nil), ints(7, 4), ints(2, 5), ints(6, 1, nil), ints(7, 4), ints(8)}, nil},
		{"join of an aggregation", Col("x").Sum().OverExprs(g, WithMappingStrategy(MappingJoin)), ints(7, 7, 7, 11, 7, 7, 11, 8), nil},
		{"explode", Col("x").OverExprs(g, WithMappingStrategy(MappingExplode)), ints(1, nil, 6, 2, 5, 4, 7, 8), nil},
		{"explode of an aggregation", Col("x").Sum().OverExprs(g, WithMappingStrategy(MappingExplode)), nil, ErrShape},
		{"unknown mapping", Col("x").OverExprs(g, WithMappingStrategy(MappingStrategy(9))), nil, ErrArgument},
		{"unknown key", Col("x").Sum().Over("nope"), nil, ErrColumn},
		{"list order key", Col("x").CumSum().OverExprs(g, WithOrderBy(Asc("l"))), nil, ErrType},
		{"aggregation inside an aggregation", Col("x").Sum().Sum().Over("g"), nil, ErrArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := exprTestEval(f, tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.e, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if len(tc.want) == 1 && len(got) > 1 {
				got = got[:1]
			}
			if !mathSame(got, tc.want) {
				t.Errorf("%s = %v, want %v", tc.e, got, tc.want)
			}
		})
	}
}

// TestOverVerbs checks Over wherever a row-level expression goes:
// WithColumns, Filter, Sort, GroupBy.Agg.
func TestOverVerbs(t *testing.T) {
	f := winTestFrame(t)
	col := func(f *Frame, name string) []any {
		t.Helper()
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		s, err := f.Column(name)
		if err != nil {
			t.Fatal(err)
		}
		return s.ToValue()
	}
	if got, want := col(f.WithColumns(Col("x").Sum().Over("g").Alias("tot")), "tot"), ints(7, 7, 7, 11, 7, 7, 11, 8); !mathSame(got, want) {
		t.Errorf("WithColumns: %v, want %v", got, want)
	}
	if got, want := col(f.Filter(Col("x").Eq(Col("x").Max().Over("g"))), "x"), ints(5, 6, 7, 8); !mathSame(got, want) {
		t.Errorf("Filter: %v, want %v", got, want)
	}
	if got, want := col(f.Sort(By(Col("x").Sum().Over("g")), Asc("x")), "x"), ints(1, 2, 5, 6, nil, 8, 4, 7); !mathSame(got, want) {
		t.Errorf("Sort: %v, want %v", got, want)
	}
	// In GroupBy.Agg an order-dependent expression runs within each group.
	agg := f.GroupBy("g").Agg(Col("x").CumSum().Alias("cs"), Col("x").Shift(1).Sum().Alias("sh"))
	if got, want := col(agg, "cs"), []any{ints(1, nil, 7), ints(2, 7), ints(4, 11), ints(8)}; !mathSame(got, want) {
		t.Errorf("GroupBy.Agg cum_sum: %v, want %v", got, want)
	}
	if got, want := col(agg, "sh"), ints(1, 2, 4, 0); !mathSame(got, want) {
		t.Errorf("GroupBy.Agg shift then sum: %v, want %v", got, want)
	}
	// List().Eval runs one within each list.
	if got, want := col(f.SelectExprs(Col("l").List().Eval(Element().CumSum()).Alias("e")), "e"),
		[]any{ints(1), ints(2, 5), nil, []any{}, ints(4), ints(5, 11), ints(7), ints(8)}; !mathSame(got, want) {
		t.Errorf("List().Eval(cum_sum): %v, want %v", got, want)
	}
}

// TestOverEmpty checks a frame of no rows: every window is empty.
func TestOverEmpty(t *testing.T) {
	f := FromColumns([]string{"g", "x"}, []string{}, []int64{})
	for _, e := range []Expr{
		Col("x").Sum().Over("g"), Col("x").Shift(1).Over("g"), Col("x").Rank(RankAverage).Over("g"),
		RowNumber().Over("g"), Col("x").CumMax().OverExprs(nil, WithOrderBy(Asc("x"))),
		Col("x").OverExprs([]Expr{Col("g")}, WithMappingStrategy(MappingJoin)),
	} {
		out := f.WithColumns(e.Alias("r"))
		if err := out.Err(); err != nil {
			t.Errorf("%s: %v", e, err)
			continue
		}
		if n := out.NumRows(); n != 0 {
			t.Errorf("%s: %d rows", e, n)
		}
	}
}

func TestOverRendering(t *testing.T) {
	e := Col("x").CumSum(WithReverse(true)).OverExprs([]Expr{Col("g")}, WithOrderBy(Desc("t")), WithMappingStrategy(MappingJoin))
	want := `col(x).cum_sum(reverse=true).over(col(g), order_by=[col(t) desc nulls last], mapping_strategy=join)`
	if got := e.String(); got != want {
		t.Errorf("String = %s, want %s", got, want)
	}
	if got := e.Name(); got != "x" {
		t.Errorf("Name = %s", got)
	}
	if got := e.Columns(); len(got) != 3 {
		t.Errorf("Columns = %v, want x, g, t", got)
	}
	for m, s := range map[MappingStrategy]string{MappingGroupToRows: "group_to_rows", MappingJoin: "join", MappingExplode: "explode", 7: "MappingStrategy(7)"} {
		if m.String() != s {
			t.Errorf("%d: %s, want %s", m, m, s)
		}
	}
}

// TestWindowAggregates checks that a window depends on other rows than
// its own, as an aggregation does: a reader evaluating batch by batch
// must not split it.
func TestWindowAggregates(t *testing.T) {
	for _, tc := range []struct {
		e    Expr
		want bool
	}{
		{Col("x").Shift(1).Gt(Lit(0)), true},
		{Col("x").CumSum().Alias("c"), true},
		{Col("x").Over("g"), true},
		{When(Col("x").Rank(RankMin).Eq(Lit(1))).Then(Lit(1)).Otherwise(Lit(0)), true},
		{MustParseExpr("row_number() OVER () > 1"), true},
		{MustParseExpr("x + 1 > 2"), false},
		{RowNumber(), true},
	} {
		if got := tc.e.Aggregates(); got != tc.want {
			t.Errorf("%s: Aggregates() = %v, want %v", tc.e, got, tc.want)
		}
	}
}

// TestOverSharedGrouping checks windows over the same columns in one
// WithColumns, which group the rows once between them (concurrently
// evaluated in tests): each gives what it gives alone.
func TestOverSharedGrouping(t *testing.T) {
	f := winTestFrame(t)
	exprs := []Expr{
		Col("x").Mean().Over("g").Alias("m"), Col("x").Shift(1).Over("g").Alias("s"),
		Col("x").CumSum().Over("g").Alias("c"), Len().Over("g", "t").Alias("n"),
		Col("x").Sum().Over("g", "t").Alias("gt"), Col("x").Max().Over("lk").Alias("lk"),
	}
	out := f.WithColumns(exprs...)
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	for _, e := range exprs {
		alone, err := exprTestEval(f, e)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := out.Column(e.Name())
		if got := s.ToValue(); !mathSame(got, alone) {
			t.Errorf("%s: %v beside the others, %v alone", e, got, alone)
		}
	}
}

// TestOverStatistics: the statistics aggregations and the two-input ones
// keep their settings under Over and give each row its group's value.
func TestOverStatistics(t *testing.T) {
	f := FromColumns([]string{"g", "x", "y"},
		[]any{"a", "b", "a", "a", "b"},
		[]any{1.0, 2.0, 3.0, 10.0, 8.0},
		[]any{2.0, 1.0, 5.0, 1.0, 4.0})
	for _, c := range []struct {
		e    Expr
		want []any
	}{
		{Col("x").Median().Over("g"), []any{3.0, 5.0, 3.0, 3.0, 5.0}},
		{Col("x").Quantile(1, QuantileNearest).Over("g"), []any{10.0, 8.0, 10.0, 10.0, 8.0}},
		{Col("x").Var(WithDdof(0)).Over("g"), []any{134.0 / 9, 9.0, 134.0 / 9, 134.0 / 9, 9.0}},
		{Corr(Col("x"), Col("x"), CorrPearson).Over("g"), []any{1.0, 1.0, 1.0, 1.0, 1.0}},
		{Cov(Col("x"), Col("y")).Over("g"), []any{-31.0 / 6, 9.0, -31.0 / 6, -31.0 / 6, 9.0}},
		{Col("x").Product().Over("g"), []any{30.0, 16.0, 30.0, 30.0, 16.0}},
	} {
		got, err := f.SelectExprs(c.e.Alias("r")).Column("r")
		if err != nil {
			t.Fatalf("%s: %v", c.e, err)
		}
		vals := got.ToValue()
		for i, v := range vals {
			if x, ok := v.(float64); !ok || math.Abs(x-c.want[i].(float64)) > 1e-12 {
				t.Errorf("%s = %v, want %v", c.e, vals, c.want)
				break
			}
		}
	}
}
