package frame

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkOver is a window over 1,000,000 rows in 1,000 groups whose
// rows are interleaved at random: the group mean given back to each row,
// a shift within each group, a rank within each group. Allocations are
// O(rows), a few slices of the frame's length, whatever the number of
// groups.
func BenchmarkOver(b *testing.B) {
	const n, groups = 1_000_000, 1000
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]int64, n)
	x := make([]float64, n)
	for i := range g {
		g[i] = int64(rng.IntN(groups))
		x[i] = rng.Float64() * 100
	}
	f := FromColumns([]string{"g", "x"}, g, x)
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		e    Expr
	}{
		{"mean", Col("x").Mean().Over("g")},
		{"shift", Col("x").Shift(1).Over("g")},
		{"rank", Col("x").Rank(RankAverage).Over("g")},
		{"cum_sum", Col("x").CumSum().Over("g")},
		{"cum_sum_ordered", Col("x").CumSum().OverExprs([]Expr{Col("g")}, WithOrderBy(Asc("x")))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.WithColumns(bc.e.Alias("r")).Err(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n), "rows")
		})
	}
}

// BenchmarkOverFlat is the window phase of the shared harness's W7 over
// flat.csv: score above its city's mean, and score above the city's row
// before (in file order).
func BenchmarkOverFlat(b *testing.B) {
	f := benchFlat(b)
	above := Col("score").Gt(Col("score").Mean().Over("city")).Alias("above")
	rises := Col("score").Gt(Col("score").Shift(1).Over("city")).Alias("rises")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.WithColumns(above, rises).Err(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(f.NumRows()), "rows")
}
