package frame

import (
	"errors"
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Rows is the slice of rows [start, stop) as a key of At: Python's
// start:stop (negative bounds count from the end, out of range ones are
// clamped). structured.Slice values (structured.S("::2"),
// structured.All) are keys too.
func Rows(start, stop int) structured.Slice { return structured.Span(start, stop) }

// At selects part of the frame at any depth with a multi-dimensional key,
// as numpy, TensorFlow's StructuredTensor and Awkward Array index, which
// the pandas-like frames cannot do inside their cells. The key is, in
// order:
//
//  1. Optionally, the rows: an int (one row; negative counts from the
//     end), a structured.Slice (Rows(10, 20), structured.S("::2")), a
//     []int of positions (repeats allowed) or a []bool mask of NumRows
//     entries. Without it every row is selected.
//  2. Optionally, a column (a string: a name or dotted path, see Path).
//  3. Then keys for the column's own dimensions, one dimension at a time,
//     left to right: an int picks one item of every list (removing the
//     dimension; an error names the row if a list is too short, empty or
//     null), a structured.Slice keeps a range of each list (negative
//     bounds count from each list's end), a string picks a field of a
//     structure or list of structures (keeping the lists), a [][]int
//     gathers positions per list (one []int per selected row), and a bool
//     mask of the shape of the value so far over the selected rows (a
//     structured.Leaf such as a *structured.Ragged, or a Series) keeps the
//     items where it is true: a ragged mask.
//
// The result depends on what is left: with one row picked by an int, the
// Go value of that row or cell (ToValue's map[string]any, []any, scalar;
// nil for a null); otherwise a *Frame when the result is a table of
// structures (no column given, or a column of structures, such as the
// first ingredient of every recipe), else a Series named by the column
// path, whose cells may be lists. Frames and Series keep the rows' index
// labels.
//
//	f.At(structured.All, "ingredients", 0)            // first ingredient of every recipe: a *Frame
//	f.At(Rows(10, 20), "steps", structured.From(-2))  // the last two steps of recipes 10..19: a Series
//	f.At("ingredients", "amount", isGram)             // amounts whose unit is "g" (isGram: a bool
//	                                                  // mask shaped as ingredients.unit): a Series of lists
//	f.At(3, "title")                                  // a string
//
// Errors: an unknown column (ErrColumn), a key of the wrong type or in
// the wrong place (ErrArgument), positions out of range (ErrIndex), and
// masks of the wrong length or shape (ErrShape).
func (f *Frame) At(keys ...any) (any, error) {
	const op = "At"
	if err := f.Err(); err != nil {
		return nil, err
	}
	g, one, rest, err := f.atRows(op, keys)
	if err != nil {
		return nil, err
	}
	if len(rest) == 0 {
		if one {
			return g.data.ToValue().([]any)[0], nil
		}
		return g, nil
	}
	ref, ok := rest[0].(string)
	if !ok {
		return nil, errorf(op, ErrArgument, "key %d is a %T; after the rows comes a column name (a string)", len(keys)-len(rest), rest[0])
	}
	_, cur, err := g.column(op, ref)
	if err != nil {
		return nil, err
	}
	name := displayPath(ref)
	d := 1 // the dimension of cur the next key applies to
	for k, key := range rest[1:] {
		pos := len(keys) - len(rest) + 1 + k
		if cur, d, err = atApply(cur, d, key); err != nil {
			return nil, errorf(op, atKind(err), "column %q, key %d (%v): %v", name, pos, atKeyText(key), err)
		}
		if field, ok := key.(string); ok {
			name += pathSep + field
		}
	}
	if one {
		v, err := cur.Index(0)
		if err != nil {
			return nil, errorf(op, ErrIndex, "column %q: %v", name, err)
		}
		return v.ToValue(), nil
	}
	if t, ok := cur.(*structured.Tensor); ok && t.Rank() == 1 && !t.IsMap() && t.NumFields() > 0 {
		return g.with(t, g.idx), nil
	}
	return Series{name: name, v: cur, idx: g.idx}, nil
}

// atRows applies the row key, if any: g holds the selected rows, one
// reports a single row picked by an int (g has that one row), rest is the
// rest of the key.
func (f *Frame) atRows(op string, keys []any) (g *Frame, one bool, rest []any, err error) {
	if len(keys) == 0 {
		return f, false, nil, nil
	}
	n := f.data.NumRows()
	rest = keys[1:]
	switch k := keys[0].(type) {
	case string:
		return f, false, keys, nil
	case structured.Slice:
		start, stop, step := k.Indices(n)
		if step == 1 {
			return f.Slice(start, max(stop, start)), false, rest, nil
		}
		rows := make([]int, 0, k.Len(n))
		for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
			rows = append(rows, i)
		}
		g = f.take(op, rows)
	case []int:
		g = f.Take(k)
	case []bool:
		if len(k) != n {
			return nil, false, nil, errorf(op, ErrShape, "row mask has %d entries for %d rows", len(k), n)
		}
		rows := make([]int, 0, n)
		for i, keep := range k {
			if keep {
				rows = append(rows, i)
			}
		}
		g = f.take(op, rows)
	default:
		i, ok := atInt(k)
		if !ok {
			return nil, false, nil, errorf(op, ErrArgument, "key 0 is a %T; rows are an int, a structured.Slice, a []int or a []bool", keys[0])
		}
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			return nil, false, nil, errorf(op, ErrIndex, "row %v is out of range for %d rows", keys[0], n)
		}
		g, one = f.Slice(i, i+1), true
	}
	if err := g.Err(); err != nil {
		return nil, false, nil, err
	}
	return g, one, rest, nil
}

// atApply applies one key to dimension d of cur.
func atApply(cur structured.Value, d int, key any) (structured.Value, int, error) {
	all := func(extra any) []any {
		k := make([]any, d, d+1)
		for i := range k {
			k[i] = structured.All
		}
		return append(k, extra)
	}
	switch k := key.(type) {
	case string:
		t, ok := cur.(*structured.Tensor)
		if !ok || t.IsMap() {
			return nil, d, fmt.Errorf("%w: not a structure, so it has no field %q", ErrArgument, k)
		}
		v, err := t.Field(k)
		if err != nil {
			return nil, d, fmt.Errorf("%w: no field %q (fields: %s)", ErrColumn, k, columnList(t.FieldNames()))
		}
		return v, d, nil
	case structured.Slice:
		if d >= cur.Rank() {
			return nil, d, fmt.Errorf("%w: no dimension left to slice", ErrIndex)
		}
		v, err := cur.Index(all(k)...)
		return v, d + 1, err
	case [][]int:
		v, err := atWrapped(cur, func(t *structured.Tensor) (*structured.Tensor, error) { return t.GatherRagged(k, d) })
		return v, d + 1, err
	case Series:
		return atApply(cur, d, k.Value())
	case structured.Leaf:
		if r, ok := k.(*structured.Ragged); ok && r == nil {
			return nil, d, fmt.Errorf("%w: nil mask", ErrArgument)
		}
		if x, ok := k.(*structured.Dense); ok && x == nil {
			return nil, d, fmt.Errorf("%w: nil mask", ErrArgument)
		}
		if k.Rank() != d+1 {
			return nil, d, fmt.Errorf("%w: a mask of rank %d for dimension %d (want rank %d)", ErrShape, k.Rank(), d, d+1)
		}
		v, err := atWrapped(cur, func(t *structured.Tensor) (*structured.Tensor, error) { return t.BooleanMaskRagged(k) })
		return v, d + 1, err
	}
	if i, ok := atInt(key); ok {
		if d >= cur.Rank() {
			return nil, d, fmt.Errorf("%w: no dimension left to index", ErrIndex)
		}
		v, err := cur.Index(all(i)...)
		return v, d, err
	}
	return nil, d, fmt.Errorf("%w: a key of type %T (want int, structured.Slice, field name, [][]int or a bool mask)", ErrArgument, key)
}

// atWrapped applies a Tensor operation to any value: to a leaf or map
// through a Tensor of the value's rank holding it as its only field.
func atWrapped(v structured.Value, fn func(*structured.Tensor) (*structured.Tensor, error)) (structured.Value, error) {
	if t, ok := v.(*structured.Tensor); ok && !t.IsMap() {
		return fn(t)
	}
	w, err := structured.FromFields([]structured.FieldValue{{Name: "v", Value: v}}, v.Rank())
	if err != nil {
		return nil, err
	}
	out, err := fn(w)
	if err != nil {
		return nil, err
	}
	return out.Field("v")
}

// atInt reads an int key (a position) of any Go integer type but uint
// and uint64, as At and ILoc take them.
func atInt(k any) (int, bool) {
	switch i := k.(type) {
	case int:
		return i, true
	case int8:
		return int(i), true
	case int16:
		return int(i), true
	case int32:
		return int(i), true
	case int64:
		return int(i), true
	case uint8:
		return int(i), true
	case uint16:
		return int(i), true
	case uint32:
		return int(i), true
	}
	return 0, false
}

// atKeyText renders a key for messages.
func atKeyText(k any) string {
	switch x := k.(type) {
	case structured.Slice:
		return x.String()
	case string:
		return fmt.Sprintf("%q", x)
	case structured.Leaf, Series:
		return "mask"
	case [][]int:
		return "[][]int"
	}
	return fmt.Sprint(k)
}

// atKind is the sentinel of an error from a key: ours, which are the
// structured layer's too, or ErrIndex.
func atKind(err error) error {
	for _, s := range []error{ErrColumn, ErrArgument, ErrShape, ErrIndex, ErrType} {
		if errors.Is(err, s) {
			return err
		}
	}
	return fmt.Errorf("%w: %w", ErrIndex, err)
}
