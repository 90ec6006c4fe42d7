package temporal

import (
	"fmt"
	"strconv"
	"strings"
)

// Every is a Polars duration string parsed: "1mo", "1w", "3d12h", "15m",
// "-2h30m". Months (mo, q = 3 months, y = 12 months) and days (d, w = 7
// days) are calendar units, applied to local dates; Ns holds the fixed
// part (h, m, s, ms, us, ns).
type Every struct {
	Months int64
	Weeks  int64
	Days   int64
	Ns     int64
	text   string
}

// String is the duration string the Every was parsed from.
func (e Every) String() string { return e.text }

// Zero reports a duration of zero length.
func (e Every) Zero() bool { return e.Months == 0 && e.Weeks == 0 && e.Days == 0 && e.Ns == 0 }

// Fixed is the length in nanoseconds when the duration has no months, a
// day counting 24 hours; ok is false with months.
func (e Every) Fixed() (ns int64, ok bool) {
	if e.Months != 0 {
		return 0, false
	}
	return (e.Weeks*7+e.Days)*NsPerDay + e.Ns, true
}

// everyUnits lists the units, longest first where one is a prefix of
// another (mo before m, ms before m and s).
var everyUnits = []struct {
	name         string
	months, days int64
	weeks        int64
	ns           int64
}{
	{name: "mo", months: 1},
	{name: "ms", ns: NsPerMs},
	{name: "ns", ns: 1},
	{name: "us", ns: NsPerUs},
	{name: "µs", ns: NsPerUs},
	{name: "s", ns: NsPerSec},
	{name: "m", ns: NsPerMin},
	{name: "h", ns: NsPerH},
	{name: "d", days: 1},
	{name: "w", weeks: 1},
	{name: "q", months: 3},
	{name: "y", months: 12},
}

// ParseEvery reads a Polars duration string: an optional "-" and one or
// more integer-unit pairs, the units ns, us, ms, s, m (minutes), h, d, w,
// mo, q and y.
func ParseEvery(s string) (Every, error) {
	e := Every{text: s}
	rest := s
	neg := strings.HasPrefix(rest, "-")
	if neg {
		rest = rest[1:]
	}
	if rest == "" {
		return e, fmt.Errorf("duration %q is empty (want e.g. \"1d\", \"15m\", \"1mo\")", s)
	}
	for rest != "" {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 {
			return e, fmt.Errorf("duration %q: want a number at %q (e.g. \"1d\", \"15m\", \"1mo\")", s, rest)
		}
		n, err := strconv.ParseInt(rest[:i], 10, 64)
		if err != nil {
			return e, fmt.Errorf("duration %q: %s is too large", s, rest[:i])
		}
		rest = rest[i:]
		found := false
		for _, u := range everyUnits {
			if strings.HasPrefix(rest, u.name) {
				e.Months += n * u.months
				e.Weeks += n * u.weeks
				e.Days += n * u.days
				e.Ns += n * u.ns
				rest = rest[len(u.name):]
				found = true
				break
			}
		}
		if !found {
			return e, fmt.Errorf("duration %q: unknown unit at %q (units: ns, us, ms, s, m, h, d, w, mo, q, y)", s, rest)
		}
	}
	if neg {
		e.Months, e.Weeks, e.Days, e.Ns = -e.Months, -e.Weeks, -e.Days, -e.Ns
	}
	return e, nil
}

// CheckWindow checks that e can truncate or round: positive, and months
// not mixed with other units.
func (e Every) CheckWindow() error {
	if e.Months < 0 || e.Weeks < 0 || e.Days < 0 || e.Ns < 0 || e.Zero() {
		return fmt.Errorf("duration %q must be positive to truncate or round", e.text)
	}
	if e.Months != 0 && (e.Weeks != 0 || e.Days != 0 || e.Ns != 0) {
		return fmt.Errorf("duration %q mixes months with other units: truncating or rounding takes one calendar unit", e.text)
	}
	if e.Weeks != 0 && (e.Days != 0 || e.Ns != 0) {
		return fmt.Errorf("duration %q mixes weeks with other units: truncating or rounding takes one calendar unit", e.text)
	}
	return nil
}

// Truncate is the start of the window of e that holds t, t and the result
// in nanoseconds since 1970-01-01 00:00 (local wall time): months count
// from year 0 (so "1mo" is the start of the month, "1q" of the quarter,
// "1y" of the year), weeks start on Monday, other durations are windows
// of fixed length from 1970-01-01. e has passed CheckWindow.
func (e Every) Truncate(t int64) int64 {
	switch {
	case e.Months != 0:
		days, _ := FloorDiv(t, NsPerDay)
		y, m, _ := CivilFromDays(days)
		total := y*12 + int64(m-1)
		_, r := FloorDiv(total, e.Months)
		ny, nm := FloorDiv(total-r, 12)
		return DaysFromCivil(ny, int(nm)+1, 1) * NsPerDay
	case e.Weeks != 0:
		days, _ := FloorDiv(t, NsPerDay)
		// 1969-12-29, day -3, was a Monday.
		q, _ := FloorDiv(days+3, 7*e.Weeks)
		return (q*7*e.Weeks - 3) * NsPerDay
	}
	w, _ := e.Fixed()
	q, _ := FloorDiv(t, w)
	return q * w
}

// Round is t rounded to the nearest window boundary of e, a half-way
// time going up (Polars' round).
func (e Every) Round(t int64) int64 {
	lo := e.Truncate(t)
	hi := e.Add(lo, 1)
	if t-lo >= hi-t {
		return hi
	}
	return lo
}

// Add moves t (nanoseconds of local wall time) by n times e: months first
// (the day clamped to the end of the month), then weeks and days, then
// the fixed part.
func (e Every) Add(t int64, n int64) int64 {
	if e.Months != 0 {
		days, ns := FloorDiv(t, NsPerDay)
		y, m, d := CivilFromDays(days)
		y, m, d = AddMonths(y, m, d, e.Months*n)
		t = DaysFromCivil(y, m, d)*NsPerDay + ns
	}
	return t + n*((e.Weeks*7+e.Days)*NsPerDay+e.Ns)
}
