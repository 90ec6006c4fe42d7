package frame

import (
	"errors"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/temporal"
	"github.com/structframe/structframe/structured"
)

// The arithmetic of temporal operands: the table is in ExprDt's doc.

// exprTemporalArith is the arithmetic of an operator with a temporal
// operand (see above).
func exprTemporalArith(op exprOp, a, b *exprVec) (*exprVec, error) {
	fail := func() (*exprVec, error) {
		return nil, fmt.Errorf("%w: cannot %s %s and %s", ErrType, op, a.typeName(), b.typeName())
	}
	ca, cb := exprDtClass(a), exprDtClass(b)
	if iv, ok := exprIntervalOf(b); ok && (op == exprAdd || op == exprSub) && (ca == dtype.ClassDate || ca == dtype.ClassTimestamp) {
		if op == exprSub {
			iv = temporal.Every{Months: -iv.Months, Days: -iv.Days, Ns: -iv.Ns}
		}
		return exprAddInterval(a, iv)
	}
	if iv, ok := exprIntervalOf(a); ok && op == exprAdd && (cb == dtype.ClassDate || cb == dtype.ClassTimestamp) {
		return exprAddInterval(b, iv)
	}
	if a.t == exprNullT || b.t == exprNullT {
		other := a
		if a.t == exprNullT {
			other = b
		}
		if op != exprAdd && op != exprSub {
			return fail()
		}
		out := exprNew(exprIntT, a, b)
		out.valid, out.dt = exprBitsNone(out.n), other.dt
		return out, nil
	}
	switch {
	case op == exprSub && ca == dtype.ClassTimestamp && cb == dtype.ClassTimestamp:
		unit := exprFinerUnit(a.dt, b.dt)
		return exprTicksOp(op, a, b, unit, unit, &arrow.DurationType{Unit: unit})
	case (op == exprAdd || op == exprSub) && ca == dtype.ClassTimestamp && cb == dtype.ClassDuration,
		op == exprAdd && ca == dtype.ClassDuration && cb == dtype.ClassTimestamp:
		tsType := a.dt
		if cb == dtype.ClassTimestamp {
			tsType = b.dt
		}
		ts, _ := tsType.(*arrow.TimestampType)
		unit := exprFinerUnit(a.dt, b.dt)
		return exprTicksOp(op, a, b, unit, unit, &arrow.TimestampType{Unit: unit, TimeZone: ts.TimeZone})
	case op == exprSub && ca == dtype.ClassDate && cb == dtype.ClassDate:
		return exprTicksOp(op, a, b, arrow.Millisecond, arrow.Millisecond, &arrow.DurationType{Unit: arrow.Millisecond})
	case (op == exprAdd || op == exprSub) && ca == dtype.ClassDate && cb == dtype.ClassDuration,
		op == exprAdd && ca == dtype.ClassDuration && cb == dtype.ClassDate:
		date := a.dt
		if cb == dtype.ClassDate {
			date = b.dt
		}
		// In nanoseconds, then back to the date's unit, flooring.
		out, err := exprTicksOp(op, a, b, arrow.Nanosecond, arrow.Nanosecond, arrow.FixedWidthTypes.Duration_ns)
		if err != nil {
			return nil, err
		}
		per := int64(dtype.Of(date).Unit)
		for i, x := range out.ints {
			out.ints[i], _ = temporal.FloorDiv(x, per)
		}
		out.dt = date
		return out, nil
	case (op == exprAdd || op == exprSub) && ca == dtype.ClassDuration && cb == dtype.ClassDuration:
		unit := exprFinerUnit(a.dt, b.dt)
		return exprTicksOp(op, a, b, unit, unit, &arrow.DurationType{Unit: unit})
	case op == exprMul && (ca == dtype.ClassDuration && b.t == exprIntT && b.dt == nil || a.t == exprIntT && a.dt == nil && cb == dtype.ClassDuration):
		dt := a.dt
		if cb == dtype.ClassDuration {
			dt = b.dt
		}
		out := exprNew(exprIntT, a, b)
		out.valid, out.dt = exprValidAnd(a, b, out.n), dt
		exprRingLoop(exprMul, a.ints, b.ints, out.ints, a.stride(), b.stride())
		return out, nil
	}
	return fail()
}

// exprDtClass is the temporal class of a vector, ClassNone for others.
func exprDtClass(v *exprVec) dtype.Class {
	if v.t != exprIntT || !exprIsTemporal(v.dt) {
		return dtype.ClassNone
	}
	return dtype.Of(v.dt).Class
}

// exprFinerUnit is the finer time unit of two temporal types (a date
// counts as milliseconds).
func exprFinerUnit(a, b arrow.DataType) arrow.TimeUnit {
	ua, ok := dtype.Of(a).TimeUnit()
	if !ok {
		ua = arrow.Millisecond
	}
	ub, ok := dtype.Of(b).TimeUnit()
	if !ok {
		ub = arrow.Millisecond
	}
	return max(ua, ub)
}

// exprTicksOp converts both operands to ticks of their units (ua, ub) and
// adds or subtracts them, typed dt.
func exprTicksOp(op exprOp, a, b *exprVec, ua, ub arrow.TimeUnit, dt arrow.DataType) (*exprVec, error) {
	xa, err := exprTicksIn(a, ua)
	if err != nil {
		return nil, err
	}
	xb, err := exprTicksIn(b, ub)
	if err != nil {
		return nil, err
	}
	out := exprNew(exprIntT, a, b)
	out.valid, out.dt = exprValidAnd(a, b, out.n), dt
	exprRingLoop(op, xa, xb, out.ints, a.stride(), b.stride())
	return out, nil
}

// exprTicksIn is a temporal vector's ticks in unit u (its own ticks
// shared when they are already).
func exprTicksIn(v *exprVec, u arrow.TimeUnit) ([]int64, error) {
	from := int64(dtype.Of(v.dt).Unit)
	to := int64(u.Multiplier())
	n := len(v.ints)
	if v.scalar {
		n = 1
	}
	if from == to {
		return v.ints[:n], nil
	}
	out := make([]int64, n)
	if from > to {
		k := from / to
		for i, x := range v.ints[:n] {
			y := x * k
			if y/k != x {
				return nil, fmt.Errorf("%w: %s value %d overflows in %s", ErrType, v.typeName(), x, u)
			}
			out[i] = y
		}
		return out, nil
	}
	exprDtRescale(v.ints[:n], out, from, to)
	return out, nil
}

// exprLitError is an error parsing a string literal compared with a
// temporal column: it reaches the user as it is.
type exprLitError struct{ error }

func (e exprLitError) Unwrap() error { return e.error }

// exprAlignTemporalMore makes comparable what exprAlignTemporal does not:
// a string literal beside a temporal column (parsed as the column's
// type, ISO 8601: d > '2024-01-15'), and two timestamps or two durations
// of different units (the finer unit), a date beside a timestamp (the
// date's midnight UTC). ok is false for other operands.
func exprAlignTemporalMore(a, b *exprVec) (x, y *exprVec, ok bool, err error) {
	ca, cb := exprDtClass(a), exprDtClass(b)
	switch {
	case ca != dtype.ClassNone && b.scalar && b.t == exprStrT:
		nb, err := exprParseLiteral(b, a.dt)
		return a, nb, true, err
	case cb != dtype.ClassNone && a.scalar && a.t == exprStrT:
		na, err := exprParseLiteral(a, b.dt)
		return na, b, true, err
	case ca == cb && (ca == dtype.ClassTimestamp || ca == dtype.ClassDuration) ||
		ca == dtype.ClassDate && cb == dtype.ClassTimestamp || ca == dtype.ClassTimestamp && cb == dtype.ClassDate:
		unit := exprFinerUnit(a.dt, b.dt)
		xa, err := exprTicksIn(a, unit)
		if err != nil {
			return a, b, true, err
		}
		xb, err := exprTicksIn(b, unit)
		if err != nil {
			return a, b, true, err
		}
		na, nb := *a, *b
		na.ints, nb.ints = xa, xb
		na.dt = &arrow.TimestampType{Unit: unit}
		nb.dt = na.dt
		na.raw, nb.raw = nil, nil
		return &na, &nb, true, nil
	}
	return a, b, false, nil
}

// exprParseLiteral parses a string scalar as a value of the temporal
// type dt; a string that does not parse is an error naming it.
func exprParseLiteral(s *exprVec, dt arrow.DataType) (*exprVec, error) {
	if s.isNull(0) {
		out := exprNew(exprIntT, s)
		out.valid, out.dt = exprBitsNone(1), dt
		return out, nil
	}
	if dtype.Of(dt).Class == dtype.ClassDuration {
		return nil, exprLitError{fmt.Errorf("%w: cannot compare %s with the string %q (compare with a time.Duration)", ErrType, exprArrowName(dt), s.strs[0])}
	}
	p, err := newExprParseTemporal(dt, nil, true)
	if err != nil {
		return nil, err
	}
	out, err := p.run(s)
	if err != nil {
		return nil, exprLitError{fmt.Errorf("%w: the string %q compared with a %s column is not %s in ISO 8601", ErrType, s.strs[0], exprArrowName(dt), p.what())}
	}
	return out, nil
}

// exprAlignErr is the error of temporal operands that do not compare.
func exprAlignErr(a, b *exprVec, err error) error {
	var lit exprLitError
	if errors.As(err, &lit) {
		return lit.error
	}
	return fmt.Errorf("%w: cannot compare %s and %s", ErrType, a.typeName(), b.typeName())
}

// exprNegTemporal negates a duration; other temporal types do not negate.
func exprNegTemporal(a *exprVec) (*exprVec, error) {
	if exprDtClass(a) != dtype.ClassDuration {
		return nil, fmt.Errorf("%w: cannot negate %s", ErrType, a.typeName())
	}
	zero := &exprVec{t: exprIntT, n: 1, scalar: true, loaded: true, ints: []int64{0}, dt: a.dt}
	return exprTemporalArith(exprSub, zero, a)
}

// exprIntervalLit is a calendar interval of the text form (INTERVAL 1
// MONTH, INTERVAL '1 year 2 days'): months, days and nanoseconds, added
// to dates and timestamps on the wall clock as OffsetBy.
type exprIntervalLit struct {
	iv   temporal.Every
	text string
}

func (n exprIntervalLit) outName() string { return "" }
func (n exprIntervalLit) hasAgg() bool    { return false }
func (n exprIntervalLit) String() string  { return "interval(" + n.text + ")" }

// eval is a month_day_nano_interval scalar, its parts also in ints.
func (n exprIntervalLit) eval(c *exprCtx) (*exprVec, error) {
	b := array.NewMonthDayNanoIntervalBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.Append(arrow.MonthDayNanoInterval{Months: int32(n.iv.Months), Days: int32(n.iv.Days), Nanoseconds: n.iv.Ns})
	arr := b.NewArray()
	defer arr.Release()
	v, err := structured.NewDense(arr)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	return &exprVec{t: exprOtherT, n: 1, scalar: true, loaded: true, raw: v, dt: arr.DataType(),
		ints: []int64{n.iv.Months, n.iv.Days, n.iv.Ns}}, nil
}

// exprIntervalOf reads an interval literal's parts.
func exprIntervalOf(v *exprVec) (temporal.Every, bool) {
	if v.t != exprOtherT || v.dt == nil || dtype.Of(v.dt).Class != dtype.ClassInterval || len(v.ints) != 3 {
		return temporal.Every{}, false
	}
	return temporal.Every{Months: v.ints[0], Days: v.ints[1], Ns: v.ints[2]}, true
}

// exprAddInterval moves dates or timestamps by an interval on the wall
// clock (see ExprDt.OffsetBy).
func exprAddInterval(a *exprVec, iv temporal.Every) (*exprVec, error) {
	d, err := dtInOf("add", a)
	if err != nil {
		return nil, err
	}
	out := dtOut(a, a.dt)
	for i, t := range a.ints[:out.n] {
		if a.isNull(i) {
			continue
		}
		off := d.offset(t)
		lt, _ := temporal.FloorDiv(iv.Add((t+off)*d.unitNs, 1), d.unitNs)
		var ok bool
		if out.ints[i], ok = d.fromLocal(lt, off); !ok {
			return nil, fmt.Errorf("%w: row %d: %s plus the interval is a local time that does not exist in %s", ErrArgument, i, exprDtShow(d, t), d.tz)
		}
	}
	return out, nil
}
