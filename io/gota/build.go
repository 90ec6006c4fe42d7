package gota

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// buildArray appends vals to b, null where valid is false (valid nil: no
// null), releases b and returns the array it built.
func buildArray[T any](b interface {
	array.Builder
	AppendValues([]T, []bool)
}, vals []T, valid []bool) arrow.Array {
	defer b.Release()
	b.AppendValues(vals, valid)
	return b.NewArray()
}

// frameOf makes a Frame of rows rows under a range index with exactly the
// given columns (shared, not copied). A column named as the index's field
// is refused, as every frame method refuses it: FromTensor would take it
// for the index.
func frameOf(op string, rows int, fields []structured.FieldValue) (*frame.Frame, error) {
	for _, fv := range fields {
		if fv.Name == index.Field {
			return nil, errorf(op, frame.ErrArgument, "the column name %q is the index's field in a tensor; use SetIndex, or another name", index.Field)
		}
	}
	t, err := structured.FromFieldsShape(fields, structured.Shape{rows})
	if err != nil {
		return nil, wrap(op, err)
	}
	f := frame.FromTensor(t)
	if err := f.Err(); err != nil {
		return nil, wrap(op, err)
	}
	return f, nil
}
