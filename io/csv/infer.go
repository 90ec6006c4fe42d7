package csv

import (
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
)

// kind is a set of the types a column may still have: a cell narrows its
// column's set to the types it fits (classify), and the column takes the
// first type left in the order bool, int64, float64, date32, timestamp
// (naive), timestamp (UTC), string. A null cell fits every type; string
// fits every cell.
type kind uint8

const (
	kBool kind = 1 << iota
	kInt
	kFloat
	kDate
	kTS
	kTSZone
	kString
	kAll kind = 1<<iota - 1
)

// Inferred types.
var (
	tsNaive = &arrow.TimestampType{Unit: arrow.Microsecond}
	tsUTC   = &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}
)

// inferredType is the type of a column whose cells fit the set m. A column
// with no non-null cell is a string column.
func inferredType(m kind) arrow.DataType {
	switch {
	case m == kAll:
		return arrow.BinaryTypes.String
	case m&kBool != 0:
		return arrow.FixedWidthTypes.Boolean
	case m&kInt != 0:
		return arrow.PrimitiveTypes.Int64
	case m&kFloat != 0:
		return arrow.PrimitiveTypes.Float64
	case m&kDate != 0:
		return arrow.FixedWidthTypes.Date32
	case m&kTS != 0:
		return tsNaive
	case m&kTSZone != 0:
		return tsUTC
	}
	return arrow.BinaryTypes.String
}

// classify returns the types a non-empty, non-null cell fits. The rules
// never lose what the file says:
//   - an integer is [+-]?(0|[1-9][0-9]*) within int64: "007" (a zip code)
//     is a string, and so is an integer beyond int64 (it is not rounded
//     into a float);
//   - an integer also fits float64 only when |v| <= 2^53, so a column of
//     floats with a larger integer is a string column;
//   - a decimal fits float64 when the float prints back to the same
//     digits (up to 15 significant digits always does; more are checked),
//     so 0.10000000000000000555 stays a string;
//   - NaN, Inf, Infinity (any case, signed) are floats;
//   - true/false, True/False, TRUE/FALSE are bools (not 0 and 1);
//   - YYYY-MM-DD is a date; YYYY-MM-DD[T ]HH:MM:SS[.ffffff] a timestamp,
//     with a zone (Z, ±HH:MM) a UTC timestamp.
func classify(b []byte) kind {
	if t := trimCell(b); len(t) != len(b) {
		// " 1 " is the number 1, as DuckDB and pandas read it; a
		// string column keeps its spaces.
		if len(t) == 0 {
			return kString
		}
		return classify(t) | kString
	}
	c := b[0]
	switch {
	case c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.':
		if len(b) >= 10 && b[4] == '-' {
			return classifyTime(b)
		}
		return classifyNumber(b)
	case c == 't' || c == 'f' || c == 'T' || c == 'F':
		if _, ok := parseBool(b); ok {
			return kBool | kString
		}
	case c == 'n' || c == 'N' || c == 'i' || c == 'I':
		if isSpecialFloat(b) {
			return kFloat | kString
		}
	}
	return kString
}

func isSpecialFloat(b []byte) bool {
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		b = b[1:]
		if len(b) == 3 && lowerIs(b, "nan") {
			return false
		}
	}
	return lowerIs(b, "nan") || lowerIs(b, "inf") || lowerIs(b, "infinity")
}

func lowerIs(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		c := b[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

// isBool is parseBool's ok.
func isBool(b []byte) bool {
	_, ok := parseBool(b)
	return ok
}

func parseBool(b []byte) (bool, bool) {
	switch string(b) {
	case "true", "True", "TRUE":
		return true, true
	case "false", "False", "FALSE":
		return false, true
	}
	return false, false
}

func classifyTime(b []byte) kind {
	if len(b) == 10 {
		if validDate(b) {
			return kDate | kString
		}
		return kString
	}
	if _, zone, ok := parseTimestamp(b); ok {
		if zone {
			return kTSZone | kString
		}
		return kTS | kString
	}
	return kString
}

// classifyNumber reads [+-]?digits[.digits][(e|E)[+-]?digits].
func classifyNumber(b []byte) kind {
	i := 0
	if b[0] == '+' || b[0] == '-' {
		i++
		if i < len(b) && (b[i] == 'i' || b[i] == 'I') {
			if isSpecialFloat(b) {
				return kFloat | kString
			}
			return kString
		}
	}
	intStart := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	nInt := i - intStart
	if nInt > 1 && b[intStart] == '0' {
		return kString // leading zeros: a code, not a number
	}
	if i == len(b) {
		if nInt == 0 {
			return kString
		}
		return classifyInt(b, nInt)
	}
	fracStart, nFrac := i, 0
	if b[i] == '.' {
		i++
		fracStart = i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		nFrac = i - fracStart
	}
	if nInt+nFrac == 0 {
		return kString
	}
	if i < len(b) {
		if b[i] != 'e' && b[i] != 'E' {
			return kString
		}
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		expStart := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i != len(b) || i == expStart {
			return kString
		}
	}
	if nInt+nFrac <= 15 && i == fracStart+nFrac {
		return kFloat | kString // at most 15 digits and no exponent: float64 holds it
	}
	if floatExact(b, intStart, nInt, fracStart, nFrac) {
		return kFloat | kString
	}
	return kString
}

// classifyInt: b is [+-]?digits with nd digits and no leading zero.
func classifyInt(b []byte, nd int) kind {
	if nd <= 15 {
		return kInt | kFloat | kString
	}
	v, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return kString // beyond int64: kept as text, never rounded
	}
	if v >= -(1<<53) && v <= 1<<53 {
		return kInt | kFloat | kString
	}
	return kInt | kString
}

// floatExact says whether the decimal in b parses to a float64 that prints
// back (shortest form) with the same significant digits: then nothing
// the file says is cut.
func floatExact(b []byte, intStart, nInt, fracStart, nFrac int) bool {
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return false // out of range
	}
	digits := make([]byte, 0, nInt+nFrac)
	digits = append(digits, b[intStart:intStart+nInt]...)
	digits = append(digits, b[fracStart:fracStart+nFrac]...)
	digits = trimZeros(digits)
	if len(digits) <= 15 {
		return true
	}
	s := strconv.AppendFloat(nil, v, 'e', -1, 64)
	var got []byte
	for _, c := range s {
		if c == 'e' {
			break
		}
		if c >= '0' && c <= '9' {
			got = append(got, c)
		}
	}
	return string(trimZeros(got)) == string(digits)
}

func trimZeros(d []byte) []byte {
	for len(d) > 0 && d[0] == '0' {
		d = d[1:]
	}
	for len(d) > 0 && d[len(d)-1] == '0' {
		d = d[:len(d)-1]
	}
	return d
}

// plainInt is the common integer, decided fast: [-]?[1-9][0-9]{0,14} or
// 0 (it fits int64 and float64 exactly); anything else goes to classify.
func plainInt(b []byte) bool {
	i := 0
	if b[0] == '-' {
		i = 1
	}
	n := len(b) - i
	if n < 1 || n > 15 || (b[i] == '0' && n > 1) {
		return false
	}
	for ; i < len(b); i++ {
		if b[i]-'0' > 9 {
			return false
		}
	}
	return true
}

// plainDecimal is the common decimal, decided fast: [-]?(0|[1-9][0-9]*).[0-9]+
// with at most 15 digits (float64 holds it); anything else goes to classify.
func plainDecimal(b []byte) bool {
	i := 0
	if b[0] == '-' {
		i = 1
	}
	start, dot, nd := i, -1, 0
	for ; i < len(b); i++ {
		c := b[i]
		if c-'0' <= 9 {
			nd++
			continue
		}
		if c != '.' || dot >= 0 {
			return false
		}
		dot = i
	}
	if dot <= start || dot == len(b)-1 || nd > 15 {
		return false
	}
	return b[start] != '0' || dot == start+1
}

// trimCell is b without the spaces and tabs around it, which a number, a
// date, a timestamp or a boolean ignores (not a string). Two byte tests
// when there are none.
func trimCell(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}
