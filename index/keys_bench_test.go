package index

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/structframe/structframe/structured"
)

// BenchmarkLookupBuild builds the lookup table of 1,000,000 shuffled
// unique int64 labels: the flat open-addressing table against a Go map,
// and the binary search of sorted labels, then finds one label.
func BenchmarkLookupBuild(b *testing.B) {
	const n = 1_000_000
	rng := rand.New(rand.NewPCG(1, 1))
	shuffled := make([]int64, n)
	for i, p := range rng.Perm(n) {
		shuffled[i] = int64(p)
	}
	sorted := make([]int64, n)
	for i := range sorted {
		sorted[i] = int64(i)
	}
	none := idxBenchValid(b, n)
	b.Run("flat", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(idxBuildInts(shuffled, none).find(int64(777))) != 1 {
				b.Fatal("not found")
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(idxBuild(shuffled, none).find(int64(777))) != 1 {
				b.Fatal("not found")
			}
		}
	})
	b.Run("sorted", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(idxOrdered(sorted, none).find(int64(777))) != 1 {
				b.Fatal("not found")
			}
		}
	})
	strs := make([]string, n)
	for i, v := range shuffled {
		strs[i] = "k" + strconv.FormatInt(v, 10)
	}
	b.Run("map/string", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(idxOrdered(strs, none).find("k777")) != 1 {
				b.Fatal("not found")
			}
		}
	})
}

// idxBenchValid is the validity of n labels without nulls.
func idxBenchValid(b *testing.B, n int) structured.Bitmap {
	v, err := structured.ValueOf(make([]int64, n))
	if err != nil {
		b.Fatal(err)
	}
	return v.(*structured.Dense).Validity()
}
