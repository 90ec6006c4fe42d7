package flightsql

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// toFrame makes a Frame over rec's buffers (structured.FromRecordBatch:
// no copy; the Frame holds its own references, so rec may be released at
// once), checking rec's layout first and the offsets after unless
// validate is false (see WithValidate).
func toFrame(rec arrow.RecordBatch, validate bool) (*frame.Frame, error) {
	if validate {
		if err := checkRecord(rec); err != nil {
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

// checkRecord checks what the conversion relies on, in time independent
// of the row count (as io/ipc does): each column as long as the batch and
// each array's buffers as long as its length needs. arrow-go's checks can
// panic on the very layouts they should report: the panic is the error.
func checkRecord(rec arrow.RecordBatch) (err error) {
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

// emptyFrame is the Frame of no rows of schema: a result without
// batches still has its columns.
func emptyFrame(schema *arrow.Schema) (f *frame.Frame, err error) {
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
	return toFrame(rec, false)
}
