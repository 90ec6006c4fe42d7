package display

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// itemKind says how an item is aligned and quoted.
type itemKind uint8

const (
	kindText   itemKind = iota // strings: left-aligned, quoted inside nested values
	kindNumber                 // integers, floats, decimals: right-aligned, points aligned
	kindOther                  // bools, dates, times, binaries: left-aligned, never quoted
)

// items formats the items of one Arrow array, typed once per column so
// that a cell costs the strconv call of its own items: no item is boxed
// into an interface.
type items struct {
	kind itemKind
	text func(i int) string // item i, not null
	null func(i int) bool
}

// newItems returns the formatter of a's items, floats with prec digits
// after the point (shortest when prec < 0).
func newItems(a arrow.Array, prec int) items {
	it := items{kind: kindOther, null: a.IsNull}
	switch a := a.(type) {
	case *array.Int64:
		it.kind, it.text = kindNumber, signedText(a)
	case *array.Int32:
		it.kind, it.text = kindNumber, signedText(a)
	case *array.Int16:
		it.kind, it.text = kindNumber, signedText(a)
	case *array.Int8:
		it.kind, it.text = kindNumber, signedText(a)
	case *array.Uint64:
		it.kind, it.text = kindNumber, unsignedText(a)
	case *array.Uint32:
		it.kind, it.text = kindNumber, unsignedText(a)
	case *array.Uint16:
		it.kind, it.text = kindNumber, unsignedText(a)
	case *array.Uint8:
		it.kind, it.text = kindNumber, unsignedText(a)
	case *array.Float64:
		it.kind, it.text = kindNumber, func(i int) string { return formatFloat(a.Value(i), 64, prec) }
	case *array.Float32:
		it.kind, it.text = kindNumber, func(i int) string { return formatFloat(float64(a.Value(i)), 32, prec) }
	case *array.Float16:
		it.kind, it.text = kindNumber, func(i int) string { return formatFloat(float64(a.Value(i).Float32()), 32, prec) }
	case *array.Decimal32:
		it.kind, it.text = kindNumber, decimalText(a, a.DataType())
	case *array.Decimal64:
		it.kind, it.text = kindNumber, decimalText(a, a.DataType())
	case *array.Decimal128:
		it.kind, it.text = kindNumber, decimalText(a, a.DataType())
	case *array.Decimal256:
		it.kind, it.text = kindNumber, decimalText(a, a.DataType())
	case *array.String:
		it.kind, it.text = kindText, a.Value
	case *array.LargeString:
		it.kind, it.text = kindText, a.Value
	case *array.StringView:
		it.kind, it.text = kindText, a.Value
	case *array.Boolean:
		it.text = func(i int) string { return strconv.FormatBool(a.Value(i)) }
	case *array.Binary:
		it.text = func(i int) string { return binaryText(a.Value(i)) }
	case *array.LargeBinary:
		it.text = func(i int) string { return binaryText(a.Value(i)) }
	case *array.BinaryView:
		it.text = func(i int) string { return binaryText(a.Value(i)) }
	case *array.Dictionary:
		dict := newItems(a.Dictionary(), prec)
		it.kind = dict.kind
		it.text = func(i int) string { return dict.text(a.GetValueIndex(i)) }
		it.null = func(i int) bool { return a.IsNull(i) || dict.null(a.GetValueIndex(i)) }
	case *array.Null:
		it.text = func(int) string { return "null" }
	default:
		// Dates, times, timestamps, durations, intervals, fixed-size
		// binaries: Arrow's own text for them.
		it.text = a.ValueStr
	}
	return it
}

// formatFloat writes f with prec digits after the point, or the shortest
// text that reads back as f; always with a point (3.0, not 3) so floats
// and integers look different, and in exponent form beyond 1e15 and
// below 1e-4, where fixed notation would fill the cell with zeros.
func formatFloat(f float64, bits, prec int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	if a := math.Abs(f); a != 0 && (a >= 1e15 || a < 1e-4) {
		return strconv.FormatFloat(f, 'e', prec, bits)
	}
	s := strconv.FormatFloat(f, 'f', prec, bits)
	if prec < 0 {
		dot := strings.IndexByte(s, '.')
		if dot < 0 {
			return s + ".0"
		}
		if len(s)-dot-1 > maxDecimals {
			// 1/3 reads 0.333333, as pandas and Polars print it.
			s = strings.TrimRight(strconv.FormatFloat(f, 'f', maxDecimals, bits), "0")
			if s[len(s)-1] == '.' {
				s += "0"
			}
		}
	}
	return s
}

// maxDecimals is the most digits after the decimal point a float shows
// when no precision is set: the shortest text that reads back as the
// number, rounded to this many decimals.
const maxDecimals = 6

// binaryText shows bytes as a quoted Go string when they are UTF-8 text,
// else as hex after 0x.
func binaryText(b []byte) string {
	if utf8.Valid(b) {
		return "b" + strconv.Quote(string(b))
	}
	const hex = "0123456789abcdef"
	out := make([]byte, 2, 2+2*len(b))
	out[0], out[1] = '0', 'x'
	for _, c := range b {
		out = append(out, hex[c>>4], hex[c&15])
	}
	return string(out)
}

// signedText formats the items of an array of signed integers.
func signedText[T int8 | int16 | int32 | int64](a interface{ Value(int) T }) func(int) string {
	return func(i int) string { return strconv.FormatInt(int64(a.Value(i)), 10) }
}

// unsignedText formats the items of an array of unsigned integers.
func unsignedText[T uint8 | uint16 | uint32 | uint64](a interface{ Value(int) T }) func(int) string {
	return func(i int) string { return strconv.FormatUint(uint64(a.Value(i)), 10) }
}

// decimalText formats decimals exactly, with every digit of their scale
// (-12.50, not -12.5).
func decimalText[T interface{ ToString(int32) string }](a interface{ Value(int) T }, dt arrow.DataType) func(int) string {
	scale := dt.(arrow.DecimalType).GetScale()
	return func(i int) string { return a.Value(i).ToString(scale) }
}
