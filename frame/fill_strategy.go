package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// FillNullStrategy is how FillNullWith chooses the value that replaces a
// null: Polars' fill_null(strategy=...).
type FillNullStrategy uint8

const (
	// FillForward takes the last non-null value before the null, in row
	// order (within each group under Over): pandas' ffill. Leading nulls
	// stay null. Every type fills, lists and structures too.
	FillForward FillNullStrategy = iota
	// FillBackward takes the next non-null value after the null: bfill.
	// Trailing nulls stay null.
	FillBackward
	// FillMin takes the least non-null value (numbers, strings, bools,
	// temporal types).
	FillMin
	// FillMax takes the greatest non-null value.
	FillMax
	// FillMean takes the mean of the non-null values, in the column's
	// type: an integer column takes the mean truncated toward zero, as
	// Polars casts it (numbers only).
	FillMean
	// FillZero takes 0 (false for bools).
	FillZero
	// FillOne takes 1 (true for bools).
	FillOne
)

var fillNames = [...]string{"forward", "backward", "min", "max", "mean", "zero", "one"}

// String is the strategy's name in Polars: "forward", "backward", "min",
// "max", "mean", "zero" or "one".
func (s FillNullStrategy) String() string {
	if int(s) < len(fillNames) {
		return fillNames[s]
	}
	return fmt.Sprintf("FillNullStrategy(%d)", uint8(s))
}

// FillNullOption is an option of FillNullWith: WithFillLimit.
type FillNullOption interface{ applyFillNull(*fillConfig) }

type fillConfig struct{ limit int }

// FillLimitOption is the option WithFillLimit returns.
type FillLimitOption int

// WithFillLimit fills at most n consecutive nulls after (FillForward) or
// before (FillBackward) each value; the nulls beyond stay null, as
// Polars' limit. n must be at least 1; without it every null of a run is
// filled. The other strategies refuse it (an ErrArgument error).
func WithFillLimit(n int) FillLimitOption { return FillLimitOption(n) }

func (o FillLimitOption) applyFillNull(c *fillConfig) { c.limit = int(o) }

// fillOptions reads the options of FillNullWith and checks them against
// the strategy.
func fillOptions(s FillNullStrategy, opts []FillNullOption) (fillConfig, error) {
	var cfg fillConfig
	limited := false
	for _, o := range opts {
		if o == nil {
			continue
		}
		if _, ok := o.(FillLimitOption); ok {
			limited = true
		}
		o.applyFillNull(&cfg)
	}
	switch {
	case int(s) >= len(fillNames):
		return cfg, fmt.Errorf("%w: unknown fill strategy %d", ErrArgument, uint8(s))
	case limited && s != FillForward && s != FillBackward:
		return cfg, fmt.Errorf("%w: a fill limit is for the forward and backward strategies, not %s", ErrArgument, s)
	case limited && cfg.limit < 1:
		return cfg, fmt.Errorf("%w: fill limit %d; it must be at least 1", ErrArgument, cfg.limit)
	}
	return cfg, nil
}

// FillNullWith replaces the nulls of e by a value the strategy takes from
// e's other rows (Polars' fill_null(strategy=..., limit=...)); FillNull
// fills with a given value instead.
//
// FillForward and FillBackward follow row order, and inside Over each
// group's rows in the group's order, so
//
//	Col("price").FillNullWith(FillForward).Over("ticker")
//
// carries each ticker's last price forward and never another's. They fill
// any type by taking rows: strings, temporal types, decimals, lists and
// structures keep their type and their values (a null list or structure
// is what is filled; a null field inside a structure is not). FillMin,
// FillMax and FillMean reduce the non-null values (of each group under
// Over) and fill with the result in e's type; FillZero and FillOne fill
// numbers and bools. A type a strategy does not take (the mean of strings,
// the minimum of a list) is an ErrType error; a column of only nulls of
// Arrow type null stays as it is.
func (e Expr) FillNullWith(s FillNullStrategy, opts ...FillNullOption) Expr {
	cfg, optErr := fillOptions(s, opts)
	extra := "strategy=" + s.String()
	if cfg.limit > 0 {
		extra += fmt.Sprintf(", limit=%d", cfg.limit)
	}
	return Expr{n: exprFn{label: "fill_null", args: []Expr{e}, extra: extra, fn: func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		if optErr != nil {
			return nil, optErr
		}
		return fillStrategy(c, a[0], s, cfg.limit)
	}}}
}

// fillStrategy is FillNullWith's kernel over v, in c's parts.
func fillStrategy(c *exprCtx, v *exprVec, s FillNullStrategy, limit int) (*exprVec, error) {
	if v.scalar {
		// A constant has no other rows to take a value from.
		return v, nil
	}
	valid := fillValidity(v)
	if v.t == exprNullT || valid == nil {
		return v, nil
	}
	p := c.windowParts()
	if p.starts[len(p.starts)-1] != v.n {
		return nil, fmt.Errorf("%w: %d rows in the window's parts, %d in the column", ErrShape, p.starts[len(p.starts)-1], v.n)
	}
	switch s {
	case FillForward, FillBackward:
		src := fillSources(p, valid, s == FillBackward, limit)
		return fillTake(v, src)
	case FillZero, FillOne:
		return fillConst(v, s == FillOne)
	}
	if v.t == exprOtherT {
		return nil, fmt.Errorf("%w: cannot fill nulls of %s with the %s", ErrType, v.typeName(), s)
	}
	kind := map[FillNullStrategy]aggKind{FillMin: aggMin, FillMax: aggMax, FillMean: aggMean}[s]
	ids := fillPartIDs(p, v.n)
	agg, err := aggApply(kind, v, ids, p.parts())
	if err != nil {
		return nil, err
	}
	if err := agg.load(); err != nil {
		return nil, err
	}
	return fillByPart(v, valid, agg, ids)
}

// fillValidity is the validity of v's rows: its items', or its lists' or
// structures' own (nil when none is null).
func fillValidity(v *exprVec) []byte {
	if v.t == exprOtherT && v.raw != nil {
		return exprRowValidity(v.raw)
	}
	return v.valid
}

// fillPartIDs is the part of each row.
func fillPartIDs(p *winParts, n int) []int32 {
	ids := make([]int32, n)
	if p.parts() == 1 {
		return ids
	}
	for k := range p.parts() {
		start, end := p.part(k)
		for pos := start; pos < end; pos++ {
			ids[fillRow(p, pos)] = int32(k)
		}
	}
	return ids
}

// fillRow is the row at position pos of the parts' order.
func fillRow(p *winParts, pos int) int {
	if p.order == nil {
		return pos
	}
	return p.order[pos]
}

// fillSources gives each row the row its value comes from: itself when
// valid, else the last valid row before it in its part (the next one
// after it when backward) within limit positions (0: no limit), else
// structured.NullRow. One pass over the parts' order: O(rows).
func fillSources(p *winParts, valid []byte, backward bool, limit int) []int {
	src := make([]int, p.starts[len(p.starts)-1])
	for k := range p.parts() {
		start, end := p.part(k)
		last, run := structured.NullRow, 0
		step := 1
		if backward {
			start, end, step = end-1, start-1, -1
		}
		for pos := start; pos != end; pos += step {
			row := fillRow(p, pos)
			if bitutil.BitIsSet(valid, row) {
				last, run = row, 0
				src[row] = row
				continue
			}
			run++
			if last != structured.NullRow && (limit == 0 || run <= limit) {
				src[row] = last
			} else {
				src[row] = structured.NullRow
			}
		}
	}
	return src
}

// fillTake is v's rows at src (structured.NullRow: a null row): a
// column read as it is keeps its Arrow type and layout through
// TakeValueNullable; a computed vector is taken by exprVecTake.
func fillTake(v *exprVec, src []int) (*exprVec, error) {
	if v.raw != nil {
		val, err := structured.TakeValueNullable(v.raw, src)
		if err != nil {
			return nil, err
		}
		out := exprFromValue(val)
		return out, out.load()
	}
	return exprVecTake(v, src)
}

// fillConst fills the nulls of a number or bool vector with 0 or 1 (false
// or true), in its type.
func fillConst(v *exprVec, one bool) (*exprVec, error) {
	if exprIsTemporal(v.dt) || (v.t != exprIntT && v.t != exprFloatT && v.t != exprBoolT) {
		s := FillZero
		if one {
			s = FillOne
		}
		return nil, fmt.Errorf("%w: cannot fill nulls of %s with %s (numbers and bools only)", ErrType, v.typeName(), s)
	}
	out := &exprVec{t: v.t, n: v.n, loaded: true, dt: v.dt}
	switch v.t {
	case exprIntT:
		out.ints = fillWith(v.ints, v.valid, func(int) int64 {
			if one {
				return 1
			}
			return 0
		})
	case exprFloatT:
		out.floats = fillWith(v.floats, v.valid, func(int) float64 {
			if one {
				return 1
			}
			return 0
		})
	case exprBoolT:
		out.bools = fillWith(v.bools, v.valid, func(int) bool { return one })
	}
	return out, nil
}

// fillWith copies vals, putting at at each null row i.
func fillWith[T any](vals []T, valid []byte, at func(i int) T) []T {
	out := make([]T, len(vals))
	copy(out, vals)
	for i := range out {
		if !bitutil.BitIsSet(valid, i) {
			out[i] = at(i)
		}
	}
	return out
}

// fillByPart fills each null row of v with its part's value in agg (a
// null there leaves the row null), converted to v's type: a float mean
// of integers is truncated toward zero, as Polars casts it.
func fillByPart(v *exprVec, valid []byte, agg *exprVec, ids []int32) (*exprVec, error) {
	out := &exprVec{t: v.t, n: v.n, loaded: true, dt: v.dt}
	switch v.t {
	case exprIntT:
		if agg.t == exprFloatT {
			out.ints = fillWith(v.ints, valid, func(i int) int64 { return int64(agg.floats[ids[i]]) })
		} else {
			out.ints = fillWith(v.ints, valid, func(i int) int64 { return agg.ints[ids[i]] })
		}
	case exprFloatT:
		out.floats = fillWith(v.floats, valid, func(i int) float64 { return agg.floats[ids[i]] })
	case exprStrT:
		out.strs = fillWith(v.strs, valid, func(i int) string { return agg.strs[ids[i]] })
	case exprBoolT:
		out.bools = fillWith(v.bools, valid, func(i int) bool { return agg.bools[ids[i]] })
	default:
		return nil, fmt.Errorf("%w: cannot fill nulls of %s", ErrType, v.typeName())
	}
	if agg.valid != nil {
		for i := range v.n {
			if !bitutil.BitIsSet(valid, i) && agg.isNull(int(ids[i])) {
				if out.valid == nil {
					out.valid = exprBitsAll(v.n)
				}
				bitutil.ClearBit(out.valid, i)
			}
		}
	}
	return out, nil
}

// FillNullWith fills the nulls of the frame's columns by a strategy, as
// Polars' DataFrame.fill_null(strategy=...): each top-level column that
// the strategy takes is filled as Col(name).FillNullWith would fill it,
// over the whole frame in row order; the others are left as they are (as
// FillNull(0) leaves a text column). FillForward and FillBackward take
// every column (lists and structures too), FillMin and FillMax scalar
// columns of numbers, strings, bools and temporal types, FillMean
// numbers, FillZero and FillOne numbers and bools. Columns without nulls
// are shared, not copied; the index is kept.
func (f *Frame) FillNullWith(s FillNullStrategy, opts ...FillNullOption) *Frame {
	const op = "FillNullWith"
	if f.Err() != nil {
		return f
	}
	cfg, err := fillOptions(s, opts)
	if err != nil {
		return failed(wrap(op, err))
	}
	c := &exprCtx{op: op, f: f, rows: true}
	return f.mapColumns(op, func(v *exprVec) bool { return fillTakes(v, s) }, func(v *exprVec) (*exprVec, error) {
		return fillStrategy(c, v, s, cfg.limit)
	})
}

// mapColumns replaces each top-level column that takes (read as a
// vector) by fn's result, the frame-wide form of an expression (FillNullWith,
// Interpolate, FillNaN): the other columns, and those fn gives back
// unchanged (the same vector), are kept as they are; f itself when none
// changes. An error names the column.
func (f *Frame) mapColumns(op string, takes func(v *exprVec) bool, fn func(v *exprVec) (*exprVec, error)) *Frame {
	fields := f.data.Fields()
	changed := false
	for i, fv := range fields {
		v := exprFromValue(fv.Value)
		if !takes(v) {
			continue
		}
		if err := v.load(); err != nil {
			return failed(errorf(op, ErrType, "column %q: %v", fv.Name, err))
		}
		out, err := fn(v)
		if err != nil {
			return failed(errorf(op, ErrType, "column %q: %v", fv.Name, err))
		}
		if out == v {
			continue
		}
		if fields[i].Value, err = out.toValue(v.n); err != nil {
			return failed(errorf(op, ErrType, "column %q: %v", fv.Name, err))
		}
		changed = true
	}
	if !changed {
		return f
	}
	return f.withColumns(op, fields)
}

// fillTakes reports whether the frame-wide FillNullWith fills a column
// read as v with strategy s.
func fillTakes(v *exprVec, s FillNullStrategy) bool {
	temporal := exprIsTemporal(v.dt)
	switch s {
	case FillForward, FillBackward:
		return true
	case FillMin, FillMax:
		return v.t == exprIntT || v.t == exprFloatT || v.t == exprStrT || v.t == exprBoolT
	case FillMean:
		return !temporal && (v.t == exprIntT || v.t == exprFloatT)
	}
	return !temporal && (v.t == exprIntT || v.t == exprFloatT || v.t == exprBoolT)
}
