package build

import "math"

// The JSON number fast path. Number scans its text once: the scan checks
// the JSON grammar and collects up to 19 significant digits and the
// decimal exponent, which give an int64 directly, and a float64 directly
// when the Clinger fast path applies (at most 2^53 as the mantissa and
// a power of ten of at most 22, both exact as float64, so one correctly
// rounded multiplication or division gives the nearest float64: what
// strconv.ParseFloat returns). The other numbers (integers beyond int64,
// more than 19 digits, large exponents) take the exact slow path.

// jsonNum is a JSON number's text, scanned.
type jsonNum struct {
	ok    bool   // the text is a JSON number
	isInt bool   // no fraction and no exponent
	neg   bool   // a leading minus
	trunc bool   // more than 19 significant digits: mant is not the value
	mant  uint64 // the significant digits
	exp   int    // the decimal exponent of mant
}

// maxMantDigits is the most decimal digits that surely fit uint64.
const maxMantDigits = 19

// scanNumber scans text as a JSON number.
func scanNumber(text []byte) (n jsonNum) {
	i := 0
	if i < len(text) && text[i] == '-' {
		n.neg = true
		i++
	}
	digits := 0 // significant digits taken into mant
	// Integer part: 0, or a non-zero digit and more digits (so no
	// leading zeros to skip).
	start := i
	if i < len(text) && text[i] == '0' {
		i++
	} else {
		for ; i < len(text); i++ {
			c := text[i] - '0'
			if c > 9 {
				break
			}
			if digits < maxMantDigits {
				n.mant = n.mant*10 + uint64(c)
				digits++
			} else {
				n.exp++
				n.trunc = n.trunc || c != 0
			}
		}
	}
	if i == start {
		return jsonNum{}
	}
	n.isInt = true
	if i < len(text) && text[i] == '.' {
		n.isInt = false
		i++
		fstart := i
		if digits == 0 { // 0.000123: the zeros are not significant
			for i < len(text) && text[i] == '0' {
				n.exp--
				i++
			}
		}
		for ; i < len(text); i++ {
			c := text[i] - '0'
			if c > 9 {
				break
			}
			if digits < maxMantDigits {
				n.mant = n.mant*10 + uint64(c)
				digits++
				n.exp--
			} else {
				n.trunc = n.trunc || c != 0
			}
		}
		if i == fstart {
			return jsonNum{}
		}
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		n.isInt = false
		i++
		eneg := false
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			eneg = text[i] == '-'
			i++
		}
		estart, e := i, 0
		for ; i < len(text); i++ {
			c := text[i] - '0'
			if c > 9 {
				break
			}
			if e < 1_000_000 {
				e = e*10 + int(c)
			}
		}
		if i == estart {
			return jsonNum{}
		}
		if eneg {
			e = -e
		}
		n.exp += e
	}
	if i != len(text) {
		return jsonNum{}
	}
	n.ok = true
	return n
}

// int64 returns the integer, if the number is one that fits int64.
func (n *jsonNum) int64() (int64, bool) {
	if !n.isInt || n.trunc || n.exp != 0 {
		return 0, false
	}
	switch {
	case !n.neg && n.mant <= math.MaxInt64:
		return int64(n.mant), true
	case n.neg && n.mant <= 1<<63:
		return -int64(n.mant), true
	}
	return 0, false
}

// pow10 holds the powers of ten float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// float64 returns the number as the nearest float64, when the fast path
// gives it exactly (see above).
func (n *jsonNum) float64() (float64, bool) {
	if n.trunc {
		return 0, false
	}
	var f float64
	switch {
	case n.mant == 0:
	case n.mant > 1<<53 || n.exp < -22 || n.exp > 22:
		return 0, false
	case n.exp >= 0:
		f = float64(n.mant) * pow10[n.exp]
	default:
		f = float64(n.mant) / pow10[-n.exp]
	}
	if n.neg {
		f = -f
	}
	return f, true
}
