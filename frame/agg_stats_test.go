package frame

import (
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// statsEval evaluates aggregation e over f as one value, or per group of
// the key column g (in order of first appearance) when g is not "".
func statsEval(t *testing.T, f *Frame, g string, e Expr) ([]any, error) {
	t.Helper()
	if g == "" {
		return exprTestEval(f, e)
	}
	out := f.GroupBy(g).Agg(e.Alias("out"))
	if err := out.Err(); err != nil {
		return nil, err
	}
	s, err := out.Column("out")
	if err != nil {
		return nil, err
	}
	return s.ToValue(), nil
}

// statsClose compares results, floats within 1e-12 relative and NaN equal
// to NaN.
func statsClose(got, want any) bool {
	if g, ok := got.(float64); ok {
		w, ok := want.(float64)
		return ok && (g == w || math.IsNaN(g) && math.IsNaN(w) || math.Abs(g-w) <= 1e-12*math.Max(1, math.Abs(w)))
	}
	if g, ok := got.([]any); ok {
		w, ok := want.([]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for i := range g {
			if !statsClose(g[i], w[i]) {
				return false
			}
		}
		return true
	}
	if g, ok := got.(map[string]any); ok {
		w, ok := want.(map[string]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for k := range g {
			if !statsClose(g[k], w[k]) {
				return false
			}
		}
		return true
	}
	return randDeepEqual(got, want)
}

// TestStatsAggregations checks each statistic per group against the
// values Polars (nodejs-polars 0.26) gives on the same data: groups "a"
// (1, 2, null), "b" (4, 4) and "c" (only a null).
func TestStatsAggregations(t *testing.T) {
	f := FromColumns([]string{"g", "x", "f"},
		[]any{"a", "a", "a", "b", "b", "c"},
		[]any{int64(1), int64(2), nil, int64(4), int64(4), nil},
		[]any{1.5, math.NaN(), 3.0, 2.0, 2.0, nil})
	nan := math.NaN()
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"median of ints is float", Col("x").Median(), []any{1.5, 4.0, nil}, nil},
		{"quantile nearest", Col("x").Quantile(0.5, QuantileNearest), []any{2.0, 4.0, nil}, nil},
		{"median with NaN sorted last", Col("f").Median(), []any{3.0, 2.0, nil}, nil},
		{"quantile nearest with NaN", Col("f").Quantile(0.3, QuantileNearest), []any{3.0, 2.0, nil}, nil},
		{"quantile 1 is NaN", Col("f").Quantile(1, QuantileLinear), []any{nan, 2.0, nil}, nil},
		{"var", Col("x").Var(), []any{0.5, 0.0, nil}, nil},
		{"std", Col("x").Std(), []any{math.Sqrt(0.5), 0.0, nil}, nil},
		{"var ddof 0", Col("x").Var(WithDdof(0)), []any{0.25, 0.0, nil}, nil},
		{"var ddof 2: no more values than ddof", Col("x").Var(WithDdof(2)), []any{nil, nil, nil}, nil},
		{"std of NaN", Col("f").Std(), []any{nan, 0.0, nil}, nil},
		{"skew", Col("x").Skew(), []any{0.0, nan, nil}, nil},
		{"kurtosis", Col("x").Kurtosis(), []any{-2.0, nan, nil}, nil},
		{"kurtosis pearson", Col("x").Kurtosis(WithFisher(false)), []any{1.0, nan, nil}, nil},
		{"skew unbiased needs 3", Col("x").Skew(WithBias(false)), []any{nil, nil, nil}, nil},
		{"mode: ties, null a value", Col("x").Mode(), []any{[]any{int64(1), int64(2), nil}, []any{int64(4)}, []any{nil}}, nil},
		{"product, 1 without values", Col("x").Product(), []any{int64(2), int64(16), int64(1)}, nil},
		{"product float", Col("f").Product(), []any{nan, 4.0, 1.0}, nil},
		{"arg min", Col("x").ArgMin(), []any{int64(0), int64(0), nil}, nil},
		{"arg max", Col("x").ArgMax(), []any{int64(1), int64(0), nil}, nil},
		{"arg max passes over NaN", Col("f").ArgMax(), []any{int64(2), int64(0), nil}, nil},
		{"n unique", Col("x").NUnique(), []any{int64(3), int64(1), int64(1)}, nil},
		{"approx n unique", Col("x").ApproxNUnique(), []any{int64(3), int64(1), int64(1)}, nil},
		{"quantile out of range", Col("x").Quantile(1.5, QuantileLinear), nil, ErrArgument},
		{"negative ddof", Col("x").Var(WithDdof(-1)), nil, ErrArgument},
		{"median of strings", Col("g").Median(), nil, ErrType},
		{"skew of strings", Col("g").Skew(), nil, ErrType},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := statsEval(t, f, "g", tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.e, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if !statsClose(got, tc.want) {
				t.Errorf("%s = %#v, want %#v", tc.e, got, tc.want)
			}
		})
	}
}

// TestStatsQuantileMethods checks the methods on 1, 2, 3, 4, 10 against
// Polars' Series.quantile (and DuckDB's quantile_disc for the text
// form's method).
func TestStatsQuantileMethods(t *testing.T) {
	f := FromColumns([]string{"x"}, []int64{4, 10, 1, 3, 2})
	tests := []struct {
		method QuantileMethod
		want   [4]any // q = 0.3, 0.375, 0.5, 0.625
	}{
		{QuantileNearest, [4]any{2.0, 3.0, 3.0, 4.0}},
		{QuantileLower, [4]any{2.0, 2.0, 3.0, 3.0}},
		{QuantileHigher, [4]any{3.0, 3.0, 3.0, 4.0}},
		{QuantileMidpoint, [4]any{2.5, 2.5, 3.0, 3.5}},
		{QuantileLinear, [4]any{2.2, 2.5, 3.0, 3.5}},
		{quantileDisc, [4]any{int64(2), int64(2), int64(3), int64(4)}},
	}
	for _, tc := range tests {
		for i, q := range []float64{0.3, 0.375, 0.5, 0.625} {
			e := Col("x").Quantile(q, tc.method)
			got, err := statsEval(t, f, "", e)
			if err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			if !statsClose(got[0], tc.want[i]) {
				t.Errorf("%s = %#v, want %#v", e, got[0], tc.want[i])
			}
		}
	}
}

// TestStatsEdges covers empty frames, single values, list columns,
// temporal values and every type for NUnique, Mode and ArgMin.
func TestStatsEdges(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2020, 1, d, 0, 0, 0, 0, time.UTC) }
	dates := FromRecords([]any{
		map[string]any{"d": day(1)}, map[string]any{"d": day(4)}, map[string]any{"d": day(2)}, map[string]any{"d": day(7)},
	})
	if err := dates.Err(); err != nil {
		t.Fatal(err)
	}
	dates = dates.WithColumns(Col("d").Dt().Date().Alias("date"))
	nested := grpTestRecipes(t)
	durations := FromColumns([]string{"x"}, []int64{1000, 2001}).WithColumns(Col("x").Cast(arrow.FixedWidthTypes.Duration_ms))
	one := FromColumns([]string{"x"}, []float64{5})
	empty := FromColumns([]string{"x"}, []float64{})
	tests := []struct {
		name string
		f    *Frame
		e    Expr
		want any
		err  error
	}{
		{"single value: var null", one, Col("x").Var(), nil, nil},
		{"single value: var ddof 0", one, Col("x").Var(WithDdof(0)), 0.0, nil},
		{"single value: skew null", one, Col("x").Skew(), nil, nil},
		{"single value: median", one, Col("x").Median(), 5.0, nil},
		{"empty: median null", empty, Col("x").Median(), nil, nil},
		{"empty: product 1", empty, Col("x").Product(), 1.0, nil},
		{"empty: mode empty list", empty, Col("x").Mode(), []any{}, nil},
		{"empty: arg min null", empty, Col("x").ArgMin(), nil, nil},
		{"list items: median", nested, Col("scores").Median(), 7.5, nil},
		{"list items: quantile", nested, Col("scores").Quantile(0.25, QuantileLower), 5.0, nil},
		{"list items: arg max", nested, Col("scores").ArgMax(), int64(1), nil},
		{"struct: n unique", nested, Col("recipe").NUnique(), int64(5), nil},
		{"struct field: mode, null the most frequent", nested, Col("recipe.rating").Mode(), []any{nil}, nil},
		{"struct: skew refused", nested, Col("recipe").Skew(), nil, ErrType},
		{"timestamp median", dates, Col("d").Median(), day(3), nil},
		{"timestamp quantile higher", dates, Col("d").Quantile(0.5, QuantileHigher), day(4), nil},
		{"date median is a timestamp", dates, Col("date").Median(), day(3), nil},
		{"date n unique", dates, Col("date").NUnique(), int64(4), nil},
		{"date arg max", dates, Col("date").ArgMax(), int64(3), nil},
		{"date var refused", dates, Col("date").Var(), nil, ErrType},
		{"duration median, rounded to its unit", durations, Col("x").Median(), 1501 * time.Millisecond, nil},
		{"duration nearest", durations, Col("x").Quantile(0.5, QuantileNearest), 2001 * time.Millisecond, nil},
		{"string arg min", nested, Col("cuisine").ArgMin(), int64(1), nil},
		{"string mode", nested, Col("cuisine").Mode(), []any{"it"}, nil},
		{"bool product", FromColumns([]string{"b"}, []bool{true, true}), Col("b").Product(), int64(1), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := statsEval(t, tc.f, "", tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.e, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if w, ok := tc.want.(time.Time); ok {
				if g, ok := got[0].(time.Time); !ok || !g.Equal(w) {
					t.Errorf("%s = %#v, want %v", tc.e, got[0], w)
				}
				return
			}
			if !statsClose(got[0], tc.want) {
				t.Errorf("%s = %#v, want %#v", tc.e, got[0], tc.want)
			}
		})
	}
}

// TestCorrCov checks Corr and Cov against Polars' pl.corr, pl.cov and
// spearman_rank_corr (and DuckDB's corr, covar_samp, covar_pop) on the
// same data.
func TestCorrCov(t *testing.T) {
	f := FromColumns([]string{"g", "a", "b", "c", "d", "s"},
		[]string{"x", "x", "x", "x"}, []int64{1, 2, 3, 4}, []int64{2, 4, 5, 9}, []any{1.0, nil, 3.0, 1.0}, []int64{1, 1, 2, 2}, []string{"p", "q", "r", "s"})
	tests := []struct {
		name string
		f    *Frame
		e    Expr
		want any
		err  error
	}{
		{"pearson", f, Corr(Col("a"), Col("b"), CorrPearson), 0.9647638212377322, nil},
		{"pearson skips null pairs", f, Corr(Col("a"), Col("c"), CorrPearson), 0.1889822365046136, nil},
		{"spearman with ties", f, Corr(Col("a"), Col("d"), CorrSpearman), 0.8944271909999159, nil},
		{"spearman skips null pairs", f, Corr(Col("a"), Col("c"), CorrSpearman), 0.0, nil},
		{"cov", f, Cov(Col("a"), Col("b")), 3.6666666666666665, nil},
		{"cov ddof 0", f, Cov(Col("a"), Col("b"), WithDdof(0)), 2.75, nil},
		{"cov skips null pairs", f, Cov(Col("a"), Col("c")), 1.0 / 3, nil},
		{"one row: corr null", f.Head(1), Corr(Col("a"), Col("b"), CorrPearson), nil, nil},
		{"one row: cov null", f.Head(1), Cov(Col("a"), Col("b")), nil, nil},
		{"constant: corr null", f.Head(2), Corr(Col("a"), Col("d"), CorrPearson), nil, nil},
		{"constant: cov 0", f.Head(2), Cov(Col("a"), Col("d")), 0.0, nil},
		{"empty", f.Head(0), Corr(Col("a"), Col("b"), CorrPearson), nil, nil},
		{"expressions", f, Corr(Col("a").Mul(Lit(2)), Col("b").Neg(), CorrPearson), -0.9647638212377322, nil},
		{"strings refused", f, Corr(Col("a"), Col("s"), CorrPearson), nil, ErrType},
		{"negative ddof", f, Cov(Col("a"), Col("b"), WithDdof(-1)), nil, ErrArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := statsEval(t, tc.f, "", tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.e, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if !statsClose(got[0], tc.want) {
				t.Errorf("%s = %#v, want %#v", tc.e, got[0], tc.want)
			}
		})
	}
	// per group
	g := f.WithColumns(Lit("y").Alias("g")).Head(2)
	got := Concat(f, g).GroupBy("g").Agg(Corr(Col("a"), Col("b"), CorrPearson).Alias("r"), Cov(Col("a"), Col("b")).Alias("cov"))
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	rows := randRows(t, got)
	want := []any{map[string]any{"g": "x", "r": 0.9647638212377322, "cov": 3.6666666666666665}, map[string]any{"g": "y", "r": 1.0, "cov": 1.0}}
	if !statsClose(rows, want) {
		t.Errorf("per group: %v, want %v", rows, want)
	}
}

// TestFrameCorr checks the correlation matrix: numeric columns only,
// symmetric, 1 on the diagonal, null for a constant column, pairs with a
// null left out (Polars' pl.corr per pair gives the same values).
func TestFrameCorr(t *testing.T) {
	f := FromColumns([]string{"a", "s", "b", "c", "k", "l"},
		[]int64{1, 2, 3, 4}, []string{"p", "q", "r", "s"}, []float64{2, 4, 5, 9}, []any{1.0, nil, 3.0, 1.0}, []int64{7, 7, 7, 7},
		[][]int64{{1}, {2}, {}, nil})
	got := f.Corr()
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := []any{
		map[string]any{"a": 1.0, "b": 0.9647638212377322, "c": 0.1889822365046136, "k": nil},
		map[string]any{"a": 0.9647638212377322, "b": 1.0, "c": -0.08219949365267865, "k": nil},
		map[string]any{"a": 0.1889822365046136, "b": -0.08219949365267865, "c": 1.0, "k": nil},
		map[string]any{"a": nil, "b": nil, "c": nil, "k": nil},
	}
	if rows := randRows(t, got); !statsClose(rows, want) {
		for i := range rows {
			if !statsClose(rows[i], want[i]) {
				t.Errorf("row %d = %v, want %v", i, rows[i], want[i])
			}
		}
	}
	if got := f.Select("s", "l").Corr(); got.Err() != nil || got.NumColumns() != 0 {
		t.Errorf("no numeric column: %v, %v", got.Err(), got.Columns())
	}
}

// TestApproxNUnique checks the estimate against the exact count: within
// 3% (about four standard errors of 2^14 registers) for about 100,000
// values a group, within 2% for 500 (linear counting), exact for 5; per
// group, over numbers, strings and structures.
func TestApproxNUnique(t *testing.T) {
	const n = 200_000
	keys, vals, strs := make([]int64, n), make([]int64, n), make([]string, n)
	for i := range keys {
		keys[i] = int64(i % 2)
		vals[i] = int64(i) * 7919 % 150_001
		strs[i] = "s" + strconv.Itoa(i%1000)
	}
	f := FromColumns([]string{"k", "v", "s"}, keys, vals, strs)
	got := f.GroupBy("k").Agg(Col("v").ApproxNUnique(), Col("v").NUnique().Alias("exact"), Col("s").ApproxNUnique().Alias("s"))
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	for _, r := range randRows(t, got) {
		m := r.(map[string]any)
		est, exact := float64(m["v"].(int64)), float64(m["exact"].(int64))
		if math.Abs(est-exact) > 0.03*exact {
			t.Errorf("group %v: estimate %v, exact %v", m["k"], est, exact)
		}
		if s := m["s"].(int64); s < 490 || s > 510 {
			t.Errorf("group %v: strings %v, want 500 within 2%%", m["k"], s)
		}
	}
	nested := grpTestRecipes(t)
	res, err := statsEval(t, nested, "", Col("recipe").ApproxNUnique())
	if err != nil || res[0] != int64(5) {
		t.Errorf("structures: %v, %v; want 5", res, err)
	}
}
