package frame

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// winNaive is one frame's reduction computed directly from its values:
// the valid values of positions [lo, hi), in order.
func winNaive(spec winSpec, xs []float64) (float64, bool) {
	n := len(xs)
	need := max(spec.minPeriods, 1)
	switch spec.kind {
	case winSum, winCount:
		need = spec.minPeriods
	case winVar, winStd:
		need = max(need, spec.ddof+1)
	}
	if n < need {
		return 0, false
	}
	switch spec.kind {
	case winCount:
		return float64(n), true
	case winSum, winMean:
		s := 0.0
		for _, x := range xs {
			s += x
		}
		if spec.kind == winMean {
			s /= float64(n)
		}
		return s, true
	case winVar, winStd:
		m := 0.0
		for _, x := range xs {
			m += x
		}
		m /= float64(n)
		ss := 0.0
		for _, x := range xs {
			ss += (x - m) * (x - m)
		}
		v := ss / float64(n-spec.ddof)
		if spec.kind == winStd {
			v = math.Sqrt(v)
		}
		return v, true
	case winMin, winMax:
		if spec.nanGreatest && spec.kind == winMin {
			var nums []float64
			for _, x := range xs {
				if x == x {
					nums = append(nums, x)
				}
			}
			if len(nums) > 0 {
				xs = nums // DuckDB's min: NaN above every number
			}
		}
		r := xs[0]
		for _, x := range xs {
			switch {
			case r != r:
			case x != x:
				r = x
			case spec.kind == winMin && x < r, spec.kind == winMax && x > r:
				r = x
			}
		}
		return r, true
	case winQuantile:
		s := slices.Clone(xs)
		slices.SortFunc(s, func(a, b float64) int {
			switch {
			case winTotalLess(a, b):
				return -1
			case winTotalLess(b, a):
				return 1
			}
			return 0
		})
		return winQuantileAt(len(s), spec.q, spec.method, func(k int) float64 { return s[k] }), true
	}
	return 0, false
}

// winNaiveClose compares a kernel's float with the naive one: NaN with
// NaN, infinities exactly, finite values to a tolerance scaled by the
// magnitude of the frame's values (a running sum loses what a fresh one
// does not).
func winNaiveClose(got, want, scale float64) bool {
	if want != want || got != got {
		return want != want && got != got
	}
	if math.IsInf(want, 0) || math.IsInf(got, 0) {
		return got == want
	}
	return math.Abs(got-want) <= 1e-9*max(scale, 1)
}

// TestWinSlideProperty checks the sliding kernels against winNaive on
// random columns (nulls, NaN, ±Inf, repeats), random parts in a random
// order, random frames (bounded, unbounded, centered) and min_periods,
// with frames both narrow (a sorted slice) and wide (the ranked tree).
func TestWinSlideProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 7))
	kinds := []winSpec{
		{kind: winSum}, {kind: winMean}, {kind: winMin}, {kind: winMax}, {kind: winCount},
		{kind: winMin, nanGreatest: true}, {kind: winMax, nanGreatest: true},
		{kind: winVar, ddof: 1}, {kind: winStd, ddof: 0}, {kind: winStd, ddof: 2},
		{kind: winQuantile, q: 0.5, method: QuantileLinear}, {kind: winQuantile, q: 0.3, method: QuantileNearest},
		{kind: winQuantile, q: 0.9, method: QuantileLower}, {kind: winQuantile, q: 0.1, method: QuantileHigher},
		{kind: winQuantile, q: 0.7, method: QuantileMidpoint}, {kind: winQuantile, q: 1, method: QuantileLinear},
	}
	for iter := range 300 {
		n := rng.IntN(40)
		if iter%10 == 0 {
			n = 300 + rng.IntN(400)
		}
		vals := make([]float64, n)
		valid := exprBitsAll(n)
		for i := range vals {
			switch r := rng.IntN(20); {
			case r == 0:
				valid[i/8] &^= 1 << (i % 8)
			case r == 1 && iter%3 == 0:
				vals[i] = math.NaN()
			case r == 2 && iter%3 == 0:
				vals[i] = math.Inf(1 - 2*rng.IntN(2))
			case r < 8:
				vals[i] = float64(rng.IntN(5)) // repeats
			default:
				vals[i] = rng.NormFloat64() * 1e3
			}
		}
		// random parts over a random order of the rows
		order := rng.Perm(n)
		starts := []int{0}
		for pos := 1; pos < n; pos++ {
			if rng.IntN(8) == 0 {
				starts = append(starts, pos)
			}
		}
		starts = append(starts, n)
		if n == 0 {
			starts = []int{0, 0}
		}
		p := &winParts{order: order, starts: starts}
		v := &exprVec{t: exprFloatT, n: n, loaded: true, floats: vals, valid: valid}
		g, err := p.gather(v, n)
		if err != nil {
			t.Fatal(err)
		}
		scale := 0.0 // the magnitude of the data: what rounding errors scale with
		for _, x := range vals {
			if !math.IsInf(x, 0) && x == x {
				scale = max(scale, math.Abs(x))
			}
		}
		// signed offsets: frames around, before or after each position
		b := &winBounds{before: rng.IntN(8) - 3, after: rng.IntN(6) - 3, noStart: rng.IntN(6) == 0, noEnd: rng.IntN(6) == 0}
		if iter%10 == 0 {
			b.noStart = true // wide frames
		}
		frame := func(i, s, e int) (int, int) { // the frame, by its definition
			lo, hi := s, e
			if !b.noStart {
				lo = max(i-b.before, s)
			}
			if !b.noEnd {
				hi = min(i+b.after+1, e)
			}
			return lo, max(hi, lo)
		}
		for _, spec := range kinds {
			spec.minPeriods = rng.IntN(4)
			res, err := winSlide(spec, g, p, b)
			if err != nil {
				t.Fatalf("%s: %v", spec.kind, err)
			}
			for k := range p.parts() {
				s, e := p.part(k)
				for i := s; i < e; i++ {
					lo, hi := frame(i, s, e)
					var xs []float64
					for j := lo; j < hi; j++ {
						if !g.isNull(j) {
							xs = append(xs, g.floats[j])
						}
					}
					want, ok := winNaive(spec, xs)
					if res.isNull(i) == ok {
						t.Fatalf("iter %d %s (mp %d, frame %d..%d): position %d null = %v, want %v (values %v)", iter, spec.kind, spec.minPeriods, b.before, b.after, i, res.isNull(i), !ok, xs)
					}
					if !ok {
						continue
					}
					got := 0.0
					if res.t == exprIntT {
						got = float64(res.ints[i])
					} else {
						got = res.floats[i]
					}
					tol := scale * float64(len(xs)+1)
					if spec.kind == winStd {
						got, want = got*got, want*want // compare variances
					}
					if spec.kind == winVar || spec.kind == winStd {
						tol *= scale // a variance's error scales with the squares
					}
					if !winNaiveClose(got, want, tol) {
						t.Fatalf("iter %d %s q=%v %s (frame %d..%d): position %d = %v, want %v (values %v)", iter, spec.kind, spec.q, spec.method, b.before, b.after, i, got, want, xs)
					}
				}
			}
		}
	}
}

// TestWinFrameAgg checks the entry the text form's ROWS frames use: an
// unbounded start, first and last of the frame (null rows included),
// count with min_periods 0, and a kind with no sliding kernel.
func TestWinFrameAgg(t *testing.T) {
	v := &exprVec{t: exprIntT, n: 5, loaded: true, ints: []int64{3, 1, 4, 1, 5}, valid: []byte{0b11101}}
	p := &winParts{order: []int{0, 1, 2, 3, 4}, starts: []int{0, 3, 5}}
	tests := []struct {
		kind          aggKind
		before, after int
		minPeriods    int
		want          []any
	}{
		{aggSum, -1, 0, 1, []any{int64(3), int64(3), int64(7), int64(1), int64(6)}},
		{aggCount, 1, 1, 0, []any{int64(1), int64(2), int64(1), int64(2), int64(2)}},
		{aggFirst, 1, 0, 0, []any{int64(3), int64(3), nil, int64(1), int64(1)}},
		{aggLast, 0, 1, 0, []any{nil, int64(4), int64(4), int64(5), int64(5)}},
		{aggMax, 2, 2, 1, []any{int64(4), int64(4), int64(4), int64(5), int64(5)}},
		{aggMean, 0, 0, 1, []any{3.0, nil, 4.0, 1.0, 5.0}},
	}
	for _, tt := range tests {
		res, err := winFrameAgg(tt.kind, v, p, tt.before, tt.after, tt.minPeriods)
		if err != nil {
			t.Fatalf("%s: %v", aggNames[tt.kind], err)
		}
		val, err := res.toValue(5)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := val.ToValue().([]any)
		if !rollSame(got, tt.want) {
			t.Errorf("%s %d..%d: got %v, want %v", aggNames[tt.kind], tt.before, tt.after, got, tt.want)
		}
	}
	two, one, minus1, minus2 := 2, 1, -1, -2
	for _, tt := range []struct {
		start, end *int
		want       []any
	}{
		{&minus2, &minus1, []any{nil, int64(3), int64(3), nil, int64(1)}}, // 2 PRECEDING AND 1 PRECEDING
		{&one, &two, []any{int64(4), int64(4), nil, int64(5), nil}},       // 1 FOLLOWING AND 2 FOLLOWING
		{&one, nil, []any{int64(4), int64(4), nil, int64(5), nil}},        // 1 FOLLOWING AND UNBOUNDED FOLLOWING
		{&two, &one, []any{nil, nil, nil, nil, nil}},                      // an empty frame
	} {
		res, err := winFrameAggBetween(aggSum, v, p, tt.start, tt.end, 1)
		if err != nil {
			t.Fatal(err)
		}
		val, _ := res.toValue(5)
		if got, _ := val.ToValue().([]any); !rollSame(got, tt.want) {
			t.Errorf("between %v and %v: got %v, want %v", tt.start, tt.end, got, tt.want)
		}
	}
	// DuckDB's order of floats (checked with DuckDB): min skips NaN, max is NaN
	fv := &exprVec{t: exprFloatT, n: 4, loaded: true, floats: []float64{1, math.NaN(), 3, math.NaN()}}
	whole := &winParts{starts: []int{0, 4}}
	for kind, want := range map[aggKind][]any{
		aggMin: {1.0, 1.0, 3.0, 3.0},
		aggMax: {1.0, math.NaN(), math.NaN(), math.NaN()},
	} {
		res, err := winFrameAgg(kind, fv, whole, 1, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		val, _ := res.toValue(4)
		if got, _ := val.ToValue().([]any); !rollSame(got, want) {
			t.Errorf("%s with NaN: got %v, want %v", aggNames[kind], got, want)
		}
	}
	if _, err := winFrameAgg(aggNUnique, v, p, 1, 1, 0); err == nil {
		t.Error("n_unique over a frame: no error")
	}
}
