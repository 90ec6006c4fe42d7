// Package batch holds what the batch Readers of the io packages share.
package batch

import (
	"fmt"
	"iter"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// Source is a batch Reader: Next reads the next batch, Frame is it, Err is
// the error that ended the batches (nil at the end of the input).
type Source interface {
	Next() bool
	Frame() *frame.Frame
	Err() error
}

// All returns the batches of s as an iterator: each batch with a nil
// error, then, if reading failed, the error once with a nil Frame.
func All(s Source) iter.Seq2[*frame.Frame, error] {
	return func(yield func(*frame.Frame, error) bool) {
		for s.Next() {
			if !yield(s.Frame(), nil) {
				return
			}
		}
		if err := s.Err(); err != nil {
			yield(nil, err)
		}
	}
}

// CheckRecord checks what the conversion of a record batch to a Tensor
// or Frame relies on, in time independent of the row count: each column
// as long as the batch, and each array's buffers as long as its length
// needs (structured.CheckArrowLayout, children and dictionaries
// included). Offsets and indices are left to Tensor.Validate, which
// checks them in full and names the field. The error names the column.
// arrow-go's checks can panic on the very layouts they should report: the
// panic is recovered and is the error. The readers of Arrow IPC and of
// Flight SQL and ADBC results call it on every batch they take in.
func CheckRecord(rec arrow.RecordBatch) (err error) {
	col := -1
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("column %q: malformed layout: %v", rec.ColumnName(col), p)
		}
	}()
	for i, a := range rec.Columns() {
		col = i
		if a.Len() < int(rec.NumRows()) {
			return fmt.Errorf("column %q: %d values, the batch has %d rows", rec.ColumnName(i), a.Len(), rec.NumRows())
		}
		if err := structured.CheckArrowLayout(a); err != nil {
			return fmt.Errorf("column %q: %w", rec.ColumnName(i), err)
		}
	}
	return nil
}
