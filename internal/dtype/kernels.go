package dtype

import (
	"fmt"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/hugepage"
)

// number is the Go types of the numeric storages but float16.
type number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// widen converts src to D into dst, or returns src itself when it is
// already a []D.
func widen[S, D number](src []S, dst []D) []D {
	if same, ok := any(src).([]D); ok {
		return same
	}
	dst = grow(dst, len(src))
	for i, v := range src {
		dst[i] = D(v)
	}
	return dst
}

// fromFloat16 converts float16 items to D into dst.
func fromFloat16[D number](src []float16.Num, dst []D) []D {
	dst = grow(dst, len(src))
	for i, v := range src {
		dst[i] = D(v.Float32())
	}
	return dst
}

// float16To32 returns float16 items as float32 (exact).
func float16To32(src []float16.Num) []float32 {
	out := make([]float32, len(src))
	for i, v := range src {
		out[i] = v.Float32()
	}
	return out
}

// grow returns dst resized to n items, reusing its capacity.
func grow[T any](dst []T, n int) []T {
	if cap(dst) < n {
		return hugepage.Filled[T](n)
	}
	return dst[:n]
}

// validAt returns the test of a valid item of a, nil when all are.
func validAt(a arrow.ArrayData) func(i int) bool {
	if a.NullN() == 0 || len(a.Buffers()) == 0 || a.Buffers()[0] == nil {
		return nil
	}
	bits, off := a.Buffers()[0].Bytes(), a.Offset()
	return func(i int) bool { return bitutil.BitIsSet(bits, off+i) }
}

// lossy reports whether d, v converted, does not give v back (a NaN
// staying NaN is not a loss).
func lossy[S, D number](v S, d D) bool {
	if v != v { // NaN
		return d == d
	}
	return S(d) != v || (v < 0) != (d < 0)
}

// convertSlice converts src to D, returning the bytes of the result and
// the first valid item that does not convert back to itself (-1 when
// none).
func convertSlice[S, D number](src []S, a arrow.ArrayData) (out []byte, bad int, ok bool) {
	dst := make([]D, len(src))
	valid := validAt(a)
	for i, v := range src {
		d := D(v)
		dst[i] = d
		if lossy(v, d) && (valid == nil || valid(i)) {
			return nil, i, true
		}
	}
	return bytesOf(dst), -1, true
}

// convertFloat16 converts src to float16.
func convertFloat16[S number](src []S, a arrow.ArrayData) (out []byte, bad int, ok bool) {
	dst := make([]float16.Num, len(src))
	valid := validAt(a)
	for i, v := range src {
		d := float16.New(float32(v))
		dst[i] = d
		if lossy(v, d.Float32()) && (valid == nil || valid(i)) {
			return nil, i, true
		}
	}
	return bytesOf(dst), -1, true
}

// bytesOf returns the bytes of s (no copy).
func bytesOf[T any](s []T) []byte {
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(zero)))
}

// Convert returns the items of a, an array of a numeric storage (integers,
// floats, and the temporal types and decimal32/64 by their storage), as a
// new array of type to, also of a numeric storage, with the same validity.
// It refuses, with an error naming the item, a valid item that does not
// convert back to itself (too large, negative to unsigned, a fraction or
// NaN to an integer, a float that rounds): widening never fails, and
// narrowing succeeds exactly when no value is lost.
func Convert(a arrow.Array, to arrow.DataType) (arrow.Array, error) {
	from, dst := Of(a.DataType()), Of(to)
	if !from.Storage.Numeric() || !dst.Storage.Numeric() {
		return nil, fmt.Errorf("dtype: cannot convert %s to %s: both must be numbers", a.DataType(), to)
	}
	vals, bad, ok := convertFrom(a.Data(), dst.Storage)
	if !ok {
		return nil, fmt.Errorf("dtype: cannot convert %s to %s", a.DataType(), to)
	}
	if bad >= 0 {
		return nil, fmt.Errorf("dtype: item %d (%s) does not fit %s", bad, itemText(a, bad), to)
	}
	valid := Validity(a.Data())
	if valid != nil {
		defer valid.Release()
	}
	data := array.NewData(to, a.Len(), []*memory.Buffer{valid, memory.NewBufferBytes(vals)}, nil, a.NullN(), 0)
	defer data.Release()
	return array.MakeFromData(data), nil
}

// itemText is item i of a for an error message.
func itemText(a arrow.Array, i int) string { return a.ValueStr(i) }

// Validity returns the validity bitmap of a as a buffer whose bit 0 is
// item 0: a's own buffer (retained) when its offset is 0, a copy of its
// bits otherwise, nil when no item is null. The caller releases it (or
// hands it to array.NewData, which retains it).
func Validity(a arrow.ArrayData) *memory.Buffer {
	if a.NullN() == 0 || len(a.Buffers()) == 0 || a.Buffers()[0] == nil {
		return nil
	}
	b := a.Buffers()[0]
	if a.Offset() == 0 {
		b.Retain()
		return b
	}
	out := make([]byte, bitutil.BytesForBits(int64(a.Len())))
	bitutil.CopyBitmap(b.Bytes(), a.Offset(), a.Len(), out, 0)
	return memory.NewBufferBytes(out)
}
