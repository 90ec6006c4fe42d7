package structured

import (
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/decimal256"
)

// The dtype table: for every Arrow type a leaf may hold, how its items are
// laid out, which decides how every operation handles them (type checks,
// take/gather, boolean masks, concat, Equal, ToValue/ToGo, the Spec's type
// names, ToArrow). Operations ask dtypeOf instead of switching on types
// each in its own way, so they all accept the same set of types.
//
//	layout      types                                         gathered by
//	null        null                                          length only
//	bits        bool                                          bit copy
//	fixed       int8..uint64, float16/32/64, date32/64,       byte width (1, 2, 4, 8,
//	            time32/64, timestamp, duration, intervals,    16, 32 or any for
//	            decimal32/64/128/256, fixed_size_binary       fixed_size_binary)
//	offsets     string, binary (int32 offsets), large_string, offsets + bytes
//	            large_binary (int64 offsets)
//	view        string_view, binary_view                      16-byte views; the
//	                                                          data buffers are shared
//	dictionary  dictionary<leaf> with any integer indices     indices; the dictionary
//	                                                          is shared
//
// Types read only at entry ([FromArrow], [FromRecordBatch]) and decoded
// there once: extension types (their storage), run-end encoded (expanded to
// its values' type), list_view and large_list_view (to list and
// large_list). Nested types (list, struct, map) are dimensions and
// structures, not leaves; unions are refused.

// layout is how the items of a leaf type sit in its buffers.
type layout uint8

const (
	layoutNone    layout = iota // not a leaf type
	layoutNull                  // Arrow null: no buffers
	layoutBits                  // bit-packed booleans in buffer 1
	layoutFixed                 // width bytes per item in buffer 1
	layoutOffsets               // offsets (width 4 or 8) in buffer 1, bytes in buffer 2
	layoutView                  // 16-byte views in buffer 1, data buffers from 2 on
	layoutDict                  // indices (width bytes) in buffer 1, plus a dictionary
)

// dtype is what the table says about one leaf type.
type dtype struct {
	layout layout
	width  int // bytes per item (layoutFixed), per offset (layoutOffsets) or per index (layoutDict)
}

// isFixed reports whether id is a fixed-width leaf type, gathered by its
// byte width.
func isFixed(id arrow.Type) bool {
	switch id {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64,
		arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64,
		arrow.FLOAT16, arrow.FLOAT32, arrow.FLOAT64,
		arrow.DATE32, arrow.DATE64, arrow.TIME32, arrow.TIME64, arrow.TIMESTAMP, arrow.DURATION,
		arrow.INTERVAL_MONTHS, arrow.INTERVAL_DAY_TIME, arrow.INTERVAL_MONTH_DAY_NANO,
		arrow.DECIMAL32, arrow.DECIMAL64, arrow.DECIMAL128, arrow.DECIMAL256,
		arrow.FIXED_SIZE_BINARY:
		return true
	}
	return false
}

// dtypeOf returns the table entry of t; its layout is layoutNone when a
// leaf cannot hold t.
func dtypeOf(t arrow.DataType) dtype {
	id := t.ID()
	switch {
	case id == arrow.NULL:
		return dtype{layout: layoutNull}
	case id == arrow.BOOL:
		return dtype{layout: layoutBits}
	case isFixed(id):
		return dtype{layout: layoutFixed, width: t.(arrow.FixedWidthDataType).BitWidth() / 8}
	case id == arrow.STRING || id == arrow.BINARY:
		return dtype{layout: layoutOffsets, width: 4}
	case id == arrow.LARGE_STRING || id == arrow.LARGE_BINARY:
		return dtype{layout: layoutOffsets, width: 8}
	case id == arrow.STRING_VIEW || id == arrow.BINARY_VIEW:
		return dtype{layout: layoutView, width: arrow.ViewHeaderSizeBytes}
	case id == arrow.DICTIONARY:
		dt := t.(*arrow.DictionaryType)
		if v := dtypeOf(dt.ValueType); v.layout == layoutNone || v.layout == layoutDict {
			return dtype{}
		}
		return dtype{layout: layoutDict, width: dt.IndexType.(arrow.FixedWidthDataType).BitWidth() / 8}
	}
	return dtype{}
}

// newLeafData builds the data of a leaf array of like's type over new
// buffers (length n, nulls nulls, offset off), carrying like's dictionary
// when it has one: every leaf built from another goes through it, so no
// dictionary array is ever made without its dictionary.
func newLeafData(like arrow.ArrayData, n int, bufs []*memory.Buffer, nulls, off int) *array.Data {
	if dict := like.Dictionary(); dict != nil {
		return array.NewDataWithDictionary(like.DataType(), n, bufs, nulls, off, dict.(*array.Data))
	}
	return array.NewData(like.DataType(), n, bufs, like.Children(), nulls, off)
}

// leafTypesText lists the leaf types for error messages.
const leafTypesText = "leaves hold bool, integers, floats (float16 to float64), decimals, strings, binaries " +
	"(offsets, views, fixed size), dates, times, timestamps, durations, intervals, dictionaries of those, or null; " +
	"nesting is list, large_list, fixed_size_list or struct"

// checkLeafType reports an ErrType error naming path unless the dtype
// table has t as a leaf type. Other types (unions, nested dictionaries)
// and nested types a leaf cannot hold (list, struct) are refused, so that
// every Tensor ToArrow accepts converts back with FromArrow.
func checkLeafType(op, path string, t arrow.DataType) error {
	if dtypeOf(t).layout != layoutNone {
		return nil
	}
	return errorf(op, ErrType, path, "Arrow type %s is not supported (%s)", t, leafTypesText)
}

// itemReader returns, for an array of a leaf type, the function giving
// item i as the Go value ToValue documents (nil for a null item). The type
// is resolved once per array, not per item:
//
//	bool, intN, uintN, float32/64   bool, intN, uintN, float32/64
//	float16                         float32
//	string, large_string, view      string
//	binary, large_binary, view,     []byte (a copy)
//	fixed_size_binary
//	date32                          arrow.Date32
//	date64                          time.Time (UTC midnight)
//	timestamp                       time.Time (UTC)
//	time32, time64                  time.Duration since midnight
//	duration                        time.Duration
//	decimal32/64/128/256            string, the exact decimal ("-12.50")
//	month_interval                  arrow.MonthInterval
//	day_time_interval               arrow.DayTimeInterval
//	month_day_nano_interval         arrow.MonthDayNanoInterval
//	dictionary                      the value of its dictionary entry
//	null                            nil
func itemReader(a arrow.Array) func(i int) any {
	get := itemGetter(a)
	return func(i int) any {
		if a.IsNull(i) {
			return nil
		}
		return get(i)
	}
}

// itemGetter is itemReader without the null check.
func itemGetter(a arrow.Array) func(i int) any {
	switch a := a.(type) {
	case *array.Int64:
		return func(i int) any { return a.Value(i) }
	case *array.Float64:
		return func(i int) any { return a.Value(i) }
	case *array.String:
		return func(i int) any { return a.Value(i) }
	case *array.LargeString:
		return func(i int) any { return a.Value(i) }
	case *array.StringView:
		return func(i int) any { return a.Value(i) }
	case *array.Boolean:
		return func(i int) any { return a.Value(i) }
	case *array.Int8:
		return func(i int) any { return a.Value(i) }
	case *array.Int16:
		return func(i int) any { return a.Value(i) }
	case *array.Int32:
		return func(i int) any { return a.Value(i) }
	case *array.Uint8:
		return func(i int) any { return a.Value(i) }
	case *array.Uint16:
		return func(i int) any { return a.Value(i) }
	case *array.Uint32:
		return func(i int) any { return a.Value(i) }
	case *array.Uint64:
		return func(i int) any { return a.Value(i) }
	case *array.Float32:
		return func(i int) any { return a.Value(i) }
	case *array.Float16:
		return func(i int) any { return a.Value(i).Float32() }
	case *array.Binary:
		return func(i int) any { return append([]byte{}, a.Value(i)...) }
	case *array.LargeBinary:
		return func(i int) any { return append([]byte{}, a.Value(i)...) }
	case *array.BinaryView:
		return func(i int) any { return append([]byte{}, a.Value(i)...) }
	case *array.FixedSizeBinary:
		return func(i int) any { return append([]byte{}, a.Value(i)...) }
	case *array.Date32:
		return func(i int) any { return a.Value(i) }
	case *array.Date64:
		return func(i int) any { return a.Value(i).ToTime() }
	case *array.Timestamp:
		unit := a.DataType().(*arrow.TimestampType).Unit
		return func(i int) any { return a.Value(i).ToTime(unit).UTC() }
	case *array.Time32:
		m := a.DataType().(*arrow.Time32Type).Unit.Multiplier()
		return func(i int) any { return time.Duration(a.Value(i)) * m }
	case *array.Time64:
		m := a.DataType().(*arrow.Time64Type).Unit.Multiplier()
		return func(i int) any { return time.Duration(a.Value(i)) * m }
	case *array.Duration:
		m := a.DataType().(*arrow.DurationType).Unit.Multiplier()
		return func(i int) any { return time.Duration(a.Value(i)) * m }
	case *array.Decimal32:
		return decimalGetter[decimal.Decimal32](a, a.DataType())
	case *array.Decimal64:
		return decimalGetter[decimal.Decimal64](a, a.DataType())
	case *array.Decimal128:
		return decimalGetter[decimal128.Num](a, a.DataType())
	case *array.Decimal256:
		return decimalGetter[decimal256.Num](a, a.DataType())
	case *array.MonthInterval:
		return func(i int) any { return a.Value(i) }
	case *array.DayTimeInterval:
		return func(i int) any { return a.Value(i) }
	case *array.MonthDayNanoInterval:
		return func(i int) any { return a.Value(i) }
	case *array.Dictionary:
		get := itemReader(a.Dictionary())
		return func(i int) any { return get(a.GetValueIndex(i)) }
	case *array.Null:
		return func(int) any { return nil }
	}
	return a.GetOneForMarshal
}

// decimalGetter reads decimals as their exact text at the type's scale.
func decimalGetter[T interface{ ToString(int32) string }](a interface{ Value(int) T }, dt arrow.DataType) func(int) any {
	scale := dt.(arrow.DecimalType).GetScale()
	return func(i int) any { return a.Value(i).ToString(scale) }
}

// scalarAt returns item i of an Arrow array as a Go value, nil if null
// (see itemReader; for many items, call itemReader once).
func scalarAt(a arrow.Array, i int) any { return itemReader(a)(i) }
