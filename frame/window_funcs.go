package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// Order-dependent expressions: Shift, Diff, PctChange, the Cum family,
// Rank and RowNumber. Each reads the rows in the parts and order of
// c.windowParts(): the frame in row order, or within each group of Over
// (in the order its WithOrderBy gives), each value going back to its row.

// exprWinNode is an order-dependent function of its arguments. It is an
// exprFn whose fn runs in c.windowParts(); the node type tells the walks
// over expressions (overScalar) that its value is per row.
type exprWinNode struct{ exprFn }

func (n exprWinNode) children() []Expr { return n.args }

// winFn builds an order-dependent node.
func winFn(label string, args []Expr, extra string, fn func(c *exprCtx, args []*exprVec) (*exprVec, error)) Expr {
	return Expr{n: exprWinNode{exprFn{label: label, args: args, extra: extra, fn: fn}}}
}

// ShiftOption changes Shift: WithFillValue.
type ShiftOption interface{ applyShift(*shiftConfig) }

type shiftConfig struct{ fill Expr }

type shiftOptionFunc func(*shiftConfig)

func (fn shiftOptionFunc) applyShift(c *shiftConfig) { fn(c) }

// WithFillValue gives Shift the value of the rows shifted in from outside
// the frame (or group): a Lit, or an expression giving one value per row
// (that row's fill). Unset, they are null. Polars' fill_value.
func WithFillValue(value Expr) ShiftOption {
	return shiftOptionFunc(func(c *shiftConfig) { c.fill = value })
}

// Shift moves the values n rows down (Polars' shift, SQL's lag): row i
// takes the value of row i-n, and the first n rows, which have none, are
// null (or WithFillValue's value). A negative n moves them up (lead): row
// i takes row i+|n|'s value. Within Over it shifts within each group. Any
// type shifts, lists and structures too (a fill value other than null
// needs a number, string, bool or temporal column). The type is kept.
func (e Expr) Shift(n int, opts ...ShiftOption) Expr {
	var cfg shiftConfig
	for _, o := range opts {
		if o != nil {
			o.applyShift(&cfg)
		}
	}
	args := []Expr{e}
	if cfg.fill.n != nil {
		args = append(args, cfg.fill)
	}
	return winFn("shift", args, fmt.Sprint(n), func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		var fill *exprVec
		if len(a) > 1 {
			fill = a[1]
		}
		return winShift(c, a[0], n, fill)
	})
}

// winShift shifts v by k rows within each part of c's window, the rows
// shifted in taking fill (nil: null).
func winShift(c *exprCtx, v *exprVec, k int, fill *exprVec) (*exprVec, error) {
	nrows := c.f.data.NumRows()
	p := c.windowParts()
	if v.scalar {
		val, err := v.toValue(nrows)
		if err != nil {
			return nil, err
		}
		v = exprFromValue(val)
	}
	if err := v.load(); err != nil {
		return nil, err
	}
	// src is the row each row takes, or NullRow: the rows are read once,
	// where they are, not gathered into the parts' order and back.
	src := make([]int, nrows)
	for part := 0; part < p.parts(); part++ {
		s, e := p.part(part)
		for i := s; i < e; i++ {
			row, j := i, i-k
			if p.order != nil {
				row = p.order[i]
			}
			switch {
			case j < s || j >= e:
				src[row] = structured.NullRow
			case p.order != nil:
				src[row] = p.order[j]
			default:
				src[row] = j
			}
		}
	}
	out, err := exprVecTake(v, src)
	if err != nil {
		return nil, err
	}
	if fill == nil || fill.t == exprNullT {
		return out, nil
	}
	if out.t == exprOtherT {
		return nil, fmt.Errorf("%w: shift cannot fill %s with a value", ErrType, out.typeName())
	}
	// The rows shifted in take the fill; the others keep their value,
	// null or not.
	choice := make([]uint16, nrows)
	for row, j := range src {
		if j == structured.NullRow {
			choice[row] = 1
		}
	}
	vals := []*exprVec{out, fill}
	res, err := exprChooseType("shift", vals, out, fill)
	if err != nil {
		return nil, err
	}
	return exprChoose(res, vals, choice)
}

// Diff is the difference between a row's value and the value n rows
// before (Polars' diff with null_behavior "ignore"): x - x.Shift(n), null
// on the first n rows of the frame or group and where either value is
// null; a negative n takes the row |n| after. Integers give int64, floats
// float64, dates, times and timestamps a duration (Polars), durations a
// duration; other types are an ErrType error.
func (e Expr) Diff(n int) Expr {
	return winFn("diff", []Expr{e}, fmt.Sprint(n), func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		if err := winWantNumber("diff", a[0], true); err != nil {
			return nil, err
		}
		sh, err := winShift(c, a[0], n, nil)
		if err != nil {
			return nil, err
		}
		x := a[0]
		if x.scalar {
			val, err := x.toValue(c.f.data.NumRows())
			if err != nil {
				return nil, err
			}
			x = exprFromValue(val)
			if err := x.load(); err != nil {
				return nil, err
			}
		}
		return exprArith(exprSub, x, sh)
	})
}

// PctChange is the fractional change from the value n rows before,
// x / x.Shift(n) - 1 computed as (x - prev) / prev, where nulls are first
// filled with the last non-null value before them in the frame or group
// (Polars' pct_change): a float64, null on the first n rows and before
// the first non-null value. Numbers only.
func (e Expr) PctChange(n int) Expr {
	return winFn("pct_change", []Expr{e}, fmt.Sprint(n), func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		if err := winWantNumber("pct_change", a[0], false); err != nil {
			return nil, err
		}
		nrows := c.f.data.NumRows()
		p := c.windowParts()
		g, err := p.gather(a[0], nrows)
		if err != nil {
			return nil, err
		}
		x := &exprVec{t: exprFloatT, n: nrows, loaded: true, floats: make([]float64, nrows)}
		if g.t != exprNullT {
			fs := exprFloatsOf(g)
			x.valid = exprBitsNone(nrows)
			for part := 0; part < p.parts(); part++ { // forward fill
				s, e := p.part(part)
				last, seen := 0.0, false
				for i := s; i < e; i++ {
					if !g.isNull(i) {
						last, seen = fs[i], true
					}
					if seen {
						x.floats[i] = last
						bitutil.SetBit(x.valid, i)
					}
				}
			}
		} else {
			x.valid = exprBitsNone(nrows)
		}
		wc := *c
		wc.win = &winParts{starts: p.starts} // x is already in the parts' order
		prev, err := winShift(&wc, x, n, nil)
		if err != nil {
			return nil, err
		}
		d, err := exprArith(exprSub, x, prev)
		if err != nil {
			return nil, err
		}
		r, err := exprArith(exprDiv, d, prev)
		if err != nil {
			return nil, err
		}
		return p.scatter(r)
	})
}

// winWantNumber refuses what Diff (temporal allowed) or PctChange cannot
// take.
func winWantNumber(label string, v *exprVec, temporal bool) error {
	switch {
	case v.t == exprNullT, v.t == exprFloatT:
		return nil
	case v.t == exprIntT && (!exprIsTemporal(v.dt) || temporal):
		return nil
	}
	return fmt.Errorf("%w: %s takes numbers, not %s", ErrType, label, v.typeName())
}

// CumOption changes the Cum family: WithReverse.
type CumOption interface{ applyCum(*cumConfig) }

type cumConfig struct{ reverse bool }

// ReverseOption is the option WithReverse returns.
type ReverseOption bool

// WithReverse(true) accumulates from the last row up (each row then
// holds the sum, product, count, least or greatest of itself and the rows
// after it), as Polars' reverse; false, the default, from the first row
// down.
func WithReverse(on bool) ReverseOption { return ReverseOption(on) }

func (r ReverseOption) applyCum(c *cumConfig) { c.reverse = bool(r) }

// cumKind is one function of the Cum family.
type cumKind uint8

const (
	cumSum cumKind = iota
	cumProd
	cumMin
	cumMax
	cumCount
)

var cumNames = [...]string{"cum_sum", "cum_prod", "cum_min", "cum_max", "cum_count"}

// CumSum is the running sum of the non-null values down the frame (or
// each group of Over, in its order): a null row stays null and the sum
// goes on past it (Polars). Integers and bools (counting true) give
// int64, floats float64, durations a duration.
func (e Expr) CumSum(opts ...CumOption) Expr { return winCum(cumSum, e, opts) }

// CumProd is the running product of the non-null values (nulls stay
// null): int64 for integers (wrapping on overflow), float64 for floats.
func (e Expr) CumProd(opts ...CumOption) Expr { return winCum(cumProd, e, opts) }

// CumMin is the least non-null value so far (nulls stay null, NaN is
// passed over), of the input's type: numbers, strings, bools and
// temporal values.
func (e Expr) CumMin(opts ...CumOption) Expr { return winCum(cumMin, e, opts) }

// CumMax is the greatest non-null value so far; see CumMin.
func (e Expr) CumMax(opts ...CumOption) Expr { return winCum(cumMax, e, opts) }

// CumCount is the number of non-null values so far, the row's own
// included, as int64: never null (Polars' cum_count). Any type counts.
func (e Expr) CumCount(opts ...CumOption) Expr { return winCum(cumCount, e, opts) }

func winCum(kind cumKind, e Expr, opts []CumOption) Expr {
	var cfg cumConfig
	for _, o := range opts {
		if o != nil {
			o.applyCum(&cfg)
		}
	}
	extra := ""
	if cfg.reverse {
		extra = "reverse=true"
	}
	return winFn(cumNames[kind], []Expr{e}, extra, func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		return winCumEval(c, kind, a[0], cfg.reverse)
	})
}

func winCumEval(c *exprCtx, kind cumKind, v *exprVec, reverse bool) (*exprVec, error) {
	nrows := c.f.data.NumRows()
	if kind != cumCount {
		if err := winCumType(kind, v); err != nil {
			return nil, err
		}
	}
	if c.win == nil && c.grp != nil && c.rows {
		// Groups in row order (Over without an order, GroupBy.Agg): one
		// pass over the rows with an accumulator per group, the rows
		// read where they are.
		return winCumByGroup(c.grp, kind, v, nrows, reverse)
	}
	p := c.windowParts()
	g, err := p.gather(v, nrows)
	if err != nil {
		return nil, err
	}
	valid := g.valid
	switch {
	case g.t == exprOtherT && g.raw != nil:
		valid = exprRowValidity(g.raw)
	case g.t == exprNullT:
		valid = exprBitsNone(nrows)
	}
	var out *exprVec
	switch kind {
	case cumCount:
		out = &exprVec{t: exprIntT, n: nrows, loaded: true, ints: make([]int64, nrows)}
		winRuns(p, reverse, func(s, e, step int) {
			var cnt int64
			for i := s; i != e; i += step {
				if valid == nil || bitutil.BitIsSet(valid, i) {
					cnt++
				}
				out.ints[i] = cnt
			}
		})
		return p.scatter(out)
	case cumSum, cumProd:
		if g.t == exprNullT {
			return &exprVec{t: exprIntT, n: nrows, loaded: true, ints: make([]int64, nrows), valid: exprBitsNone(nrows)}, nil
		}
		prod := kind == cumProd
		switch g.t {
		case exprFloatT:
			out = &exprVec{t: exprFloatT, n: nrows, loaded: true, floats: winCumRing(g.floats, valid, p, reverse, prod)}
		case exprBoolT:
			out = &exprVec{t: exprIntT, n: nrows, loaded: true, ints: winCumRing(exprBoolInts(g.bools), valid, p, reverse, prod)}
		default:
			out = &exprVec{t: exprIntT, n: nrows, loaded: true, ints: winCumRing(g.ints, valid, p, reverse, prod)}
			if exprIsTemporal(g.dt) {
				out.dt = g.dt // a duration
			}
		}
	default:
		if g.t == exprNullT {
			return g, nil
		}
		max := kind == cumMax
		out = &exprVec{t: g.t, n: nrows, loaded: true, dt: g.dt}
		switch g.t {
		case exprIntT:
			out.ints = winCumBest(g.ints, valid, p, reverse, max)
		case exprFloatT:
			out.floats = winCumBest(g.floats, valid, p, reverse, max)
		case exprStrT:
			out.strs = winCumBest(g.strs, valid, p, reverse, max)
		case exprBoolT:
			ints := winCumBest(exprBoolInts(g.bools), valid, p, reverse, max)
			out.bools = make([]bool, nrows)
			for i, x := range ints {
				out.bools[i] = x != 0
			}
		}
	}
	out.valid = valid // a null row stays null
	return p.scatter(out)
}

// winCumByGroup is the Cum function over the groups of g, each in row
// order (from its last row up when reverse).
func winCumByGroup(g *grpGroups, kind cumKind, v *exprVec, nrows int, reverse bool) (*exprVec, error) {
	if v.scalar {
		val, err := v.toValue(nrows)
		if err != nil {
			return nil, err
		}
		v = exprFromValue(val)
	}
	if err := v.load(); err != nil {
		return nil, err
	}
	valid := v.valid
	switch {
	case v.t == exprOtherT && v.raw != nil:
		valid = exprRowValidity(v.raw)
	case v.t == exprNullT:
		valid = exprBitsNone(nrows)
	}
	w := winGroupWalk{ids: g.ids, ng: g.n, valid: valid, reverse: reverse}
	var out *exprVec
	switch kind {
	case cumCount:
		return &exprVec{t: exprIntT, n: nrows, loaded: true, ints: winGroupCount(w)}, nil
	case cumSum, cumProd:
		if v.t == exprNullT {
			return &exprVec{t: exprIntT, n: nrows, loaded: true, ints: make([]int64, nrows), valid: exprBitsNone(nrows)}, nil
		}
		prod := kind == cumProd
		switch v.t {
		case exprFloatT:
			out = &exprVec{t: exprFloatT, n: nrows, loaded: true, floats: winGroupRing(w, v.floats, prod)}
		case exprBoolT:
			out = &exprVec{t: exprIntT, n: nrows, loaded: true, ints: winGroupRing(w, exprBoolInts(v.bools), prod)}
		default:
			out = &exprVec{t: exprIntT, n: nrows, loaded: true, ints: winGroupRing(w, v.ints, prod)}
			if exprIsTemporal(v.dt) {
				out.dt = v.dt // a duration
			}
		}
	default:
		if v.t == exprNullT {
			return v, nil
		}
		max := kind == cumMax
		out = &exprVec{t: v.t, n: nrows, loaded: true, dt: v.dt}
		switch v.t {
		case exprIntT:
			out.ints = winGroupBest(w, v.ints, max)
		case exprFloatT:
			out.floats = winGroupBest(w, v.floats, max)
		case exprStrT:
			out.strs = winGroupBest(w, v.strs, max)
		case exprBoolT:
			ints := winGroupBest(w, exprBoolInts(v.bools), max)
			out.bools = make([]bool, nrows)
			for i, x := range ints {
				out.bools[i] = x != 0
			}
		}
	}
	out.valid = valid // a null row stays null
	return out, nil
}

// winGroupWalk is a pass over the rows (last to first when reverse),
// each row in group ids[row] of ng, valid where valid says.
type winGroupWalk struct {
	ids     []int32
	ng      int
	valid   []byte
	reverse bool
}

// each calls f(row, group, valid) for every row in the walk's order.
func (w winGroupWalk) each(f func(r int, g int32, ok bool)) {
	n := len(w.ids)
	for k := 0; k < n; k++ {
		r := k
		if w.reverse {
			r = n - 1 - k
		}
		f(r, w.ids[r], w.valid == nil || bitutil.BitIsSet(w.valid, r))
	}
}

// winGroupCount is the running count of valid rows of each group.
func winGroupCount(w winGroupWalk) []int64 {
	out := make([]int64, len(w.ids))
	cnt := make([]int64, w.ng)
	w.each(func(r int, g int32, ok bool) {
		if ok {
			cnt[g]++
		}
		out[r] = cnt[g]
	})
	return out
}

// winGroupRing is the running sum or product of the valid values of each
// group.
func winGroupRing[T int64 | float64](w winGroupWalk, vals []T, prod bool) []T {
	out := make([]T, len(w.ids))
	acc := make([]T, w.ng)
	if prod {
		for g := range acc {
			acc[g] = 1
		}
	}
	w.each(func(r int, g int32, ok bool) {
		if ok {
			if prod {
				acc[g] *= vals[r]
			} else {
				acc[g] += vals[r]
			}
		}
		out[r] = acc[g]
	})
	return out
}

// winGroupBest is the running least (or greatest) valid value of each
// group; NaN is passed over unless nothing else has been seen.
func winGroupBest[T int64 | float64 | string](w winGroupWalk, vals []T, max bool) []T {
	out := make([]T, len(w.ids))
	best := make([]T, w.ng)
	seen := make([]bool, w.ng)
	w.each(func(r int, g int32, ok bool) {
		if ok {
			x := vals[r]
			switch {
			case !seen[g] || best[g] != best[g]:
				best[g], seen[g] = x, true
			case max && x > best[g], !max && x < best[g]:
				best[g] = x
			}
		}
		out[r] = best[g]
	})
	return out
}

// winCumType refuses what a Cum function cannot take.
func winCumType(kind cumKind, v *exprVec) error {
	ok := false
	switch v.t {
	case exprNullT:
		ok = true
	case exprIntT:
		ok = !exprIsTemporal(v.dt) || kind == cumMin || kind == cumMax || (kind == cumSum && dtype.Of(v.dt).Class == dtype.ClassDuration)
	case exprFloatT:
		ok = true
	case exprBoolT:
		ok = kind != cumProd
	case exprStrT:
		ok = kind == cumMin || kind == cumMax
	}
	if !ok {
		return fmt.Errorf("%w: cannot take the %s of %s", ErrType, cumNames[kind], v.typeName())
	}
	return nil
}

// winRuns calls run(start, end, step) for each part of p: its positions
// from first to last (step 1), or last to first (step -1) when reverse;
// end is exclusive.
func winRuns(p *winParts, reverse bool, run func(s, e, step int)) {
	for k := 0; k < p.parts(); k++ {
		s, e := p.part(k)
		if s == e {
			continue
		}
		if reverse {
			run(e-1, s-1, -1)
		} else {
			run(s, e, 1)
		}
	}
}

// winCumRing is the running sum or product of the valid values of each
// part.
func winCumRing[T int64 | float64](vals []T, valid []byte, p *winParts, reverse, prod bool) []T {
	out := make([]T, len(vals))
	winRuns(p, reverse, func(s, e, step int) {
		var acc T
		if prod {
			acc = 1
		}
		for i := s; i != e; i += step {
			if valid == nil || bitutil.BitIsSet(valid, i) {
				if prod {
					acc *= vals[i]
				} else {
					acc += vals[i]
				}
			}
			out[i] = acc
		}
	})
	return out
}

// winCumBest is the running least (or greatest) valid value of each part;
// NaN is passed over unless nothing else has been seen.
func winCumBest[T int64 | float64 | string](vals []T, valid []byte, p *winParts, reverse, max bool) []T {
	out := make([]T, len(vals))
	winRuns(p, reverse, func(s, e, step int) {
		var best T
		seen := false
		for i := s; i != e; i += step {
			if valid == nil || bitutil.BitIsSet(valid, i) {
				x := vals[i]
				switch {
				case !seen || best != best:
					best, seen = x, true
				case max && x > best, !max && x < best:
					best = x
				}
			}
			out[i] = best
		}
	})
	return out
}

// RowNumber is the position of each row in the frame, 0 for the first
// (Polars' int_range(len()), WithRowIndex's numbers), or within its group
// under Over, in the group's order: an int64, never null. The text form's
// row_number() counts from 1, as SQL.
func RowNumber() Expr {
	return winFn("row_number", nil, "", func(c *exprCtx, _ []*exprVec) (*exprVec, error) {
		nrows := c.f.data.NumRows()
		p := c.windowParts()
		out := &exprVec{t: exprIntT, n: nrows, loaded: true, ints: make([]int64, nrows)}
		for k := 0; k < p.parts(); k++ {
			s, e := p.part(k)
			for i := s; i < e; i++ {
				out.ints[i] = int64(i - s)
			}
		}
		return p.scatter(out)
	})
}
