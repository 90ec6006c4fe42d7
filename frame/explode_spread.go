package frame

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// This file inserts the null rows Explode keeps for empty and null lists
// into the exploded items without gathering them item by item: between
// two null rows the items are one run of consecutive rows, so a vector's
// values are copied run by run (memmove), strings keep their data buffer
// and only get new offsets, lists and lists of structures keep all of
// their items and get a new outer partition, and a structure does the
// same for each field. Other values (maps, fixed-size lists, types
// without a plain layout) are gathered by TakeValueNullable, which gives
// the same result.

// explSpread returns v (rank >= 1, n rows) with null rows inserted at the
// result positions gaps (sorted): its rows in order, a null row at every
// gap.
func explSpread(v structured.Value, gaps []int) (structured.Value, error) {
	if len(gaps) == 0 {
		return v, nil
	}
	var (
		out structured.Value
		ok  bool
		err error
	)
	switch x := v.(type) {
	case *structured.Dense:
		if x.Rank() == 1 {
			out, ok, err = explSpreadVector(x, gaps)
		}
	case *structured.Ragged:
		out, ok, err = explSpreadLists(v, x.RowPartitions()[0], gaps)
	case *structured.Tensor:
		switch {
		case x.IsMap():
		case x.Rank() == 1:
			out, ok, err = explSpreadStruct(x, gaps)
		default:
			out, ok, err = explSpreadLists(v, x.RowPartitions()[0], gaps)
		}
	}
	if err != nil || !ok {
		return structured.TakeValueNullable(v, explSpreadIndex(v.NumRows(), gaps))
	}
	return out, nil
}

// explSpreadIndex is the gather index of a spread: the rows in order, -1
// at the gaps.
func explSpreadIndex(rows int, gaps []int) []int {
	item := make([]int, 0, rows+len(gaps))
	explRuns(rows, gaps, func(src, dst, n int) {
		for len(item) < dst {
			item = append(item, structured.NullRow)
		}
		for k := range n {
			item = append(item, src+k)
		}
	})
	for len(item) < rows+len(gaps) {
		item = append(item, structured.NullRow)
	}
	return item
}

// explRuns calls fn for each run of source rows [src, src+n) that lands
// at result row dst, between the gaps.
func explRuns(rows int, gaps []int, fn func(src, dst, n int)) {
	src, dst := 0, 0
	for _, g := range gaps {
		if n := g - dst; n > 0 {
			fn(src, dst, n)
			src += n
		}
		dst = g + 1
	}
	if src < rows {
		fn(src, dst, rows-src)
	}
}

// explSpreadBits spreads a validity bitmap (nil: all valid) of rows
// slots starting at bit off, the gaps null.
func explSpreadBits(bits []byte, off, rows int, gaps []int) (*memory.Buffer, int) {
	total := rows + len(gaps)
	out := make([]byte, bitutil.BytesForBits(int64(total)))
	explRuns(rows, gaps, func(src, dst, n int) {
		if bits == nil {
			bitutil.SetBitsTo(out, int64(dst), int64(n), true)
		} else {
			bitutil.CopyBitmap(bits, off+src, n, out, dst)
		}
	})
	return memory.NewBufferBytes(out), total - bitutil.CountSetBits(out, 0, total)
}

// explSpreadVector spreads a vector: fixed-width values run by run,
// strings and binaries by new offsets over the same data buffer.
func explSpreadVector(d *structured.Dense, gaps []int) (structured.Value, bool, error) {
	arr := d.Values()
	data := arr.Data()
	rows, off := arr.Len(), data.Offset()
	total := rows + len(gaps)
	var vbits []byte
	if arr.NullN() > 0 {
		vbits = arr.NullBitmapBytes()
	}
	bufs := data.Buffers()
	dt := arr.DataType()
	var newBufs []*memory.Buffer
	switch dt.ID() {
	case arrow.BOOL:
		out := make([]byte, bitutil.BytesForBits(int64(total)))
		src := explBytes(bufs[1])
		if len(src) < int(bitutil.BytesForBits(int64(off+rows))) {
			return nil, false, nil
		}
		explRuns(rows, gaps, func(s, dst, n int) { bitutil.CopyBitmap(src, off+s, n, out, dst) })
		newBufs = []*memory.Buffer{nil, memory.NewBufferBytes(out)}
	case arrow.STRING, arrow.BINARY:
		offs := arrow.GetData[int32](explBytes(bufs[1]))
		if len(offs) < off+rows+1 {
			return nil, false, nil
		}
		newBufs = []*memory.Buffer{nil, explSpreadOffsets(offs[off:], rows, gaps), bufs[2]}
	case arrow.LARGE_STRING, arrow.LARGE_BINARY:
		offs := arrow.GetData[int64](explBytes(bufs[1]))
		if len(offs) < off+rows+1 {
			return nil, false, nil
		}
		newBufs = []*memory.Buffer{nil, explSpreadOffsets(offs[off:], rows, gaps), bufs[2]}
	default:
		fw, ok := dt.(arrow.FixedWidthDataType)
		if !ok || len(bufs) != 2 || fw.BitWidth()%8 != 0 || fw.BitWidth() == 0 || dt.ID() == arrow.DICTIONARY {
			return nil, false, nil
		}
		w := fw.BitWidth() / 8
		src := explBytes(bufs[1])
		if len(src) < (off+rows)*w {
			return nil, false, nil
		}
		src = src[off*w:]
		out := make([]byte, total*w)
		explRuns(rows, gaps, func(s, dst, n int) { copy(out[dst*w:(dst+n)*w], src[s*w:(s+n)*w]) })
		newBufs = []*memory.Buffer{nil, memory.NewBufferBytes(out)}
	}
	var nulls int
	newBufs[0], nulls = explSpreadBits(vbits, off, rows, gaps)
	nd := array.NewData(dt, total, newBufs, nil, nulls, 0)
	defer nd.Release()
	a := array.MakeFromData(nd)
	defer a.Release()
	out, err := structured.NewDense(a)
	return out, err == nil, err
}

// explSpreadOffsets spreads string offsets: each source row keeps its
// bytes (offsets into the same data buffer), a gap is empty, at the
// boundary between the rows around it.
func explSpreadOffsets[T int32 | int64](src []T, rows int, gaps []int) *memory.Buffer {
	out := make([]T, rows+len(gaps)+1)
	for k, g := range gaps {
		b := src[g-k] // g-k source rows come before the gap
		out[g], out[g+1] = b, b
	}
	explRuns(rows, gaps, func(s, dst, n int) { copy(out[dst:dst+n+1], src[s:s+n+1]) })
	return memory.NewBufferBytes(arrow.GetBytes(out))
}

// explSpreadLists spreads a value whose first dimension is a list (a
// ragged leaf, a list of structures): its items are all kept, and a new
// outer partition gives each gap an empty null list.
func explSpreadLists(v structured.Value, p *structured.RowPartition, gaps []int) (structured.Value, bool, error) {
	if _, uniform := p.UniformRowLength(); uniform {
		return nil, false, nil
	}
	rows := p.NumRows()
	total := rows + len(gaps)
	src := p.RowSplits()
	splits := make([]int64, total+1)
	valid := make([]bool, total)
	explRuns(rows, gaps, func(s, dst, n int) {
		copy(splits[dst:dst+n+1], src[s:s+n+1])
		for k := range n {
			valid[dst+k] = !p.IsNull(s + k)
		}
	})
	for k, g := range gaps {
		splits[g], splits[g+1] = src[g-k], src[g-k]
	}
	np, err := structured.PartitionFromSplits(splits)
	if err != nil {
		return nil, false, err
	}
	if np, err = np.WithValidity(valid); err != nil {
		return nil, false, err
	}
	flat, err := structured.MergeValueDims(v, 0, 1)
	if err != nil {
		return nil, false, err
	}
	if flat.NumRows() != np.NumValues() {
		return nil, false, nil
	}
	w, err := structured.FromFieldsShape([]structured.FieldValue{{Name: "v", Value: flat}}, structured.Shape{flat.NumRows()})
	if err != nil {
		return nil, false, err
	}
	if w, err = w.PartitionOuterDimension(np); err != nil {
		return nil, false, err
	}
	out, err := w.Field("v")
	return out, err == nil, err
}

// explSpreadStruct spreads each field of a structure column and marks the
// gaps (and the structure's own nulls) null, through Arrow's struct
// layout (ToArrow and FromArrow share every buffer).
func explSpreadStruct(t *structured.Tensor, gaps []int) (structured.Value, bool, error) {
	fields := t.Fields()
	for i := range fields {
		v, err := explSpread(fields[i].Value, gaps)
		if err != nil {
			return nil, false, err
		}
		fields[i].Value = v
	}
	rows := t.NumRows()
	spread, err := structured.FromFieldsShape(fields, structured.Shape{rows + len(gaps)})
	if err != nil || len(fields) == 0 {
		return nil, false, err
	}
	arr, err := spread.ToArrow()
	if err != nil {
		return nil, false, err
	}
	defer arr.Release()
	bits, off := t.Validity().Bytes()
	vbuf, nulls := explSpreadBits(bits, off, rows, gaps)
	nd := array.NewData(arr.DataType(), arr.Len(), []*memory.Buffer{vbuf}, arr.Data().Children(), nulls, 0)
	defer nd.Release()
	sa := array.MakeFromData(nd)
	defer sa.Release()
	out, err := structured.FromArrow(sa)
	if err != nil {
		return nil, false, err
	}
	return out, true, nil
}
