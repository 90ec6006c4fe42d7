package frame

import (
	"fmt"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/temporal"
)

// parseFuncsRolling registers the time-bucketing function of the text
// form, DuckDB's:
//
//	time_bucket(width, ts[, offset | origin])   the start of the bucket of
//	                         width (an INTERVAL: days and smaller, or months
//	                         and longer, not both) holding each date or
//	                         timestamp: buckets of days and smaller count from
//	                         2000-01-03 00:00 (a Monday), buckets of months from
//	                         2000-01 (an origin's day and time do not count);
//	                         an INTERVAL third argument shifts the buckets by it,
//	                         a DATE or TIMESTAMP one is the origin. The result
//	                         has ts's type; a zoned timestamp is bucketed in UTC.
func parseFuncsRolling(funcs map[string]parseFunc) {
	funcs["time_bucket"] = parseFunc{2, 3, func(_ *parser, _ token, a []parseArg) (Expr, error) {
		args := make([]Expr, len(a))
		for k := range a {
			args[k] = a[k].e
		}
		return sqlTimeBucket(args...), nil
	}}
}

// sqlTimeBucket is DuckDB's time_bucket of args: width, ts and an
// optional offset or origin, the width and the third one constants.
func sqlTimeBucket(args ...Expr) Expr {
	const label = "time_bucket"
	return Expr{n: exprFn{label: label, args: append([]Expr{args[1], args[0]}, args[2:]...), fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
		ts, width := v[0], v[1]
		months, fixed, ok := sqlIntervalNs(width)
		switch {
		case !ok || !width.scalar:
			return nil, fmt.Errorf("%w: %s: the bucket width must be a constant INTERVAL, got %s", ErrArgument, label, width.typeName())
		case months != 0 && fixed != 0:
			return nil, fmt.Errorf("%w: %s: a bucket width of months cannot have a day or time part (DuckDB)", ErrArgument, label)
		case months < 0 || fixed < 0 || (months == 0 && fixed == 0):
			return nil, fmt.Errorf("%w: %s: the bucket width must be greater than 0", ErrArgument, label)
		}
		originDays := int64(10959) // 2000-01-03, a Monday
		if months != 0 {
			originDays = 10957 // 2000-01-01
		}
		origin := originDays * temporal.NsPerDay
		offset, hasOrigin := int64(0), false
		if len(v) > 2 {
			third := v[2]
			if !third.scalar {
				return nil, fmt.Errorf("%w: %s: the offset or origin must be a constant", ErrArgument, label)
			}
			if third.isNull(0) {
				return exprNew(exprNullT, ts), nil
			}
			if m, ns, ok := sqlIntervalNs(third); ok && m == 0 {
				offset = ns
			} else if third.t == exprIntT && exprIsTemporal(third.dt) && dtype.Of(third.dt).Class != dtype.ClassDuration {
				origin, hasOrigin = third.ints[0]*int64(dtype.Of(third.dt).Unit), true
			} else {
				return nil, fmt.Errorf("%w: %s: the third argument is an INTERVAL offset (without months) or a DATE or TIMESTAMP origin, got %s", ErrArgument, label, third.typeName())
			}
		}
		if ts.t == exprNullT {
			return exprNew(exprNullT, ts), nil
		}
		d, err := dtInOf(label, ts, dtype.ClassDate, dtype.ClassTimestamp)
		if err != nil {
			return nil, err
		}
		oy, om, _ := temporal.CivilFromDays(originDays)
		if months != 0 && hasOrigin {
			days, _ := temporal.FloorDiv(origin, temporal.NsPerDay)
			oy, om, _ = temporal.CivilFromDays(days)
		}
		originMonths := oy*12 + int64(om-1)
		res := dtOut(ts, ts.dt)
		for i, t := range ts.ints[:res.n] {
			if ts.isNull(i) {
				continue
			}
			ns := t*d.unitNs - offset
			var start int64
			if months != 0 {
				days, _ := temporal.FloorDiv(ns, temporal.NsPerDay)
				y, m, _ := temporal.CivilFromDays(days)
				q, _ := temporal.FloorDiv(y*12+int64(m-1)-originMonths, months)
				by, bm := temporal.FloorDiv(originMonths+q*months, 12)
				start = temporal.DaysFromCivil(by, int(bm)+1, 1) * temporal.NsPerDay
			} else {
				q, _ := temporal.FloorDiv(ns-origin, fixed)
				start = origin + q*fixed
			}
			res.ints[i], _ = temporal.FloorDiv(start+offset, d.unitNs)
		}
		return res, nil
	}}}
}

// sqlIntervalNs reads a constant interval or duration: its months and
// its fixed part in nanoseconds.
func sqlIntervalNs(v *exprVec) (months, ns int64, ok bool) {
	if iv, ok := exprIntervalOf(v); ok {
		return iv.Months, iv.Days*temporal.NsPerDay + iv.Ns, true
	}
	if v.t == exprIntT && v.dt != nil && dtype.Of(v.dt).Class == dtype.ClassDuration && len(v.ints) > 0 && !v.isNull(0) {
		return 0, v.ints[0] * int64(dtype.Of(v.dt).Unit), true
	}
	return 0, 0, false
}
