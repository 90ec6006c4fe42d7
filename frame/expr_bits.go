package frame

import "encoding/binary"

// Bool vectors hold one Go bool (a byte 0 or 1) per row beside an Arrow
// validity bitmap (one bit per row, least significant bit first). The
// kernels here combine them eight rows at a time: eight bool bytes are
// packed into the bits of one byte by a multiplication, and a byte of bits
// is spread back into eight bool bytes by a table, so that null-aware
// logic is a few word operations per eight rows, with no branch on
// validity.

// exprPackMagic gathers the low bit of each of eight bytes into bits 56-63
// (byte i to bit 56+i); the partial products never overlap, so no carry
// disturbs them.
const exprPackMagic = 0x0102040810204080

// exprPack8 packs the eight bools of b (bytes 0 or 1) into one byte of
// bits, row i to bit i.
func exprPack8(b []byte) byte {
	return byte(binary.LittleEndian.Uint64(b) * exprPackMagic >> 56)
}

// exprBitsAnd is the first nb bytes of bitmaps a and b ANDed, eight bytes
// at a time.
func exprBitsAnd(a, b []byte, nb int) []byte {
	out := make([]byte, nb)
	k := 0
	for ; k+8 <= nb; k += 8 {
		binary.LittleEndian.PutUint64(out[k:], binary.LittleEndian.Uint64(a[k:])&binary.LittleEndian.Uint64(b[k:]))
	}
	for ; k < nb; k++ {
		out[k] = a[k] & b[k]
	}
	return out
}

// exprPackBools packs bools into an Arrow bitmap of as many bits.
func exprPackBools(bs []bool) []byte {
	b := exprBoolBytesOf(bs)
	out := make([]byte, (len(b)+7)/8)
	full := len(b) / 8
	for k := range full {
		out[k] = exprPack8(b[8*k:])
	}
	if rest := len(b) - 8*full; rest > 0 {
		var last [8]byte
		copy(last[:], b[8*full:])
		out[full] = exprPack8(last[:])
	}
	return out
}

// exprSpread8 is, for each byte of bits, the eight bool bytes it stands
// for, bit i to byte i (little-endian).
var exprSpread8 = func() (t [256]uint64) {
	for k := range t {
		for i := range 8 {
			t[k] |= uint64(k>>i&1) << (8 * i)
		}
	}
	return t
}()

// exprBoolOperand is one side of a bool kernel as full-length rows: a
// scalar is repeated, a vector of type null is all null, and a missing
// bitmap is all valid.
func exprBoolOperand(v *exprVec, n int) (vals, valid []byte) {
	switch {
	case v.t == exprNullT:
		return make([]byte, n), exprBitsNone(n)
	case v.scalar:
		vals = make([]byte, n)
		if v.bools[0] {
			for i := range vals {
				vals[i] = 1
			}
		}
		if v.isNull(0) {
			return vals, exprBitsNone(n)
		}
		return vals, exprBitsAll(n)
	case v.valid == nil:
		return exprBoolBytesOf(v.bools[:n]), exprBitsAll(n)
	}
	return exprBoolBytesOf(v.bools[:n]), v.valid
}

// exprKleeneBits is Kleene's And (and true) or Or over n rows of bools x, y
// with validity bitmaps vx, vy: it writes the result's bools to out (false
// where the result is null) and returns its validity bitmap, nil when no
// row is null.
func exprKleeneBits(and bool, out, x, vx, y, vy []byte, n int) []byte {
	nb := (n + 7) / 8
	valid := make([]byte, nb)
	full := n / 8
	all := byte(0xff)
	if and {
		for k := range full {
			xa, xb := exprPack8(x[8*k:]), exprPack8(y[8*k:])
			va, vb := vx[k], vy[k]
			// false where a valid side is false; true where both are valid and true.
			f := va&^xa | vb&^xb
			t := va & vb & xa & xb
			valid[k] = f | t
			all &= f | t
			binary.LittleEndian.PutUint64(out[8*k:], exprSpread8[t])
		}
	} else {
		for k := range full {
			xa, xb := exprPack8(x[8*k:]), exprPack8(y[8*k:])
			va, vb := vx[k], vy[k]
			// true where a valid side is true; false where both are valid and false.
			t := va&xa | vb&xb
			f := va & vb &^ xa &^ xb
			valid[k] = f | t
			all &= f | t
			binary.LittleEndian.PutUint64(out[8*k:], exprSpread8[t])
		}
	}
	if rest := n - 8*full; rest > 0 {
		// The last partial byte, through eight-row buffers.
		var bx, by, bo [8]byte
		copy(bx[:], x[8*full:n])
		copy(by[:], y[8*full:n])
		mask := byte(1)<<rest - 1
		xa, xb := exprPack8(bx[:]), exprPack8(by[:])
		va, vb := vx[full]&mask, vy[full]&mask
		var t, f byte
		if and {
			f, t = va&^xa|vb&^xb, va&vb&xa&xb
		} else {
			t, f = va&xa|vb&xb, va&vb&^xa&^xb
		}
		valid[full] = f | t
		all &= (f | t) | ^mask
		binary.LittleEndian.PutUint64(bo[:], exprSpread8[t])
		copy(out[8*full:n], bo[:rest])
	}
	if all == 0xff {
		return nil
	}
	return valid
}
