package parquet

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/structframe/structframe/internal/mmapfile"
)

// TestDirectTruncatedMapping: a file truncated by another process while
// the direct reader reads it mapped faults; the fault is a panic the
// leaf's guard turns into an error (as readGroups runs each leaf), not
// the death of the process, and the leaf's buffers are given back.
func TestDirectTruncatedMapping(t *testing.T) {
	rec := directRecord(t, rand.New(rand.NewPCG(1, 1)), 2000)
	defer rec.Release()
	data := writeArrow(t, rec, pq.NewWriterProperties(), pqarrow.DefaultWriterProps())
	path := filepath.Join(t.TempDir(), "t.parquet")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rdr, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mapped, unmap, ok := mmapfile.Map(f)
	if !ok {
		t.Skip("the file was not mapped")
	}
	defer unmap()
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	md := rdr.MetaData()
	col := md.Schema.ColumnIndexByName("s")
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	err = guard(func() error {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		_, err := readLeaf(f, mapped, md, col, upTo(md.NumRowGroups()), mem, nil)
		return err
	})
	var p *PanicError
	if !errors.As(err, &p) {
		t.Fatalf("reading a truncated mapping: %v, want the fault as a *PanicError", err)
	}
	if n := mem.CurrentAlloc(); n != 0 {
		t.Errorf("%d bytes of the leaf's buffers still held after its panic", n)
	}
}
