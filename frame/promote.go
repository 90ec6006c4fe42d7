package frame

import (
	"slices"
	"strings"

	"github.com/structframe/structframe/structured"
)

// Promote copies a nested field up one level, beside its parent, under a
// new name, merging the list levels in between (TensorFlow's promote,
// from the structured layer): Promote("ingredients.name", "names") adds a
// top-level list column holding each recipe's ingredient names, and
// Promote("recipe.ingredients.name", "names") adds the field names to the
// structure recipe. ref is a column path of at least two names (see Path
// for names with dots). No value is copied: the new column shares the
// field's arrays, only list partitions are composed. A null parent list
// gives a null list; a null list inside one contributes nothing.
//
// Errors: an unknown column (ErrColumn), a top-level column or an empty
// name (ErrArgument), and a name already taken beside the parent
// (ErrDuplicate: Promote never overwrites; Drop the column first).
func (f *Frame) Promote(ref, newName string) *Frame {
	const op = "Promote"
	if f.Err() != nil {
		return f
	}
	path, _, err := f.column(op, ref)
	if err != nil {
		return failed(err)
	}
	if len(path) < 2 {
		return failed(errorf(op, ErrArgument, "column %q is top-level; Promote copies a nested field up to its parent's level", displayPath(ref)))
	}
	if newName == "" {
		return failed(errorf(op, ErrArgument, "empty new name for %q", displayPath(ref)))
	}
	gp := path[:len(path)-2]
	if g, err := f.data.Field(gp...); err == nil {
		if gt, ok := g.(*structured.Tensor); ok && gt.HasField(newName) {
			return failed(errorf(op, ErrDuplicate, "promoting %q: column %q already exists", displayPath(ref), strings.Join(append(slices.Clone(gp), newName), pathSep)))
		}
	}
	t, err := f.data.Promote(path, newName)
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, f.idx)
}

// Broadcast copies a field down to every structure below its parent,
// under the target path: Broadcast("title", "ingredients.title") gives
// every ingredient the title of its recipe, so that an exploded or
// flattened ingredient still knows it (the RFC's broadcast, from the
// structured layer). The target's parent must be a structure (or list of
// structures) under the source's parent; the last name of target is the
// new field. Each value is gathered once per column with typed kernels;
// at equal depth it is shared.
//
// Errors: an unknown source or target parent (ErrColumn), a target parent
// that is not a structure (ErrType), a target not below the source's
// parent (ErrArgument), and a target that already exists (ErrDuplicate).
func (f *Frame) Broadcast(source, target string) *Frame {
	const op = "Broadcast"
	if f.Err() != nil {
		return f
	}
	src, _, err := f.column(op, source)
	if err != nil {
		return failed(err)
	}
	tgt := atTargetPath(target)
	if len(tgt) < 2 || slices.Contains(tgt, "") {
		return failed(errorf(op, ErrArgument, "target %q must name a new field inside a structure column (parent.field)", displayPath(target)))
	}
	parentPath := tgt[:len(tgt)-1]
	pv, err := f.data.Field(parentPath...)
	if err != nil {
		return failed(errorf(op, ErrColumn, "target parent %q not found (columns: %s)", strings.Join(parentPath, pathSep), columnList(f.data.FieldNames())))
	}
	pt, ok := pv.(*structured.Tensor)
	if !ok || pt.IsMap() {
		return failed(errorf(op, ErrType, "target parent %q is not a structure", strings.Join(parentPath, pathSep)))
	}
	if pt.HasField(tgt[len(tgt)-1]) {
		return failed(errorf(op, ErrDuplicate, "target %q already exists", strings.Join(tgt, pathSep)))
	}
	sp := src[:len(src)-1]
	if len(parentPath) < len(sp) || !slices.Equal(parentPath[:len(sp)], sp) {
		return failed(errorf(op, ErrArgument, "target %q is not below the parent of %q: Broadcast copies down (Promote copies up)", strings.Join(tgt, pathSep), strings.Join(src, pathSep)))
	}
	t, err := f.data.Broadcast(src, tgt)
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, f.idx)
}

// atTargetPath splits a path that need not exist yet: a Path reference
// into its pieces, else on dots.
func atTargetPath(ref string) []string {
	if strings.HasPrefix(ref, pathMark) {
		return strings.Split(ref[len(pathMark):], pathMark)
	}
	return strings.Split(ref, pathSep)
}
