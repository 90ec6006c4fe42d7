package temporal

import (
	"fmt"
	"strconv"
	"strings"
)

// Format is a strftime/strptime format compiled once into steps: literal
// text and fields. The specifiers are chrono's (Polars'):
//
//	%Y year (at least 4 digits)   %C century     %y year % 100
//	%m month 01-12   %b %h Jan    %B January     %d day 01-31   %e day, space-padded
//	%a Mon  %A Monday  %u 1-7 (Monday 1)  %w 0-6 (Sunday 0)  %j day of year 001-366
//	%V ISO week 01-53  %G ISO year  %H 00-23  %I 01-12  %p AM/PM  %P am/pm
//	%M minute  %S second  %f nanoseconds (9 digits; parsing: up to 9 fraction digits)
//	%.f .fraction as needed (none, 3, 6 or 9 digits)  %.3f %.6f %.9f  %3f %6f %9f
//	%z +hhmm  %:z +hh:mm  %Z zone abbreviation (UTC, EST)  %s Unix seconds
//	%T %H:%M:%S  %D %m/%d/%y  %F %Y-%m-%d  %R %H:%M  %c %a %b %e %H:%M:%S %Y
//	%n newline  %t tab  %% percent
type Format struct {
	text  string
	steps []step
	// What the format sets, for parsing.
	HasDate, HasTime, HasOff bool
}

// String is the format's text.
func (f *Format) String() string { return f.text }

type stepKind uint8

const (
	stLit stepKind = iota
	stYear
	stCentury
	stYear2
	stMonth
	stMonthAbbr
	stMonthName
	stDay
	stDaySpace
	stWeekdayAbbr
	stWeekdayName
	stWeekdayISO
	stWeekdaySun0
	stOrdinal
	stISOWeek
	stISOYear
	stHour
	stHour12
	stAMPM
	stampmLower
	stMinute
	stSecond
	stNanos9    // %f
	stFracAuto  // %.f
	stFracN     // %.3f and friends: n digits after a dot
	stFracNoDot // %3f and friends
	stOffset
	stOffsetColon
	stZoneName
	stEpoch
)

type step struct {
	kind stepKind
	lit  string
	n    int
}

var (
	monthAbbr = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	monthName = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	dayAbbr   = [...]string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	dayName   = [...]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
)

// Compile compiles a strftime/strptime format; an unknown specifier is an
// error naming it.
func Compile(format string) (*Format, error) {
	f := &Format{text: format}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			f.steps = append(f.steps, step{kind: stLit, lit: lit.String()})
			lit.Reset()
		}
	}
	add := func(k stepKind, n int) {
		flush()
		f.steps = append(f.steps, step{kind: k, n: n})
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			lit.WriteByte(c)
			continue
		}
		i++
		if i >= len(format) {
			return nil, fmt.Errorf("format %q ends with a lone %%", format)
		}
		spec := format[i:]
		switch {
		case strings.HasPrefix(spec, ".f"):
			add(stFracAuto, 0)
			i++
			continue
		case len(spec) >= 3 && spec[0] == '.' && spec[2] == 'f' && (spec[1] == '3' || spec[1] == '6' || spec[1] == '9'):
			add(stFracN, int(spec[1]-'0'))
			i += 2
			continue
		case len(spec) >= 2 && spec[1] == 'f' && (spec[0] == '3' || spec[0] == '6' || spec[0] == '9'):
			add(stFracNoDot, int(spec[0]-'0'))
			i++
			continue
		case strings.HasPrefix(spec, ":z"):
			add(stOffsetColon, 0)
			i++
			continue
		}
		switch format[i] {
		case 'Y':
			add(stYear, 0)
		case 'C':
			add(stCentury, 0)
		case 'y':
			add(stYear2, 0)
		case 'm':
			add(stMonth, 0)
		case 'b', 'h':
			add(stMonthAbbr, 0)
		case 'B':
			add(stMonthName, 0)
		case 'd':
			add(stDay, 0)
		case 'e':
			add(stDaySpace, 0)
		case 'a':
			add(stWeekdayAbbr, 0)
		case 'A':
			add(stWeekdayName, 0)
		case 'u':
			add(stWeekdayISO, 0)
		case 'w':
			add(stWeekdaySun0, 0)
		case 'j':
			add(stOrdinal, 0)
		case 'V':
			add(stISOWeek, 0)
		case 'G':
			add(stISOYear, 0)
		case 'H':
			add(stHour, 0)
		case 'I':
			add(stHour12, 0)
		case 'p':
			add(stAMPM, 0)
		case 'P':
			add(stampmLower, 0)
		case 'M':
			add(stMinute, 0)
		case 'S':
			add(stSecond, 0)
		case 'f':
			add(stNanos9, 0)
		case 'z':
			add(stOffset, 0)
		case 'Z':
			add(stZoneName, 0)
		case 's':
			add(stEpoch, 0)
		case 'T':
			add(stHour, 0)
			lit.WriteByte(':')
			add(stMinute, 0)
			lit.WriteByte(':')
			add(stSecond, 0)
		case 'R':
			add(stHour, 0)
			lit.WriteByte(':')
			add(stMinute, 0)
		case 'D':
			add(stMonth, 0)
			lit.WriteByte('/')
			add(stDay, 0)
			lit.WriteByte('/')
			add(stYear2, 0)
		case 'F':
			add(stYear, 0)
			lit.WriteByte('-')
			add(stMonth, 0)
			lit.WriteByte('-')
			add(stDay, 0)
		case 'c':
			add(stWeekdayAbbr, 0)
			lit.WriteByte(' ')
			add(stMonthAbbr, 0)
			lit.WriteByte(' ')
			add(stDaySpace, 0)
			lit.WriteByte(' ')
			add(stHour, 0)
			lit.WriteByte(':')
			add(stMinute, 0)
			lit.WriteByte(':')
			add(stSecond, 0)
			lit.WriteByte(' ')
			add(stYear, 0)
		case 'n':
			lit.WriteByte('\n')
		case 't':
			lit.WriteByte('\t')
		case '%':
			lit.WriteByte('%')
		default:
			return nil, fmt.Errorf("format %q: unknown specifier %%%c", format, format[i])
		}
	}
	flush()
	for _, s := range f.steps {
		switch s.kind {
		case stYear, stYear2, stCentury, stMonth, stMonthAbbr, stMonthName, stDay, stDaySpace, stOrdinal, stISOYear, stISOWeek:
			f.HasDate = true
		case stHour, stHour12, stMinute, stSecond, stNanos9, stFracAuto, stFracN, stFracNoDot:
			f.HasTime = true
		case stOffset, stOffsetColon:
			f.HasOff = true
		case stEpoch:
			f.HasDate, f.HasTime, f.HasOff = true, true, true
		}
	}
	return f, nil
}

// Fields is one instant broken down for formatting: the local day count
// and nanoseconds of the day, the UTC offset in seconds and the zone's
// abbreviation ("" for a naive timestamp: %z and %Z then write nothing).
type Fields struct {
	Days   int64
	Ns     int64
	Off    int64
	Zone   string
	HasOff bool
}

func appendPad(b []byte, v int64, width int, pad byte) []byte {
	if v >= 0 && v < 100 && width == 2 {
		if v < 10 {
			return append(b, pad, byte('0'+v))
		}
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	if v >= 1000 && v < 10000 && width <= 4 {
		return append(b, byte('0'+v/1000), byte('0'+v/100%10), byte('0'+v/10%10), byte('0'+v%10))
	}
	if v < 0 {
		b = append(b, '-')
		v = -v
		width--
	}
	var buf [20]byte
	s := strconv.AppendInt(buf[:0], v, 10)
	for i := len(s); i < width; i++ {
		b = append(b, pad)
	}
	return append(b, s...)
}

// Append formats x by the format after b.
func (f *Format) Append(b []byte, x Fields) []byte {
	y, m, d := int64(0), 0, 0
	civil := false
	date := func() {
		if !civil {
			y, m, d = CivilFromDays(x.Days)
			civil = true
		}
	}
	for _, s := range f.steps {
		switch s.kind {
		case stLit:
			b = append(b, s.lit...)
		case stYear:
			date()
			b = appendPad(b, y, 4, '0')
		case stCentury:
			date()
			q, _ := FloorDiv(y, 100)
			b = appendPad(b, q, 2, '0')
		case stYear2:
			date()
			_, r := FloorDiv(y, 100)
			b = appendPad(b, r, 2, '0')
		case stMonth:
			date()
			b = appendPad(b, int64(m), 2, '0')
		case stMonthAbbr:
			date()
			b = append(b, monthAbbr[m-1]...)
		case stMonthName:
			date()
			b = append(b, monthName[m-1]...)
		case stDay:
			date()
			b = appendPad(b, int64(d), 2, '0')
		case stDaySpace:
			date()
			b = appendPad(b, int64(d), 2, ' ')
		case stWeekdayAbbr:
			b = append(b, dayAbbr[ISOWeekday(x.Days)-1]...)
		case stWeekdayName:
			b = append(b, dayName[ISOWeekday(x.Days)-1]...)
		case stWeekdayISO:
			b = appendPad(b, int64(ISOWeekday(x.Days)), 1, '0')
		case stWeekdaySun0:
			b = appendPad(b, int64(ISOWeekday(x.Days)%7), 1, '0')
		case stOrdinal:
			b = appendPad(b, int64(OrdinalDay(x.Days)), 3, '0')
		case stISOWeek:
			_, w := ISOWeek(x.Days)
			b = appendPad(b, int64(w), 2, '0')
		case stISOYear:
			iy, _ := ISOWeek(x.Days)
			b = appendPad(b, iy, 4, '0')
		case stHour:
			b = appendPad(b, x.Ns/NsPerH, 2, '0')
		case stHour12:
			h := x.Ns / NsPerH % 12
			if h == 0 {
				h = 12
			}
			b = appendPad(b, h, 2, '0')
		case stAMPM, stampmLower:
			ampm := "AM"
			if x.Ns/NsPerH >= 12 {
				ampm = "PM"
			}
			if s.kind == stampmLower {
				ampm = strings.ToLower(ampm)
			}
			b = append(b, ampm...)
		case stMinute:
			b = appendPad(b, x.Ns/NsPerMin%60, 2, '0')
		case stSecond:
			b = appendPad(b, x.Ns/NsPerSec%60, 2, '0')
		case stNanos9:
			b = appendPad(b, x.Ns%NsPerSec, 9, '0')
		case stFracAuto:
			frac := x.Ns % NsPerSec
			switch {
			case frac == 0:
			case frac%NsPerMs == 0:
				b = append(b, '.')
				b = appendPad(b, frac/NsPerMs, 3, '0')
			case frac%NsPerUs == 0:
				b = append(b, '.')
				b = appendPad(b, frac/NsPerUs, 6, '0')
			default:
				b = append(b, '.')
				b = appendPad(b, frac, 9, '0')
			}
		case stFracN, stFracNoDot:
			if s.kind == stFracN {
				b = append(b, '.')
			}
			frac := x.Ns % NsPerSec
			for k := s.n; k < 9; k++ {
				frac /= 10
			}
			b = appendPad(b, frac, s.n, '0')
		case stOffset, stOffsetColon:
			if !x.HasOff {
				continue
			}
			off := x.Off
			sign := byte('+')
			if off < 0 {
				sign, off = '-', -off
			}
			b = append(b, sign)
			b = appendPad(b, off/3600, 2, '0')
			if s.kind == stOffsetColon {
				b = append(b, ':')
			}
			b = appendPad(b, off/60%60, 2, '0')
		case stZoneName:
			b = append(b, x.Zone...)
		case stEpoch:
			sec, _ := FloorDiv(x.Days*NsPerDay+x.Ns-x.Off*NsPerSec, NsPerSec)
			b = strconv.AppendInt(b, sec, 10)
		}
	}
	return b
}

// ParseError says where a string does not match a format.
type ParseError struct {
	Text, Format string
	Msg          string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%q does not match format %q: %s", e.Text, e.Format, e.Msg)
}

// Parse reads s by the format. Fields the format does not set default to
// 1970-01-01 00:00:00; %Z reads UTC, GMT or Z only (a zone name does not
// fix an offset). ok false comes with a reason (the allocation of an error
// is left to the caller, who may want nulls).
func (f *Format) Parse(s string) (p Parsed, reason string) {
	year, month, day := int64(1970), 1, 1
	hour, minute, sec := 0, 0, 0
	var ns int64
	pm, hasAMPM, hour12 := false, false, false
	ordinal := 0
	epoch, hasEpoch := int64(0), false
	i := 0
	num := func(maxw int, signed bool) (int64, bool) {
		neg := false
		if signed && i < len(s) && (s[i] == '-' || s[i] == '+') {
			neg = s[i] == '-'
			i++
		}
		start := i
		var v int64
		for i < len(s) && i-start < maxw && s[i] >= '0' && s[i] <= '9' {
			v = v*10 + int64(s[i]-'0')
			i++
		}
		if i == start {
			return 0, false
		}
		if neg {
			v = -v
		}
		return v, true
	}
	frac := func(maxw int) bool {
		start := i
		scale := NsPerSec
		ns = 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-start < maxw {
			scale /= 10
			ns += int64(s[i]-'0') * scale
			i++
		}
		return i > start
	}
	word := func(names []string) (int, bool) {
		for k, n := range names {
			if len(s)-i >= len(n) && strings.EqualFold(s[i:i+len(n)], n) {
				i += len(n)
				return k, true
			}
		}
		return 0, false
	}
	for _, st := range f.steps {
		var v int64
		ok := true
		switch st.kind {
		case stLit:
			if !strings.HasPrefix(s[i:], st.lit) {
				// Spaces in the format match any run of spaces, as chrono.
				if strings.TrimSpace(st.lit) == "" && st.lit != "" {
					for i < len(s) && s[i] == ' ' {
						i++
					}
					continue
				}
				return p, fmt.Sprintf("want %q at byte %d", st.lit, i)
			}
			i += len(st.lit)
		case stYear:
			year, ok = num(9, true)
		case stCentury:
			v, ok = num(2, false)
			year = v*100 + year%100
		case stYear2:
			v, ok = num(2, false)
			if v < 70 {
				year = 2000 + v
			} else {
				year = 1900 + v
			}
		case stMonth:
			v, ok = num(2, false)
			month = int(v)
		case stMonthAbbr, stMonthName:
			var k int
			if k, ok = word(monthName[:]); !ok {
				k, ok = word(monthAbbr[:])
			}
			month = k + 1
		case stDay, stDaySpace:
			for i < len(s) && s[i] == ' ' {
				i++
			}
			v, ok = num(2, false)
			day = int(v)
		case stWeekdayAbbr, stWeekdayName:
			if _, ok = word(dayName[:]); !ok {
				_, ok = word(dayAbbr[:])
			}
		case stWeekdayISO, stWeekdaySun0:
			_, ok = num(1, false)
		case stOrdinal:
			v, ok = num(3, false)
			ordinal = int(v)
		case stISOWeek, stISOYear:
			return p, "%V and %G do not parse"
		case stHour:
			v, ok = num(2, false)
			hour = int(v)
		case stHour12:
			v, ok = num(2, false)
			hour, hour12 = int(v), true
		case stAMPM, stampmLower:
			var k int
			k, ok = word([]string{"AM", "PM"})
			pm, hasAMPM = k == 1, true
		case stMinute:
			v, ok = num(2, false)
			minute = int(v)
		case stSecond:
			v, ok = num(2, false)
			sec = int(v)
		case stNanos9, stFracNoDot:
			ok = frac(9)
		case stFracAuto:
			if i < len(s) && (s[i] == '.' || s[i] == ',') {
				i++
				ok = frac(9)
			}
		case stFracN:
			if i < len(s) && s[i] == '.' {
				i++
				ok = frac(9)
			} else {
				ok = false
			}
		case stOffset, stOffsetColon:
			j := i
			if j < len(s) && (s[j] == 'Z' || s[j] == 'z') {
				i++
				p.HasOff = true
				break
			}
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
				for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ':') && j-i < 6 {
					j++
				}
			}
			var off int
			off, ok = ParseOffset(s[i:j])
			p.Off, p.HasOff = int64(off), ok
			i = j
		case stZoneName:
			_, ok = word([]string{"UTC", "GMT", "Z"})
			p.HasOff = ok
		case stEpoch:
			epoch, ok = num(19, true)
			hasEpoch = true
		}
		if !ok {
			return p, fmt.Sprintf("no %s at byte %d", stepName(st.kind), i)
		}
	}
	if i != len(s) {
		return p, fmt.Sprintf("text left over at byte %d: %q", i, s[i:])
	}
	if hasEpoch {
		d, r := FloorDiv(epoch, 86400)
		p.Days, p.Ns, p.Off = d, r*NsPerSec+ns, 0
		p.HasDate, p.HasTime, p.HasOff = true, true, true
		return p, ""
	}
	if hour12 {
		if hour < 1 || hour > 12 {
			return p, fmt.Sprintf("hour %d is not 1 to 12", hour)
		}
		hour %= 12
	}
	if hasAMPM && pm {
		hour += 12
	}
	if hour > 23 || minute > 59 || sec > 59 {
		return p, fmt.Sprintf("time %02d:%02d:%02d is out of range", hour, minute, sec)
	}
	if ordinal > 0 {
		if ordinal > 365 && !(ordinal == 366 && IsLeap(year)) {
			return p, fmt.Sprintf("day of year %d is out of range", ordinal)
		}
		p.Days = DaysFromCivil(year, 1, 1) + int64(ordinal-1)
	} else {
		if month < 1 || month > 12 || day < 1 || day > DaysIn(year, month) {
			return p, fmt.Sprintf("date %d-%02d-%02d does not exist", year, month, day)
		}
		p.Days = DaysFromCivil(year, month, day)
	}
	p.Ns = int64(hour)*NsPerH + int64(minute)*NsPerMin + int64(sec)*NsPerSec + ns
	p.HasDate, p.HasTime = f.HasDate, f.HasTime
	return p, ""
}

func stepName(k stepKind) string {
	switch k {
	case stYear, stYear2, stCentury, stISOYear:
		return "year"
	case stMonth, stMonthAbbr, stMonthName:
		return "month"
	case stDay, stDaySpace:
		return "day"
	case stWeekdayAbbr, stWeekdayName, stWeekdayISO, stWeekdaySun0:
		return "weekday"
	case stOrdinal:
		return "day of year"
	case stHour, stHour12:
		return "hour"
	case stAMPM, stampmLower:
		return "AM/PM"
	case stMinute:
		return "minute"
	case stSecond:
		return "second"
	case stOffset, stOffsetColon:
		return "UTC offset"
	case stZoneName:
		return "zone"
	case stEpoch:
		return "Unix seconds"
	}
	return "fraction of a second"
}
