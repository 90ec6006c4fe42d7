package parquet

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/structframe/structframe/internal/store"

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
	err = store.WriteFile(context.Background(), path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		if err := writeTensor(bw, t, makeConfig(opts)); err != nil {
			return err
		}
		return bw.Flush()
	})
	if err != nil {
		return wrapErr("Write", store.Redact(path), -1, "", err)
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
	props := c.writerProps()
	outs, storeSchema, err := parquetChunks(t, arrowspec.Note(t), c.mem)
	if err != nil {
		return err
	}
	defer func() {
		for _, out := range outs {
			out.Release()
		}
	}()
	arrowProps := []pqarrow.WriterOption{pqarrow.WithAllocator(c.mem)}
	if storeSchema {
		arrowProps = append(arrowProps, pqarrow.WithStoreSchema())
	}
	fw, err := pqarrow.NewFileWriter(outs[0].Schema(), w, pq.NewWriterProperties(props...),
		pqarrow.NewArrowWriterProperties(arrowProps...))
	if err != nil {
		return err
	}
	// WriteBuffered fills each row group to the row-group size across
	// chunks, as one record batch would.
	for _, out := range outs {
		if len(outs) == 1 {
			err = fw.Write(out)
		} else {
			err = fw.WriteBuffered(out)
		}
		if err != nil {
			return closeOnError(fw, err)
		}
	}
	return fw.Close()
}

// parquetChunks returns the record batches pqarrow writes for t, one per
// chunk of its rows (structured.Tensor.ToRecordBatches, which converts
// every chunk before any is written and says its errors of t), and
// whether pqarrow is to store the Arrow schema (see parquetRecord).
// Chunks whose batches differ in schema once made ready for pqarrow (a
// view column copied to string in one, large_string in another) give t's
// one batch instead. The caller releases the batches.
func parquetChunks(t *structured.Tensor, note string, mem memory.Allocator) ([]arrow.RecordBatch, bool, error) {
	recs, err := t.ToRecordBatches()
	if err != nil {
		return nil, false, err
	}
	outs := make([]arrow.RecordBatch, 0, len(recs))
	release := func(bs []arrow.RecordBatch) {
		for _, b := range bs {
			b.Release()
		}
	}
	defer release(recs)
	store := false
	for k, rec := range recs {
		out, st, err := parquetRecord(rec, note, mem)
		if err != nil {
			release(outs)
			return nil, false, err
		}
		if k == 0 {
			store = st
		}
		outs = append(outs, out)
	}
	for _, out := range outs[1:] {
		if !out.Schema().Equal(outs[0].Schema()) {
			release(outs)
			whole, err := t.ToRecordBatch()
			if err != nil {
				return nil, false, err
			}
			defer whole.Release()
			out, st, err := parquetRecord(whole, note, mem)
			if err != nil {
				return nil, false, err
			}
			return []arrow.RecordBatch{out}, st, nil
		}
	}
	return outs, store, nil
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
