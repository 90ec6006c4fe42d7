package index

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// keyTypes is the label types whose key space is read by a typed loop.
var keyTypes = []arrow.DataType{
	arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
	arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
	arrow.FixedWidthTypes.Float16, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64,
	arrow.FixedWidthTypes.Date32, arrow.FixedWidthTypes.Date64, arrow.FixedWidthTypes.Time32s, arrow.FixedWidthTypes.Time64ns,
	arrow.FixedWidthTypes.Timestamp_ms, arrow.FixedWidthTypes.Duration_us,
}

// keyLabels makes labels of type dt: vals converted, nulls where valid
// is false (valid nil: none).
func keyLabels(tb testing.TB, dt arrow.DataType, vals []int64, valid []bool) *structured.Dense {
	tb.Helper()
	b := array.NewInt64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(vals, valid)
	a := b.NewArray()
	defer a.Release()
	if dt.ID() != arrow.INT64 {
		c, err := dtype.Convert(a, dt)
		if err != nil {
			tb.Fatal(err)
		}
		defer c.Release()
		a = c
	}
	d, err := structured.NewDense(a)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// BenchmarkKeysOf reads 1<<20 labels of each type into their key space.
func BenchmarkKeysOf(b *testing.B) {
	const n = 1 << 20
	vals := make([]int64, n)
	for i := range vals {
		vals[i] = int64(i % 100)
	}
	for _, dt := range keyTypes {
		d := keyLabels(b, dt, vals, nil)
		b.Run(dt.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := idxColOf(d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
