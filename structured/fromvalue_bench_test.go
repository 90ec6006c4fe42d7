package structured

import (
	"bufio"
	"encoding/json"
	"os"
	"runtime"
	"testing"
)

// loadNDJSON decodes every line of an NDJSON file into a []any of
// map[string]any records, and returns the file size.
func loadNDJSON(tb testing.TB, path string) ([]any, int64) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		tb.Fatal(err)
	}
	var recs []any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var v any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			tb.Fatalf("%s: line %d: %v", path, len(recs)+1, err)
		}
		recs = append(recs, v)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return recs, st.Size()
}

func benchFromValue(b *testing.B, path string) {
	recs, size := loadNDJSON(b, path)
	runtime.GC() // collect the decoder's garbage before timing
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		st, err := FromValue(recs)
		if err != nil {
			b.Fatal(err)
		}
		if st.NumRows() != len(recs) {
			b.Fatalf("got %d rows, want %d", st.NumRows(), len(recs))
		}
	}
}

// BenchmarkFromValueRecipes times FromValue on the recipes NDJSON file
// named by STRUCTFRAME_RECIPES (200,000 nested records made by the
// benchmark data generator), decoded into []any outside the timer.
func BenchmarkFromValueRecipes(b *testing.B) {
	path := os.Getenv("STRUCTFRAME_RECIPES")
	if path == "" {
		b.Skip("set STRUCTFRAME_RECIPES to a recipes.ndjson file (made by bench/gen) to run this benchmark")
	}
	benchFromValue(b, path)
}

// BenchmarkFromValueRecipesSample times FromValue on the 50-record sample
// in testdata.
func BenchmarkFromValueRecipesSample(b *testing.B) {
	benchFromValue(b, "../testdata/recipes_sample.ndjson")
}

// BenchmarkToValueRecipes times the way back, Tensor to nested Go values,
// on the recipes file named by STRUCTFRAME_RECIPES, or on the sample.
func BenchmarkToValueRecipes(b *testing.B) {
	path := os.Getenv("STRUCTFRAME_RECIPES")
	if path == "" {
		path = "../testdata/recipes_sample.ndjson"
	}
	recs, size := loadNDJSON(b, path)
	st, err := FromValue(recs)
	if err != nil {
		b.Fatal(err)
	}
	recs = nil
	runtime.GC()
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if got := st.ToValue().([]any); len(got) != st.NumRows() {
			b.Fatalf("got %d rows, want %d", len(got), st.NumRows())
		}
	}
}

// BenchmarkBuilderRecipes times the Builder driven straight from the
// bytes of the recipes NDJSON file (STRUCTFRAME_RECIPES, or the sample)
// by a small tokenizer, one event per token: the path the JSON reader
// takes, with no map[string]any per record.
func BenchmarkBuilderRecipes(b *testing.B) {
	path := os.Getenv("STRUCTFRAME_RECIPES")
	if path == "" {
		path = "../testdata/recipes_sample.ndjson"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		bl, err := NewBuilder(nil)
		if err != nil {
			b.Fatal(err)
		}
		// As a reader does: read a 1/32 sample, estimate the rows from
		// the bytes, reserve, read the rest.
		cut := len(data) / 32
		for cut < len(data) && data[cut] != '\n' {
			cut++
		}
		if err := scanJSON(bl, data[:cut]); err != nil {
			b.Fatal(err)
		}
		if cut > 0 {
			bl.Reserve(int(float64(bl.NumRows()) * float64(len(data)) / float64(cut)))
		}
		if err := scanJSON(bl, data[cut:]); err != nil {
			b.Fatal(err)
		}
		if _, err := bl.Finish(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeFromValueRecipes times the path without a Builder:
// encoding/json into map[string]any, then FromValue, per iteration.
func BenchmarkDecodeFromValueRecipes(b *testing.B) {
	path := os.Getenv("STRUCTFRAME_RECIPES")
	if path == "" {
		path = "../testdata/recipes_sample.ndjson"
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	for b.Loop() {
		recs, _ := loadNDJSON(b, path)
		if _, err := FromValue(recs); err != nil {
			b.Fatal(err)
		}
	}
}
