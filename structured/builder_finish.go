package structured

import (
	"slices"
	"strings"
)

// partition returns the row partition of a list node: its offsets as int64
// splits (kept, not copied) with its null lists, or a uniform partition for
// a list of fixed length (whose null lists hold placeholders).
func (nd *vnode) partition() *RowPartition {
	if nd.spec != nil && nd.spec.fixed != Unknown {
		return mustUniform(nd.spec.fixed, nd.n).withValidity(nd.valid.finish())
	}
	p := newSplitsPartition(nd.splits, nil)
	return p.withValidity(nd.valid.finish())
}

// finish converts nd, a field of a structure of the given rank, number of
// rows (Unknown for rank 0) and row partitions, to a Value. The field's
// own lists add dimensions: for a rank-0 parent the first one gives the
// number of rows, the others (and all of them for a parent of rank >= 1)
// add row partitions after the parent's, shared by pointer. A leaf is
// dense when all of its partitions are uniform (no ragged dimension) with
// no null lists, and ragged otherwise; a struct node gives a nested
// Tensor. path holds the field names leading to nd (used as a stack), for
// errors.
func (b *Builder) finish(nd *vnode, rank, nrows int, parts []*RowPartition, path []string) (Value, error) {
	if nd.kind == kindStruct && b.sparse(nd) && nd != b.spine() {
		b.convertMap(nd, false)
	}
	isMap := false
	if nd.isList() {
		// Copy the parent's partitions once: siblings share them.
		own := parts[:len(parts):len(parts)]
		for nd.isList() {
			isMap = nd.kind == kindMap
			p := nd.partition()
			if rank == 0 {
				nrows = p.nvals
			} else {
				own = append(own, p)
			}
			rank++
			nd = nd.child
		}
		parts = own[:len(own):len(own)] // full: an append by anyone copies
	}
	if nd.kind == kindStruct {
		t, err := b.finishStruct(nd, rank, nrows, parts, path)
		if err != nil {
			return nil, err
		}
		t.isMap = isMap
		return t, nil
	}
	values, err := nd.leafArray()
	if err != nil {
		e := err.(*Error)
		e.Op, e.Path = b.op, strings.Join(path, ".")
		return nil, e
	}
	if !allUniform(parts) || !noNulls(parts) {
		return newRagged(values, parts), nil
	}
	shape := Shape{}
	if rank > 0 {
		shape = partsShape(nrows, parts)
	}
	return &Dense{leafValues{values}, shape}, nil
}

// finishStruct builds the nested Tensor of a struct node.
func (b *Builder) finishStruct(nd *vnode, rank, nrows int, parts []*RowPartition, path []string) (*Tensor, error) {
	t := &Tensor{rank: rank, nrows: nrows, parts: parts, valid: nd.valid.finish()}
	if rank == 0 {
		t.nrows = Unknown
	}
	kids, names := nd.kids, nd.names
	if nd.spec == nil && (nd.unordered || b.opts.order == Sorted) {
		order := make([]int, len(names))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(i, j int) int { return strings.Compare(names[i], names[j]) })
		kids, names = make([]*vnode, len(order)), make([]string, len(order))
		for i, k := range order {
			kids[i], names[i] = nd.kids[k], nd.names[k]
		}
	}
	t.names = names
	t.fields = make([]Value, len(names))
	for i, name := range names {
		c := kids[i]
		c.padAbsent(nd.n - c.n)
		v, err := b.finish(c, rank, nrows, parts, append(path, name))
		if err != nil {
			return nil, err
		}
		t.fields[i] = v
	}
	return t, nil
}
