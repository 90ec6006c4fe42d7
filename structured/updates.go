package structured

import (
	"slices"
	"strings"
)

// Update is one change made by [Tensor.WithUpdates] to the field at a path:
// build it with [SetField], [TransformField] or [DeleteField]. A path of
// several names reaches into nested structures: ("shoes", "sizes") is the
// field sizes of the nested Tensor in field shoes.
type Update struct {
	path  []string
	value Value
	fn    func(Value) (Value, error)
	del   bool
}

// SetField sets the field at path to v, adding it if it is missing (new
// fields are appended after the existing ones). v covers every structure
// (it is field-major): its outer dimensions must be those of the Tensor
// that will hold it. A nil v deletes the field, as TensorFlow's None does.
func SetField(v Value, path ...string) Update {
	if v == nil {
		return DeleteField(path...)
	}
	return Update{path: path, value: v}
}

// TransformField replaces the existing field at path by fn applied to its
// current value. fn receives the whole field at once (field-major, as
// stored, e.g. a [Ragged] of every person's shoe sizes), not one value per
// structure; [MapFloat64] and [MapInt64] make such functions from scalar
// ones.
func TransformField(fn func(Value) (Value, error), path ...string) Update {
	return Update{path: path, fn: fn}
}

// DeleteField removes the existing field at path.
func DeleteField(path ...string) Update {
	return Update{path: path, del: true}
}

// WithUpdates returns a copy of t with fields set, transformed or deleted,
// following TensorFlow's with_updates:
//
//   - Each path names a field; a path of several names reaches into nested
//     structures. Names may not be empty, and one call may not update both
//     a field and one of its descendants, nor the same field twice (ErrPath).
//   - A new field may only be added inside an existing structure: updating
//     a.b when a is missing (or is a leaf) is an error naming a (ErrPath);
//     to add a nested structure, set a whole nested Tensor.
//   - A set or transformed value must have the outer dimensions of the
//     Tensor that holds it (ErrShape naming the path); a rank-0 Tensor
//     accepts values of any shape.
//   - Deleting or transforming a field that does not exist is an error
//     (ErrPath). An error returned by a transform function is wrapped, so
//     errors.Is sees it.
//
// The result always has t's shape, row partitions and null structures,
// even if every field is deleted. Existing fields keep their position and
// new ones are appended in the order the updates are given (TensorFlow
// appends them in sorted order). Only the structures on an updated path are
// rebuilt: every other field, at every level, is shared with t.
func (t *Tensor) WithUpdates(updates ...Update) (*Tensor, error) {
	return t.withUpdates("WithUpdates", updates)
}

func (t *Tensor) withUpdates(op string, updates []Update) (*Tensor, error) {
	for _, u := range updates {
		if len(u.path) == 0 {
			return nil, errorf(op, ErrPath, "", "empty field path")
		}
		if !u.del && u.value == nil && u.fn == nil {
			return nil, errorf(op, ErrType, strings.Join(u.path, "."), "transform function is nil")
		}
	}
	paths := make([][]string, len(updates))
	for i, u := range updates {
		paths[i] = u.path
	}
	slices.SortFunc(paths, slices.Compare)
	for i := 1; i < len(paths); i++ {
		a, b := paths[i-1], paths[i]
		switch {
		case slices.Equal(a, b):
			return nil, errorf(op, ErrPath, strings.Join(a, "."), "updated twice in one call")
		case len(a) < len(b) && slices.Equal(a, b[:len(a)]):
			return nil, errorf(op, ErrPath, strings.Join(b, "."), "cannot update both %s and its parent %s in one call", strings.Join(b, "."), strings.Join(a, "."))
		}
	}
	return t.applyUpdates(op, "", updates, 0)
}

// applyUpdates applies updates whose paths, from position depth on, name
// fields of t; prefix is t's rendered path.
func (t *Tensor) applyUpdates(op, prefix string, updates []Update, depth int) (*Tensor, error) {
	names := slices.Clone(t.names)
	// Fields not yet joined (see lazyField) stay so unless an update
	// reads them: lazy[i] is the slot of fields[i] while that is nil.
	fields := slices.Clone(t.fields)
	lazy := make([]*lazyField, len(fields))
	for i := range lazy {
		lazy[i] = t.lazyAt(i)
	}
	value := func(i int) Value {
		if fields[i] == nil {
			fields[i], lazy[i] = lazy[i].value(), nil
		}
		return fields[i]
	}
	done := make(map[string]bool)
	for k, u := range updates {
		name := u.path[depth]
		path := joinPath(prefix, name)
		i := slices.Index(names, name)
		if len(u.path) > depth+1 {
			// A nested update: apply all those under this name at once.
			if done[name] {
				continue
			}
			done[name] = true
			if i < 0 {
				return nil, errorf(op, ErrPath, joinPath(prefix, strings.Join(u.path[depth:], ".")), "cannot create a field inside %s: no such field (new fields may only be added to existing structures)", path)
			}
			sub, ok := value(i).(*Tensor)
			if !ok {
				return nil, errorf(op, ErrPath, joinPath(prefix, strings.Join(u.path[depth:], ".")), "%s is a %s leaf, not a structure that can hold fields", path, kindName(fields[i]))
			}
			var group []Update
			for _, w := range updates[k:] {
				if len(w.path) > depth+1 && w.path[depth] == name {
					group = append(group, w)
				}
			}
			nv, err := sub.applyUpdates(op, path, group, depth+1)
			if err != nil {
				return nil, err
			}
			fields[i] = nv
			continue
		}
		switch {
		case u.del:
			if i < 0 {
				return nil, errorf(op, ErrPath, path, "cannot delete the field: not present (fields: %v)", names)
			}
			names = slices.Delete(names, i, i+1)
			fields = slices.Delete(fields, i, i+1)
			lazy = slices.Delete(lazy, i, i+1)
		case u.fn != nil:
			if i < 0 {
				return nil, errorf(op, ErrPath, path, "cannot transform the field: not present, and a transform function needs an existing field (fields: %v)", names)
			}
			nv, err := u.fn(value(i))
			if err != nil {
				return nil, &Error{Op: op, Field: path, Err: err, Msg: "transform failed: " + err.Error()}
			}
			if isNilValue(nv) {
				return nil, errorf(op, ErrType, path, "transform function returned nil; use DeleteField to delete a field")
			}
			if nv, err = t.conform(op, path, nv); err != nil {
				return nil, err
			}
			fields[i] = nv
		default:
			if isNilValue(u.value) {
				return nil, errorf(op, ErrType, path, "value is a nil %T", u.value)
			}
			nv, err := t.conform(op, path, u.value)
			if err != nil {
				return nil, err
			}
			if i < 0 {
				names = append(names, name)
				fields = append(fields, nv)
				lazy = append(lazy, nil)
			} else {
				fields[i], lazy[i] = nv, nil
			}
		}
	}
	g := *t
	g.names, g.fields, g.lazy = names, fields, nil
	for i, l := range lazy {
		if fields[i] == nil {
			g.keepLazy(i, l)
		}
	}
	return &g, nil
}

// isNilValue reports whether v is nil or a nil pointer of a value kind.
func isNilValue(v Value) bool {
	switch x := v.(type) {
	case nil:
		return true
	case *Dense:
		return x == nil
	case *Ragged:
		return x == nil
	case *Tensor:
		return x == nil
	}
	return false
}

// Without returns a copy of t without the named direct fields (the RFC's
// without; TensorFlow deletes with with_updates instead). Every other field
// is shared with t, and the shape is kept even if no field is left. A name
// that is not a field is an error (ErrPath). To remove a nested field, use
// WithUpdates(DeleteField("a", "b")).
func (t *Tensor) Without(names ...string) (*Tensor, error) {
	const op = "Without"
	drop := make(map[string]bool, len(names))
	for _, n := range names {
		if !t.HasField(n) {
			return nil, errorf(op, ErrPath, n, "no such field (fields: %v)", t.names)
		}
		drop[n] = true
	}
	g := *t
	g.names = make([]string, 0, len(t.names)-len(drop))
	g.fields = make([]Value, 0, len(t.names)-len(drop))
	g.lazy = nil
	for i, n := range t.names {
		if !drop[n] {
			g.names = append(g.names, n)
			g.fields = append(g.fields, t.fields[i])
			g.keepLazy(len(g.fields)-1, t.lazyAt(i))
		}
	}
	return &g, nil
}

// WithOnly returns a copy of t that keeps only the named direct fields, in
// the order given (so it also reorders fields, like selecting columns). The
// kept fields are shared with t and the shape is kept. A name that is not a
// field, or a name given twice, is an error (ErrPath).
func (t *Tensor) WithOnly(names ...string) (*Tensor, error) {
	const op = "WithOnly"
	g := *t
	g.names = make([]string, len(names))
	g.fields = make([]Value, len(names))
	g.lazy = nil
	for k, n := range names {
		i := t.fieldIndex(n)
		if i < 0 {
			return nil, errorf(op, ErrPath, n, "no such field (fields: %v)", t.names)
		}
		if slices.Contains(names[:k], n) {
			return nil, errorf(op, ErrPath, n, "field given twice")
		}
		g.names[k], g.fields[k] = n, t.fields[i]
		g.keepLazy(k, t.lazyAt(i))
	}
	return &g, nil
}
