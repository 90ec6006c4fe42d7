package csv

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/structframe/structframe/frame"
)

// Writer writes Frames one after another as the records of one CSV
// output, so that an output larger than memory is written batch by batch
// (the batches of a [Reader], say): the header before the first Frame's
// rows, then every Frame's rows as [Write] writes them.
//
//	w := csv.NewWriter(out, csv.WithNested(csv.NestedJSON))
//	for r.Next() {
//		if err := w.Write(r.Frame()); err != nil { ... }
//	}
//	if err := w.Close(); err != nil { ... }
//
// The columns are those of the first Frame (once its index is reset and
// its structures flattened, as the options say); a later Frame with other
// columns, or the same in another order, is an error naming the rows it
// would have started at, as a CSV file has one header. A Writer is not
// safe for use by several goroutines at once. After an error every call
// returns that error.
type Writer struct {
	out     io.Writer
	opts    []Option
	cfg     config
	columns []string // the first Frame's columns; nil before it
	rows    int
	err     error
	closed  bool
}

// NewWriter returns a Writer to w; options as for [Write]. Nothing is
// written before the first Write.
func NewWriter(w io.Writer, opts ...Option) *Writer {
	return &Writer{out: w, opts: opts, cfg: makeConfig(opts)}
}

// Write appends the rows of f; the first call writes the header too
// (unless WithHeader(false)). Each call writes through to the io.Writer:
// nothing is left buffered between calls.
func (w *Writer) Write(f *frame.Frame) error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return errors.New("csv: Write: Writer is closed")
	}
	if f == nil {
		w.err = errors.New("csv: Write: nil frame")
		return w.err
	}
	if err := f.Err(); err != nil {
		w.err = err
		return err
	}
	cols, err := w.columnsOf(f)
	if err != nil {
		w.err = err
		return err
	}
	opts := w.opts
	if w.columns == nil {
		w.columns = cols
	} else {
		if !slices.Equal(cols, w.columns) {
			w.err = fmt.Errorf("csv: Write: rows %d on: columns %q differ from the first frame's %q", w.rows, cols, w.columns)
			return w.err
		}
		opts = append(slices.Clip(opts), WithHeader(false), withStarted())
	}
	if err := Write(w.out, f, opts...); err != nil {
		w.err = err
		return err
	}
	w.rows += f.NumRows()
	return nil
}

// columnsOf is the header [Write] writes for f under the Writer's options.
func (w *Writer) columnsOf(f *frame.Frame) ([]string, error) {
	f, err := w.cfg.indexColumns(f)
	if err != nil {
		return nil, err
	}
	if w.cfg.nested == NestedFlatten {
		f = f.Flatten()
	}
	return f.Columns(), nil
}

// Close ends the output. CSV has no trailer: it only makes later calls
// fail, and returns the first error if there was one. It does not close
// the io.Writer.
func (w *Writer) Close() error {
	w.closed = true
	return w.err
}
