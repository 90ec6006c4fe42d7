package dtype

import (
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/decimal256"
)

// Reader returns, for an array of a leaf type, the function giving
// item i as the Go value the module converts it to (structured.ToValue) (nil for a null item). The type
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
func Reader(a arrow.Array) func(i int) any {
	get := Getter(a)
	return func(i int) any {
		if a.IsNull(i) {
			return nil
		}
		return get(i)
	}
}

// Getter is Reader without the null check.
func Getter(a arrow.Array) func(i int) any {
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
		get := Reader(a.Dictionary())
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
