package frame

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/temporal"
)

// The temporal vocabulary of the text form, with DuckDB's names and
// semantics where they differ from the Go API (Polars'):
//
//	year(t) quarter(t) month(t) week(t) (ISO) day(t) dayofmonth(t)
//	dayofweek(t) / dow     Sunday 0 to Saturday 6 (DuckDB; Dt().Weekday is Monday 1 to Sunday 7)
//	isodow(t)              Monday 1 to Sunday 7
//	dayofyear(t) / doy, hour(t), minute(t), second(t)
//	millisecond(t)         seconds*1000 + milliseconds (DuckDB; Dt().Millisecond is the fraction only)
//	microsecond(t)         seconds*1000000 + microseconds
//	epoch(t)               seconds since 1970-01-01 UTC, a float with the fraction (DuckDB)
//	epoch_ms(t), epoch_us(t), epoch_ns(t)
//	date_trunc('month', t) also 'year', 'quarter', 'week', 'day', 'hour', 'minute', 'second',
//	                       'decade', 'century' (years multiple of 100), 'millennium'
//	date_part('year', t)   any field above by name (also 'dow', 'doy', 'epoch')
//	strftime(t, fmt)       DuckDB's %f is microseconds (6 digits), %g milliseconds, %n nanoseconds
//	strptime(s, fmt)       a timestamp[us] (with %z: instants in UTC); a string that does not parse is an error
//	try_strptime(s, fmt)   the same, null where it does not parse
//	CAST(x AS type), TRY_CAST(x AS type), x::type
//	DATE '2024-01-15', TIMESTAMP '2024-01-15 10:00:00', TIMESTAMPTZ '...', TIME '10:00'
//	INTERVAL 3 DAY, INTERVAL '3 days 2 hours' (a duration), INTERVAL 1 MONTH,
//	                       INTERVAL '1 year 2 days' (with months: a calendar interval, added to dates
//	                       and timestamps on the wall clock as Dt().OffsetBy, the day clamped to the
//	                       month's end: DATE '2024-01-31' + INTERVAL 1 MONTH is 2024-02-29)
//
// A float cast to an integer rounds to the nearest, half to even, in the
// text form, as DuckDB does with doubles, and a string with a fraction
// ('3.5') rounds half away from zero, as DuckDB does with decimals (Cast
// in Go truncates, as Polars).

// parseFuncsTemporal registers the date, time and duration functions of
// the text form.
func parseFuncsTemporal(funcs map[string]parseFunc) {
	dt := func(f func(ExprDt) Expr) parseFunc { return parseOne(func(e Expr) Expr { return f(e.Dt()) }) }
	for name, f := range parseDateParts {
		funcs[name] = dt(f)
	}
	funcs["dayofmonth"] = funcs["day"]
	funcs["epoch_ms"] = dt(func(x ExprDt) Expr { return x.Epoch("ms") })
	funcs["epoch_us"] = dt(func(x ExprDt) Expr { return x.Epoch("us") })
	funcs["epoch_ns"] = dt(func(x ExprDt) Expr { return x.Epoch("ns") })
	funcs["date_trunc"] = parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
		part, err := a[0].stringLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		every, ok := parseTruncParts[strings.ToLower(part)]
		if !ok {
			return Expr{}, p.errAt(a[0].tok.pos, "date_trunc: unknown part %q (parts: year, quarter, month, week, day, hour, minute, second, decade, century, millennium)", part)
		}
		return a[1].e.Dt().Truncate(every), nil
	}}
	funcs["datetrunc"] = funcs["date_trunc"]
	funcs["date_part"] = parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
		part, err := a[0].stringLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		f, ok := parseDateParts[parseDatePartAlias(strings.ToLower(part))]
		if !ok {
			return Expr{}, p.errAt(a[0].tok.pos, "date_part: unknown part %q", part)
		}
		return f(a[1].e.Dt()), nil
	}}
	funcs["datepart"] = funcs["date_part"]
	funcs["strftime"] = parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
		format, err := a[1].stringLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		return a[0].e.Dt().Strftime(parseDuckFormat(format)), nil
	}}
	strptime := func(strict bool) parseFunc {
		return parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
			format, err := a[1].stringLit(p, name)
			if err != nil {
				return Expr{}, err
			}
			return a[0].e.Str().Strptime(&arrow.TimestampType{Unit: arrow.Microsecond}, parseDuckFormat(format), strict), nil
		}}
	}
	funcs["strptime"] = strptime(true)
	funcs["try_strptime"] = strptime(false)
}

// parseDateParts are the field functions by DuckDB's names.
var parseDateParts = map[string]func(ExprDt) Expr{
	"year":      ExprDt.Year,
	"quarter":   ExprDt.Quarter,
	"month":     ExprDt.Month,
	"week":      ExprDt.Week,
	"day":       ExprDt.Day,
	"dayofweek": func(x ExprDt) Expr { return x.Weekday().Mod(Lit(7)) },
	"isodow":    ExprDt.Weekday,
	"dayofyear": ExprDt.OrdinalDay,
	"hour":      ExprDt.Hour,
	"minute":    ExprDt.Minute,
	"second":    ExprDt.Second,
	"millisecond": func(x ExprDt) Expr {
		return x.Second().Mul(Lit(1000)).Add(x.Millisecond())
	},
	"microsecond": func(x ExprDt) Expr {
		return x.Second().Mul(Lit(1000_000)).Add(x.Microsecond())
	},
	"epoch": func(x ExprDt) Expr { return x.Epoch("us").Div(Lit(1e6)) },
}

// parseDatePartAlias maps DuckDB's other names of a part to the table's.
func parseDatePartAlias(part string) string {
	switch part {
	case "dow":
		return "dayofweek"
	case "doy":
		return "dayofyear"
	case "years", "y", "yr", "yrs", "yy", "yyyy":
		return "year"
	case "months", "mon", "mons":
		return "month"
	case "weeks", "w":
		return "week"
	case "days", "d", "dayofmonth":
		return "day"
	case "hours", "h", "hr", "hrs":
		return "hour"
	case "minutes", "m", "min", "mins":
		return "minute"
	case "seconds", "s", "sec", "secs":
		return "second"
	case "milliseconds", "ms", "msec", "msecs":
		return "millisecond"
	case "microseconds", "us", "usec", "usecs":
		return "microsecond"
	case "quarters":
		return "quarter"
	}
	return part
}

// parseTruncParts maps date_trunc's parts to duration strings.
var parseTruncParts = map[string]string{
	"millennium": "1000y", "century": "100y", "decade": "10y",
	"year": "1y", "quarter": "1q", "month": "1mo", "week": "1w", "day": "1d",
	"hour": "1h", "minute": "1m", "second": "1s",
	"millisecond": "1ms", "milliseconds": "1ms", "microsecond": "1us", "microseconds": "1us",
}

// parseDuckFormat translates DuckDB's strftime specifiers that chrono
// spells otherwise: %f (microseconds, chrono's %6f), %g (milliseconds,
// %3f), %n (nanoseconds, %9f), %-d and the other unpadded forms (read as
// the padded ones).
func parseDuckFormat(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		c := f[i]
		if c == '-' && i+1 < len(f) {
			i++
			c = f[i]
		}
		switch c {
		case 'f':
			b.WriteString("%6f")
		case 'g':
			b.WriteString("%3f")
		case 'n':
			b.WriteString("%9f")
		default:
			b.WriteByte('%')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// parseTypeName reads a DuckDB type name at the current token (INTEGER,
// DECIMAL(10, 2), TIMESTAMP WITH TIME ZONE, ...) and returns its Arrow
// type.
func (p *parser) parseTypeName() (arrow.DataType, error) {
	tok := p.tok
	if tok.kind != tokIdent {
		return nil, p.errAt(tok.pos, "want a type name, got %s", tok)
	}
	name := strings.ToUpper(tok.text)
	if err := p.next(); err != nil {
		return nil, err
	}
	// TIMESTAMP WITH TIME ZONE
	if name == "TIMESTAMP" && p.isKeyword("with") {
		for _, w := range []string{"with", "time", "zone"} {
			if !p.isKeyword(w) {
				return nil, p.errAt(p.tok.pos, "want TIMESTAMP WITH TIME ZONE, got %s", p.tok)
			}
			if err := p.next(); err != nil {
				return nil, err
			}
		}
		name = "TIMESTAMPTZ"
	}
	if name == "DOUBLE" && p.isKeyword("precision") {
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	var params []int
	if p.isOp("(") {
		open := p.tok.pos
		if err := p.next(); err != nil {
			return nil, err
		}
		for !p.isOp(")") {
			if len(params) > 0 {
				if !p.isOp(",") {
					return nil, p.errAt(p.tok.pos, "want , or ) to close the ( at offset %d, got %s", open, p.tok)
				}
				if err := p.next(); err != nil {
					return nil, err
				}
			}
			if p.tok.kind != tokInt {
				return nil, p.errAt(p.tok.pos, "want an integer type parameter, got %s", p.tok)
			}
			v, err := strconv.Atoi(p.tok.text)
			if err != nil {
				return nil, p.errAt(p.tok.pos, "type parameter %s is too large", p.tok.text)
			}
			params = append(params, v)
			if err := p.next(); err != nil {
				return nil, err
			}
		}
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	switch name {
	case "DECIMAL", "NUMERIC":
		prec, scale := 18, 3 // DuckDB's default
		if len(params) > 0 {
			prec, scale = params[0], 0
		}
		if len(params) > 1 {
			scale = params[1]
		}
		if len(params) > 2 || prec < 1 || prec > 38 || scale < 0 || scale > prec {
			return nil, p.errAt(tok.pos, "DECIMAL(%d, %d): want a precision of 1 to 38 and a scale of 0 to the precision", prec, scale)
		}
		return &arrow.Decimal128Type{Precision: int32(prec), Scale: int32(scale)}, nil
	case "VARCHAR", "CHAR", "BPCHAR", "TEXT", "STRING":
		return arrow.BinaryTypes.String, nil
	}
	if len(params) > 0 {
		return nil, p.errAt(tok.pos, "type %s takes no parameters", tok.text)
	}
	if dt, ok := parseTypeNames[name]; ok {
		return dt, nil
	}
	return nil, p.errAt(tok.pos, "unknown type %s (types: BIGINT, INTEGER, SMALLINT, TINYINT, UBIGINT, UINTEGER, USMALLINT, UTINYINT, DOUBLE, FLOAT, VARCHAR, BOOLEAN, DATE, TIMESTAMP, TIMESTAMPTZ, TIME, INTERVAL, DECIMAL(p, s))", tok.text)
}

// parseTypeNames maps DuckDB's type names (upper case) to Arrow types.
var parseTypeNames = map[string]arrow.DataType{
	"BIGINT": arrow.PrimitiveTypes.Int64, "INT8": arrow.PrimitiveTypes.Int64, "LONG": arrow.PrimitiveTypes.Int64,
	"INTEGER": arrow.PrimitiveTypes.Int32, "INT": arrow.PrimitiveTypes.Int32, "INT4": arrow.PrimitiveTypes.Int32, "SIGNED": arrow.PrimitiveTypes.Int32,
	"SMALLINT": arrow.PrimitiveTypes.Int16, "INT2": arrow.PrimitiveTypes.Int16, "SHORT": arrow.PrimitiveTypes.Int16,
	"TINYINT": arrow.PrimitiveTypes.Int8, "INT1": arrow.PrimitiveTypes.Int8,
	"UBIGINT": arrow.PrimitiveTypes.Uint64, "UINTEGER": arrow.PrimitiveTypes.Uint32,
	"USMALLINT": arrow.PrimitiveTypes.Uint16, "UTINYINT": arrow.PrimitiveTypes.Uint8,
	"DOUBLE": arrow.PrimitiveTypes.Float64, "FLOAT8": arrow.PrimitiveTypes.Float64,
	"FLOAT": arrow.PrimitiveTypes.Float32, "FLOAT4": arrow.PrimitiveTypes.Float32, "REAL": arrow.PrimitiveTypes.Float32,
	"BOOLEAN": arrow.FixedWidthTypes.Boolean, "BOOL": arrow.FixedWidthTypes.Boolean, "LOGICAL": arrow.FixedWidthTypes.Boolean,
	"DATE":         arrow.FixedWidthTypes.Date32,
	"TIMESTAMP":    &arrow.TimestampType{Unit: arrow.Microsecond},
	"DATETIME":     &arrow.TimestampType{Unit: arrow.Microsecond},
	"TIMESTAMP_S":  &arrow.TimestampType{Unit: arrow.Second},
	"TIMESTAMP_MS": &arrow.TimestampType{Unit: arrow.Millisecond},
	"TIMESTAMP_US": &arrow.TimestampType{Unit: arrow.Microsecond},
	"TIMESTAMP_NS": &arrow.TimestampType{Unit: arrow.Nanosecond},
	"TIMESTAMPTZ":  &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"},
	"TIME":         arrow.FixedWidthTypes.Time64us,
	"INTERVAL":     arrow.FixedWidthTypes.Duration_us,
}

// parseCastCall reads the rest of CAST(x AS type) or TRY_CAST(x AS type)
// after its name; the current token is "(".
func (p *parser) parseCastCall(name token) (Expr, error) {
	if err := p.enter(); err != nil {
		return Expr{}, err
	}
	defer p.leave()
	open := p.tok.pos
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	x, err := p.parseOr()
	if err != nil {
		return Expr{}, err
	}
	if !p.isKeyword("as") {
		return Expr{}, p.errAt(p.tok.pos, "want AS and a type in %s(x AS type), got %s", strings.ToUpper(name.text), p.tok)
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	dt, err := p.parseTypeName()
	if err != nil {
		return Expr{}, err
	}
	if !p.isOp(")") {
		return Expr{}, p.errAt(p.tok.pos, "want ) to close the ( at offset %d, got %s", open, p.tok)
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	strict := !strings.EqualFold(name.text, "try_cast")
	return p.mark(parseCast(x, dt, strict), name.pos), nil
}

// parseCast is DuckDB's cast: as Cast, with floats rounded to integers
// (see castRoundFloats).
func parseCast(x Expr, dt arrow.DataType, strict bool) Expr {
	opts := []CastOption{castRoundFloats}
	if !strict {
		opts = append(opts, NonStrict)
	}
	return x.Cast(dt, opts...)
}

// parseDoubleColon applies the x::type casts after a postfix expression.
func (p *parser) parseDoubleColon(e Expr, start int) (Expr, error) {
	for p.isOp("::") {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		dt, err := p.parseTypeName()
		if err != nil {
			return Expr{}, err
		}
		e = p.mark(parseCast(e, dt, true), start)
	}
	return e, nil
}

// parseTypedPrimary reads what a keyword starts in place of a value,
// the keyword consumed and the current token after it: CAST( and
// TRY_CAST(, DATE '...', TIMESTAMP '...', TIMESTAMPTZ '...', TIME '...',
// INTERVAL. ok is false when kw starts none of them.
func (p *parser) parseTypedPrimary(kw token) (e Expr, ok bool, err error) {
	name := strings.ToUpper(kw.text)
	switch {
	case (name == "CAST" || name == "TRY_CAST") && p.isOp("("):
		e, err = p.parseCastCall(kw)
		return e, true, err
	case name == "INTERVAL" && (p.tok.kind == tokString || p.tok.kind == tokInt || p.isOp("(")):
		e, err = p.parseInterval(kw)
		return e, true, err
	case p.tok.kind != tokString:
		return Expr{}, false, nil
	}
	lit := p.tok
	var dt arrow.DataType
	switch name {
	case "DATE":
		pd, ok := temporal.ParseISO(lit.text)
		if !ok || pd.HasTime {
			return Expr{}, true, p.errAt(lit.pos, "DATE %s is not a date (want 'YYYY-MM-DD')", lit.raw)
		}
		if err := p.next(); err != nil {
			return Expr{}, true, err
		}
		return p.mark(Lit(arrow.Date32(pd.Days)), kw.pos), true, nil
	case "TIMESTAMP", "DATETIME":
		dt = &arrow.TimestampType{Unit: arrow.Microsecond}
		if _, ok := temporal.ParseISO(lit.text); !ok {
			return Expr{}, true, p.errAt(lit.pos, "TIMESTAMP %s is not a timestamp (want 'YYYY-MM-DD hh:mm:ss')", lit.raw)
		}
	case "TIMESTAMPTZ":
		dt = &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}
		if _, ok := temporal.ParseISO(lit.text); !ok {
			return Expr{}, true, p.errAt(lit.pos, "TIMESTAMPTZ %s is not a timestamp (want 'YYYY-MM-DD hh:mm:ss+hh')", lit.raw)
		}
	case "TIME":
		dt = arrow.FixedWidthTypes.Time64us
		if _, ok := temporal.ParseISOTime(lit.text); !ok {
			return Expr{}, true, p.errAt(lit.pos, "TIME %s is not a time (want 'hh:mm:ss')", lit.raw)
		}
	default:
		return Expr{}, false, nil
	}
	if err := p.next(); err != nil {
		return Expr{}, true, err
	}
	return p.mark(Lit(lit.text).Cast(dt), kw.pos), true, nil
}

// parseIntervalUnits maps DuckDB's interval units to their length.
var parseIntervalUnits = map[string]time.Duration{
	"microsecond": time.Microsecond, "microseconds": time.Microsecond, "us": time.Microsecond,
	"millisecond": time.Millisecond, "milliseconds": time.Millisecond, "ms": time.Millisecond,
	"second": time.Second, "seconds": time.Second, "s": time.Second, "sec": time.Second, "secs": time.Second,
	"minute": time.Minute, "minutes": time.Minute, "m": time.Minute, "min": time.Minute, "mins": time.Minute,
	"hour": time.Hour, "hours": time.Hour, "h": time.Hour,
	"day": 24 * time.Hour, "days": 24 * time.Hour, "d": 24 * time.Hour,
	"week": 7 * 24 * time.Hour, "weeks": 7 * 24 * time.Hour, "w": 7 * 24 * time.Hour,
}

// parseInterval reads INTERVAL 3 DAY, INTERVAL (3) DAY or INTERVAL '3
// days 2 hours' after the keyword: a time.Duration literal.
func (p *parser) parseInterval(kw token) (Expr, error) {
	if p.tok.kind == tokString {
		lit := p.tok
		d, months, err := parseIntervalText(lit.text)
		if err != nil {
			return Expr{}, p.errAt(lit.pos, "INTERVAL %s: %v", lit.raw, err)
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		return p.mark(parseIntervalExpr(d, months, lit.text), kw.pos), nil
	}
	paren := p.isOp("(")
	if paren {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
	}
	if p.tok.kind != tokInt {
		return Expr{}, p.errAt(p.tok.pos, "want a number after INTERVAL, got %s", p.tok)
	}
	numTok := p.tok
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	if paren {
		if !p.isOp(")") {
			return Expr{}, p.errAt(p.tok.pos, "want ) after INTERVAL (%s, got %s", numTok.text, p.tok)
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
	}
	if p.tok.kind != tokIdent {
		return Expr{}, p.errAt(p.tok.pos, "want a unit after INTERVAL %s (DAY, HOUR, ...), got %s", numTok.text, p.tok)
	}
	text := numTok.text + " " + p.tok.text
	d, months, err := parseIntervalText(text)
	if err != nil {
		return Expr{}, p.errAt(p.tok.pos, "INTERVAL %s: %v", text, err)
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	return p.mark(parseIntervalExpr(d, months, text), kw.pos), nil
}

// parseIntervalText reads "3 days 2 hours" (pairs of a number and a
// unit, a leading "-" allowed on a number): months (month, quarter, year,
// decade) apart, the rest as a duration.
func parseIntervalText(s string) (time.Duration, int64, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 || len(fields)%2 != 0 {
		return 0, 0, fmt.Errorf("want pairs of a number and a unit, as '3 days 2 hours'")
	}
	var total time.Duration
	var months int64
	for i := 0; i < len(fields); i += 2 {
		n, err := strconv.ParseInt(fields[i], 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("%q is not an integer", fields[i])
		}
		unit := strings.ToLower(fields[i+1])
		if u, ok := parseIntervalUnits[unit]; ok {
			total += time.Duration(n) * u
			continue
		}
		switch unit {
		case "month", "months", "mon", "mons":
			months += n
		case "quarter", "quarters":
			months += 3 * n
		case "year", "years", "y", "yr", "yrs":
			months += 12 * n
		case "decade", "decades":
			months += 120 * n
		default:
			return 0, 0, fmt.Errorf("unknown unit %q", fields[i+1])
		}
	}
	return total, months, nil
}

// parseIntervalExpr is the literal of an interval: a time.Duration
// without months, else a calendar interval.
func parseIntervalExpr(d time.Duration, months int64, text string) Expr {
	if months == 0 {
		return Lit(d)
	}
	days := int64(d / (24 * time.Hour))
	ns := int64(d % (24 * time.Hour))
	return Expr{n: exprIntervalLit{iv: temporal.Every{Months: months, Days: days, Ns: ns}, text: text}}
}
