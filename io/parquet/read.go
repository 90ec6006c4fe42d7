package parquet

import (
	"context"
	"io"
	"os"
	"runtime"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// ReadFile reads the Parquet file at path into a Frame (see [Read]).
func ReadFile(path string, opts ...Option) (*frame.Frame, error) {
	t, err := readTensorFile(path, opts)
	if err != nil {
		return nil, err
	}
	return toFrame(t, "Read", path)
}

// Read reads the Parquet data of size bytes in r (an *os.File, a
// bytes.Reader, an io.SectionReader) into a Frame, every column decoded in
// parallel, the column "_index_" becoming the index. Options: [WithColumns],
// [WithSerial], [WithAllocator].
func Read(r io.ReaderAt, size int64, opts ...Option) (*frame.Frame, error) {
	t, err := ReadTensor(r, size, opts...)
	if err != nil {
		return nil, err
	}
	return toFrame(t, "Read", "")
}

// ReadTensor reads the Parquet data of size bytes in r into a rank-1
// Tensor, one field per column (the index, if any, stays the field
// "_index_"). Options as for [Read].
func ReadTensor(r io.ReaderAt, size int64, opts ...Option) (*structured.Tensor, error) {
	c := makeConfig(opts)
	t, err := readAll(io.NewSectionReader(r, 0, size), c)
	return t, wrapErr("Read", "", -1, "", err)
}

func readTensorFile(path string, opts []Option) (*structured.Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := readAll(f, makeConfig(opts))
	return t, wrapErr("Read", path, -1, "", err)
}

func toFrame(t *structured.Tensor, op, path string) (*frame.Frame, error) {
	f := frame.FromTensor(t)
	if err := f.Err(); err != nil {
		return nil, wrapErr(op, path, -1, "", err)
	}
	return f, nil
}

// open opens the Parquet footer of src and the Arrow reader over it, with
// the leaf columns the options project to (nil for all).
func open(src pq.ReaderAtSeeker, c config, parallel bool) (fr *pqarrow.FileReader, leaves []int, err error) {
	err = guard(func() error {
		rdr, err := file.NewParquetReader(src, file.WithReadProps(pq.NewReaderProperties(c.mem)))
		if err != nil {
			return err
		}
		fr, err = pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{Parallel: parallel, BatchSize: 1 << 16}, c.mem)
		if err != nil {
			return err
		}
		leaves, err = leafColumns(fr.Manifest, c.columns)
		return err
	})
	return fr, leaves, err
}

// readAll reads every row group of src into one Tensor.
func readAll(src pq.ReaderAtSeeker, c config) (*structured.Tensor, error) {
	fr, leaves, err := open(src, c, !c.serial && runtime.GOMAXPROCS(0) > 1)
	if err != nil {
		return nil, err
	}
	if leaves == nil {
		leaves = allLeaves(fr)
	}
	return readGroups(fr, leaves, nil, c.mem)
}

func allLeaves(fr *pqarrow.FileReader) []int {
	n := fr.ParquetReader().MetaData().Schema.NumColumns()
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// readGroups reads the given leaves of the given row groups (nil: all)
// into one Tensor, sharing the decoded Arrow buffers.
func readGroups(fr *pqarrow.FileReader, leaves, groups []int, mem memory.Allocator) (t *structured.Tensor, err error) {
	var tbl arrow.Table
	err = guard(func() error {
		if groups == nil {
			groups = make([]int, fr.ParquetReader().NumRowGroups())
			for i := range groups {
				groups[i] = i
			}
		}
		var err error
		tbl, err = fr.ReadRowGroups(context.Background(), leaves, groups)
		return err
	})
	if err != nil {
		return nil, err
	}
	defer tbl.Release()
	return tableTensor(tbl, mem)
}

// tableTensor turns a table into a Tensor: a column of one chunk is
// shared as it is, one of several chunks is concatenated (a copy).
func tableTensor(tbl arrow.Table, mem memory.Allocator) (*structured.Tensor, error) {
	n := int(tbl.NumCols())
	cols := make([]arrow.Array, n)
	defer func() {
		for _, a := range cols {
			if a != nil {
				a.Release()
			}
		}
	}()
	for i := range n {
		chunks := tbl.Column(i).Data().Chunks()
		switch len(chunks) {
		case 0:
			b := array.NewBuilder(mem, tbl.Column(i).DataType())
			cols[i] = b.NewArray()
			b.Release()
		case 1:
			chunks[0].Retain()
			cols[i] = chunks[0]
		default:
			a, err := array.Concatenate(chunks, mem)
			if err != nil {
				return nil, &Error{Op: "Read", RowGroup: -1, Column: tbl.Schema().Field(i).Name, Err: err}
			}
			cols[i] = a
		}
	}
	rec := array.NewRecordBatch(tbl.Schema(), cols, tbl.NumRows())
	defer rec.Release()
	return structured.FromRecordBatch(rec)
}
