package frame

import (
	"fmt"
	"math"
)

// winWeighted is a count-window reduction with a weight per frame slot,
// Polars' rolling_* with weights: the sum of w*x, the mean sum(w*x) /
// sum(w), the least or greatest w*x, and the variance sum(w*(x-m)^2) /
// sum(w) around the weighted mean m (the population one: ddof does not
// apply), over the slots that hold a valid value. Slots out of the part
// (the first rows, the last ones when centered) and null values are left
// out with their weights. The result is float64.
func winWeighted(spec winSpec, v *exprVec, p *winParts, b *winBounds) (*exprVec, error) {
	w := spec.weights
	if b.lo != nil || b.noStart || b.noEnd || b.before < 0 || b.after < 0 || len(w) != b.before+b.after+1 {
		return nil, fmt.Errorf("%w: %d weights for a window of %d rows", ErrArgument, len(w), b.before+b.after+1)
	}
	switch spec.kind {
	case winSum, winMean, winMin, winMax, winVar, winStd:
	default:
		return nil, fmt.Errorf("%w: weights are not supported for a rolling %s", ErrArgument, spec.kind)
	}
	if v.t == exprNullT {
		return &exprVec{t: exprFloatT, n: v.n, loaded: true, floats: make([]float64, v.n), valid: exprBitsNone(v.n)}, nil
	}
	if (v.t != exprIntT && v.t != exprFloatT) || exprIsTemporal(v.dt) {
		return nil, fmt.Errorf("%w: cannot take the weighted rolling %s of %s", ErrType, spec.kind, v.typeName())
	}
	xs := exprFloatsOf(v)
	n := v.n
	out := make([]float64, n)
	counts := make([]int32, n)
	for k := range p.parts() {
		s, e := p.part(k)
		for i := s; i < e; i++ {
			var (
				acc, ws float64
				cnt     int32
			)
			lo := i - b.before
			for j, wj := range w {
				pos := lo + j
				if pos < s || pos >= e || !winIsValid(v.valid, pos) {
					continue
				}
				x := xs[pos] * wj
				switch {
				case cnt == 0 && (spec.kind == winMin || spec.kind == winMax):
					acc = x
				case spec.kind == winMin:
					if x < acc || x != x {
						acc = x
					}
				case spec.kind == winMax:
					if x > acc || x != x {
						acc = x
					}
				default:
					acc += x
				}
				ws += wj
				cnt++
			}
			counts[i] = cnt
			switch spec.kind {
			case winMean:
				acc /= ws
			case winVar, winStd:
				m := acc / ws
				acc = 0
				for j, wj := range w {
					pos := lo + j
					if pos < s || pos >= e || !winIsValid(v.valid, pos) {
						continue
					}
					d := xs[pos] - m
					acc += wj * d * d
				}
				acc /= ws
				if spec.kind == winStd {
					acc = math.Sqrt(acc)
				}
			}
			out[i] = acc
		}
	}
	need := max(spec.minPeriods, 1)
	if spec.kind == winSum {
		need = spec.minPeriods
	}
	return &exprVec{t: exprFloatT, n: n, loaded: true, floats: out, valid: winValidWhen(counts, need)}, nil
}
