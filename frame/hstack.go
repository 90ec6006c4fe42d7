package frame

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// HStack puts the columns of other frames beside f's, in order (Polars'
// hstack, pandas' concat(axis=1) without alignment): row i of the result
// is row i of every frame. The result keeps f's index; the others' are
// not aligned, only their row counts checked. A Series joins as
// s.Frame(). A frame of another row count is an ErrShape error naming
// both counts, a column name twice an ErrDuplicate error naming it and
// its frames. Columns are shared, not copied.
func (f *Frame) HStack(others ...*Frame) *Frame {
	const op = "HStack"
	if f.Err() != nil {
		return f
	}
	n := f.data.NumRows()
	fields := f.data.Fields()
	from := make(map[string]int, len(fields))
	for _, fv := range fields {
		from[fv.Name] = 0
	}
	for k, o := range others {
		if o == nil {
			return failed(errorf(op, ErrArgument, "frame %d is nil", k+1))
		}
		if err := o.Err(); err != nil {
			return failed(errorf(op, err, "frame %d: %v", k+1, err))
		}
		if o.data.NumRows() != n {
			return failed(errorf(op, ErrShape, "frame %d has %d rows, frame 0 %d", k+1, o.data.NumRows(), n))
		}
		for _, fv := range o.data.Fields() {
			if j, dup := from[fv.Name]; dup {
				return failed(errorf(op, ErrDuplicate, "column %q is in frames %d and %d; Rename one", fv.Name, j, k+1))
			}
			from[fv.Name] = k + 1
			fields = append(fields, fv)
		}
	}
	if len(others) == 0 {
		return f
	}
	return f.withColumns(op, fields)
}

// WithRowIndex adds a column of row numbers first, counting from offset
// (Polars' with_row_index): a uint32 column, as Polars'. A negative
// offset, or numbers beyond the uint32 range, is an ErrArgument error; a
// name already taken an ErrDuplicate error. The frame's index is kept:
// ResetIndex turns an index into columns, this numbers the rows.
func (f *Frame) WithRowIndex(name string, offset int) *Frame {
	const op = "WithRowIndex"
	if f.Err() != nil {
		return f
	}
	n := f.data.NumRows()
	if offset < 0 || uint64(offset)+uint64(n) > math.MaxUint32+1 {
		return failed(errorf(op, ErrArgument, "row numbers from %d over %d rows do not fit uint32", offset, n))
	}
	if f.data.HasField(name) {
		return failed(errorf(op, ErrDuplicate, "column %q already exists", name))
	}
	nums := make([]uint32, n)
	for i := range nums {
		nums[i] = uint32(offset + i)
	}
	v, err := fixedColumn(nums, arrow.PrimitiveTypes.Uint32)
	if err != nil {
		return failed(wrap(op, err))
	}
	fields := append([]structured.FieldValue{{Name: name, Value: v}}, f.data.Fields()...)
	return f.withColumns(op, fields)
}
