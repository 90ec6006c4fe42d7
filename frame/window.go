package frame

import (
	"fmt"
	"slices"

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

// exprVecTake is the rows idx of a vector, in that order; a negative
// position (structured.NullRow) gives a null row. The one take of
// computed vectors: windows, Over's broadcast, shifts and fills.
func exprVecTake[I int | int32](v *exprVec, idx []I) (*exprVec, error) {
	if err := v.load(); err != nil {
		return nil, err
	}
	n := len(idx)
	out := &exprVec{t: v.t, n: n, loaded: true, dt: v.dt}
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
		out.valid = exprBitsNone(n)
		return out, nil
	default:
		if v.raw == nil {
			return nil, fmt.Errorf("%w: cannot take the rows of %s", ErrType, v.typeName())
		}
		rows := make([]int, n)
		for i, k := range idx {
			rows[i] = int(k)
		}
		raw, err := structured.TakeValueNullable(v.raw, rows)
		if err != nil {
			return nil, err
		}
		res := exprFromValue(raw)
		return res, res.load()
	}
	if v.valid == nil && !slices.ContainsFunc(idx, func(k I) bool { return k < 0 }) {
		return out, nil
	}
	out.valid = exprBitsNone(n)
	for i, k := range idx {
		if k >= 0 && (v.valid == nil || bitutil.BitIsSet(v.valid, int(k))) {
			bitutil.SetBit(out.valid, i)
		}
	}
	return out, nil
}

// winTake is vals at idx, the zero value at a negative position.
func winTake[T any, I int | int32](vals []T, idx []I) []T {
	if vals == nil {
		return nil
	}
	out := make([]T, len(idx))
	for i, k := range idx {
		if k >= 0 {
			out[i] = vals[k]
		}
	}
	return out
}
