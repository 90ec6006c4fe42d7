package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// InterpolationMethod is how Interpolate fills a null between two values.
type InterpolationMethod uint8

const (
	// InterpolateLinear fills on the straight line between the values
	// before and after, by position: integers give float64, floats keep
	// their type, dates and times keep theirs (truncated toward zero).
	InterpolateLinear InterpolationMethod = iota
	// InterpolateNearest takes the value of the nearer of the two rows,
	// the later one when both are as near (as Polars does); the type is
	// kept, and any type fills (strings, lists and structures too).
	InterpolateNearest
)

// String is the method's name in Polars: "linear" or "nearest".
func (m InterpolationMethod) String() string {
	switch m {
	case InterpolateLinear:
		return "linear"
	case InterpolateNearest:
		return "nearest"
	}
	return fmt.Sprintf("InterpolationMethod(%d)", uint8(m))
}

// Interpolate fills the nulls that lie between two non-null values of e
// (Polars' interpolate): by the line between them (InterpolateLinear) or
// by the nearer one (InterpolateNearest). Nulls before the first value
// and after the last stay null. It follows row order, and inside Over
// each group's rows in the group's order. NaN is a value, not a gap: a
// line to a NaN is NaN. Linear interpolation takes numbers and temporal
// types; on strings, bools, lists or structures it is an ErrType error.
func (e Expr) Interpolate(method InterpolationMethod) Expr {
	return Expr{n: exprFn{label: "interpolate", args: []Expr{e}, extra: "method=" + method.String(), fn: func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		return interpolate(c, a[0], method)
	}}}
}

// interpolate is Interpolate's kernel over v, in c's parts.
func interpolate(c *exprCtx, v *exprVec, method InterpolationMethod) (*exprVec, error) {
	if method != InterpolateLinear && method != InterpolateNearest {
		return nil, fmt.Errorf("%w: unknown interpolation method %d", ErrArgument, uint8(method))
	}
	linear := method == InterpolateLinear
	if linear && v.t != exprIntT && v.t != exprFloatT && v.t != exprNullT {
		return nil, fmt.Errorf("%w: cannot interpolate %s linearly (numbers and temporal types only; InterpolateNearest takes any type)", ErrType, v.typeName())
	}
	valid := fillValidity(v)
	if v.scalar || v.t == exprNullT || valid == nil {
		if linear && v.t == exprIntT && !exprIsTemporal(v.dt) {
			return interpFloats(v), nil
		}
		return v, nil
	}
	p := c.windowParts()
	if p.starts[len(p.starts)-1] != v.n {
		return nil, fmt.Errorf("%w: %d rows in the window's parts, %d in the column", ErrShape, p.starts[len(p.starts)-1], v.n)
	}
	if !linear {
		return fillTake(v, interpNearest(p, valid))
	}
	var out *exprVec
	switch {
	case v.t == exprFloatT:
		out = &exprVec{t: exprFloatT, n: v.n, loaded: true, dt: v.dt, floats: append([]float64(nil), v.floats[:v.n]...)}
	case exprIsTemporal(v.dt):
		out = &exprVec{t: exprIntT, n: v.n, loaded: true, dt: v.dt, ints: append([]int64(nil), v.ints[:v.n]...)}
	default:
		out = interpFloats(v)
	}
	out.valid = append([]byte(nil), valid...)
	interpWalk(p, valid, func(lo, hi, k, steps, row int) {
		if out.t == exprFloatT {
			a, b := out.floats[lo], out.floats[hi]
			out.floats[row] = a + (b-a)*float64(k)/float64(steps)
		} else {
			a, b := out.ints[lo], out.ints[hi]
			out.ints[row] = a + int64(float64(b-a)*float64(k)/float64(steps))
		}
		bitutil.SetBit(out.valid, row)
	})
	return out, nil
}

// interpFloats is an integer vector as float64.
func interpFloats(v *exprVec) *exprVec {
	out := &exprVec{t: exprFloatT, n: v.n, scalar: v.scalar, loaded: true, valid: v.valid}
	out.floats = exprFloatsOf(v)
	return out
}

// interpWalk calls fill for every null row lying between two valid rows
// of its part: lo and hi the rows of the values before and after, k the
// null's position after lo (1..steps-1) and steps the distance from lo
// to hi, counted in the part's order.
func interpWalk(p *winParts, valid []byte, fill func(lo, hi, k, steps, row int)) {
	for part := range p.parts() {
		start, end := p.part(part)
		prev := -1 // position of the last valid row
		for pos := start; pos < end; pos++ {
			if !bitutil.BitIsSet(valid, fillRow(p, pos)) {
				continue
			}
			if prev >= 0 && pos-prev > 1 {
				lo, hi := fillRow(p, prev), fillRow(p, pos)
				for q := prev + 1; q < pos; q++ {
					fill(lo, hi, q-prev, pos-prev, fillRow(p, q))
				}
			}
			prev = pos
		}
	}
}

// interpNearest gives each row the row its value comes from: itself when
// valid, the nearer valid row of its part when between two (the later on
// a tie), else structured.NullRow.
func interpNearest(p *winParts, valid []byte) []int {
	src := make([]int, p.starts[len(p.starts)-1])
	for i := range src {
		src[i] = structured.NullRow
		if bitutil.BitIsSet(valid, i) {
			src[i] = i
		}
	}
	interpWalk(p, valid, func(lo, hi, k, steps, row int) {
		if 2*k < steps {
			src[row] = lo
		} else {
			src[row] = hi
		}
	})
	return src
}

// Interpolate fills the nulls between values in every column the method
// takes, as Col(name).Interpolate(method) over the whole frame in row
// order (Polars' DataFrame.interpolate): InterpolateLinear the columns of
// numbers and temporal types (integer columns become float64, with nulls
// or not, as the expression makes them), InterpolateNearest every column.
// The other columns, and those left unchanged, are shared as they are;
// the index is kept.
func (f *Frame) Interpolate(method InterpolationMethod) *Frame {
	const op = "Interpolate"
	if f.Err() != nil {
		return f
	}
	if method != InterpolateLinear && method != InterpolateNearest {
		return failed(errorf(op, ErrArgument, "unknown interpolation method %d", uint8(method)))
	}
	c := &exprCtx{op: op, f: f, rows: true}
	return f.mapColumns(op, func(v *exprVec) bool {
		return method != InterpolateLinear || v.t == exprIntT || v.t == exprFloatT
	}, func(v *exprVec) (*exprVec, error) { return interpolate(c, v, method) })
}
