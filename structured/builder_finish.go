package structured

import (
	"fmt"
	"sort"
	"strings"
)

// partition returns the row partition of a list node: its offsets as int64
// splits (kept, not copied) with its null lists, or a uniform partition for
// a list of fixed length.
func (nd *vnode) partition() *RowPartition {
	if nd.spec != nil && nd.spec.fixed != Unknown {
		return mustUniform(nd.spec.fixed, nd.n)
	}
	p := newSplitsPartition(nd.splits, nil)
	return p.withValidity(nd.valid.finish())
}

// finish converts nd, a field of a structure of the given rank, number of
// rows (Unknown for rank 0) and row partitions, to a Value. The field's
// own lists add dimensions: for a rank-0 parent the first one gives the
// number of rows, the others (and all of them for a parent of rank >= 1)
// add row partitions after the parent's, shared by pointer. A leaf is
// dense when all of its partitions are uniform (no ragged dimension), and
// ragged otherwise; a struct node gives a nested Tensor. path holds the
// field names leading to nd (used as a stack), for errors.
func (b *valueBuilder) finish(nd *vnode, rank, nrows int, parts []*RowPartition, path []string) (Value, error) {
	if nd.kind == kindList {
		// Copy the parent's partitions once: siblings share them.
		own := parts[:len(parts):len(parts)]
		for nd.kind == kindList {
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
		return b.finishStruct(nd, rank, nrows, parts, path)
	}
	values, err := nd.leafArray()
	if err != nil {
		e := err.(*Error)
		e.Op, e.Path = b.op, strings.Join(path, ".")
		return nil, e
	}
	if !allUniform(parts) {
		return newRagged(values, parts), nil
	}
	shape := Shape{}
	if rank > 0 {
		shape = partsShape(nrows, parts)
	}
	return &Dense{leafValues{values}, shape}, nil
}

// finishStruct builds the nested Tensor of a struct node.
func (b *valueBuilder) finishStruct(nd *vnode, rank, nrows int, parts []*RowPartition, path []string) (*Tensor, error) {
	if nd.spec == nil {
		if err := b.checkKeys(nd, path); err != nil {
			return nil, err
		}
	}
	t := &Tensor{rank: rank, nrows: nrows, parts: parts, valid: nd.valid.finish()}
	if rank == 0 {
		t.nrows = Unknown
	}
	names := nd.names
	if nd.spec == nil {
		names = append([]string{}, names...)
		sort.Strings(names)
	}
	t.names = names
	t.fields = make([]Value, len(names))
	for i, name := range names {
		c := nd.children[name]
		c.padNulls(nd.n - c.n)
		v, err := b.finish(c, rank, nrows, parts, append(path, name))
		if err != nil {
			return nil, err
		}
		t.fields[i] = v
	}
	return t, nil
}

// checkKeys reports records whose key sets are not ordered by inclusion:
// every record's keys must be a subset of the fullest record's, which
// holds when the fullest record has every key seen at this path.
func (b *valueBuilder) checkKeys(nd *vnode, path []string) error {
	if nd.maxKeys == len(nd.names) {
		return nil
	}
	for _, k := range nd.names {
		if _, ok := nd.maxRec[k]; ok {
			continue
		}
		c := nd.children[k]
		return errorf(b.op, ErrSchema, strings.Join(path, "."), "two sets of fields: %s%s and %s%s; the key sets seen at one path must be ordered by inclusion (each record's keys a subset of the fullest record's)",
			keySet(nd.maxRec), b.position(nd.maxRow, nd.maxSlot), keySet(c.firstRec), b.position(c.keyRow, c.firstSlot))
	}
	return nil
}

// position renders where a record was seen: its top-level row, or its
// index among the structures of its field in a rank-0 value.
func (b *valueBuilder) position(row, slot int) string {
	if b.rows {
		return fmt.Sprintf(" at row %d", row)
	}
	return fmt.Sprintf(" at item %d", slot)
}

// keySet renders a record's keys as {a, b}.
func keySet(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return "{" + strings.Join(keys, ", ") + "}"
}
