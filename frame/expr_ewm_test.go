package frame

import (
	"errors"
	"math"
	"testing"
)

// TestEWMMean checks EWMMean against Polars 0.26.1 (nodejs-polars): the
// expected values are its ewm_mean of the same column with alpha 0.3.
func TestEWMMean(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	f := FromColumns([]string{"a", "b"},
		[]any{int64(1), int64(2), nil, int64(4), nil, nil, int64(7), int64(8)},
		[]any{nil, nil, 3.0, nan, 5.0, inf, 1.0, 2.0})
	a := WithAlpha(0.3)
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"adjust", Col("a").EWMMean(a), []any{1.0, 1.5882352941176472, nil, 2.9039825422804144, nil, nil, 5.4188530986622006, 6.624938291530134}},
		{"adjust ignore nulls", Col("a").EWMMean(a, WithIgnoreNulls(true)), []any{1.0, 1.5882352941176472, nil, 2.6894977168949774, nil, nil, 4.391235688906435, 5.692582308607696}},
		{"recursive", Col("a").EWMMean(a, WithAdjust(false)), []any{1.0, 1.3, nil, 2.3253164556962025, nil, nil, 4.506350768746186, 5.55444553812233}},
		{"recursive ignore nulls", Col("a").EWMMean(a, WithAdjust(false), WithIgnoreNulls(true)), []any{1.0, 1.3, nil, 2.1100000000000003, nil, nil, 3.577, 4.9039}},
		{"min periods 3", Col("a").EWMMean(a, WithMinPeriods(3)), []any{nil, nil, nil, 2.9039825422804144, nil, nil, 5.4188530986622006, 6.624938291530134}},
		{"leading nulls and NaN", Col("b").EWMMean(a), []any{nil, nil, 3.0, nan, nan, nan, nan, nan}},
		// com 1, span 3 and a half-life of 1 are alpha 0.5 (Polars: alpha 0.5)
		{"com", Col("a").EWMMean(WithCom(1)), []any{1.0, 1.6666666666666665, nil, 3.3636363636363633, nil, nil, 6.466666666666667, 7.433497536945813}},
		{"span", Col("a").EWMMean(WithSpan(3)), []any{1.0, 1.6666666666666665, nil, 3.3636363636363633, nil, nil, 6.466666666666667, 7.433497536945813}},
		{"half-life", Col("a").EWMMean(WithHalfLife(1)), []any{1.0, 1.6666666666666665, nil, 3.3636363636363633, nil, nil, 6.466666666666667, 7.433497536945813}},
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
	for name, e := range map[string]Expr{
		"no decay":    Col("a").EWMMean(),
		"two decays":  Col("a").EWMMean(WithAlpha(0.5), WithSpan(3)),
		"alpha 0":     Col("a").EWMMean(WithAlpha(0)),
		"span 0.5":    Col("a").EWMMean(WithSpan(0.5)),
		"negative mp": Col("a").EWMMean(WithAlpha(0.5), WithMinPeriods(-1)),
	} {
		if _, err := exprTestEval(f, e); !errors.Is(err, ErrArgument) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	s := FromColumns([]string{"s"}, []string{"x"})
	if _, err := exprTestEval(s, Col("s").EWMMean(WithAlpha(0.5))); !errors.Is(err, ErrType) {
		t.Errorf("string: err = %v", err)
	}
}
