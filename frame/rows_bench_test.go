package frame

import (
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// rowsBenchFrame is n rows of random data: "x" float64 and "k" int64 with
// a fraction nullFrac of nulls, "s" strings of 1000 distinct values.
func rowsBenchFrame(b *testing.B, n int, nullFrac float64) *Frame {
	b.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	xb := array.NewFloat64Builder(memory.DefaultAllocator)
	kb := array.NewInt64Builder(memory.DefaultAllocator)
	sb := array.NewStringBuilder(memory.DefaultAllocator)
	for range n {
		if rng.Float64() < nullFrac {
			xb.AppendNull()
			kb.AppendNull()
		} else {
			xb.Append(rng.NormFloat64())
			kb.Append(rng.Int64N(1 << 40))
		}
		sb.Append(string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(2))))
	}
	f := FromColumns([]string{"x", "k", "s"}, xb.NewArray(), kb.NewArray(), sb.NewArray())
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	return f
}

// BenchmarkTopK selects the 100 largest of 1M rows, by a float and by a
// string key.
func BenchmarkTopK(b *testing.B) {
	f := rowsBenchFrame(b, 1_000_000, 0)
	for _, key := range []string{"x", "s"} {
		b.Run(key, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if g := f.TopK(100, Col(key)); g.NumRows() != 100 {
					b.Fatal(g.Err())
				}
			}
		})
	}
}

// BenchmarkForwardFill fills forward a float and an int column of 1M rows
// with 30% nulls.
func BenchmarkForwardFill(b *testing.B) {
	f := rowsBenchFrame(b, 1_000_000, 0.3)
	for _, key := range []string{"x", "k"} {
		b.Run(key, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if g := f.WithColumns(Col(key).FillNullWith(FillForward)); g.Err() != nil {
					b.Fatal(g.Err())
				}
			}
		})
	}
}
