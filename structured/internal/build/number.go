package build

import (
	"bytes"
	"math"
	"strconv"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/structframe/structframe/internal/jsonnum"
)

// Numbers given as text (JSON numbers, json.Number) and Go uint64 are read
// without losing digits: an integer that fits int64 is an int64, one
// beyond it a decimal128(38, 0) (exact up to 38 digits), anything else a
// float64. Longer integers are an error (or JSON text under
// ConflictJSONText): rounding them into a float would change them silently.

// maxDecimalDigits is the most digits decimal128 holds.
const maxDecimalDigits = 38

// addNumber appends a number given as JSON text, already scanned as num
// (see the rules above). A Spec's decimal field takes the text exactly,
// not through a float.
func (b *Builder) addNumber(nd *vnode, text []byte, num *jsonnum.Num) *buildError {
	if nd.jsonText {
		return b.asText(nd, "number", text)
	}
	s := unsafe.String(unsafe.SliceData(text), len(text))
	if nd.spec != nil && nd.kind == kindLeaf && nd.typ == storeString && !b.frozen {
		nd.appendBytes(s) // a Spec's string field keeps the number's text
		return nil
	}
	if b.frozen && !num.IsInt && nd.spec != nil && nd.kind == kindLeaf && nd.typ == storeInt64 {
		// The first batch held integers only: inferring over both batches
		// would have made the field float64, so 3.0 does not fit either.
		return b.errorAt(KindSchema, "value %s%s is not an integer, want %s (from the Spec)", clip(s, 60), b.at(), typeName(nd.dtype))
	}
	if nd.spec != nil && nd.kind == kindLeaf && nd.typ == storeDecimal {
		dt := nd.dtype.(*arrow.Decimal128Type)
		d, err := decimal128.FromString(s, dt.Precision, dt.Scale)
		if err != nil || fracDigits(text) > int(dt.Scale) {
			return b.errorAt(KindSchema, "value %s%s does not fit %s exactly (from the Spec)", clip(s, 60), b.at(), typeName(dt))
		}
		nd.dec = push(nd.dec, d)
		nd.markValid()
		return nil
	}
	if num.IsInt {
		if v, ok := num.Int64(); ok {
			return b.addInt(nd, v)
		}
		if trimZeros(text) <= maxDecimalDigits {
			if d, err := decimal128.FromString(s, maxDecimalDigits, 0); err == nil {
				return b.addDecimal(nd, d, s)
			}
		}
		if b.opts.Conflicts == ConflictJSONText {
			return b.asText(nd, "integer", text)
		}
		return b.errorAt(KindSchema, "integer %s%s has more than %d digits: neither int64, decimal128 nor float64 holds it exactly; use ConflictJSONText to keep it as text",
			clip(s, 60), b.at(), maxDecimalDigits)
	}
	if f, ok := num.Float64(); ok {
		return b.addFloat(nd, f)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange && !math.IsInf(f, 0) {
			// Underflow to zero or a denormal: the nearest float64 is what
			// every JSON reader gives.
			return b.addFloat(nd, f)
		}
		return b.errorAt(KindType, "number %s%s is not a finite float64", clip(s, 60), b.at())
	}
	return b.addFloat(nd, f)
}

// fracDigits is the number of digits after the decimal point a JSON
// number needs (trailing zeros aside, its exponent applied): 1.50 needs
// 1, 1.005e1 needs 2, 12e-3 needs 3.
func fracDigits(text []byte) int {
	mant, exp := text, 0
	if i := bytes.IndexAny(text, "eE"); i >= 0 {
		mant = text[:i]
		e, err := strconv.Atoi(string(text[i+1:]))
		if err != nil {
			return math.MaxInt32
		}
		exp = e
	}
	frac := 0
	if i := bytes.IndexByte(mant, '.'); i >= 0 {
		f := bytes.TrimRight(mant[i+1:], "0")
		frac = len(f)
	} else {
		// Trailing zeros of an integer can absorb a negative exponent.
		z := len(mant) - len(bytes.TrimRight(mant, "0"))
		frac = -z
	}
	return max(frac-exp, 0)
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
			return b.errorAt(KindSchema, "value %d%s is out of range for %s (from the Spec)", x, b.at(), typeName(nd.dtype))
		}
	}
	return b.addDecimal(nd, decimal128.FromU64(x), strconv.FormatUint(x, 10))
}
