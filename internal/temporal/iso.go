package temporal

// Parsed is a date, time or timestamp read from text: the day count from
// 1970-01-01, the nanoseconds of the day, and the UTC offset (seconds east)
// when the text gave one. The day and time are those written, local to
// the offset.
type Parsed struct {
	Days    int64
	Ns      int64 // nanoseconds since midnight
	Off     int64 // seconds east of UTC, when HasOff
	HasDate bool
	HasTime bool
	HasOff  bool
}

// UTCNs is the instant in nanoseconds since the epoch: the local time
// less the offset (none: the time as written).
func (p Parsed) UTCNs() int64 {
	return p.Days*NsPerDay + p.Ns - p.Off*NsPerSec
}

// LocalNs is the time as written, in nanoseconds since 1970-01-01 00:00.
func (p Parsed) LocalNs() int64 { return p.Days*NsPerDay + p.Ns }

// digits reads exactly n ASCII digits at s[i:].
func digits(s string, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v := 0
	for _, c := range []byte(s[i : i+n]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// ParseISO reads an ISO 8601 date or timestamp: YYYY-MM-DD, optionally
// followed by "T" or a space and hh:mm, hh:mm:ss or hh:mm:ss.fffffffff
// (up to nine digits, "," allowed for "."), then optionally "Z" or an
// offset ±hh:mm, ±hhmm or ±hh (a space before the offset allowed). A
// year may have a sign and more than four digits.
func ParseISO(s string) (Parsed, bool) {
	var p Parsed
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		// The common date alone, without the general scan.
		y, ok1 := digits(s, 0, 4)
		m, ok2 := digits(s, 5, 2)
		d, ok3 := digits(s, 8, 2)
		if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 || d > DaysIn(int64(y), m) {
			return p, false
		}
		p.Days, p.HasDate = DaysFromCivil(int64(y), m, d), true
		return p, true
	}
	i := 0
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	start := i
	y := int64(0)
	for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-start < 9 {
		y = y*10 + int64(s[i]-'0')
		i++
	}
	if i-start < 4 || i >= len(s) || s[i] != '-' {
		return p, false
	}
	if neg {
		y = -y
	}
	m, ok := digits(s, i+1, 2)
	if !ok || i+3 >= len(s) || s[i+3] != '-' {
		return p, false
	}
	d, ok := digits(s, i+4, 2)
	if !ok || m < 1 || m > 12 || d < 1 || d > DaysIn(y, m) {
		return p, false
	}
	i += 6
	p.Days, p.HasDate = DaysFromCivil(y, m, d), true
	if i == len(s) {
		return p, true
	}
	if s[i] != 'T' && s[i] != ' ' && s[i] != 't' {
		return p, false
	}
	ns, n, ok := parseClock(s[i+1:])
	if !ok {
		return p, false
	}
	p.Ns, p.HasTime = ns, true
	i += 1 + n
	if i == len(s) {
		return p, true
	}
	if s[i] == ' ' {
		i++
	}
	off, ok := parseOffsetAt(s[i:])
	if !ok {
		return p, false
	}
	p.Off, p.HasOff = off, true
	return p, true
}

// ParseISOTime reads a time of day: hh:mm, hh:mm:ss or hh:mm:ss.fffffffff.
func ParseISOTime(s string) (int64, bool) {
	ns, n, ok := parseClock(s)
	return ns, ok && n == len(s)
}

// parseClock reads hh:mm[:ss[.f]] at the start of s: nanoseconds since
// midnight and the bytes read. A leap second (ss 60) is refused.
func parseClock(s string) (ns int64, n int, ok bool) {
	h, ok1 := digits(s, 0, 2)
	mi, ok2 := digits(s, 3, 2)
	if !ok1 || !ok2 || s[2] != ':' || h > 23 || mi > 59 {
		return 0, 0, false
	}
	ns = int64(h)*NsPerH + int64(mi)*NsPerMin
	n = 5
	if n < len(s) && s[n] == ':' {
		sec, ok := digits(s, n+1, 2)
		if !ok || sec > 59 {
			return 0, 0, false
		}
		ns += int64(sec) * NsPerSec
		n += 3
		if n < len(s) && (s[n] == '.' || s[n] == ',') {
			j := n + 1
			frac, scale := int64(0), NsPerSec
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				if scale > 1 {
					scale /= 10
					frac += int64(s[j]-'0') * scale
				}
				j++
			}
			if j == n+1 {
				return 0, 0, false
			}
			ns += frac
			n = j
		}
	}
	return ns, n, true
}

// parseOffsetAt reads all of s as Z, ±hh:mm, ±hhmm or ±hh.
func parseOffsetAt(s string) (int64, bool) {
	if s == "Z" || s == "z" {
		return 0, true
	}
	off, ok := ParseOffset(s)
	return int64(off), ok
}
