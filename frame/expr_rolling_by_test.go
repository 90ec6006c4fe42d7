package frame

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// rollTimeFrame is a frame with a timestamp column t parsed from ISO
// strings and the other columns given.
func rollTimeFrame(t *testing.T, times []string, names []string, cols ...any) *Frame {
	t.Helper()
	f := FromColumns(append([]string{"t"}, names...), append([]any{times}, cols...)...)
	f = f.WithColumns(Col("t").Str().ToDatetime("", "").Alias("t"))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestRollingBy checks the time-window family against Polars 0.26.1
// (nodejs-polars, whose rolling context gives the same windows: the
// values below are its sums and means over them): gaps, duplicate
// timestamps sharing a window, a null inside, each closed variant,
// calendar months and an integer axis.
func TestRollingBy(t *testing.T) {
	f := rollTimeFrame(t,
		[]string{"2024-01-01", "2024-01-02", "2024-01-02", "2024-01-05", "2024-01-06", "2024-01-31", "2024-02-29", "2024-03-01"},
		[]string{"a"}, []any{1.0, 2.0, 3.0, nil, 5.0, 6.0, 7.0, 8.0})
	by := Col("t")
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"sum 3d", Col("a").RollingSumBy(by, "3d"), []any{1.0, 6.0, 6.0, nil, 5.0, 6.0, 7.0, 15.0}},
		{"sum 1mo", Col("a").RollingSumBy(by, "1mo"), []any{1.0, 6.0, 6.0, 6.0, 11.0, 17.0, 13.0, 15.0}},
		{"mean left", Col("a").RollingMeanBy(by, "3d", WithClosed(ClosedLeft)), []any{nil, 1.0, 1.0, 2.5, nil, nil, nil, 7.0}},
		{"sum both", Col("a").RollingSumBy(by, "3d", WithClosed(ClosedBoth)), []any{1.0, 6.0, 6.0, 5.0, 5.0, 6.0, 7.0, 15.0}},
		{"mean both", Col("a").RollingMeanBy(by, "3d", WithClosed(ClosedBoth)), []any{1.0, 2.0, 2.0, 2.5, 5.0, 6.0, 7.0, 7.5}},
		{"sum none", Col("a").RollingSumBy(by, "3d", WithClosed(ClosedNone)), []any{nil, 1.0, 1.0, nil, nil, nil, nil, 7.0}},
		{"max 1mo", Col("a").RollingMaxBy(by, "1mo"), []any{1.0, 3.0, 3.0, 3.0, 5.0, 6.0, 7.0, 8.0}},
		{"min 1mo", Col("a").RollingMinBy(by, "1mo"), []any{1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 6.0, 7.0}},
		{"median 1mo", Col("a").RollingMedianBy(by, "1mo"), []any{1.0, 2.0, 2.0, 2.0, 2.5, 3.0, 6.5, 7.5}},
		{"std 3d", Col("a").RollingStdBy(by, "3d"), []any{nil, 1.0, 1.0, nil, nil, nil, nil, 0.7071067811865476}},
		{"sum 3d min 2", Col("a").RollingSumBy(by, "3d", WithMinPeriods(2)), []any{nil, 6.0, 6.0, nil, nil, nil, nil, 15.0}},
		{"sum 36h", Col("a").RollingSumBy(by, "1d12h"), []any{1.0, 6.0, 6.0, nil, 5.0, 6.0, 7.0, 15.0}},
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
	// the window of March 31 starts on February 29 (Polars 0.26.1)
	m := rollTimeFrame(t, []string{"2024-02-28", "2024-02-29", "2024-03-01", "2024-03-30", "2024-03-31"},
		[]string{"x"}, []int64{1, 2, 4, 8, 16})
	got, err := exprTestEval(m, Col("x").RollingSumBy(Col("t"), "1mo"))
	if want := []any{int64(1), int64(3), int64(7), int64(12), int64(28)}; err != nil || !rollSame(got, want) {
		t.Errorf("calendar month: got %v, %v, want %v", got, err, want)
	}
	// an integer axis takes "Ni" windows (Polars 0.26.1: 1, 7, 7, 8, 16)
	ints := FromColumns([]string{"t", "x"}, []int64{1, 2, 2, 5, 9}, []int64{1, 2, 4, 8, 16})
	got, err = exprTestEval(ints, Col("x").RollingSumBy(Col("t"), "3i"))
	if want := []any{int64(1), int64(7), int64(7), int64(8), int64(16)}; err != nil || !rollSame(got, want) {
		t.Errorf("integer axis: got %v, %v, want %v", got, err, want)
	}
}

// TestRollingByErrors checks an unsorted or null by column, durations of
// the wrong kind and bad settings.
func TestRollingByErrors(t *testing.T) {
	f := rollTimeFrame(t, []string{"2024-01-02", "2024-01-01", "2024-01-03"}, []string{"a"}, []float64{1, 2, 3})
	_, err := exprTestEval(f, Col("a").RollingSumBy(Col("t"), "2d"))
	if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "t is not sorted: row 1") {
		t.Errorf("unsorted: %v", err)
	}
	g := FromColumns([]string{"t", "a"}, []any{int64(1), nil, int64(3)}, []float64{1, 2, 3})
	if _, err := exprTestEval(g, Col("a").RollingSumBy(Col("t"), "2i")); err == nil || !strings.Contains(err.Error(), "null at row 1") {
		t.Errorf("null by: %v", err)
	}
	ok := rollTimeFrame(t, []string{"2024-01-01", "2024-01-02"}, []string{"a", "s"}, []float64{1, 2}, []string{"x", "y"})
	for name, e := range map[string]Expr{
		"index duration on time": Col("a").RollingSumBy(Col("t"), "2i"),
		"time duration on ints":  Col("a").RollingSumBy(Col("a"), "2d"),
		"string by":              Col("a").RollingSumBy(Col("s"), "2d"),
		"zero window":            Col("a").RollingSumBy(Col("t"), "0d"),
		"bad duration":           Col("a").RollingSumBy(Col("t"), "2x"),
		"negative min periods":   Col("a").RollingSumBy(Col("t"), "2d", WithMinPeriods(-1)),
	} {
		if _, err := exprTestEval(ok, e); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestRollingParts checks that a rolling expression runs per part when
// the context sets them (what Over does): each group rolls on its own,
// in its own order, and the result comes back in row order.
func TestRollingParts(t *testing.T) {
	f := rollTimeFrame(t,
		[]string{"2024-01-01", "2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"},
		[]string{"g", "x"}, []string{"a", "b", "a", "b", "a"}, []int64{1, 10, 2, 20, 4})
	parts := &winParts{order: []int{0, 2, 4, 1, 3}, starts: []int{0, 3, 5}}
	for _, tt := range []struct {
		e    Expr
		want []any
	}{
		{Col("x").RollingSum(2, WithMinPeriods(1)), []any{int64(1), int64(10), int64(3), int64(30), int64(6)}},
		{Col("x").RollingSumBy(Col("t"), "2d"), []any{int64(1), int64(10), int64(3), int64(20), int64(4)}},
	} {
		c := &exprCtx{op: "test", f: f, rows: true, win: parts}
		v, err := tt.e.eval(c)
		if err != nil {
			t.Fatal(err)
		}
		val, err := v.toValue(5)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := val.ToValue().([]any); !rollSame(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.e, got, tt.want)
		}
	}
}

// TestRollingByProperty checks the frames of time windows against a
// direct scan: random sorted integer times with repeats and gaps, random
// parts, every closed variant, offsets before and after the row.
func TestRollingByProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 200 {
		n := rng.IntN(30)
		starts := []int{0}
		ts := make([]int64, n)
		for i := range ts {
			if i > 0 && rng.IntN(6) == 0 {
				starts = append(starts, i) // a new part: times start over
				ts[i] = int64(rng.IntN(5))
				continue
			}
			if i > 0 {
				ts[i] = ts[i-1] + int64(rng.IntN(4))
			}
		}
		starts = append(starts, n)
		p := &winParts{starts: starts}
		a := &winAxis{name: "t", t: ts}
		period := winDuration{idx: int64(1 + rng.IntN(6)), isIdx: true}
		offset := period.negate()
		if iter%2 == 1 {
			offset = winDuration{idx: int64(rng.IntN(9) - 4), isIdx: true}
		}
		closed := Closed(rng.IntN(4))
		b, err := a.lookBack(p, period, offset, closed)
		if err != nil {
			t.Fatal(err)
		}
		for k := range p.parts() {
			s, e := p.part(k)
			for i := s; i < e; i++ {
				lower := ts[i] + offset.idx
				upper := lower + period.idx
				in := func(x int64) bool {
					lo := x > lower || (x == lower && (closed == ClosedLeft || closed == ClosedBoth))
					hi := x < upper || (x == upper && (closed == ClosedRight || closed == ClosedBoth))
					return lo && hi
				}
				var want []int
				for j := s; j < e; j++ {
					if in(ts[j]) {
						want = append(want, j)
					}
				}
				lo, hi := b.at(i, s, e)
				var got []int
				for j := lo; j < hi; j++ {
					got = append(got, j)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("iter %d: times %v, period %d offset %d closed %s: position %d frame %v, want %v", iter, ts[s:e], period.idx, offset.idx, closed, i, got, want)
				}
			}
		}
	}
}

// TestRollingByZone checks that a day is a calendar day on a zoned
// timestamp's wall clock: New York's clocks went forward on 2024-03-10,
// so noon on the 9th is 23 hours before noon on the 10th, outside the
// "1d" window (t-1d, t] but inside the "24h" one.
func TestRollingByZone(t *testing.T) {
	f := FromColumns([]string{"t", "x"}, []string{"2024-03-09 12:00:00", "2024-03-10 12:00:00"}, []int64{1, 2}).
		WithColumns(Col("t").Str().ToDatetime("", "").Dt().ReplaceTimeZone("America/New_York").Alias("t"))
	for _, tt := range []struct {
		window string
		want   []any
	}{
		{"1d", []any{int64(1), int64(2)}},
		{"24h", []any{int64(1), int64(3)}},
	} {
		got, err := exprTestEval(f, Col("x").RollingSumBy(Col("t"), tt.window))
		if err != nil || !rollSame(got, tt.want) {
			t.Errorf("%s: got %v, %v, want %v", tt.window, got, err, tt.want)
		}
	}
}
