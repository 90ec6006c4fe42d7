package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/temporal"
)

// ToDate parses each string as a date (date32), strictly: a string that
// does not parse is an ErrType error naming it and its row. format is a
// strptime format (see ExprDt.Strftime for the specifiers; "%Y-%m-%d",
// "%d/%m/%Y"...), or "" to read ISO 8601 ("2024-01-15"; a timestamp's
// date part is taken: "2024-01-15T10:00:00Z" is 2024-01-15, the date as
// written).
func (s ExprStr) ToDate(format string) Expr {
	return s.Strptime(arrow.FixedWidthTypes.Date32, format, true)
}

// ToDatetime parses each string as a timestamp[us], strictly. format is a
// strptime format or "" for ISO 8601 ("2024-01-15 10:00",
// "2024-01-15T10:00:00.5+01:00"). Strings with a UTC offset (%z, or ISO
// with Z or ±hh:mm; for "" the first string that parses decides) give
// instants in the zone tz, "UTC" when tz is ""; strings without one are
// wall-clock times, in the zone tz when given (a wall-clock time tz skips
// or has twice is an error, as Polars' ambiguous="raise"), else without
// a zone.
func (s ExprStr) ToDatetime(format, tz string) Expr {
	return s.Strptime(&arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: tz}, format, true)
}

// ToTime parses each string as a time of day (time64[ns]), strictly:
// format is a strptime format ("%H:%M") or "" for hh:mm[:ss[.f]].
func (s ExprStr) ToTime(format string) Expr {
	return s.Strptime(arrow.FixedWidthTypes.Time64ns, format, true)
}

// Strptime parses each string as a value of dt: a date (date32,
// date64), a timestamp of any unit and zone, or a time (time32, time64),
// by a strptime format ("" reads ISO 8601; see ToDate, ToDatetime,
// ToTime). strict makes a string that does not parse an ErrType error
// naming it and its row; otherwise it gives null (Polars' strict=False).
// The format is compiled once; an invalid one is an ErrArgument error
// found before any row is read.
func (s ExprStr) Strptime(dt arrow.DataType, format string, strict bool) Expr {
	label := "str.strptime"
	var f *temporal.Format
	if format != "" {
		var err error
		if f, err = temporal.Compile(format); err != nil {
			return exprFailed(label, s.e, fmt.Errorf("%w: %v", ErrArgument, err))
		}
	}
	p, err := newExprParseTemporal(dt, f, strict)
	if err != nil {
		return exprFailed(label, s.e, err)
	}
	extra := fmt.Sprintf("%s, %q", exprArrowName(dt), format)
	if !strict {
		extra += ", strict=false"
	}
	x := fn1(label, s.e, extra, func(a *exprVec) (*exprVec, error) {
		if out, ok, err := exprMapItems(a, p.run); ok {
			return out, err
		}
		if a.t != exprStrT && a.t != exprNullT {
			return nil, fmt.Errorf("%w: %s takes a string, got %s", ErrType, label, a.typeName())
		}
		return p.run(a)
	})
	fx := x.n.(exprFn)
	fx.lazy = true
	return Expr{n: fx}
}

// exprParseTemporal parses strings into a temporal type.
type exprParseTemporal struct {
	dt     arrow.DataType
	class  dtype.Class
	unitNs int64
	f      *temporal.Format // nil: ISO 8601
	strict bool
	tz     string
	zone   *temporal.Zone // the target zone, nil for none or UTC
	policy temporal.Ambiguous
}

func newExprParseTemporal(dt arrow.DataType, f *temporal.Format, strict bool) (*exprParseTemporal, error) {
	if dt == nil {
		return nil, fmt.Errorf("%w: parse to a nil type", ErrArgument)
	}
	fa := dtype.Of(dt)
	p := &exprParseTemporal{dt: dt, class: fa.Class, unitNs: int64(fa.Unit), f: f, strict: strict}
	switch fa.Class {
	case dtype.ClassDate, dtype.ClassTime:
	case dtype.ClassTimestamp:
		p.tz = dt.(*arrow.TimestampType).TimeZone
		if p.tz != "" {
			loc, err := temporal.LoadLocation(p.tz)
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrArgument, err)
			}
			if z := temporal.NewZone(loc); !z.UTC() {
				p.zone = z
			}
		}
	default:
		return nil, fmt.Errorf("%w: strings parse to dates, times and timestamps, not %s", ErrType, exprArrowName(dt))
	}
	return p, nil
}

// what names the target for messages.
func (p *exprParseTemporal) what() string {
	switch p.class {
	case dtype.ClassDate:
		return "a date"
	case dtype.ClassTime:
		return "a time"
	}
	return "a timestamp"
}

// run parses a string vector.
func (p *exprParseTemporal) run(a *exprVec) (*exprVec, error) {
	dt := p.dt
	out := exprNew(exprIntT, a)
	out.dt = dt
	if a.t == exprNullT {
		out.valid = exprBitsNone(out.n)
		return out, nil
	}
	var firstErr error
	copied := false
	offsets := -1 // for ISO to a zoneless timestamp: -1 undecided, 0 no, 1 yes
	if p.class == dtype.ClassTimestamp && (p.f == nil || p.f.HasOff) && p.tz == "" {
		if p.f != nil {
			offsets = 1
		}
	} else {
		offsets = 0
	}
	err := exprStrEach(a, func(i int, s string) {
		if firstErr != nil || a.isNull(i) {
			return
		}
		x, reason := p.one(s, &offsets)
		if reason == "" {
			out.ints[i] = x
			return
		}
		if p.strict {
			firstErr = fmt.Errorf("%w: row %d: %q is not %s (%s)", ErrType, i, s, p.what(), reason)
			return
		}
		if !copied {
			out.valid, copied = exprCopyValid(a.valid, out.n), true
		}
		out.valid[i/8] &^= 1 << (i % 8)
	})
	if err != nil {
		return nil, err
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if !copied {
		out.valid = a.valid
	}
	if offsets == 1 && p.tz == "" {
		out.dt = &arrow.TimestampType{Unit: dt.(*arrow.TimestampType).Unit, TimeZone: "UTC"}
	}
	return out, nil
}

// one parses one string to its ticks, or gives the reason it does not.
func (p *exprParseTemporal) one(s string, offsets *int) (int64, string) {
	var v temporal.Parsed
	if p.f != nil {
		var reason string
		if v, reason = p.f.Parse(s); reason != "" {
			return 0, reason
		}
	} else {
		var ok bool
		if p.class == dtype.ClassTime {
			if ns, ok := temporal.ParseISOTime(s); ok {
				return ns / p.unitNs, ""
			}
		}
		if v, ok = temporal.ParseISO(s); !ok {
			return 0, "not ISO 8601"
		}
	}
	switch p.class {
	case dtype.ClassDate:
		return v.Days * (temporal.NsPerDay / p.unitNs), ""
	case dtype.ClassTime:
		return v.Ns / p.unitNs, ""
	}
	if *offsets < 0 {
		*offsets = 0
		if v.HasOff {
			*offsets = 1
		}
	}
	if v.HasOff {
		if *offsets == 0 && p.tz == "" {
			return 0, "it has a UTC offset, the first value did not"
		}
		q, _ := temporal.FloorDiv(v.UTCNs(), p.unitNs)
		return q, ""
	}
	if *offsets == 1 && p.tz == "" {
		return 0, "it has no UTC offset, the first value did"
	}
	local, _ := temporal.FloorDiv(v.LocalNs(), p.unitNs)
	if p.zone == nil {
		return local, ""
	}
	perSec := temporal.NsPerSec / p.unitNs
	sec, sub := temporal.FloorDiv(local, perSec)
	u, status := p.zone.FromLocal(sec, p.policy)
	switch status {
	case temporal.LocalAmbiguous:
		return 0, "ambiguous in " + p.tz + ": it occurs twice"
	case temporal.LocalNonExistent:
		return 0, "does not exist in " + p.tz + ": the clocks skip it"
	}
	return u*perSec + sub, ""
}
