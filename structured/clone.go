package structured

import (
	"unsafe"

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
		return &Dense{leafOf(a), x.shape.clone()}, nil
	case *Ragged:
		a, err := c.array(x.values, path)
		if err != nil {
			return nil, err
		}
		return newRagged(a, c.partitions(x.parts)), nil
	case *Tensor:
		out := &Tensor{rank: x.rank, nrows: x.nrows, parts: c.partitions(x.parts), names: x.names,
			fields: make([]Value, len(x.fields)), valid: cloneValidity(x.valid, x.Size()), isMap: x.isMap}
		for i, f := range x.fieldValues() {
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
	var src []memRange
	src = memRanges(a.Data(), src)
	d, copied := detach(out.Data(), src)
	if !copied {
		return out, nil
	}
	defer d.Release()
	return array.MakeFromData(d), nil
}

// memRange is the memory of one buffer.
type memRange struct{ lo, hi uintptr }

// memRanges appends the memory of every buffer of d, at every level.
func memRanges(d arrow.ArrayData, out []memRange) []memRange {
	for _, b := range d.Buffers() {
		if b != nil && b.Len() > 0 {
			lo := uintptr(unsafe.Pointer(unsafe.SliceData(b.Bytes())))
			out = append(out, memRange{lo, lo + uintptr(b.Len())})
		}
	}
	for _, c := range d.Children() {
		out = memRanges(c, out)
	}
	if dict, ok := d.Dictionary().(*array.Data); ok && dict != nil {
		out = memRanges(dict, out)
	}
	return out
}

// detach returns d with every buffer that overlaps src copied into new Go
// memory (array.Concatenate shares some, such as the data buffers of
// string and binary views); copied is false, and d returned as it is,
// when none does. The caller owns the result if copied.
func detach(d arrow.ArrayData, src []memRange) (out arrow.ArrayData, copied bool) {
	bufs := append([]*memory.Buffer(nil), d.Buffers()...)
	for i, b := range bufs {
		if b != nil && b.Len() > 0 && overlaps(b.Bytes(), src) {
			bufs[i], copied = memory.NewBufferBytes(append([]byte(nil), b.Bytes()...)), true
		}
	}
	children := make([]arrow.ArrayData, len(d.Children()))
	for i, ch := range d.Children() {
		nc, ok := detach(ch, src)
		if ok {
			defer nc.Release()
		}
		children[i], copied = nc, copied || ok
	}
	var dict *array.Data
	if dd, ok := d.Dictionary().(*array.Data); ok && dd != nil {
		nd, ok := detach(dd, src)
		if ok {
			defer nd.Release()
		}
		dict, copied = nd.(*array.Data), copied || ok
	}
	if !copied {
		return d, false
	}
	if dict != nil {
		return array.NewDataWithDictionary(d.DataType(), d.Len(), bufs, d.NullN(), d.Offset(), dict), true
	}
	return array.NewData(d.DataType(), d.Len(), bufs, children, d.NullN(), d.Offset()), true
}

// overlaps reports whether b shares memory with any of src.
func overlaps(b []byte, src []memRange) bool {
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	hi := lo + uintptr(len(b))
	for _, r := range src {
		if lo < r.hi && r.lo < hi {
			return true
		}
	}
	return false
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
