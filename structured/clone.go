package structured

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Clone returns a copy of t whose every buffer (items, row splits,
// validity bitmaps) is fresh Go memory: it shares nothing with t, so it
// does not keep t's memory alive and stays readable after the memory t
// came from is gone (a released allocator, a closed memory-mapped file).
//
// Operations share memory: a slice such as the first ten rows of a
// million-row Tensor keeps all of the parent's Arrow buffers alive, as
// does any value derived from it. Cloning such a value copies only what
// it covers: the items of its rows, its splits rebased to start at 0,
// its validity bits. The clone is [Equal] to t.
//
// An item type that cannot be copied gives an ErrType error.
func (t *Tensor) Clone() (*Tensor, error) {
	v, err := CloneValue(t)
	if err != nil {
		return nil, err
	}
	return v.(*Tensor), nil
}

// CloneValue is [Tensor.Clone] for any value: a [*Dense], [*Ragged] or
// [*Tensor] of the same kind, shape and items in fresh Go memory. A nil
// value is an ErrType error.
func CloneValue(v Value) (Value, error) {
	const op = "Clone"
	if isNilValue(v) {
		return nil, errorf(op, ErrType, "", "value is nil")
	}
	c := cloner{op: op, parts: map[*RowPartition]*RowPartition{}}
	return c.value(v, "")
}

// cloner copies one value; shared partitions stay shared in the copy.
type cloner struct {
	op    string
	parts map[*RowPartition]*RowPartition
}

func (c *cloner) value(v Value, path string) (Value, error) {
	switch x := v.(type) {
	case *Dense:
		a, err := c.array(x.values, path)
		if err != nil {
			return nil, err
		}
		return &Dense{leafValues{a}, x.shape.clone()}, nil
	case *Ragged:
		a, err := c.array(x.values, path)
		if err != nil {
			return nil, err
		}
		return newRagged(a, c.partitions(x.parts)), nil
	case *Tensor:
		out := &Tensor{rank: x.rank, nrows: x.nrows, parts: c.partitions(x.parts), names: x.names,
			fields: make([]Value, len(x.fields)), valid: cloneValidity(x.valid, x.Size()), isMap: x.isMap}
		for i, f := range x.fields {
			g, err := c.value(f, joinPath(path, x.names[i]))
			if err != nil {
				return nil, err
			}
			out.fields[i] = g
		}
		return out, nil
	}
	return nil, errorf(c.op, ErrType, path, "unknown value kind %T", v)
}

// array copies the items of a (only those it covers, when it views part
// of its buffers) into new Go memory.
func (c *cloner) array(a arrow.Array, path string) (arrow.Array, error) {
	out, err := array.Concatenate([]arrow.Array{a}, goAllocator)
	if err != nil {
		return nil, errorf(c.op, ErrType, path, "cannot copy items of type %s: %v", a.DataType(), err)
	}
	return out, nil
}

func (c *cloner) partitions(parts []*RowPartition) []*RowPartition {
	if len(parts) == 0 {
		return parts
	}
	out := make([]*RowPartition, len(parts))
	for i, p := range parts {
		q, ok := c.parts[p]
		if !ok {
			q = clonePartition(p)
			c.parts[p] = q
		}
		out[i] = q
	}
	return out
}

// clonePartition copies p's splits, rebased to start at 0, and its
// validity into new Go memory; the integer type and uniformity are kept.
func clonePartition(p *RowPartition) *RowPartition {
	var q *RowPartition
	switch {
	case p.uniform != Unknown:
		q = mustUniform(p.uniform, p.nrows)
	case p.s32 != nil:
		s := make([]int32, p.nrows+1)
		for i := range s {
			s[i] = int32(p.split(i))
		}
		q = newSplitsPartition(s, nil)
	default:
		s := make([]int64, p.nrows+1)
		for i := range s {
			s[i] = int64(p.split(i))
		}
		q = newSplitsPartition(s, nil)
	}
	q.valid = cloneValidity(p.valid, p.nrows)
	return q
}

// cloneValidity copies the n slots of v into a new bitmap at bit 0.
func cloneValidity(v validity, n int) validity {
	if v.nulls == 0 {
		return validity{}
	}
	b := make([]byte, bitutil.BytesForBits(int64(n)))
	bitutil.CopyBitmap(v.buf.Bytes(), v.off, n, b, 0)
	return validity{buf: memory.NewBufferBytes(b), nulls: v.nulls}
}
