package frame

import (
	"cmp"
	"encoding/csv"
	"errors"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"io"
	"os"
	"slices"
	"sync"
	"testing"
)

// sortBenchFlat loads the flat benchmark file ($STRUCTFRAME_FLAT, else
// /tmp/benchdata/flat.csv: id,name,city,score,count,...) into a Frame of
// id, name, city, score and count, once per test binary; it skips the
// benchmark when the file is absent.
func sortBenchFlat(b *testing.B) *Frame {
	b.Helper()
	sortBenchOnce.Do(func() {
		path := os.Getenv("STRUCTFRAME_FLAT")
		if path == "" {
			path = "/tmp/benchdata/flat.csv"
		}
		sortBenchFrame, sortBenchErr = sortLoadFlat(path)
	})
	if errors.Is(sortBenchErr, os.ErrNotExist) {
		b.Skip(sortBenchErr)
	}
	if sortBenchErr != nil {
		b.Fatal(sortBenchErr)
	}
	return sortBenchFrame
}

var (
	sortBenchOnce  sync.Once
	sortBenchFrame *Frame
	sortBenchErr   error
)

func sortLoadFlat(path string) (*Frame, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	r := csv.NewReader(file)
	r.ReuseRecord = true
	if _, err := r.Read(); err != nil {
		return nil, err
	}
	mem := memory.DefaultAllocator
	ids, counts := array.NewInt64Builder(mem), array.NewInt64Builder(mem)
	names, cities := array.NewStringBuilder(mem), array.NewStringBuilder(mem)
	scores := array.NewFloat64Builder(mem)
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		for _, c := range []struct {
			text string
			b    array.Builder
		}{{rec[0], ids}, {rec[1], names}, {rec[2], cities}, {rec[3], scores}, {rec[4], counts}} {
			if c.text == "" {
				c.b.AppendNull()
				continue
			}
			if err := c.b.AppendValueFromString(c.text); err != nil {
				return nil, err
			}
		}
	}
	f := FromColumns([]string{"id", "name", "city", "score", "count"}, ids.NewArray(), names.NewArray(), cities.NewArray(), scores.NewArray(), counts.NewArray())
	return f, f.Err()
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
