package frame

import (
	"fmt"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Series is one column with the row index of its Frame: a name, a value
// (a leaf, a list column or a nested Tensor, of rank >= 1) and the index.
// Like a Frame it is immutable and shares its arrays.
type Series struct {
	name string
	v    structured.Value
	idx  index.Index
}

// NewSeries makes a Series of a value of rank >= 1, or Go data as
// FromColumns takes it, with a range index.
func NewSeries(name string, values any) (Series, error) {
	v, err := columnValue(values)
	if err != nil {
		return Series{}, errorf("NewSeries", err, "%v", err)
	}
	if v.Rank() < 1 {
		return Series{}, errorf("NewSeries", ErrShape, "a series needs rank >= 1, got a scalar")
	}
	return Series{name: name, v: v, idx: index.NewRange(v.NumRows())}, nil
}

// Name is the column name (a dotted path for a nested column).
func (s Series) Name() string { return s.name }

// Value is the column's values, field-major, shared with its Frame.
func (s Series) Value() structured.Value { return s.v }

// Index is the row index.
func (s Series) Index() index.Index { return s.idx }

// NumRows is the number of rows.
func (s Series) NumRows() int {
	if s.v == nil {
		return 0
	}
	return s.v.NumRows()
}

// ToValue returns the values as Go values, one per row (nil for null).
func (s Series) ToValue() []any {
	if s.v == nil {
		return nil
	}
	out, _ := s.v.ToValue().([]any)
	return out
}

// Frame returns the Series as a one-column Frame with its index.
func (s Series) Frame() *Frame {
	if s.v == nil {
		return failed(errorf("Series.Frame", ErrArgument, "empty Series"))
	}
	t, err := structured.FromFields([]structured.FieldValue{{Name: s.name, Value: s.v}}, 1)
	if err != nil {
		return failed(wrap("Series.Frame", err))
	}
	return newFrame("Series.Frame", t, s.idx)
}

// String prints the Series as a one-column Frame.
func (s Series) String() string {
	if s.v == nil {
		return "Series(<empty>)"
	}
	return fmt.Sprintf("Series %q\n%s", s.name, s.Frame())
}
