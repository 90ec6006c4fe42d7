package parquet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"
)

// Parquet's RLE / bit-packed hybrid encoding holds the definition and
// repetition levels and the dictionary indices of a page: runs of one
// value (a varint header with its low bit 0, then the value in
// ceil(width/8) bytes) and groups of eight values packed at width bits
// each, least significant bit first (a header with its low bit 1).

// errShortRun is the error of a hybrid run that ends past its bytes.
var errShortRun = errors.New("the run-length encoded values end past their bytes")

// decodeHybrid decodes len(out) values of width bits (0 to 32, to 8
// for bytes) from b,
// and returns the bytes it read. A run may say more values than out
// holds (the last run of a page is padded to 8): the rest are dropped.
func decodeHybrid[T uint8 | uint32](b []byte, width int, out []T) (int, error) {
	var z T
	if width < 0 || width > 8*int(unsafe.Sizeof(z)) {
		return 0, fmt.Errorf("bit width %d out of range", width)
	}
	if width == 0 {
		clear(out)
		return 0, nil
	}
	pos := 0
	vbytes := (width + 7) / 8
	for len(out) > 0 {
		h, k := binary.Uvarint(b[pos:])
		if k <= 0 {
			return pos, errShortRun
		}
		pos += k
		if h&1 == 0 { // a run of one value
			run := h >> 1
			if pos+vbytes > len(b) {
				return pos, errShortRun
			}
			v := uint32(0)
			for i := range vbytes {
				v |= uint32(b[pos+i]) << (8 * i)
			}
			pos += vbytes
			if width < 32 && v>>width != 0 {
				return pos, fmt.Errorf("run value %d wider than %d bits", v, width)
			}
			n := int(min(run, uint64(len(out))))
			fill := out[:n]
			for i := range fill {
				fill[i] = T(v)
			}
			out = out[n:]
			continue
		}
		groups := h >> 1
		if groups > uint64(len(b)) { // each group takes width >= 1 bytes
			return pos, errShortRun
		}
		n := int(min(groups*8, uint64(len(out))))
		// The bytes of the values kept; a writer may end a page's last
		// group before its padding.
		need := (n*width + 7) / 8
		if pos+need > len(b) {
			return pos, errShortRun
		}
		unpack(b[pos:], width, out[:n])
		pos += min(int(groups)*width, len(b)-pos)
		out = out[n:]
	}
	return pos, nil
}

// unpack unpacks len(out) values of width bits (1 to 32) from b, which
// holds at least ceil(len(out)*width/8) bytes.
func unpack[T uint8 | uint32](b []byte, width int, out []T) {
	mask := uint64(1)<<width - 1
	i := 0
	if width <= 8 {
		// a group of eight values is width bytes: one word
		for ; i+8 <= len(out) && (i/8)*width+8 <= len(b); i += 8 {
			w := binary.LittleEndian.Uint64(b[(i/8)*width:])
			o := out[i : i+8 : i+8]
			for k := range o {
				o[k] = T(w >> (k * width) & mask)
			}
		}
	}
	// Eight values are width bytes; read as words while 8 bytes past the
	// group's start are in b (width <= 32: a value's bits and its shift
	// fit in 64).
	for ; i+8 <= len(out) && (i/8)*width+width+8 <= len(b); i += 8 {
		g := b[(i/8)*width:]
		for k := range 8 {
			bit := k * width
			w := binary.LittleEndian.Uint64(g[bit/8:])
			out[i+k] = T(w >> (bit % 8) & mask)
		}
	}
	// the tail, bit by bit from a copy padded with zeros
	for ; i < len(out); i++ {
		bit := i * width
		var w uint64
		for k := 0; k < 8 && bit/8+k < len(b); k++ {
			w |= uint64(b[bit/8+k]) << (8 * k)
		}
		out[i] = T(w >> (bit % 8) & mask)
	}
}
