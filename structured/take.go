package structured

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured/internal/build"
)

// This file gathers values by position, the machinery behind indexing and
// the array operations (gather, boolean mask, concat):
//
//   - takeArray gathers the items of a flat Arrow array;
//   - gatherChain / sliceChain follow selected outer rows down a chain of
//     row partitions, giving the new partitions and the flat items kept;
//   - gatherRows / sliceRows select outer rows of any Value (Dense, Ragged
//     or Tensor, recursing into fields), keeping null items, null lists and
//     null structures.
//
// Throughout, a negative row or item index stands for a null: a null item,
// a null (empty) list or a null structure. Contiguous selections share the
// input's Arrow arrays; others copy the selected items.

// takeArray gathers items by position: item i of the result is item idx[i]
// of a, or null if idx[i] < 0. Validity is kept. Every leaf type of the
// dtype table is supported (see dtype.go), by its layout: fixed-width
// items by their byte width, whatever their logical type; strings and
// binaries through their offsets; views by their 16-byte headers, sharing
// the data buffers; dictionaries by their indices, sharing the dictionary.
func takeArray(a arrow.Array, idx []int) (arrow.Array, error) {
	const op = "take"
	n := a.Len()
	for i, j := range idx {
		if j >= n {
			return nil, errorf(op, ErrIndex, "", "item index %d (position %d) is out of range for %d items", j, i, n)
		}
	}
	if len(idx) == 0 {
		return array.NewSlice(a, 0, 0), nil
	}
	data := a.Data()
	var bufs []*memory.Buffer
	switch dt := dtype.Of(a.DataType()); dt.Layout {
	case dtype.LayoutNull:
		return array.NewNull(len(idx)), nil
	case dtype.LayoutBits:
		bufs = []*memory.Buffer{nil, takeBits(data, idx)}
	case dtype.LayoutFixed:
		bufs = []*memory.Buffer{nil, takeWidth(data, dt.Width, idx)}
	case dtype.LayoutDict: // the dictionary is shared (newLeafData)
		bufs = []*memory.Buffer{nil, takeWidth(data, dt.Width, idx)}
	case dtype.LayoutView:
		bufs = append([]*memory.Buffer{nil, takeWidth(data, dt.Width, idx)}, data.Buffers()[2:]...)
	case dtype.LayoutOffsets:
		var offsets, values *memory.Buffer
		var err error
		if dt.Width == 4 {
			offsets, values, err = takeVarBinary[int32](data, idx)
		} else {
			offsets, values, err = takeVarBinary[int64](data, idx)
		}
		if err != nil {
			return nil, err
		}
		bufs = []*memory.Buffer{nil, offsets, values}
	default:
		return nil, errorf(op, ErrType, "", "cannot gather items of type %s", a.DataType())
	}
	var nulls int
	bufs[0], nulls = takeValidity(a, idx)
	out := newLeafData(data, len(idx), bufs, nulls, 0)
	defer out.Release()
	return array.MakeFromData(out), nil
}

// takeWidth gathers items of width bytes each from buffer 1 of d: by the
// unsigned integer of that width where there is one, else by byte copies
// (views, decimal128/256, intervals, fixed_size_binary).
func takeWidth(d arrow.ArrayData, width int, idx []int) *memory.Buffer {
	switch width {
	case 1:
		return takeFixed[uint8](d, idx)
	case 2:
		return takeFixed[uint16](d, idx)
	case 4:
		return takeFixed[uint32](d, idx)
	case 8:
		return takeFixed[uint64](d, idx)
	}
	return takeBytes(d, width, idx)
}

// takeBytes gathers items of width bytes each by copying their bytes.
func takeBytes(d arrow.ArrayData, width int, idx []int) *memory.Buffer {
	var src []byte
	if b := d.Buffers()[1]; b != nil {
		src = b.Bytes()[d.Offset()*width:]
	}
	out := make([]byte, len(idx)*width)
	for i, j := range idx {
		if j >= 0 {
			copy(out[i*width:(i+1)*width], src[j*width:(j+1)*width])
		}
	}
	return memory.NewBufferBytes(out)
}

// takeValidity gathers a's validity bitmap (nil when every gathered item
// is valid) and counts the nulls.
func takeValidity(a arrow.Array, idx []int) (*memory.Buffer, int) {
	src := a.NullBitmapBytes()
	if a.NullN() == 0 {
		src = nil
		if !hasNegative(idx) {
			return nil, 0
		}
	}
	off := a.Data().Offset()
	bits := make([]byte, bitutil.BytesForBits(int64(len(idx))))
	nulls := 0
	for i, j := range idx {
		if j >= 0 && (src == nil || bitutil.BitIsSet(src, off+j)) {
			bitutil.SetBit(bits, i)
		} else {
			nulls++
		}
	}
	return memory.NewBufferBytes(bits), nulls
}

// hasNegative reports whether any index is negative (a null).
func hasNegative(idx []int) bool {
	for _, j := range idx {
		if j < 0 {
			return true
		}
	}
	return false
}

// takeFixed gathers fixed-width items, seen as unsigned integers of their
// width (the bits are copied, whatever the logical type).
func takeFixed[T uint8 | uint16 | uint32 | uint64](d arrow.ArrayData, idx []int) *memory.Buffer {
	src := arrow.GetValues[T](d, 1)
	out := make([]T, len(idx))
	for i, j := range idx {
		if j >= 0 {
			out[i] = src[j]
		}
	}
	return memory.NewBufferBytes(arrow.GetBytes(out))
}

// takeBits gathers bit-packed booleans.
func takeBits(d arrow.ArrayData, idx []int) *memory.Buffer {
	out := make([]byte, bitutil.BytesForBits(int64(len(idx))))
	var src []byte
	if b := d.Buffers()[1]; b != nil {
		src = b.Bytes()
	}
	off := d.Offset()
	for i, j := range idx {
		if j >= 0 && bitutil.BitIsSet(src, off+j) {
			bitutil.SetBit(out, i)
		}
	}
	return memory.NewBufferBytes(out)
}

// takeVarBinary gathers strings or binaries with offsets of type O.
func takeVarBinary[O int32 | int64](d arrow.ArrayData, idx []int) (offsets, values *memory.Buffer, err error) {
	var offs []O
	var src []byte
	if d.Len() > 0 {
		offs = arrow.GetOffsets[O](d, 1)
		if b := d.Buffers()[2]; b != nil {
			src = b.Bytes()
		}
	}
	// One pass over the random positions: the bytes are reserved for the
	// source's mean length, append grows past it.
	est := 0
	if n := d.Len(); n > 0 {
		est = int(float64(offs[n]-offs[0])/float64(n)*float64(len(idx))) + 64
	}
	outOffs := make([]O, len(idx)+1)
	out := make([]byte, est+takeSlack)
	w := 0
	for i, j := range idx {
		if j >= 0 {
			a, b := int(offs[j]), int(offs[j+1])
			if w+(b-a)+takeSlack > len(out) {
				out = append(out[:w], make([]byte, len(out)+(b-a)+takeSlack)...)
				out = out[:cap(out)]
			}
			if b-a <= takeSlack && a+takeSlack <= len(src) {
				// A short string: two words copied whole, no call.
				takeWords(out[w:w+takeSlack], src[a:a+takeSlack])
			} else {
				copy(out[w:], src[a:b])
			}
			w += b - a
		}
		outOffs[i+1] = O(w)
	}
	if O(w) < 0 || int(O(w)) != w {
		return nil, nil, errorf("take", ErrIndex, "", "gathered %d bytes of %s, more than its offsets can address", w, d.DataType())
	}
	return memory.NewBufferBytes(arrow.GetBytes(outOffs)), memory.NewBufferBytes(out[:w]), nil
}

// takeSlack is the length up to which takeVarBinary copies a string as
// two words, and the room it keeps past the bytes written for them.
const takeSlack = 16

// takeWords copies the 16 bytes of src to dst as two 8-byte words.
func takeWords(dst, src []byte) {
	binary.LittleEndian.PutUint64(dst[:8], binary.LittleEndian.Uint64(src[:8]))
	binary.LittleEndian.PutUint64(dst[8:16], binary.LittleEndian.Uint64(src[8:16]))
}

// gatherValidity gathers a validity over idx; negative indices are null.
func gatherValidity(v validity, idx []int) validity {
	if v.nulls == 0 && !hasNegative(idx) {
		return validity{}
	}
	var b build.Bitmap
	for _, j := range idx {
		b.Append(j >= 0 && !v.isNull(j))
	}
	return bitmapValidity(b.Finish())
}

// gatherChain follows outer rows down a partition chain. rows lists rows
// of parts[0] (negative for a null row); the result has one partition per
// input partition, describing the gathered rows, and the flat indices of
// the items below the last one (negative for placeholders under null
// rows). Null rows are kept: empty for ragged partitions, and of the fixed
// length, filled with null placeholders, for uniform ones.
func gatherChain(parts []*RowPartition, rows []int) ([]*RowPartition, []int) {
	out := make([]*RowPartition, len(parts))
	cur := rows
	for k, p := range parts {
		out[k], cur = gatherPartition(p, cur)
	}
	return out, cur
}

// gatherPartition gathers rows of p: the partition of the gathered rows and
// the indices of their items.
func gatherPartition(p *RowPartition, rows []int) (*RowPartition, []int) {
	withNulls := p.valid.nulls != 0 || hasNegative(rows)
	var vb build.Bitmap
	if l := p.uniform; l != Unknown {
		items := make([]int, 0, len(rows)*l)
		for _, r := range rows {
			if withNulls {
				vb.Append(r >= 0 && !p.IsNull(r))
			}
			for k := 0; k < l; k++ {
				if r < 0 {
					items = append(items, -1)
				} else {
					items = append(items, r*l+k)
				}
			}
		}
		return mustUniform(l, len(rows)).withValidity(bitmapValidity(vb.Finish())), items
	}
	total := 0
	for _, r := range rows {
		if r >= 0 && !p.IsNull(r) {
			s, e := p.Bounds(r)
			total += e - s
		}
	}
	items := make([]int, 0, total)
	var q *RowPartition
	if p.s32 != nil && total <= math.MaxInt32 {
		q, items = gatherSplits[int32](p, rows, items)
	} else {
		q, items = gatherSplits[int64](p, rows, items)
	}
	if withNulls {
		for _, r := range rows {
			vb.Append(r >= 0 && !p.IsNull(r))
		}
		q.valid = bitmapValidity(vb.Finish())
	}
	return q, items
}

// gatherSplits builds the splits of the gathered rows of a ragged
// partition, appending their item indices to items. Null rows are empty.
func gatherSplits[T int32 | int64](p *RowPartition, rows []int, items []int) (*RowPartition, []int) {
	splits := make([]T, len(rows)+1)
	for i, r := range rows {
		if r >= 0 && !p.IsNull(r) {
			s, e := p.Bounds(r)
			for k := s; k < e; k++ {
				items = append(items, k)
			}
		}
		splits[i+1] = T(len(items))
	}
	return newSplitsPartition(splits, nil), items
}

// sliceChain follows the contiguous outer rows [lo, hi) down a partition
// chain: the partitions of those rows (sharing the splits) and the item
// range [lo, hi) below the last one. Work is proportional to the rows
// kept at each level, not to the items.
func sliceChain(parts []*RowPartition, lo, hi int) ([]*RowPartition, int, int) {
	out := make([]*RowPartition, len(parts))
	for k, p := range parts {
		out[k] = slicePartition(p, lo, hi)
		lo, hi = p.split(lo), p.split(hi)
	}
	return out, lo, hi
}

// slicePartition returns rows [lo, hi) of p, sharing its splits (the
// result views a window of them; see RowPartition).
func slicePartition(p *RowPartition, lo, hi int) *RowPartition {
	return p.sliceRows(lo, hi)
}

// rebase returns splits shifted to start at 0, sharing them if they do.
func rebase[T int32 | int64](splits []T) []T {
	base := splits[0]
	if base == 0 {
		return splits
	}
	out := make([]T, len(splits))
	for i, s := range splits {
		out[i] = s - base
	}
	return out
}

// gatherRows selects outer rows of v (rank >= 1), in the order given;
// repeats are allowed and a negative row gives a null row (a null item,
// an empty null list or a null structure). The result has len(rows) rows.
// It shares v's arrays when rows are one ascending run, and gathers the
// selected items otherwise. Tensors keep their null structures and every
// field is gathered the same way.
func gatherRows(v Value, rows []int) (Value, error) {
	const op = "gather"
	if v.Rank() == 0 {
		return nil, errorf(op, ErrIndex, "", "a scalar has no rows to gather")
	}
	n := v.NumRows()
	for i, r := range rows {
		if r >= n {
			return nil, errorf(op, ErrIndex, "", "row %d (position %d) is out of range for %d rows", r, i, n)
		}
	}
	if lo, ok := ascendingRun(rows); ok {
		return sliceRows(v, lo, lo+len(rows)), nil
	}
	switch x := v.(type) {
	case *Tensor:
		return x.gatherRows(rows)
	case Leaf:
		values, _, parts := leafLayout(x)
		newParts, items := gatherChain(parts, rows)
		taken, err := takeArray(values, items)
		if err != nil {
			return nil, err
		}
		return leafFrom(taken, len(rows), newParts), nil
	}
	return nil, errorf(op, ErrType, "", "unknown value kind %T", v)
}

// ascendingRun reports whether rows are lo, lo+1, ... with no null.
func ascendingRun(rows []int) (lo int, ok bool) {
	if len(rows) == 0 {
		return 0, true
	}
	lo = rows[0]
	if lo < 0 {
		return 0, false
	}
	for i, r := range rows {
		if r != lo+i {
			return 0, false
		}
	}
	return lo, true
}

func (t *Tensor) gatherRows(rows []int) (*Tensor, error) {
	parts, structs := gatherChain(t.parts, rows)
	out := &Tensor{rank: t.rank, nrows: len(rows), parts: parts, names: t.names,
		fields: make([]Value, len(t.fields)), valid: gatherValidity(t.valid, structs), isMap: t.isMap}
	fields := t.fieldValues()
	err := eachField(len(fields), len(structs), func(i int) error {
		g, err := gatherRows(flattenOuter(fields[i], t.rank-1), structs)
		if err != nil {
			return err
		}
		out.fields[i] = nestOuter(g, len(rows), parts)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sliceRows selects the contiguous outer rows [lo, hi) of v (rank >= 1,
// bounds already checked) without copying items or splits: value arrays
// are sliced and partitions view a window of their splits, O(partitions).
func sliceRows(v Value, lo, hi int) Value {
	if lo == 0 && hi == v.NumRows() {
		return v
	}
	switch x := v.(type) {
	case *Tensor:
		parts, a, b := sliceChain(x.parts, lo, hi)
		out := &Tensor{rank: x.rank, nrows: hi - lo, parts: parts, names: x.names,
			fields: make([]Value, len(x.fields)), valid: x.valid.slice(a, b), isMap: x.isMap}
		for i := range x.fields {
			if pcs := x.unjoined(i); pcs != nil && uniformPieces(pcs) {
				slicePieces(out, i, pcs, lo, hi)
				continue
			}
			// Pieces of several schemas are joined first: their join's
			// schema (types, uniform dimensions) depends on every piece.
			out.fields[i] = nestOuter(sliceRows(flattenOuter(x.field(i), x.rank-1), a, b), hi-lo, parts)
		}
		return out
	case Leaf:
		values, _, parts := leafLayout(x)
		newParts, a, b := sliceChain(parts, lo, hi)
		if a != 0 || b != values.Len() {
			values = array.NewSlice(values, int64(a), int64(b))
		}
		return leafFrom(values, hi-lo, newParts)
	}
	panic("structured: unknown value kind")
}

// slicePieces sets field i of out, rows [lo, hi) of a rank-1 Tensor whose
// field i is still the pieces pcs (see lazyField), which share one schema
// (uniformPieces), without joining them: the one piece the rows fall in,
// sliced; or the slices of the pieces they span, left to be joined when
// the field is read, as Concat leaves them. Head, Tail and the rows a
// printed table shows thus read only those rows, whatever the number of
// pieces.
func slicePieces(out *Tensor, i int, pcs []Value, lo, hi int) {
	var cut []Value
	off := 0
	for _, p := range pcs {
		n := p.NumRows()
		if s, e := max(lo, off), min(hi, off+n); s < e {
			cut = append(cut, sliceRows(p, s-off, e-off))
		}
		off += n
	}
	switch len(cut) {
	case 0:
		out.fields[i] = sliceRows(pcs[0], 0, 0)
	case 1:
		out.fields[i] = cut[0]
	default:
		// The pieces passed Concat's checks, and so do slices of them.
		c := concatenator{op: "Slice"}
		out.setLazy(i, func() Value {
			v, err := c.rows(cut, out.names[i], 0)
			if err != nil {
				panic(fmt.Sprintf("structured: joining slices of field %s, checked beforehand: %v", out.names[i], err))
			}
			return v
		}, func() []Value { return cut })
	}
}

// uniformPieces reports whether every piece has the schema of the first
// exactly (Null types, field order, uniform dimensions and split widths
// included, at every depth), so that a slice of one piece, or the join of
// slices of some of them, is that slice of their join.
func uniformPieces(pcs []Value) bool {
	for _, p := range pcs[1:] {
		if !sameSchema(pcs[0], p) {
			return false
		}
	}
	return true
}

// sameSchema reports whether a and b have one schema exactly: the same
// kind, rank and uniform dimensions, the same Arrow types, and the same
// field names in the same order. An unjoined field stands for its join
// only when its own pieces share one schema.
func sameSchema(a, b Value) bool {
	switch x := a.(type) {
	case Leaf:
		y, ok := b.(Leaf)
		if !ok || x.Rank() != y.Rank() || !arrow.TypeEqual(x.DataType(), y.DataType()) {
			return false
		}
		_, _, px := leafLayout(x)
		_, _, py := leafLayout(y)
		return sameUniform(px, py)
	case *Tensor:
		y, ok := b.(*Tensor)
		if !ok || x.rank != y.rank || x.isMap != y.isMap || !slices.Equal(x.names, y.names) || !sameUniform(x.parts, y.parts) {
			return false
		}
		for i := range x.fields {
			fa, oka := x.schemaValue(i)
			fb, okb := y.schemaValue(i)
			if !oka || !okb || !sameSchema(fa, fb) {
				return false
			}
		}
		return true
	}
	return false
}

// sameUniform reports whether two partition chains have the same uniform
// lengths (Unknown for ragged ones) and, where ragged, splits of the same
// width (int32 or int64: Arrow's list or large_list), level by level.
func sameUniform(a, b []*RowPartition) bool {
	return slices.EqualFunc(a, b, func(p, q *RowPartition) bool {
		return p.uniform == q.uniform && (p.s32 == nil) == (q.s32 == nil)
	})
}

// schemaValue returns a value with the schema of field i without joining
// it: the field, or its first piece when it is unjoined and its pieces
// share one schema (false otherwise).
func (t *Tensor) schemaValue(i int) (Value, bool) {
	if v := t.fields[i]; v != nil {
		return v, true
	}
	pcs := t.lazy[i].pieces()
	if pcs == nil { // joined meanwhile
		return t.field(i), true
	}
	if !uniformPieces(pcs) {
		return nil, false
	}
	return pcs[0], true
}

// flattenOuter merges v's dimensions 0..k into one (row-major), dropping
// its first k partitions: the rows of the result are the positions of
// v's first k+1 dimensions. Nothing is copied. k must be below v's rank.
func flattenOuter(v Value, k int) Value {
	if k == 0 {
		return v
	}
	switch x := v.(type) {
	case *Tensor:
		out := &Tensor{rank: x.rank - k, nrows: x.parts[k-1].nvals, parts: x.parts[k:], names: x.names,
			fields: make([]Value, len(x.fields)), valid: x.valid, isMap: x.isMap}
		if out.rank == 1 {
			out.parts = nil
		}
		for i, f := range x.fieldValues() {
			out.fields[i] = flattenOuter(f, k)
		}
		return out
	case Leaf:
		values, _, parts := leafLayout(x)
		return leafFrom(values, parts[k-1].nvals, parts[k:])
	}
	panic("structured: unknown value kind")
}

// nestOuter cuts v's outer rows by a partition chain: the result has nrows
// outer rows, then one dimension per partition (the last partition's NumValues
// must be v's rows), then v's other dimensions. Tensors and their fields
// share the given partition objects. Nothing is copied.
func nestOuter(v Value, nrows int, parts []*RowPartition) Value {
	if len(parts) == 0 {
		return v
	}
	switch x := v.(type) {
	case *Tensor:
		outer := append(parts[:len(parts):len(parts)], x.parts...)
		out := &Tensor{rank: x.rank + len(parts), nrows: nrows, parts: outer, names: x.names,
			fields: make([]Value, len(x.fields)), valid: x.valid, isMap: x.isMap}
		for i, f := range x.fieldValues() {
			out.fields[i] = nestOuter(f, nrows, parts)
		}
		return out
	case Leaf:
		values, _, inner := leafLayout(x)
		return leafFrom(values, nrows, append(parts[:len(parts):len(parts)], inner...))
	}
	panic("structured: unknown value kind")
}

// leafFrom builds a leaf from flat items, the outer size and a partition
// chain: a *Dense when every partition is uniform without null rows,
// otherwise a *Ragged.
func leafFrom(values arrow.Array, nrows int, parts []*RowPartition) Leaf {
	for _, p := range parts {
		if p.uniform == Unknown || p.valid.nulls != 0 {
			return newRagged(values, parts)
		}
	}
	shape := make(Shape, len(parts)+1)
	shape[0] = nrows
	for i, p := range parts {
		shape[i+1] = p.uniform
	}
	return &Dense{leafOf(values), shape}
}
