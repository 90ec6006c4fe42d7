//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	aipc "github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/structframe/structframe/io/ipc"
)

// benchRecipesArrow is the benchmark data's recipes.arrow (made by
// ../shared/bench/gen and the Go peer's convert), from $BENCH_DATA or the
// harness's data directory; the benchmarks skip without it.
func benchRecipesArrow(b *testing.B) string {
	dir := os.Getenv("BENCH_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "bench", "data")
	}
	p := filepath.Join(dir, "recipes.arrow")
	if _, err := os.Stat(p); err != nil {
		b.Skipf("no %s (set BENCH_DATA to the directory of the benchmark data)", p)
	}
	return p
}

// BenchmarkW4a is W4a in process: the 145 MB recipes file mapped, read
// into a Frame (ipc.ReadFile) and its checksum summed chunk by chunk.
// Its work is per record batch, not per byte: no SetBytes.
func BenchmarkW4a(b *testing.B) {
	path := benchRecipesArrow(b)
	b.ReportAllocs()
	for b.Loop() {
		f, err := ipc.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		var s recipesSums
		if err := s.addChunks(f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkW4aArrowGo is what the arrow-go peer does for W4a, in
// process: map the file, read its record batches with arrow-go's
// ipc.NewMappedFileReader, sum est_time and count the ingredients by
// their offsets.
func BenchmarkW4aArrowGo(b *testing.B) {
	path := benchRecipesArrow(b)
	b.ReportAllocs()
	for b.Loop() {
		fh, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		st, _ := fh.Stat()
		data, err := syscall.Mmap(int(fh.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
		if err != nil {
			b.Fatal(err)
		}
		r, err := aipc.NewMappedFileReader(data)
		if err != nil {
			b.Fatal(err)
		}
		est, ing := 0.0, 0
		for i := range r.NumRecords() {
			rec, err := r.RecordBatch(i)
			if err != nil {
				b.Fatal(err)
			}
			vals := rec.Column(1).(*array.Float64)
			for k, v := range vals.Float64Values() {
				if vals.IsValid(k) {
					est += v
				}
			}
			l := rec.Column(2).(*array.List)
			for k := range l.Len() {
				s, e := l.ValueOffsets(k)
				ing += int(e - s)
			}
		}
		r.Close()
		syscall.Munmap(data)
		fh.Close()
	}
}
