package index

import (
	"fmt"
	"sync"

	"github.com/structframe/structframe/structured"
)

// Labels is a label index: one level of labels, one per row, in a rank-1
// leaf of any Arrow scalar type (int64, string, date32, timestamp, ...).
// Labels may repeat and may be null. The lookup table from label to rows is
// built on the first lookup, once, typed per Arrow type.
type Labels struct {
	name string
	v    *structured.Dense

	once sync.Once
	col  *idxCol
	err  error
}

// NewLabels makes a label index named name ("" for unnamed) over a rank-1
// leaf; the leaf is shared, not copied. Anything else is an ErrInvalid error.
func NewLabels(name string, labels structured.Value) (*Labels, error) {
	d, ok := labels.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		return nil, fmt.Errorf("index: %w: labels must be a vector of scalars, got %s", ErrInvalid, idxDescribe(labels))
	}
	return &Labels{name: name, v: d}, nil
}

// NumRows is the number of rows.
func (l *Labels) NumRows() int {
	if l == nil || l.v == nil {
		return 0
	}
	return l.v.Size()
}

// NumLevels is 1.
func (l *Labels) NumLevels() int { return 1 }

// Names is the level's name, "" when unnamed.
func (l *Labels) Names() []string { return []string{l.name} }

// Name is the level's name, "" when unnamed.
func (l *Labels) Name() string { return l.name }

// Values is the labels, one per row, shared.
func (l *Labels) Values() *structured.Dense { return l.v }

// Take returns the labels of the rows picked; structured.NullRow gives a
// null label.
func (l *Labels) Take(rows []int) (Index, error) {
	v, err := structured.TakeValueNullable(l.v, rows)
	if err != nil {
		return nil, fmt.Errorf("index: Take: %w", err)
	}
	return NewLabels(l.name, v)
}

// Slice returns the labels of rows [start, stop), sharing them.
func (l *Labels) Slice(start, stop int) (Index, error) {
	if start < 0 || stop < start || stop > l.NumRows() {
		return nil, fmt.Errorf("index: slice [%d:%d] out of range for %d rows", start, stop, l.NumRows())
	}
	v, err := structured.SliceValue(l.v, structured.Span(start, stop))
	if err != nil {
		return nil, fmt.Errorf("index: Slice: %w", err)
	}
	return NewLabels(l.name, v)
}

// String is "Index[name](int64, n)".
func (l *Labels) String() string {
	if l == nil || l.v == nil {
		return "Index(<zero>)"
	}
	return fmt.Sprintf("Index[%s](%s, %d)", l.name, l.v.DataType(), l.NumRows())
}

// column reads the labels into their key space once.
func (l *Labels) column() (*idxCol, error) {
	l.once.Do(func() { l.col, l.err = idxColOf(l.v) })
	return l.col, l.err
}
