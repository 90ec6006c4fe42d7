package index

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/structframe/structframe/structured"
)

// Multi is a MultiIndex of L >= 2 levels, stored hierarchically so that a
// group may be empty: level 0 holds one label per outer group, level k one
// label per group at depth k, level L-1 one label per row; partition k
// splits the groups at depth k into those at depth k+1. The labels of a
// row are the labels of the groups it sits in (see [Levels] for that flat
// view). Labels may be null and may repeat: two groups labelled "a" at one
// depth are two groups.
type Multi struct {
	names  []string
	labels []*structured.Dense
	parts  []*structured.RowPartition

	colOnce []sync.Once
	cols    []*idxCol
	colErrs []error
}

// NewMulti makes a MultiIndex from its hierarchical form: names (one per
// level, "" for unnamed), labels[k] (a rank-1 leaf: one label per group at
// depth k) and parts[k] (k = 0..L-2, splitting the labels[k] groups into the
// labels[k+1] groups). Values are shared. Counts that do not chain are an
// ErrInvalid error.
func NewMulti(names []string, labels []structured.Value, parts []*structured.RowPartition) (*Multi, error) {
	L := len(labels)
	if L < 2 || len(names) != L || len(parts) != L-1 {
		return nil, fmt.Errorf("index: %w: a MultiIndex needs L >= 2 levels, L names and L-1 partitions; got %d levels, %d names, %d partitions", ErrInvalid, L, len(names), len(parts))
	}
	m := &Multi{names: append([]string(nil), names...), labels: make([]*structured.Dense, L), parts: append([]*structured.RowPartition(nil), parts...)}
	for k, v := range labels {
		d, ok := v.(*structured.Dense)
		if !ok || d.Rank() != 1 {
			return nil, fmt.Errorf("index: %w: level %d (%q): labels must be a vector of scalars, got %s", ErrInvalid, k, names[k], idxDescribe(v))
		}
		m.labels[k] = d
	}
	for k, p := range parts {
		if p == nil {
			return nil, fmt.Errorf("index: %w: partition %d is nil", ErrInvalid, k)
		}
		if p.NumRows() != m.labels[k].Size() || p.NumValues() != m.labels[k+1].Size() {
			return nil, fmt.Errorf("index: %w: partition %d splits %d groups into %d, but level %d has %d labels and level %d has %d",
				ErrInvalid, k, p.NumRows(), p.NumValues(), k, m.labels[k].Size(), k+1, m.labels[k+1].Size())
		}
	}
	m.colOnce = make([]sync.Once, L)
	m.cols = make([]*idxCol, L)
	m.colErrs = make([]error, L)
	return m, nil
}

// MultiFromLevels makes a MultiIndex from per-row labels, one rank-1 leaf
// per level, all of one length (the flat, pandas form). Rows are grouped by
// runs: a new group starts at depth k where any of levels 0..k changes from
// the row before (a null equals a null), so the row order is kept exactly.
// Outer labels a, a, b, a give three outer groups a, b, a; looking up "a"
// finds both groups labelled a. No group is empty.
func MultiFromLevels(names []string, levels ...structured.Value) (*Multi, error) {
	L := len(levels)
	if L < 2 || len(names) != L {
		return nil, fmt.Errorf("index: %w: a MultiIndex needs L >= 2 levels and L names; got %d levels, %d names", ErrInvalid, L, len(names))
	}
	cols := make([]*idxCol, L-1)
	n := levels[0].NumRows()
	for k := range levels {
		if levels[k].NumRows() != n {
			return nil, fmt.Errorf("index: %w: level %d (%q) has %d labels, level 0 (%q) %d", ErrInvalid, k, names[k], levels[k].NumRows(), names[0], n)
		}
		if k < L-1 {
			c, err := idxColOf(levels[k])
			if err != nil {
				return nil, fmt.Errorf("index: level %d (%q): %w", k, names[k], err)
			}
			cols[k] = c
		} else if _, err := NewLabels("", levels[k]); err != nil {
			return nil, fmt.Errorf("index: level %d (%q): %w", k, names[k], err)
		}
	}
	labels := make([]structured.Value, L)
	parts := make([]*structured.RowPartition, L-1)
	labels[L-1] = levels[L-1]
	ch := make([]bool, n)
	if n > 0 {
		ch[0] = true
	}
	var prevStarts []int // the starts of the groups at the depth last done
	for k := 0; k < L-1; k++ {
		cols[k].markChanges(ch)
		starts := make([]int, 0, 16)
		for i, c := range ch {
			if c {
				starts = append(starts, i)
			}
		}
		v, err := structured.TakeValue(levels[k], starts)
		if err != nil {
			return nil, fmt.Errorf("index: level %d (%q): %w", k, names[k], err)
		}
		labels[k] = v
		if k > 0 {
			p, err := idxNestStarts(prevStarts, starts)
			if err != nil {
				return nil, err
			}
			parts[k-1] = p
		}
		prevStarts = starts
	}
	// The innermost groups split into rows: their starts are the splits.
	splits := make([]int64, len(prevStarts)+1)
	for i, st := range prevStarts {
		splits[i] = int64(st)
	}
	splits[len(prevStarts)] = int64(n)
	p, err := structured.PartitionFromSplits(splits)
	if err != nil {
		return nil, fmt.Errorf("index: %w: %v", ErrInvalid, err)
	}
	parts[L-2] = p
	return NewMulti(names, labels, parts)
}

// idxNestStarts builds the partition that splits the groups starting at
// outer (row positions, ascending) into the groups starting at inner (a
// superset of outer).
func idxNestStarts(outer, inner []int) (*structured.RowPartition, error) {
	splits := make([]int64, 0, len(outer)+1)
	j := 0
	for _, s := range outer {
		for j < len(inner) && inner[j] < s {
			j++
		}
		splits = append(splits, int64(j))
	}
	splits = append(splits, int64(len(inner)))
	p, err := structured.PartitionFromSplits(splits)
	if err != nil {
		return nil, fmt.Errorf("index: %w: %v", ErrInvalid, err)
	}
	return p, nil
}

// NumRows is the number of rows: the labels of the innermost level.
func (m *Multi) NumRows() int {
	if m == nil || len(m.labels) == 0 {
		return 0
	}
	return m.labels[len(m.labels)-1].Size()
}

// NumLevels is the number of levels, L.
func (m *Multi) NumLevels() int { return len(m.labels) }

// Names are the level names, outer first ("" for unnamed ones).
func (m *Multi) Names() []string { return append([]string(nil), m.names...) }

// GroupLabels returns the labels of the groups at depth k: one per outer
// group for k = 0, one per row for k = L-1. They are shared. A k outside
// [0, NumLevels) panics, as a slice index does.
func (m *Multi) GroupLabels(k int) *structured.Dense { return m.labels[k] }

// Partitions returns the L-1 row partitions, outer first: partition k
// splits the groups at depth k into the groups at depth k+1.
func (m *Multi) Partitions() []*structured.RowPartition {
	return append([]*structured.RowPartition(nil), m.parts...)
}

// NumGroups is the number of groups at depth k (rows at depth L-1). A k
// outside [0, NumLevels) panics, as a slice index does.
func (m *Multi) NumGroups(k int) int { return m.labels[k].Size() }

// rowGroups returns, for every level, the group of each row at that depth
// (nil for the innermost, where the group is the row).
func (m *Multi) rowGroups() [][]int {
	L := len(m.labels)
	out := make([][]int, L)
	n := m.NumRows()
	cur := make([]int, n)
	for i := range cur {
		cur[i] = i
	}
	for k := L - 2; k >= 0; k-- {
		ids := m.parts[k].ValueRowIDs()
		next := make([]int, n)
		for i, g := range cur {
			next[i] = int(ids[g])
		}
		out[k] = next
		cur = next
	}
	return out
}

// rowLevels returns each level's label of every row.
func (m *Multi) rowLevels() ([]structured.Value, error) {
	L := len(m.labels)
	groups := m.rowGroups()
	out := make([]structured.Value, L)
	out[L-1] = m.labels[L-1]
	for k := 0; k < L-1; k++ {
		v, err := structured.TakeValue(m.labels[k], groups[k])
		if err != nil {
			return nil, fmt.Errorf("index: level %d (%q): %w", k, m.names[k], err)
		}
		out[k] = v
	}
	return out, nil
}

// Take returns the MultiIndex of the rows picked (structured.NullRow gives
// null labels at every level), regrouped by runs as MultiFromLevels does.
// Empty groups cannot survive a selection of rows: they have none.
func (m *Multi) Take(rows []int) (Index, error) {
	n := m.NumRows()
	for i, r := range rows {
		if r != structured.NullRow && (r < 0 || r >= n) {
			return nil, fmt.Errorf("index: Take: rows[%d]=%d is out of range for %d rows", i, r, n)
		}
	}
	// One take per level: the group of each picked row at that depth.
	L := len(m.labels)
	groups := m.rowGroups()
	levels := make([]structured.Value, L)
	pick := make([]int, len(rows))
	var err error
	for k := range L {
		for i, r := range rows {
			switch {
			case r == structured.NullRow:
				pick[i] = structured.NullRow
			case k == L-1:
				pick[i] = r
			default:
				pick[i] = groups[k][r]
			}
		}
		if levels[k], err = structured.TakeValueNullable(m.labels[k], pick); err != nil {
			return nil, fmt.Errorf("index: Take: level %d (%q): %w", k, m.names[k], err)
		}
	}
	return MultiFromLevels(m.names, levels...)
}

// Slice returns the MultiIndex of rows [start, stop): the groups those
// rows sit in, cut at the ends of the window, as they are (empty groups
// between two rows of the window stay; those before its first row or after
// its last go). Labels are shared; only the splits of the groups in the
// window are copied, so a small window of a large index costs little.
func (m *Multi) Slice(start, stop int) (Index, error) {
	if start < 0 || stop < start || stop > m.NumRows() {
		return nil, fmt.Errorf("index: slice [%d:%d] out of range for %d rows", start, stop, m.NumRows())
	}
	L := len(m.labels)
	labels := make([]structured.Value, L)
	parts := make([]*structured.RowPartition, L-1)
	cs, ce := start, stop // the window at depth k+1
	var err error
	if labels[L-1], err = structured.SliceValue(m.labels[L-1], structured.Span(cs, ce)); err != nil {
		return nil, fmt.Errorf("index: Slice: %w", err)
	}
	for k := L - 2; k >= 0; k-- {
		part := m.parts[k]
		gs, ge := 0, 0
		if cs < ce {
			// The group holding child cs, and the one holding child ce-1
			// (Bounds is O(1), so no splits are copied to search them).
			end := func(g int) int { _, e := part.Bounds(g); return e }
			gs = sort.Search(part.NumRows(), func(g int) bool { return end(g) > cs })
			ge = sort.Search(part.NumRows(), func(g int) bool { return end(g) >= ce }) + 1
		}
		cut := make([]int64, ge-gs+1)
		for i := range ge - gs {
			st, _ := part.Bounds(gs + i)
			cut[i] = int64(min(max(st, cs), ce) - cs)
		}
		cut[ge-gs] = int64(ce - cs)
		p, err := structured.PartitionFromSplits(cut)
		if err != nil {
			return nil, fmt.Errorf("index: Slice: %w", err)
		}
		if part.NullN() > 0 {
			valid := make([]bool, ge-gs)
			for i := range valid {
				valid[i] = !part.IsNull(gs + i)
			}
			if p, err = p.WithValidity(valid); err != nil {
				return nil, fmt.Errorf("index: Slice: %w", err)
			}
		}
		parts[k] = p
		if labels[k], err = structured.SliceValue(m.labels[k], structured.Span(gs, ge)); err != nil {
			return nil, fmt.Errorf("index: Slice: %w", err)
		}
		cs, ce = gs, ge
	}
	return NewMulti(m.names, labels, parts)
}

// String is "MultiIndex[a, b](string, int64; groups 2, 5; rows 9)".
func (m *Multi) String() string {
	if m == nil || len(m.labels) < 2 {
		return "MultiIndex(<zero>)"
	}
	types := make([]string, len(m.labels))
	groups := make([]string, len(m.labels)-1)
	for k, l := range m.labels {
		types[k] = l.DataType().String()
		if k < len(groups) {
			groups[k] = fmt.Sprint(l.Size())
		}
	}
	return fmt.Sprintf("MultiIndex[%s](%s; groups %s; rows %d)", strings.Join(m.names, ", "), strings.Join(types, ", "), strings.Join(groups, ", "), m.NumRows())
}

// column reads level k's group labels into their key space once.
func (m *Multi) column(k int) (*idxCol, error) {
	m.colOnce[k].Do(func() { m.cols[k], m.colErrs[k] = idxColOf(m.labels[k]) })
	return m.cols[k], m.colErrs[k]
}

// groupRows returns the rows [start, end) of group g at depth k (an empty
// range for a group with no rows).
func (m *Multi) groupRows(k, g int) (start, end int) {
	start, end = g, g+1
	for j := k; j < len(m.parts); j++ {
		if start == end {
			return 0, 0
		}
		start, _ = m.parts[j].Bounds(start)
		_, end = m.parts[j].Bounds(end - 1)
	}
	return start, end
}
