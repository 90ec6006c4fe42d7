package frame

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// grpBenchDir is where the benchmark data lives: $STRUCTFRAME_BENCHDATA,
// else /tmp/benchdata (see the shared bench generator).
func grpBenchDir() string {
	if d := os.Getenv("STRUCTFRAME_BENCHDATA"); d != "" {
		return d
	}
	return "/tmp/benchdata"
}

var (
	grpBenchOnce  sync.Once
	grpBenchFrame *Frame
	grpBenchErr   error
)

// grpBenchFlat loads flat.csv (id,name,city,score,count,active,day,note)
// into typed columns once, outside any timed loop.
func grpBenchFlat(b *testing.B) *Frame {
	b.Helper()
	grpBenchOnce.Do(func() {
		file, err := os.Open(filepath.Join(grpBenchDir(), "flat.csv"))
		if err != nil {
			grpBenchErr = err
			return
		}
		defer file.Close()
		r := csv.NewReader(file)
		r.ReuseRecord = true
		if _, err := r.Read(); err != nil {
			grpBenchErr = err
			return
		}
		var (
			ids, counts   []int64
			names, cities []string
			scores        []float64
			active        []bool
			days, notes   []string
		)
		for {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				grpBenchErr = err
				return
			}
			id, _ := strconv.ParseInt(rec[0], 10, 64)
			score, _ := strconv.ParseFloat(rec[3], 64)
			count, _ := strconv.ParseInt(rec[4], 10, 64)
			ids = append(ids, id)
			names = append(names, rec[1])
			cities = append(cities, rec[2])
			scores = append(scores, score)
			counts = append(counts, count)
			active = append(active, rec[5] == "true")
			days = append(days, rec[6])
			notes = append(notes, rec[7])
		}
		grpBenchFrame = FromColumns([]string{"id", "name", "city", "score", "count", "active", "day", "note"},
			ids, names, cities, scores, counts, active, days, notes)
		grpBenchErr = grpBenchFrame.Err()
	})
	if grpBenchErr != nil {
		b.Skipf("bench data: %v (generate it with shared/bench/gen, or set STRUCTFRAME_BENCHDATA)", grpBenchErr)
	}
	return grpBenchFrame
}

// BenchmarkGroupByMean is GroupBy(city).Agg(mean score) over flat.csv.
func BenchmarkGroupByMean(b *testing.B) {
	f := grpBenchFlat(b)
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
	f := grpBenchFlat(b)
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
	f := grpBenchFlat(b)
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
	f := grpBenchFlat(b)
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
	f := grpBenchFlat(b)
	pred := Col("score").Gt(Lit(50)).And(Col("active")).And(Col("city").Str().StartsWith("City1")).Alias("keep")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := f.SelectExprs(pred).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

var (
	grpRecipesOnce  sync.Once
	grpRecipesFrame *Frame
	grpRecipesErr   error
)

// grpRecipesRows is how many recipes the nested benchmarks load: a quarter
// of the file, to keep the []any decoding of the loader within memory on
// a shared machine.
const grpRecipesRows = 50_000

// grpBenchRecipes loads the first grpRecipesRows lines of recipes.ndjson
// (encoding/json into []any, then FromRecords) once.
func grpBenchRecipes(b *testing.B) *Frame {
	b.Helper()
	grpRecipesOnce.Do(func() {
		file, err := os.Open(filepath.Join(grpBenchDir(), "recipes.ndjson"))
		if err != nil {
			grpRecipesErr = err
			return
		}
		defer file.Close()
		dec := json.NewDecoder(bufio.NewReaderSize(file, 1<<20))
		var recs []any
		for len(recs) < grpRecipesRows {
			var rec any
			if err := dec.Decode(&rec); err == io.EOF {
				break
			} else if err != nil {
				grpRecipesErr = err
				return
			}
			recs = append(recs, rec)
		}
		grpRecipesFrame = FromRecords(recs)
		grpRecipesErr = grpRecipesFrame.Err()
	})
	if grpRecipesErr != nil {
		b.Skipf("bench data: %v", grpRecipesErr)
	}
	return grpRecipesFrame
}

// BenchmarkGroupByNested groups recipes by their first tag (a list
// function) and aggregates nested and ragged fields: the mean amount of
// every ingredient of the group, the best user score, the recipe count.
func BenchmarkGroupByNested(b *testing.B) {
	f := grpBenchRecipes(b)
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

// BenchmarkFilterNested keeps the recipes with more than 5 ingredients
// and a mean amount above 200.
func BenchmarkFilterNested(b *testing.B) {
	f := grpBenchRecipes(b)
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
	f := grpBenchFlat(b)
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
