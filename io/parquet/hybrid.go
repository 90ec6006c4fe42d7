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

// hybridRuns reads the runs of a hybrid encoding of width bits (0 to 32).
type hybridRuns struct {
	b     []byte
	pos   int
	width int
}

// next reads the next run, of which at most left values are wanted (a
// run may say more: the last of a page is padded to 8): n values, all
// value (packed false), or packed at width bits in data.
func (h *hybridRuns) next(left int) (n int, packed bool, value uint32, data []byte, err error) {
	head, k := binary.Uvarint(h.b[h.pos:])
	if k <= 0 {
		return 0, false, 0, nil, errShortRun
	}
	h.pos += k
	if head&1 == 0 { // a run of one value
		vbytes := (h.width + 7) / 8
		if h.pos+vbytes > len(h.b) {
			return 0, false, 0, nil, errShortRun
		}
		for i := range vbytes {
			value |= uint32(h.b[h.pos+i]) << (8 * i)
		}
		h.pos += vbytes
		if h.width < 32 && value>>h.width != 0 {
			return 0, false, 0, nil, fmt.Errorf("run value %d wider than %d bits", value, h.width)
		}
		return int(min(head>>1, uint64(left))), false, value, nil, nil
	}
	groups := head >> 1
	if groups > uint64(len(h.b)) { // each group takes width >= 1 bytes
		return 0, false, 0, nil, errShortRun
	}
	n = int(min(groups*8, uint64(left)))
	// The bytes of the values kept; a writer may end a page's last
	// group before its padding.
	need := (n*h.width + 7) / 8
	if h.pos+need > len(h.b) {
		return 0, false, 0, nil, errShortRun
	}
	data = h.b[h.pos:]
	h.pos += min(int(groups)*h.width, len(h.b)-h.pos)
	return n, true, 0, data, nil
}

// decodeHybrid decodes len(out) values of width bits (0 to 32, to 8
// for bytes) from b.
func decodeHybrid[T uint8 | uint32](b []byte, width int, out []T) error {
	var z T
	if width < 0 || width > 8*int(unsafe.Sizeof(z)) {
		return fmt.Errorf("bit width %d out of range", width)
	}
	if width == 0 {
		clear(out)
		return nil
	}
	h := hybridRuns{b: b, width: width}
	for len(out) > 0 {
		n, packed, v, data, err := h.next(len(out))
		if err != nil {
			return err
		}
		if packed {
			unpack(data, width, out[:n])
		} else {
			fill := out[:n]
			for i := range fill {
				fill[i] = T(v)
			}
		}
		out = out[n:]
	}
	return nil
}

// gatherHybrid decodes len(out) dictionary indices of width bits from b
// and sets each value of out to the dictionary's value at its index: a
// run is one value repeated, packed indices are unpacked a block at a
// time. An index past dict is an error.
func gatherHybrid[T uint32 | uint64](b []byte, width int, dict, out []T) error {
	if width < 0 || width > 32 {
		return fmt.Errorf("bit width %d out of range", width)
	}
	if width == 0 {
		if len(out) > 0 && len(dict) == 0 {
			return fmt.Errorf("dictionary index 0 of 0 values")
		}
		for i := range out {
			out[i] = dict[0]
		}
		return nil
	}
	var block [512]uint32
	h := hybridRuns{b: b, width: width}
	for len(out) > 0 {
		n, packed, v, data, err := h.next(len(out))
		if err != nil {
			return err
		}
		if !packed {
			if int(v) >= len(dict) {
				return fmt.Errorf("dictionary index %d of %d values", v, len(dict))
			}
			x := dict[v]
			fill := out[:n]
			for i := range fill {
				fill[i] = x
			}
			out = out[n:]
			continue
		}
		for done := 0; done < n; done += len(block) { // blocks of a multiple of 8 values start on a byte
			idx := block[:min(len(block), n-done)]
			unpack(data[done*width/8:], width, idx)
			to := out[done : done+len(idx)]
			for i, k := range idx {
				if int(k) >= len(dict) {
					return fmt.Errorf("dictionary index %d of %d values", k, len(dict))
				}
				to[i] = dict[k]
			}
		}
		out = out[n:]
	}
	return nil
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
