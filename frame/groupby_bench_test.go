package frame

import "testing"

// BenchmarkGroupByMean is GroupBy(city).Agg(mean score) over flat.csv.
func BenchmarkGroupByMean(b *testing.B) {
	f := benchFlat(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.GroupBy("city").Agg(Col("score").Mean()).Err(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(f.NumRows()), "rows")
}

// BenchmarkGroupByMulti is several aggregations over two keys.
func BenchmarkGroupByMulti(b *testing.B) {
	f := benchFlat(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := f.GroupBy("city", "active").Agg(Col("score").Mean(), Col("score").Std().Alias("sd"), Col("count").Sum(), Col("count").Max().Alias("max"), Len())
		if err := g.Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFilterCompound is score > 50 && active && city starts with "City1".
func BenchmarkFilterCompound(b *testing.B) {
	f := benchFlat(b)
	pred := Col("score").Gt(Lit(50)).And(Col("active")).And(Col("city").Str().StartsWith("City1"))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.Filter(pred).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValueCounts counts the cities.
func BenchmarkValueCounts(b *testing.B) {
	f := benchFlat(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.ValueCounts("city").Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFilterMask evaluates the compound predicate alone (the mask,
// without taking the rows).
func BenchmarkFilterMask(b *testing.B) {
	f := benchFlat(b)
	pred := Col("score").Gt(Lit(50)).And(Col("active")).And(Col("city").Str().StartsWith("City1")).Alias("keep")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.SelectExprs(pred).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGroupByNested groups the first 50,000 recipes (a quarter of
// the file) by their first tag (a list function) and aggregates nested
// and ragged fields: the mean amount of every ingredient of the group,
// the best user score, the recipe count.
func BenchmarkGroupByNested(b *testing.B) {
	f := benchRecipes(b, 50_000)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := f.WithColumns(Col("tags").List().Get(0).Alias("tag")).
			GroupBy("tag").
			Agg(Col("ingredients.amount").Mean(), Col("user_rating.score").Max(), Col("est_time").Std(), Len())
		if err := g.Err(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(f.NumRows()), "rows")
}

// BenchmarkFilterNested keeps, of the first 50,000 recipes, the ones with
// more than 5 ingredients and a mean amount above 200.
func BenchmarkFilterNested(b *testing.B) {
	f := benchRecipes(b, 50_000)
	pred := Col("ingredients").List().Len().Gt(Lit(5)).And(Col("ingredients.amount").List().Mean().Gt(Lit(200)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.Filter(pred).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGroupByManyGroups groups by high-cardinality keys: an int64
// column (about 10,000 values) and a string column (names, most of them
// distinct), so the tables grow and leave the caches.
func BenchmarkGroupByManyGroups(b *testing.B) {
	f := benchFlat(b)
	for _, key := range []string{"count", "name"} {
		b.Run(key, func(b *testing.B) {
			b.ReportAllocs()
			var groups int
			for b.Loop() {
				g := f.GroupBy(key).Agg(Col("score").Mean())
				if err := g.Err(); err != nil {
					b.Fatal(err)
				}
				groups = g.NumRows()
			}
			b.ReportMetric(float64(groups), "groups")
		})
	}
}
