package dtype

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/decimal"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/decimal256"
)

// BoolAt returns the accessor of item i of a bool array; ok is false for
// other types. A null item reads whatever its bit holds.
func BoolAt(a arrow.ArrayData) (at func(i int) bool, ok bool) {
	if Of(a.DataType()).Storage != StorageBool {
		return nil, false
	}
	bits, off := bufData(a.Buffers(), 1), a.Offset()
	return func(i int) bool { return bitutil.BitIsSet(bits, off+i) }, true
}

// DecimalStrings returns the accessor of item i of a decimal array as its
// exact text at the type's scale, every digit of the scale shown
// ("-12.50"); ok is false for other types.
func DecimalStrings(a arrow.ArrayData) (at func(i int) string, ok bool) {
	dt, isDec := a.DataType().(arrow.DecimalType)
	if !isDec || Of(dt).Class != ClassDecimal {
		return nil, false
	}
	scale := dt.GetScale()
	switch Of(dt).Storage {
	case StorageInt32:
		return decimalStrings(Values[decimal.Decimal32](a), scale), true
	case StorageInt64:
		return decimalStrings(Values[decimal.Decimal64](a), scale), true
	case StorageDecimal128:
		return decimalStrings(Values[decimal128.Num](a), scale), true
	case StorageDecimal256:
		return decimalStrings(Values[decimal256.Num](a), scale), true
	}
	return nil, false
}

// decimalStrings formats decimal items at a scale.
func decimalStrings[T interface{ ToString(int32) string }](vals []T, scale int32) func(int) string {
	return func(i int) string { return vals[i].ToString(scale) }
}
