package frame

import (
	"strings"

	"github.com/structframe/structframe/structured"
)

// FlattenOption changes Flatten: WithSeparator.
type FlattenOption interface{ applyFlatten(*flatConfig) }

// UnflattenOption changes Unflatten: WithSeparator.
type UnflattenOption interface{ applyUnflatten(*flatConfig) }

type flatConfig struct {
	sep string
}

// Flatten turns every structure, at every depth, into columns of leaves
// named by their dotted path, in schema order: the result of pandas'
// json_normalize, in one call (Polars and Arrow flatten one level at a
// time). A list of structures becomes one list column per leaf field
// ("ingredients.name": var * string), which is how the structured layer
// stores it already (field-major), so nothing is copied; a list of lists
// of structures likewise gives lists of lists. Map columns stay map
// columns, leaves and lists of leaves stay as they are. WithSeparator changes
// the "." that joins names.
//
// Nulls: a null structure makes every leaf under it null in that row (a
// null item, or a null list for a list field), so that no value of a null
// parent shows through; the values are shared and only validity bitmaps
// are merged (ANDed) where a parent has nulls. A structure with no fields
// stays a column. A name that is already a column (a column "a.b" beside
// a structure a with a field b) is an ErrDuplicate error naming both.
//
// Unflatten is the inverse.
func (f *Frame) Flatten(opts ...FlattenOption) *Frame {
	const op = "Flatten"
	if f.Err() != nil {
		return f
	}
	cfg := flatConfig{sep: pathSep}
	for _, o := range opts {
		if o != nil {
			o.applyFlatten(&cfg)
		}
	}
	if cfg.sep == "" {
		return failed(errorf(op, ErrArgument, "empty separator: the names could not be split again"))
	}
	var out []structured.FieldValue
	for name, v := range f.data.FieldsSeq() {
		var err error
		if out, err = flatInto(out, cfg.sep, name, v, 1, nil, nestBits{}); err != nil {
			return failed(errorf(op, ErrType, "column %q: %v", name, err))
		}
	}
	seen := make(map[string]bool, len(out))
	for _, fv := range out {
		if seen[fv.Name] {
			return failed(errorf(op, ErrDuplicate, "two columns would be named %q: rename the column %q before flattening", fv.Name, fv.Name))
		}
		seen[fv.Name] = true
	}
	return f.withColumns(op, out)
}

// flatInto appends the leaves of v, a field named name of a structure of
// rank prank, partitions pparts and validity pvalid, to out.
func flatInto(out []structured.FieldValue, sep, name string, v structured.Value, prank int, pparts []*structured.RowPartition, pvalid nestBits) ([]structured.FieldValue, error) {
	st, ok := v.(*structured.Tensor)
	if !ok || st.IsMap() || st.NumFields() == 0 {
		m, err := nestMask(v, prank, pparts, pvalid)
		if err != nil {
			return nil, err
		}
		return append(out, structured.FieldValue{Name: name, Value: m}), nil
	}
	var valid nestBits
	if st.Rank() == prank {
		// A structure: its nulls and its parent's reach its leaves.
		valid = pvalid.and(nestBitsOf(st.Validity()))
	} else {
		// A list of structures: a null parent makes the lists null.
		m, err := nestMask(st, prank, pparts, pvalid)
		if err != nil {
			return nil, err
		}
		st = m.(*structured.Tensor)
		valid = nestBitsOf(st.Validity())
	}
	parts := st.RowPartitions()
	for child, cv := range st.FieldsSeq() {
		var err error
		if out, err = flatInto(out, sep, name+sep+child, cv, st.Rank(), parts, valid); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// flatNode is a node of the tree of names Unflatten rebuilds.
type flatNode struct {
	name     string // the full column name, for a leaf
	v        structured.Value
	order    []string
	children map[string]*flatNode
}

// Unflatten is the inverse of Flatten: columns whose names hold the
// separator ("." unless WithSeparator says otherwise) are gathered into
// structures by their name pieces, at the position of the first of them:
// "addr.city" and "addr.zip" become a structure column addr with fields
// city and zip, nested as deep as the names go. Columns without the
// separator, or with an empty piece ("a..b", ".a"), stay as they are.
//
// Columns under one prefix that are lists sharing their lengths and null
// lists (as Flatten makes them out of a list of structures) become a list
// of structures again, one level at a time: under a list of structures
// the same rule applies to the next list level. So Flatten then Unflatten
// gives the original frame back, with these exceptions, where the flat
// columns cannot tell: a null structure comes back as a valid structure
// whose leaves are null (Flatten pushed the nulls down, and Unflatten
// keeps every structure valid); a structure holding lists that have the
// same lengths in every row (always so for one list field) comes back as a
// list of structures; and a list of lists of structures with one leaf, or
// whose leaves no longer share their inner lists (after row operations on
// the flat frame rebuilt them per column), comes back as a list of
// structures of lists.
//
// A name that is both a column and a prefix of others ("a" and "a.b") is
// an ErrDuplicate error naming both.
func (f *Frame) Unflatten(opts ...UnflattenOption) *Frame {
	const op = "Unflatten"
	if f.Err() != nil {
		return f
	}
	cfg := flatConfig{sep: pathSep}
	for _, o := range opts {
		if o != nil {
			o.applyUnflatten(&cfg)
		}
	}
	if cfg.sep == "" {
		return failed(errorf(op, ErrArgument, "empty separator"))
	}
	root := &flatNode{children: map[string]*flatNode{}}
	for name, v := range f.data.FieldsSeq() {
		pieces := []string{name}
		if p := strings.Split(name, cfg.sep); len(p) > 1 && !containsEmpty(p) {
			pieces = p
		}
		node := root
		for k, piece := range pieces {
			child, ok := node.children[piece]
			if !ok {
				child = &flatNode{}
				node.children[piece] = child
				node.order = append(node.order, piece)
			}
			if k == len(pieces)-1 {
				if child.v != nil || child.children != nil {
					return failed(errorf(op, ErrDuplicate, "column %q is also the prefix of column %q", name, flatFirstLeaf(child, name)))
				}
				child.name, child.v = name, v
			} else {
				if child.v != nil {
					return failed(errorf(op, ErrDuplicate, "column %q is also the prefix of column %q", child.name, name))
				}
				if child.children == nil {
					child.children = map[string]*flatNode{}
				}
			}
			node = child
		}
	}
	out := make([]structured.FieldValue, 0, len(root.order))
	for _, piece := range root.order {
		v, err := flatBuild(root.children[piece], 1)
		if err != nil {
			return failed(errorf(op, ErrShape, "column %q: %v", piece, err))
		}
		out = append(out, structured.FieldValue{Name: piece, Value: v})
	}
	return f.withColumns(op, out)
}

func containsEmpty(pieces []string) bool {
	for _, p := range pieces {
		if p == "" {
			return true
		}
	}
	return false
}

// flatFirstLeaf names a column under node, for messages.
func flatFirstLeaf(node *flatNode, fallback string) string {
	for node.v == nil && len(node.order) > 0 {
		node = node.children[node.order[0]]
	}
	if node.v == nil {
		return fallback
	}
	return node.name
}

// flatBuild rebuilds the value of a node: a leaf's column, or a
// structure of its children, of rank base (the rank of the structure
// holding it) or base+1 when every leaf under it has the same lists at
// that level (a list of structures).
func flatBuild(node *flatNode, base int) (structured.Value, error) {
	if node.v != nil {
		return node.v, nil
	}
	rank := base
	if flatShareLevel(node, base, false, nil) {
		rank = base + 1
		// Deeper levels: only lists that are the very same (the partition
		// a list of lists of structures gives all of its fields), and seen
		// in two leaves at least.
		for flatLeaves(node) >= 2 && flatShareLevel(node, rank, true, nil) {
			rank++
		}
	}
	fields := make([]structured.FieldValue, len(node.order))
	for i, piece := range node.order {
		v, err := flatBuild(node.children[piece], rank)
		if err != nil {
			return nil, err
		}
		fields[i] = structured.FieldValue{Name: piece, Value: v}
	}
	return structured.FromFields(fields, rank)
}

// flatShareLevel reports whether every leaf under node has a list level
// below dimension base-1 with the same partition as first (the first
// leaf's when nil): the same object when identical is set, else the same
// lengths and null lists.
func flatShareLevel(node *flatNode, base int, identical bool, first **structured.RowPartition) bool {
	if first == nil {
		var p *structured.RowPartition
		first = &p
	}
	if node.v != nil {
		parts, rank := flatParts(node.v), node.v.Rank()
		if st, ok := node.v.(*structured.Tensor); ok && st.IsMap() {
			rank-- // a map's last dimension lists its entries, not a list
		}
		if rank <= base || len(parts) < base {
			return false
		}
		p := parts[base-1]
		if *first == nil {
			*first = p
			return true
		}
		return p == *first || (!identical && p.Equal(*first))
	}
	for _, piece := range node.order {
		if !flatShareLevel(node.children[piece], base, identical, first) {
			return false
		}
	}
	return true
}

// flatLeaves counts the leaves under node.
func flatLeaves(node *flatNode) int {
	if node.v != nil {
		return 1
	}
	n := 0
	for _, c := range node.children {
		n += flatLeaves(c)
	}
	return n
}

// flatParts returns the row partitions of a value (none for a Dense).
func flatParts(v structured.Value) []*structured.RowPartition {
	switch x := v.(type) {
	case *structured.Ragged:
		return x.RowPartitions()
	case *structured.Tensor:
		return x.RowPartitions()
	}
	return nil
}
