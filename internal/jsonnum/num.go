// Package jsonnum scans JSON numbers once: the scan checks the grammar of
// RFC 8259 and collects up to 19 significant digits and the decimal
// exponent, which give an int64 directly, and a float64 directly when
// the Clinger fast path applies (at most 2^53 as the mantissa and a power
// of ten of at most 22, both exact as float64, so one correctly rounded
// multiplication or division gives the nearest float64: what
// strconv.ParseFloat returns). The other numbers (integers beyond int64,
// more than 19 digits, large exponents) are left to the exact slow path
// of the caller.
//
// The JSON tokenizer scans a number with Num.Scan as it finds its end, and
// hands the Num to the Builder with the text, so that a number's digits
// are read once; the Builder scans a number given as text alone with
// Parse.
package jsonnum

import "math"

// Num is a JSON number, scanned.
type Num struct {
	OK    bool   // the text is a JSON number
	IsInt bool   // no fraction and no exponent
	Neg   bool   // a leading minus
	Trunc bool   // more than 19 significant digits: Mant is not the value
	Mant  uint64 // the significant digits
	Exp   int    // the decimal exponent of Mant
}

// MaxMantDigits is the most decimal digits that surely fit uint64.
const MaxMantDigits = 19

// Parse scans text as one JSON number; OK is false if it is not exactly
// one.
func Parse(text []byte) Num {
	var n Num
	if n.Scan(text, 0) != len(text) {
		n.OK = false
	}
	return n
}

// Scan scans the JSON number at data[i:] into n and returns the offset
// just after it: the longest text that the grammar
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? takes. OK is false
// (and the offset meaningless) where the grammar fails before the number
// ends: no digit after the sign, the point or the exponent's letter.
func (n *Num) Scan(data []byte, i int) (end int) {
	*n = Num{}
	if i < len(data) && data[i] == '-' {
		n.Neg = true
		i++
	}
	digits := 0 // significant digits taken into Mant
	// Integer part: 0, or a non-zero digit and more digits (so no
	// leading zeros to skip).
	if i >= len(data) {
		return i
	}
	switch c := data[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		i, digits = n.run(data, i, 0, false)
	default:
		return i
	}
	n.IsInt = true
	if i < len(data) && data[i] == '.' {
		n.IsInt = false
		i++
		fstart := i
		if digits == 0 { // 0.000123: the zeros are not significant
			for i < len(data) && data[i] == '0' {
				n.Exp--
				i++
			}
		}
		i, _ = n.run(data, i, digits, true)
		if i == fstart {
			return i
		}
	}
	if i < len(data) && (data[i]|0x20) == 'e' {
		n.IsInt = false
		i++
		eneg := false
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			eneg = data[i] == '-'
			i++
		}
		estart, e := i, 0
		for ; i < len(data); i++ {
			c := data[i] - '0'
			if c > 9 {
				break
			}
			if e < 1_000_000 {
				e = e*10 + int(c)
			}
		}
		if i == estart {
			return i
		}
		if eneg {
			e = -e
		}
		n.Exp += e
	}
	n.OK = true
	return i
}

// End returns the offset just after the JSON number at data[i:], as
// Num.Scan does, without its value: for a number skipped. ok is false
// where the grammar fails before the number ends.
func End(data []byte, i int) (end int, ok bool) {
	if i < len(data) && data[i] == '-' {
		i++
	}
	if i >= len(data) {
		return i, false
	}
	switch c := data[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		i = digitsEnd(data, i+1)
	default:
		return i, false
	}
	if i < len(data) && data[i] == '.' {
		i++
		j := digitsEnd(data, i)
		if j == i {
			return i, false
		}
		i = j
	}
	if i < len(data) && (data[i]|0x20) == 'e' {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digitsEnd(data, i)
		if j == i {
			return i, false
		}
		i = j
	}
	return i, true
}

// digitsEnd returns where the run of digits at data[i:] ends.
func digitsEnd(data []byte, i int) int {
	for i < len(data) && data[i]-'0' <= 9 {
		i++
	}
	return i
}

// run takes the digits at data[i:] into n (digits of them taken so far),
// each lowering the exponent when frac (digits after the point), and
// returns where they end and the significant digits taken. Digits beyond
// the 19th are not taken: they raise the exponent (in the integer part)
// and set Trunc when not zero.
func (n *Num) run(data []byte, i, digits int, frac bool) (int, int) {
	for ; i < len(data); i++ {
		c := data[i] - '0'
		if c > 9 {
			break
		}
		switch {
		case digits < MaxMantDigits:
			n.Mant = n.Mant*10 + uint64(c)
			digits++
			if frac {
				n.Exp--
			}
		case !frac:
			n.Exp++
			n.Trunc = n.Trunc || c != 0
		default:
			n.Trunc = n.Trunc || c != 0
		}
	}
	return i, digits
}

// Int64 returns the integer, if the number is one that fits int64.
func (n *Num) Int64() (int64, bool) {
	if !n.IsInt || n.Trunc || n.Exp != 0 {
		return 0, false
	}
	switch {
	case !n.Neg && n.Mant <= math.MaxInt64:
		return int64(n.Mant), true
	case n.Neg && n.Mant <= 1<<63:
		return -int64(n.Mant), true
	}
	return 0, false
}

// pow10 holds the powers of ten float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// Float64 returns the number as the nearest float64, when the fast path
// gives it exactly (see the package doc).
func (n *Num) Float64() (float64, bool) {
	if n.Trunc {
		return 0, false
	}
	var f float64
	switch {
	case n.Mant == 0:
	case n.Mant > 1<<53 || n.Exp < -22 || n.Exp > 22:
		return 0, false
	case n.Exp >= 0:
		f = float64(n.Mant) * pow10[n.Exp]
	default:
		f = float64(n.Mant) / pow10[-n.Exp]
	}
	if n.Neg {
		f = -f
	}
	return f, true
}
