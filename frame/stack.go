package frame

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Unstack moves a level of the MultiIndex into the columns (pandas'
// unstack): each column becomes a structure column of the same name whose
// fields are the level's labels, the field l of row g holding the value
// of the row of group g labelled l. Structure columns are how a frame
// nests columns, so they take the place of pandas' column MultiIndex
// (column, label): Col("temp").Struct().Field("2024"), or Unnest with
// WithPrefixed(true) for flat "temp.2024" columns.
//
// level names the level; "" is the innermost. Unstacking the innermost
// level reads the MultiIndex as the rank-L tensor it is: its groups at
// depth L-2 become the rows, with the outer levels as their index (a
// label index for L = 2), kept as they are, so an empty group is a row of
// nulls and two groups of one label (SetIndex groups by runs) two rows.
// Another level is first moved innermost, and the rows grouped by the
// values of the remaining levels, in order of first appearance (as
// GroupBy), so each of their combinations is one row.
//
// The fields are named after the labels cast to strings as Cast does (a
// null label is "null"), in order of first appearance, or sorted by label
// with WithSortColumns(true) as pandas sorts them; a pair (group, label)
// missing from the data is null. A label twice in one group is an
// ErrArgument error naming the group and the label (pandas' "Index
// contains duplicate entries"). Columns of any type are moved, lists and
// structures too. A frame without a MultiIndex is an ErrArgument error.
//
// Stack is the inverse: Stack(name, WithLabelType(type of the level))
// of Unstack gives the frame back with a row for every (group, label)
// pair, the missing ones null (pandas' stack with dropna=False), and
// Unstack of Stack gives its frame back exactly.
func (f *Frame) Unstack(level string, opts ...UnstackOption) *Frame {
	const op = "Unstack"
	if f.Err() != nil {
		return f
	}
	var cfg pivConfig
	for _, o := range opts {
		if o != nil {
			o.applyUnstack(&cfg)
		}
	}
	m, ok := f.idx.(*index.Multi)
	if !ok {
		return failed(errorf(op, ErrArgument, "the frame has a %s, not a MultiIndex: SetIndex of two columns or more makes one", f.idx))
	}
	L := m.NumLevels()
	names := m.Names()
	k := L - 1
	if level != "" {
		k = slices.Index(names, level)
		if k < 0 {
			return failed(errorf(op, ErrArgument, "no index level %q (levels: %s)", level, columnList(names)))
		}
	}
	g := f
	if k != L-1 {
		var err error
		if g, err = f.unstackRegroup(op, m, k); err != nil {
			return failed(err)
		}
		m = g.idx.(*index.Multi)
		names = m.Names()
	}
	return g.unstackInner(op, m, names, cfg)
}

// UnstackOption changes Unstack: WithSortColumns, WithDescending.
type UnstackOption interface{ applyUnstack(*pivConfig) }

func (s SortColumnsOption) applyUnstack(c *pivConfig) { c.sort = bool(s) }
func (d DescendingOption) applyUnstack(c *pivConfig)  { c.desc = bool(d) }

// unstackRegroup moves level k of m innermost, the rows grouped by the
// values of the other levels in order of first appearance.
func (f *Frame) unstackRegroup(op string, m *index.Multi, k int) (*Frame, error) {
	levels, err := index.Levels(m)
	if err != nil {
		return nil, wrap(op, err)
	}
	names := m.Names()
	var (
		keyNames []string
		keyVals  []structured.Value
	)
	for j := range levels {
		if j != k {
			keyNames = append(keyNames, names[j])
			keyVals = append(keyVals, levels[j])
		}
	}
	grp, err := grpValues(op, f.data.NumRows(), keyNames, keyVals)
	if err != nil {
		return nil, err
	}
	rows, _ := grp.order()
	newLevels := make([]structured.Value, 0, len(levels))
	for _, v := range append(keyVals, levels[k]) {
		taken, err := structured.TakeValue(v, rows)
		if err != nil {
			return nil, wrap(op, err)
		}
		newLevels = append(newLevels, taken)
	}
	t, err := f.data.Take(rows)
	if err != nil {
		return nil, wrap(op, err)
	}
	idx, err := index.MultiFromLevels(append(keyNames, names[k]), newLevels...)
	if err != nil {
		return nil, wrap(op, err)
	}
	return f.with(t, idx), nil
}

// unstackInner unstacks the innermost level of m.
func (f *Frame) unstackInner(op string, m *index.Multi, names []string, cfg pivConfig) *Frame {
	L := m.NumLevels()
	parts := m.Partitions()
	rowsOf := parts[L-2] // splits the groups at depth L-2 (the result's rows) into rows
	ng := rowsOf.NumRows()
	inner := m.GroupLabels(L - 1)
	n := inner.NumRows()
	lab, err := grpValues(op, n, []string{names[L-1]}, []structured.Value{inner})
	if err != nil {
		return failed(err)
	}
	nc := lab.n
	if nc > 0 && ng > (1<<31-1)/nc {
		return failed(errorf(op, ErrShape, "%d groups × %d labels is too many cells", ng, nc))
	}
	labelNames, err := pivotColumnNames(op, []structured.Value{inner}, lab)
	if err != nil {
		return failed(err)
	}
	order, err := pivotColumnOrder(op, names[L-1:], []structured.Value{inner}, lab, cfg)
	if err != nil {
		return failed(err)
	}
	// The row of each cell (group, label).
	byCell := make([]int, ng*nc)
	for c := range byCell {
		byCell[c] = structured.NullRow
	}
	groupOf := rowsOf.ValueRowIDs()
	for i := range n {
		c := int(groupOf[i])*nc + int(lab.ids[i])
		if prev := byCell[c]; prev != structured.NullRow {
			return failed(errorf(op, ErrArgument, "label %s is in rows %d and %d of one group (%s); a label appears once per group to unstack",
				rowText([]string{levelName(names[L-1], L-1)}, []structured.Value{inner}, i), prev, i, f.groupText(m, L-2, int(groupOf[i]))))
		}
		byCell[c] = i
	}
	// The result's index: the outer levels, as they are.
	var idx index.Index
	if L == 2 {
		idx, err = index.NewLabels(names[0], m.GroupLabels(0))
	} else {
		labels := make([]structured.Value, L-1)
		for k := range labels {
			labels[k] = m.GroupLabels(k)
		}
		idx, err = index.NewMulti(names[:L-1], labels, parts[:L-2])
	}
	if err != nil {
		return failed(wrap(op, err))
	}
	fields := f.data.Fields()
	rows := make([]int, ng)
	for k, fv := range fields {
		sub := make([]structured.FieldValue, nc)
		for j, c := range order {
			for g := range rows {
				rows[g] = byCell[g*nc+c]
			}
			v, err := structured.TakeValueNullable(fv.Value, rows)
			if err != nil {
				return failed(wrap(op, err))
			}
			sub[j] = structured.FieldValue{Name: labelNames[c], Value: v}
		}
		var st *structured.Tensor
		if nc == 0 {
			st, err = structured.FromShape(structured.Shape{ng})
		} else {
			st, err = structured.FromFieldsShape(sub, structured.Shape{ng})
		}
		if err != nil {
			return failed(wrap(op, err))
		}
		fields[k].Value = st
	}
	var t *structured.Tensor
	if len(fields) == 0 {
		t, err = structured.FromShape(structured.Shape{ng})
	} else {
		t, err = structured.FromFieldsShape(fields, structured.Shape{ng})
	}
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, idx)
}

// levelName is a level's name for messages.
func levelName(name string, k int) string {
	if name == "" {
		return fmt.Sprintf("level_%d", k)
	}
	return name
}

// groupText renders the labels of group g at depth k, outer first.
func (f *Frame) groupText(m *index.Multi, k, g int) string {
	names := make([]string, k+1)
	vals := make([]structured.Value, k+1)
	ids := make([]int, k+1)
	ids[k] = g
	parts := m.Partitions()
	for j := k; j > 0; j-- {
		ids[j-1] = int(parts[j-1].ValueRowIDs()[ids[j]])
	}
	var out []string
	for j := 0; j <= k; j++ {
		names[j], vals[j] = levelName(m.Names()[j], j), m.GroupLabels(j)
		out = append(out, rowText(names[j:j+1], vals[j:j+1], ids[j]))
	}
	return strings.Join(out, ", ")
}

// StackOption changes Stack: WithLabelType.
type StackOption interface{ applyStack(*stackConfig) }

type stackConfig struct {
	labelType arrow.DataType
}

type stackOptionFunc func(*stackConfig)

func (fn stackOptionFunc) applyStack(c *stackConfig) { fn(c) }

// WithLabelType casts the labels Stack makes of the field names to dt (as
// Cast casts strings: numbers, dates, timestamps in ISO 8601, ...), so
// that Stack of Unstack gives the level its type back, and reads a field
// named "null" as a null label, as Unstack names one. Without it the
// labels are the field names as they are, strings.
func WithLabelType(dt arrow.DataType) StackOption {
	return stackOptionFunc(func(c *stackConfig) { c.labelType = dt })
}

// Stack moves the fields of the structure columns into a new innermost
// level of the index, named level (pandas' stack, the inverse of
// Unstack): each row becomes one row per field name, labelled by it, and
// each column takes the value of that field. Every column must be a
// structure, all with the same field names (Unstack makes them so); the
// fields of one column become one column, their types made one as
// Unpivot makes them. A missing pair of Unstack comes back as a row of
// nulls: Stack keeps every (row, label) pair, as pandas' stack with
// dropna=False; Filter the rows to drop them.
//
// The index gains a level: a MultiIndex keeps its levels and groups (its
// empty groups too) with each row split into the new labels, a label
// index becomes the outer level of a MultiIndex of two, and a range index
// a level of positions (int64, unnamed) as in pandas. The labels are the
// field names, strings, or of the type WithLabelType gives.
//
// A null structure gives a null in each of its rows (Unstack of that
// gives a structure of nulls back, not a null structure).
//
// A column that is not a structure is an ErrType error naming it, field
// names that differ an ErrArgument error naming both columns.
func (f *Frame) Stack(level string, opts ...StackOption) *Frame {
	const op = "Stack"
	if f.Err() != nil {
		return f
	}
	var cfg stackConfig
	for _, o := range opts {
		if o != nil {
			o.applyStack(&cfg)
		}
	}
	n := f.data.NumRows()
	cols := f.data.Fields()
	var labels []string
	for k, fv := range cols {
		st, ok := fv.Value.(*structured.Tensor)
		if !ok || st.Rank() != 1 {
			return failed(errorf(op, ErrType, "column %q is %s, not a structure whose fields are labels", fv.Name, exprFromValue(fv.Value).typeName()))
		}
		names := st.FieldNames()
		if k == 0 {
			labels = names
		} else if !slices.Equal(names, labels) {
			return failed(errorf(op, ErrArgument, "column %q has the fields %s and column %q the fields %s: stacked columns share their labels", cols[0].Name, columnList(labels), fv.Name, columnList(names)))
		}
	}
	nl := len(labels)
	// Row i, label j is row i*nl + j; the fields joined end to end put it
	// at j*n + i.
	pick := make([]int, n*nl)
	for i := range n {
		for j := range nl {
			pick[i*nl+j] = j*n + i
		}
	}
	fields := make([]structured.FieldValue, len(cols))
	for k, fv := range cols {
		vals := make([]structured.Value, nl)
		paths := make([]string, nl)
		for j, l := range labels {
			v, err := Col(Path(fv.Name, l)).evalFrame(op, f) // null structures make their fields null
			if err != nil {
				return failed(err)
			}
			vals[j], paths[j] = v, fv.Name+"."+l
		}
		var v structured.Value
		if nl == 0 {
			empty := array.NewNull(0)
			v, _ = structured.NewDense(empty)
			empty.Release()
		} else {
			long, err := reshapeJoin(op, paths, vals, nil)
			if err != nil {
				return failed(err)
			}
			if v, err = structured.TakeValue(long, pick); err != nil {
				return failed(wrap(op, err))
			}
		}
		fields[k] = structured.FieldValue{Name: fv.Name, Value: v}
	}
	labelVals, err := stackLabels(op, labels, n, cfg.labelType)
	if err != nil {
		return failed(err)
	}
	idx, err := stackIndex(f.idx, level, labelVals, n, nl)
	if err != nil {
		return failed(wrap(op, err))
	}
	var t *structured.Tensor
	if len(fields) == 0 {
		t, err = structured.FromShape(structured.Shape{n * nl})
	} else {
		t, err = structured.FromFieldsShape(fields, structured.Shape{n * nl})
	}
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, idx)
}

// stackLabels is the new level's labels, one per label: the field names,
// cast to dt when given ("null" a null label then).
func stackLabels(op string, labels []string, n int, dt arrow.DataType) (*structured.Dense, error) {
	v, err := unpivotNames(labels, 1)
	if err != nil {
		return nil, wrap(op, err)
	}
	if dt == nil {
		return v.(*structured.Dense), nil
	}
	vec := exprFromValue(v)
	if err := vec.load(); err != nil {
		return nil, wrap(op, err)
	}
	if dt.ID() == arrow.NULL {
		for _, s := range vec.strs {
			if s != "null" {
				return nil, errorf(op, ErrType, "label %q as null: only \"null\" is", s)
			}
		}
		arr := array.NewNull(len(labels))
		defer arr.Release()
		return structured.NewDense(arr)
	}
	for i, s := range vec.strs {
		if s == "null" {
			if vec.valid == nil {
				vec.valid = exprBitsAll(len(vec.strs))
			}
			vec.valid[i/8] &^= 1 << (i % 8)
		}
	}
	vec.raw = nil
	out, err := exprCast(vec, dt, true, false)
	if err != nil {
		return nil, errorf(op, ErrType, "labels as %s: %v", exprArrowName(dt), err)
	}
	val, err := out.toValue(len(labels))
	if err != nil {
		return nil, errorf(op, ErrType, "labels as %s: %v", exprArrowName(dt), err)
	}
	return val.(*structured.Dense), nil
}

// stackIndex is the index of Stack's rows: idx with each of its n rows
// split into nl rows labelled by labels (one per label, repeated).
func stackIndex(idx index.Index, name string, labels *structured.Dense, n, nl int) (index.Index, error) {
	tile := make([]int, n*nl)
	for i := range n {
		for j := range nl {
			tile[i*nl+j] = j
		}
	}
	inner, err := structured.TakeValue(labels, tile)
	if err != nil {
		return nil, err
	}
	splits := make([]int64, n+1)
	for i := range splits {
		splits[i] = int64(i * nl)
	}
	split, err := structured.PartitionFromSplits(splits) // as MultiFromLevels makes them, so that indexes compare equal
	if err != nil {
		return nil, err
	}
	switch x := idx.(type) {
	case *index.Multi:
		L := x.NumLevels()
		ls := make([]structured.Value, L+1)
		for k := range L {
			ls[k] = x.GroupLabels(k)
		}
		ls[L] = inner
		return index.NewMulti(append(x.Names(), name), ls, append(x.Partitions(), split))
	case *index.Labels:
		return index.NewMulti([]string{x.Name(), name}, []structured.Value{x.Values(), inner}, []*structured.RowPartition{split})
	}
	pos := make([]int64, n)
	for i := range pos {
		pos[i] = int64(i)
	}
	outer, err := fixedColumn(pos, arrow.PrimitiveTypes.Int64)
	if err != nil {
		return nil, err
	}
	return index.NewMulti([]string{"", name}, []structured.Value{outer, inner}, []*structured.RowPartition{split})
}
