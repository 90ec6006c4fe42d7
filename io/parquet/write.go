package parquet

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

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
	note := arrowspec.Note(t)
	// A Tensor read from several record batches, or joined from several
	// inputs, is written chunk by chunk (structured.Tensor.RowChunks), its
	// fields never joined; WriteBuffered fills each row group to the
	// row-group size across chunks, as one record batch would.
	chunks := t.RowChunks()
	var fw *pqarrow.FileWriter
	for _, chunk := range chunks {
		rec, err := chunk.ToRecordBatch()
		if err != nil {
			return closeOnError(fw, err)
		}
		out, storeSchema, err := parquetRecord(rec, note, c.mem)
		rec.Release()
		if err != nil {
			return closeOnError(fw, err)
		}
		if fw == nil {
			arrowProps := []pqarrow.WriterOption{pqarrow.WithAllocator(c.mem)}
			if storeSchema {
				arrowProps = append(arrowProps, pqarrow.WithStoreSchema())
			}
			if fw, err = pqarrow.NewFileWriter(out.Schema(), w, pq.NewWriterProperties(props...),
				pqarrow.NewArrowWriterProperties(arrowProps...)); err != nil {
				out.Release()
				return err
			}
		}
		if len(chunks) == 1 {
			err = fw.Write(out)
		} else {
			err = fw.WriteBuffered(out)
		}
		out.Release()
		if err != nil {
			return closeOnError(fw, err)
		}
	}
	return fw.Close()
}

// closeOnError closes fw, if one was made, and returns err.
func closeOnError(fw *pqarrow.FileWriter, err error) error {
	if fw != nil {
		fw.Close()
	}
	return err
}

// parquetRecord returns the record batch pqarrow writes for rec (a new
// reference, rec's buffers shared where they can be), with the metadata
// key of our Spec's note when note is not empty, and whether pqarrow is to
// store the Arrow schema. pqarrow writes neither string or binary views
// nor durations: views are copied to the offsets layout (views.go), and a
// record with durations is given their INT64 storage, the Arrow schema
// that says duration stored here, under the key pqarrow's WithStoreSchema
// uses, as pyarrow writes it (the readers give the type back, see
// duration.go).
func parquetRecord(rec arrow.RecordBatch, note string, mem memory.Allocator) (arrow.RecordBatch, bool, error) {
	keys, vals := []string{}, []string{}
	if note != "" {
		keys, vals = append(keys, arrowspec.Key), append(vals, note)
	}
	fields := rec.Schema().Fields()
	cols := slices.Clone(rec.Columns())
	for i, col := range cols {
		if !hasView(col.DataType()) {
			continue
		}
		c, err := withoutViews(col, mem)
		if err != nil {
			return nil, false, fmt.Errorf("column %q: %w", fields[i].Name, err)
		}
		defer c.Release()
		cols[i], fields[i].Type = c, c.DataType()
	}
	if !slices.ContainsFunc(fields, func(f arrow.Field) bool { return hasDuration(f.Type) }) {
		md := arrow.NewMetadata(keys, vals)
		return array.NewRecordBatch(arrow.NewSchema(fields, &md), cols, rec.NumRows()), true, nil
	}
	stored, err := storedArrowSchema(arrow.NewSchema(fields, nil))
	if err != nil {
		return nil, false, err
	}
	keys, vals = append(keys, arrowSchemaKey), append(vals, stored)
	md := arrow.NewMetadata(keys, vals)
	for i, col := range cols {
		fields[i].Type = durationStorage(fields[i].Type)
		d := withType(col.Data(), fields[i].Type)
		cols[i] = array.MakeFromData(d)
		d.Release()
		defer cols[i].Release()
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, &md), cols, rec.NumRows()), false, nil
}
