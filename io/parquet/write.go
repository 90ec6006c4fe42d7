package parquet

import (
	"bufio"
	"errors"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/arrowspec"
	"github.com/structframe/structframe/structured"
)

// Write writes the Frame to w as one Parquet file: its columns, and its
// index as the column "_index_" unless it is a range index (see
// frame.Frame.Tensor). Options: [WithCompression], [WithCompressionLevel],
// [WithRowGroupRows], [WithAllocator].
func Write(w io.Writer, f *frame.Frame, opts ...Option) error {
	t, err := f.Tensor()
	if err != nil {
		return wrapErr("Write", "", -1, "", err)
	}
	return WriteTensor(w, t, opts...)
}

// WriteFile writes the Frame to the file at path (see [Write]), creating
// or truncating it; on an error the partial file is removed.
func WriteFile(path string, f *frame.Frame, opts ...Option) error {
	t, err := f.Tensor()
	if err != nil {
		return wrapErr("Write", path, -1, "", err)
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(out, 1<<20)
	err = writeTensor(bw, t, makeConfig(opts))
	if err == nil {
		err = bw.Flush()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return wrapErr("Write", path, -1, "", err)
	}
	return nil
}

// WriteTensor writes a rank-1 Tensor to w as one Parquet file, one column
// per field, without copying its buffers into Arrow form (see
// structured.Tensor.ToRecordBatch). The Arrow schema is stored in the file's
// metadata ("ARROW:schema"), as pyarrow does. Options as for [Write].
func WriteTensor(w io.Writer, t *structured.Tensor, opts ...Option) error {
	return wrapErr("Write", "", -1, "", writeTensor(w, t, makeConfig(opts)))
}

func writeTensor(w io.Writer, t *structured.Tensor, c config) error {
	if t == nil {
		return errors.New("nil Tensor")
	}
	rec, err := t.ToRecordBatch()
	if err != nil {
		return err
	}
	defer rec.Release()
	for _, f := range rec.Schema().Fields() {
		if p := durationPath(f.Type, f.Name); p != "" {
			return &Error{Op: "Write", RowGroup: -1, Column: p, Err: errors.New("a duration: Parquet has no duration type and pqarrow cannot write one (pyarrow's and Polars' INT64 form is read): cast the column to int64")}
		}
	}
	if c.mem == nil {
		c.mem = memory.DefaultAllocator
	}
	props := []pq.WriterProperty{
		pq.WithAllocator(c.mem),
		pq.WithCompression(c.compression.codec()),
		pq.WithMaxRowGroupLength(c.groupRows),
		pq.WithCreatedBy("structframe"),
	}
	if c.level != 0 {
		props = append(props, pq.WithCompressionLevel(c.level))
	}
	schema := rec.Schema()
	if note := arrowspec.Note(t); note != "" {
		md := arrow.MetadataFrom(map[string]string{arrowspec.Key: note})
		schema = arrow.NewSchema(schema.Fields(), &md)
		rec = array.NewRecordBatch(schema, rec.Columns(), rec.NumRows())
		defer rec.Release()
	}
	fw, err := pqarrow.NewFileWriter(schema, w, pq.NewWriterProperties(props...),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(c.mem)))
	if err != nil {
		return err
	}
	if err := fw.Write(rec); err != nil {
		fw.Close()
		return err
	}
	return fw.Close()
}

// durationPath returns the dotted path of the first duration in t (named
// path), or "".
func durationPath(t arrow.DataType, path string) string {
	switch t := t.(type) {
	case *arrow.DurationType:
		return path
	case *arrow.StructType:
		for _, f := range t.Fields() {
			if p := durationPath(f.Type, path+"."+f.Name); p != "" {
				return p
			}
		}
	case arrow.NestedType:
		for _, f := range t.Fields() {
			if p := durationPath(f.Type, path); p != "" {
				return p
			}
		}
	}
	return ""
}
