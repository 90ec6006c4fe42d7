package parquet

import (
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/arrowspec"
	"github.com/structframe/structframe/structured"
)

// Writer writes Frames one after another as the rows of one Parquet file,
// so that an output larger than memory is written batch by batch (the
// batches of a [Reader] of another format, say): memory holds the batch
// and the row group being filled, not the file.
//
//	w := parquet.NewWriter(out)
//	for r.Next() {
//		if err := w.Write(r.Frame()); err != nil { ... }
//	}
//	if err := w.Close(); err != nil { ... }
//
// The file's schema is that of the first Frame. A later Frame whose Arrow
// schema differs (other list offsets, a Null-typed column where the first
// had a type, nulls the first did not hold) is converted to the first
// one's (structured.Tensor.ToRecordBatchAs); one that cannot be (another
// type, other columns) is an error naming its rows. Row groups are filled
// to [WithRowGroupRows] across Frames, as [Write] fills them across the
// chunks of one Frame.
//
// A Writer is not safe for use by several goroutines at once. After an
// error every call returns that error, and the output is not a Parquet
// file.
type Writer struct {
	cfg    config
	out    io.Writer
	fw     *pqarrow.FileWriter
	base   *arrow.Schema // the first Frame's Arrow schema, as ToRecordBatch gives it
	schema *arrow.Schema // the schema pqarrow writes (views copied, durations stored)
	note   string        // the first Frame's Spec note (arrowspec), if Arrow cannot say it all
	rows   int64
	err    error
	closed bool
}

// NewWriter returns a Writer to w. Options as for [Write]:
// [WithCompression], [WithCompressionLevel], [WithRowGroupRows],
// [WithAllocator]. Nothing is written before the first Write or Close.
func NewWriter(w io.Writer, opts ...Option) *Writer {
	c := makeConfig(opts)
	if c.mem == nil {
		c.mem = memory.DefaultAllocator
	}
	return &Writer{cfg: c, out: w}
}

// Write appends the rows of f, its index as the column "_index_" unless
// it is a range index (see [Write]).
func (w *Writer) Write(f *frame.Frame) error {
	if err := w.usable(); err != nil {
		return err
	}
	if f == nil {
		w.err = wrapErr("Write", "", -1, "", errors.New("nil Frame"))
		return w.err
	}
	t, err := f.Tensor()
	if err != nil {
		w.err = wrapErr("Write", "", -1, "", err)
		return w.err
	}
	return w.WriteTensor(t)
}

// WriteTensor appends the rows of a rank-1 Tensor (see [WriteTensor]).
func (w *Writer) WriteTensor(t *structured.Tensor) error {
	if err := w.usable(); err != nil {
		return err
	}
	if t == nil {
		w.err = wrapErr("Write", "", -1, "", errors.New("nil Tensor"))
		return w.err
	}
	if err := w.write(t); err != nil {
		w.err = wrapErr("Write", "", -1, "", err)
		if w.fw != nil {
			w.fw.Close()
		}
		return w.err
	}
	return nil
}

func (w *Writer) write(t *structured.Tensor) error {
	if w.fw == nil {
		if err := w.start(t); err != nil {
			return err
		}
	}
	outs, err := w.records(t)
	if err != nil {
		return err
	}
	defer func() {
		for _, out := range outs {
			out.Release()
		}
	}()
	for _, out := range outs {
		if err := w.fw.WriteBuffered(out); err != nil {
			return fmt.Errorf("rows %d to %d: %w", w.rows, w.rows+out.NumRows(), err)
		}
		w.rows += out.NumRows()
	}
	return nil
}

// start makes the pqarrow writer for the schema of t, the first Tensor.
func (w *Writer) start(t *structured.Tensor) error {
	base, err := t.ArrowSchema()
	if err != nil {
		return err
	}
	w.note = arrowspec.Note(t)
	outs, store, err := parquetChunks(t, w.note, w.cfg.mem)
	if err != nil {
		return err
	}
	schema := outs[0].Schema()
	for _, out := range outs {
		out.Release()
	}
	props := w.cfg.writerProps()
	arrowProps := []pqarrow.WriterOption{pqarrow.WithAllocator(w.cfg.mem)}
	if store {
		arrowProps = append(arrowProps, pqarrow.WithStoreSchema())
	}
	fw, err := pqarrow.NewFileWriter(schema, w.out, pq.NewWriterProperties(props...),
		pqarrow.NewArrowWriterProperties(arrowProps...))
	if err != nil {
		return err
	}
	w.fw, w.base, w.schema = fw, base, schema
	return nil
}

// records returns the record batches of t in the file's schema: its
// chunks as [Write] makes them when they have it, else t converted to the
// first Tensor's Arrow schema. The caller releases them.
func (w *Writer) records(t *structured.Tensor) ([]arrow.RecordBatch, error) {
	outs, _, err := parquetChunks(t, w.note, w.cfg.mem)
	if err != nil {
		return nil, err
	}
	same := true
	for _, out := range outs {
		same = same && out.Schema().Equal(w.schema)
	}
	if same {
		return outs, nil
	}
	for _, out := range outs {
		out.Release()
	}
	rec, err := t.ToRecordBatchAs(w.base)
	if err != nil {
		return nil, fmt.Errorf("rows %d to %d do not fit the first batch's schema: %w", w.rows, w.rows+int64(t.NumRows()), err)
	}
	defer rec.Release()
	out, _, err := parquetRecord(rec, w.note, w.cfg.mem)
	if err != nil {
		return nil, err
	}
	if !out.Schema().Equal(w.schema) {
		defer out.Release()
		return nil, fmt.Errorf("rows %d to %d: schema %v differs from the first batch's %v", w.rows, w.rows+int64(t.NumRows()), out.Schema(), w.schema)
	}
	return []arrow.RecordBatch{out}, nil
}

// usable reports the error that stops a call: an earlier one, or Close.
func (w *Writer) usable() error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return wrapErr("Write", "", -1, "", errors.New("Writer is closed"))
	}
	return nil
}

// Close ends the file: the last row group and the footer. It does not
// close the io.Writer. A Writer to which nothing was written writes
// nothing (there is no schema to write). Closing again returns the first
// result.
func (w *Writer) Close() error {
	if w.closed {
		return w.err
	}
	w.closed = true
	if w.fw == nil || w.err != nil {
		return w.err
	}
	if err := w.fw.Close(); err != nil {
		w.err = wrapErr("Write", "", -1, "", err)
	}
	return w.err
}
