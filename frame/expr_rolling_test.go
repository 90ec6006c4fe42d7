package frame

import (
	"errors"
	"math"
	"reflect"
	"testing"
)

// rollTestFrame holds a float column with a null, NaN and both
// infinities, an integer column, strings and a list column carried along.
func rollTestFrame(t *testing.T) *Frame {
	t.Helper()
	nan, inf := math.NaN(), math.Inf(1)
	f := FromColumns(
		[]string{"a", "b", "s", "l"},
		[]any{1.0, 2.0, nil, 4.0, nan, 6.0, inf, 8.0, -inf, 10.0},
		[]any{int64(5), int64(1), int64(4), int64(2), int64(8), int64(3), int64(7), int64(6), int64(0), int64(9)},
		[]any{"d", "b", nil, "a", "c", "e", "b", "a", "f", "c"},
		[]any{[]any{int64(1)}, nil, []any{}, []any{int64(2), int64(3)}, nil, nil, nil, nil, nil, []any{int64(4)}},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestRollingCount checks the count-window family against Polars 0.26.1
// (nodejs-polars): the expected values below are its output for the same
// column and settings.
func TestRollingCount(t *testing.T) {
	f := rollTestFrame(t)
	nan, inf := math.NaN(), math.Inf(1)
	mp1 := WithMinPeriods(1)
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		// windows of 3 with the default min_periods: a null inside gives null
		{"sum", Col("a").RollingSum(3), []any{nil, nil, nil, nil, nil, nan, nan, inf, nan, -inf}},
		{"mean", Col("a").RollingMean(3), []any{nil, nil, nil, nil, nil, nan, nan, inf, nan, -inf}},
		{"min", Col("a").RollingMin(3), []any{nil, nil, nil, nil, nil, nan, nan, 6.0, -inf, -inf}},
		{"max", Col("a").RollingMax(3), []any{nil, nil, nil, nil, nil, nan, nan, inf, inf, 10.0}},
		{"std", Col("a").RollingStd(3), []any{nil, nil, nil, nil, nil, nan, nan, nan, nan, nan}},
		{"median", Col("a").RollingMedian(3), []any{nil, nil, nil, nil, nil, 6.0, inf, 8.0, 8.0, 8.0}},
		// min_periods 1: windows shorter than 3 and around the null count
		{"sum mp1", Col("a").RollingSum(3, mp1), []any{1.0, 3.0, 3.0, 6.0, nan, nan, nan, inf, nan, -inf}},
		{"mean mp1", Col("a").RollingMean(3, mp1), []any{1.0, 1.5, 1.5, 3.0, nan, nan, nan, inf, nan, -inf}},
		{"min mp1", Col("a").RollingMin(3, mp1), []any{1.0, 1.0, 1.0, 2.0, nan, nan, nan, 6.0, -inf, -inf}},
		{"max mp1", Col("a").RollingMax(3, mp1), []any{1.0, 2.0, 2.0, 4.0, nan, nan, nan, inf, inf, 10.0}},
		{"std mp1", Col("a").RollingStd(3, mp1), []any{nil, 0.7071067811865476, 0.7071067811865476, 1.4142135623730951, nan, nan, nan, nan, nan, nan}},
		{"var mp2", Col("a").RollingVar(3, WithMinPeriods(2)), []any{nil, 0.5, 0.5, 2.0, nan, nan, nan, nan, nan, nan}},
		{"median mp1", Col("a").RollingMedian(3, mp1), []any{1.0, 1.5, 1.5, 3.0, nan, 6.0, inf, 8.0, 8.0, 8.0}},
		{"quantile linear", Col("a").RollingQuantile(0.3, QuantileLinear, 3, mp1), []any{1.0, 1.3, 1.3, 2.6, nan, 5.2, inf, 7.2, nan, nan}},
		{"quantile nearest", Col("a").RollingQuantile(0.3, QuantileNearest, 3, mp1), []any{1.0, 1.0, 1.0, 2.0, 4.0, 6.0, inf, 8.0, 8.0, 8.0}},
		// centered windows, an even size holding one more row before
		{"mean center 4", Col("a").RollingMean(4, mp1, WithCenter(true)), []any{1.5, 1.5, 2.3333333333333335, nan, nan, nan, nan, nan, nan, -inf}},
		{"sum center 3", Col("a").RollingSum(3, mp1, WithCenter(true)), []any{3.0, 3.0, 6.0, nan, nan, nan, inf, nan, -inf, -inf}},
		// integers: sum stays int64, min keeps the type
		{"int sum", Col("b").RollingSum(3), []any{nil, nil, int64(10), int64(7), int64(14), int64(13), int64(18), int64(16), int64(13), int64(15)}},
		{"int min", Col("b").RollingMin(3), []any{nil, nil, int64(1), int64(1), int64(2), int64(2), int64(3), int64(3), int64(0), int64(0)}},
		{"int median 4", Col("b").RollingMedian(4, mp1), []any{5.0, 3.0, 4.0, 3.0, 3.0, 3.5, 5.0, 6.5, 4.5, 6.5}},
		{"int quantile lower", Col("b").RollingQuantile(0.75, QuantileLower, 5, mp1), []any{5.0, 1.0, 4.0, 4.0, 5.0, 4.0, 7.0, 7.0, 7.0, 7.0}},
		{"int quantile higher", Col("b").RollingQuantile(0.75, QuantileHigher, 4, mp1), []any{5.0, 5.0, 5.0, 5.0, 8.0, 8.0, 8.0, 8.0, 7.0, 9.0}},
		{"int quantile midpoint", Col("b").RollingQuantile(0.1, QuantileMidpoint, 4, mp1), []any{5.0, 3.0, 2.5, 1.5, 1.5, 2.5, 2.5, 4.5, 1.5, 3.0}},
		{"int quantile nearest", Col("b").RollingQuantile(0.5, QuantileNearest, 4, mp1), []any{5.0, 5.0, 4.0, 4.0, 4.0, 4.0, 7.0, 7.0, 6.0, 7.0}},
		// a window larger than the frame
		{"window 20", Col("b").RollingSum(20), []any{nil, nil, nil, nil, nil, nil, nil, nil, nil, nil}},
		{"window 20 mp1", Col("b").RollingMax(20, mp1), []any{int64(5), int64(5), int64(5), int64(5), int64(8), int64(8), int64(8), int64(8), int64(8), int64(9)}},
		// strings: min and max
		{"string max", Col("s").RollingMax(2, mp1), []any{"d", "d", "b", "a", "c", "e", "e", "b", "f", "f"}},
		// ddof 0
		{"var ddof0", Col("b").RollingVar(2, WithDdof(0)), []any{nil, 4.0, 2.25, 1.0, 9.0, 6.25, 4.0, 0.25, 9.0, 20.25}},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !rollSame(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

// rollSame compares values, floats to 1e-12 relative and NaN equal to NaN.
func rollSame(got, want []any) bool {
	if len(got) != len(want) {
		return false
	}
	for k := range got {
		g, gok := got[k].(float64)
		w, wok := want[k].(float64)
		if gok && wok {
			if (g != g) != (w != w) {
				return false
			}
			if g != w && !(math.Abs(g-w) <= 1e-12*math.Max(math.Abs(w), 1)) && g == g {
				return false
			}
			continue
		}
		if got[k] != want[k] {
			return false
		}
	}
	return true
}

// TestRollingWeights checks WithWeights against Polars 0.26.1
// (nodejs-polars) over a column without nulls.
func TestRollingWeights(t *testing.T) {
	f := FromColumns([]string{"a"}, []any{1.5, 2.0, 7.0, 4.0, 5.0, 3.0, 9.0})
	w := WithWeights([]float64{1, 2, 3})
	mp1 := WithMinPeriods(1)
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"sum", Col("a").RollingSum(3, mp1, w), []any{4.5, 9.0, 26.5, 28.0, 30.0, 23.0, 38.0}},
		{"mean", Col("a").RollingMean(3, mp1, w), []any{1.5, 1.8, 4.416666666666667, 4.666666666666667, 5.0, 3.8333333333333335, 6.333333333333333}},
		{"min", Col("a").RollingMin(3, mp1, w), []any{4.5, 3.0, 1.5, 2.0, 7.0, 4.0, 5.0}},
		{"max", Col("a").RollingMax(3, mp1, w), []any{4.5, 6.0, 21.0, 14.0, 15.0, 10.0, 27.0}},
		{"var", Col("a").RollingVar(3, mp1, w), []any{0.0, 0.059999999999999165, 6.701388888888886, 3.2222222222222285, 1.0, 0.8055555555555554, 7.555555555555557}},
		{"std", Col("a").RollingStd(3, mp1, w), []any{0.0, 0.2449489742783161, 2.5887040945015105, 1.795054935711503, 1.0, 0.8975274678557505, 2.7487370837451075}},
		{"sum center", Col("a").RollingSum(3, mp1, w, WithCenter(true)), []any{9.0, 26.5, 28.0, 30.0, 23.0, 38.0, 21.0}},
		{"sum center 4", Col("a").RollingSum(4, mp1, WithWeights([]float64{1, 2, 3, 4}), WithCenter(true)), []any{12.5, 37.0, 42.5, 48.0, 42.0, 59.0, 38.0}},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for k := range got {
			if g, w := got[k].(float64), tt.want[k].(float64); math.Abs(g-w) > 1e-9 {
				t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
}

// TestRollingErrors checks the settings and types refused.
func TestRollingErrors(t *testing.T) {
	f := rollTestFrame(t)
	tests := []struct {
		name string
		e    Expr
		err  error
	}{
		{"window 0", Col("a").RollingSum(0), ErrArgument},
		{"min periods above window", Col("a").RollingSum(3, WithMinPeriods(4)), ErrArgument},
		{"weights length", Col("a").RollingSum(3, WithWeights([]float64{1, 2})), ErrArgument},
		{"weights median", Col("a").RollingMedian(2, WithWeights([]float64{1, 2})), ErrArgument},
		{"quantile above 1", Col("a").RollingQuantile(1.5, QuantileLinear, 3), ErrArgument},
		{"string mean", Col("s").RollingMean(3), ErrType},
		{"list sum", Col("l").RollingSum(3), ErrType},
		{"negative ddof", Col("a").RollingStd(3, WithDdof(-1)), ErrArgument},
	}
	for _, tt := range tests {
		_, err := exprTestEval(f, tt.e)
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: err = %v, want %v", tt.name, err, tt.err)
		}
	}
}

// TestRollingFrames checks a rolling column beside a list column (carried
// through), over an empty frame, and a name and rendering.
func TestRollingFrames(t *testing.T) {
	f := rollTestFrame(t)
	out := f.WithColumns(Col("b").RollingMean(2).Alias("m"))
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	if got := out.Columns(); len(got) != 5 || got[3] != "l" {
		t.Errorf("columns %v", got)
	}
	empty := f.Head(0)
	got, err := exprTestEval(empty, Col("a").RollingMedian(3))
	if err != nil || len(got) != 0 {
		t.Errorf("empty frame: %v, %v", got, err)
	}
	if s := Col("a").RollingSum(3, WithMinPeriods(1)).String(); s != "col(a).rolling_sum(3, min_periods=1)" {
		t.Errorf("String = %s", s)
	}
	if name := Col("a").RollingStd(3).Name(); name != "a" {
		t.Errorf("Name = %s", name)
	}
}

// TestRollingTypes checks the types kept: a bool sum counts the true
// values (int64), a bool max is a bool, a date min stays a date, a
// duration-free mean of a date is refused.
func TestRollingTypes(t *testing.T) {
	f := FromColumns([]string{"b", "d"}, []any{true, nil, true, false}, []string{"2024-01-03", "2024-01-01", "2024-01-04", "2024-01-02"}).
		WithColumns(Col("d").Str().ToDate("").Alias("d"))
	got, err := exprTestEval(f, Col("b").RollingSum(2, WithMinPeriods(1)))
	if want := []any{int64(1), int64(1), int64(1), int64(1)}; err != nil || !rollSame(got, want) {
		t.Errorf("bool sum: %v %v", got, err)
	}
	got, err = exprTestEval(f, Col("b").RollingMax(2, WithMinPeriods(1)))
	if want := []any{true, true, true, true}; err != nil || !rollSame(got, want) {
		t.Errorf("bool max: %v %v", got, err)
	}
	got, err = exprTestEval(f, Col("d").RollingMin(2).Dt().Strftime("%d"))
	if want := []any{nil, "01", "01", "02"}; err != nil || !rollSame(got, want) {
		t.Errorf("date min: %v %v", got, err)
	}
	if _, err := exprTestEval(f, Col("d").RollingMean(2)); !errors.Is(err, ErrType) {
		t.Errorf("date mean: %v", err)
	}
}

// TestRollingInGroupBy checks that inside GroupBy.Agg a rolling
// expression runs over each group's rows, as Polars: the lists of a
// group hold its own moving sums.
func TestRollingInGroupBy(t *testing.T) {
	f := FromColumns([]string{"g", "x"}, []string{"a", "b", "a", "b", "a"}, []int64{1, 10, 2, 20, 4})
	out := f.GroupBy("g").Agg(Col("x").RollingSum(2, WithMinPeriods(1)).Alias("s"), Col("x").EWMMean(WithAlpha(1)).Alias("e"))
	got, err := exprTestEval(out, Col("s"))
	if want := []any{[]any{int64(1), int64(3), int64(6)}, []any{int64(10), int64(30)}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("per group: %v, %v", got, err)
	}
}
