package frame

import (
	"fmt"
	"strings"

	"github.com/structframe/structframe/structured"
)

// Head returns the first n rows of each group (Polars'
// group_by(maintain_order=True).head(n)): the groups one after the other
// in the order of their first row, each group's rows in frame order; a
// group of fewer rows gives them all, and n < 0 gives all but the last -n
// of each group (as Frame.Head). The key columns come first, named as in
// Agg, then the frame's other columns, nested ones too; index labels
// follow their rows (a range index counts again).
func (g *GroupBy) Head(n int) *Frame {
	return g.headTail("GroupBy.Head", n, false)
}

// Tail returns the last n rows of each group, in frame order within the
// group (Polars' group_by().tail(n)); n < 0 gives all but the first -n of
// each group (as Frame.Tail). The groups and columns are as Head's.
func (g *GroupBy) Tail(n int) *Frame {
	return g.headTail("GroupBy.Tail", n, true)
}

func (g *GroupBy) headTail(op string, n int, tail bool) *Frame {
	if g == nil || (g.err == nil && g.f == nil) {
		return failed(errorf(op, ErrArgument, "a GroupBy not made by Frame.GroupBy"))
	}
	if g.err != nil {
		return failed(g.err)
	}
	names, vals, groups, err := g.groups(op)
	if err != nil {
		return failed(err)
	}
	order, sizes := groups.order()
	rows := make([]int, 0, len(order))
	start := 0
	for _, s := range sizes {
		size := int(s)
		k := n
		if k < 0 {
			k = max(size+k, 0)
		}
		k = min(k, size)
		if tail {
			rows = append(rows, order[start+size-k:start+size]...)
		} else {
			rows = append(rows, order[start:start+k]...)
		}
		start += size
	}
	return g.f.keysFirst(op, names, vals, rows)
}

// groups evaluates the keys and groups the rows by them.
func (g *GroupBy) groups(op string) ([]string, []structured.Value, *grpGroups, error) {
	names, vals, err := g.keyColumns(op)
	if err != nil {
		return nil, nil, nil, err
	}
	groups, err := grpValues(op, g.f.data.NumRows(), names, vals)
	if err != nil {
		return nil, nil, nil, err
	}
	return names, vals, groups, nil
}

// keysFirst is the rows of f with the key columns (names, values) first
// and f's other columns after them.
func (f *Frame) keysFirst(op string, names []string, vals []structured.Value, rows []int) *Frame {
	sub := f.take(op, rows)
	if sub.Err() != nil {
		return sub
	}
	fields := make([]structured.FieldValue, 0, len(names)+f.data.NumFields())
	isKey := make(map[string]bool, len(names))
	for k, name := range names {
		if isKey[name] {
			return failed(errorf(op, ErrDuplicate, "key %q is given twice", name))
		}
		isKey[name] = true
		v, err := structured.TakeValue(vals[k], rows)
		if err != nil {
			return failed(wrap(op, err))
		}
		fields = append(fields, structured.FieldValue{Name: name, Value: v})
	}
	for _, fv := range sub.data.Fields() {
		if !isKey[fv.Name] {
			fields = append(fields, fv)
		}
	}
	return sub.withColumns(op, fields)
}

// Apply calls fn with each group's rows as a Frame and concatenates what
// it returns (Polars' group_by().map_groups), for what Agg's expressions
// cannot say: fn sees the group's rows in frame order with every column
// of the frame, key columns included (a key GroupByExprs computes is not
// a column), and their index labels (a range index counts from 0 in each
// group). The groups come in the order of their first row; the results
// are joined by Concat, so they must have columns Concat can join (the
// same names and types, or missing ones filled with nulls as Concat
// does). An error from fn, or a failed or nil frame it returns, stops
// Apply with an error naming the group by its key values. A frame of no
// rows has no group: fn is not called and the result is f's empty frame.
//
// Cost: one Take of the group's rows per group, one call of fn per group
// and one Concat of the results: O(rows) copying plus a fixed cost per
// group (a Frame and a Take), which dominates for many small groups;
// Agg's expressions run over all groups at once and are much faster
// where they can say the same.
func (g *GroupBy) Apply(fn func(*Frame) (*Frame, error)) *Frame {
	const op = "GroupBy.Apply"
	if g == nil || (g.err == nil && g.f == nil) {
		return failed(errorf(op, ErrArgument, "a GroupBy not made by Frame.GroupBy"))
	}
	if g.err != nil {
		return failed(g.err)
	}
	if fn == nil {
		return failed(errorf(op, ErrArgument, "nil function"))
	}
	names, vals, groups, err := g.groups(op)
	if err != nil {
		return failed(err)
	}
	if groups.n == 0 {
		return g.f.Slice(0, 0)
	}
	order, sizes := groups.order()
	results := make([]*Frame, 0, groups.n)
	start := 0
	for k, s := range sizes {
		rows := order[start : start+int(s)]
		start += int(s)
		res, err := fn(g.f.take(op, rows))
		if err == nil && res == nil {
			err = fmt.Errorf("%w: the function returned a nil frame", ErrArgument)
		}
		if err == nil {
			err = res.Err()
		}
		if err != nil {
			return failed(&Error{Op: op, Err: err, Msg: fmt.Sprintf("group %s: %v", applyGroupName(names, vals, int(groups.first[k])), err)})
		}
		results = append(results, res)
	}
	out := Concat(results...)
	if err := out.Err(); err != nil {
		return failed(&Error{Op: op, Err: err, Msg: fmt.Sprintf("joining the groups' results: %v", err)})
	}
	return out
}

// applyGroupName names a group by its key values at one of its rows, as
// "(city=Paris, year=2024)".
func applyGroupName(names []string, vals []structured.Value, row int) string {
	parts := make([]string, len(names))
	for k, name := range names {
		var x any = "?"
		if v, err := structured.TakeValue(vals[k], []int{row}); err == nil {
			if xs, ok := v.ToValue().([]any); ok && len(xs) == 1 {
				x = xs[0]
			}
		}
		if x == nil {
			x = "null"
		}
		parts[k] = fmt.Sprintf("%s=%v", name, x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
