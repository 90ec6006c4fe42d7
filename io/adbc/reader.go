package adbc

import (
	"context"
	"fmt"
	"iter"

	"github.com/apache/arrow-adbc/go/adbc"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/internal/sqlresult"
	"github.com/structframe/structframe/structured"
)

// Reader reads a query's result record batch by record batch from the
// driver's array.RecordReader, each batch a Frame over the batch's
// buffers (no copy), checked as io/ipc checks a file's batches (buffers
// long enough, offsets in order, dictionary indices in range) so that a
// broken driver or server is an error, not a panic:
//
//	r, err := adbc.QueryReader(ctx, conn, "SELECT * FROM events")
//	...
//	defer r.Close()
//	for r.Next() {
//		f := r.Frame() // the next record batch
//	}
//	if err := r.Err(); err != nil { ... }
//
// How the driver fetches (ADBC's Flight SQL driver fetches every endpoint
// of a result at once, a few batches ahead each) and how much it holds is
// the driver's. Empty batches are skipped. A Frame stays valid after the
// next batch and after Close. A Reader is not safe for concurrent use.
type Reader struct {
	ctx  context.Context
	rr   array.RecordReader
	stmt adbc.Statement // the statement QueryReader made, closed with the Reader

	rec    arrow.RecordBatch
	f      *frame.Frame
	err    error
	n      int // batches read from the driver
	spec   *structured.Spec
	done   bool
	closed bool
}

// Next reads the next record batch, reporting false at the end of the
// result or on an error ([Reader.Err] tells which).
func (r *Reader) Next() bool {
	if r.closed || r.done {
		return false
	}
	r.drop()
	for r.rr.Next() {
		rec := r.rr.RecordBatch()
		r.n++
		if rec.NumRows() == 0 {
			continue
		}
		f, err := sqlresult.ToFrame(rec, true)
		if err != nil {
			r.err = &Error{Op: "fetch", Err: fmt.Errorf("record batch %d: %w", r.n-1, err)}
			r.done = true
			return false
		}
		rec.Retain()
		r.rec, r.f = rec, f
		return true
	}
	r.done = true
	if err := r.rr.Err(); err != nil {
		r.err = wrap(r.ctx, "fetch", err)
	} else if err := r.ctx.Err(); err != nil {
		// The driver may end a cancelled result as if it were whole.
		r.err = &Error{Op: "fetch", Err: err}
	}
	return false
}

// drop lets go of the current batch.
func (r *Reader) drop() {
	if r.rec != nil {
		r.rec.Release()
	}
	r.rec, r.f = nil, nil
}

// Frame is the batch the last successful [Reader.Next] read.
func (r *Reader) Frame() *frame.Frame { return r.f }

// Err is the error that ended the batches, nil at the end of the result:
// an [*Error] whose cause is the driver's error (an adbc.Error), the
// context's error, or the batch that could not be read.
func (r *Reader) Err() error { return r.err }

// ArrowSchema is the Arrow schema of the result, as the driver gives it.
func (r *Reader) ArrowSchema() *arrow.Schema {
	if r.closed {
		return nil
	}
	return r.rr.Schema()
}

// Schema is the Spec of the Frames [Reader.Next] reads, as every io
// Reader's Schema gives it: the columns over no rows, "0 * {...}"; nil if
// the schema is not one a Frame holds.
func (r *Reader) Schema() *structured.Spec {
	if r.spec == nil {
		if f, err := sqlresult.EmptyFrame(r.ArrowSchema()); err == nil {
			r.spec = f.Schema()
		}
	}
	return r.spec
}

// Close stops reading: the driver's reader is released (which, since
// ADBC 1.1, cancels what is left of the result) and the statement the
// query made is closed, whose error Close returns. Frames read stay
// valid.
func (r *Reader) Close() error {
	if r.closed {
		return nil
	}
	r.closed, r.done = true, true
	r.drop()
	r.rr.Release()
	if r.stmt != nil {
		if err := r.stmt.Close(); err != nil {
			return &Error{Op: "close", Err: err}
		}
	}
	return nil
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }

// collect reads r to the end into one Frame and closes it: the batches
// joined by frame.Concat (which shares their buffers), or the schema's
// columns over no rows when there is none; an error of the joining is a
// fetch error (sqlresult.Collect).
func collect(r *Reader) (*frame.Frame, error) {
	return sqlresult.Collect(r, func(err error) error { return &Error{Op: "fetch", Err: err} })
}
