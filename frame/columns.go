package frame

import (
	"fmt"
	"slices"
	"strings"

	"github.com/structframe/structframe/structured"
)

// Column paths. A column is named by a string: first as an exact top-level
// name (so the dotted columns Flatten makes are found as they are), then as
// a dotted path into nested columns, "recipe.ingredients.name". Names that
// themselves contain dots are reached with a path given piece by piece:
// Path("recipe", "a.b"). Through a list of structures a path gives one
// list per row (the names of every ingredient of a recipe).

// pathSep separates the names of a dotted column path.
const pathSep = "."

// Path joins path pieces into one column reference that is never split on
// dots, for names that contain dots: Path("a.b", "c") is field c of column
// "a.b". The reference is a string the methods of Frame accept.
func Path(pieces ...string) string {
	return pathMark + strings.Join(pieces, pathMark)
}

// pathMark starts and separates the pieces of a Path reference; it is a
// character no sane column name holds.
const pathMark = "\x00"

// splitPath turns a column reference into its field path: a Path reference
// into its pieces, an exact top-level name into itself, else the dotted parts.
func splitPath(t *structured.Tensor, ref string) []string {
	if strings.HasPrefix(ref, pathMark) {
		return strings.Split(ref[len(pathMark):], pathMark)
	}
	if t.HasField(ref) || !strings.Contains(ref, pathSep) {
		return []string{ref}
	}
	return strings.Split(ref, pathSep)
}

// displayPath renders a column reference for messages and result names.
func displayPath(ref string) string {
	if strings.HasPrefix(ref, selMark) {
		return selDisplay(ref)
	}
	if strings.HasPrefix(ref, pathMark) {
		return strings.Join(strings.Split(ref[len(pathMark):], pathMark), pathSep)
	}
	return ref
}

// column resolves a column reference to its path and value, or an ErrColumn
// error naming the reference and the columns there are.
func (f *Frame) column(op, ref string) ([]string, structured.Value, error) {
	path := splitPath(f.data, ref)
	v, err := f.data.Field(path...)
	if err != nil || len(path) == 0 {
		return nil, nil, errorf(op, ErrColumn, "column %q not found (%s)", displayPath(ref), f.nearest(path))
	}
	return path, v, nil
}

// nearest lists what a path that names no column could have named: the
// fields of its longest prefix that is a structure (recipe.nope lists
// recipe's fields), else the top-level columns.
func (f *Frame) nearest(path []string) string {
	for k := len(path) - 1; k > 0; k-- {
		v, err := f.data.Field(path[:k]...)
		if err != nil {
			continue
		}
		if t, ok := v.(*structured.Tensor); ok {
			return fmt.Sprintf("fields of %s: %s", strings.Join(path[:k], pathSep), columnList(t.FieldNames()))
		}
		return fmt.Sprintf("%s is not a structure", strings.Join(path[:k], pathSep))
	}
	return "columns: " + columnList(f.data.FieldNames())
}

// Column returns one column, top-level or nested, as a Series with the
// Frame's index. Its name is the reference, dotted.
func (f *Frame) Column(ref string) (Series, error) {
	if err := f.Err(); err != nil {
		return Series{}, err
	}
	_, v, err := f.column("Column", ref)
	if err != nil {
		return Series{}, err
	}
	return Series{name: displayPath(ref), v: v, idx: f.idx}, nil
}

// ColumnChunks returns one column, top-level or nested, as the pieces it
// is made of, without joining them: the values of one column in the
// record batches of an Arrow file read whole, or in the frames joined by
// [Concat], in row order. A column is joined (copied) into one array the
// first time it is read through Column or any verb; until then its pieces
// can be reduced in place, as Polars reduces a chunked column, and a
// memory-mapped file of many batches is read without a copy. A column
// already joined, or made of one piece, is one piece. See
// [structured.Tensor.FieldChunks].
func (f *Frame) ColumnChunks(ref string) ([]structured.Value, error) {
	if err := f.Err(); err != nil {
		return nil, err
	}
	path := splitPath(f.data, ref)
	chunks, err := f.data.FieldChunks(path...)
	if err != nil || len(path) == 0 {
		return nil, errorf("ColumnChunks", ErrColumn, "column %q not found (%s)", displayPath(ref), f.nearest(path))
	}
	return chunks, nil
}

// Select keeps the given columns, in the order given. A nested path selects
// that nested field as a top-level column named by its dotted path
// ("recipe.title"). A selector (a ^pattern$, ColsByType; see Selectors)
// selects its columns in the frame's order. Selecting a column twice is
// an ErrDuplicate error.
func (f *Frame) Select(refs ...string) *Frame {
	const op = "Select"
	if f.Err() != nil {
		return f
	}
	refs, err := f.expandRefs(op, refs)
	if err != nil {
		return failed(err)
	}
	if t, ok := f.selectTop(refs); ok {
		return f.with(t, f.idx)
	}
	fields := make([]structured.FieldValue, 0, len(refs))
	seen := make(map[string]bool, len(refs))
	for _, ref := range refs {
		_, v, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		name := displayPath(ref)
		if seen[name] {
			return failed(errorf(op, ErrDuplicate, "column %q is selected twice", name))
		}
		seen[name] = true
		fields = append(fields, structured.FieldValue{Name: name, Value: v})
	}
	return f.withColumns(op, fields)
}

// selectTop is Select of top-level columns, each once: their fields kept
// as they are, without reading them (a column of a frame joined from
// pieces stays in pieces; see ColumnChunks). It reports false for any
// other selection, and for a frame with null rows (whose nulls Select's
// rebuilt frame gives its columns), which Select makes (or refuses) field
// by field.
func (f *Frame) selectTop(refs []string) (*structured.Tensor, bool) {
	if f.data.NullN() != 0 {
		return nil, false
	}
	names := make([]string, len(refs))
	for k, ref := range refs {
		path := splitPath(f.data, ref)
		if len(path) != 1 || !f.data.HasField(path[0]) || displayPath(ref) != path[0] {
			return nil, false
		}
		names[k] = path[0]
	}
	t, err := f.data.WithOnly(names...)
	return t, err == nil
}

// withColumns returns a Frame with the same rows and index and exactly the
// given columns (shared, not copied).
func (f *Frame) withColumns(op string, fields []structured.FieldValue) *Frame {
	t, err := structured.FromFieldsShape(fields, structured.Shape{f.data.NumRows()})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, f.idx)
}

// Drop removes columns: top-level names or paths to nested fields (the
// field is removed from its structure), or the columns of a selector (a
// ^pattern$, ColsByType; see Selectors). An unknown column is an error.
func (f *Frame) Drop(refs ...string) *Frame {
	const op = "Drop"
	if f.Err() != nil {
		return f
	}
	refs, err := f.expandRefs(op, refs)
	if err != nil {
		return failed(err)
	}
	updates := make([]structured.Update, 0, len(refs))
	for _, ref := range refs {
		path, _, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		updates = append(updates, structured.DeleteField(path...))
	}
	t, err := f.data.WithUpdates(updates...)
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, f.idx)
}

// Rename renames top-level columns, old name to new name; the order of the
// columns is kept. An unknown old name, or a new name that collides with
// another column, is an error naming both.
func (f *Frame) Rename(oldToNew map[string]string) *Frame {
	const op = "Rename"
	if f.Err() != nil {
		return f
	}
	names := f.data.FieldNames()
	for old := range oldToNew {
		if !slices.Contains(names, old) {
			return failed(errorf(op, ErrColumn, "column %q not found (columns: %s)", old, columnList(names)))
		}
	}
	fields := f.data.Fields()
	seen := make(map[string]string, len(fields))
	for i := range fields {
		old := fields[i].Name
		if nu, ok := oldToNew[old]; ok {
			fields[i].Name = nu
		}
		if prev, dup := seen[fields[i].Name]; dup {
			return failed(errorf(op, ErrDuplicate, "renaming gives two columns named %q (from %q and %q)", fields[i].Name, prev, old))
		}
		seen[fields[i].Name] = old
	}
	return f.withColumns(op, fields)
}
