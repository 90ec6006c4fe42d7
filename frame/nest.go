package frame

import (
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Nest groups the rows by the key columns (first-appearance order, nulls
// one key) and collects every other top-level column into one column
// named into, a list of structures holding each group's rows: one row per
// group, the keys first. It is the inverse of exploding a list of
// structures and unnesting it: a flat frame of (recipe, ingredient,
// amount) rows nests into recipe and ingredients: var * {ingredient, amount}.
//
// The rows are ordered by group with a stable counting sort, the non-key
// columns taken once in that order, and cut by a row partition of the group
// sizes: no value is converted to Go. Keys are top-level columns; a name
// that is a key, or an into that is the name of a key, is an error.
func (f *Frame) Nest(into string, by ...string) *Frame {
	const op = "Nest"
	if f.Err() != nil {
		return f
	}
	if len(by) == 0 {
		return failed(errorf(op, ErrArgument, "no key columns"))
	}
	isKey := make(map[string]bool, len(by))
	for _, k := range by {
		if !f.data.HasField(k) {
			_, _, err := f.column(op, Path(k))
			return failed(err)
		}
		if isKey[k] {
			return failed(errorf(op, ErrDuplicate, "key %q is given twice", k))
		}
		isKey[k] = true
	}
	if isKey[into] {
		return failed(errorf(op, ErrDuplicate, "the nested column %q has the name of a key", into))
	}
	refs := make([]string, len(by))
	for i, k := range by {
		refs[i] = Path(k)
	}
	groups, keyVals, err := grpKeys(op, f, refs)
	if err != nil {
		return failed(err)
	}
	var rest []string
	for _, name := range f.data.FieldNames() {
		if !isKey[name] {
			rest = append(rest, name)
		}
	}
	inner, err := f.data.WithOnly(rest...)
	if err != nil {
		return failed(wrap(op, err))
	}
	rows, sizes := groups.order()
	inner, err = inner.Take(rows)
	if err != nil {
		return failed(wrap(op, err))
	}
	p, err := structured.PartitionFromLengths(sizes)
	if err != nil {
		return failed(wrap(op, err))
	}
	nested, err := inner.PartitionOuterDimension(p)
	if err != nil {
		return failed(wrap(op, err))
	}
	first := groups.firstRows()
	fields := make([]structured.FieldValue, 0, len(by)+1)
	for k, name := range by {
		v, err := structured.TakeValue(keyVals[k], first)
		if err != nil {
			return failed(wrap(op, err))
		}
		fields = append(fields, structured.FieldValue{Name: name, Value: v})
	}
	fields = append(fields, structured.FieldValue{Name: into, Value: nested})
	t, err := structured.FromFieldsShape(fields, structured.Shape{groups.n})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, index.NewRange(groups.n))
}
