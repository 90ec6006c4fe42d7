package frame

import (
	"strings"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Frame is a table: a rank-1 structured.Tensor whose fields are the columns
// (scalar, list, map or nested structure), plus a row index. A Frame is
// immutable; every method returns a new Frame sharing the Arrow arrays of
// the columns it does not change.
//
// A Frame carries an error: a method called on a Frame holding one returns
// it unchanged, so a chain stops at its first failure and the error comes
// out of Err, of every method that returns data (Tensor, Column, ...), and of
// String.
//
// Polars' df.lazy() is lazy.From(f): the lazy layer plans frame operations,
// so it sits above this package and a Frame cannot name it.
type Frame struct {
	data *structured.Tensor // rank 1; never holds the index field
	idx  index.Index        // labels of data's rows; Len() == data.NumRows()
	err  error
}

// failed returns a Frame that holds err.
func failed(err error) *Frame { return &Frame{err: err} }

// Err returns the error the Frame carries, or nil.
func (f *Frame) Err() error {
	if f == nil {
		return errorf("", ErrArgument, "nil *Frame")
	}
	if f.err == nil && f.data == nil {
		return errorf("", ErrArgument, "zero Frame: make one with FromColumns, FromRecords, FromTensor, ...")
	}
	return f.err
}

// Must returns f, or panics with its error: for examples, tests and
// notebooks where a failure should stop everything, as regexp.MustCompile.
func Must(f *Frame) *Frame {
	if err := f.Err(); err != nil {
		panic(err)
	}
	return f
}

// newFrame checks that data is a rank-1 Tensor without the index field and
// that idx labels its rows; a nil idx is the range index.
func newFrame(op string, data *structured.Tensor, idx index.Index) *Frame {
	if data == nil {
		return failed(errorf(op, ErrArgument, "nil tensor"))
	}
	if data.Rank() != 1 {
		return failed(errorf(op, ErrShape, "a frame's tensor has rank 1, got rank %d", data.Rank()))
	}
	if data.HasField(index.Field) {
		return failed(errorf(op, ErrArgument, "the tensor still holds the index field %q", index.Field))
	}
	if idx == nil {
		idx = index.NewRange(data.NumRows())
	}
	if idx.NumRows() != data.NumRows() {
		return failed(errorf(op, ErrShape, "the index has %d rows, the columns %d", idx.NumRows(), data.NumRows()))
	}
	return &Frame{data: data, idx: idx}
}

// with returns a Frame over new data and index, both already checked,
// unless a verb named a column "_index_", which is the index's field.
func (f *Frame) with(data *structured.Tensor, idx index.Index) *Frame {
	if data.HasField(index.Field) {
		return failed(errorf("", ErrArgument, "the column name %q is the index's field in a tensor; use SetIndex, or another name", index.Field))
	}
	return &Frame{data: data, idx: idx}
}

// Data returns the columns as a rank-1 Tensor, without the index.
func (f *Frame) Data() (*structured.Tensor, error) {
	if err := f.Err(); err != nil {
		return nil, err
	}
	return f.data, nil
}

// Index returns the row index (an index.Range when the rows are unlabelled).
func (f *Frame) Index() index.Index {
	if f.Err() != nil {
		return nil
	}
	return f.idx
}

// NumRows is the number of rows (0 for a Frame holding an error).
func (f *Frame) NumRows() int {
	if f.Err() != nil {
		return 0
	}
	return f.data.NumRows()
}

// NumColumns is the number of top-level columns, the index not counted.
func (f *Frame) NumColumns() int {
	if f.Err() != nil {
		return 0
	}
	return f.data.NumFields()
}

// Shape is [NumRows, NumColumns], as pandas' shape, in the
// structured.Shape every value's Shape returns (a Frame's columns are its
// second dimension here, whatever their own shapes).
func (f *Frame) Shape() structured.Shape { return structured.Shape{f.NumRows(), f.NumColumns()} }

// Columns returns the top-level column names in order.
func (f *Frame) Columns() []string {
	if f.Err() != nil {
		return nil
	}
	return f.data.FieldNames()
}

// Schema returns the Spec of the columns: a type string such as
// "3 * {name: string, scores: var * float64}", and a tree with Spec.Tree.
func (f *Frame) Schema() *structured.Spec {
	if f.Err() != nil {
		return nil
	}
	return f.data.Spec()
}

// columnList renders names for error messages, cut after a few.
func columnList(names []string) string {
	const most = 12
	if len(names) > most {
		return strings.Join(names[:most], ", ") + ", …"
	}
	return strings.Join(names, ", ")
}
