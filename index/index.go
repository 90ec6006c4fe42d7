package index

import "fmt"

// Index labels the rows of a frame. The zero-cost [Range] numbers them
// 0..n-1; label indexes and MultiIndexes carry labels stored as Arrow-backed
// structured values. An Index is immutable: every method returns a new one.
type Index interface {
	// Len is the number of rows the index labels.
	Len() int
	// NumLevels is 0 for a Range, 1 for a label index, L for a MultiIndex.
	NumLevels() int
	// Names are the level names ("" for an unnamed level); nil for a Range.
	Names() []string
	// Take returns the index of rows picked by position, as a frame's Take
	// does; a row of structured.NullRow (-1) gets null labels. A Range stays
	// a Range of len(rows) rows: positions are renumbered, not kept.
	Take(rows []int) (Index, error)
	// Slice returns the index of rows [start, stop).
	Slice(start, stop int) (Index, error)
	// String describes the index kind, its names and length.
	String() string
}

// Range is the implicit index 0..n-1. It holds nothing but n, costs nothing,
// and is not stored in a frame's tensor.
type Range struct{ n int }

// NewRange returns the range index of n rows.
func NewRange(n int) Range { return Range{n: n} }

// Len is the number of rows.
func (r Range) Len() int { return r.n }

// NumLevels is 0: a range index has no stored levels.
func (r Range) NumLevels() int { return 0 }

// Names is nil: a range index has no named levels.
func (r Range) Names() []string { return nil }

// Take returns the range index of len(rows) rows: row positions are
// renumbered after a selection, as Polars does, so a filtered or sorted
// frame with a range index again counts 0..n-1.
func (r Range) Take(rows []int) (Index, error) { return Range{n: len(rows)}, nil }

// Slice returns the range index of stop-start rows.
func (r Range) Slice(start, stop int) (Index, error) {
	if start < 0 || stop < start || stop > r.n {
		return nil, fmt.Errorf("index: slice [%d:%d] out of range for %d rows", start, stop, r.n)
	}
	return Range{n: stop - start}, nil
}

// String is "RangeIndex(n)".
func (r Range) String() string { return fmt.Sprintf("RangeIndex(%d)", r.n) }

// Field is the name of the field that stores a non-range index in a
// frame's tensor (the StructuredTensor RFC's convention for DataFrames).
const Field = "_index_"

// Concat joins the indexes of frames stacked one after another: ranges
// make a range; label indexes and MultiIndexes join their labels.
func Concat(idxs ...Index) (Index, error) {
	n := 0
	for _, idx := range idxs {
		if _, ok := idx.(Range); !ok {
			return nil, fmt.Errorf("index: Concat: %s is not supported yet", idx)
		}
		n += idx.Len()
	}
	return Range{n: n}, nil
}
