package ipc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"

	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	aipc "github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/arrowspec"
	"github.com/structframe/structframe/structured"
)

// Write writes the rows of f to w as Arrow IPC: the file format unless
// [WithFormat]([Stream]), compressed by [WithCompression], in one record
// batch per chunk of rows (one for a Frame built in memory; a Frame read
// from several record batches, or joined by frame.Concat, keeps its
// chunks) cut by [WithBatchSize]. Columns are converted without copying
// (structured.Tensor.ToRecordBatch); a label index or MultiIndex is the
// column "_index_", so reading the output back gives the Frame, index
// included.
func Write(w io.Writer, f *frame.Frame, opts ...Option) error {
	wr := NewWriter(w, opts...)
	if err := wr.Write(f); err != nil {
		_ = wr.Close()
		return err
	}
	return wr.Close()
}

// WriteTensor writes the rows of a rank-1 Tensor as [Write] writes a
// Frame's.
func WriteTensor(w io.Writer, t *structured.Tensor, opts ...Option) error {
	wr := NewWriter(w, opts...)
	if err := wr.WriteTensor(t); err != nil {
		_ = wr.Close()
		return err
	}
	return wr.Close()
}

// WriteFile writes f to the file at path as [Write] does, creating or
// truncating it. On error the file is removed, so that no partial file is
// left looking complete.
func WriteFile(path string, f *frame.Frame, opts ...Option) error {
	return store.WriteFile(context.Background(), path, func(w io.Writer) error {
		return Write(w, f, opts...)
	})
}

// Writer writes Frames one after another as the record batches of one IPC
// file or stream; the schema is that of the first Frame and every later
// one must have it. Close writes the file's footer (or the stream's end
// marker); it does not close the io.Writer.
type Writer struct {
	cfg config
	out io.Writer
	w   interface {
		Write(arrow.RecordBatch) error
		Close() error
	}
	schema *arrow.Schema
	note   string // the Spec stored under arrowspec.Key, if Arrow cannot say it all
	rows   int
	err    error
	closed bool
}

// NewWriter returns a Writer to w; options as for [Write].
func NewWriter(w io.Writer, opts ...Option) *Writer {
	return &Writer{cfg: makeConfig(opts), out: w}
}

// Write appends the rows of f, the index as the column "_index_".
func (w *Writer) Write(f *frame.Frame) error {
	if err := f.Err(); err != nil {
		return err
	}
	t, err := f.Tensor()
	if err != nil {
		return err
	}
	return w.WriteTensor(t)
}

// WriteTensor appends the rows of a rank-1 Tensor: one record batch per
// chunk of its rows (structured.Tensor.ToRecordBatches: every chunk is
// converted before any is written, so an error writes nothing), so that
// a Tensor read from several batches, or joined from several inputs, is
// written as those batches without joining its fields; [WithBatchSize]
// cuts them further.
func (w *Writer) WriteTensor(t *structured.Tensor) error {
	if w.closed {
		return errors.New("ipc: Writer is closed")
	}
	if w.err != nil {
		return w.err
	}
	recs, err := t.ToRecordBatches()
	if err != nil {
		return err
	}
	defer func() {
		for _, rec := range recs {
			rec.Release()
		}
	}()
	if w.w == nil {
		w.note = arrowspec.Note(t)
	}
	for _, rec := range recs {
		if w.err = w.writeRecord(rec); w.err != nil {
			return w.err
		}
	}
	return nil
}

func (w *Writer) writeRecord(rec arrow.RecordBatch) error {
	schema := rec.Schema()
	if len(w.cfg.metadata) > 0 || w.note != "" {
		kv := maps.Clone(w.cfg.metadata)
		if w.note != "" {
			if kv == nil {
				kv = map[string]string{}
			}
			kv[arrowspec.Key] = w.note
		}
		md := arrow.MetadataFrom(kv)
		schema = arrow.NewSchema(schema.Fields(), &md)
	}
	if w.w == nil {
		opts := []aipc.Option{aipc.WithSchema(schema), aipc.WithAllocator(w.cfg.mem)}
		switch w.cfg.compression {
		case LZ4:
			opts = append(opts, aipc.WithLZ4())
		case Zstd:
			opts = append(opts, aipc.WithZstd())
		}
		switch w.cfg.format {
		case Auto, File:
			fw, err := aipc.NewFileWriter(w.out, opts...)
			if err != nil {
				return fmt.Errorf("ipc: %w", err)
			}
			w.w = fw
		case Stream:
			w.w = aipc.NewWriter(w.out, opts...)
		default:
			return fmt.Errorf("ipc: unknown format %d", w.cfg.format)
		}
		w.schema = schema
	} else if !w.schema.Equal(schema) {
		return fmt.Errorf("ipc: rows %d on: schema %v differs from the first batch's %v", w.rows, schema, w.schema)
	}
	if !rec.Schema().Equal(schema) {
		rec = withSchema(rec, schema)
		defer rec.Release()
	}
	n := int(rec.NumRows())
	step := w.cfg.batchRows
	if step <= 0 || step >= n {
		step = max(n, 1)
	}
	for at := 0; at < n || at == 0; at += step {
		part := rec
		if step < n {
			part = rec.NewSlice(int64(at), int64(min(at+step, n)))
		}
		err := w.w.Write(part)
		if part != rec {
			part.Release()
		}
		if err != nil {
			return fmt.Errorf("ipc: writing rows %d to %d: %w", w.rows+at, w.rows+min(at+step, n), err)
		}
		if n == 0 {
			break
		}
	}
	w.rows += n
	return nil
}

// Close ends the output: the footer of the file format, the end-of-stream
// marker of the stream format. A Writer to which nothing was written
// writes nothing.
func (w *Writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	if w.w == nil {
		return w.err
	}
	if err := w.w.Close(); err != nil && w.err == nil {
		w.err = fmt.Errorf("ipc: %w", err)
	}
	return w.err
}

// withSchema is rec under schema (the same fields, other metadata).
func withSchema(rec arrow.RecordBatch, schema *arrow.Schema) arrow.RecordBatch {
	return array.NewRecordBatch(schema, rec.Columns(), rec.NumRows())
}
