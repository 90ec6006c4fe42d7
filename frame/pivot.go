package frame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// PivotOption changes Pivot: WithAggregate, WithSortColumns,
// WithDescending, WithSeparator.
type PivotOption interface{ applyPivot(*pivConfig) }

type pivConfig struct {
	agg  *Expr
	sort bool
	desc bool
	sep  string
}

type pivOptionFunc func(*pivConfig)

func (fn pivOptionFunc) applyPivot(c *pivConfig) { fn(c) }

// WithAggregate sets how Pivot reduces the rows that share an index and
// an on value (Polars' aggregate_function): an aggregation over
// Element(), which stands for the values of the cell, as in Polars'
// pl.element(): Element().Sum(), Element().First(), Element().Mean(),
// Element().Max().Sub(Element().Min()), or Len() to count the rows. Any
// aggregating expression serves. A cell no row falls in takes the
// aggregate of no rows, as Polars gives it: 0 for Sum, Count and Len,
// null for First, Mean, Min and the others.
func WithAggregate(e Expr) PivotOption {
	return pivOptionFunc(func(c *pivConfig) { c.agg = &e })
}

// SortColumnsOption is the option WithSortColumns returns; Pivot and
// Unstack take it.
type SortColumnsOption bool

// WithSortColumns(true) orders the new columns of Pivot (or the new
// fields of Unstack) by their values (nulls first, as Polars sorts them;
// WithDescending reverses the order) instead of the order in which the
// values first appear (false, the default), as Polars' sort_columns. An
// Unstack sorted so has pandas' order.
func WithSortColumns(on bool) SortColumnsOption { return SortColumnsOption(on) }

func (s SortColumnsOption) applyPivot(c *pivConfig) { c.sort = bool(s) }

func (d DescendingOption) applyPivot(c *pivConfig) { c.desc = bool(d) }
func (s SeparatorOption) applyPivot(c *pivConfig)  { c.sep = string(s) }

// Pivot spreads the values of long data into columns, one per distinct
// value of the on columns (Polars' pivot, a spreadsheet's pivot table):
// the result has one row per distinct combination of the index columns
// (in order of first appearance, range index), the index columns first,
// then for each values column and each on value the column of the
// values whose rows hold that index and that on value:
//
//	long.Pivot([]string{"month"}, []string{"city"}, []string{"rain"})
//
// turns rows (city, month, rain) into a row per city with a column per
// month. Index and values may be nil (not both): a nil index is every
// column that is not on or values, nil values every column that is not on
// or index.
//
// Columns are named after the on value, cast to a string as Cast does
// (null is "null"); with several on columns after the tuple of their
// values as Polars writes it, {"a",1}; with several values columns the
// values column's name, the separator ("_" unless WithSeparator says
// otherwise) and that, "rain_jan". They come in the order the on values
// first appear, or sorted with WithSortColumns(true). A name already
// taken (by an index column) is an ErrDuplicate error.
//
// Without WithAggregate, every (index, on) pair must hold at most one row:
// a pair held by two rows is an ErrArgument error naming both values and
// both rows (Polars' error when aggregate_function is None); a missing
// pair is null. With WithAggregate the pair's rows are reduced by the
// aggregation, and a missing pair takes the aggregate of no rows.
//
// Nulls in the index and on columns are values like any other (a null on
// value makes the column "null"). On and index columns are scalars
// (top-level or nested paths); a list or structure there is an ErrType
// error. Values may be of any type, lists and structures too: they are
// taken as they are without an aggregate, or by First and Last.
//
// Cost: the index and on columns are grouped by the hash kernel of
// GroupBy, each row placed in its cell with one pass, and each output
// column gathered by one Take: O(rows + index rows × on values) time and
// memory, whatever the number of groups.
func (f *Frame) Pivot(on, index, values []string, opts ...PivotOption) *Frame {
	const op = "Pivot"
	if f.Err() != nil {
		return f
	}
	cfg := pivConfig{sep: "_"}
	for _, o := range opts {
		if o != nil {
			o.applyPivot(&cfg)
		}
	}
	on, index, values, err := f.pivotRefs(op, on, index, values)
	if err != nil {
		return failed(err)
	}
	n := f.data.NumRows()
	idxNames, idxVals, err := f.pivotScalars(op, index, "index")
	if err != nil {
		return failed(err)
	}
	onNames, onVals, err := f.pivotScalars(op, on, "on")
	if err != nil {
		return failed(err)
	}
	rowGroups, err := grpValues(op, n, idxNames, idxVals)
	if err != nil {
		return failed(err)
	}
	colGroups, err := grpValues(op, n, onNames, onVals)
	if err != nil {
		return failed(err)
	}
	nr, nc := rowGroups.n, colGroups.n
	if nc > 0 && nr > (1<<31-1)/nc {
		return failed(errorf(op, ErrShape, "%d index rows × %d on values is too many cells", nr, nc))
	}
	colOrder, err := pivotColumnOrder(op, onNames, onVals, colGroups, cfg)
	if err != nil {
		return failed(err)
	}
	colNames, err := pivotColumnNames(op, onVals, colGroups)
	if err != nil {
		return failed(err)
	}
	// The cell of each row: index group × on group.
	cells := make([]int32, n)
	for i := range cells {
		cells[i] = rowGroups.ids[i]*int32(nc) + colGroups.ids[i]
	}
	fields := make([]structured.FieldValue, 0, len(idxNames)+len(values)*nc)
	seen := make(map[string]bool, cap(fields))
	first := rowGroups.firstRows()
	for k, name := range idxNames {
		v, err := structured.TakeValue(idxVals[k], first)
		if err != nil {
			return failed(wrap(op, err))
		}
		seen[name] = true
		fields = append(fields, structured.FieldValue{Name: name, Value: v})
	}
	var cellVals func(v structured.Value) (structured.Value, []int, error)
	if cfg.agg == nil {
		byCell, err := pivotCellRows(op, cells, nr*nc, idxNames, idxVals, onNames, onVals)
		if err != nil {
			return failed(err)
		}
		cellVals = func(v structured.Value) (structured.Value, []int, error) { return v, byCell, nil }
	} else {
		agg := *cfg.agg
		if agg.n == nil || !agg.n.hasAgg() {
			return failed(errorf(op, ErrArgument, "the aggregate %s does not aggregate (use Element().Sum(), Element().First(), Len(), ...)", agg))
		}
		grp := &grpGroups{ids: cells, n: nr * nc}
		ident := make([]int, nr*nc)
		for k := range ident {
			ident[k] = k
		}
		cellVals = func(v structured.Value) (structured.Value, []int, error) {
			c := &exprCtx{op: op, f: f, grp: grp, elem: v}
			res, err := agg.eval(c)
			if err != nil {
				return nil, nil, err
			}
			if res.scalar {
				return nil, nil, errorf(op, ErrArgument, "the aggregate %s gives one value, not one per cell", agg)
			}
			out, err := res.toValue(nr * nc)
			if err != nil {
				return nil, nil, exprErr(c, agg, err)
			}
			return out, ident, nil
		}
	}
	rows := make([]int, nr)
	for _, ref := range values {
		_, v, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		src, byCell, err := cellVals(v)
		if err != nil {
			return failed(err)
		}
		for _, c := range colOrder {
			for r := range rows {
				rows[r] = byCell[r*nc+c]
			}
			col, err := structured.TakeValueNullable(src, rows)
			if err != nil {
				return failed(wrap(op, err))
			}
			name := colNames[c]
			if len(values) > 1 {
				name = displayPath(ref) + cfg.sep + name
			}
			if seen[name] {
				return failed(errorf(op, ErrDuplicate, "the pivoted column %q is already a column (index: %s); rename it, or use WithSeparator", name, columnList(idxNames)))
			}
			seen[name] = true
			fields = append(fields, structured.FieldValue{Name: name, Value: col})
		}
	}
	t, err := structured.FromFieldsShape(fields, structured.Shape{nr})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, rangeOf(nr))
}

// rangeOf is the range index of n rows, for verbs whose parameter named
// index hides the package.
func rangeOf(n int) index.Index { return index.NewRange(n) }

// pivotRefs resolves Pivot's column lists: selectors expanded, a nil
// index or values filled with the other columns.
func (f *Frame) pivotRefs(op string, on, idx, values []string) ([]string, []string, []string, error) {
	var err error
	if on, err = f.expandRefs(op, on); err != nil {
		return nil, nil, nil, err
	}
	if len(on) == 0 {
		return nil, nil, nil, errorf(op, ErrArgument, "no on column")
	}
	if idx == nil && values == nil {
		return nil, nil, nil, errorf(op, ErrArgument, "give the index columns, the values columns, or both")
	}
	if idx, err = f.expandRefs(op, idx); err != nil {
		return nil, nil, nil, err
	}
	if values, err = f.expandRefs(op, values); err != nil {
		return nil, nil, nil, err
	}
	rest := func(a, b []string) []string {
		used := make(map[string]bool, len(a)+len(b))
		for _, r := range append(append([]string(nil), a...), b...) {
			used[displayPath(r)] = true
		}
		var out []string
		for _, name := range f.data.FieldNames() {
			if !used[name] {
				out = append(out, name)
			}
		}
		return out
	}
	if idx == nil {
		idx = rest(on, values)
	}
	if values == nil {
		values = rest(on, idx)
	}
	if len(idx) == 0 {
		return nil, nil, nil, errorf(op, ErrArgument, "no index column (every column is on or values)")
	}
	if len(values) == 0 {
		return nil, nil, nil, errorf(op, ErrArgument, "no values column (every column is on or index)")
	}
	return on, idx, values, nil
}

// pivotScalars reads key columns that must hold one scalar per row.
func (f *Frame) pivotScalars(op string, refs []string, role string) ([]string, []structured.Value, error) {
	names := make([]string, len(refs))
	vals := make([]structured.Value, len(refs))
	seen := make(map[string]bool, len(refs))
	for k, ref := range refs {
		_, v, err := f.column(op, ref)
		if err != nil {
			return nil, nil, err
		}
		name := displayPath(ref)
		if seen[name] {
			return nil, nil, errorf(op, ErrDuplicate, "%s column %q is given twice", role, name)
		}
		seen[name] = true
		if d, ok := v.(*structured.Dense); !ok || d.Rank() != 1 {
			return nil, nil, errorf(op, ErrType, "%s column %q is %s, not one scalar per row", role, name, exprFromValue(v).typeName())
		}
		names[k], vals[k] = name, v
	}
	return names, vals, nil
}

// pivotColumnOrder is the order of the on groups in the result: first
// appearance, or sorted by their values.
func pivotColumnOrder(op string, names []string, vals []structured.Value, g *grpGroups, cfg pivConfig) ([]int, error) {
	if !cfg.sort {
		order := make([]int, g.n)
		for k := range order {
			order[k] = k
		}
		return order, nil
	}
	first := g.firstRows()
	cols := make([]*sortKeyCol, len(vals))
	keys := make([]SortKey, len(vals))
	for k, v := range vals {
		kv, err := structured.TakeValue(v, first)
		if err != nil {
			return nil, wrap(op, err)
		}
		if cols[k], err = sortKeyOf(op, names[k], kv, g.n); err != nil {
			return nil, err
		}
		keys[k] = SortKey{desc: cfg.desc, nulls: sortNullsFirst}
	}
	return sortPerm(cols, keys, g.n), nil
}

// pivotColumnNames names each on group: its value as a string, or the
// tuple {v1,v2} of several on columns, strings quoted (Polars' names).
func pivotColumnNames(op string, vals []structured.Value, g *grpGroups) ([]string, error) {
	first := g.firstRows()
	texts := make([][]string, len(vals))
	quote := make([]bool, len(vals))
	for k, v := range vals {
		kv, err := structured.TakeValue(v, first)
		if err != nil {
			return nil, wrap(op, err)
		}
		vec := exprFromValue(kv)
		quote[k] = vec.t == exprStrT
		err = vec.load()
		var s *exprVec
		if err == nil {
			s, err = exprCast(vec, arrow.BinaryTypes.String, true, false)
		}
		if err == nil {
			err = s.load()
		}
		if err != nil {
			return nil, errorf(op, ErrType, "on column: %v", err)
		}
		texts[k] = make([]string, g.n)
		for j := range g.n {
			if s.isNull(j) {
				texts[k][j] = "null"
			} else {
				texts[k][j] = s.strs[j]
			}
		}
	}
	out := make([]string, g.n)
	for j := range g.n {
		if len(vals) == 1 {
			out[j] = texts[0][j]
			continue
		}
		parts := make([]string, len(vals))
		for k := range vals {
			parts[k] = texts[k][j]
			if quote[k] && parts[k] != "null" {
				parts[k] = strconv.Quote(parts[k])
			}
		}
		out[j] = "{" + strings.Join(parts, ",") + "}"
	}
	return out, nil
}

// pivotCellRows is the row of each cell (structured.NullRow for an empty
// one), or an error naming the first cell two rows share.
func pivotCellRows(op string, cells []int32, ncells int, idxNames []string, idxVals []structured.Value, onNames []string, onVals []structured.Value) ([]int, error) {
	byCell := make([]int, ncells)
	for k := range byCell {
		byCell[k] = structured.NullRow
	}
	for i, c := range cells {
		if prev := byCell[c]; prev != structured.NullRow {
			return nil, errorf(op, ErrArgument, "index (%s) and on (%s) are held by rows %d and %d; give an aggregate (WithAggregate) or make them unique",
				rowText(idxNames, idxVals, i), rowText(onNames, onVals, i), prev, i)
		}
		byCell[c] = i
	}
	return byCell, nil
}

// rowText renders the values of columns at a row, name=value, for
// messages.
func rowText(names []string, vals []structured.Value, row int) string {
	parts := make([]string, len(names))
	for k, v := range vals {
		x := any("?")
		if one, err := structured.TakeValue(v, []int{row}); err == nil {
			if xs, ok := one.ToValue().([]any); ok && len(xs) == 1 {
				x = xs[0]
			}
		}
		switch x := x.(type) {
		case nil:
			parts[k] = names[k] + "=null"
		case string:
			parts[k] = names[k] + "=" + strconv.Quote(x)
		default:
			parts[k] = fmt.Sprintf("%s=%v", names[k], x)
		}
	}
	return strings.Join(parts, ", ")
}
