package display

import (
	"strconv"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
)

// itemBenchTypes is one type of each item kind a leaf may hold.
var itemBenchTypes = []arrow.DataType{
	arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
	arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint64,
	arrow.FixedWidthTypes.Float16, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64,
	&arrow.Decimal128Type{Precision: 10, Scale: 2},
	arrow.FixedWidthTypes.Boolean,
	arrow.BinaryTypes.String, arrow.BinaryTypes.LargeString, arrow.BinaryTypes.StringView,
	arrow.BinaryTypes.Binary, arrow.BinaryTypes.BinaryView,
	&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String},
	arrow.FixedWidthTypes.Date32, arrow.FixedWidthTypes.Timestamp_us,
}

// itemArray makes n items of type dt from the numbers 0..n-1 (every
// tenth null).
func itemArray(tb testing.TB, dt arrow.DataType, n int) arrow.Array {
	tb.Helper()
	mem := memory.DefaultAllocator
	b := array.NewBuilder(mem, dt)
	defer b.Release()
	ints := array.NewInt64Builder(mem)
	defer ints.Release()
	for i := range n {
		if i%10 == 3 {
			b.AppendNull()
			ints.AppendNull()
			continue
		}
		x := int64(i % 100)
		ints.Append(x)
		s := "item " + strconv.FormatInt(x, 10)
		var err error
		switch b := b.(type) {
		case *array.BooleanBuilder:
			b.Append(x%2 == 0)
		case *array.Decimal128Builder:
			b.Append(decimal128.FromI64(x * 1234))
		case *array.StringBuilder:
			b.Append(s)
		case *array.LargeStringBuilder:
			b.Append(s)
		case *array.StringViewBuilder:
			b.Append(s + " and a longer tail")
		case *array.BinaryBuilder:
			b.Append([]byte(s))
		case *array.BinaryViewBuilder:
			b.Append([]byte{byte(x), 0xff})
		case *array.BinaryDictionaryBuilder:
			err = b.AppendString(s)
		default:
			b.AppendNull() // numbers: converted below
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
	if f := dtype.Of(dt); f.Numeric() || f.Temporal() {
		a := ints.NewArray()
		defer a.Release()
		if dt.ID() == arrow.INT64 {
			a.Retain()
			return a
		}
		out, err := dtype.Convert(a, dt)
		if err != nil {
			tb.Fatal(err)
		}
		return out
	}
	return b.NewArray()
}

// BenchmarkItems formats every item of a column of each type, as the
// cells of a table read them.
func BenchmarkItems(b *testing.B) {
	const n = 1 << 14
	for _, dt := range itemBenchTypes {
		a := itemArray(b, dt, n)
		b.Run(dt.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				it := newItems(a, -1)
				for i := range n {
					if !it.null(i) {
						_ = it.text(i)
					}
				}
			}
		})
	}
}
