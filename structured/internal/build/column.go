package build

import (
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Layout is what a [Column] holds.
type Layout uint8

const (
	// Leaf: scalars, as an Arrow array.
	Leaf Layout = iota
	// List: lists (or maps) of the child column's slots.
	List
	// Struct: structures, one child column per field.
	Struct
)

// Column is a finished node: the values of one field path, handed over
// without copying (the Go slices the Builder appended to are the Arrow
// buffers and the list offsets). It is a view of the node, read through
// its methods, so that finishing allocates nothing for it. structured
// assembles a Tensor from the tree: list levels become row partitions,
// structures Tensors and leaves Dense or Ragged values.
type Column struct{ nd *vnode }

// Layout is what the column holds.
func (c Column) Layout() Layout {
	switch c.nd.kind {
	case kindList, kindMap:
		return List
	case kindStruct:
		return Struct
	}
	return Leaf
}

// Len is the number of slots: items, lists or structures.
func (c Column) Len() int { return c.nd.n }

// Validity returns the slots' validity bitmap (bit i set: slot i is
// valid) and the number of nulls; nil and 0 when no slot is null. A
// leaf's validity is in its Values.
func (c Column) Validity() (bits []byte, nulls int) { return c.nd.valid.Finish() }

// Fixed is the length of every list of a list column whose Spec fixes
// it, or Unknown. A null list of fixed length holds Fixed null
// placeholders.
func (c Column) Fixed() int {
	if c.nd.spec != nil {
		return c.nd.spec.fixed
	}
	return Unknown
}

// Splits returns the Len()+1 offsets of a list column's lists into its
// Child's slots (nil when Fixed is not Unknown).
func (c Column) Splits() []int64 {
	if c.Fixed() != Unknown {
		return nil
	}
	return c.nd.splits
}

// IsMap reports whether the lists of a list column are maps: its Child is
// the entries, a structure of key and value.
func (c Column) IsMap() bool { return c.nd.kind == kindMap }

// Child is the column of the items of a list column.
func (c Column) Child() Column { return Column{c.nd.child} }

// Names returns the field names of a structure column, in order.
func (c Column) Names() []string { return c.nd.names }

// Field is the column of field i of a structure column.
func (c Column) Field(i int) Column { return Column{c.nd.kids[i]} }

// Values returns the items of a leaf column.
func (c Column) Values() arrow.Array { return c.nd.values }

// finish returns the column of nd, a field of a structure, its pending
// decisions taken: an inferred structure whose keys are sparse becomes a
// map (see sparse), fields read from Go maps (or with the Sorted option)
// are sorted, the keys records lacked are padded with nulls, the leaves'
// items wrapped as Arrow arrays. path holds the field names leading to nd
// (used as a stack), for errors.
func (b *Builder) finish(nd *vnode, path []string) (Column, error) {
	if nd.kind == kindStruct && b.sparse(nd) && nd != b.spine() {
		b.convertMap(nd, false)
	}
	return Column{nd}, b.finishNode(nd, path)
}

// finishNode finishes nd and the nodes below it.
func (b *Builder) finishNode(nd *vnode, path []string) error {
	switch nd.kind {
	case kindList, kindMap:
		// The lists of a field add dimensions to it; the structure or
		// leaf below them is not a field of its own.
		return b.finishNode(nd.child, path)
	case kindStruct:
		return b.finishStruct(nd, path)
	}
	values, err := nd.leafArray()
	if err != nil {
		err.Op, err.Path = b.op, strings.Join(path, ".")
		return b.wrap(err)
	}
	nd.values = values
	return nil
}

// finishStruct finishes a struct node and its fields.
func (b *Builder) finishStruct(nd *vnode, path []string) error {
	if nd.spec == nil && (nd.unordered || b.opts.Order == Sorted) {
		// Sorted in place, allocating nothing: the kids by their names
		// (read through their idx, which is stale from here on: it is
		// read only while events come), then the names, which are
		// distinct.
		slices.SortFunc(nd.kids, func(x, y *vnode) int { return strings.Compare(nd.names[x.idx], nd.names[y.idx]) })
		slices.Sort(nd.names)
	}
	for i, name := range nd.names {
		kid := nd.kids[i]
		kid.padAbsent(nd.n - kid.n)
		if _, err := b.finish(kid, append(path, name)); err != nil {
			return err
		}
	}
	return nil
}
