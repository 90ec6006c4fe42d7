package structured

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"testing"
)

// aopRecipesCache keeps the decoded recipes between benchmark runs.
var aopRecipesCache struct {
	path string
	st   *Tensor
}

// aopRecipes loads the recipes NDJSON named by STRUCTFRAME_RECIPES (the
// 200,000 records made by the benchmark data generator), or the 50-record sample
// in testdata, decoded with encoding/json and FromValue.
func aopRecipes(b *testing.B) *Tensor {
	path := os.Getenv("STRUCTFRAME_RECIPES")
	if path == "" {
		path = "../testdata/recipes_sample.ndjson"
	}
	if aopRecipesCache.path != path {
		recs, _ := loadNDJSON(b, path)
		st, err := FromValue(recs)
		if err != nil {
			b.Fatal(err)
		}
		aopRecipesCache.path, aopRecipesCache.st = path, st
		runtime.GC() // collect the decoder's garbage before timing
	}
	return aopRecipesCache.st
}

// aopValueBytes sums the bytes of a value's buffers: the Arrow buffers of
// its leaves, the splits of its ragged partitions and its validity
// bitmaps (each partition counted once).
func aopValueBytes(v Value) int64 {
	seen := map[*RowPartition]bool{}
	var total int64
	parts := func(ps []*RowPartition) {
		for _, p := range ps {
			if seen[p] {
				continue
			}
			seen[p] = true
			if p.uniform == Unknown {
				total += int64((p.nrows + 1) * p.DType().(interface{ BitWidth() int }).BitWidth() / 8)
			}
			if p.valid.nulls != 0 {
				total += int64((p.nrows + 7) / 8)
			}
		}
	}
	var walk func(v Value)
	walk = func(v Value) {
		switch x := v.(type) {
		case *Tensor:
			parts(x.parts)
			if x.valid.nulls != 0 {
				total += int64((x.Size() + 7) / 8)
			}
			for _, f := range x.fieldValues() {
				walk(f)
			}
		case Leaf:
			values, _, ps := leafLayout(x)
			parts(ps)
			for _, buf := range values.Data().Buffers() {
				if buf != nil {
					total += int64(buf.Len())
				}
			}
		}
	}
	walk(v)
	return total
}

// BenchmarkGatherRecipes gathers 10% of the recipes' rows, at random
// positions, sorted or not: every field (nested ingredients, steps,
// ratings with embeddings) is gathered. MB/s counts the bytes of the
// gathered Tensor's buffers.
func BenchmarkGatherRecipes(b *testing.B) {
	st := aopRecipes(b)
	n := st.NumRows()
	rng := rand.New(rand.NewPCG(1, 2))
	unsorted := rng.Perm(n)[:max(n/10, 1)]
	sorted := slices.Sorted(slices.Values(unsorted))
	for _, c := range []struct {
		name string
		idx  []int
	}{{"sorted", sorted}, {"unsorted", unsorted}} {
		b.Run(fmt.Sprintf("rows=%d/%s", n, c.name), func(b *testing.B) {
			out, err := st.Take(c.idx)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(aopValueBytes(out))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := st.Take(c.idx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
