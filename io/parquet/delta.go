package parquet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unsafe"

	pq "github.com/apache/arrow-go/v18/parquet"
)

// The encodings of Parquet's version 2 pages, as DuckDB (PARQUET_VERSION
// V2), parquet-mr's v2 writer and arrow-go's writer with them asked for
// write them: DELTA_BINARY_PACKED integers, DELTA_LENGTH_BYTE_ARRAY and
// DELTA_BYTE_ARRAY strings, BYTE_STREAM_SPLIT floats and integers. Each
// page is self-contained: a value refers only to earlier values of its
// page.

// Parquet's encodings of version 2 pages, as parquet.thrift numbers them.
const (
	encDeltaBinaryPacked    = 5
	encDeltaLengthByteArray = 6
	encDeltaByteArray       = 7
	encByteStreamSplit      = 9
)

// errDelta is the error of a delta encoding whose header does not hold.
var errDelta = errors.New("corrupt delta encoding")

// decodeDelta decodes len(out) integers DELTA_BINARY_PACKED in b (a
// header of block size, miniblocks per block, value count and first
// value, then blocks of a minimum delta, the miniblocks' bit widths and
// the miniblocks, each delta above the minimum packed at its miniblock's
// width), and returns the bytes read: up to the end of the last
// miniblock holding a value wanted, and the count of values the header
// states. The deltas add up in 64 bits, cut to T's width: a writer's
// deltas wrap around in T's width or not, to the same values. What
// arrow-go refuses is refused: blocks not of a multiple of 128 values,
// miniblocks not of 32, a miniblock cut short, and for int32 a first
// value or minimum delta past 32 bits and deltas wider.
func decodeDelta[T int32 | int64](b []byte, out []T) (int, int, error) {
	pos := 0
	uvarint := func() (uint64, error) {
		v, k := binary.Uvarint(b[pos:])
		if k <= 0 {
			return 0, errShortRun
		}
		pos += k
		return v, nil
	}
	varint := func() (int64, error) {
		v, k := binary.Varint(b[pos:])
		if k <= 0 {
			return 0, errShortRun
		}
		pos += k
		return v, nil
	}
	blockSize, err1 := uvarint()
	miniblocks, err2 := uvarint()
	total, err3 := uvarint()
	first, err4 := varint()
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return pos, 0, err
	}
	var z T
	narrow := unsafe.Sizeof(z) == 4
	if miniblocks == 0 || blockSize == 0 || blockSize > 1<<20 || blockSize%128 != 0 || blockSize%miniblocks != 0 || (blockSize/miniblocks)%32 != 0 {
		return pos, 0, fmt.Errorf("%w: blocks of %d values in %d miniblocks", errDelta, blockSize, miniblocks)
	}
	if total < uint64(len(out)) || total > math.MaxInt32 {
		return pos, 0, fmt.Errorf("%w: %d values where %d are wanted", errDelta, total, len(out))
	}
	if narrow && int64(int32(first)) != first {
		return pos, 0, fmt.Errorf("%w: a first value of %d in 32 bits", errDelta, first)
	}
	if len(out) == 0 {
		return pos, int(total), nil
	}
	perMini := int(blockSize / miniblocks)
	deltas := make([]uint64, min(perMini, len(out)))
	last := first
	out[0] = T(last)
	for i := 1; i < len(out); {
		minDelta, err := varint()
		if err != nil {
			return pos, 0, err
		}
		if narrow && int64(int32(minDelta)) != minDelta {
			return pos, 0, fmt.Errorf("%w: a minimum delta of %d in 32 bits", errDelta, minDelta)
		}
		if pos+int(miniblocks) > len(b) {
			return pos, 0, errShortRun
		}
		widths := b[pos : pos+int(miniblocks)]
		pos += int(miniblocks)
		for _, w := range widths {
			if i == len(out) {
				break
			}
			if w > 64 || narrow && w > 32 {
				return pos, 0, fmt.Errorf("%w: a miniblock of %d-bit deltas", errDelta, w)
			}
			if pos+perMini*int(w)/8 > len(b) {
				return pos, 0, errShortRun
			}
			n := min(perMini, len(out)-i)
			unpack64(b[pos:], int(w), deltas[:n])
			for _, d := range deltas[:n] {
				last += minDelta + int64(d)
				out[i] = T(last)
				i++
			}
			pos += perMini * int(w) / 8
		}
	}
	return pos, int(total), nil
}

// unpack64 unpacks len(out) values of width bits (0 to 64), least
// significant bit first, from b, which holds at least
// ceil(len(out)*width/8) bytes.
func unpack64(b []byte, width int, out []uint64) {
	if width == 0 {
		clear(out)
		return
	}
	if width <= 32 {
		// the narrow widths of most miniblocks, a word a value
		var block [64]uint32
		for done := 0; done < len(out); done += len(block) { // blocks of a multiple of 8 start on a byte
			part := block[:min(len(block), len(out)-done)]
			unpack(b[done*width/8:], width, part)
			for k, v := range part {
				out[done+k] = uint64(v)
			}
		}
		return
	}
	for i := range out {
		bit := i * width
		var lo, hi uint64
		for k := 0; k < 8 && bit/8+k < len(b); k++ {
			lo |= uint64(b[bit/8+k]) << (8 * k)
		}
		if bit/8+8 < len(b) {
			hi = uint64(b[bit/8+8])
		}
		v := lo>>(bit%8) | hi<<(64-bit%8) // (a shift of 64 is 0)
		if width < 64 {
			v &= 1<<width - 1
		}
		out[i] = v
	}
}

// splitStreams undoes BYTE_STREAM_SPLIT: the k-th bytes of n values of
// width bytes are the k-th stream of b, n bytes; out gets the values.
func splitStreams(out, b []byte, n, width int) error {
	if n*width != len(b) { // (pqarrow takes the streams' length from the bytes)
		return fmt.Errorf("%d values of %d bytes in %d bytes", n, width, len(b))
	}
	for k := range width {
		stream := b[k*n : (k+1)*n]
		for i, c := range stream {
			out[i*width+k] = c
		}
	}
	return nil
}

// deltaLengths decodes the nv lengths of a DELTA_LENGTH_BYTE_ARRAY (or
// the suffixes of a DELTA_BYTE_ARRAY) into lens, and returns the bytes
// they take and the sum of the lengths, which follow them.
func deltaLengths(b []byte, lens []int32) (read, sum int, err error) {
	read, total, err := decodeDelta(b, lens)
	if err != nil {
		return 0, 0, err
	}
	if total != len(lens) { // the bytes follow the last length stated
		return 0, 0, fmt.Errorf("%w: %d lengths for %d values", errDelta, total, len(lens))
	}
	for _, l := range lens {
		if l < 0 {
			return 0, 0, fmt.Errorf("%w: a length of %d", errDelta, l)
		}
		sum += int(l)
		if sum > math.MaxInt32 {
			return 0, 0, errUnsupported
		}
	}
	if sum > len(b)-read {
		return 0, 0, fmt.Errorf("%w: %d bytes of values in %d", errDelta, sum, len(b)-read)
	}
	return read, sum, nil
}

// deltaInts appends nv integers DELTA_BINARY_PACKED in b.
func (r *leafReader) deltaInts(b []byte, nv int) error {
	o := r.out
	var err error
	switch {
	case o.kind != fixedValues:
		return errUnsupported
	case r.desc.PhysicalType() == pq.Types.Int32:
		_, _, err = decodeDelta(b, asInt32s(o.vals.Buf())[o.n:o.n+nv])
	case r.desc.PhysicalType() == pq.Types.Int64:
		_, _, err = decodeDelta(b, asInt64s(o.vals.Buf())[o.n:o.n+nv])
	default:
		return errUnsupported
	}
	if err != nil {
		return err
	}
	o.n += nv
	return nil
}

// streamSplit appends nv fixed-width values BYTE_STREAM_SPLIT in b.
func (r *leafReader) streamSplit(b []byte, nv int) error {
	o := r.out
	if o.kind != fixedValues {
		return errUnsupported
	}
	if err := splitStreams(o.vals.Buf()[o.n*o.width:], b, nv, o.width); err != nil {
		return err
	}
	o.n += nv
	return nil
}

// deltaLengthBytes appends nv byte arrays DELTA_LENGTH_BYTE_ARRAY in b:
// their lengths, then their bytes one after the other.
func (r *leafReader) deltaLengthBytes(b []byte, nv int) error {
	o := r.out
	if o.kind != byteValues {
		return errUnsupported
	}
	lens := r.lengths(nv)
	read, sum, err := deltaLengths(b, lens)
	if err != nil {
		return err
	}
	if o.nbytes+sum > math.MaxInt32 {
		return errUnsupported
	}
	r.reserve(sum)
	copy(o.vals.Buf()[o.nbytes:], b[read:read+sum])
	offs := asInt32s(o.offs.Buf())[o.n+1 : o.n+1+nv]
	at := int32(o.nbytes)
	for i, l := range lens {
		at += l
		offs[i] = at
	}
	o.nbytes += sum
	o.n += nv
	return nil
}

// deltaBytes appends nv byte arrays DELTA_BYTE_ARRAY in b: the lengths of
// the prefixes each shares with the value before it, then the rest of
// each as DELTA_LENGTH_BYTE_ARRAY.
func (r *leafReader) deltaBytes(b []byte, nv int) error {
	o := r.out
	if o.kind != byteValues {
		return errUnsupported
	}
	if cap(r.prefixes) < nv {
		r.prefixes = make([]int32, nv)
	}
	prefixes := r.prefixes[:nv]
	read, total, err := decodeDelta(b, prefixes)
	if err != nil {
		return err
	}
	if total != nv {
		return fmt.Errorf("%w: %d prefix lengths for %d values", errDelta, total, nv)
	}
	b = b[read:]
	lens := r.lengths(nv)
	read, sum, err := deltaLengths(b, lens)
	if err != nil {
		return err
	}
	suffixes := b[read : read+sum]
	offs := asInt32s(o.offs.Buf())[o.n+1 : o.n+1+nv]
	start := o.nbytes // of the value before, in this page
	prev := 0         // its length
	for i, l := range lens {
		p := int(prefixes[i])
		if p < 0 || p > prev {
			return fmt.Errorf("%w: value %d shares %d bytes with the %d before it", errDelta, i, p, prev)
		}
		if o.nbytes+p+int(l) > math.MaxInt32 {
			return errUnsupported
		}
		r.reserve(p + int(l))
		data := o.vals.Buf()
		copy(data[o.nbytes:], data[start:start+p])
		copy(data[o.nbytes+p:], suffixes[:l])
		suffixes = suffixes[l:]
		start, prev = o.nbytes, p+int(l)
		o.nbytes += prev
		offs[i] = int32(o.nbytes)
	}
	o.n += nv
	return nil
}

// lengths is r's scratch of n int32 lengths.
func (r *leafReader) lengths(n int) []int32 {
	if cap(r.lens) < n {
		r.lens = make([]int32, n)
	}
	return r.lens[:n]
}
