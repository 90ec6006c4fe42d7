package display

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/internal/dtype"
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
// after the point (shortest when prec < 0). The kind and the text follow
// the class of a's type (dtype.Of); the reader of the items is resolved
// here, once per column.
func newItems(a arrow.Array, prec int) items {
	it := items{kind: kindOther, null: a.IsNull}
	d := a.Data()
	f := dtype.Of(a.DataType())
	switch f.Class {
	case dtype.ClassSigned:
		at, _ := dtype.Int64At(d)
		it.kind, it.text = kindNumber, func(i int) string { return strconv.FormatInt(at(i), 10) }
	case dtype.ClassUnsigned:
		at, _ := dtype.Uint64At(d)
		it.kind, it.text = kindNumber, func(i int) string { return strconv.FormatUint(at(i), 10) }
	case dtype.ClassFloat:
		at, _ := dtype.Float64At(d)
		bits := 32 // float16 and float32 items show the digits of a float32
		if f.Width == 8 {
			bits = 64
		}
		it.kind, it.text = kindNumber, func(i int) string { return formatFloat(at(i), bits, prec) }
	case dtype.ClassDecimal:
		it.kind = kindNumber
		it.text, _ = dtype.DecimalStrings(d)
	case dtype.ClassString:
		it.kind = kindText
		it.text, _ = dtype.Strings(d)
	case dtype.ClassBool:
		at, _ := dtype.BoolAt(d)
		it.text = func(i int) string { return strconv.FormatBool(at(i)) }
	case dtype.ClassBinary:
		if f.Text() {
			at, _ := dtype.Bytes(d)
			it.text = func(i int) string { return binaryText(at(i)) }
		}
	case dtype.ClassDictionary:
		if dict, ok := a.(*array.Dictionary); ok {
			return dictItems(dict, prec)
		}
	case dtype.ClassNull:
		it.text = func(int) string { return "null" }
	}
	if it.text == nil {
		// Dates, times, timestamps, durations, intervals, fixed-size
		// binaries: Arrow's own text for them.
		it.text = a.ValueStr
	}
	return it
}

// dictItems is the formatter of a dictionary's items: its entries',
// through its indices. An item is null when its index or its entry is.
func dictItems(a *array.Dictionary, prec int) items {
	dict := newItems(a.Dictionary(), prec)
	index, ok := dtype.Int64At(a.Data())
	if !ok {
		index = func(i int) int64 { return int64(a.GetValueIndex(i)) }
	}
	return items{
		kind: dict.kind,
		text: func(i int) string { return dict.text(int(index(i))) },
		null: func(i int) bool { return a.IsNull(i) || dict.null(int(index(i))) },
	}
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
