package frame

import (
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// The per-type operations over 1<<20 rows of each leaf type: keys of
// about 1000 distinct values (100 for 8-bit types), one null in ten.

const typedBenchRows = 1 << 20

// typedBenchValues is the benchmarks' values for a type: random in
// [0, 1000), or [0, 100) for types of one byte.
func typedBenchValues(dt arrow.DataType) []int64 {
	rng := rand.New(rand.NewPCG(7, 7))
	hi := int64(1000)
	if id := dt.ID(); id == arrow.INT8 || id == arrow.UINT8 {
		hi = 100
	}
	vals := make([]int64, typedBenchRows)
	for i := range vals {
		vals[i] = rng.Int64N(hi)
	}
	return vals
}

func typedBenchNull(i int) bool { return i%10 == 3 }

// typedBenchTypes is the types the benchmarks run over.
func typedBenchTypes() []arrow.DataType {
	return append(append([]arrow.DataType(nil), typedNumbers...), typedStrings...)
}

func BenchmarkTypedSort(b *testing.B) {
	for _, dt := range typedBenchTypes() {
		f := typedFrame(b, []string{"k"}, typedArray(b, dt, typedBenchValues(dt), typedBenchNull))
		b.Run(dt.String(), func(b *testing.B) {
			if err := f.Sort(Asc("k")).Err(); err != nil {
				b.Skip(err) // a type without an order
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := f.Sort(Asc("k")).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTypedGroupBy(b *testing.B) {
	for _, dt := range typedBenchTypes() {
		f := typedFrame(b, []string{"k"}, typedArray(b, dt, typedBenchValues(dt), typedBenchNull))
		b.Run(dt.String(), func(b *testing.B) {
			if err := f.GroupBy("k").Agg(Len()).Err(); err != nil {
				b.Skip(err) // a type that cannot be grouped
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := f.GroupBy("k").Agg(Len()).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTypedFillNull(b *testing.B) {
	for _, dt := range typedBenchTypes() {
		f := typedFrame(b, []string{"k"}, typedArray(b, dt, typedBenchValues(dt), typedBenchNull))
		var fill any = 7
		if k := dt.ID(); k == arrow.STRING || k == arrow.LARGE_STRING || k == arrow.STRING_VIEW || k == arrow.DICTIONARY {
			fill = "x"
		}
		b.Run(dt.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.FillNull(fill).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTypedConcat(b *testing.B) {
	for _, c := range []struct{ a, b arrow.DataType }{
		{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int64},
		{arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64},
		{arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint32},
		{arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64},
		{arrow.PrimitiveTypes.Int64, arrow.PrimitiveTypes.Int64},
		{arrow.BinaryTypes.String, arrow.BinaryTypes.LargeString},
		{typedStrings[3], arrow.BinaryTypes.String},
	} {
		fa := typedFrame(b, []string{"k"}, typedArray(b, c.a, typedBenchValues(c.a), typedBenchNull))
		fb := typedFrame(b, []string{"k"}, typedArray(b, c.b, typedBenchValues(c.b), typedBenchNull))
		b.Run(c.a.String()+"+"+c.b.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Concat(fa, fb).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
