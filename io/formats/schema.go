package formats

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// emptyFrame is a Frame without rows of the Arrow schema s.
func emptyFrame(s *arrow.Schema) (*frame.Frame, error) {
	cols := make([]arrow.Array, s.NumFields())
	for i, fl := range s.Fields() {
		cols[i] = array.MakeArrayOfNull(memory.DefaultAllocator, fl.Type, 0)
	}
	rec := array.NewRecordBatch(s, cols, 0)
	f := frame.FromRecordBatch(rec)
	return f, f.Err()
}

// firstHead is the schema of a Reader's first batch, as a frame without
// rows; an input without batches has no columns.
func firstHead(r Reader) (*frame.Frame, error) {
	if r.Next() {
		return r.Frame().Head(0), nil
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return frame.FromColumns(nil), nil
}
