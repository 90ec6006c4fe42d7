package structured

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Index selects part of a dense leaf by ints (any Go integer type,
// negative ones counting from the end) and [Slice]s, one per dimension, as
// [Tensor.Index] does for a Tensor's dimensions: an int removes its
// dimension and a Slice keeps it. Indexing every dimension with an int
// gives a rank-0 *Dense. Errors wrap [ErrIndex].
func (d *Dense) Index(key ...any) (Value, error) {
	keys, err := parseKey(key)
	if err != nil {
		return nil, err
	}
	return indexLeaf(d, keys, "")
}

// Index selects part of a ragged leaf by ints (any Go integer type,
// negative ones counting from the end) and [Slice]s, one per dimension, as
// [Tensor.Index] does for a Tensor's dimensions. Ints may index a ragged
// dimension after a slice: r.Index(All, 0) is the first item of every row
// (an error naming the row if one is empty or null). A result whose ragged
// dimensions are all gone is a *Dense. Errors wrap [ErrIndex].
func (r *Ragged) Index(key ...any) (Value, error) {
	keys, err := parseKey(key)
	if err != nil {
		return nil, err
	}
	return indexLeaf(r, keys, "")
}

// indexLeaf applies parsed key elements to a leaf.
func indexLeaf(l Leaf, keys []keyElem, path string) (Value, error) {
	if len(keys) == 0 {
		return l, nil
	}
	for i, k := range keys {
		if k.kind == keyName {
			return nil, errorf(opIndex, ErrIndex, path, "key element %d is the field name %v, but a %s leaf has no fields", i, k, kindName(l))
		}
	}
	if len(keys) > l.Rank() {
		return nil, errorf(opIndex, ErrIndex, path, "too many key elements: %d for a rank-%d %s leaf", len(keys), l.Rank(), kindName(l))
	}
	return selectValue(l, keys, path)
}

// maskArray returns a with the items where nulls says so made null too,
// sharing its data buffers: only the validity bitmap is new.
func maskArray(a arrow.Array, nulls validity) arrow.Array {
	if nulls.nulls == 0 || a.DataType().ID() == arrow.NULL {
		return a
	}
	d := a.Data()
	off, n := d.Offset(), d.Len()
	var src []byte
	if a.NullN() > 0 {
		src = a.NullBitmapBytes()
	}
	bits := make([]byte, bitutil.BytesForBits(int64(off+n)))
	count := 0
	for i := 0; i < n; i++ {
		if !nulls.isNull(i) && (src == nil || bitutil.BitIsSet(src, off+i)) {
			bitutil.SetBit(bits, off+i)
		} else {
			count++
		}
	}
	bufs := append([]*memory.Buffer{memory.NewBufferBytes(bits)}, d.Buffers()[1:]...)
	out := newLeafData(d, n, bufs, count, off)
	defer out.Release()
	return array.MakeFromData(out)
}
