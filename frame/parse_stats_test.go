package frame

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestParseStats checks the text form's statistics against the values
// DuckDB gives for the same expressions over the same data: x is 3, 1, 1,
// 3, 2 and three nulls (ties for the mode), y the values 1, 2, 3, 4, 10.
func TestParseStats(t *testing.T) {
	f := FromColumns([]string{"x", "y", "a", "b", "f", "s", "d"},
		[]any{int64(3), int64(1), int64(1), int64(3), int64(2), nil, nil, nil},
		[]any{int64(1), int64(2), int64(3), int64(4), int64(10), nil, nil, nil},
		[]any{int64(1), int64(2), int64(3), int64(4), nil, nil, nil, nil},
		[]any{2.0, nil, 5.0, 9.0, nil, nil, nil, nil},
		[]any{1.0, math.NaN(), 3.0, 0.5, nil, nil, nil, nil},
		[]any{"b", "a", "a", "b", "c", nil, nil, nil},
		[]any{int64(0), int64(3), nil, nil, nil, nil, nil, nil})
	f = f.WithColumns(Col("d").Cast(arrow.FixedWidthTypes.Date32))
	nan := math.NaN()
	tests := []struct {
		in   string
		want any
		err  error
	}{
		{"median(y)", 3.0, nil},
		{"quantile_cont(y, 0.3)", 2.2, nil},
		{"quantile_disc(y, 0.3)", int64(2), nil},
		{"quantile(y, 0.625)", int64(4), nil},
		{"quantile_disc(x, 0.625)", int64(3), nil},
		{"quantile_cont(x, 0.3)", 1.2, nil},
		{"median(f)", 2.0, nil},
		{"quantile_cont(f, 1.0)", nan, nil},
		{"median(s)", "b", nil},
		{"quantile_disc(s, 0.5)", "b", nil},
		{"var_samp(y)", 12.5, nil},
		{"variance(y)", 12.5, nil},
		{"var_pop(y)", 10.0, nil},
		{"stddev_samp(y)", 3.5355339059327378, nil},
		{"stddev_pop(y)", 3.1622776601683795, nil},
		{"stddev(y)", 3.5355339059327378, nil},
		{"skewness(y)", 1.6970562748477143, nil},
		{"kurtosis(y)", 3.151999999999994, nil},
		{"kurtosis_pop(y)", -0.21200000000000152, nil},
		{"skewness(a)", 0.0, nil},
		{"kurtosis(x)", -3.0, nil},
		{"mode(x)", int64(3), nil},
		{"mode(s)", "b", nil},
		{"product(x)", 18.0, nil},
		{"product(y) + 0", 240.0, nil},
		{"approx_count_distinct(x)", int64(3), nil},
		{"entropy(x)", 1.5219280948873624, nil},
		{"corr(a, b)", 0.9631231373018602, nil},
		{"covar_samp(a, b)", 5.166666666666667, nil},
		{"covar_pop(a, b)", 3.4444444444444446, nil},
		{"argmin(y, x)", int64(2), nil},
		{"argmax(s, y)", "c", nil},
		{"median(d)", time.Date(1970, 1, 2, 12, 0, 0, 0, time.UTC), nil},
		{"quantile_disc(d, 0.5)", arrow.Date32(0), nil},
		{"quantile_cont(y, x)", nil, &SyntaxError{}},
		{"quantile_cont(y, 1.5)", nil, ErrArgument},
		{"skewness(s)", nil, ErrType},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			e, err := ParseExpr(tc.in)
			if err == nil {
				var got []any
				got, err = exprTestEval(f, e)
				if err == nil {
					if w, ok := tc.want.(time.Time); ok {
						if g, ok := got[0].(time.Time); !ok || !g.Equal(w) {
							t.Errorf("%s = %#v (%T), want %v", tc.in, got[0], got[0], w)
						}
						return
					}
					if !statsClose(got[0], tc.want) && !(tc.want == 0.0 && math.Abs(got[0].(float64)) < 1e-15) {
						t.Errorf("%s = %#v, want %#v", tc.in, got[0], tc.want)
					}
					return
				}
			}
			if tc.err == nil {
				t.Fatalf("%s: %v", tc.in, err)
			}
			var se *SyntaxError
			if errors.As(tc.err, &se) {
				if !errors.As(err, &se) {
					t.Fatalf("%s: err = %v, want a SyntaxError", tc.in, err)
				}
				return
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("%s: err = %v, want %v", tc.in, err, tc.err)
			}
		})
	}
}
