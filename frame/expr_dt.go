package frame

import (
	"fmt"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/hugepage"
	"github.com/structframe/structframe/internal/temporal"
	"github.com/structframe/structframe/structured"
)

// ExprDt holds the date, time and duration functions of an expression,
// Polars' dt namespace: e.Dt().Year(). They take date32, date64,
// timestamp (any unit, with or without a time zone), time32/time64 and
// duration columns, as the function allows; another type is an ErrType
// error. Nulls stay null.
//
// A timestamp with a time zone holds UTC instants and shows them in its
// zone: its fields (Year, Hour, ...), Truncate, Round, OffsetBy,
// Strftime, Date and Time are those of the wall clock in that zone. A
// timestamp without one is a wall-clock time and is read as it is.
//
// Calendar arithmetic is the proleptic Gregorian calendar over integer
// day counts (years before 1970 and before 1582 included); zone offsets
// come from Go's IANA database, embedded (time/tzdata), so that zones
// load on machines without one.
//
// The operators on temporal columns (Add, Sub, Mul and the comparisons),
// as Polars:
//
//	timestamp - timestamp   duration (of the finer unit)
//	timestamp ± duration    timestamp (of the finer unit, the timestamp's zone)
//	duration + timestamp    timestamp
//	date - date             duration[ms] (Polars' type for it)
//	date ± duration         date (the duration's whole days, toward minus infinity)
//	duration ± duration     duration (of the finer unit)
//	duration * integer      duration
//
// A duration literal is a time.Duration (duration[ns]). Timestamp
// arithmetic counts instants: 24 hours are 24 hours across a DST change
// too (OffsetBy("1d") moves the wall clock instead). A temporal column
// compares with its own type in any unit, a date with a timestamp, a
// time.Time or arrow.Date32 literal, and a string literal in ISO 8601
// parsed as the column's type (Col("d").Gt(Lit("2024-01-15")); a
// zoneless string is a wall-clock time in a zoned column's zone); a
// string that does not parse is an ErrType error naming it.
type ExprDt struct{ e Expr }

// Dt returns the date, time and duration functions of e.
func (e Expr) Dt() ExprDt { return ExprDt{e: e} }

// dtIn describes a temporal operand: how its ticks map to days and
// nanoseconds of the day.
type dtIn struct {
	dt     arrow.DataType
	class  dtype.Class
	unitNs int64 // nanoseconds per tick
	perDay int64 // ticks per day (date32: 1)
	perSec int64 // ticks per second (0 for date32)
	tz     string
	zone   *temporal.Zone // nil: no zone (or UTC)
}

// dtInOf reads the temporal type of a, or an ErrType error naming the
// function.
func dtInOf(label string, a *exprVec, classes ...dtype.Class) (*dtIn, error) {
	if a.t != exprIntT || !exprIsTemporal(a.dt) {
		return nil, fmt.Errorf("%w: %s takes a date, time, timestamp or duration, got %s", ErrType, label, a.typeName())
	}
	f := dtype.Of(a.dt)
	if len(classes) > 0 {
		ok := false
		for _, c := range classes {
			ok = ok || f.Class == c
		}
		if !ok {
			return nil, fmt.Errorf("%w: %s does not take %s", ErrType, label, a.typeName())
		}
	}
	d := &dtIn{dt: a.dt, class: f.Class, unitNs: int64(f.Unit)}
	d.perDay = temporal.NsPerDay / d.unitNs
	if d.unitNs <= temporal.NsPerSec {
		d.perSec = temporal.NsPerSec / d.unitNs
	}
	if ts, ok := a.dt.(*arrow.TimestampType); ok && ts.TimeZone != "" {
		loc, err := temporal.LoadLocation(ts.TimeZone)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrType, a.typeName(), err)
		}
		d.tz = ts.TimeZone
		if z := temporal.NewZone(loc); !z.UTC() {
			d.zone = z
		}
	}
	return d, nil
}

// offset is the zone's offset in ticks at tick t (0 without a zone).
func (d *dtIn) offset(t int64) int64 {
	if d.zone == nil {
		return 0
	}
	sec, _ := temporal.FloorDiv(t, d.perSec)
	return d.zone.Offset(sec) * d.perSec
}

// split is the local day count and nanoseconds of the day of tick t (a
// time of day: day 0).
func (d *dtIn) split(t int64) (days, ns int64) {
	if d.class == dtype.ClassTime {
		return 0, t * d.unitNs
	}
	t += d.offset(t)
	days, r := temporal.FloorDiv(t, d.perDay)
	return days, r * d.unitNs
}

// localTicks is tick t as local wall-clock ticks.
func (d *dtIn) localTicks(t int64) int64 { return t + d.offset(t) }

// fromLocal is the tick of local wall-clock ticks l: the instant with
// the offset hint (the offset of the tick it was computed from) when l
// has it there, else the earliest; a local time the clocks skip is an
// error.
func (d *dtIn) fromLocal(l, hint int64) (int64, bool) {
	if d.zone == nil {
		return l, true
	}
	if d.offset(l-hint) == hint {
		return l - hint, true
	}
	sec, sub := temporal.FloorDiv(l, d.perSec)
	u, status := d.zone.FromLocal(sec, temporal.Earliest)
	if status != temporal.LocalOK {
		return 0, false
	}
	return u*d.perSec + sub, true
}

// dtOut is a result vector of int kind over a, typed dt, with a's nulls.
func dtOut(a *exprVec, dt arrow.DataType) *exprVec {
	out := exprNew(exprIntT, a)
	out.valid, out.dt = a.valid, dt
	return out
}

// exprDtFn is an element-wise dt function of e; a null column gives nulls
// of the result type, a list column (a ragged leaf, as a field inside a
// list of structures: Col("events.at")) the function of its items.
func exprDtFn(label string, e Expr, extra string, fn func(a *exprVec) (*exprVec, error)) Expr {
	return fn1(label, e, extra, func(a *exprVec) (*exprVec, error) {
		if out, ok, err := exprMapItems(a, fn); ok {
			return out, err
		}
		if a.t == exprNullT {
			return exprNew(exprNullT, a), nil
		}
		return fn(a)
	})
}

// exprMapItems applies an element-wise kernel to the items of a ragged
// leaf, keeping its row partitions; ok is false for other vectors.
func exprMapItems(a *exprVec, fn func(a *exprVec) (*exprVec, error)) (*exprVec, bool, error) {
	r, isRagged := a.raw.(*structured.Ragged)
	if !isRagged || a.t != exprOtherT {
		return nil, false, nil
	}
	flat, err := structured.NewDense(r.Values())
	if err != nil {
		return nil, true, err
	}
	items := exprFromValue(flat)
	if err := items.load(); err != nil {
		return nil, true, err
	}
	out, err := fn(items)
	if err != nil {
		return nil, true, err
	}
	var arr arrow.Array
	if leaf, ok := out.raw.(*structured.Dense); ok && leaf.Rank() == 1 {
		arr = leaf.Values()
		arr.Retain()
	} else if arr, err = out.array(); err != nil {
		return nil, true, err
	}
	defer arr.Release()
	v, err := structured.NewRagged(arr, r.RowPartitions()...)
	if err != nil {
		return nil, true, err
	}
	return exprFromValue(v), true, nil
}

// exprDtField makes a function giving an integer field of a date, time or
// timestamp, typed out (Polars' types).
func exprDtField(label string, e Expr, out arrow.DataType, date bool, field func(days, ns int64) int64) Expr {
	general := exprDtFn(label, e, "", func(a *exprVec) (*exprVec, error) {
		classes := []dtype.Class{dtype.ClassDate, dtype.ClassTimestamp, dtype.ClassTime}
		if date {
			classes = classes[:2]
		}
		d, err := dtInOf(label, a, classes...)
		if err != nil {
			return nil, err
		}
		res := dtOut(a, out)
		if date && d.zone == nil {
			// The days first, by a division by a constant, then the field.
			dtDays(a.ints[:res.n], res.ints, d.perDay)
			dtFieldOfDays(res.ints, field)
			return res, nil
		}
		for i, t := range a.ints[:res.n] {
			res.ints[i] = field(d.split(t))
		}
		return res, nil
	})
	if !date {
		return general
	}
	// A date32 column, the commonest, is read as stored: its fields are
	// written straight into an Arrow array of the result type, with no
	// int64 copy of the days or of the result.
	fn := general.n.(exprFn)
	loaded := fn.fn
	fn.lazy = true
	fn.fn = func(c *exprCtx, args []*exprVec) (*exprVec, error) {
		if v, ok := dtFieldOfDate32(args[0], out, field); ok {
			return v, nil
		}
		if err := args[0].load(); err != nil {
			return nil, exprErr(c, fn, err)
		}
		return loaded(c, args)
	}
	return Expr{n: fn}
}

// dtFieldOfDate32 is a date field of a stored date32 column, typed out,
// or ok false for any other operand.
func dtFieldOfDate32(a *exprVec, out arrow.DataType, field func(days, ns int64) int64) (*exprVec, bool) {
	d, isDense := a.raw.(*structured.Dense)
	if a.loaded || a.scalar || !isDense || d.Rank() != 1 || d.DataType().ID() != arrow.DATE32 {
		return nil, false
	}
	days := exprRaw[int32](d)
	var buf []byte
	switch out.ID() {
	case arrow.INT8:
		buf = arrow.GetBytes(dtFieldsOfDays[int8](days, field))
	case arrow.INT16:
		buf = arrow.GetBytes(dtFieldsOfDays[int16](days, field))
	case arrow.INT32:
		buf = arrow.GetBytes(dtFieldsOfDays[int32](days, field))
	case arrow.INT64:
		buf = arrow.GetBytes(dtFieldsOfDays[int64](days, field))
	default:
		return nil, false
	}
	valid := exprBitsOf(d.Validity())
	v, err := exprFixed(out, len(days), buf, valid)
	if err != nil {
		return nil, false
	}
	return v, true
}

// dtFieldsOfDays is dtFieldsInto a new slice of T.
func dtFieldsOfDays[T int8 | int16 | int32 | int64](days []int32, field func(days, ns int64) int64) []T {
	out := hugepage.Filled[T](len(days))
	dtFieldsInto(days, out, field)
	return out
}

// dtFieldsInto writes the field of each day count into out (which may be
// days itself): through a table of the days of the span when the span
// is short beside the rows (see dtFieldOfDays). Null slots hold any day
// and are computed like any.
func dtFieldsInto[S int32 | int64, T int8 | int16 | int32 | int64](days []S, out []T, field func(days, ns int64) int64) {
	if len(days) == 0 {
		return
	}
	const maxSpan = 1 << 16
	// A fast bound of the range of 32-bit days first (the OR and AND of
	// their bits); the exact range when it is too wide or days are int64.
	lo, hi, bounded := S(0), S(0), false
	if d32, ok := any(days).([]int32); ok {
		if l, w := dtype.BitRange(unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(d32))), len(d32))); w < 16 {
			lo, hi, bounded = S(int32(l)), S(int32(l+1<<w-1)), true
		}
	}
	if !bounded {
		lo, hi = days[0], days[0]
		for _, x := range days {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	if span := uint64(int64(hi) - int64(lo)); span >= maxSpan || span >= uint64(len(days))/4 {
		for i, x := range days {
			out[i] = T(field(int64(x), 0))
		}
		return
	}
	table := make([]T, int(hi-lo)+1)
	for k := range table {
		table[k] = T(field(int64(lo)+int64(k), 0))
	}
	for i, x := range days {
		out[i] = table[x-lo]
	}
}

// dtDays is the day counts of ticks, perDay ticks a day, rounded toward
// minus infinity: one loop per unit so that the division is by a
// constant.
func dtDays(ticks, out []int64, perDay int64) {
	switch perDay {
	case 1:
		copy(out, ticks)
	case 86400:
		dtDaysBy(ticks, out, 86400)
	case 86400_000:
		dtDaysBy(ticks, out, 86400_000)
	case 86400_000_000:
		dtDaysBy(ticks, out, 86400_000_000)
	case 86400_000_000_000:
		dtDaysBy(ticks, out, 86400_000_000_000)
	default:
		for i, t := range ticks {
			out[i], _ = temporal.FloorDiv(t, perDay)
		}
	}
}

// dtFieldOfDays replaces each day count by its field. Dates of a column
// mostly span a few years: when the span is short beside the rows, the
// field of each day of the span is computed once into a table and each row
// looks its day up (a calendar computation per day instead of per row).
// Nulls hold 0 days, inside or outside the span, and are computed like
// any day.
func dtFieldOfDays(days []int64, field func(days, ns int64) int64) {
	dtFieldsInto(days, days, field)
}

// dtDaysBy is dtDays for one unit; inlined, k is a constant.
func dtDaysBy(ticks, out []int64, k int64) {
	for i, t := range ticks {
		q := t / k
		if t%k < 0 {
			q--
		}
		out[i] = q
	}
}

var (
	dtInt8  = arrow.PrimitiveTypes.Int8
	dtInt16 = arrow.PrimitiveTypes.Int16
	dtInt32 = arrow.PrimitiveTypes.Int32
	dtInt64 = arrow.PrimitiveTypes.Int64
)

func dtYear(days, _ int64) int64 {
	y, _, _ := temporal.CivilFromDays(days)
	return y
}

func dtMonth(days, _ int64) int64 {
	_, m, _ := temporal.CivilFromDays(days)
	return int64(m)
}

// Year is the year (int32), in the proleptic Gregorian calendar.
func (x ExprDt) Year() Expr { return exprDtField("dt.year", x.e, dtInt32, true, dtYear) }

// Quarter is the quarter of the year, 1 to 4 (int8).
func (x ExprDt) Quarter() Expr {
	return exprDtField("dt.quarter", x.e, dtInt8, true, func(days, ns int64) int64 { return (dtMonth(days, ns)-1)/3 + 1 })
}

// Month is the month, 1 to 12 (int8).
func (x ExprDt) Month() Expr { return exprDtField("dt.month", x.e, dtInt8, true, dtMonth) }

// Week is the ISO 8601 week of the year, 1 to 53 (int8): weeks start on
// Monday and week 1 holds the year's first Thursday, so that 2021-01-01
// is in week 53 (of 2020).
func (x ExprDt) Week() Expr {
	return exprDtField("dt.week", x.e, dtInt8, true, func(days, _ int64) int64 {
		_, w := temporal.ISOWeek(days)
		return int64(w)
	})
}

// Weekday is the ISO day of the week, Monday 1 to Sunday 7 (int8), as
// Polars. (The text form's dayofweek is DuckDB's: Sunday 0 to Saturday 6;
// its isodow is this.)
func (x ExprDt) Weekday() Expr {
	return exprDtField("dt.weekday", x.e, dtInt8, true, func(days, _ int64) int64 { return int64(temporal.ISOWeekday(days)) })
}

// OrdinalDay is the day of the year, 1 to 366 (int16).
func (x ExprDt) OrdinalDay() Expr {
	return exprDtField("dt.ordinal_day", x.e, dtInt16, true, func(days, _ int64) int64 { return int64(temporal.OrdinalDay(days)) })
}

// Day is the day of the month, 1 to 31 (int8).
func (x ExprDt) Day() Expr {
	return exprDtField("dt.day", x.e, dtInt8, true, func(days, _ int64) int64 {
		_, _, d := temporal.CivilFromDays(days)
		return int64(d)
	})
}

// Hour is the hour, 0 to 23 (int8).
func (x ExprDt) Hour() Expr {
	return exprDtField("dt.hour", x.e, dtInt8, false, func(_, ns int64) int64 { return ns / temporal.NsPerH })
}

// Minute is the minute, 0 to 59 (int8).
func (x ExprDt) Minute() Expr {
	return exprDtField("dt.minute", x.e, dtInt8, false, func(_, ns int64) int64 { return ns / temporal.NsPerMin % 60 })
}

// Second is the second, 0 to 59 (int8), without its fraction.
func (x ExprDt) Second() Expr {
	return exprDtField("dt.second", x.e, dtInt8, false, func(_, ns int64) int64 { return ns / temporal.NsPerSec % 60 })
}

// Millisecond is the fraction of the second in milliseconds, 0 to 999
// (int32).
func (x ExprDt) Millisecond() Expr {
	return exprDtField("dt.millisecond", x.e, dtInt32, false, func(_, ns int64) int64 { return ns % temporal.NsPerSec / temporal.NsPerMs })
}

// Microsecond is the fraction of the second in microseconds, 0 to 999999
// (int32).
func (x ExprDt) Microsecond() Expr {
	return exprDtField("dt.microsecond", x.e, dtInt32, false, func(_, ns int64) int64 { return ns % temporal.NsPerSec / temporal.NsPerUs })
}

// Nanosecond is the fraction of the second in nanoseconds, 0 to 999999999
// (int32).
func (x ExprDt) Nanosecond() Expr {
	return exprDtField("dt.nanosecond", x.e, dtInt32, false, func(_, ns int64) int64 { return ns % temporal.NsPerSec })
}

// dtUnitNs maps Polars' unit names to nanoseconds.
var dtUnitNs = map[string]int64{"ns": 1, "us": temporal.NsPerUs, "ms": temporal.NsPerMs, "s": temporal.NsPerSec, "d": temporal.NsPerDay}

// Epoch is the time since 1970-01-01 00:00 UTC in unit ("ns", "us", "ms",
// "s" or "d"; Polars' default is "us"), int64, rounded toward minus
// infinity. A zoned timestamp counts its instant, not its wall clock; a
// date counts from its midnight.
func (x ExprDt) Epoch(unit string) Expr {
	label := "dt.epoch"
	per, ok := dtUnitNs[unit]
	if !ok {
		return exprFailed(label, x.e, fmt.Errorf("%w: epoch unit %q (want ns, us, ms, s or d)", ErrArgument, unit))
	}
	return exprDtFn(label, x.e, fmt.Sprintf("%q", unit), func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassDate, dtype.ClassTimestamp)
		if err != nil {
			return nil, err
		}
		res := dtOut(a, dtInt64)
		exprDtRescale(a.ints[:res.n], res.ints, d.unitNs, per)
		return res, nil
	})
}

// exprDtRescale converts ticks of from nanoseconds to units of to
// nanoseconds, flooring.
func exprDtRescale(in, out []int64, from, to int64) {
	switch {
	case from == to:
		copy(out, in)
	case from > to && from%to == 0:
		k := from / to
		for i, t := range in {
			out[i] = t * k
		}
	case to > from && to%from == 0:
		k := to / from
		for i, t := range in {
			out[i], _ = temporal.FloorDiv(t, k)
		}
	default:
		for i, t := range in {
			out[i], _ = temporal.FloorDiv(t*from, to)
		}
	}
}

// exprDtTrunc is a duration truncating dates or timestamps (Truncate,
// Round) or moving them (OffsetBy), on the local wall clock.
func exprDtMove(label string, e Expr, every string, window bool, move func(temporal.Every, int64) int64) Expr {
	ev, err := temporal.ParseEvery(every)
	if err == nil && window {
		err = ev.CheckWindow()
	}
	if err != nil {
		return exprFailed(label, e, fmt.Errorf("%w: %v", ErrArgument, err))
	}
	return exprDtFn(label, e, fmt.Sprintf("%q", every), func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassDate, dtype.ClassTimestamp)
		if err != nil {
			return nil, err
		}
		res := dtOut(a, a.dt)
		for i, t := range a.ints[:res.n] {
			if a.isNull(i) {
				continue
			}
			off := d.offset(t)
			l := (t + off) * d.unitNs
			if lim := int64(1<<63-1) / d.unitNs; t+off > lim || t+off < -lim {
				return nil, fmt.Errorf("%w: row %d: %s is out of the nanosecond range", ErrArgument, i, exprDtShow(d, t))
			}
			lt, _ := temporal.FloorDiv(move(ev, l), d.unitNs)
			var ok bool
			if res.ints[i], ok = d.fromLocal(lt, off); !ok {
				return nil, fmt.Errorf("%w: row %d: %s gives a local time that does not exist in %s (the clocks skip it)", ErrArgument, i, exprDtShow(d, t), d.tz)
			}
		}
		return res, nil
	})
}

// Truncate is the start of the window of every that holds each date or
// timestamp, every a Polars duration string: "1mo" the first of the
// month, "1q" of the quarter, "1y" of the year, "1w" the Monday, "1d"
// midnight, "15m", "2h30m", "3d12h" windows of that length from
// 1970-01-01 00:00. Months and weeks do not mix with other units.
// A zoned timestamp is truncated on its wall clock and keeps its
// offset when the result has it (else the earliest of an ambiguous time;
// a time the clocks skip is an error).
func (x ExprDt) Truncate(every string) Expr {
	return exprDtMove("dt.truncate", x.e, every, true, temporal.Every.Truncate)
}

// Round is the nearest window boundary of every (see Truncate), a time
// half-way going up.
func (x ExprDt) Round(every string) Expr {
	return exprDtMove("dt.round", x.e, every, true, temporal.Every.Round)
}

// OffsetBy moves each date or timestamp by a Polars duration string, "-"
// for backwards: "1mo" to the same day of the next month (clamped to its
// last day: Jan 31 gives Feb 29 in a leap year), "1d" to the same wall
// clock time the next day (23 or 25 hours across a DST change in a
// zone), "2h" by two hours.
func (x ExprDt) OffsetBy(by string) Expr {
	return exprDtMove("dt.offset_by", x.e, by, false, func(e temporal.Every, t int64) int64 { return e.Add(t, 1) })
}

// exprDtShow renders tick t of d for a message.
func exprDtShow(d *dtIn, t int64) string {
	f, _ := temporal.Compile("%Y-%m-%d %H:%M:%S%.f")
	days, ns := d.split(t)
	return string(f.Append(nil, temporal.Fields{Days: days, Ns: ns}))
}

// Strftime formats each date, time or timestamp as a string by a
// strftime format, chrono's (Polars') specifiers: %Y %m %d %H %M %S, %f
// (nanoseconds), %.f, %.3f, %.6f, %.9f, %z, %:z, %Z (the zone's
// abbreviation), %a %A %b %B %j %u %w %V %G %p %I %s %T %F %D %R %c
// and %%. The format is compiled once; an unknown specifier is an error
// found before any row is read.
func (x ExprDt) Strftime(format string) Expr {
	label := "dt.strftime"
	f, err := temporal.Compile(format)
	if err != nil {
		return exprFailed(label, x.e, fmt.Errorf("%w: %v", ErrArgument, err))
	}
	return exprDtFn(label, x.e, fmt.Sprintf("%q", format), func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassDate, dtype.ClassTimestamp, dtype.ClassTime)
		if err != nil {
			return nil, err
		}
		res := exprNew(exprStrT, a)
		res.valid = a.valid
		// Every string in one buffer, cut after: no allocation per row.
		buf := make([]byte, 0, res.n*(len(format)+8))
		ends := make([]int, res.n)
		for i, t := range a.ints[:res.n] {
			if !a.isNull(i) {
				buf = f.Append(buf, exprDtFields(d, t))
			}
			ends[i] = len(buf)
		}
		all := string(buf)
		start := 0
		for i, end := range ends {
			res.strs[i] = all[start:end]
			start = end
		}
		return res, nil
	})
}

// exprDtFields breaks tick t down for a format.
func exprDtFields(d *dtIn, t int64) temporal.Fields {
	days, ns := d.split(t)
	x := temporal.Fields{Days: days, Ns: ns}
	if d.tz != "" {
		x.HasOff = true
		x.Off = d.offset(t) / d.perSec
		if d.zone != nil {
			sec, _ := temporal.FloorDiv(t, d.perSec)
			x.Zone = d.zone.Abbrev(sec)
		} else {
			x.Zone = "UTC"
		}
	}
	return x
}

// Date is the calendar date (date32) of each timestamp, on its zone's
// wall clock; a date passes through as date32.
func (x ExprDt) Date() Expr {
	label := "dt.date"
	return exprDtFn(label, x.e, "", func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassDate, dtype.ClassTimestamp)
		if err != nil {
			return nil, err
		}
		res := dtOut(a, arrow.FixedWidthTypes.Date32)
		for i, t := range a.ints[:res.n] {
			res.ints[i], _ = d.split(t)
		}
		return res, nil
	})
}

// Time is the time of day (time64[ns]) of each timestamp, on its zone's
// wall clock.
func (x ExprDt) Time() Expr {
	label := "dt.time"
	return exprDtFn(label, x.e, "", func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassTimestamp, dtype.ClassTime)
		if err != nil {
			return nil, err
		}
		res := dtOut(a, arrow.FixedWidthTypes.Time64ns)
		for i, t := range a.ints[:res.n] {
			_, res.ints[i] = d.split(t)
		}
		return res, nil
	})
}

// ConvertTimeZone shows each zoned timestamp in the zone tz (an IANA
// name, "UTC", or a fixed offset "+05:30"): the instants stay, their wall
// clock changes. A timestamp without a zone is an error (give it one
// first with ReplaceTimeZone), as in Polars.
func (x ExprDt) ConvertTimeZone(tz string) Expr {
	label := "dt.convert_time_zone"
	if _, err := temporal.LoadLocation(tz); err != nil || tz == "" {
		if err == nil {
			err = fmt.Errorf("empty time zone")
		}
		return exprFailed(label, x.e, fmt.Errorf("%w: %v", ErrArgument, err))
	}
	return exprDtFn(label, x.e, fmt.Sprintf("%q", tz), func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassTimestamp)
		if err != nil {
			return nil, err
		}
		if d.tz == "" {
			return nil, fmt.Errorf("%w: %s: cannot convert a timestamp without a time zone (use ReplaceTimeZone first)", ErrType, label)
		}
		out := *a
		out.raw = nil
		out.dt = &arrow.TimestampType{Unit: d.dt.(*arrow.TimestampType).Unit, TimeZone: tz}
		return &out, nil
	})
}

// ReplaceTimeZone keeps each timestamp's wall clock and gives it the zone
// tz ("" removes the zone, keeping the wall clock): the instants change.
// A wall-clock time tz does not have (America/New_York 2024-03-10 02:30,
// skipped when the clocks go forward) and one it has twice (2024-11-03
// 01:30, when they go back) are errors naming the row by default, as
// Polars' ambiguous="raise" and non_existent="raise"; options choose
// otherwise (Earliest, Latest, NullAmbiguous).
func (x ExprDt) ReplaceTimeZone(tz string, ambiguous ...Ambiguous) Expr {
	label := "dt.replace_time_zone"
	policy := temporal.Raise
	for _, o := range ambiguous {
		policy = temporal.Ambiguous(o)
	}
	var zone *temporal.Zone
	if tz != "" {
		loc, err := temporal.LoadLocation(tz)
		if err != nil {
			return exprFailed(label, x.e, fmt.Errorf("%w: %v", ErrArgument, err))
		}
		zone = temporal.NewZone(loc)
	}
	return exprDtFn(label, x.e, fmt.Sprintf("%q", tz), func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassTimestamp)
		if err != nil {
			return nil, err
		}
		unit := d.dt.(*arrow.TimestampType).Unit
		res := dtOut(a, &arrow.TimestampType{Unit: unit, TimeZone: tz})
		copied := false
		for i, t := range a.ints[:res.n] {
			if a.isNull(i) {
				continue
			}
			l := d.localTicks(t)
			if zone == nil || zone.UTC() {
				res.ints[i] = l
				continue
			}
			sec, sub := temporal.FloorDiv(l, d.perSec)
			u, status := zone.FromLocal(sec, policy)
			switch {
			case status == temporal.LocalOK:
				res.ints[i] = u*d.perSec + sub
			case policy == temporal.Null:
				if !copied {
					res.valid, copied = exprCopyValid(a.valid, res.n), true
				}
				res.valid[i/8] &^= 1 << (i % 8)
			case status == temporal.LocalAmbiguous:
				return nil, fmt.Errorf("%w: row %d: %s is ambiguous in %s (it occurs twice; choose Earliest, Latest or NullAmbiguous)", ErrArgument, i, exprDtShow(d, t), tz)
			default:
				return nil, fmt.Errorf("%w: row %d: %s does not exist in %s (the clocks skip it)", ErrArgument, i, exprDtShow(d, t), tz)
			}
		}
		return res, nil
	})
}

// exprCopyValid is a writable copy of a validity (all valid for nil).
func exprCopyValid(valid []byte, n int) []byte {
	if valid == nil {
		return exprBitsAll(n)
	}
	return append([]byte(nil), valid...)
}

// Ambiguous says what ReplaceTimeZone (and the parsers with a zone) make
// of a wall-clock time a zone has twice or not at all.
type Ambiguous uint8

// The choices; the default is an error (Polars' "raise").
const (
	// Earliest takes the first instant of an ambiguous time (before the
	// clocks go back); a skipped time stays an error.
	Earliest = Ambiguous(temporal.Earliest)
	// Latest takes the second instant of an ambiguous time.
	Latest = Ambiguous(temporal.Latest)
	// NullAmbiguous makes ambiguous and skipped times null.
	NullAmbiguous = Ambiguous(temporal.Null)
)

// exprDtTotal makes a duration total in units of per nanoseconds,
// truncated toward zero (Polars' total_*).
func exprDtTotal(label string, e Expr, per int64) Expr {
	return exprDtFn(label, e, "", func(a *exprVec) (*exprVec, error) {
		d, err := dtInOf(label, a, dtype.ClassDuration)
		if err != nil {
			return nil, err
		}
		res := dtOut(a, dtInt64)
		switch {
		case d.unitNs >= per:
			k := d.unitNs / per
			for i, t := range a.ints[:res.n] {
				res.ints[i] = t * k
			}
		default:
			k := per / d.unitNs
			for i, t := range a.ints[:res.n] {
				res.ints[i] = t / k
			}
		}
		return res, nil
	})
}

// TotalDays is the number of whole days of each duration (int64,
// truncated toward zero).
func (x ExprDt) TotalDays() Expr { return exprDtTotal("dt.total_days", x.e, temporal.NsPerDay) }

// TotalHours is the number of whole hours of each duration.
func (x ExprDt) TotalHours() Expr { return exprDtTotal("dt.total_hours", x.e, temporal.NsPerH) }

// TotalMinutes is the number of whole minutes of each duration.
func (x ExprDt) TotalMinutes() Expr {
	return exprDtTotal("dt.total_minutes", x.e, temporal.NsPerMin)
}

// TotalSeconds is the number of whole seconds of each duration.
func (x ExprDt) TotalSeconds() Expr {
	return exprDtTotal("dt.total_seconds", x.e, temporal.NsPerSec)
}

// TotalMilliseconds is the number of whole milliseconds of each duration.
func (x ExprDt) TotalMilliseconds() Expr {
	return exprDtTotal("dt.total_milliseconds", x.e, temporal.NsPerMs)
}

// TotalMicroseconds is the number of whole microseconds of each duration.
func (x ExprDt) TotalMicroseconds() Expr {
	return exprDtTotal("dt.total_microseconds", x.e, temporal.NsPerUs)
}

// TotalNanoseconds is the number of nanoseconds of each duration.
func (x ExprDt) TotalNanoseconds() Expr {
	return exprDtTotal("dt.total_nanoseconds", x.e, 1)
}
