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
	return f.nest("Nest", into, "", by)
}

// NestPositions is Nest that undoes Explode exactly: position names the
// column that Explode's WithPosition added (an integer column, dropped from
// the items). Rows whose position is >= 0 are the items of their group; a
// group whose rows have position -1 becomes an empty list and one whose
// rows have a null position a null list, so Explode (with a position)
// then NestPositions gives back [], null and [null] as they were. Any other
// negative position is an ErrArgument error naming the row.
func (f *Frame) NestPositions(into, position string, by ...string) *Frame {
	const op = "NestPositions"
	if f.Err() != nil {
		return f
	}
	if !f.data.HasField(position) {
		_, _, err := f.column(op, Path(position))
		return failed(err)
	}
	return f.nest(op, into, position, by)
}

// nest is Nest, reading list positions from the column position if it is
// not "".
func (f *Frame) nest(op, into, position string, by []string) *Frame {
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
	if position != "" && isKey[position] {
		return failed(errorf(op, ErrDuplicate, "the position column %q is a key", position))
	}
	var rest []string
	for _, name := range f.data.FieldNames() {
		if !isKey[name] && name != position {
			rest = append(rest, name)
		}
	}
	inner, err := f.data.WithOnly(rest...)
	if err != nil {
		return failed(wrap(op, err))
	}
	rows, sizes := groups.order()
	var valid []bool
	if position != "" {
		if rows, sizes, valid, err = nestItems(op, f, position, rows, sizes); err != nil {
			return failed(err)
		}
	}
	inner, err = inner.Take(rows)
	if err != nil {
		return failed(wrap(op, err))
	}
	p, err := structured.PartitionFromLengths(sizes)
	if err != nil {
		return failed(wrap(op, err))
	}
	if valid != nil {
		if p, err = p.WithValidity(valid); err != nil {
			return failed(wrap(op, err))
		}
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

// nestItems keeps, of the rows ordered by group, those whose position is
// >= 0 (the items), and tells each group's list apart: null when its rows
// have a null position, empty when they have -1. valid is nil when no list
// is null.
func nestItems(op string, f *Frame, position string, rows []int, sizes []int64) ([]int, []int64, []bool, error) {
	_, v, err := f.column(op, Path(position))
	if err != nil {
		return nil, nil, nil, err
	}
	d, ok := v.(*structured.Dense)
	var pos []int64
	if ok && d.Rank() == 1 {
		pos, err = d.Int64s()
	}
	if !ok || d.Rank() != 1 || err != nil {
		return nil, nil, nil, errorf(op, ErrType, "the position column %q is not an int64 column", position)
	}
	items := rows[:0:0]
	var valid []bool
	at := 0
	for g, size := range sizes {
		kept := int64(0)
		null := false
		for _, r := range rows[at : at+int(size)] {
			switch {
			case d.IsNull(r):
				null = true
			case pos[r] >= 0:
				items = append(items, r)
				kept++
			case pos[r] != -1:
				return nil, nil, nil, errorf(op, ErrArgument, "position column %q: row %d holds %d; want a position >= 0, -1 (an empty list) or null (a null list)", position, r, pos[r])
			}
		}
		if null && kept == 0 {
			if valid == nil {
				valid = make([]bool, len(sizes))
				for i := range valid {
					valid[i] = true
				}
			}
			valid[g] = false
		}
		at += int(size)
		sizes[g] = kept
	}
	return items, sizes, valid, nil
}
