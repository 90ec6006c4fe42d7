package frame

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// The repeat kernels give every column Explode does not explode its rows
// repeated, row i counts[i] times, in order: typed loops over the values
// of vectors (fixed-width by their byte width, booleans and validity by
// bit runs, strings through their offsets), without the parent row index
// a gather needs. Other values (lists, structures, dictionaries, views)
// are gathered by parent row with structured.TakeValue.

// explRepeatValue returns v's rows repeated as plan.counts says.
func explRepeatValue(v structured.Value, plan *explPlan) (structured.Value, error) {
	if d, ok := v.(*structured.Dense); ok && d.Rank() == 1 {
		if out, ok, err := explRepeatVector(d, plan.counts, plan.rows); ok || err != nil {
			return out, err
		}
	}
	return structured.TakeValue(v, plan.parent())
}

// explRepeatVector repeats the items of a vector; ok is false for types
// it does not cover.
func explRepeatVector(d *structured.Dense, counts []int32, total int) (structured.Value, bool, error) {
	arr := d.Values()
	data := arr.Data()
	off, rows := data.Offset(), arr.Len()
	bufs := data.Buffers()
	dt := arr.DataType()
	var newBufs []*memory.Buffer
	switch dt.ID() {
	case arrow.BOOL:
		if len(explBytes(bufs[1])) < int(bitutil.BytesForBits(int64(off+rows))) {
			return nil, false, nil
		}
		newBufs = []*memory.Buffer{nil, explRepeatBits(explBytes(bufs[1]), off, counts, total)}
	case arrow.STRING, arrow.BINARY:
		offs := arrow.GetData[int32](explBytes(bufs[1]))
		if len(offs) < off+rows+1 {
			return nil, false, nil
		}
		offBuf, vals, ok := explRepeatVarBinary(offs[off:], bufs[2], counts, total)
		if !ok {
			return nil, false, nil
		}
		newBufs = []*memory.Buffer{nil, offBuf, vals}
	case arrow.LARGE_STRING, arrow.LARGE_BINARY:
		offs := arrow.GetData[int64](explBytes(bufs[1]))
		if len(offs) < off+rows+1 {
			return nil, false, nil
		}
		offBuf, vals, _ := explRepeatVarBinary(offs[off:], bufs[2], counts, total)
		newBufs = []*memory.Buffer{nil, offBuf, vals}
	default:
		fw, ok := dt.(arrow.FixedWidthDataType)
		if !ok || len(bufs) != 2 || dt.ID() == arrow.DICTIONARY {
			return nil, false, nil
		}
		if w := fw.BitWidth() / 8; len(explBytes(bufs[1])) < (off+rows)*w {
			return nil, false, nil
		}
		var values *memory.Buffer
		switch fw.BitWidth() {
		case 8:
			values = explRepeatFixed[uint8](bufs[1], off, counts, total)
		case 16:
			values = explRepeatFixed[uint16](bufs[1], off, counts, total)
		case 32:
			values = explRepeatFixed[uint32](bufs[1], off, counts, total)
		case 64:
			values = explRepeatFixed[uint64](bufs[1], off, counts, total)
		default:
			return nil, false, nil
		}
		newBufs = []*memory.Buffer{nil, values}
	}
	nulls := 0
	if arr.NullN() > 0 {
		newBufs[0] = explRepeatBits(arr.NullBitmapBytes(), off, counts, total)
		nulls = total - bitutil.CountSetBits(newBufs[0].Bytes(), 0, total)
	}
	nd := array.NewData(dt, total, newBufs, nil, nulls, 0)
	defer nd.Release()
	a := array.MakeFromData(nd)
	defer a.Release()
	out, err := structured.NewDense(a)
	return out, true, err
}

// explRepeatBits repeats the bits of a bitmap, bit off+i counts[i] times.
func explRepeatBits(bits []byte, off int, counts []int32, total int) *memory.Buffer {
	out := make([]byte, bitutil.BytesForBits(int64(total)))
	pos := 0
	for i, c := range counts {
		if c > 0 && bitutil.BitIsSet(bits, off+i) {
			if c == 1 {
				bitutil.SetBit(out, pos)
			} else {
				bitutil.SetBitsTo(out, int64(pos), int64(c), true)
			}
		}
		pos += int(c)
	}
	return memory.NewBufferBytes(out)
}

// explRepeatFixed repeats fixed-width values seen as unsigned integers
// of their width.
func explRepeatFixed[T uint8 | uint16 | uint32 | uint64](buf *memory.Buffer, off int, counts []int32, total int) *memory.Buffer {
	src := arrow.GetData[T](explBytes(buf))[off:]
	out := make([]T, total)
	pos := 0
	for i, c := range counts {
		x := src[i]
		for k := range int(c) {
			out[pos+k] = x
		}
		pos += int(c)
	}
	return memory.NewBufferBytes(arrow.GetBytes(out))
}

// explRepeatVarBinary repeats strings or binaries: new offsets and data;
// ok is false when the data would overflow 32-bit offsets.
func explRepeatVarBinary[T int32 | int64](offs []T, data *memory.Buffer, counts []int32, total int) (*memory.Buffer, *memory.Buffer, bool) {
	size := 0
	for i, c := range counts {
		size += int(offs[i+1]-offs[i]) * int(c)
	}
	var zero T
	if _, small := any(zero).(int32); small && size > math.MaxInt32 {
		return nil, nil, false
	}
	var src []byte
	if data != nil {
		src = data.Bytes()
	}
	outOffs := make([]T, total+1)
	out := make([]byte, size)
	pos, at := 0, 0
	for i, c := range counts {
		s := src[offs[i]:offs[i+1]]
		for range c {
			at += copy(out[at:], s)
			pos++
			outOffs[pos] = T(at)
		}
	}
	return memory.NewBufferBytes(arrow.GetBytes(outOffs)), memory.NewBufferBytes(out), true
}

// explBytes returns a buffer's bytes, nil for a nil buffer (the values
// of an empty array may have none).
func explBytes(b *memory.Buffer) []byte {
	if b == nil {
		return nil
	}
	return b.Bytes()
}
