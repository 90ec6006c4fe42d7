package frame

import (
	"fmt"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Series is one column with the row index of its Frame: a name, a value
// (a leaf, a list column or a nested Tensor, of rank >= 1) and the index.
// Like a Frame it is immutable, shares its arrays and may carry the error
// that made it (see NewSeries).
type Series struct {
	name string
	v    structured.Value
	idx  index.Index
	err  error
}

// NewSeries makes a Series of a value of rank >= 1, or Go data as
// FromColumns takes it ([]bool, []float64, a slice of structs, ...), with
// a range index. Like a Frame the Series carries its error (see Err), so
// that it can be made where it is used: Lit(NewSeries("flag", flags))
// adds it to a frame in WithColumns, and FromColumns and Lit pass its
// error on.
func NewSeries(name string, values any) Series {
	v, err := columnValue(values)
	if err != nil {
		return Series{name: name, err: errorf("NewSeries", err, "%v", err)}
	}
	if v.Rank() < 1 {
		return Series{name: name, err: errorf("NewSeries", ErrShape, "a series needs rank >= 1, got a scalar")}
	}
	return Series{name: name, v: v, idx: index.NewRange(v.NumRows())}
}

// Err returns the error the Series carries (see NewSeries), or nil.
func (s Series) Err() error { return s.err }

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
	if s.err != nil {
		return failed(s.err)
	}
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
	if s.err != nil {
		return fmt.Sprintf("Series %q: %v", s.name, s.err)
	}
	if s.v == nil {
		return "Series(<empty>)"
	}
	return fmt.Sprintf("Series %q\n%s", s.name, s.Frame())
}

// exprSeries is Lit of a Series: a column given by value.
type exprSeries struct{ s Series }

func (n exprSeries) outName() string { return n.s.name }
func (n exprSeries) hasAgg() bool    { return false }
func (n exprSeries) String() string  { return fmt.Sprintf("lit(Series %q)", n.s.name) }

func (n exprSeries) eval(c *exprCtx) (*exprVec, error) {
	if n.s.err != nil {
		return nil, n.s.err
	}
	if n.s.v == nil {
		return nil, errorf(c.op, ErrArgument, "%s: an empty Series (make one with NewSeries)", n)
	}
	if !c.rows {
		return nil, errorf(c.op, ErrArgument, "%s is used outside an aggregation in GroupBy.Agg", n)
	}
	rows := c.f.data.NumRows()
	got := n.s.v.NumRows()
	v := exprFromValue(n.s.v)
	switch {
	case got == 1 && rows != 1:
		v.scalar = true
	case got != rows:
		return nil, errorf(c.op, ErrShape, "%s has %d rows, the frame %d", n, got, rows)
	}
	return v, nil
}
