package frame

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/structframe/structframe/structured"
)

// descBenchRecipes loads up to n recipes of the nested benchmark file
// ($STRUCTFRAME_RECIPES, else /tmp/benchdata/recipes.ndjson), skipping the
// benchmark when it is absent.
func descBenchRecipes(b *testing.B, n int) *Frame {
	b.Helper()
	path := os.Getenv("STRUCTFRAME_RECIPES")
	if path == "" {
		path = "/tmp/benchdata/recipes.ndjson"
	}
	file, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		b.Skip(err)
	}
	if err != nil {
		b.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var recs []any
	for len(recs) < n && sc.Scan() {
		var v any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			b.Fatal(err)
		}
		recs = append(recs, v)
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	t, err := structured.FromValue(recs)
	if err != nil {
		b.Fatal(err)
	}
	return FromTensor(t)
}

func BenchmarkDescribe(b *testing.B) {
	f := descBenchRecipes(b, 50_000)
	b.ReportMetric(float64(f.NumRows()), "rows")
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Describe().Err(); err != nil {
			b.Fatal(err)
		}
	}
}
