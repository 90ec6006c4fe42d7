package index

import (
	"errors"
	"fmt"
	"slices"

	"github.com/structframe/structframe/internal/sentinel"
	"github.com/structframe/structframe/structured"
)

// Errors of the package, matched with errors.Is.
var (
	// ErrInvalid reports index data that do not make an index: labels that
	// are not a vector of scalars, levels of different lengths, partitions
	// that do not chain, a tensor whose "_index_" field has no index form.
	ErrInvalid = errors.New("invalid index")
	// ErrNotFound reports a label absent from its level; it is a
	// structured.ErrIndex (and so a frame.ErrIndex) for errors.Is.
	ErrNotFound = sentinel.New("label not found", structured.ErrIndex)
	// ErrKeyType reports a lookup key that cannot be compared with the
	// labels of its level (a string key for int64 labels); it is a
	// structured.ErrType (and so a frame.ErrType) for errors.Is.
	ErrKeyType = sentinel.New("key type", structured.ErrType)
)

// Index labels the rows of a frame. The zero-cost [Range] numbers them
// 0..n-1; label indexes ([Labels]) and MultiIndexes ([Multi]) carry labels
// stored as Arrow-backed structured values. An Index is immutable: every
// method returns a new one.
type Index interface {
	// NumRows is the number of rows the index labels.
	NumRows() int
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
func NewRange(n int) Range { return Range{n: max(n, 0)} }

// checkIndex reports an index no constructor made: nil, a nil *Labels or
// *Multi, or their zero values.
func checkIndex(idx Index) error {
	ok := true
	switch x := idx.(type) {
	case nil:
		ok = false
	case *Labels:
		ok = x != nil && x.v != nil
	case *Multi:
		ok = x != nil && len(x.labels) >= 2
	}
	if !ok {
		return fmt.Errorf("index: %w: a nil or zero index (make one with NewRange, NewLabels, NewMulti or MultiFromLevels)", ErrInvalid)
	}
	return nil
}

// NumRows is the number of rows.
func (r Range) NumRows() int { return r.n }

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

// Equal reports whether two indexes are the same: the same kind, length and
// names, equal labels (type, values and nulls) and, for MultiIndexes, the
// same groups (empty and null ones included).
func Equal(a, b Index) bool {
	if checkIndex(a) != nil || checkIndex(b) != nil {
		return false
	}
	switch x := a.(type) {
	case Range:
		y, ok := b.(Range)
		return ok && x.n == y.n
	case *Labels:
		y, ok := b.(*Labels)
		return ok && x.name == y.name && structured.Equal(x.v, y.v)
	case *Multi:
		y, ok := b.(*Multi)
		if !ok || !slices.Equal(x.names, y.names) {
			return false
		}
		for k := range x.labels {
			if !structured.Equal(x.labels[k], y.labels[k]) {
				return false
			}
		}
		for k := range x.parts {
			if !x.parts[k].Equal(y.parts[k]) {
				return false
			}
		}
		return true
	}
	return false
}

// Levels returns one rank-1 leaf per level with the label of every row
// (the flat, pandas view of the index): nil for a Range, the labels of a
// label index, and for a MultiIndex each level's group labels repeated
// over the rows of their groups.
func Levels(idx Index) ([]structured.Value, error) {
	if err := checkIndex(idx); err != nil {
		return nil, err
	}
	switch x := idx.(type) {
	case *Labels:
		return []structured.Value{x.v}, nil
	case *Multi:
		return x.rowLevels()
	}
	return nil, nil
}

// Concat joins the indexes of frames stacked one after another. Ranges
// make a range. Label indexes join their labels (which must have one Arrow
// type, or be joinable as structured.ConcatValues joins them); the name is
// kept when every part has it, else the level is unnamed, as in pandas.
// MultiIndexes of one level count join their per-row labels and regroup
// them by runs, so a group split across two parts stays two groups only if
// another group comes between. A Range of 0 rows joins anything; a Range of
// rows mixed with labels is an error naming both, as is a label index mixed
// with a MultiIndex: positions are not labels.
func Concat(idxs ...Index) (Index, error) {
	var (
		parts []Index
		n     int
	)
	for _, idx := range idxs {
		if err := checkIndex(idx); err != nil {
			return nil, err
		}
		n += idx.NumRows()
		if _, ok := idx.(Range); ok && idx.NumRows() == 0 {
			continue
		}
		parts = append(parts, idx)
	}
	if len(parts) == 0 {
		return Range{n: n}, nil
	}
	first := parts[0]
	for _, p := range parts[1:] {
		_, r0 := first.(Range)
		_, r1 := p.(Range)
		if r0 != r1 || first.NumLevels() != p.NumLevels() {
			return nil, fmt.Errorf("index: Concat: %w: cannot join %s and %s", ErrInvalid, first, p)
		}
	}
	if _, ok := first.(Range); ok {
		return Range{n: n}, nil
	}
	L := first.NumLevels()
	names := slices.Clone(first.Names())
	per := make([][]structured.Value, L)
	for _, p := range parts {
		for k, name := range p.Names() {
			if names[k] != name {
				names[k] = ""
			}
		}
		lv, err := Levels(p)
		if err != nil {
			return nil, err
		}
		for k := range lv {
			per[k] = append(per[k], lv[k])
		}
	}
	levels := make([]structured.Value, L)
	for k := range per {
		v, err := structured.ConcatValues(per[k]...)
		if err != nil {
			return nil, fmt.Errorf("index: Concat: %w: level %d: %v", ErrInvalid, k, err)
		}
		levels[k] = v
	}
	if L == 1 {
		return NewLabels(names[0], levels[0])
	}
	return MultiFromLevels(names, levels...)
}
