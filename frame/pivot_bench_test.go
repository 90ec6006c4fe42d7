package frame

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkPivot pivots 1M long rows, 1000 index values × 20 on values
// (50 rows a cell), summing a float column: the report's pivot.
func BenchmarkPivot(b *testing.B) {
	const n = 1 << 20
	rng := rand.New(rand.NewPCG(1, 2))
	ids := make([]int64, n)
	ons := make([]string, n)
	vals := make([]float64, n)
	names := make([]string, 20)
	for k := range names {
		names[k] = fmt.Sprintf("m%02d", k)
	}
	for i := range n {
		ids[i] = int64(rng.IntN(1000))
		ons[i] = names[rng.IntN(20)]
		vals[i] = rng.Float64()
	}
	f := FromColumns([]string{"id", "month", "x"}, ids, ons, vals)
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(n * (8 + 8 + 3))
	b.ResetTimer()
	for b.Loop() {
		g := f.Pivot([]string{"month"}, []string{"id"}, []string{"x"}, WithAggregate(Element().Sum()))
		if err := g.Err(); err != nil {
			b.Fatal(err)
		}
		if g.NumRows() != 1000 || g.NumColumns() != 21 {
			b.Fatalf("shape %v", g.Shape())
		}
	}
}
