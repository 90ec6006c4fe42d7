package frame

import (
	"strings"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// GroupBy is a frame grouped by key columns, waiting for its aggregations
// (Polars' group_by, pandas' groupby). Make one with Frame.GroupBy.
type GroupBy struct {
	f    *Frame
	keys []string
	err  error
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
	if len(keys) == 0 {
		return &GroupBy{err: errorf("GroupBy", ErrArgument, "no key columns")}
	}
	return &GroupBy{f: f, keys: keys}
}

// Err returns the error of the frame grouped, or of the keys, or nil.
func (g *GroupBy) Err() error { return g.err }

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
	if g.err != nil {
		return failed(g.err)
	}
	f := g.f
	groups, keyVals, err := grpKeys(op, f, g.keys)
	if err != nil {
		return failed(err)
	}
	first := groups.firstRows()
	fields := make([]structured.FieldValue, 0, len(g.keys)+len(exprs))
	seen := make(map[string]bool, len(g.keys)+len(exprs))
	for k, ref := range g.keys {
		name := displayPath(ref)
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
			return failed(errorf(op, ErrDuplicate, "column %q is made twice (keys: %s); use Alias", name, strings.Join(g.keys, ", ")))
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
