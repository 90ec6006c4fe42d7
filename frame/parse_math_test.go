package frame

import (
	"errors"
	"math"
	"testing"
)

// TestParseMath checks the text form's maths and conditionals against
// the values DuckDB gives for the same expressions.
func TestParseMath(t *testing.T) {
	f := mathTestFrame(t)
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		in   string
		want []any
		err  error
	}{
		{"abs(i)", []any{int64(7), int64(7), nil, int64(0), int64(math.MinInt64), int64(2)}, nil},
		{"round(f)", []any{-3.0, 3.0, nil, nan, inf, -inf}, nil},
		{"round(2.675, 2)", []any{2.68}, nil},
		{"round(1234, -2)", []any{int64(1200)}, nil},
		{"round(f, x)", nil, &SyntaxError{}},
		{"floor(f)", []any{-3.0, 2.0, nil, nan, inf, -inf}, nil},
		{"ceiling(-1.5)", []any{-1.0}, nil},
		{"sign(f)", []any{int64(-1), int64(1), nil, int64(0), int64(1), int64(-1)}, nil},
		{"sqrt(n.x)", nil, ErrArgument},
		{"sqrt(abs(n.x))", []any{2.0, 3.0, nil, nil, 0.5, nan}, nil},
		{"cbrt(27)", []any{3.0}, nil},
		{"pow(2, 10)", []any{1024.0}, nil},
		{"power(2, 0.5)", []any{math.Sqrt2}, nil},
		{"ln(1)", []any{0.0}, nil},
		{"ln(0)", nil, ErrArgument},
		{"log(100)", []any{2.0}, nil},
		{"log(2, 8)", []any{3.0}, nil},
		{"log(2, 0)", nil, ErrArgument},
		{"log2(0.5)", []any{-1.0}, nil},
		{"log10(d)", nil, ErrArgument},
		{"exp(0)", []any{1.0}, nil},
		{"sin(0) + cos(0) + tan(0)", []any{1.0}, nil},
		{"sin(f)", nil, ErrArgument},
		{"asin(2)", nil, ErrArgument},
		{"acos(1) + atan(0)", []any{0.0}, nil},
		{"atan2(1, 1)", []any{math.Pi / 4}, nil},
		{"degrees(pi())", []any{180.0}, nil},
		{"radians(180)", []any{math.Pi}, nil},
		{"isnan(f)", []any{false, false, nil, true, false, false}, nil},
		{"isinf(f)", []any{false, false, nil, false, true, true}, nil},
		{"isfinite(f)", []any{true, true, nil, false, false, false}, nil},
		{"-7 % 3", []any{int64(-1)}, nil},
		{"mod(7, -3)", []any{int64(1)}, nil},
		{"-7.5 % 2", []any{-1.5}, nil},
		{"5 % 0", []any{nil}, nil},
		{"i % d", []any{int64(-1), int64(1), nil, nil, int64(0), nil}, nil},
		{"greatest(i, d)", []any{int64(3), int64(7), int64(2), int64(0), int64(-1), int64(2)}, nil},
		{"least(i, d, null)", []any{int64(-7), int64(-3), int64(2), int64(0), int64(math.MinInt64), int64(2)}, nil},
		{"greatest(1, f)", []any{1.0, 2.5, 1.0, nan, inf, 1.0}, nil},
		{"greatest(s, 1)", nil, ErrType},
		{"coalesce(null, d, 9)", []any{int64(3), int64(-3), int64(2), int64(0), int64(-1), int64(9)}, nil},
		{"ifnull(s, '?')", []any{"a", "Ünïcödé", "?", "", "日本語", "😀"}, nil},
		{"nullif(d, 0)", []any{int64(3), int64(-3), int64(2), nil, int64(-1), nil}, nil},
		{"if(d > 0, 'pos', 'not')", []any{"pos", "not", "pos", "not", "not", "not"}, nil},
		{"case when d > 0 then 'pos' when d < 0 then 'neg' else 'zero' end", []any{"pos", "neg", "pos", "zero", "neg", "zero"}, nil},
		{"CASE WHEN d > 0 THEN 1 END", []any{int64(1), nil, int64(1), nil, nil, nil}, nil},
		{"case d when 3 then 'three' when -1 then 'minus one' else 'other' end", []any{"three", "other", "other", "other", "minus one", "other"}, nil},
		{"case when n.x > 0 then n.x else 0 end", []any{4.0, 0.0, 0.0, 0.0, 0.25, 0.0}, nil},
		{"case when d > 0 then s else 1 end", nil, ErrType},
		{"case when d then 1 end", nil, ErrType},
		{"d between 0 and 2", []any{false, false, true, true, false, nil}, nil},
		{"d not between 0 and 2", []any{true, true, false, false, true, nil}, nil},
		{"s between 'a' and 'z'", []any{true, false, nil, false, false, false}, nil},
		{"d in (3, -1)", []any{true, false, false, false, true, nil}, nil},
		{"d in (3, null)", []any{true, nil, nil, nil, nil, nil}, nil},
		{"d not in (3, -1)", []any{false, true, true, true, false, nil}, nil},
		{"case when d > 0 then 1 else 2", nil, &SyntaxError{}},
		{"case end", nil, &SyntaxError{}},
		{"d between 1", nil, &SyntaxError{}},
		{"d between 1 and 2 between 3 and 4", nil, &SyntaxError{}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			e, err := ParseExpr(tc.in)
			if se := (&SyntaxError{}); errors.As(tc.err, &se) {
				if !errors.As(err, &se) {
					t.Fatalf("err = %v, want a SyntaxError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := exprTestEval(f, e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.in, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.in, err)
			}
			if len(tc.want) == 1 && len(got) > 1 {
				got = got[:1]
			}
			if !mathSame(got, tc.want) {
				t.Errorf("%s = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

// TestParseMathErrorNamesRow: a refused input names the text and the row.
func TestParseMathErrorNamesRow(t *testing.T) {
	f := mathTestFrame(t)
	_, err := exprTestEval(f, MustParseExpr("sqrt(n.x)"))
	if err == nil || !containsStr(err.Error(), "`sqrt(n.x)`") || !containsStr(err.Error(), "row 1") {
		t.Errorf("err = %v", err)
	}
}
