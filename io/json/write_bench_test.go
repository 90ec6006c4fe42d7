package json

import (
	"bufio"
	"encoding/csv"
	stdjson "encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// Benchmarks of the writer on the shared benchmark data
// ($STRUCTFRAME_BENCHDATA, default /tmp/benchdata; skipped when absent):
//
//	flat     flat.csv, 1,000,000 rows: id int64, name string, city string,
//	         score float64, count int64, active bool, day date32, note
//	         string (empty cells null)
//	recipes  the first 50,000 records of recipes.ndjson (encoding/json with
//	         UseNumber, then FromValue): title, est_time, ingredients (list
//	         of amount, unit, name), steps (list of description),
//	         user_rating (list of a 6-float embedding and a score), tags
//
// Each is written as NDJSON to a counting io.Discard, on one goroutine and
// on GOMAXPROCS; MB/s is of the bytes written. The *EncodingJSON
// benchmarks write the same rows as []map[string]any (ToValue, converted
// once outside the timer) with json.Encoder (json.Marshal per record), one
// record per line, for the ratio.
//
// Figures: Go 1.26.8, linux/amd64, a 2-core VM shared with other work
// (load average 4 to 10 throughout, so single runs vary by 2x; medians of
// 5 runs of 3 or 5 iterations, taken over half an hour):
//
//	go test -run '^$' -bench 'BenchmarkWrite(Flat|Recipes)' -benchtime 3x -benchmem ./io/json
//
//	MB/s (min-max)            1 goroutine     2 goroutines    encoding/json
//	flat (150 MB out)         614 (448-927)   850 (840-882)   39 (17-49)
//	recipes (55 MB out)       488 (386-576)   518 (131-565)   82 (30-86)
//	flat, Array, WithIndent   ~200 (112-261)
//
//	allocs/op                 1 goroutine     2 goroutines    encoding/json
//	flat                      29              2,042           17,000,003
//	recipes                   69              308             4,738,899
//
// That is 15 to 25 times encoding/json on flat rows and 6 to 10 times on
// nested ones, where float formatting dominates (the embeddings' six
// decimals). Two goroutines gain little here, the second core being busy
// with other work; the output is the same bytes either way.
//
// 2026-11-28, after chunk buffers are made at the size the first rows
// foretell (not grown by appends from empty), chunks of 256 KiB or more
// go to the io.Writer without a copy into the encoder's buffer, and short
// decimals are laid out digit by digit in one copy: the old and new test
// binaries run in turn, 5 rounds of -benchtime 8x on a quieter moment of
// the same VM (load average 0.5 to 1.6), medians (min-max):
//
//	MB/s                      before               after
//	recipes, 1 goroutine      256 (237-286)        299 (263-316)
//	recipes, 2 goroutines     448 (186-643)        602 (518-677)
//	flat, 1 goroutine         413 (363-470)        386 (369-440)
//	  the same, 6 rounds      394 (366-566)        494 (376-546)
//	flat, 2 goroutines        747 (689-911)        729 (474-799)
//
//	B/op, recipes, 2 goroutines: 3,725,513 before, 347,560 after (the
//	same 310 or so allocations; one goroutine's and flat's unchanged)
//
// Flat's figures move both ways from one set to the next: no change there
// stands out of the noise.

// benchWriteDir is $STRUCTFRAME_BENCHDATA, else /tmp/benchdata.
func benchWriteDir() string {
	if d := os.Getenv("STRUCTFRAME_BENCHDATA"); d != "" {
		return d
	}
	return "/tmp/benchdata"
}

// benchWriteData checks the error of loading data, skipping when the
// file is absent.
func benchWriteData(b *testing.B, err error) {
	b.Helper()
	if errors.Is(err, os.ErrNotExist) {
		b.Skipf("bench data: %v", err)
	}
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
}

// benchFlatTensor is flat.csv's Frame as the Tensor written.
func benchFlatTensor(b *testing.B) *structured.Tensor {
	f, err := benchWriteFlat()
	benchWriteData(b, err)
	st, err := f.Tensor()
	if err != nil {
		b.Fatal(err)
	}
	return st
}

// benchRecipesTensor is the recipes' Tensor.
func benchRecipesTensor(b *testing.B) *structured.Tensor {
	st, err := benchWriteRecipes()
	benchWriteData(b, err)
	return st
}

var benchWriteFlat = sync.OnceValues(func() (*frame.Frame, error) {
	return loadWriteFlat(filepath.Join(benchWriteDir(), "flat.csv"))
})

// loadWriteFlat reads flat.csv into typed columns.
func loadWriteFlat(path string) (*frame.Frame, error) {
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
	id, count := array.NewInt64Builder(mem), array.NewInt64Builder(mem)
	name, city, note := array.NewStringBuilder(mem), array.NewStringBuilder(mem), array.NewStringBuilder(mem)
	score := array.NewFloat64Builder(mem)
	active := array.NewBooleanBuilder(mem)
	day := array.NewDate32Builder(mem)
	intCell := func(bl *array.Int64Builder, s string) error {
		if s == "" {
			bl.AppendNull()
			return nil
		}
		v, err := strconv.ParseInt(s, 10, 64)
		bl.Append(v)
		return err
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := intCell(id, rec[0]); err != nil {
			return nil, err
		}
		name.Append(rec[1])
		city.Append(rec[2])
		if rec[3] == "" {
			score.AppendNull()
		} else {
			v, err := strconv.ParseFloat(rec[3], 64)
			if err != nil {
				return nil, err
			}
			score.Append(v)
		}
		if err := intCell(count, rec[4]); err != nil {
			return nil, err
		}
		active.Append(rec[5] == "true")
		d, err := time.Parse(time.DateOnly, rec[6])
		if err != nil {
			return nil, err
		}
		day.Append(arrow.Date32FromTime(d))
		if rec[7] == "" {
			note.AppendNull()
		} else {
			note.Append(rec[7])
		}
	}
	cols := []any{id.NewArray(), name.NewArray(), city.NewArray(), score.NewArray(), count.NewArray(), active.NewArray(), day.NewArray(), note.NewArray()}
	f := frame.FromColumns([]string{"id", "name", "city", "score", "count", "active", "day", "note"}, cols...)
	for _, c := range cols {
		c.(arrow.Array).Release()
	}
	return f, f.Err()
}

// benchRecipesN is how many recipes the benchmarks write.
const benchRecipesN = 50000

var benchWriteRecipes = sync.OnceValues(func() (*structured.Tensor, error) {
	file, err := os.Open(filepath.Join(benchWriteDir(), "recipes.ndjson"))
	if err != nil {
		return nil, err
	}
	defer file.Close()
	d := stdjson.NewDecoder(bufio.NewReaderSize(file, 1<<20))
	d.UseNumber()
	recs := make([]any, 0, benchRecipesN)
	for len(recs) < benchRecipesN {
		var v any
		if err := d.Decode(&v); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		recs = append(recs, v)
	}
	return structured.FromValue(recs)
})

// countWriter counts and discards.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// benchWriteTensor writes st b.N times, on one goroutine and on
// GOMAXPROCS (sub-benchmarks goroutines=1 and goroutines=max).
func benchWriteTensor(b *testing.B, st *structured.Tensor, opts ...Option) {
	for _, g := range []struct {
		name    string
		workers int
	}{{"goroutines=1", 1}, {"goroutines=max", 0}} {
		b.Run(g.name, func(b *testing.B) {
			defer func(w int) { writeMaxWorkers = w }(writeMaxWorkers)
			writeMaxWorkers = g.workers
			var w countWriter
			if err := WriteTensor(&w, st, opts...); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(w.n)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := WriteTensor(&w, st, opts...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchEncodingJSON writes the records of st with json.Encoder, one per
// line, b.N times.
func benchEncodingJSON(b *testing.B, st *structured.Tensor) {
	recs := st.ToValue().([]any)
	for _, r := range recs { // what encoding/json cannot write as we do
		for k, v := range r.(map[string]any) {
			if d, ok := v.(arrow.Date32); ok {
				r.(map[string]any)[k] = d.FormattedString()
			}
		}
	}
	runtime.GC()
	enc := func(w io.Writer) {
		bw := bufio.NewWriterSize(w, 256<<10)
		e := stdjson.NewEncoder(bw)
		e.SetEscapeHTML(false)
		for _, r := range recs {
			if err := e.Encode(r); err != nil {
				b.Fatal(err)
			}
		}
		if err := bw.Flush(); err != nil {
			b.Fatal(err)
		}
	}
	var w countWriter
	enc(&w)
	b.SetBytes(w.n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		enc(&w)
	}
}

func BenchmarkWriteFlat(b *testing.B) {
	benchWriteTensor(b, benchFlatTensor(b), WithFormat(NDJSON))
}

func BenchmarkWriteFlatArrayIndent(b *testing.B) {
	benchWriteTensor(b, benchFlatTensor(b), WithIndent("", "  "))
}

func BenchmarkWriteFlatEncodingJSON(b *testing.B) {
	benchEncodingJSON(b, benchFlatTensor(b))
}

func BenchmarkWriteRecipes(b *testing.B) {
	benchWriteTensor(b, benchRecipesTensor(b), WithFormat(NDJSON))
}

func BenchmarkWriteRecipesEncodingJSON(b *testing.B) {
	benchEncodingJSON(b, benchRecipesTensor(b))
}
