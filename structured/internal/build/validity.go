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
	if n == 0 {
		return
	}
	if valid && b.bits == nil {
		b.n += n
		return
	}
	for i := 0; i < n; i++ {
		b.Append(valid)
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
