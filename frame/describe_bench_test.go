package frame

import "testing"

// BenchmarkDescribe describes the first 50,000 recipes.
func BenchmarkDescribe(b *testing.B) {
	f := benchRecipes(b, 50_000)
	b.ReportMetric(float64(f.NumRows()), "rows")
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Describe().Err(); err != nil {
			b.Fatal(err)
		}
	}
}
