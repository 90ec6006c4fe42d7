package structured

import (
	"runtime"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// This file ties the lifetime of Arrow memory to the reachability of the
// values that read it.
//
// Arrow counts references by hand (Retain/Release); Tensors are immutable
// values shared freely, so the package never asks its users to count.
// Instead, memory enters a Tensor in one place, the keeper (used by
// FromArrow, FromRecordBatch, NewDense, NewScalar and NewRagged), which
// gives every Arrow buffer a Go-managed stand-in: a *memory.Buffer over
// the same bytes, without an allocator, that holds one reference to the
// original and releases it, through runtime.AddCleanup, once the stand-in
// is unreachable. That is one cleanup per Arrow buffer converted, none per
// value derived. Everything inside the package (arrays, row partitions,
// validity bitmaps, Bitmaps handed out) points at stand-ins, so sharing
// memory is sharing a pointer, and the garbage collector does the
// counting: the original is released only when no value, and no array
// that ToArrow handed out, can reach it any more. Buffers the package
// allocates itself (memory.NewBufferBytes over Go slices) need no
// stand-in: the collector reclaims them.
//
// A zero-copy reader of a memory-mapped file should hand out buffers that
// count: the mapping as one buffer whose allocator unmaps it on Free
// (memory.NewBufferWithAllocator), and every array buffer a
// memory.SliceBuffer of it; or, with arrow-go's own mapped reader, whose
// buffers are views that count nothing, pass the mapping's buffer to
// FromMappedRecordBatch, whose stand-ins hold references to it. The
// mapping is then unmapped only once every array and every value over it
// is gone (TestLifetimeMappedFile). Plain
// memory.NewBufferBytes views of a mapping count nothing, and nothing can
// tell when they are safe to unmap.

// keeper adopts Arrow buffers: it gives each one a stand-in (see above)
// and remembers the cleanups, so that a conversion that fails can give
// its references back at once instead of waiting for a collection.
type keeper struct {
	kept []keptBuffer
	// owner, when not nil, is one counted buffer that owns the memory of
	// the buffers inside it (a memory-mapped file, whose arrays arrow-go
	// reads as views that count nothing): a stand-in for such a buffer
	// holds a reference to owner instead (FromMappedRecordBatch).
	owner *memory.Buffer
}

// keptBuffer is one reference held through a stand-in.
type keptBuffer struct {
	orig    *memory.Buffer
	cleanup runtime.Cleanup
}

// buffer returns a stand-in for b holding one reference to it: b is
// released when the stand-in becomes unreachable. A nil k does not
// remember the cleanup.
func (k *keeper) buffer(b *memory.Buffer) *memory.Buffer {
	held := b
	if k != nil && k.owner != nil && within(k.owner.Bytes(), b.Bytes()) {
		held = k.owner
	}
	held.Retain()
	w := memory.NewBufferBytes(b.Bytes())
	c := runtime.AddCleanup(w, releaseBuffer, held)
	if k != nil {
		k.kept = append(k.kept, keptBuffer{held, c})
	}
	return w
}

// within reports whether the bytes of b lie inside those of region.
func within(region, b []byte) bool {
	if len(b) == 0 || len(region) == 0 {
		return false
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(region)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return p >= lo && p-lo <= uintptr(len(region)) && uintptr(len(b)) <= uintptr(len(region))-(p-lo)
}

func releaseBuffer(b *memory.Buffer) { b.Release() }

// abandon releases at once every reference k took, for a conversion that
// failed: none of its stand-ins may be read afterwards.
func (k *keeper) abandon() {
	for _, kb := range k.kept {
		kb.cleanup.Stop()
		kb.orig.Release()
	}
	k.kept = nil
}

// array returns an array over the same memory as a whose buffers, at
// every level (children, dictionary), are stand-ins: it stays readable
// whatever the caller does with a, and it frees nothing when released.
// Nothing is copied but the array headers.
func (k *keeper) array(a arrow.Array) arrow.Array {
	d := k.data(a.Data())
	defer d.Release()
	return array.MakeFromData(d)
}

// data is array for array data; the caller owns the result.
func (k *keeper) data(d arrow.ArrayData) arrow.ArrayData {
	bufs := make([]*memory.Buffer, len(d.Buffers()))
	for i, b := range d.Buffers() {
		if b != nil {
			bufs[i] = k.buffer(b)
		}
	}
	children := make([]arrow.ArrayData, len(d.Children()))
	for i, c := range d.Children() {
		children[i] = k.data(c)
		defer children[i].Release()
	}
	if dict, ok := d.Dictionary().(*array.Data); ok && dict != nil {
		nd := k.data(dict)
		defer nd.Release()
		return array.NewDataWithDictionary(d.DataType(), d.Len(), bufs, d.NullN(), d.Offset(), nd.(*array.Data))
	}
	return array.NewData(d.DataType(), d.Len(), bufs, children, d.NullN(), d.Offset())
}

// adopt is keeper.array for a single array outside a conversion.
func adopt(a arrow.Array) arrow.Array { return (*keeper)(nil).array(a) }
