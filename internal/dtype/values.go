package dtype

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Values returns the items of a, an array of a fixed-width type stored as
// T (see Facts.Storage), as a slice over its buffer: no copy, the
// array's offset applied. Null items hold whatever the buffer holds. It
// returns nil for an empty array or one without a values buffer.
func Values[T any](a arrow.ArrayData) []T {
	bufs := a.Buffers()
	if a.Len() == 0 || len(bufs) < 2 || bufs[1] == nil {
		return nil
	}
	b := bufs[1].Bytes()
	var zero T
	n := len(b) / int(unsafe.Sizeof(zero))
	all := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
	return all[a.Offset() : a.Offset()+a.Len()]
}

// Bytes returns the accessor of item i's bytes for an array whose facts
// are Text (string or binary with offsets or views) or fixed-size binary;
// ok is false for other types. The bytes alias the array's buffers: copy
// them to keep them past the array's life. A null item's bytes are
// whatever its slot holds (usually empty).
func Bytes(a arrow.ArrayData) (at func(i int) []byte, ok bool) {
	f := Of(a.DataType())
	if a.Len() == 0 && (f.Text() || f.Storage == StorageFixedBytes) {
		return func(int) []byte { return nil }, true
	}
	bufs := a.Buffers()
	off := a.Offset()
	switch {
	case f.Storage == StorageOffsets32:
		offs := arrow.GetOffsets[int32](a, 1)
		data := bufData(bufs, 2)
		return func(i int) []byte { return data[offs[i]:offs[i+1]] }, true
	case f.Storage == StorageOffsets64:
		offs := arrow.GetOffsets[int64](a, 1)
		data := bufData(bufs, 2)
		return func(i int) []byte { return data[offs[i]:offs[i+1]] }, true
	case f.Storage == StorageView:
		views := Values[arrow.ViewHeader](a)
		data := make([][]byte, len(bufs)-2)
		for j := range data {
			data[j] = bufData(bufs, j+2)
		}
		return func(i int) []byte {
			v := &views[i]
			if v.IsInline() {
				return v.InlineBytes()
			}
			start := int(v.BufferOffset())
			return data[v.BufferIndex()][start : start+v.Len()]
		}, true
	case f.Storage == StorageFixedBytes:
		w := f.Width
		data := bufData(bufs, 1)
		return func(i int) []byte { return data[(off+i)*w : (off+i+1)*w] }, true
	}
	return nil, false
}

// Strings is Bytes as strings that alias the buffers (no copy).
func Strings(a arrow.ArrayData) (at func(i int) string, ok bool) {
	if at, ok := offsetStrings(a); ok {
		return at, true
	}
	b, ok := Bytes(a)
	if !ok {
		return nil, false
	}
	return func(i int) string {
		s := b(i)
		return unsafe.String(unsafe.SliceData(s), len(s))
	}, true
}

// bufData returns the bytes of buffer j, nil when absent.
func bufData(bufs []*memory.Buffer, j int) []byte {
	if j >= len(bufs) || bufs[j] == nil {
		return nil
	}
	return bufs[j].Bytes()
}
