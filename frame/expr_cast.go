package frame

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/temporal"
	"github.com/structframe/structframe/structured"
)

// CastOption changes how Cast converts.
type CastOption uint8

// NonStrict makes Cast give null where a value does not convert (a string
// that does not parse, a number out of the target's range), Polars'
// strict=False, instead of an error.
const NonStrict CastOption = 1

// castRoundFloats is the text form's CAST, as DuckDB's: a float becomes
// the nearest integer (half to even: 4.5 is 4) instead of being
// truncated, and a string of a number with a fraction or an exponent
// ("3.5", " 1e2 ") the nearest integer half away from zero (4, 100).
const castRoundFloats CastOption = 2

// Cast converts e to the Arrow type dt, strictly by default (Polars'
// strict cast): the first value that does not convert is an ErrType
// error naming it and its row; with NonStrict it becomes null. Nulls stay
// null; casting to the type e has returns it unchanged. The conversions,
// as Polars':
//
//   - integers of every width, floats and bools between themselves:
//     integers checked against the target's range, floats to integers
//     truncated toward zero (NaN, ±Inf and values out of range do not
//     convert), numbers to bool as x != 0;
//   - strings to numbers (strconv's syntax: "12", "-3.5e2", "NaN"), bools
//     ("true", "false", "1", "0", any case), dates, timestamps and times
//     (ISO 8601, see ExprStr.Strptime), durations (Polars' duration
//     strings, "1d2h", "90s") and decimals;
//   - anything above to string, large_string or string_view (floats as
//     strconv's shortest form, dates as 2024-01-15, timestamps as
//     2024-01-15 10:00:00[.ffffff][+hh:mm], times as 10:00:00[.ffffff],
//     durations as Polars writes them, 1d 2h 3m), and to dictionary<...,
//     string> (Polars' categorical);
//   - integers, floats, strings and decimals to decimal128(p, s) (a value
//     needing more than p digits does not convert) and decimals to
//     numbers and strings;
//   - integers to and from the temporal types (their ticks), dates to
//     timestamps (midnight UTC) and back (the date on the zone's wall
//     clock), between timestamp, time and duration units (toward minus
//     infinity to a coarser unit), between time zones (the instants
//     stay), timestamps to their time of day.
func (e Expr) Cast(dt arrow.DataType, opts ...CastOption) Expr {
	label := "<nil>"
	if dt != nil {
		label = exprArrowName(dt)
	}
	strict, round := true, false
	for _, o := range opts {
		strict = strict && o != NonStrict
		round = round || o == castRoundFloats
	}
	if !strict {
		label += ", strict=false"
	}
	return fn1("cast", e, label, func(a *exprVec) (*exprVec, error) { return exprCast(a, dt, strict, round) })
}

// exprCaster converts one vector; fail records a value that does not
// convert (an error when strict, else a null).
type exprCaster struct {
	a      *exprVec
	dt     arrow.DataType
	strict bool
	round  bool // floats to integers round half away from zero
	n      int
	valid  []byte
	copied bool
	err    error
}

// fail marks row i as not converting; it reports whether to stop.
func (c *exprCaster) fail(i int, value string, why string) bool {
	if c.strict {
		if why != "" {
			why = " (" + why + ")"
		}
		c.err = fmt.Errorf("%w: row %d: %s does not convert to %s%s", ErrType, i, value, exprArrowName(c.dt), why)
		return true
	}
	if !c.copied {
		c.valid, c.copied = exprCopyValid(c.valid, c.n), true
	}
	c.valid[i/8] &^= 1 << (i % 8)
	return false
}

func (c *exprCaster) null(i int) bool {
	return c.valid != nil && c.valid[i/8]&(1<<(i%8)) == 0
}

func exprCast(a *exprVec, dt arrow.DataType, strict, round bool) (*exprVec, error) {
	if dt == nil {
		return nil, fmt.Errorf("%w: cast to a nil type", ErrArgument)
	}
	if d, ok := a.raw.(*structured.Dense); ok && d.Rank() == 1 && arrow.TypeEqual(d.DataType(), dt) {
		return a, nil
	}
	if a.dt != nil && arrow.TypeEqual(a.dt, dt) {
		return a, nil
	}
	n, _ := exprRows(a)
	to := dtype.Of(dt)
	if a.t == exprNullT {
		return exprCastNulls(a, dt, n)
	}
	if out, ok := exprWiden(a, dt); ok {
		return out, nil
	}
	src, err := exprCastSource(a)
	if err != nil {
		return nil, err
	}
	c := &exprCaster{a: src, dt: dt, strict: strict, round: round, n: n, valid: src.valid}
	var out *exprVec
	switch {
	case to.Integer():
		out = c.toInts()
	case to.Class == dtype.ClassFloat && to.Storage != dtype.StorageFloat16:
		out = c.toFloats()
	case to.Class == dtype.ClassBool:
		out = c.toBools()
	case to.Class == dtype.ClassString || to.Class == dtype.ClassDictionary && dtype.ValueFacts(dt).Class == dtype.ClassString:
		out = c.toStrings()
	case to.Temporal():
		out = c.toTemporal()
	case to.Class == dtype.ClassDecimal && to.Storage == dtype.StorageDecimal128:
		out = c.toDecimal()
	default:
		return nil, fmt.Errorf("%w: cannot cast %s to %s", ErrType, a.typeName(), exprArrowName(dt))
	}
	if c.err != nil {
		return nil, c.err
	}
	if out == nil {
		return nil, fmt.Errorf("%w: cannot cast %s to %s", ErrType, a.typeName(), exprArrowName(dt))
	}
	return exprCastFinish(out, dt)
}

// exprCastSource is a vector the casts read: decimals become their exact
// text (a string vector remembering its type), others are a as is.
func exprCastSource(a *exprVec) (*exprVec, error) {
	if a.t != exprOtherT {
		return a, nil
	}
	d, ok := a.raw.(*structured.Dense)
	if !ok || d.Rank() != 1 || dtype.Of(d.DataType()).Class != dtype.ClassDecimal {
		return nil, fmt.Errorf("%w: cannot cast %s", ErrType, a.typeName())
	}
	at, ok := dtype.DecimalStrings(d.Values().Data())
	if !ok {
		return nil, fmt.Errorf("%w: cannot cast %s", ErrType, a.typeName())
	}
	out := &exprVec{t: exprStrT, n: a.n, scalar: a.scalar, loaded: true, strs: make([]string, a.n), valid: exprBitsOf(d.Validity()), dt: d.DataType()}
	for i := range out.strs {
		if !out.isNull(i) {
			out.strs[i] = at(i)
		}
	}
	return out, nil
}

// exprCastNulls is a vector of nulls of type dt.
func exprCastNulls(a *exprVec, dt arrow.DataType, n int) (*exprVec, error) {
	switch exprTypeOf(dt) {
	case exprIntT, exprFloatT, exprBoolT:
		out := exprNew(exprTypeOf(dt), a)
		out.valid = exprBitsNone(out.n)
		if out.t != exprBoolT {
			out.dt = dt
		}
		return out, nil
	case exprStrT:
		if dt.ID() == arrow.STRING {
			out := exprNew(exprStrT, a)
			out.valid = exprBitsNone(out.n)
			return out, nil
		}
	}
	arr := array.MakeArrayOfNull(memory.DefaultAllocator, dt, n)
	defer arr.Release()
	v, err := structured.NewDense(arr)
	if err != nil {
		return nil, fmt.Errorf("%w: cannot cast null to %s: %v", ErrType, exprArrowName(dt), err)
	}
	out := exprFromValue(v)
	out.scalar = a.scalar
	return out, out.load()
}

// exprCastFinish gives the computed vector the target type: ints and
// floats take it as dt, strings become the Arrow type asked for.
func exprCastFinish(out *exprVec, dt arrow.DataType) (*exprVec, error) {
	switch out.t {
	case exprIntT, exprFloatT:
		out.dt = dt
		return out, nil
	case exprStrT:
		if dt.ID() == arrow.STRING {
			return out, nil
		}
		arr, err := exprStringArray(out, dt)
		if err != nil {
			return nil, err
		}
		defer arr.Release()
		v, err := structured.NewDense(arr)
		if err != nil {
			return nil, err
		}
		out.raw = v
		return out, nil
	}
	return out, nil
}

// exprStringArray builds strings as a large_string, string_view or
// dictionary array.
func exprStringArray(v *exprVec, dt arrow.DataType) (arrow.Array, error) {
	mem := memory.DefaultAllocator
	n := v.n
	var b array.Builder
	var appendStr func(string) error
	switch {
	case dt.ID() == arrow.LARGE_STRING:
		lb := array.NewLargeStringBuilder(mem)
		b, appendStr = lb, func(s string) error { lb.Append(s); return nil }
	case dt.ID() == arrow.STRING_VIEW:
		sb := array.NewStringViewBuilder(mem)
		b, appendStr = sb, func(s string) error { sb.Append(s); return nil }
	case dtype.Of(dt).Class == dtype.ClassDictionary:
		db, ok := array.NewDictionaryBuilder(mem, dt.(*arrow.DictionaryType)).(*array.BinaryDictionaryBuilder)
		if !ok {
			return nil, fmt.Errorf("%w: cannot cast to %s", ErrType, exprArrowName(dt))
		}
		b, appendStr = db, db.AppendString
	default:
		return nil, fmt.Errorf("%w: cannot cast to %s", ErrType, exprArrowName(dt))
	}
	defer b.Release()
	b.Reserve(n)
	for i := 0; i < n; i++ {
		if v.isNull(i) {
			b.AppendNull()
			continue
		}
		if err := appendStr(v.strs[i*v.stride()]); err != nil {
			return nil, fmt.Errorf("%w: row %d: %v", ErrType, i, err)
		}
	}
	return b.NewArray(), nil
}

// exprWiden is a cast between integer types whose target holds every
// value of the source (int32 to int64, uint8 to int16...): the int64s the
// vector computes in already are the values, so only the type to give
// them back as changes, without a pass over the rows.
func exprWiden(a *exprVec, dt arrow.DataType) (*exprVec, bool) {
	if a.t != exprIntT || a.dt == nil || !dtype.Of(a.dt).Integer() || !dtype.Of(dt).Integer() || !a.loaded {
		return nil, false
	}
	lo, hi := exprIntRange(a.dt)
	tlo, thi := exprIntRange(dt)
	if lo < tlo || hi > thi {
		return nil, false
	}
	out := *a
	out.dt, out.raw = dt, nil
	return &out, true
}

// exprIntRange is the range of an integer Arrow type.
func exprIntRange(dt arrow.DataType) (lo, hi float64) {
	switch dtype.Of(dt).Storage {
	case dtype.StorageInt8:
		return math.MinInt8, math.MaxInt8
	case dtype.StorageInt16:
		return math.MinInt16, math.MaxInt16
	case dtype.StorageInt32:
		return math.MinInt32, math.MaxInt32
	case dtype.StorageUint8:
		return 0, math.MaxUint8
	case dtype.StorageUint16:
		return 0, math.MaxUint16
	case dtype.StorageUint32:
		return 0, math.MaxUint32
	case dtype.StorageUint64:
		return 0, math.MaxInt64 // held as int64
	}
	return math.MinInt64, math.MaxInt64
}

func (c *exprCaster) toInts() *exprVec {
	a := c.a
	out := exprNew(exprIntT, a)
	lo, hi := exprIntRange(c.dt)
	s := a.stride()
	for i := 0; i < out.n && c.err == nil; i++ {
		if c.null(i) {
			continue
		}
		var x int64
		switch a.t {
		case exprIntT:
			x = a.ints[i*s]
		case exprFloatT:
			f := a.floats[i*s]
			if c.round {
				f = math.RoundToEven(f)
			}
			if f != f || f < lo || f >= hi+1 {
				c.fail(i, strconv.FormatFloat(f, 'g', -1, 64), "out of range")
				continue
			}
			x = int64(f)
		case exprBoolT:
			if a.bools[i*s] {
				x = 1
			}
		case exprStrT:
			str := a.strs[i*s]
			if c.round {
				str = strings.TrimSpace(str)
			}
			var err error
			if x, err = strconv.ParseInt(str, 10, 64); err != nil {
				if a.dt != nil { // a decimal: its integer part
					whole, _, _ := strings.Cut(str, ".")
					x, err = strconv.ParseInt(whole, 10, 64)
				} else if f, ferr := strconv.ParseFloat(str, 64); c.round && ferr == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
					if f = math.Round(f); f < lo || f >= hi+1 {
						c.fail(i, strconv.Quote(str), "out of range")
						continue
					}
					x, err = int64(f), nil
				}
				if err != nil {
					c.fail(i, strconv.Quote(str), "not an integer")
					continue
				}
			}
		}
		if float64(x) < lo || float64(x) > hi {
			c.fail(i, strconv.FormatInt(x, 10), "out of range")
			continue
		}
		out.ints[i] = x
	}
	out.valid = c.valid
	return out
}

func (c *exprCaster) toFloats() *exprVec {
	a := c.a
	out := exprNew(exprFloatT, a)
	s := a.stride()
	for i := 0; i < out.n && c.err == nil; i++ {
		if c.null(i) {
			continue
		}
		switch a.t {
		case exprIntT:
			out.floats[i] = float64(a.ints[i*s])
		case exprFloatT:
			out.floats[i] = a.floats[i*s]
		case exprBoolT:
			if a.bools[i*s] {
				out.floats[i] = 1
			}
		case exprStrT:
			f, err := strconv.ParseFloat(a.strs[i*s], 64)
			if err != nil && !strings.Contains(err.Error(), "range") {
				c.fail(i, strconv.Quote(a.strs[i*s]), "not a number")
				continue
			}
			out.floats[i] = f
		}
	}
	out.valid = c.valid
	return out
}

func (c *exprCaster) toBools() *exprVec {
	a := c.a
	out := exprNew(exprBoolT, a)
	s := a.stride()
	for i := 0; i < out.n && c.err == nil; i++ {
		if c.null(i) {
			continue
		}
		switch a.t {
		case exprIntT:
			if exprIsTemporal(a.dt) {
				c.err = fmt.Errorf("%w: cannot cast %s to bool", ErrType, a.typeName())
				return nil
			}
			out.bools[i] = a.ints[i*s] != 0
		case exprFloatT:
			out.bools[i] = a.floats[i*s] != 0
		case exprBoolT:
			out.bools[i] = a.bools[i*s]
		case exprStrT:
			b, err := strconv.ParseBool(a.strs[i*s])
			if err != nil {
				c.fail(i, strconv.Quote(a.strs[i*s]), "not a bool")
				continue
			}
			out.bools[i] = b
		}
	}
	out.valid = c.valid
	return out
}

func (c *exprCaster) toStrings() *exprVec {
	a := c.a
	out := exprNew(exprStrT, a)
	out.valid = c.valid
	s := a.stride()
	switch a.t {
	case exprStrT:
		for i := range out.strs {
			out.strs[i] = a.strs[i*s]
		}
	case exprBoolT:
		for i := range out.strs {
			out.strs[i] = strconv.FormatBool(a.bools[i*s])
		}
	case exprFloatT:
		for i := range out.strs {
			out.strs[i] = exprFloatText(a.floats[i*s])
		}
	case exprIntT:
		if !exprIsTemporal(a.dt) {
			for i := range out.strs {
				out.strs[i] = strconv.FormatInt(a.ints[i*s], 10)
			}
			break
		}
		d, err := dtInOf("cast", a)
		if err != nil {
			c.err = err
			return nil
		}
		format := exprTemporalText(d)
		var buf []byte
		for i := range out.strs {
			if c.null(i) {
				continue
			}
			t := a.ints[i*s]
			if format == nil {
				out.strs[i] = exprDurationText(t * d.unitNs)
				continue
			}
			buf = format.Append(buf[:0], exprDtFields(d, t))
			out.strs[i] = string(buf)
		}
	}
	return out
}

var (
	exprDateFormat, _     = temporal.Compile("%Y-%m-%d")
	exprTimeFormat, _     = temporal.Compile("%H:%M:%S%.f")
	exprDatetimeFormat, _ = temporal.Compile("%Y-%m-%d %H:%M:%S%.f")
	exprZonedFormat, _    = temporal.Compile("%Y-%m-%d %H:%M:%S%.f%:z")
)

// exprTemporalText is the format a temporal type casts to string by; nil
// for a duration.
func exprTemporalText(d *dtIn) *temporal.Format {
	switch d.class {
	case dtype.ClassDate:
		return exprDateFormat
	case dtype.ClassTime:
		return exprTimeFormat
	case dtype.ClassTimestamp:
		if d.tz != "" {
			return exprZonedFormat
		}
		return exprDatetimeFormat
	}
	return nil
}

// exprDurationText writes a duration as Polars: "1d 2h 3m 4s 5ms", "0s"
// for zero, "-" before a negative one.
func exprDurationText(ns int64) string {
	if ns == 0 {
		return "0s"
	}
	var b strings.Builder
	if ns < 0 {
		b.WriteByte('-')
		if ns == math.MinInt64 {
			return "-" + strconv.FormatUint(1<<63, 10) + "ns"
		}
		ns = -ns
	}
	for _, u := range []struct {
		name string
		ns   int64
	}{{"d", temporal.NsPerDay}, {"h", temporal.NsPerH}, {"m", temporal.NsPerMin}, {"s", temporal.NsPerSec}, {"ms", temporal.NsPerMs}, {"us", temporal.NsPerUs}, {"ns", 1}} {
		if q := ns / u.ns; q > 0 {
			if b.Len() > 1 || b.Len() == 1 && b.String() != "-" {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatInt(q, 10))
			b.WriteString(u.name)
			ns -= q * u.ns
		}
	}
	return b.String()
}

// toTemporal casts to a date, time, timestamp or duration.
func (c *exprCaster) toTemporal() *exprVec {
	a := c.a
	to := dtype.Of(c.dt)
	toNs := int64(to.Unit)
	out := exprNew(exprIntT, a)
	s := a.stride()
	switch {
	case a.t == exprStrT && to.Class == dtype.ClassDuration:
		for i := 0; i < out.n && c.err == nil; i++ {
			if c.null(i) {
				continue
			}
			e, err := temporal.ParseEvery(a.strs[i*s])
			ns, fixed := e.Fixed()
			if err != nil || !fixed {
				c.fail(i, strconv.Quote(a.strs[i*s]), "not a duration such as 1d2h")
				continue
			}
			out.ints[i], _ = temporal.FloorDiv(ns, toNs)
		}
	case a.t == exprStrT:
		p, err := newExprParseTemporal(c.dt, nil, false)
		if err != nil {
			c.err = err
			return nil
		}
		parsed, err := p.run(a)
		if err != nil {
			c.err = err
			return nil
		}
		// A value that parsed to null did not parse.
		for i := 0; i < out.n && c.err == nil; i++ {
			if !c.null(i) && parsed.isNull(i) {
				c.fail(i, strconv.Quote(a.strs[i*s]), "not ISO 8601")
			}
		}
		// Strings with offsets cast to a timestamp without a zone give
		// their UTC instants.
		out.ints = parsed.ints
	case a.t == exprIntT && !exprIsTemporal(a.dt):
		copy(out.ints, a.ints[:len(out.ints)])
		if lo, hi := exprIntRange(c.dt); lo > math.MinInt64 || hi < math.MaxInt64 {
			for i, x := range out.ints {
				if !c.null(i) && (float64(x) < lo || float64(x) > hi) && c.fail(i, strconv.FormatInt(x, 10), "out of range") {
					break
				}
			}
		}
	case a.t == exprIntT:
		d, err := dtInOf("cast", a)
		if err != nil {
			c.err = err
			return nil
		}
		from := d.class
		switch {
		case from == to.Class && from != dtype.ClassDate, from == dtype.ClassDate && to.Class == dtype.ClassDate,
			from == dtype.ClassDate && to.Class == dtype.ClassTimestamp:
			// The same ticks in another unit (a zone change keeps the instants).
			c.rescale(a.ints, out.ints, d.unitNs, toNs)
		case from == dtype.ClassTimestamp && to.Class == dtype.ClassDate:
			for i := range out.ints {
				days, _ := d.split(a.ints[i*s])
				out.ints[i] = days * (temporal.NsPerDay / toNs)
			}
		case from == dtype.ClassTimestamp && to.Class == dtype.ClassTime:
			for i := range out.ints {
				_, ns := d.split(a.ints[i*s])
				out.ints[i] = ns / toNs
			}
		default:
			c.err = fmt.Errorf("%w: cannot cast %s to %s", ErrType, a.typeName(), exprArrowName(c.dt))
			return nil
		}
	default:
		c.err = fmt.Errorf("%w: cannot cast %s to %s", ErrType, a.typeName(), exprArrowName(c.dt))
		return nil
	}
	out.valid = c.valid
	return out
}

// rescale converts ticks of from nanoseconds to to nanoseconds, checking
// the overflow of a finer unit.
func (c *exprCaster) rescale(in, out []int64, from, to int64) {
	if len(out) < len(in) {
		in = in[:len(out)]
	}
	if from > to && from%to == 0 {
		k := from / to
		for i, x := range in {
			y := x * k
			if y/k != x && !c.null(i) {
				if c.fail(i, strconv.FormatInt(x, 10), "out of range") {
					return
				}
			}
			out[i] = y
		}
		return
	}
	exprDtRescale(in, out, from, to)
}

// toDecimal casts to decimal128(p, s).
func (c *exprCaster) toDecimal() *exprVec {
	a := c.a
	dt, ok := c.dt.(*arrow.Decimal128Type)
	if !ok {
		c.err = fmt.Errorf("%w: cannot cast to %s", ErrType, exprArrowName(c.dt))
		return nil
	}
	n := c.n
	vals := make([]decimal128.Num, n)
	s := a.stride()
	for i := 0; i < n && c.err == nil; i++ {
		if c.null(i) {
			continue
		}
		var v decimal128.Num
		var err error
		var text string
		switch a.t {
		case exprIntT:
			if exprIsTemporal(a.dt) {
				c.err = fmt.Errorf("%w: cannot cast %s to %s", ErrType, a.typeName(), exprArrowName(c.dt))
				return nil
			}
			text = strconv.FormatInt(a.ints[i*s], 10)
			v, err = decimal128.FromString(text, dt.Precision, dt.Scale)
		case exprFloatT:
			f := a.floats[i*s]
			text = strconv.FormatFloat(f, 'g', -1, 64)
			v, err = decimal128.FromFloat64(f, dt.Precision, dt.Scale)
		case exprStrT:
			text = strconv.Quote(a.strs[i*s])
			v, err = decimal128.FromString(strings.TrimSpace(a.strs[i*s]), dt.Precision, dt.Scale)
		default:
			c.err = fmt.Errorf("%w: cannot cast %s to %s", ErrType, a.typeName(), exprArrowName(c.dt))
			return nil
		}
		if err == nil && !v.FitsInPrecision(dt.Precision) {
			err = fmt.Errorf("more than %d digits", dt.Precision)
		}
		if err != nil {
			c.fail(i, text, "not a decimal of precision "+strconv.Itoa(int(dt.Precision))+" and scale "+strconv.Itoa(int(dt.Scale)))
			continue
		}
		vals[i] = v
	}
	if c.err != nil {
		return nil
	}
	b := array.NewDecimal128Builder(memory.DefaultAllocator, dt)
	defer b.Release()
	b.Reserve(n)
	for i, v := range vals {
		if c.null(i) {
			b.AppendNull()
		} else {
			b.Append(v)
		}
	}
	arr := b.NewArray()
	defer arr.Release()
	v, err := structured.NewDense(arr)
	if err != nil {
		c.err = err
		return nil
	}
	out := exprFromValue(v)
	out.scalar = a.scalar
	if err := out.load(); err != nil {
		c.err = err
		return nil
	}
	return out
}

// exprFloatText writes a float as Polars and DuckDB cast one to a string:
// the shortest text that reads back the same, with ".0" when it would
// look like an integer (47.0, not 47; 1e+20 and NaN as they are).
func exprFloatText(x float64) string {
	t := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(t, ".eIN") {
		t += ".0"
	}
	return t
}
