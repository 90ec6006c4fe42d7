package structured

import (
	"slices"
	"strings"
)

// Promote copies the field at source (a path of at least two names) to a
// new field newName beside the source's parent, that is, in the source's
// grandparent, merging the dimensions that separate the grandparent from
// the parent (TensorFlow's promote):
//
//	rows [{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}]}, {"docs": [{"tokens": [7]}]}]
//	Promote([]string{"docs", "tokens"}, "docs_tokens")
//	docs_tokens per row: [1, 2, 3] and [7]
//
// With G the rank of the grandparent, P that of the parent and F that of
// the source value (field-major, so F >= P): when P == G (one parent
// structure per grandparent structure) the value is copied as is;
// otherwise its dimensions G..min(P, F-1) are merged (see MergeDims), so a
// scalar under a repeated parent becomes a list, a list field is
// concatenated across parents, a struct field becomes a list of structs,
// and several list levels are flattened into one. A path under a rank-0
// root whose parent is a single structure writes the copy under the
// grandparent unchanged.
//
// As with MergeDims, no value is copied: the new field shares the source's
// Arrow arrays, and only the partitions of the merged dimensions are
// composed, in time proportional to the grandparent's structures. A null
// parent list makes the promoted row null; a null list inside a parent
// contributes nothing.
//
// Errors (ErrPath): a path shorter than two, an empty name, a missing
// field or a parent that is a leaf, and a newName that already exists in
// the grandparent: TensorFlow silently replaces that field, we refuse
// (delete it first with DeleteField if replacing is what you want).
func (t *Tensor) Promote(source []string, newName string) (*Tensor, error) {
	const op = "Promote"
	if len(source) < 2 {
		return nil, errorf(op, ErrPath, strings.Join(source, "."), "source path must have at least two names (a field and its parent), got %d", len(source))
	}
	if newName == "" {
		return nil, errorf(op, ErrPath, "", "new field name may not be empty")
	}
	chain, val, err := t.walk(op, source)
	if err != nil {
		return nil, err
	}
	gp, parent := chain[len(chain)-2], chain[len(chain)-1]
	gpPath := source[:len(source)-2]
	if gp.HasField(newName) {
		return nil, errorf(op, ErrPath, strings.Join(append(slices.Clone(gpPath), newName), "."),
			"already exists: Promote does not overwrite fields (TensorFlow replaces them silently); delete it first or choose another name")
	}
	g, p, f := gp.rank, parent.rank, val.Rank()
	if p > g {
		if i := min(p, f-1); i > g {
			val = mergeValue(val, g, i)
		}
	}
	return t.withUpdates(op, []Update{SetField(val, append(slices.Clone(gpPath), newName)...)})
}

// walk follows a field path from t: it returns the Tensors along it (t
// first, then each structure the path enters, the last one being the
// field's parent) and the value at its end. Names must not be empty.
func (t *Tensor) walk(op string, path []string) ([]*Tensor, Value, error) {
	chain := []*Tensor{t}
	rendered := ""
	for k, name := range path {
		cur := chain[len(chain)-1]
		rendered = joinPath(rendered, name)
		if name == "" {
			return nil, nil, errorf(op, ErrPath, rendered, "field names may not be empty")
		}
		i := cur.fieldIndex(name)
		if i < 0 {
			return nil, nil, errorf(op, ErrPath, rendered, "no such field (fields: %v)", cur.names)
		}
		v := cur.field(i)
		if k == len(path)-1 {
			return chain, v, nil
		}
		st, ok := v.(*Tensor)
		if !ok {
			return nil, nil, errorf(op, ErrPath, rendered, "is a %s leaf, not a structure, so it has no field %q", kindName(v), path[k+1])
		}
		chain = append(chain, st)
	}
	return chain, t, nil
}
