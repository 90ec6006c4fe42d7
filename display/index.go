package display

import (
	"strconv"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// rowIndex is how the index column(s) read: one column per level, with
// each level's label and group of a data row. Reading a row costs what its
// labels cost (for a MultiIndex, a binary search per level), never the
// whole index.
type rowIndex struct {
	names  []string
	dtypes []string
	right  []bool
	label  func(level, i int) string // label of data row i at level (not cut)
	group  func(level, i int) int    // group of data row i at level: equal outer groups print once
}

// newRowIndex reads idx (nil: row numbers).
func newRowIndex(idx index.Index, o *Options) *rowIndex {
	switch x := idx.(type) {
	case *index.Labels:
		it, typ := labelItems(x.Values(), o)
		return &rowIndex{
			names: []string{x.Name()}, dtypes: []string{typ}, right: []bool{it.kind == kindNumber},
			label: func(_, i int) string { return labelText(it, i, o) },
			group: func(_, i int) int { return i },
		}
	case *index.Multi:
		L := x.NumLevels()
		ri := &rowIndex{names: x.Names()}
		its := make([]items, L)
		for k := range L {
			it, typ := labelItems(x.GroupLabels(k), o)
			its[k] = it
			ri.dtypes = append(ri.dtypes, typ)
			ri.right = append(ri.right, it.kind == kindNumber)
		}
		parts := x.Partitions()
		group := func(level, i int) int {
			g := i
			for k := L - 2; k >= level; k-- {
				g = groupOf(parts[k], g)
			}
			return g
		}
		ri.group = group
		ri.label = func(level, i int) string { return labelText(its[level], group(level, i), o) }
		return ri
	}
	return &rowIndex{
		names: []string{""}, dtypes: []string{""}, right: []bool{true},
		label: func(_, i int) string { return strconv.Itoa(i) },
		group: func(_, i int) int { return i },
	}
}

// skip makes the index read rows at and after from as the rows n
// further on: a table laid out from the head and tail rows of a tensor
// labels its tail rows by their positions in the tensor.
func (r *rowIndex) skip(from, n int) {
	label, group := r.label, r.group
	at := func(i int) int {
		if i >= from {
			return i + n
		}
		return i
	}
	r.label = func(level, i int) string { return label(level, at(i)) }
	r.group = func(level, i int) int { return group(level, at(i)) }
}

func labelItems(d *structured.Dense, o *Options) (items, string) {
	return newItems(d.Values(), o.Precision), shortType(d.DataType())
}

func labelText(it items, i int, o *Options) string {
	if it.null(i) {
		return "null"
	}
	s := it.text(i)
	if it.kind == kindText {
		if s == "" {
			return `""`
		}
		s = cut(escapeControls(s), o.MaxString)
	}
	return s
}

// groupOf returns the row of p whose items hold item x: the first row
// whose end is beyond x (empty rows hold nothing).
func groupOf(p *structured.RowPartition, x int) int {
	lo, hi := 0, p.NumRows()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if _, e := p.Bounds(m); e <= x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
