package frame

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// mathTestFrame has integers (with an overflow case), floats with NaN and
// ±Inf, nulls, strings and a structure with a numeric field.
func mathTestFrame(t *testing.T) *Frame {
	t.Helper()
	nan, inf := math.NaN(), math.Inf(1)
	f := FromColumns(
		[]string{"i", "f", "d", "s", "n"},
		[]any{int64(-7), int64(7), nil, int64(0), int64(math.MinInt64), int64(2)},
		[]any{-2.5, 2.5, nil, nan, inf, -inf},
		[]any{int64(3), int64(-3), int64(2), int64(0), int64(-1), nil},
		[]any{"a", "Ünïcödé", nil, "", "日本語", "😀"},
		[]any{map[string]any{"x": 4.0}, map[string]any{"x": -9.0}, nil, map[string]any{"x": nil}, map[string]any{"x": 0.25}, map[string]any{"x": nan}},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// mathSame compares evaluated values, NaN equal to NaN.
func mathSame(got, want []any) bool {
	if len(got) != len(want) {
		return false
	}
	for k := range got {
		g, gok := got[k].(float64)
		w, wok := want[k].(float64)
		if gok && wok && math.IsNaN(g) && math.IsNaN(w) {
			continue
		}
		if gok && wok && g == w && math.Signbit(g) == math.Signbit(w) {
			continue
		}
		if !reflect.DeepEqual(got[k], want[k]) {
			return false
		}
	}
	return true
}

func TestExprMath(t *testing.T) {
	f := mathTestFrame(t)
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"abs int wraps", Col("i").Abs(), []any{int64(7), int64(7), nil, int64(0), int64(math.MinInt64), int64(2)}, nil},
		{"abs float", Col("f").Abs(), []any{2.5, 2.5, nil, nan, inf, inf}, nil},
		{"abs nested", Col("n.x").Abs(), []any{4.0, 9.0, nil, nil, 0.25, nan}, nil},
		{"abs string", Col("s").Abs(), nil, ErrType},
		{"sign int", Col("i").Sign(), []any{int64(-1), int64(1), nil, int64(0), int64(-1), int64(1)}, nil},
		{"sign float", Col("f").Sign(), []any{-1.0, 1.0, nil, nan, 1.0, -1.0}, nil},
		{"round half to even", Col("f").Round(0), []any{-2.0, 2.0, nil, nan, inf, -inf}, nil},
		{"round half away", Col("f").Round(0, HalfAwayFromZero), []any{-3.0, 3.0, nil, nan, inf, -inf}, nil},
		{"round decimals", Lit(2.675).Round(2, HalfAwayFromZero), []any{2.68}, nil},
		{"round decimals even", Lit(0.125).Round(2), []any{0.12}, nil},
		{"round negative decimals", Lit(1250.0).Round(-2), []any{1200.0}, nil},
		{"round huge decimals", Lit(1e300).Round(20), []any{1e300}, nil},
		{"round int unchanged", Col("i").Round(2), []any{int64(-7), int64(7), nil, int64(0), int64(math.MinInt64), int64(2)}, nil},
		{"round int tens", Col("i").Round(-1, HalfAwayFromZero), []any{int64(-10), int64(10), nil, int64(0), int64(math.MaxInt64 - 1), int64(0)}, nil}, // MinInt64 rounds to -9223372036854775810, which wraps
		{"round int tie even", Lit(25).Round(-1), []any{int64(20)}, nil},
		{"round int tie even up", Lit(-35).Round(-1), []any{int64(-40)}, nil},
		{"floor", Col("f").Floor(), []any{-3.0, 2.0, nil, nan, inf, -inf}, nil},
		{"ceil", Col("f").Ceil(), []any{-2.0, 3.0, nil, nan, inf, -inf}, nil},
		{"ceil int", Col("d").Ceil(), []any{int64(3), int64(-3), int64(2), int64(0), int64(-1), nil}, nil},
		{"sqrt", Col("n.x").Sqrt(), []any{2.0, nan, nil, nil, 0.5, nan}, nil},
		{"sqrt int", Col("d").Sqrt(), []any{math.Sqrt(3), nan, math.Sqrt(2), 0.0, nan, nil}, nil},
		{"cbrt", Lit(-27).Cbrt(), []any{-3.0}, nil},
		{"exp", Lit(0).Exp(), []any{1.0}, nil},
		{"exp overflow", Lit(1000).Exp(), []any{inf}, nil},
		{"log base", Lit(8).Log(2), []any{3.0}, nil},
		{"log e", Lit(math.E).Log(math.E), []any{1.0}, nil},
		{"log zero", Lit(0).Log10(), []any{-inf}, nil},
		{"log negative", Lit(-1).Log10(), []any{nan}, nil},
		{"log1p", Lit(0).Log1p(), []any{0.0}, nil},
		{"sin", Lit(0).Sin(), []any{0.0}, nil},
		{"cos", Lit(0).Cos(), []any{1.0}, nil},
		{"tan", Lit(0).Tan(), []any{0.0}, nil},
		{"arcsin out of range", Lit(2).Arcsin(), []any{nan}, nil},
		{"arccos", Lit(1).Arccos(), []any{0.0}, nil},
		{"arctan", Lit(inf).Arctan(), []any{math.Pi / 2}, nil},
		{"sinh cosh tanh", Lit(0).Sinh().Add(Lit(0).Cosh()).Add(Lit(0).Tanh()), []any{1.0}, nil},
		{"degrees", Lit(math.Pi).Degrees(), []any{180.0}, nil},
		{"radians", Lit(180).Radians(), []any{math.Pi}, nil},
		{"arctan2", Arctan2(Lit(1), Lit(1)), []any{math.Pi / 4}, nil},
		{"arctan2 null", Arctan2(Lit(nil), Lit(1)), []any{nil}, nil},
		{"pow int", Col("d").Pow(Lit(2)), []any{int64(9), int64(9), int64(4), int64(0), int64(1), nil}, nil},
		{"pow int wraps", Lit(3).Pow(Lit(41)), []any{exprPowInt(3, 41)}, nil},
		{"pow negative int exponent", Lit(2).Pow(Col("d")), nil, ErrArgument},
		{"pow float", Col("d").Pow(Lit(0.5)), []any{math.Sqrt(3), nan, math.Sqrt(2), 0.0, nan, nil}, nil},
		{"pow zero negative", Lit(0.0).Pow(Lit(-1)), []any{inf}, nil},
		{"pow string", Col("s").Pow(Lit(2)), nil, ErrType},
		{"clip int", Col("i").Clip(Lit(-5), Lit(5)), []any{int64(-5), int64(5), nil, int64(0), int64(-5), int64(2)}, nil},
		{"clip float bound", Col("i").Clip(Lit(-5.5), Lit(nil)), []any{-5.5, 7.0, nil, 0.0, -5.5, 2.0}, nil},
		{"clip float", Col("f").Clip(Lit(-1), Lit(1)), []any{-1.0, 1.0, nil, nan, 1.0, -1.0}, nil},
		{"clip column bound null row", Col("i").Clip(Col("d"), Lit(nil)), []any{int64(3), int64(7), nil, int64(0), int64(-1), int64(2)}, nil},
		{"floordiv int", Col("i").FloorDiv(Col("d")), []any{int64(-3), int64(-3), nil, nil, int64(math.MinInt64), nil}, nil},
		{"floordiv float", Lit(-7.0).FloorDiv(Lit(2)), []any{-4.0}, nil},
		{"mod negative", Col("i").Mod(Col("d")), []any{int64(2), int64(-2), nil, nil, int64(0), nil}, nil},
		{"mod identity", Col("i").FloorDiv(Col("d")).Mul(Col("d")).Add(Col("i").Mod(Col("d"))), []any{int64(-7), int64(7), nil, nil, int64(math.MinInt64), nil}, nil},
		{"mod float zero is NaN", Lit(5.0).Mod(Lit(0)), []any{nan}, nil},
		{"rem truncates", exprRem(Col("i"), Col("d")), []any{int64(-1), int64(1), nil, nil, int64(0), nil}, nil},
		{"rem float zero is NaN", exprRem(Lit(5.0), Lit(0)), []any{nan}, nil},
		{"rem int zero is null", exprRem(Lit(5), Lit(0)), []any{nil}, nil},
		{"rem float", exprRem(Lit(-7.5), Lit(2)), []any{-1.5}, nil},
		{"is_nan", Col("f").IsNaN(), []any{false, false, nil, true, false, false}, nil},
		{"is_nan int", Col("d").IsNaN(), []any{false, false, false, false, false, nil}, nil},
		{"is_finite", Col("f").IsFinite(), []any{true, true, nil, false, false, false}, nil},
		{"is_infinite", Col("f").IsInfinite(), []any{false, false, nil, false, true, true}, nil},
		{"fill_nan", Col("f").FillNaN(Lit(0)), []any{-2.5, 2.5, nil, 0.0, inf, -inf}, nil},
		{"fill_nan null", Col("f").FillNaN(Lit(nil)), []any{-2.5, 2.5, nil, nil, inf, -inf}, nil},
		{"fill_nan int", Col("d").FillNaN(Lit(0)), []any{int64(3), int64(-3), int64(2), int64(0), int64(-1), nil}, nil},
		{"nan_to_null", Col("n.x").NaNToNull(), []any{4.0, -9.0, nil, nil, 0.25, nil}, nil},
		{"null in", Lit(nil).Sqrt(), []any{nil}, nil},
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

func TestExprMathTemporalRefused(t *testing.T) {
	f := FromColumns([]string{"t"}, []any{time.Date(2024, 3, 10, 1, 0, 0, 0, time.UTC)})
	for _, e := range []Expr{Col("t").Abs(), Col("t").Round(0), Col("t").Sqrt(), Col("t").Clip(Lit(0), Lit(1))} {
		if _, err := exprTestEval(f, e); !errors.Is(err, ErrType) {
			t.Errorf("%s: err = %v, want ErrType", e, err)
		}
	}
}

// TestExprMathKeepsType checks that integer functions keep int64 and that
// a float32 column computes in float64.
func TestExprMathKeepsType(t *testing.T) {
	f := FromColumns([]string{"i", "g"}, []int32{-3, 4}, []float32{1.5, -2.25})
	out := f.SelectExprs(Col("i").Abs().Alias("a"), Col("g").Abs().Alias("b"), Col("i").Floor().Alias("c"))
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	spec := out.Schema().String()
	for _, want := range []string{"a: int64", "c: int32"} {
		if !containsStr(spec, want) {
			t.Errorf("schema %s lacks %s", spec, want)
		}
	}
	_ = arrow.PrimitiveTypes.Int64
}

func containsStr(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
