package frame

import (
	"strconv"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// The columns of every leaf type that the tests and benchmarks of the
// per-type operations (sort, concat, fill, group) run over.

// typedNumbers lists the integer, float and temporal types a column of
// small integers converts to.
var typedNumbers = []arrow.DataType{
	arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
	arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
	arrow.FixedWidthTypes.Float16, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64,
	arrow.FixedWidthTypes.Date32, arrow.FixedWidthTypes.Date64, arrow.FixedWidthTypes.Time32ms,
	arrow.FixedWidthTypes.Time64us, arrow.FixedWidthTypes.Timestamp_us, arrow.FixedWidthTypes.Duration_ms,
}

// typedStrings lists the string types (and a dictionary of strings).
var typedStrings = []arrow.DataType{
	arrow.BinaryTypes.String, arrow.BinaryTypes.LargeString, arrow.BinaryTypes.StringView,
	&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String},
}

// typedArray makes an array of type dt holding vals (numbers converted,
// strings as "s" and the number), null where null(i) is true (nil: none).
func typedArray(tb testing.TB, dt arrow.DataType, vals []int64, null func(i int) bool) arrow.Array {
	tb.Helper()
	mem := memory.DefaultAllocator
	valid := make([]bool, len(vals))
	for i := range valid {
		valid[i] = null == nil || !null(i)
	}
	switch dt.ID() {
	case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW, arrow.DICTIONARY:
		b := array.NewBuilder(mem, dt)
		defer b.Release()
		for i, v := range vals {
			if !valid[i] {
				b.AppendNull()
				continue
			}
			s := "s" + strconv.FormatInt(v, 10)
			var err error
			switch b := b.(type) {
			case *array.StringBuilder:
				b.Append(s)
			case *array.LargeStringBuilder:
				b.Append(s)
			case *array.StringViewBuilder:
				b.Append(s)
			case *array.BinaryDictionaryBuilder:
				err = b.AppendString(s)
			}
			if err != nil {
				tb.Fatal(err)
			}
		}
		return b.NewArray()
	}
	b := array.NewInt64Builder(mem)
	defer b.Release()
	b.AppendValues(vals, valid)
	ints := b.NewArray()
	defer ints.Release()
	if dt.ID() == arrow.INT64 {
		ints.Retain()
		return ints
	}
	out, err := dtype.Convert(ints, dt)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// typedFrame makes a frame of one column per array, named by names.
func typedFrame(tb testing.TB, names []string, arrs ...arrow.Array) *Frame {
	tb.Helper()
	cols := make([]any, len(arrs))
	for i, a := range arrs {
		d, err := structured.NewDense(a)
		if err != nil {
			tb.Fatal(err)
		}
		cols[i] = d
	}
	f := FromColumns(names, cols...)
	if err := f.Err(); err != nil {
		tb.Fatal(err)
	}
	return f
}

// typedSlice returns a sliced to rows [lo, hi): an array whose offset is
// not 0.
func typedSlice(a arrow.Array, lo, hi int) arrow.Array {
	return array.NewSlice(a, int64(lo), int64(hi))
}
