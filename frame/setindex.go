package frame

import (
	"fmt"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// SetIndex makes columns the row index: one column gives a label index
// named after it, several a MultiIndex with one level per column, outer
// first, whose groups are the runs of equal outer labels (rows keep their
// order; see index.MultiFromLevels). A column is a top-level name or a
// dotted path to a nested leaf (the level is named by the dotted path, and
// the field leaves its structure). The columns leave the data.
//
// Index columns hold one scalar per row (any Arrow type; nulls allowed);
// a list or structure column is an ErrType error naming it. An index the
// Frame already has is replaced, as pandas' set_index with append=False:
// call ResetIndex first to keep its levels as columns.
func (f *Frame) SetIndex(cols ...string) *Frame {
	const op = "SetIndex"
	if f.Err() != nil {
		return f
	}
	if len(cols) == 0 {
		return failed(errorf(op, ErrArgument, "no column given"))
	}
	names := make([]string, len(cols))
	levels := make([]structured.Value, len(cols))
	deletes := make([]structured.Update, len(cols))
	seen := make(map[string]bool, len(cols))
	for i, ref := range cols {
		path, v, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		name := displayPath(ref)
		if seen[name] {
			return failed(errorf(op, ErrDuplicate, "column %q is given twice", name))
		}
		seen[name] = true
		if d, ok := v.(*structured.Dense); !ok || d.Rank() != 1 {
			return failed(errorf(op, ErrType, "column %q cannot label rows: it is %s, not one scalar per row", name, v.Shape()))
		}
		names[i], levels[i] = name, v
		deletes[i] = structured.DeleteField(path...)
	}
	data, err := f.data.WithUpdates(deletes...)
	if err != nil {
		return failed(wrap(op, err))
	}
	var idx index.Index
	if len(cols) == 1 {
		idx, err = index.NewLabels(names[0], levels[0])
	} else {
		idx, err = index.MultiFromLevels(names, levels...)
	}
	if err != nil {
		return failed(errorf(op, fmt.Errorf("%w: %w", ErrType, err), "%v", err))
	}
	return f.with(data, idx)
}

// ResetIndex turns the index levels into leading columns, in level order,
// and gives the Frame a range index. A column is named after its level;
// an unnamed level is "index" for a label index and "level_0", "level_1",
// ... for a MultiIndex, as in pandas. A name that is already a column is an
// ErrDuplicate error naming it. A Frame with a range index is returned as
// it is: a range has no levels (pandas would insert the positions; Take a
// range index's positions into a column explicitly if they are wanted).
//
// SetIndex(a, b).ResetIndex() gives the Frame back, with a and b moved to
// the front (the original itself when they led).
func (f *Frame) ResetIndex() *Frame {
	const op = "ResetIndex"
	if f.Err() != nil {
		return f
	}
	if _, ok := f.idx.(index.Range); ok {
		return f
	}
	levels, err := index.Levels(f.idx)
	if err != nil {
		return failed(wrap(op, err))
	}
	names := f.idx.Names()
	updates := make([]structured.Update, len(levels))
	order := make([]string, 0, len(levels)+f.data.NumFields())
	seen := make(map[string]int, len(levels))
	for k := range levels {
		name := names[k]
		if name == "" {
			name = "index"
			if len(levels) > 1 {
				name = fmt.Sprintf("level_%d", k)
			}
		}
		if f.data.HasField(name) {
			return failed(errorf(op, ErrDuplicate, "index level %d (%q) collides with the column %q", k, name, name))
		}
		if j, dup := seen[name]; dup {
			return failed(errorf(op, ErrDuplicate, "index levels %d and %d are both named %q", j, k, name))
		}
		seen[name] = k
		updates[k] = structured.SetField(levels[k], name)
		order = append(order, name)
	}
	t, err := f.data.WithUpdates(updates...)
	if err != nil {
		return failed(wrap(op, err))
	}
	if t, err = t.WithOnly(append(order, f.data.FieldNames()...)...); err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, index.NewRange(t.NumRows()))
}
