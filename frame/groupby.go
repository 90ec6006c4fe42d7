package frame

import (
	"strings"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// GroupBy is a frame grouped by key columns, waiting for its aggregations
// (Polars' group_by, pandas' groupby). Make one with Frame.GroupBy.
type GroupBy struct {
	f     *Frame
	keys  []string
	exprs []Expr // key expressions (GroupByExprs) instead of keys
	err   error
}

// GroupBy groups the rows by the values of the key columns: top-level
// columns or dotted paths to nested leaves, structures (compared field by
// field) or lists of those (compared item by item; a null list and an
// empty one differ). Nulls are a key like any other, all nulls in one
// group, as in SQL and Polars. Lists of lists are an ErrType error.
// Groups come in the order of their first row (deterministic, unlike
// gota's map order); Sort the result for another order.
func (f *Frame) GroupBy(keys ...string) *GroupBy {
	if err := f.Err(); err != nil {
		return &GroupBy{err: err}
	}
	keys, err := f.expandRefs("GroupBy", keys)
	if err != nil {
		return &GroupBy{err: err}
	}
	if len(keys) == 0 {
		return &GroupBy{err: errorf("GroupBy", ErrArgument, "no key columns")}
	}
	return &GroupBy{f: f, keys: keys}
}

// GroupByExprs groups the rows by the values of key expressions, as
// Polars' group_by(expr): a key is computed over the rows (a column, a
// list function, an arithmetic expression...) and named as the
// expression's column (see Expr), then grouped as GroupBy groups columns:
//
//	df.GroupByExprs(Col("tags").List().Get(0).Alias("tag")).Agg(Len())
//
// A key that aggregates (Col("x").Sum()) is an ErrArgument error.
func (f *Frame) GroupByExprs(keys ...Expr) *GroupBy {
	if err := f.Err(); err != nil {
		return &GroupBy{err: err}
	}
	keys, err := f.expandExprs("GroupByExprs", keys, nil)
	if err != nil {
		return &GroupBy{err: err}
	}
	if len(keys) == 0 {
		return &GroupBy{err: errorf("GroupByExprs", ErrArgument, "no key expressions")}
	}
	return &GroupBy{f: f, exprs: keys}
}

// keyColumns evaluates the keys: their names and values, one row per row.
func (g *GroupBy) keyColumns(op string) ([]string, []structured.Value, error) {
	if g.exprs == nil {
		names := make([]string, len(g.keys))
		vals := make([]structured.Value, len(g.keys))
		for k, ref := range g.keys {
			_, v, err := g.f.column(op, ref)
			if err != nil {
				return nil, nil, err
			}
			names[k], vals[k] = displayPath(ref), v
		}
		return names, vals, nil
	}
	names := make([]string, len(g.exprs))
	vals := make([]structured.Value, len(g.exprs))
	for k, e := range g.exprs {
		if e.n != nil && e.n.hasAgg() {
			return nil, nil, errorf(op, ErrArgument, "key %s aggregates; a key has one value per row", e)
		}
		v, err := e.evalFrame(op, g.f)
		if err != nil {
			return nil, nil, err
		}
		names[k], vals[k] = e.Name(), v
	}
	return names, vals, nil
}

// Err returns the error of the frame grouped, or of the keys, or nil.
func (g *GroupBy) Err() error {
	if g == nil {
		return errorf("GroupBy", ErrArgument, "nil *GroupBy")
	}
	return g.err
}

// Agg computes aggregations per group: a frame with one row per group
// (first-appearance order, range index), the key columns first (named by
// their references, dotted for paths) and then one column per expression,
//
//	df.GroupBy("city").Agg(Col("score").Mean(), Col("score").Max().Alias("best"), Len().Alias("n"))
//
// An expression without an aggregation collects its values per group into
// a list (an implicit Implode, as in Polars). Over list columns Sum, Mean,
// Min, Max, Std, Count and NUnique take every item of the group's lists;
// over a nested path, the leaf at that path. A frame of 0 rows gives 0
// groups with the result's schema. A column name given twice is an
// ErrDuplicate error.
func (g *GroupBy) Agg(exprs ...Expr) *Frame {
	const op = "GroupBy.Agg"
	if g == nil || (g.err == nil && g.f == nil) {
		return failed(errorf(op, ErrArgument, "a GroupBy not made by Frame.GroupBy"))
	}
	if g.err != nil {
		return failed(g.err)
	}
	f := g.f
	keyNames, keyVals, err := g.keyColumns(op)
	if err != nil {
		return failed(err)
	}
	groups, err := grpValues(op, f.data.NumRows(), keyNames, keyVals)
	if err != nil {
		return failed(err)
	}
	skip := make(map[string]bool, len(keyNames))
	for _, name := range keyNames {
		skip[name] = true
	}
	if exprs, err = f.expandExprs(op, exprs, skip); err != nil {
		return failed(err)
	}
	first := groups.firstRows()
	fields := make([]structured.FieldValue, 0, len(keyNames)+len(exprs))
	seen := make(map[string]bool, len(keyNames)+len(exprs))
	for k, name := range keyNames {
		if seen[name] {
			return failed(errorf(op, ErrDuplicate, "key %q is given twice", name))
		}
		seen[name] = true
		v, err := structured.TakeValue(keyVals[k], first)
		if err != nil {
			return failed(wrap(op, err))
		}
		fields = append(fields, structured.FieldValue{Name: name, Value: v})
	}
	c := &exprCtx{op: op, f: f, grp: groups}
	for _, e := range exprs {
		if e.n != nil && !e.n.hasAgg() {
			e = Expr{n: exprAlias{e: e.Implode(), name: e.Name()}}
		}
		name := e.Name()
		if seen[name] {
			return failed(errorf(op, ErrDuplicate, "column %q is made twice (keys: %s); use Alias", name, strings.Join(keyNames, ", ")))
		}
		seen[name] = true
		v, err := e.eval(c)
		if err != nil {
			return failed(err)
		}
		val, err := v.toValue(groups.n)
		if err != nil {
			return failed(exprErr(c, e, err))
		}
		fields = append(fields, structured.FieldValue{Name: name, Value: val})
	}
	t, err := structured.FromFieldsShape(fields, structured.Shape{groups.n})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, index.NewRange(groups.n))
}
