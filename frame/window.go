package frame

import (
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// winParts is how an order-dependent expression (Shift, Diff, CumSum, Rank,
// the Rolling family, forward fill, ...) sees the rows of its frame: parts
// of rows, each in its order. Outside Over there is one part, the frame in
// row order; inside Over(keys...) a part is a group of the keys, in row
// order or in the order Over's OrderBy gives.
//
// A kernel gathers its input in part order (gather), runs on each part's
// contiguous run [starts[p], starts[p+1]) of the gathered vector, and
// puts its result back in row order (scatter). With one part in row order
// both are the identity and cost nothing.
type winParts struct {
	order  []int // row numbers, part after part; nil: 0, 1, ..., n-1
	starts []int // part p is positions starts[p] to starts[p+1] of order; len(starts) = parts + 1
}

// winWhole is the single part of n rows in row order.
func winWhole(n int) *winParts { return &winParts{starts: []int{0, n}} }

// parts is the number of parts.
func (p *winParts) parts() int { return len(p.starts) - 1 }

// part is the range of positions of part k.
func (p *winParts) part(k int) (start, end int) { return p.starts[k], p.starts[k+1] }

// windowParts is the partition an order-dependent expression runs in: the
// one Over set; at row level under groups (Over's without an order, the
// groups of GroupBy.Agg inside an aggregation, the lists of
// List().Eval), each group in row order; or the whole frame in row
// order.
func (c *exprCtx) windowParts() *winParts {
	if c.win != nil {
		return c.win
	}
	if c.grp != nil && c.rows {
		return winPartsOf(c.grp, nil)
	}
	return winWhole(c.f.data.NumRows())
}

// gather is v's rows in the parts' order (v itself when the order is the
// identity). A scalar is expanded to n rows first.
func (p *winParts) gather(v *exprVec, n int) (*exprVec, error) {
	if v.scalar {
		val, err := v.toValue(n)
		if err != nil {
			return nil, err
		}
		v = exprFromValue(val)
	}
	if err := v.load(); err != nil {
		return nil, err
	}
	if p.order == nil {
		return v, nil
	}
	return exprVecTake(v, p.order)
}

// scatter puts a vector computed in the parts' order back in row order.
func (p *winParts) scatter(v *exprVec) (*exprVec, error) {
	if p.order == nil {
		return v, nil
	}
	inv := make([]int, len(p.order))
	for pos, row := range p.order {
		inv[row] = pos
	}
	return exprVecTake(v, inv)
}

// exprVecTake is the rows idx of a loaded vector, in that order.
func exprVecTake(v *exprVec, idx []int) (*exprVec, error) {
	out := &exprVec{t: v.t, n: len(idx), loaded: true, dt: v.dt}
	switch v.t {
	case exprIntT:
		out.ints = winTake(v.ints, idx)
	case exprFloatT:
		out.floats = winTake(v.floats, idx)
	case exprBoolT:
		out.bools = winTake(v.bools, idx)
	case exprStrT:
		out.strs = winTake(v.strs, idx)
	case exprNullT:
	default:
		if v.raw == nil {
			return v, nil
		}
		raw, err := structured.TakeValue(v.raw, idx)
		if err != nil {
			return nil, err
		}
		res := exprFromValue(raw)
		return res, res.load()
	}
	if v.valid != nil {
		out.valid = exprBitsNone(len(idx))
		for i, k := range idx {
			if bitutil.BitIsSet(v.valid, k) {
				bitutil.SetBit(out.valid, i)
			}
		}
	} else if v.t == exprNullT {
		out.valid = exprBitsNone(len(idx))
	}
	return out, nil
}

// winTake is vals at idx.
func winTake[T any](vals []T, idx []int) []T {
	if vals == nil {
		return nil
	}
	out := make([]T, len(idx))
	for i, k := range idx {
		out[i] = vals[k]
	}
	return out
}
