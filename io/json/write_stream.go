package json

import (
	"errors"
	"fmt"
	"io"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// Writer writes rows batch by batch, for output larger than memory: each
// [Writer.Write] appends the rows of one Frame, and [Writer.Close] ends
// the output (the "]" of an [Array]). The batches need not share a schema:
// each is compiled on its own, and JSON rows carry their own keys.
//
// A Writer is not safe for use by several goroutines at once. After an
// error every call returns that error.
type Writer struct {
	e      *rowEncoder
	cfg    config
	closed bool
}

// NewWriter returns a Writer of rows to w. [WithFormat] chooses [NDJSON]
// or [Array] ([Auto] is Array; [Document] makes every call fail, a stream
// being rows); the other writing options apply to every batch. Nothing is
// written before the first Write or Close.
func NewWriter(w io.Writer, opts ...Option) *Writer {
	cfg := makeConfig(opts)
	wr := &Writer{cfg: cfg}
	format, err := rowsFormat(cfg.format, "")
	if err == nil && format == Document {
		err = errors.New("json: write: a Writer writes rows: use Array or NDJSON, not Document")
	}
	wr.e = newRowEncoder(w, format, &wr.cfg.write)
	wr.e.err = err
	return wr
}

// Write appends the rows of f, with its index as [Write] writes it. Rows
// in a [WriteError] count from f's first row.
func (w *Writer) Write(f *frame.Frame) error {
	if err := w.usable(); err != nil {
		return err
	}
	t, err := frameTensor(f, &w.cfg.write)
	if err != nil {
		w.e.err = err
		return err
	}
	return w.e.rows(t)
}

// WriteTensor appends the rows of t: its one object for rank 0, its rows
// for rank 1, rows of nested lists for rank r > 1 (see [WriteTensor]).
func (w *Writer) WriteTensor(t *structured.Tensor) error {
	if err := w.usable(); err != nil {
		return err
	}
	if t == nil {
		w.e.err = errors.New("json: write: nil Tensor")
		return w.e.err
	}
	return w.e.writeChunks(t)
}

// usable reports the error that stops a call: an earlier one, or Close.
func (w *Writer) usable() error {
	if w.e.err != nil {
		return w.e.err
	}
	if w.closed {
		return fmt.Errorf("json: write: Writer is closed")
	}
	return nil
}

// Close ends the output (for an [Array], its "]": "[]" if no row was
// written) and writes what is buffered. It does not close the underlying
// io.Writer. Closing again does nothing and returns the first result.
func (w *Writer) Close() error {
	if w.closed {
		return w.e.err
	}
	w.closed = true
	return w.e.close()
}
