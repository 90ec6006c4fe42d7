//go:build linux || darwin || freebsd

package ipc

import (
	"path/filepath"
	"runtime"
	"testing"

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
