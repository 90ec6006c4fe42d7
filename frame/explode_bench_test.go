package frame

import (
	"math"
	"testing"

	"github.com/structframe/structframe/structured"
)

// explAmountSum is the W3 checksum: rows and the sum of amount.
func explAmountSum(b *testing.B, g *Frame) (int, float64) {
	b.Helper()
	s, err := g.Column("amount")
	if err != nil {
		b.Fatal(err)
	}
	d := s.Value().(*structured.Dense)
	xs, err := d.Float64s()
	if err != nil {
		b.Fatal(err)
	}
	sum := 0.0
	for i, x := range xs {
		if !d.IsNull(i) {
			sum += x
		}
	}
	return g.NumRows(), sum
}

// BenchmarkExplodeUnnestRecipes is workload W3: the ingredients of the
// 200,000 recipes exploded to one row per ingredient (recipes without
// any give none) and unnested into amount, unit, name.
func BenchmarkExplodeUnnestRecipes(b *testing.B) {
	f := benchRecipes(b, 0)
	sel := f.Select("ingredients")
	g := sel.Explode([]string{"ingredients"}, WithEmptyAs(ExplodeDrop), WithNullAs(ExplodeDrop)).Unnest("ingredients")
	rows, sum := explAmountSum(b, g)
	if rows != 1500863 || math.Abs(sum-375102234.11) > 0.01 {
		b.Fatalf("rows=%d amount_sum=%.2f, want rows=1500863 amount_sum=375102234.11", rows, sum)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := sel.Explode([]string{"ingredients"}, WithEmptyAs(ExplodeDrop), WithNullAs(ExplodeDrop)).Unnest("ingredients")
		if g.Err() != nil {
			b.Fatal(g.Err())
		}
	}
	b.ReportMetric(float64(rows), "rows")
}

// BenchmarkExplodeUnnestRecipesKeep is W3 under the default policies: the
// 12,404 recipes without ingredients keep one row of nulls each, which
// inserts null rows into the exploded columns.
func BenchmarkExplodeUnnestRecipesKeep(b *testing.B) {
	sel := benchRecipes(b, 0).Select("ingredients")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := sel.Explode([]string{"ingredients"}).Unnest("ingredients")
		if g.Err() != nil {
			b.Fatal(g.Err())
		}
	}
}

// BenchmarkExplodeUnnestRecipesTitle also repeats the title of each
// recipe per ingredient and keeps empty and null lists (the defaults).
func BenchmarkExplodeUnnestRecipesTitle(b *testing.B) {
	f := benchRecipes(b, 0).Select("title", "est_time", "ingredients")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := f.Explode([]string{"ingredients"}).Unnest("ingredients")
		if g.Err() != nil {
			b.Fatal(g.Err())
		}
	}
}

// BenchmarkExplodeRecipesAll explodes the ingredients of the whole frame:
// every other column (steps, ratings with embeddings, tags) is repeated
// per ingredient, which copies them about 7.5 times.
func BenchmarkExplodeRecipesAll(b *testing.B) {
	f := benchRecipes(b, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := f.Explode([]string{"ingredients"})
		if g.Err() != nil {
			b.Fatal(g.Err())
		}
	}
}

// BenchmarkFlattenRecipes flattens the recipes to dotted leaf columns.
func BenchmarkFlattenRecipes(b *testing.B) {
	f := benchRecipes(b, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := f.Flatten()
		if g.Err() != nil {
			b.Fatal(g.Err())
		}
	}
}

// BenchmarkUnflattenRecipes rebuilds the structures of the flat recipes.
func BenchmarkUnflattenRecipes(b *testing.B) {
	flat := benchRecipes(b, 0).Flatten()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := flat.Unflatten()
		if g.Err() != nil {
			b.Fatal(g.Err())
		}
	}
}

// BenchmarkExplodeSynthetic explodes 1,000,000 lists of 0 to 4 int64
// beside an int64 and a string column, needing no data file.
func BenchmarkExplodeSynthetic(b *testing.B) {
	const n = 1_000_000
	ids := make([]int64, n)
	names := make([]string, n)
	lists := make([][]int64, n)
	for i := range n {
		ids[i] = int64(i)
		names[i] = "name"
		lists[i] = make([]int64, i%5)
	}
	f := FromColumns([]string{"id", "name", "xs"}, ids, names, lists)
	if f.Err() != nil {
		b.Fatal(f.Err())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := f.Explode([]string{"xs"})
		if g.Err() != nil {
			b.Fatal(g.Err())
		}
	}
}
