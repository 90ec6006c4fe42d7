package frame

import (
	"cmp"
	"slices"
	"testing"
)

// sortBenchFlat is the columns of the flat benchmark data (benchFlat)
// that the sort and join benchmarks take: id, name, city, score and count.
func sortBenchFlat(b *testing.B) *Frame {
	b.Helper()
	return benchFlat(b).Select("id", "name", "city", "score", "count")
}

func BenchmarkSort(b *testing.B) {
	f := sortBenchFlat(b)
	b.Run("perm_float", func(b *testing.B) {
		// The permutation alone: reading the key and radix sorting.
		v, err := Col("score").evalFrame("Sort", f)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			k, err := sortKeyOf("Sort", "score", v, f.NumRows())
			if err != nil {
				b.Fatal(err)
			}
			sortPerm([]*sortKeyCol{k}, []SortKey{Asc("score")}, f.NumRows())
		}
	})
	b.Run("perm_float_pdqsort", func(b *testing.B) {
		// The comparison sort the radix sort replaces, for the record:
		// slices.SortFunc over the same normalized keys, ties by position.
		v, err := Col("score").evalFrame("Sort", f)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			k, err := sortKeyOf("Sort", "score", v, f.NumRows())
			if err != nil {
				b.Fatal(err)
			}
			perm := make([]int, f.NumRows())
			for i := range perm {
				perm[i] = i
			}
			slices.SortFunc(perm, func(a, c int) int {
				if na, nc := k.isNull(a), k.isNull(c); na || nc {
					if na && nc {
						return cmp.Compare(a, c)
					}
					if na {
						return 1
					}
					return -1
				}
				if x := cmp.Compare(k.u[a], k.u[c]); x != 0 {
					return x
				}
				return cmp.Compare(a, c)
			})
		}
	})
	scores := f.Select("score")
	b.Run("float_one_column", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := scores.Sort(Asc("score")).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, bc := range []struct {
		name string
		keys []SortKey
	}{
		{"float", []SortKey{Asc("score")}},
		{"float_desc", []SortKey{Desc("score")}},
		{"int", []SortKey{Asc("count")}},
		{"string", []SortKey{Asc("name")}},
		{"string_float", []SortKey{Asc("city"), Desc("score")}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.ReportMetric(float64(f.NumRows()), "rows")
			for b.Loop() {
				if err := f.Sort(bc.keys...).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
