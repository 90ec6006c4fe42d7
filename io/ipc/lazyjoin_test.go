//go:build linux || darwin || freebsd

package ipc

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// TestMappedBatchesJoinOnRead: a mapped file of several record batches
// opens without copying its columns (each is joined when first read), and
// the joined columns hold every batch's rows in order.
func TestMappedBatchesJoinOnRead(t *testing.T) {
	const rows = 1 << 16
	xs := make([]float64, rows)
	names := make([]string, rows)
	for i := range xs {
		xs[i], names[i] = float64(i), "name-of-some-length"
	}
	b := array.NewFloat64Builder(memory.DefaultAllocator)
	b.AppendValues(xs, nil)
	sb := array.NewStringBuilder(memory.DefaultAllocator)
	sb.AppendValues(names, nil)
	x, s := b.NewArray(), sb.NewArray()
	f := frame.FromTensor(structured.Must(structured.FromFields([]structured.FieldValue{
		{Name: "x", Value: structured.Must(structured.NewDense(x))},
		{Name: "s", Value: structured.Must(structured.NewDense(s))},
	}, 1)))
	path := filepath.Join(t.TempDir(), "batches.arrow")
	if err := WriteFile(path, f, WithBatchSize(rows/8)); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	size := int64(rows * (8 + 4 + len(names[0])))
	if got := int64(after.TotalAlloc - before.TotalAlloc); got > size/4 {
		t.Errorf("ReadFile of 8 mapped batches allocated %d bytes, want well under the columns' %d", got, size)
	}
	gt, err := g.Data()
	if err != nil {
		t.Fatal(err)
	}
	col, err := gt.Field("x")
	if err != nil {
		t.Fatal(err)
	}
	got := col.(structured.Leaf).Values().(*array.Float64).Float64Values()
	if len(got) != rows {
		t.Fatalf("x has %d rows, want %d", len(got), rows)
	}
	for i, v := range got {
		if v != float64(i) {
			t.Fatalf("x[%d] = %v", i, v)
		}
	}
	ft, _ := f.Data()
	if !gt.Equal(ft) {
		t.Errorf("the file read back differs from the frame written")
	}
}

// TestMappedBatchesReadAsChunks: ReadFile of a mapped file of several
// record batches copies neither a column nor a list's offsets, and the
// pieces of a column (Frame.ColumnChunks), a list of structures and a
// float column here, are the batches' arrays inside the mapping.
func TestMappedBatchesReadAsChunks(t *testing.T) {
	const rows, batches = 1 << 16, 8
	recs := make([]any, rows)
	for i := range recs {
		items := make([]any, i%5)
		for k := range items {
			items[k] = map[string]any{"name": "item", "amount": float64(k)}
		}
		recs[i] = map[string]any{"x": float64(i), "items": items}
	}
	f := frame.FromTensor(structured.Must(structured.FromValue(recs)))
	path := filepath.Join(t.TempDir(), "chunks.arrow")
	if err := WriteFile(path, f, WithBatchSize(rows/batches)); err != nil {
		t.Fatal(err)
	}
	c := makeConfig(nil)
	src, err := openPath(context.Background(), path, c)
	if err != nil {
		t.Fatal(err)
	}
	m := src.(*fileSource).m
	if m == nil {
		t.Fatal("the file was not mapped")
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(m.data)))
	hi := lo + uintptr(len(m.data))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tt, err := readAll(src, c)
	runtime.ReadMemStats(&after)
	src.close()
	if err != nil {
		t.Fatal(err)
	}
	// The offsets of items alone take 4 or 8 bytes a row, x 8.
	if got := after.TotalAlloc - before.TotalAlloc; got > rows*2 {
		t.Errorf("reading %d batches allocated %d bytes, want under %d (nothing joined)", batches, got, rows*2)
	}
	g := frame.FromTensor(tt)
	inMapping := func(what string, b []byte) {
		p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		if len(b) > 0 && (p < lo || p >= hi) {
			t.Errorf("%s: buffer outside the mapping", what)
		}
	}
	for _, col := range []string{"x", "items", "items.amount"} {
		chunks, err := g.ColumnChunks(col)
		if err != nil {
			t.Fatal(err)
		}
		if len(chunks) != batches {
			t.Fatalf("%s: %d chunks, want %d", col, len(chunks), batches)
		}
		n := 0
		for j, ch := range chunks {
			n += ch.NumRows()
			switch v := ch.(type) {
			case structured.Leaf:
				for _, b := range v.Values().Data().Buffers() {
					if b != nil {
						inMapping(col, b.Bytes())
					}
				}
			case *structured.Tensor:
				p := v.RowPartitions()[0]
				if p.NumRows() != rows/batches {
					t.Errorf("%s chunk %d: %d rows", col, j, p.NumRows())
				}
				if s32, ok := p.RowSplits32(); ok {
					inMapping(col+" offsets", arrow.Int32Traits.CastToBytes(s32))
				} else {
					inMapping(col+" offsets", arrow.Int64Traits.CastToBytes(p.RowSplits()))
				}
			}
		}
		if col != "items.amount" && n != rows {
			t.Errorf("%s: chunks hold %d rows, want %d", col, n, rows)
		}
	}
	if !tt.Equal(structured.Must(f.Data())) {
		t.Errorf("the file read back differs from the frame written")
	}
}

// TestWriteKeepsBatches: a Frame read from a mapped file of several
// record batches is written back batch by batch, its columns never
// joined: the output has the same batches and rows, and writing allocates
// far less than the columns hold. A Frame built in memory is one batch.
func TestWriteKeepsBatches(t *testing.T) {
	const rows, batches = 1 << 17, 8 // batches of 16,384 rows: RowChunks groups smaller ones
	xs := make([]float64, rows)
	for i := range xs {
		xs[i] = float64(i)
	}
	f := frame.FromColumns([]string{"x", "tags"}, xs, func() [][]string {
		out := make([][]string, rows)
		for i := range out {
			out[i] = []string{"a", "bb"}[:i%3]
		}
		return out
	}())
	dir := t.TempDir()
	src := filepath.Join(dir, "batches.arrow")
	if err := WriteFile(src, f, WithBatchSize(rows/batches)); err != nil {
		t.Fatal(err)
	}
	batchesOf := func(path string) []int {
		r, err := OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var n []int
		for r.Next() {
			n = append(n, r.Frame().NumRows())
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		return n
	}
	g, err := ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, "again.arrow")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if err := WriteFile(dst, g); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got, size := int64(after.TotalAlloc-before.TotalAlloc), int64(rows*8); got > size/2 {
		t.Errorf("writing 8 mapped batches allocated %d bytes; x alone holds %d", got, size)
	}
	if got, want := batchesOf(dst), batchesOf(src); len(got) != batches || !slices.Equal(got, want) {
		t.Errorf("written as batches of %v rows, read from %v", got, want)
	}
	if chunks, err := g.ColumnChunks("x"); err != nil || len(chunks) != batches {
		t.Errorf("writing joined x: %d chunks (%v)", len(chunks), err)
	}
	back, err := ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	if !structured.Must(back.Data()).Equal(structured.Must(f.Data())) {
		t.Errorf("the file written from the batches reads other values")
	}
	one := filepath.Join(dir, "one.arrow")
	if err := WriteFile(one, f); err != nil {
		t.Fatal(err)
	}
	if got := batchesOf(one); len(got) != 1 {
		t.Errorf("a Frame built in memory is written as %d batches", len(got))
	}
}
