package frame

import (
	"testing"

	"github.com/structframe/structframe/structured"
)

// idxBenchFlat is id, city, score and day of the flat benchmark data
// (benchFlat) with its rows repeated up to n rows and sorted by city, so
// that the runs are long: the cities in first-seen order, each given n
// divided by the number of cities rows (the last one the rest), cycling
// through that city's rows of the file; id counts the new rows.
func idxBenchFlat(b *testing.B, n int) *Frame {
	b.Helper()
	flat := benchFlat(b)
	s, err := flat.Column("city")
	if err != nil {
		b.Fatal(err)
	}
	cities, err := s.Value().(*structured.Dense).Strings()
	if err != nil {
		b.Fatal(err)
	}
	// Group by city: visit the rows city by city.
	byCity := map[string][]int{}
	var order []string
	for i, c := range cities {
		if _, ok := byCity[c]; !ok {
			order = append(order, c)
		}
		byCity[c] = append(byCity[c], i)
	}
	ids := make([]int64, n)
	rows := make([]int, n)
	per := n / len(order)
	i := 0
	for ci, c := range order {
		src := byCity[c]
		count := per
		if ci == len(order)-1 {
			count = n - i
		}
		for j := range count {
			ids[i] = int64(i)
			rows[i] = src[j%len(src)]
			i++
		}
	}
	taken := flat.Select("city", "score", "day").Take(rows)
	cols := []any{ids}
	for _, name := range []string{"city", "score", "day"} {
		s, err := taken.Column(name)
		if err != nil {
			b.Fatal(err)
		}
		cols = append(cols, s)
	}
	f := FromColumns([]string{"id", "city", "score", "day"}, cols...)
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	return f
}

func BenchmarkSetIndex(b *testing.B) {
	f := idxBenchFlat(b, 1_000_000)
	for _, cols := range [][]string{{"id"}, {"city", "day"}} {
		b.Run(cols[len(cols)-1], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.SetIndex(cols...).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLoc(b *testing.B) {
	f := idxBenchFlat(b, 1_000_000)
	byID := f.SetIndex("id")
	multi := f.SetIndex("city", "day")
	b.Run("first/id", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			// A fresh index each time: the lookup table is built.
			if err := f.SetIndex("id").Loc(int64(777_777)).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	shuffled := f.Take(idxBenchPerm(f.NumRows()))
	b.Run("first/shuffled-id", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := shuffled.SetIndex("id").Loc(int64(777_777)).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	byID.Loc(0) // build the table
	b.Run("again/id", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := byID.Loc(int64(777_777)).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	city := idxColumnValuesB(b, f, "city")[500_000].(string)
	multi.Loc(city)
	b.Run("again/city", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := multi.Loc(city).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// idxBenchPerm is a fixed pseudo-random permutation of 0..n-1.
func idxBenchPerm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	x := uint64(88172645463325252)
	for i := n - 1; i > 0; i-- {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		j := int(x % uint64(i+1))
		p[i], p[j] = p[j], p[i]
	}
	return p
}

func idxColumnValuesB(b *testing.B, f *Frame, ref string) []any {
	s, err := f.Column(ref)
	if err != nil {
		b.Fatal(err)
	}
	return s.ToValue()
}

func BenchmarkMultiTensor(b *testing.B) {
	f := idxBenchFlat(b, 1_000_000).SetIndex("city", "day")
	t, err := f.Tensor()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := f.Tensor(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := FromTensor(t).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Take", func(b *testing.B) {
		rows := make([]int, 0, f.NumRows()/2)
		for i := 0; i < f.NumRows(); i += 2 {
			rows = append(rows, i)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := f.Index().Take(rows); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkFromTensorRecipes decodes recipes × ingredients (a rank-2
// tensor of the ingredients of the first 20,000 recipes of
// recipes.ndjson, as structured.FromValue makes it of their decoded JSON)
// into a Frame of ingredients under a MultiIndex of positions, and back.
func BenchmarkFromTensorRecipes(b *testing.B) {
	s, err := benchRecipes(b, 20_000).Column("ingredients")
	if err != nil {
		b.Fatal(err)
	}
	t, err := structured.FromValue(s.ToValue())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("FromTensor", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := FromTensor(t).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	f := FromTensor(t)
	b.Run("Tensor", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := f.Tensor(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
