// Package temporal is the calendar arithmetic, time zone lookup, duration
// strings and strftime/strptime formats of the module's date and time
// functions: frame's Dt and Str().ToDate..., the JSON reader's date
// detection. Everything works on integer counts (days since 1970-01-01,
// nanoseconds of a day, ticks of a unit) so that a column is computed
// without making a time.Time per row.
package temporal

// Nanoseconds per unit of time.
const (
	NsPerUs  = int64(1000)
	NsPerMs  = int64(1000_000)
	NsPerSec = int64(1000_000_000)
	NsPerMin = 60 * NsPerSec
	NsPerH   = 60 * NsPerMin
	NsPerDay = 24 * NsPerH
)

// FloorDiv is x / y rounded toward minus infinity (y > 0), and the
// remainder in [0, y).
func FloorDiv(x, y int64) (q, r int64) {
	q, r = x/y, x%y
	if r < 0 {
		q--
		r += y
	}
	return q, r
}

// DaysFromCivil is the number of days from 1970-01-01 to the proleptic
// Gregorian date y-m-d (m 1..12, d 1..31), negative before 1970
// (Howard Hinnant's days_from_civil).
func DaysFromCivil(y int64, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era = (y - 399) / 400
	}
	yoe := y - era*400 // [0, 399]
	mp := (m + 9) % 12 // March is 0
	doy := int64((153*mp+2)/5 + d - 1)
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// CivilFromDays is the proleptic Gregorian date of a day count from
// 1970-01-01 (the inverse of DaysFromCivil).
func CivilFromDays(z int64) (y int64, m, d int) {
	if z >= fastMin && z < fastMax {
		return civilFast(z)
	}
	return civilSlow(z)
}

// The range of civilFast: years -32800 to about 2.9 million.
const (
	fastShift = 82 // 400-year eras moved so that the arithmetic is unsigned
	fastK     = 719468 + 146097*fastShift
	fastMin   = -fastK
	fastMax   = 1 << 29
)

// civilFast is Neri and Schneider's Euclidean-affine algorithm ("Euclidean
// affine functions and their application to calendar algorithms", 2022):
// unsigned 32-bit arithmetic, no branch on the sign.
func civilFast(z int64) (int64, int, int) {
	n := uint32(z + fastK)
	n1 := 4*n + 3
	c := n1 / 146097
	nc := n1 % 146097 / 4
	n2 := 4*nc + 3
	p2 := uint64(2939745) * uint64(n2)
	zz := uint32(p2 >> 32)
	ny := uint32(p2) / 2939745 / 4
	y := int64(100*c + zz)
	n3 := 2141*ny + 197913
	m := n3 >> 16
	d := n3 & 0xffff / 2141
	if ny >= 306 {
		y++
		m -= 12
	}
	return y - 400*fastShift, int(m), int(d) + 1
}

// civilSlow is Howard Hinnant's civil_from_days, for any day count.
func civilSlow(z int64) (y int64, m, d int) {
	z += 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era = (z - 146096) / 146097
	}
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100) // [0, 365]
	mp := (5*doy + 2) / 153                  // [0, 11]
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

// IsLeap reports a leap year of the proleptic Gregorian calendar.
func IsLeap(y int64) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// DaysIn is the number of days of month m of year y.
func DaysIn(y int64, m int) int {
	switch m {
	case 2:
		if IsLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// ISOWeekday is the ISO day of the week of a day count: Monday 1 to
// Sunday 7 (1970-01-01 was a Thursday).
func ISOWeekday(days int64) int {
	_, r := FloorDiv(days+3, 7)
	return int(r) + 1
}

// OrdinalDay is the day of the year, 1 to 366.
func OrdinalDay(days int64) int {
	y, _, _ := CivilFromDays(days)
	return int(days-DaysFromCivil(y, 1, 1)) + 1
}

// ISOWeek is the ISO 8601 week-numbering year and week (1 to 53) of a day
// count: weeks start on Monday, week 1 holds the year's first Thursday.
func ISOWeek(days int64) (year int64, week int) {
	thursday := days - int64(ISOWeekday(days)) + 4 // the Thursday of this week
	year, _, _ = CivilFromDays(thursday)
	return year, int((thursday-DaysFromCivil(year, 1, 1))/7) + 1
}

// AddMonths moves a date by n months, clamping the day to the end of the
// month it lands in (as Polars' offset_by: Jan 31 + 1mo is Feb 28 or 29).
func AddMonths(y int64, m, d int, n int64) (int64, int, int) {
	total := y*12 + int64(m-1) + n
	ny, nm := FloorDiv(total, 12)
	m = int(nm) + 1
	return ny, m, min(d, DaysIn(ny, m))
}
