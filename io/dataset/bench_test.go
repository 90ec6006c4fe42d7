package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/parquet"
	"github.com/structframe/structframe/structured"
)

// benchDataset writes a dataset of many small Parquet files once per
// benchmark: 4 years × 12 months × 2 files of 500 rows (id, name, score),
// and returns its directory and size in bytes.
func benchDataset(b *testing.B) (string, int64) {
	b.Helper()
	dir := b.TempDir()
	const rows = 500
	id := make([]int64, rows)
	name := make([]string, rows)
	score := make([]float64, rows)
	for i := range rows {
		id[i] = int64(i)
		name[i] = fmt.Sprintf("user-%04d", i%977)
		score[i] = float64(i%100) / 4
	}
	f := cols([]string{"id", "name", "score"}, id, name, score)
	for y := 2021; y <= 2024; y++ {
		for m := 1; m <= 12; m++ {
			for p := range 2 {
				put(b, dir, fmt.Sprintf("year=%d/month=%02d/part-%d.parquet", y, m, p), f)
			}
		}
	}
	var size int64
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if st, err := d.Info(); err == nil {
				size += st.Size()
			}
		}
		return err
	})
	return dir, size
}

// BenchmarkReadPartitioned reads 96 small files (48,000 rows) into one
// frame, on every core and on one.
func BenchmarkReadPartitioned(b *testing.B) {
	dir, size := benchDataset(b)
	for _, par := range []int{0, 1} {
		name := "parallel"
		opts := []Option{}
		if par == 1 {
			name = "serial"
			opts = append(opts, WithParallelism(1))
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				f, err := Read(dir, opts...)
				if err != nil || f.NumRows() != 48000 {
					b.Fatal(err, f.NumRows())
				}
			}
		})
	}
}

// BenchmarkReadPruned reads one month of the 48: the cost of listing and
// pruning the other 94 files.
func BenchmarkReadPruned(b *testing.B) {
	dir, _ := benchDataset(b)
	pred := frame.Col("year").Eq(frame.Lit(2024)).And(frame.Col("month").Eq(frame.Lit(6)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := Read(dir, WithFilter(pred))
		if err != nil || f.NumRows() != 1000 {
			b.Fatal(err, f.NumRows())
		}
	}
}

// BenchmarkOpenPartitioned streams the 96 files batch by batch.
func BenchmarkOpenPartitioned(b *testing.B) {
	dir, size := benchDataset(b)
	b.ReportAllocs()
	b.SetBytes(size)
	for b.Loop() {
		r, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for r.Next() {
			n += r.Frame().NumRows()
		}
		if r.Err() != nil || n != 48000 {
			b.Fatal(r.Err(), n)
		}
		r.Close()
	}
}

// BenchmarkWritePartitioned writes 48,000 rows into 48 partitions.
func BenchmarkWritePartitioned(b *testing.B) {
	const rows = 48000
	id := make([]int64, rows)
	year := make([]int64, rows)
	month := make([]int64, rows)
	score := make([]float64, rows)
	for i := range rows {
		id[i], year[i], month[i], score[i] = int64(i), int64(2021+i%4), int64(1+i%12), float64(i)/3
	}
	f := cols([]string{"id", "year", "month", "score"}, id, year, month, score)
	b.ReportAllocs()
	for b.Loop() {
		dir := filepath.Join(b.TempDir(), "w")
		if err := Write(dir, f, WithPartitionBy("year", "month")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadRowGroupFilter reads one Parquet file of 1,048,576 rows in
// 16 row groups with a filter one row group can satisfy: the comparison
// skips the other 15 row groups unread.
func BenchmarkReadRowGroupFilter(b *testing.B) {
	dir := b.TempDir()
	const rows = 1 << 20
	id := make([]int64, rows)
	score := make([]float64, rows)
	for i := range rows {
		id[i] = int64(i)
		score[i] = float64(i%1000) / 4
	}
	path := filepath.Join(dir, "a.parquet")
	if err := parquet.WriteFile(path, cols([]string{"id", "score"}, id, score), parquet.WithRowGroupRows(rows/16)); err != nil {
		b.Fatal(err)
	}
	pred := frame.Col("id").Ge(frame.Lit(rows - 1000))
	for _, bc := range []struct {
		name   string
		filter frame.Expr
	}{
		{"pruned", pred},
		// the same rows kept, by an expression no statistics rule out
		{"unpruned", pred.Or(frame.Col("score").Lt(frame.Lit(-1)))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f, err := Read(dir, WithFilter(bc.filter))
				if err != nil || f.NumRows() != 1000 {
					b.Fatal(err, f.NumRows())
				}
			}
		})
	}
}

// BenchmarkReadArrowChunks reads a dataset of 8 Arrow files of 4 record
// batches each (262,144 rows of an int64, a string and a list of floats)
// into one frame and sums a column chunk by chunk: the files are mapped
// and their batches stay in place, so the time and bytes allocated per
// read do not grow with the rows (no SetBytes: the work is per batch).
func BenchmarkReadArrowChunks(b *testing.B) {
	dir := b.TempDir()
	const files, batches, rows = 8, 4, 8192
	for fi := range files {
		path := filepath.Join(dir, fmt.Sprintf("part-%d.arrow", fi))
		out, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		w := ipc.NewWriter(out)
		for bi := range batches {
			id := make([]int64, rows)
			name := make([]string, rows)
			xs := make([][]float64, rows)
			for i := range rows {
				id[i] = int64((fi*batches+bi)*rows + i)
				name[i] = fmt.Sprint("n", i%100)
				xs[i] = []float64{float64(i), 1}
			}
			if err := w.Write(frame.FromColumns([]string{"id", "name", "xs"}, id, name, xs)); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
		out.Close()
	}
	b.ReportAllocs()
	for b.Loop() {
		f, err := Read(dir, WithParallelism(1))
		if err != nil {
			b.Fatal(err)
		}
		chunks, err := f.ColumnChunks("id")
		if err != nil {
			b.Fatal(err)
		}
		var sum int64
		for _, c := range chunks {
			for _, v := range c.(structured.Leaf).Values().(*array.Int64).Int64Values() {
				sum += v
			}
		}
		if n := int64(files * batches * rows); sum != n*(n-1)/2 {
			b.Fatalf("sum %d over %d chunks", sum, len(chunks))
		}
	}
}
