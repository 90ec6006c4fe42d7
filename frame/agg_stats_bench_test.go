package frame

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkGroupByMedian is the median of 1M float64 values in 1000
// groups: one buffer and one sort per group's run, no allocation per
// group.
func BenchmarkGroupByMedian(b *testing.B) {
	const n, groups = 1_000_000, 1000
	r := rand.New(rand.NewPCG(1, 2))
	keys, vals := make([]int64, n), make([]float64, n)
	for i := range keys {
		keys[i], vals[i] = int64(r.IntN(groups)), r.NormFloat64()
	}
	f := FromColumns([]string{"k", "x"}, keys, vals)
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.GroupBy("k").Agg(Col("x").Median()).Err(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "rows")
}
