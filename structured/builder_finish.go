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
		e.Op, e.Field = b.op, strings.Join(path, ".")
		return nil, e
	}
	if !allUniform(parts) || !noNulls(parts) {
		return newRagged(values, parts), nil
	}
	shape := Shape{}
	if rank > 0 {
		shape = partsShape(nrows, parts)
	}
	return &Dense{leafOf(values), shape}, nil
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

// hintSizes records in nd, a node of the next batch, how many items
// old, the node of the same path in the batch just finished, held: the
// batches of a stream are usually alike, and a column sized once is not
// copied each time it doubles. The columns are sized when the next batch
// gets its first row (applyHints), so that a Builder finished for the
// last time allocates nothing more. The old node's buffers belong to the
// Tensor finished; only their lengths are read.
func (nd *vnode) hintSizes(old *vnode) {
	if old == nil || old.kind != nd.kind || nd.n != 0 {
		return
	}
	switch nd.kind {
	case kindLeaf:
		if nd.typ != old.typ || nd.large != old.large {
			return
		}
		nd.hint = max(len(old.i64), len(old.f64), len(old.i32), len(old.dec), len(old.bits), len(old.off32), len(old.off64))
		nd.hintBytes = len(old.bytes)
	case kindList, kindMap:
		nd.hint = len(old.splits)
		nd.child.hintSizes(old.child)
	case kindStruct:
		for i, name := range nd.names {
			nd.kids[i].hintSizes(old.children[name])
		}
	}
}

// applyHints sizes the columns below nd as hintSizes recorded.
func (nd *vnode) applyHints() {
	switch nd.kind {
	case kindLeaf:
		if nd.hint > 0 {
			switch nd.typ {
			case storeInt64, storeTimestamp:
				nd.i64 = presized(nd.i64, nd.hint)
			case storeFloat64:
				nd.f64 = presized(nd.f64, nd.hint)
			case storeDate32:
				nd.i32 = presized(nd.i32, nd.hint)
			case storeDecimal:
				nd.dec = presized(nd.dec, nd.hint)
			case storeBool:
				nd.bits = presized(nd.bits, nd.hint)
			case storeString, storeBinary:
				if nd.large {
					nd.off64 = presized(nd.off64, nd.hint)
				} else {
					nd.off32 = presized(nd.off32, nd.hint)
				}
				nd.bytes = presized(nd.bytes, nd.hintBytes)
			}
		}
	case kindList, kindMap:
		nd.splits = presized(nd.splits, nd.hint)
		nd.child.applyHints()
	case kindStruct:
		for _, c := range nd.kids {
			c.applyHints()
		}
	}
	nd.hint, nd.hintBytes = 0, 0
}

// presized returns s (empty, or holding a first offset) with capacity for
// n items, when it has less.
func presized[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s
	}
	return append(make([]T, 0, n), s...)
}
