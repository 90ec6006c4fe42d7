package structured

import (
	"math"
	"strconv"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
)

// Numbers given as text (JSON numbers, json.Number) and Go uint64 are read
// without losing digits: an integer that fits int64 is an int64, one
// beyond it a decimal128(38, 0) (exact up to 38 digits), anything else a
// float64. Longer integers are an error (or JSON text under
// ConflictJSONText): rounding them into a float would change them silently.

// maxDecimalDigits is the most digits decimal128 holds.
const maxDecimalDigits = 38

// parseInt64 parses an optionally signed run of decimal digits; ok is
// false if text is not one or does not fit int64.
func parseInt64(text []byte) (v int64, isInt, ok bool) {
	i, neg := 0, false
	if len(text) > 0 && text[0] == '-' {
		neg, i = true, 1
	}
	if i == len(text) {
		return 0, false, false
	}
	var u uint64
	for ; i < len(text); i++ {
		c := text[i] - '0'
		if c > 9 {
			return 0, false, false
		}
		if u > (math.MaxUint64-9)/10 {
			return 0, true, false // too many digits for the fast path
		}
		u = u*10 + uint64(c)
	}
	switch {
	case !neg && u <= math.MaxInt64:
		return int64(u), true, true
	case neg && u <= 1<<63:
		return -int64(u), true, true
	}
	return 0, true, false
}

// addNumber appends a number given as text (see the rules above).
func (b *Builder) addNumber(nd *vnode, text []byte) *buildError {
	if nd.jsonText {
		return b.asText(nd, "number", text)
	}
	v, isInt, ok := parseInt64(text)
	if ok {
		return b.addInt(nd, v)
	}
	s := unsafe.String(unsafe.SliceData(text), len(text))
	if isInt {
		digits := len(text)
		if text[0] == '-' {
			digits--
		}
		if digits <= maxDecimalDigits || trimZeros(text) <= maxDecimalDigits {
			d, err := decimal128.FromString(s, maxDecimalDigits, 0)
			if err == nil {
				return b.addDecimal(nd, d, s)
			}
		}
		if b.opts.conflicts == ConflictJSONText {
			return b.asText(nd, "integer", text)
		}
		return b.errorAt(ErrSchema, "integer %s%s has more than %d digits: neither int64, decimal128 nor float64 holds it exactly; use ConflictJSONText to keep it as text",
			clip(s, 60), b.at(), maxDecimalDigits)
	}
	if !isJSONNumber(text) {
		return b.errorAt(ErrType, "%q%s is not a number", clip(s, 60), b.at())
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange && !math.IsInf(f, 0) {
			// Underflow to zero or a denormal: the nearest float64 is what
			// every JSON reader gives.
			return b.addFloat(nd, f)
		}
		return b.errorAt(ErrType, "number %s%s is not a finite float64", clip(s, 60), b.at())
	}
	return b.addFloat(nd, f)
}

// trimZeros counts the digits of an integer's text without leading zeros.
func trimZeros(text []byte) int {
	i := 0
	if len(text) > 0 && text[0] == '-' {
		i = 1
	}
	for i < len(text)-1 && text[i] == '0' {
		i++
	}
	return len(text) - i
}

// clip shortens s for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// addUint appends an unsigned integer: int64 if it fits, else a
// decimal128(38, 0) when inferring, or a Spec's uint64, float or decimal.
func (b *Builder) addUint(nd *vnode, x uint64) *buildError {
	if x <= math.MaxInt64 {
		return b.addInt(nd, int64(x))
	}
	if nd.spec != nil && nd.kind == kindLeaf && !nd.jsonText {
		switch nd.dtype.ID() {
		case arrow.UINT64:
			nd.i64 = push(nd.i64, int64(x))
			nd.markValid()
			return nil
		case arrow.FLOAT32, arrow.FLOAT64:
			return b.addFloat(nd, float64(x))
		case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32:
			return b.errorAt(ErrSchema, "value %d%s is out of range for %s (from the Spec)", x, b.at(), typeName(nd.dtype))
		}
	}
	return b.addDecimal(nd, decimal128.FromU64(x), strconv.FormatUint(x, 10))
}

// isJSONNumber reports whether text is a number as JSON writes them
// (strconv.ParseFloat also takes "Inf", "NaN", hex and underscores).
func isJSONNumber(text []byte) bool {
	i := 0
	if i < len(text) && text[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
			n++
		}
		return n
	}
	start := i
	if n := digits(); n == 0 || n > 1 && text[start] == '0' {
		return false
	}
	if i < len(text) && text[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(text)
}
