package build

import "github.com/apache/arrow-go/v18/arrow/bitutil"

// Bitmap accumulates a node's validity bitmap, allocating only once
// the first null arrives.
type Bitmap struct {
	bits  []byte
	n     int
	nulls int
}

func (b *Bitmap) Append(valid bool) {
	if !valid && b.bits == nil {
		b.bits = make([]byte, bitutil.BytesForBits(int64(b.n+1))+8)
		bitutil.SetBitsTo(b.bits, 0, int64(b.n), true)
	}
	if b.bits != nil {
		if need := int(bitutil.BytesForBits(int64(b.n + 1))); need > len(b.bits) {
			b.bits = append(b.bits, make([]byte, len(b.bits)+1)...)
		}
		bitutil.SetBitTo(b.bits, b.n, valid)
	}
	if !valid {
		b.nulls++
	}
	b.n++
}

// AppendN appends n slots of the same validity.
func (b *Bitmap) AppendN(n int, valid bool) {
	if n <= 0 {
		return
	}
	if valid && b.bits == nil {
		b.n += n
		return
	}
	b.grow(n)
	bitutil.SetBitsTo(b.bits, int64(b.n), int64(n), valid)
	if !valid {
		b.nulls += n
	}
	b.n += n
}

// AppendBits appends the first n slots of src, a bitmap of validity (nil:
// all valid), with nulls of them null.
func (b *Bitmap) AppendBits(src []byte, n, nulls int) {
	if n <= 0 {
		return
	}
	if src == nil || nulls == 0 {
		b.AppendN(n, true)
		return
	}
	b.grow(n)
	bitutil.CopyBitmap(src, 0, n, b.bits, b.n)
	b.nulls += nulls
	b.n += n
}

// grow readies bits for n more slots, making it (all valid so far) if
// there is none.
func (b *Bitmap) grow(n int) {
	need := int(bitutil.BytesForBits(int64(b.n + n)))
	if b.bits == nil {
		b.bits = make([]byte, need+8)
		bitutil.SetBitsTo(b.bits, 0, int64(b.n), true)
		return
	}
	if need > len(b.bits) {
		b.bits = append(b.bits, make([]byte, max(need-len(b.bits), len(b.bits)+1))...)
	}
}

// Finish returns the bitmap (cut to its slots, and not copied) and the
// number of nulls; nil when there is none.
func (b *Bitmap) Finish() (bits []byte, nulls int) {
	if b.nulls == 0 {
		return nil, 0
	}
	return b.bits[:bitutil.BytesForBits(int64(b.n))], b.nulls
}
