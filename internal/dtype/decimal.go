package dtype

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/decimal"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/decimal256"
)

// Decimals returns the accessor of item i's exact text at the type's
// scale ("-12.50", "0.05", "100") for an array of ClassDecimal (decimal32
// to decimal256); ok is false for other classes.
func Decimals(a arrow.ArrayData) (at func(i int) string, ok bool) {
	f := Of(a.DataType())
	if f.Class != ClassDecimal {
		return nil, false
	}
	scale := a.DataType().(arrow.DecimalType).GetScale()
	switch f.Storage {
	case StorageInt32:
		return decimalText(Values[decimal.Decimal32](a), scale), true
	case StorageInt64:
		return decimalText(Values[decimal.Decimal64](a), scale), true
	case StorageDecimal128:
		return decimalText(Values[decimal128.Num](a), scale), true
	case StorageDecimal256:
		return decimalText(Values[decimal256.Num](a), scale), true
	}
	return nil, false
}

// decimalText reads decimals of one storage as text at scale.
func decimalText[T interface{ ToString(int32) string }](vals []T, scale int32) func(int) string {
	return func(i int) string { return vals[i].ToString(scale) }
}
