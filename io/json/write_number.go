package json

import (
	"math"
	"strconv"
)

// Numbers. Integers are written exactly (strconv.AppendInt, AppendUint).
// Floats are written in the shortest form that reads back as the same
// float (strconv's shortest round-trip digits, with the bit size of the
// column: a float32 keeps float32's shortest digits), in the layout
// encoding/json chooses: plain digits for magnitudes in [1e-6, 1e21),
// exponent form ("1e+21", "1e-7") outside. One difference from
// encoding/json: a float whose plain form has no fraction gets ".0" (2.0,
// -0.0, 1e20 as 100000000000000000000.0), as Polars and pandas write it,
// so that a float column stays a float column when read back instead of
// turning into integers (and -0 keeps its sign).

// appendFloat appends f (bits 32 or 64) as described above. f must be
// finite.
func appendFloat(b []byte, f float64, bits int) []byte {
	if bits == 64 {
		if out, ok := appendShortFloat(b, f); ok {
			return out
		}
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// e-09 to e-9, as encoding/json
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	for _, c := range b[start:] {
		if c == '.' {
			return b
		}
	}
	return append(b, '.', '0')
}

// float64Pow10[k] is 10^k, exact.
var float64Pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6}

// appendShortFloat is the fast path of appendFloat for the float64s data
// holds most (prices, measures, scores: a few digits and at most six
// decimals): the first k in 0..6 for which m = round(f·10^k) gives back f
// as m/10^k is the shortest decimal that reads back as f, the one
// strconv's shortest formatting finds, found with a few multiplications
// and divisions instead of the full algorithm. m/10^k is what a reader
// computes (both exact below 2^53, the quotient correctly rounded), so
// the test is exact; keeping |m| below 2^50 keeps f·10^k within a quarter
// of m when m/10^k reads back as f, so no shorter k is passed over. ok is
// false when the path does not apply (zeros, whose sign needs care,
// magnitudes beyond 2^50 or below 1e-3, more decimals): the caller falls
// back to strconv.
func appendShortFloat(b []byte, f float64) (out []byte, ok bool) {
	abs := math.Abs(f)
	if !(abs >= 1e-3 && abs < 1<<50) {
		return b, false
	}
	for k, p := range float64Pow10 {
		m := math.Round(f * p)
		if math.Abs(m) >= 1<<50 {
			return b, false
		}
		if m/p == f {
			return appendFixed(b, int64(m), k), true
		}
	}
	return b, false
}

// appendFixed appends m·10^-k with k decimals (at least one: "2.0"), k
// in 0..6. The digits are laid out right to left in a buffer of this
// frame and appended in one copy: the decimals, zero-padded to k, the
// point, then the integer part (at least "0") and the sign.
func appendFixed(b []byte, m int64, k int) []byte {
	var buf [32]byte // 20 digits, a sign, a point and a ".0" at most
	i := len(buf)
	u := uint64(m)
	if m < 0 {
		u = -u
	}
	if k == 0 {
		i -= 2
		buf[i], buf[i+1] = '.', '0'
	} else {
		for range k {
			i--
			buf[i] = byte('0' + u%10)
			u /= 10
		}
		i--
		buf[i] = '.'
	}
	for {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if m < 0 {
		i--
		buf[i] = '-'
	}
	return append(b, buf[i:]...)
}

// nonFiniteWriter writes a NaN or an infinity under a policy.
type nonFiniteWriter NonFinite

// append appends f (NaN or ±Inf) as the policy says, or returns the
// error of NonFiniteError.
func (p nonFiniteWriter) append(b []byte, f float64) ([]byte, error) {
	switch NonFinite(p) {
	case NonFiniteNull:
		return append(b, "null"...), nil
	case NonFiniteString:
		switch {
		case math.IsNaN(f):
			return append(b, `"NaN"`...), nil
		case f > 0:
			return append(b, `"Infinity"`...), nil
		}
		return append(b, `"-Infinity"`...), nil
	}
	what := "NaN"
	switch {
	case math.IsInf(f, 1):
		what = "+Inf"
	case math.IsInf(f, -1):
		what = "-Inf"
	}
	return b, writeValueError(what + " has no JSON form (write it as null or a string with WithNonFinite)")
}

// finite reports whether f is neither NaN nor an infinity, in one
// comparison: f-f is 0 for finite f and NaN otherwise.
func finite(f float64) bool { return f-f == 0 }
