package display

import (
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
)

// shortType names an Arrow leaf type as a header shows it, short as
// Polars does: i64, f64, str, bool, date, datetime[us], dict[str], ...
func shortType(dt arrow.DataType) string {
	switch t := dt.(type) {
	case *arrow.Int8Type:
		return "i8"
	case *arrow.Int16Type:
		return "i16"
	case *arrow.Int32Type:
		return "i32"
	case *arrow.Int64Type:
		return "i64"
	case *arrow.Uint8Type:
		return "u8"
	case *arrow.Uint16Type:
		return "u16"
	case *arrow.Uint32Type:
		return "u32"
	case *arrow.Uint64Type:
		return "u64"
	case *arrow.Float16Type:
		return "f16"
	case *arrow.Float32Type:
		return "f32"
	case *arrow.Float64Type:
		return "f64"
	case *arrow.StringType, *arrow.LargeStringType, *arrow.StringViewType:
		return "str"
	case *arrow.BinaryType, *arrow.LargeBinaryType, *arrow.BinaryViewType:
		return "bin"
	case *arrow.FixedSizeBinaryType:
		return "bin[" + strconv.Itoa(t.ByteWidth) + "]"
	case *arrow.BooleanType:
		return "bool"
	case *arrow.Date32Type, *arrow.Date64Type:
		return "date"
	case *arrow.TimestampType:
		if t.TimeZone != "" {
			return "datetime[" + t.Unit.String() + ", " + t.TimeZone + "]"
		}
		return "datetime[" + t.Unit.String() + "]"
	case *arrow.Time32Type:
		return "time[" + t.Unit.String() + "]"
	case *arrow.Time64Type:
		return "time[" + t.Unit.String() + "]"
	case *arrow.DurationType:
		return "duration[" + t.Unit.String() + "]"
	case *arrow.DictionaryType:
		return "dict[" + shortType(t.ValueType) + "]"
	case *arrow.NullType:
		return "null"
	case arrow.DecimalType:
		return "decimal(" + strconv.Itoa(int(t.GetPrecision())) + ", " + strconv.Itoa(int(t.GetScale())) + ")"
	}
	return dt.String()
}

// nodeType is the short type of a node: its item type (or struct[n],
// map[K, V]) inside one list[...] per ragged dimension and one
// array[..., n] per fixed one.
func nodeType(n *node) string {
	var inner string
	dims := n.dims
	switch {
	case n.leaf != nil:
		inner = shortType(n.typ)
	case n.isMap:
		dims = dims[:len(dims)-1]
		inner = "map[" + nodeType(n.fields[0]) + ", " + nodeType(n.fields[1]) + "]"
	default:
		inner = "struct[" + strconv.Itoa(len(n.fields)) + "]"
	}
	for k := len(dims) - 1; k >= 0; k-- {
		if u, ok := dims[k].(uniform); ok {
			inner = "array[" + inner + ", " + strconv.Itoa(int(u)) + "]"
			continue
		}
		inner = "list[" + inner + "]"
	}
	return inner
}
