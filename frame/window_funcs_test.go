package frame

import (
	"errors"
	"math"
	"testing"
	"time"
)

func winFuncsFrame(t *testing.T) *Frame {
	t.Helper()
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	f := FromColumns(
		[]string{"i", "f", "s", "b", "ts", "l"},
		[]any{int64(3), nil, int64(1), int64(3), int64(-2)},
		[]any{1.5, math.NaN(), nil, math.Copysign(0, -1), 0.0},
		[]any{"b", "a", nil, "b", "c"},
		[]any{true, nil, false, true, true},
		[]any{t0, t0.Add(time.Hour), nil, t0.Add(3 * time.Hour), t0.Add(2 * time.Hour)},
		[]any{[]any{int64(1)}, nil, []any{}, []any{int64(2)}, nil},
	)
	f = f.WithColumns(Col("ts").Sub(Lit(t0)).Alias("du")) // durations: 0, 1h, null, 3h, 2h
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestWindowFuncs(t *testing.T) {
	f := winFuncsFrame(t)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	h := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Hour) }
	negZero := math.Copysign(0, -1)
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"shift", Col("i").Shift(1), ints(nil, 3, nil, 1, 3), nil},
		{"shift lead", Col("i").Shift(-2), ints(1, 3, -2, nil, nil), nil},
		{"shift zero", Col("i").Shift(0), ints(3, nil, 1, 3, -2), nil},
		{"shift past the end", Col("i").Shift(9), ints(nil, nil, nil, nil, nil), nil},
		{"shift fill keeps the nulls that were", Col("i").Shift(2, WithFillValue(Lit(0))), ints(0, 0, 3, nil, 1), nil},
		{"shift fill promotes", Col("i").Shift(1, WithFillValue(Lit(0.5))), []any{0.5, 3.0, nil, 1.0, 3.0}, nil},
		{"shift fill by row", Col("i").Shift(1, WithFillValue(Col("i").Mul(Lit(10)))), ints(30, 3, nil, 1, 3), nil},
		{"shift fill null", Col("i").Shift(1, WithFillValue(Lit(nil))), ints(nil, 3, nil, 1, 3), nil},
		{"shift strings", Col("s").Shift(1), []any{nil, "b", "a", nil, "b"}, nil},
		{"shift timestamps", Col("ts").Shift(-1), []any{h(1), nil, h(3), h(2), nil}, nil},
		{"shift lists", Col("l").Shift(1), []any{nil, ints(1), nil, []any{}, ints(2)}, nil},
		{"shift fill string into ints", Col("i").Shift(1, WithFillValue(Lit("x"))), nil, ErrType},
		{"shift fill a list", Col("l").Shift(1, WithFillValue(Lit(1))), nil, ErrType},
		{"shift a literal", Lit(1).Shift(1), ints(nil, 1, 1, 1, 1), nil},
		{"diff", Col("i").Diff(1), ints(nil, nil, nil, 2, -5), nil},
		{"diff backward", Col("i").Diff(-1), ints(nil, nil, -2, 5, nil), nil},
		{"diff floats", Col("f").Diff(1), []any{nil, math.NaN(), nil, nil, 0.0}, nil},
		{"diff timestamps is a duration", Col("ts").Diff(1), []any{nil, time.Hour, nil, nil, -time.Hour}, nil},
		{"diff durations", Col("du").Diff(2), []any{nil, nil, nil, 2 * time.Hour, nil}, nil},
		{"diff strings", Col("s").Diff(1), nil, ErrType},
		{"diff bools", Col("b").Diff(1), nil, ErrType},
		{"pct_change fills nulls forward", Col("i").PctChange(1), []any{nil, 0.0, -2.0 / 3, 2.0, -5.0 / 3}, nil},
		{"pct_change two back", Col("i").PctChange(2), []any{nil, nil, -2.0 / 3, 0.0, -3.0}, nil},
		{"pct_change timestamps", Col("ts").PctChange(1), nil, ErrType},
		{"cum_sum skips nulls", Col("i").CumSum(), ints(3, nil, 4, 7, 5), nil},
		{"cum_sum reverse", Col("i").CumSum(WithReverse(true)), ints(5, nil, 2, 1, -2), nil},
		{"cum_sum bools counts", Col("b").CumSum(), ints(1, nil, 1, 2, 3), nil},
		{"cum_sum durations", Col("du").CumSum(), []any{time.Duration(0), time.Hour, nil, 4 * time.Hour, 6 * time.Hour}, nil},
		{"cum_sum timestamps", Col("ts").CumSum(), nil, ErrType},
		{"cum_sum strings", Col("s").CumSum(), nil, ErrType},
		{"cum_sum a literal", Lit(5).CumSum(), ints(5, 10, 15, 20, 25), nil},
		{"cum_prod", Col("i").CumProd(), ints(3, nil, 3, 9, -18), nil},
		{"cum_prod floats NaN", Col("f").CumProd(), []any{1.5, math.NaN(), nil, math.NaN(), math.NaN()}, nil},
		{"cum_min", Col("i").CumMin(), ints(3, nil, 1, 1, -2), nil},
		{"cum_max", Col("i").CumMax(), ints(3, nil, 3, 3, 3), nil},
		{"cum_max reverse", Col("i").CumMax(WithReverse(true)), ints(3, nil, 3, 3, -2), nil},
		{"cum_max passes NaN over", Col("f").CumMax(), []any{1.5, 1.5, nil, 1.5, 1.5}, nil},
		{"cum_min keeps -0", Col("f").CumMin(), []any{1.5, 1.5, nil, negZero, negZero}, nil},
		{"cum_max strings", Col("s").CumMax(), []any{"b", "b", nil, "b", "c"}, nil},
		{"cum_min strings", Col("s").CumMin(), []any{"b", "a", nil, "a", "a"}, nil},
		{"cum_max bools", Col("b").CumMax(WithReverse(true)), []any{true, nil, true, true, true}, nil},
		{"cum_max timestamps", Col("ts").CumMax(), []any{h(0), h(1), nil, h(3), h(3)}, nil},
		{"cum_min lists", Col("l").CumMin(), nil, ErrType},
		{"cum_count", Col("i").CumCount(), ints(1, 1, 2, 3, 4), nil},
		{"cum_count reverse", Col("i").CumCount(WithReverse(true)), ints(4, 3, 3, 2, 1), nil},
		{"cum_count lists", Col("l").CumCount(), ints(1, 1, 2, 3, 3), nil},
		{"rank average", Col("i").Rank(RankAverage), []any{3.5, nil, 2.0, 3.5, 1.0}, nil},
		{"rank min", Col("i").Rank(RankMin), ints(3, nil, 2, 3, 1), nil},
		{"rank max", Col("i").Rank(RankMax), ints(4, nil, 2, 4, 1), nil},
		{"rank dense", Col("i").Rank(RankDense), ints(3, nil, 2, 3, 1), nil},
		{"rank ordinal", Col("i").Rank(RankOrdinal), ints(3, nil, 2, 4, 1), nil},
		{"rank ordinal descending", Col("i").Rank(RankOrdinal, WithDescending(true)), ints(1, nil, 3, 2, 4), nil},
		{"rank floats: NaN last, -0 ties +0", Col("f").Rank(RankAverage), []any{3.0, 4.0, nil, 1.5, 1.5}, nil},
		{"rank strings", Col("s").Rank(RankMin), ints(2, 1, nil, 2, 4), nil},
		{"rank bools", Col("b").Rank(RankDense), ints(2, nil, 1, 2, 2), nil},
		{"rank timestamps", Col("ts").Rank(RankOrdinal), ints(1, 2, nil, 4, 3), nil},
		{"rank lists", Col("l").Rank(RankMin), nil, ErrType},
		{"rank unknown method", Col("i").Rank(RankMethod(42)), nil, ErrArgument},
		{"row number", RowNumber(), ints(0, 1, 2, 3, 4), nil},
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
			if !winSame(got, tc.want) {
				t.Errorf("%s = %v, want %v", tc.e, got, tc.want)
			}
		})
	}
}

// winSame is mathSame with floats equal within rounding (pct_change's
// thirds).
func winSame(got, want []any) bool {
	if len(got) != len(want) {
		return false
	}
	for k := range got {
		g, gok := got[k].(float64)
		w, wok := want[k].(float64)
		if gok && wok && !math.IsNaN(g) && !math.IsNaN(w) && math.Abs(g-w) <= 1e-12*math.Max(1, math.Abs(w)) && math.Signbit(g) == math.Signbit(w) {
			continue
		}
		if !mathSame(got[k:k+1], want[k:k+1]) {
			return false
		}
	}
	return true
}

// TestRankRandom checks that RankRandom ranks ties in some order, the
// same for one seed, every rank once.
func TestRankRandom(t *testing.T) {
	vals := make([]int64, 200)
	for i := range vals {
		vals[i] = int64(i % 3)
	}
	f := FromColumns([]string{"x"}, vals)
	rank := func(seed uint64) []any {
		got, err := exprTestEval(f, Col("x").Rank(RankRandom, WithSeed(seed)))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	a, b, c := rank(7), rank(7), rank(8)
	if !mathSame(a, b) {
		t.Error("one seed gave two rankings")
	}
	if mathSame(a, c) {
		t.Error("two seeds gave one ranking")
	}
	seen := make([]bool, len(vals)+1)
	ordinal := true
	for i, r := range a {
		k := r.(int64)
		if seen[k] {
			t.Fatalf("rank %d given twice", k)
		}
		seen[k] = true
		// x = 0 takes ranks 1..67, 1 the next 67, 2 the last 66.
		lo := []int64{1, 68, 135}[vals[i]]
		hi := []int64{67, 134, 200}[vals[i]]
		if k < lo || k > hi {
			t.Fatalf("row %d (x = %d) ranked %d, outside [%d, %d]", i, vals[i], k, lo, hi)
		}
		if i >= 3 && k < a[i-3].(int64) {
			ordinal = false
		}
	}
	if ordinal {
		t.Error("ties were ranked in row order")
	}
}

func TestWindowFuncsFilterAndNames(t *testing.T) {
	f := winFuncsFrame(t)
	out := f.Filter(Col("i").Rank(RankOrdinal).Le(Lit(2)))
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := out.Column("i")
	if got := s.ToValue(); !mathSame(got, ints(1, -2)) {
		t.Errorf("Filter by rank: %v", got)
	}
	for _, tc := range []struct {
		e    Expr
		want string
	}{
		{Col("i").Shift(-1, WithFillValue(Lit(0))), "col(i).shift(lit(0), -1)"},
		{Col("i").Rank(RankDense, WithDescending(true), WithSeed(3)), "col(i).rank(method=dense, descending=true, seed=3)"},
		{Col("i").Diff(2), "col(i).diff(2)"},
		{Col("i").PctChange(1), "col(i).pct_change(1)"},
		{Col("i").CumCount(), "col(i).cum_count()"},
		{RowNumber(), "row_number()"},
	} {
		e, want := tc.e, tc.want
		if got := e.String(); got != want {
			t.Errorf("String = %s, want %s", got, want)
		}
	}
	if RowNumber().Name() != "literal" || Col("i").CumSum().Name() != "i" {
		t.Errorf("names: %s, %s", RowNumber().Name(), Col("i").CumSum().Name())
	}
	for m, s := range map[RankMethod]string{RankAverage: "average", RankMin: "min", RankMax: "max", RankDense: "dense", RankOrdinal: "ordinal", RankRandom: "random", 9: "RankMethod(9)"} {
		if m.String() != s {
			t.Errorf("%d: %s, want %s", m, m, s)
		}
	}
}
