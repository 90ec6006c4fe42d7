package structured

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// validity is an Arrow validity bitmap over a run of slots: bit off+i set
// means slot i is valid. The zero value means every slot is valid.
type validity struct {
	buf   *memory.Buffer
	off   int
	nulls int
}

// isNull reports whether slot i is null.
func (v validity) isNull(i int) bool {
	return v.nulls != 0 && bitutil.BitIsNotSet(v.buf.Bytes(), v.off+i)
}

// itemIsNull reports whether item i of an Arrow array is null. Arrow's
// IsNull reads the validity bitmap, which a Null-typed array does not
// have although every one of its items is null.
func itemIsNull(a arrow.Array, i int) bool {
	return a.DataType().ID() == arrow.NULL || a.IsNull(i)
}

// slice returns the validity of slots [i, j).
func (v validity) slice(i, j int) validity {
	if v.nulls == 0 {
		return validity{}
	}
	n := j - i
	nulls := n - bitutil.CountSetBits(v.buf.Bytes(), v.off+i, n)
	if nulls == 0 {
		return validity{}
	}
	return validity{buf: v.buf, off: v.off + i, nulls: nulls}
}

// validityFromBools builds a validity from a Go slice (true = valid).
func validityFromBools(valid []bool) validity {
	nulls := 0
	for _, ok := range valid {
		if !ok {
			nulls++
		}
	}
	if nulls == 0 {
		return validity{}
	}
	b := make([]byte, bitutil.BytesForBits(int64(len(valid))))
	for i, ok := range valid {
		if ok {
			bitutil.SetBit(b, i)
		}
	}
	return validity{buf: memory.NewBufferBytes(b), nulls: nulls}
}

// bitmapValidity is the validity of a [build.Bitmap]'s result.
func bitmapValidity(bits []byte, nulls int) validity {
	if nulls == 0 {
		return validity{}
	}
	return validity{buf: memory.NewBufferBytes(bits), nulls: nulls}
}
