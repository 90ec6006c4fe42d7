package frame

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRolling runs the count-window kernels over 1M float rows (1%
// null) with a window of 100, and the median over a wide time window.
func BenchmarkRolling(b *testing.B) {
	const n = 1 << 20
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]any, n)
	ts := make([]int64, n)
	for i := range xs {
		ts[i] = int64(i) * 3
		if rng.IntN(100) == 0 {
			continue
		}
		xs[i] = rng.NormFloat64() * 100
	}
	f := FromColumns([]string{"x", "t"}, xs, ts)
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		e    Expr
	}{
		{"mean", Col("x").RollingMean(100)},
		{"std", Col("x").RollingStd(100)},
		{"min", Col("x").RollingMin(100)},
		{"median", Col("x").RollingMedian(100)},
		{"median_by_3000i", Col("x").RollingMedianBy(Col("t"), "3000i")},
		{"ewm_mean", Col("x").EWMMean(WithSpan(100))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.SelectExprs(c.e).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
