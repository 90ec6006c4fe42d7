package json

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// Dates and times are strings, since JSON has no date type:
//
//	date32, date64   "2024-01-02"
//	timestamp        RFC 3339 with as many fraction digits as the unit has
//	                 (none for s, 3 for ms, 6 for us, 9 for ns):
//	                 "2024-01-02T03:04:05.123Z" for timestamp[ms, UTC];
//	                 in the type's time zone with its offset
//	                 ("2024-01-02T04:04:05+01:00" for Europe/Paris); without
//	                 an offset for a timestamp with no time zone, which is a
//	                 wall-clock time, not an instant ("2024-01-02T03:04:05")
//	time32, time64   the time of day, "15:04:05" with the unit's fraction
//	                 digits, as arrow-go prints it
//	duration         the count and the unit, "1500ms", "-3s", "12us", as
//	                 arrow-go marshals it (time.ParseDuration reads it)
//
// Intervals are written as encoding/json writes arrow-go's Go types: a
// month interval as its number of months, a day-time interval as
// {"days": d, "milliseconds": ms}, a month-day-nano interval as
// {"months": m, "days": d, "nanoseconds": ns}.

// unitDigits is the number of fraction digits of a time unit.
func unitDigits(u arrow.TimeUnit) int { return [...]int{0, 3, 6, 9}[u&3] }

// unitTicks is the number of ticks of a time unit in a second.
func unitTicks(u arrow.TimeUnit) int64 { return [...]int64{1, 1e3, 1e6, 1e9}[u&3] }

// floorDiv returns a/b and a%b rounded toward minus infinity (b > 0).
func floorDiv(a, b int64) (q, r int64) {
	q, r = a/b, a%b
	if r < 0 {
		q, r = q-1, r+b
	}
	return q, r
}

// civil returns the proleptic Gregorian date of a day count since
// 1970-01-01 (Howard Hinnant's days_from_civil inverse).
func civil(days int64) (y int64, m, d int) {
	z := days + 719468
	era, _ := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = int(doy - (153*mp+2)/5 + 1)
	if mp < 10 {
		m = int(mp + 3)
	} else {
		m = int(mp - 9)
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

// append2 appends v (0..99) as two digits.
func append2(b []byte, v int) []byte { return append(b, byte('0'+v/10), byte('0'+v%10)) }

// appendDate appends a day count since the epoch as YYYY-MM-DD, without
// quotes. Years beyond 0..9999 get their sign and at least four digits
// (ISO 8601's expanded years: +10000-01-01, -0001-12-31).
func appendDate(b []byte, days int64) []byte {
	y, m, d := civil(days)
	switch {
	case y > 9999:
		b = append(b, '+')
		b = strconv.AppendInt(b, y, 10)
	case y < 0:
		b = append(b, '-')
		if y > -1000 {
			b = append(b, "000"[:4-len(strconv.FormatInt(-y, 10))]...)
		}
		b = strconv.AppendInt(b, -y, 10)
	default:
		b = append2(b, int(y/100))
		b = append2(b, int(y%100))
	}
	b = append(b, '-')
	b = append2(b, m)
	b = append(b, '-')
	return append2(b, d)
}

// appendClock appends a time of day in seconds, and frac ticks of a unit
// with digits fraction digits, as 15:04:05.000.
func appendClock(b []byte, sec int64, frac int64, digits int) []byte {
	h := sec / 3600
	if h < 100 {
		b = append2(b, int(h))
	} else {
		b = strconv.AppendInt(b, h, 10)
	}
	b = append(b, ':')
	b = append2(b, int(sec/60%60))
	b = append(b, ':')
	b = append2(b, int(sec%60))
	if digits > 0 {
		b = append(b, '.')
		for p := digits - 1; p >= 0; p-- {
			b = append(b, '0'+byte(frac/fracPow10[p]%10))
		}
	}
	return b
}

var fracPow10 = [...]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// appendOffset appends a UTC offset in seconds as Z or ±hh:mm.
func appendOffset(b []byte, off int) []byte {
	if off == 0 {
		return append(b, 'Z')
	}
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	b = append(b, sign)
	b = append2(b, off/3600)
	b = append(b, ':')
	return append2(b, off/60%60)
}

// timestampFormat writes the timestamps of one type.
type timestampFormat struct {
	per    int64          // ticks per second
	digits int            // fraction digits
	naive  bool           // no time zone: a wall-clock time, no offset
	fixed  bool           // a fixed offset (UTC included)
	offset int            // the fixed offset, in seconds
	loc    *time.Location // a named zone
}

// newTimestampFormat resolves the type's time zone once: "" (none), UTC,
// a fixed offset "+01:00", or a name of the IANA database.
func newTimestampFormat(dt *arrow.TimestampType) (timestampFormat, error) {
	f := timestampFormat{per: unitTicks(dt.Unit), digits: unitDigits(dt.Unit)}
	tz := dt.TimeZone
	switch {
	case tz == "":
		f.naive = true
	case tz == "UTC" || tz == "Z" || tz == "Etc/UTC":
		f.fixed = true
	case (tz[0] == '+' || tz[0] == '-') && len(tz) == 6 && tz[3] == ':':
		h, err1 := strconv.Atoi(tz[1:3])
		m, err2 := strconv.Atoi(tz[4:6])
		if err1 != nil || err2 != nil || h > 23 || m > 59 {
			return f, fmt.Errorf("time zone %q is not an offset ±hh:mm", tz)
		}
		f.fixed, f.offset = true, h*3600+m*60
		if tz[0] == '-' {
			f.offset = -f.offset
		}
	default:
		loc, err := time.LoadLocation(tz)
		if err != nil {
			return f, fmt.Errorf("time zone %q: %v", tz, strings.TrimPrefix(err.Error(), "unknown time zone "))
		}
		f.loc = loc
	}
	return f, nil
}

// append appends timestamp v, quoted.
func (f *timestampFormat) append(b []byte, v int64) []byte {
	sec, frac := floorDiv(v, f.per)
	off := f.offset
	if f.loc != nil {
		_, off = time.Unix(sec, 0).In(f.loc).Zone()
	}
	days, sod := floorDiv(sec+int64(off), 86400)
	b = append(b, '"')
	b = appendDate(b, days)
	b = append(b, 'T')
	b = appendClock(b, sod, frac, f.digits)
	if !f.naive {
		b = appendOffset(b, off)
	}
	return append(b, '"')
}

// appendTimeOfDay appends a time32/time64 value v of unit u, quoted.
func appendTimeOfDay(b []byte, v int64, u arrow.TimeUnit) []byte {
	sec, frac := floorDiv(v, unitTicks(u))
	b = append(b, '"')
	if sec < 0 {
		b = append(b, '-')
		sec = -sec
		if frac != 0 {
			sec--
			frac = unitTicks(u) - frac
		}
	}
	b = appendClock(b, sec, frac, unitDigits(u))
	return append(b, '"')
}

// appendDuration appends a duration of v ticks of unit u, quoted.
func appendDuration(b []byte, v int64, u arrow.TimeUnit) []byte {
	b = append(b, '"')
	b = strconv.AppendInt(b, v, 10)
	b = append(b, u.String()...)
	return append(b, '"')
}
