// Package sqlresult turns the record batches of a SQL result, as
// io/flightsql receives them from a Flight SQL server and io/adbc from an
// ADBC driver, into Frames: each batch a Frame over its own buffers,
// checked first so that a broken server or driver is an error, not a
// panic; a result of no batches the Frame of its schema's columns; a
// whole result one Frame. The two packages read results alike over
// different transports; the conversion lives here, once, so that neither
// links the other's driver: sqlresult links arrow-go's arrow, array and
// memory packages and structframe's frame and structured, never gRPC,
// Flight or ADBC (internal/layers checks it).
package sqlresult

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/structured"
)

// ToFrame makes a Frame over rec's buffers (structured.FromRecordBatch:
// no copy; the Frame holds its own references, so rec may be released at
// once). With validate, rec's layout is checked first ([CheckRecord]) and
// the offsets and dictionary indices after (Tensor.Validate), so that a
// batch that would panic where a column is read is an error here;
// without, the batch is trusted (a package's WithValidate(false)).
func ToFrame(rec arrow.RecordBatch, validate bool) (*frame.Frame, error) {
	if validate {
		if err := batch.CheckRecord(rec); err != nil {
			return nil, err
		}
	}
	t, err := structured.FromRecordBatch(rec)
	if err != nil {
		return nil, err
	}
	if validate {
		if err := t.Validate(); err != nil {
			return nil, err
		}
	}
	f := frame.FromTensor(t)
	return f, f.Err()
}

// EmptyFrame is the Frame of no rows of schema, so that a result without
// batches still has its columns (a nil schema: no columns). A schema a
// Frame cannot hold is an error, as is one arrow-go's builders panic on.
func EmptyFrame(schema *arrow.Schema) (f *frame.Frame, err error) {
	if schema == nil {
		return frame.FromColumns(nil), nil
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("schema %v: %v", schema, p)
		}
	}()
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	rec := b.NewRecordBatch()
	defer rec.Release()
	return ToFrame(rec, false)
}

// Reader is a package's batch Reader of a result, as [Collect] reads it:
// the batches ([batch.Source]), the result's Arrow schema (for a result
// of no batches) and Close, which gives back what the query holds.
type Reader interface {
	batch.Source
	ArrowSchema() *arrow.Schema
	Close() error
}

// Collect reads r to the end into one Frame and closes it: the batches
// joined by frame.Concat (which shares their buffers), or the schema's
// columns over no rows when there is none. The errors of r (Err's and
// Close's) are returned as they are, already the package's own; an error
// of the conversion (a schema a Frame cannot hold, batches that do not
// concatenate) is passed through wrap, which makes it one. A Close that
// fails fails the call, whether or not the result had rows.
func Collect(r Reader, wrap func(error) error) (*frame.Frame, error) {
	defer r.Close()
	var fs []*frame.Frame
	for r.Next() {
		fs = append(fs, r.Frame())
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	var f *frame.Frame
	if len(fs) == 0 {
		var err error
		if f, err = EmptyFrame(r.ArrowSchema()); err != nil {
			return nil, wrap(err)
		}
	} else if f = frame.Concat(fs...); f.Err() != nil {
		return nil, wrap(f.Err())
	}
	if err := r.Close(); err != nil {
		return nil, err
	}
	return f, nil
}
