package frame

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// winFrameAgg reduces, for each position i of each part of p, the valid
// values of v (gathered in p's order) at positions i-before to i+after
// clipped to i's part, with an aggregation; a negative before or after is
// unbounded on that side. The result is in p's order, null where fewer
// than minPeriods valid values fall in the frame. It is what the Rolling
// family computes over a count window and what the text form's
// `agg(x) OVER (... ROWS BETWEEN a PRECEDING AND b FOLLOWING)` computes.
//
// The kinds are those of winAggSpecs (sum, mean, min, max, count, std,
// first, last), with DuckDB's order of floats: NaN above every number,
// so a NaN makes max NaN and min skips it unless the frame holds only
// NaNs (the Rolling family's RollingMin is NaN then, as Polars).
func winFrameAgg(kind aggKind, v *exprVec, p *winParts, before, after, minPeriods int) (*exprVec, error) {
	spec, ok := winAggSpecs[kind]
	if !ok {
		return nil, fmt.Errorf("%w: a window frame of %d rows before and %d after is not supported for %s", ErrArgument, before, after, aggNames[kind])
	}
	spec.minPeriods, spec.nanGreatest = minPeriods, true
	return winSlide(spec, v, p, &winBounds{before: before, after: after, noStart: before < 0, noEnd: after < 0})
}

// winFrameAggBetween is winFrameAgg over the frame of positions i+start
// to i+end (a nil start or end unbounded on that side), offsets that may
// both precede or both follow i: `ROWS BETWEEN 2 PRECEDING AND 1
// PRECEDING` is start -2, end -1; `ROWS BETWEEN 1 FOLLOWING AND 3
// FOLLOWING` start 1, end 3. A frame with start after end is empty.
func winFrameAggBetween(kind aggKind, v *exprVec, p *winParts, start, end *int, minPeriods int) (*exprVec, error) {
	spec, ok := winAggSpecs[kind]
	if !ok {
		return nil, fmt.Errorf("%w: a window frame is not supported for %s", ErrArgument, aggNames[kind])
	}
	spec.minPeriods, spec.nanGreatest = minPeriods, true
	b := &winBounds{noStart: start == nil, noEnd: end == nil}
	if start != nil {
		b.before = -*start
	}
	if end != nil {
		b.after = *end
	}
	if start != nil && end != nil && *start > *end {
		b.after = -b.before - 1 // empty: [i+start, i+start)
	}
	return winSlide(spec, v, p, b)
}

// winAggSpecs maps the aggregations a sliding frame computes to its
// kernels. An aggregation added later (a variance, a quantile) plugs in
// with one entry: aggVar as winSpec{kind: winVar, ddof: 1}, a median as
// winSpec{kind: winQuantile, q: 0.5, method: QuantileLinear}.
var winAggSpecs = map[aggKind]winSpec{
	aggSum:   {kind: winSum},
	aggMean:  {kind: winMean},
	aggMin:   {kind: winMin},
	aggMax:   {kind: winMax},
	aggCount: {kind: winCount},
	aggStd:   {kind: winStd, ddof: 1},
	aggFirst: {kind: winFirst},
	aggLast:  {kind: winLast},
}

// winKind is what a sliding kernel computes over each frame.
type winKind uint8

const (
	winSum winKind = iota
	winMean
	winMin
	winMax
	winCount
	winVar
	winStd
	winQuantile // median too
	winFirst
	winLast
)

var winKindNames = [...]string{"sum", "mean", "min", "max", "count", "var", "std", "quantile", "first", "last"}

func (k winKind) String() string { return winKindNames[k] }

// winSpec is a sliding reduction and its settings.
type winSpec struct {
	kind       winKind
	minPeriods int            // fewer valid values in the frame give null
	ddof       int            // var, std: null when the count is at most ddof
	q          float64        // quantile
	method     QuantileMethod // quantile
	weights    []float64      // count frames only: the weight of each frame slot, oldest first
	// nanGreatest orders NaN above every number for min (DuckDB's min
	// skips NaN unless the frame holds nothing else); unset, a NaN makes
	// min NaN, as Polars' rolling_min.
	nanGreatest bool
}

// winBounds is the frame of each position: positions i-before to
// i+after of i's part (both signed: before -1 starts after i; noStart and
// noEnd make a side unbounded), or, when lo is set,
// positions lo[i] to hi[i]-1 (of the gathered order, inside i's part).
// Along a part neither end ever decreases: the sliding kernels add each
// value once when the frame's end passes it and remove it once when its
// start does.
type winBounds struct {
	before, after  int
	noStart, noEnd bool
	lo, hi         []int
}

// at is the frame [lo, hi) of position i of the part [s, e).
func (b *winBounds) at(i, s, e int) (int, int) {
	if b.lo != nil {
		return b.lo[i], b.hi[i]
	}
	lo, hi := s, e
	if !b.noStart {
		lo = min(max(i-b.before, s), e)
	}
	if !b.noEnd {
		hi = max(min(i+b.after+1, e), s)
	}
	return lo, max(hi, lo)
}

// widest is the largest frame there can be.
func (b *winBounds) widest(p *winParts) int {
	w := 0
	if b.lo != nil {
		for i, lo := range b.lo {
			w = max(w, b.hi[i]-lo)
		}
		return w
	}
	for k := range p.parts() {
		s, e := p.part(k)
		w = max(w, e-s)
	}
	if !b.noStart && !b.noEnd {
		w = min(w, max(b.before+b.after+1, 0))
	}
	return w
}

// winSlide runs a sliding reduction over every part of p: v is in p's
// order, and so is the result.
func winSlide(spec winSpec, v *exprVec, p *winParts, b *winBounds) (*exprVec, error) {
	if err := v.load(); err != nil {
		return nil, err
	}
	if v.scalar {
		return nil, fmt.Errorf("%w: a window over a scalar", ErrArgument)
	}
	if spec.minPeriods < 0 {
		return nil, fmt.Errorf("%w: min_periods %d is negative", ErrArgument, spec.minPeriods)
	}
	if spec.weights != nil {
		return winWeighted(spec, v, p, b)
	}
	n := v.n
	valid := v.valid
	if v.t == exprOtherT && v.raw != nil {
		valid = exprRowValidity(v.raw)
	}
	if v.t == exprNullT {
		valid = exprBitsNone(n)
	}
	counts := winCounts(valid, p, b, n)
	need := max(spec.minPeriods, 1)
	switch spec.kind {
	case winCount:
		out := &exprVec{t: exprIntT, n: n, loaded: true, ints: make([]int64, n)}
		for i, c := range counts {
			out.ints[i] = int64(c)
		}
		out.valid = winValidWhen(counts, spec.minPeriods)
		return out, nil
	case winFirst, winLast:
		return winEnds(spec, v, p, b, counts)
	case winSum:
		need = spec.minPeriods
	case winVar, winStd:
		need = max(spec.minPeriods, spec.ddof+1, 1)
	}
	t := v.t
	if t == exprNullT {
		// only nulls: a sum of nothing (0) where min_periods allows, null elsewhere
		if spec.kind == winSum {
			out := &exprVec{t: exprIntT, n: n, loaded: true, ints: make([]int64, n)}
			out.valid = winValidWhen(counts, need)
			return out, nil
		}
		return &exprVec{t: exprFloatT, n: n, loaded: true, floats: make([]float64, n), valid: exprBitsNone(n)}, nil
	}
	minmax := spec.kind == winMin || spec.kind == winMax
	temporal := exprIsTemporal(v.dt)
	if t == exprOtherT || (!minmax && (t == exprStrT || temporal)) || (t == exprBoolT && spec.kind != winSum && !minmax) {
		return nil, fmt.Errorf("%w: cannot take the rolling %s of %s", ErrType, spec.kind, v.typeName())
	}
	var out *exprVec
	switch spec.kind {
	case winSum:
		switch t {
		case exprIntT:
			out = &exprVec{t: exprIntT, n: n, loaded: true, ints: winSumInts(v.ints, valid, p, b)}
		case exprBoolT:
			out = &exprVec{t: exprIntT, n: n, loaded: true, ints: winSumInts(exprBoolInts(v.bools), valid, p, b)}
		default:
			out = &exprVec{t: exprFloatT, n: n, loaded: true, floats: winSumFloats(v.floats, valid, p, b, false)}
		}
	case winMean:
		out = &exprVec{t: exprFloatT, n: n, loaded: true, floats: winSumFloats(exprFloatsOf(v), valid, p, b, true)}
	case winVar, winStd:
		out = &exprVec{t: exprFloatT, n: n, loaded: true, floats: winVarFloats(exprFloatsOf(v), valid, p, b, spec.ddof, spec.kind == winStd)}
	case winQuantile:
		if spec.q < 0 || spec.q > 1 || spec.q != spec.q {
			return nil, fmt.Errorf("%w: quantile %v is not between 0 and 1", ErrArgument, spec.q)
		}
		out = &exprVec{t: exprFloatT, n: n, loaded: true, floats: winQuantileFloats(exprFloatsOf(v), valid, p, b, spec.q, spec.method)}
	default: // min, max
		out = &exprVec{t: t, n: n, loaded: true, dt: v.dt}
		max := spec.kind == winMax
		nanWins := max || !spec.nanGreatest
		switch t {
		case exprIntT:
			out.ints = winMinMax(v.ints, valid, p, b, max, nanWins)
		case exprFloatT:
			out.floats = winMinMax(v.floats, valid, p, b, max, nanWins)
		case exprStrT:
			out.strs = winMinMax(v.strs, valid, p, b, max, nanWins)
		case exprBoolT:
			ints := winMinMax(exprBoolInts(v.bools), valid, p, b, max, nanWins)
			out.bools = make([]bool, n)
			for i, x := range ints {
				out.bools[i] = x != 0
			}
		}
	}
	out.valid = winValidWhen(counts, need)
	return out, nil
}

// winCounts is the number of valid values in each position's frame,
// from a prefix count of the validity.
func winCounts(valid []byte, p *winParts, b *winBounds, n int) []int32 {
	pre := make([]int32, n+1)
	for i := range n {
		pre[i+1] = pre[i]
		if valid == nil || bitutil.BitIsSet(valid, i) {
			pre[i+1]++
		}
	}
	res := make([]int32, n)
	for k := range p.parts() {
		s, e := p.part(k)
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			res[i] = pre[hi] - pre[lo]
		}
	}
	return res
}

// winValidWhen is valid where the count reaches least (nil: all valid).
func winValidWhen(counts []int32, least int) []byte {
	var valid []byte
	for i, c := range counts {
		if int(c) < least {
			if valid == nil {
				valid = exprBitsAll(len(counts))
			}
			valid[i/8] &^= 1 << (i % 8)
		}
	}
	return valid
}

// winIsValid reads a validity bitmap, nil meaning all valid.
func winIsValid(valid []byte, i int) bool { return valid == nil || bitutil.BitIsSet(valid, i) }

// winEnds is First (Last): the value at the frame's first (last) row,
// null or not, of any type; null where the frame is empty or holds
// fewer than minPeriods valid values.
func winEnds(spec winSpec, v *exprVec, p *winParts, b *winBounds, counts []int32) (*exprVec, error) {
	rows := make([]int, v.n)
	for k := range p.parts() {
		s, e := p.part(k)
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			switch {
			case hi <= lo || int(counts[i]) < spec.minPeriods:
				rows[i] = structured.NullRow
			case spec.kind == winFirst:
				rows[i] = lo
			default:
				rows[i] = hi - 1
			}
		}
	}
	val, err := v.toValue(v.n)
	if err != nil {
		return nil, err
	}
	res, err := structured.TakeValueNullable(val, rows)
	if err != nil {
		return nil, err
	}
	out := exprFromValue(res)
	return out, out.load()
}

// winSumInts is the sum of the valid values of each frame, added and
// removed as the frame slides (int64, wrapping as Sum does).
func winSumInts(vals []int64, valid []byte, p *winParts, b *winBounds) []int64 {
	out := make([]int64, len(vals))
	for k := range p.parts() {
		s, e := p.part(k)
		var sum int64
		cl, ch := s, s
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			for ; ch < hi; ch++ {
				if winIsValid(valid, ch) {
					sum += vals[ch]
				}
			}
			for ; cl < lo; cl++ {
				if winIsValid(valid, cl) {
					sum -= vals[cl]
				}
			}
			out[i] = sum
		}
	}
	return out
}

// winFloatSum is a running sum of floats that values enter and leave:
// the finite ones in a compensated (Neumaier) sum, NaN and the infinities
// counted, so that a NaN or an infinity stops counting once it leaves the
// frame, as a sum recomputed over each frame would.
type winFloatSum struct {
	sum, comp       float64
	nan, pinf, ninf int
	n               int // valid values
}

func (s *winFloatSum) add(x float64, sign float64) {
	switch {
	case x != x:
		s.nan += int(sign)
	case math.IsInf(x, 1):
		s.pinf += int(sign)
	case math.IsInf(x, -1):
		s.ninf += int(sign)
	default:
		x *= sign
		t := s.sum + x
		if math.Abs(s.sum) >= math.Abs(x) {
			s.comp += (s.sum - t) + x
		} else {
			s.comp += (x - t) + s.sum
		}
		s.sum = t
	}
	s.n += int(sign)
}

// value is the sum of the values in the frame.
func (s *winFloatSum) value() float64 {
	switch {
	case s.nan > 0 || (s.pinf > 0 && s.ninf > 0):
		return math.NaN()
	case s.pinf > 0:
		return math.Inf(1)
	case s.ninf > 0:
		return math.Inf(-1)
	}
	return s.sum + s.comp
}

// winSumFloats is the sum (or the mean) of the valid values of each
// frame. A sum of finite values that overflows is recomputed over its
// frame while it does, so the running sum never stays infinite.
func winSumFloats(vals []float64, valid []byte, p *winParts, b *winBounds, mean bool) []float64 {
	out := make([]float64, len(vals))
	for k := range p.parts() {
		s, e := p.part(k)
		var st winFloatSum
		cl, ch := s, s
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			for ; ch < hi; ch++ {
				if winIsValid(valid, ch) {
					st.add(vals[ch], 1)
				}
			}
			for ; cl < lo; cl++ {
				if winIsValid(valid, cl) {
					st.add(vals[cl], -1)
				}
			}
			if math.IsInf(st.sum, 0) || st.sum != st.sum || math.IsInf(st.comp, 0) || st.comp != st.comp {
				st = winFloatSum{}
				for j := cl; j < ch; j++ {
					if winIsValid(valid, j) {
						st.add(vals[j], 1)
					}
				}
			}
			x := st.value()
			if mean && st.n > 0 {
				x /= float64(st.n)
			}
			out[i] = x
		}
	}
	return out
}

// winVarFloats is the variance (or the standard deviation) of the valid
// values of each frame with ddof, by Welford's update as values enter
// and leave (their sums of squares never cancel catastrophically); a NaN
// or an infinity in the frame makes it NaN. What removals lose to
// rounding is bounded by recomputing the frame's moments in two passes
// once as many values have left it as it spans (amortised O(1) a row),
// and a frame of one value has a variance of exactly 0.
func winVarFloats(vals []float64, valid []byte, p *winParts, b *winBounds, ddof int, std bool) []float64 {
	out := make([]float64, len(vals))
	for k := range p.parts() {
		s, e := p.part(k)
		var (
			n, bad, removed int
			mean, m2        float64
		)
		cl, ch := s, s
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			for ; ch < hi; ch++ {
				if !winIsValid(valid, ch) {
					continue
				}
				x := vals[ch]
				if math.IsInf(x, 0) || x != x {
					bad++
					continue
				}
				n++
				d := x - mean
				mean += d / float64(n)
				m2 += d * (x - mean)
			}
			for ; cl < lo; cl++ {
				if !winIsValid(valid, cl) {
					continue
				}
				x := vals[cl]
				if math.IsInf(x, 0) || x != x {
					bad--
					continue
				}
				n--
				removed++
				if n == 0 {
					mean, m2 = 0, 0
					continue
				}
				d := x - mean
				mean -= d / float64(n)
				m2 = max(m2-d*(x-mean), 0)
			}
			if removed > max(ch-cl, 16) {
				mean, m2 = winMoments(vals, valid, cl, ch)
				removed = 0
			}
			if n == 1 {
				m2 = 0
			}
			switch {
			case bad > 0:
				out[i] = math.NaN()
			case n > ddof:
				out[i] = m2 / float64(n-ddof)
				if std {
					out[i] = math.Sqrt(out[i])
				}
			}
		}
	}
	return out
}

// winMoments is the mean and the sum of squared deviations of the finite
// valid values of positions [lo, hi), in two passes.
func winMoments(vals []float64, valid []byte, lo, hi int) (mean, m2 float64) {
	n := 0
	for j := lo; j < hi; j++ {
		if x := vals[j]; winIsValid(valid, j) && !math.IsInf(x, 0) && x == x {
			mean += x
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	mean /= float64(n)
	for j := lo; j < hi; j++ {
		if x := vals[j]; winIsValid(valid, j) && !math.IsInf(x, 0) && x == x {
			m2 += (x - mean) * (x - mean)
		}
	}
	return mean, m2
}

// winMinMax is the least (greatest) valid value of each frame, by a
// monotonic deque of positions: each value enters and leaves it once.
// NaNs are counted beside the deque, never put in it: with nanWins a NaN
// in the frame makes the result NaN (Polars' rolling_min and
// rolling_max), without it NaN is the result only of a frame of NaNs
// (DuckDB's min, NaN being above every number).
func winMinMax[T int64 | float64 | string](vals []T, valid []byte, p *winParts, b *winBounds, max, nanWins bool) []T {
	out := make([]T, len(vals))
	dq := make([]int32, len(vals))
	better := func(x, y T) bool {
		if max {
			return x >= y
		}
		return x <= y
	}
	for k := range p.parts() {
		s, e := p.part(k)
		head, tail := 0, 0
		nan, lastNaN := 0, 0
		cl, ch := s, s
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			for ; ch < hi; ch++ {
				if !winIsValid(valid, ch) {
					continue
				}
				x := vals[ch]
				if x != x {
					nan, lastNaN = nan+1, ch
					continue
				}
				for tail > head && better(x, vals[dq[tail-1]]) {
					tail--
				}
				dq[tail] = int32(ch)
				tail++
			}
			for ; cl < lo; cl++ {
				if winIsValid(valid, cl) && vals[cl] != vals[cl] {
					nan--
				}
			}
			for head < tail && int(dq[head]) < lo {
				head++
			}
			switch {
			case nan > 0 && (nanWins || head == tail):
				out[i] = vals[lastNaN] // the latest NaN to enter is still in the frame
			case head < tail:
				out[i] = vals[dq[head]]
			}
		}
	}
	return out
}
