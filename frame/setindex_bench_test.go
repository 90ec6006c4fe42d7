package frame

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// idxBenchFlat loads /tmp/benchdata/flat.csv (id, city, score, day) and
// repeats its rows up to n rows, sorted by city so that the runs are long,
// as a Frame. The benchmark is skipped when the file is absent.
func idxBenchFlat(b *testing.B, n int) *Frame {
	b.Helper()
	fh, err := os.Open("/tmp/benchdata/flat.csv")
	if err != nil {
		b.Skip("no /tmp/benchdata/flat.csv:", err)
	}
	defer fh.Close()
	recs, err := csv.NewReader(bufio.NewReader(fh)).ReadAll()
	if err != nil || len(recs) < 2 {
		b.Fatal("flat.csv:", err)
	}
	recs = recs[1:]
	ids := make([]int64, n)
	cities := make([]string, n)
	scores := make([]float64, n)
	days := make([]string, n)
	// Group by city: visit the rows city by city.
	byCity := map[string][]int{}
	var order []string
	for i, r := range recs {
		if _, ok := byCity[r[2]]; !ok {
			order = append(order, r[2])
		}
		byCity[r[2]] = append(byCity[r[2]], i)
	}
	per := n / len(order)
	i := 0
	for ci, c := range order {
		rows := byCity[c]
		count := per
		if ci == len(order)-1 {
			count = n - i
		}
		for j := range count {
			r := recs[rows[j%len(rows)]]
			ids[i] = int64(i)
			cities[i] = c
			scores[i], _ = strconv.ParseFloat(r[3], 64)
			days[i] = r[6]
			i++
		}
	}
	f := FromColumns([]string{"id", "city", "score", "day"}, ids, cities, scores, days)
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
// tensor of the first 20,000 recipes of recipes.ndjson) into a Frame of
// ingredients under a MultiIndex of positions, and back.
func BenchmarkFromTensorRecipes(b *testing.B) {
	fh, err := os.Open("/tmp/benchdata/recipes.ndjson")
	if err != nil {
		b.Skip("no /tmp/benchdata/recipes.ndjson:", err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var lists []any
	for len(lists) < 20_000 && sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			b.Fatal(err)
		}
		lists = append(lists, rec["ingredients"])
	}
	t, err := structured.FromValue(lists)
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
	_ = index.Field
}
