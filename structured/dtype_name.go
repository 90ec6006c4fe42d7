package structured

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/dtype"
)

// Leaf type names in a Spec's text ([Spec.String], read back by
// [ParseSpec]): Arrow's names, except string and large_string for utf8
// and large_utf8 and dictionary[index, value] for Arrow's
// dictionary<values=..., indices=...>:
//
//	bool, int8 .. int64, uint8 .. uint64, float16, float32, float64, null
//	string, large_string, string_view, binary, large_binary, binary_view,
//	fixed_size_binary[16]
//	date32, date64, time32[ms], time64[ns], timestamp[us],
//	timestamp[us, tz=UTC], duration[ns] (units s, ms, us, ns)
//	month_interval, day_time_interval, month_day_nano_interval
//	decimal(38, 10) (decimal128), decimal32(9, 2), decimal64(18, 2),
//	decimal256(76, 10) (precision, scale)
//	dictionary[int32, string], dictionary[int8, string, ordered]
//	(index type, value type)

// specLeafTypes are the leaf types without parameters ParseSpec reads, by
// the names typeName prints.
var specLeafTypes = map[string]arrow.DataType{
	"bool":                    arrow.FixedWidthTypes.Boolean,
	"int8":                    arrow.PrimitiveTypes.Int8,
	"int16":                   arrow.PrimitiveTypes.Int16,
	"int32":                   arrow.PrimitiveTypes.Int32,
	"int64":                   arrow.PrimitiveTypes.Int64,
	"uint8":                   arrow.PrimitiveTypes.Uint8,
	"uint16":                  arrow.PrimitiveTypes.Uint16,
	"uint32":                  arrow.PrimitiveTypes.Uint32,
	"uint64":                  arrow.PrimitiveTypes.Uint64,
	"float16":                 arrow.FixedWidthTypes.Float16,
	"float32":                 arrow.PrimitiveTypes.Float32,
	"float64":                 arrow.PrimitiveTypes.Float64,
	"string":                  arrow.BinaryTypes.String,
	"large_string":            arrow.BinaryTypes.LargeString,
	"string_view":             arrow.BinaryTypes.StringView,
	"binary":                  arrow.BinaryTypes.Binary,
	"large_binary":            arrow.BinaryTypes.LargeBinary,
	"binary_view":             arrow.BinaryTypes.BinaryView,
	"date32":                  arrow.FixedWidthTypes.Date32,
	"date64":                  arrow.FixedWidthTypes.Date64,
	"month_interval":          arrow.FixedWidthTypes.MonthInterval,
	"day_time_interval":       arrow.FixedWidthTypes.DayTimeInterval,
	"month_day_nano_interval": arrow.FixedWidthTypes.MonthDayNanoInterval,
	"null":                    arrow.Null,
}

// specTypesText lists the type names for ParseSpec's errors.
const specTypesText = "types: bool, int8 to int64, uint8 to uint64, float16, float32, float64, string, large_string, " +
	"string_view, binary, large_binary, binary_view, fixed_size_binary[n], date32, date64, time32[unit], time64[unit], " +
	"timestamp[unit] or timestamp[unit, tz=zone], duration[unit], month_interval, day_time_interval, " +
	"month_day_nano_interval, decimal(precision, scale) (also decimal32, decimal64, decimal256), dictionary[index, value], null"

// typeName names an Arrow type as dtype.Name does: the names ParseSpec
// reads back.
func typeName(dt arrow.DataType) string { return dtype.Name(dt) }

// leafType returns the Arrow type named name (read from start), reading
// its bracketed parameters after it.
func (p *specParser) leafType(name string, start int) (arrow.DataType, error) {
	if dt, ok := specLeafTypes[name]; ok {
		return dt, nil
	}
	switch name {
	case "timestamp":
		return p.timestampType()
	case "dictionary":
		return p.dictionaryType()
	case "time32", "time64", "duration", "fixed_size_binary", "decimal", "decimal32", "decimal64", "decimal256":
	default:
		return nil, p.errAt(start, ErrType, "unknown type %s (%s)", quoteInput(name), specTypesText)
	}
	open := p.pos
	args, err := p.typeArgs(name)
	if err != nil {
		return nil, err
	}
	bad := func(format string, a ...any) error {
		return p.errAt(open+1, ErrType, "%s[%s]: %s", name, strings.Join(args, ", "), fmt.Sprintf(format, a...))
	}
	switch name {
	case "time32", "time64", "duration":
		unit, ok := parseTimeUnit(args[0])
		if len(args) != 1 || !ok {
			return nil, bad("want one unit (s, ms, us, ns)")
		}
		switch {
		case name == "duration":
			return &arrow.DurationType{Unit: unit}, nil
		case name == "time32" && (unit == arrow.Second || unit == arrow.Millisecond):
			return &arrow.Time32Type{Unit: unit}, nil
		case name == "time64" && (unit == arrow.Microsecond || unit == arrow.Nanosecond):
			return &arrow.Time64Type{Unit: unit}, nil
		}
		return nil, bad("time32 takes s or ms, time64 us or ns")
	case "fixed_size_binary":
		n, err := strconv.Atoi(args[0])
		if len(args) != 1 || err != nil || n <= 0 {
			return nil, bad("want one positive byte width")
		}
		return &arrow.FixedSizeBinaryType{ByteWidth: n}, nil
	}
	// decimals
	if len(args) != 2 {
		return nil, bad("want precision and scale")
	}
	prec, err1 := strconv.ParseInt(args[0], 10, 32)
	scale, err2 := strconv.ParseInt(args[1], 10, 32)
	if err1 != nil || err2 != nil {
		return nil, bad("precision and scale must be integers")
	}
	ids := map[string]arrow.Type{"decimal32": arrow.DECIMAL32, "decimal64": arrow.DECIMAL64, "decimal": arrow.DECIMAL128, "decimal256": arrow.DECIMAL256}
	dt, err := arrow.NewDecimalType(ids[name], int32(prec), int32(scale))
	if err != nil {
		return nil, bad("precision out of range for %s", name)
	}
	return dt, nil
}

// typeArgs reads a type's parameters, as Arrow prints them: in
// parentheses for decimals, decimal(38, 10), in brackets otherwise,
// time32[ms] (no nesting), returning the trimmed arguments.
func (p *specParser) typeArgs(name string) ([]string, error) {
	openB, closeB := byte('['), byte(']')
	if strings.HasPrefix(name, "decimal") {
		openB, closeB = '(', ')'
	}
	if p.peek() != openB {
		return nil, p.errAt(p.pos, ErrSchema, "%s needs parameters, as in %s", name, typeExample(name))
	}
	start := p.pos
	end := strings.IndexByte(p.src[start:], closeB)
	if end < 0 {
		return nil, p.errAt(start, ErrSchema, "unclosed %c of %s", openB, name)
	}
	p.pos = start + end + 1
	args := strings.Split(p.src[start+1:start+end], ",")
	for i := range args {
		args[i] = strings.TrimSpace(args[i])
	}
	return args, nil
}

// typeExample shows a parameterised type name.
func typeExample(name string) string {
	switch name {
	case "fixed_size_binary":
		return "fixed_size_binary[16]"
	case "time32":
		return "time32[ms]"
	case "time64", "duration":
		return name + "[ns]"
	}
	return name + "(38, 10)"
}

// parseTimeUnit reads s, ms, us or ns.
func parseTimeUnit(s string) (arrow.TimeUnit, bool) {
	switch s {
	case "s":
		return arrow.Second, true
	case "ms":
		return arrow.Millisecond, true
	case "us":
		return arrow.Microsecond, true
	case "ns":
		return arrow.Nanosecond, true
	}
	return 0, false
}

// timestampType reads a timestamp's [unit] or [unit, tz=zone].
func (p *specParser) timestampType() (arrow.DataType, error) {
	if p.peek() != '[' {
		return nil, p.errAt(p.pos, ErrSchema, "timestamp needs a unit, as in timestamp[us] or timestamp[us, tz=UTC]")
	}
	open := p.pos
	end := strings.IndexByte(p.src[open:], ']')
	if end < 0 {
		return nil, p.errAt(open, ErrSchema, "unclosed [ of timestamp")
	}
	body := p.src[open+1 : open+end]
	p.pos = open + end + 1
	unitText, zone, hasZone := strings.Cut(body, ",")
	unit, ok := parseTimeUnit(strings.TrimSpace(unitText))
	if !ok {
		return nil, p.errAt(open+1, ErrType, "unknown timestamp unit %s (units: s, ms, us, ns)", quoteInput(strings.TrimSpace(unitText)))
	}
	t := &arrow.TimestampType{Unit: unit}
	if hasZone {
		z, ok := strings.CutPrefix(strings.TrimSpace(zone), "tz=")
		if !ok || z == "" {
			return nil, p.errAt(open+1+len(unitText)+1, ErrSchema, "want tz=zone after the timestamp unit, got %s", quoteInput(strings.TrimSpace(zone)))
		}
		t.TimeZone = z
	}
	return t, nil
}

// dictionaryType reads a dictionary's [index, value] or [index, value,
// ordered]; the value type may have parameters of its own.
func (p *specParser) dictionaryType() (arrow.DataType, error) {
	if p.peek() != '[' {
		return nil, p.errAt(p.pos, ErrSchema, "dictionary needs [index type, value type], as in dictionary[int32, string]")
	}
	p.pos++
	p.skipSpace(false)
	at := p.pos
	idx, ok := specLeafTypes[p.ident()]
	if !ok || !arrow.IsInteger(idx.ID()) {
		return nil, p.errAt(at, ErrType, "a dictionary's index type must be an integer type, got %s", p.describe(at))
	}
	p.skipSpace(false)
	if p.peek() != ',' {
		return nil, p.errAt(p.pos, ErrSchema, "want , after the dictionary's index type, got %s", p.describe(p.pos))
	}
	p.pos++
	p.skipSpace(false)
	at = p.pos
	name := p.ident()
	if name == "" {
		return nil, p.errAt(at, ErrSchema, "want the dictionary's value type, got %s", p.describe(at))
	}
	val, err := p.leafType(name, at)
	if err != nil {
		return nil, err
	}
	dt := &arrow.DictionaryType{IndexType: idx, ValueType: val}
	if dtype.Of(dt).Layout != dtype.LayoutDict {
		return nil, p.errAt(at, ErrType, "a dictionary cannot hold %s", typeName(val))
	}
	p.skipSpace(false)
	if p.peek() == ',' {
		p.pos++
		p.skipSpace(false)
		at = p.pos
		if p.ident() != "ordered" {
			return nil, p.errAt(at, ErrSchema, "want ordered or ], got %s", p.describe(at))
		}
		dt.Ordered = true
		p.skipSpace(false)
	}
	if p.peek() != ']' {
		return nil, p.errAt(p.pos, ErrSchema, "want ] after the dictionary's types, got %s", p.describe(p.pos))
	}
	p.pos++
	return dt, nil
}
