package frame

// The data of the benchmarks of this package.
//
// Every benchmark that reads a data file takes it from one directory:
//
//	STRUCTFRAME_BENCHDATA   the directory (default /tmp/benchdata)
//
// which holds the files the generator of the shared bench harness writes
// (shared/bench/gen: go run . -out /tmp/benchdata):
//
//	flat.csv        1,000,000 rows of id,name,city,score,count,active,day,note
//	recipes.ndjson  200,000 nested records: title, est_time, ingredients
//	                (list of amount, unit, name), steps, user_rating, tags
//
// benchFlat and benchRecipes load them, each file once per test binary
// (recipes once per record limit), outside the timed loops; a benchmark
// whose file is absent is skipped. Benchmarks that need another shape of
// the data (a projection, a reordering) derive it from these frames.

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// benchDataDir is $STRUCTFRAME_BENCHDATA, else /tmp/benchdata.
func benchDataDir() string {
	if d := os.Getenv("STRUCTFRAME_BENCHDATA"); d != "" {
		return d
	}
	return "/tmp/benchdata"
}

// benchDataOrSkip returns v, skipping the benchmark when the data file is
// absent and failing it on any other error. The garbage of loading is
// collected first, so that it is not the benchmark's.
func benchDataOrSkip(b *testing.B, v *Frame, err error) *Frame {
	b.Helper()
	if errors.Is(err, os.ErrNotExist) {
		b.Skipf("bench data: %v (generate it with shared/bench/gen, or set STRUCTFRAME_BENCHDATA)", err)
	}
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	return v
}

// benchFlatLoad reads flat.csv once.
var benchFlatLoad = sync.OnceValues(func() (*Frame, error) {
	return loadBenchFlat(filepath.Join(benchDataDir(), "flat.csv"))
})

// benchFlat is flat.csv as a Frame of 1,000,000 rows and typed columns:
// id int64, name string, city string, score float64, count int64,
// active bool, day string (YYYY-MM-DD, not parsed), note string. An empty
// cell is null (about 2% of score, count and note), as the shared
// workloads W1 and W5 read it.
func benchFlat(b *testing.B) *Frame {
	b.Helper()
	f, err := benchFlatLoad()
	return benchDataOrSkip(b, f, err)
}

func loadBenchFlat(path string) (*Frame, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	r := csv.NewReader(bufio.NewReaderSize(file, 1<<20))
	r.ReuseRecord = true
	if _, err := r.Read(); err != nil {
		return nil, err
	}
	mem := memory.DefaultAllocator
	cols := []array.Builder{
		array.NewInt64Builder(mem),   // id
		array.NewStringBuilder(mem),  // name
		array.NewStringBuilder(mem),  // city
		array.NewFloat64Builder(mem), // score
		array.NewInt64Builder(mem),   // count
		array.NewBooleanBuilder(mem), // active
		array.NewStringBuilder(mem),  // day
		array.NewStringBuilder(mem),  // note
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		for i, c := range cols {
			if rec[i] == "" {
				c.AppendNull()
				continue
			}
			if err := c.AppendValueFromString(rec[i]); err != nil {
				return nil, err
			}
		}
	}
	arrays := make([]any, len(cols))
	for i, c := range cols {
		arrays[i] = c.NewArray()
		c.Release()
	}
	f := FromColumns([]string{"id", "name", "city", "score", "count", "active", "day", "note"}, arrays...)
	return f, f.Err()
}

// benchRecipesChunk is how many records are decoded into []any before
// being made a Tensor: the []any of all 200,000 would take several GB.
const benchRecipesChunk = 20_000

var (
	benchRecipesMu    sync.Mutex
	benchRecipesLoads = map[int]func() (*Frame, error){}
)

// benchRecipes is the first limit records of recipes.ndjson (all of them
// when limit <= 0) as a Frame of nested columns, loaded once per limit.
func benchRecipes(b *testing.B, limit int) *Frame {
	b.Helper()
	if limit < 0 {
		limit = 0
	}
	benchRecipesMu.Lock()
	load, ok := benchRecipesLoads[limit]
	if !ok {
		load = sync.OnceValues(func() (*Frame, error) {
			return loadBenchRecipes(filepath.Join(benchDataDir(), "recipes.ndjson"), limit)
		})
		benchRecipesLoads[limit] = load
	}
	benchRecipesMu.Unlock()
	f, err := load()
	return benchDataOrSkip(b, f, err)
}

// loadBenchRecipes decodes the records with encoding/json into []any, by
// chunks given to structured.FromValue, and concatenates the chunks.
func loadBenchRecipes(path string, limit int) (*Frame, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var (
		parts []*structured.Tensor
		chunk []any
		n     int
	)
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		t, err := structured.FromValue(chunk)
		if err != nil {
			return err
		}
		parts = append(parts, t)
		chunk = chunk[:0]
		return nil
	}
	for (limit == 0 || n < limit) && sc.Scan() {
		var v any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, err
		}
		chunk = append(chunk, v)
		n++
		if len(chunk) == benchRecipesChunk {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := flush(); err != nil {
		return nil, err
	}
	t, err := structured.Concat(0, parts...)
	if err != nil {
		return nil, err
	}
	f := FromTensor(t)
	return f, f.Err()
}
