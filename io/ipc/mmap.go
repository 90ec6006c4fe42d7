package ipc

import (
	"sync/atomic"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The lifetime of a memory-mapped file (see structured/lifetime.go).
//
// arrow-go's NewMappedFileReader slices every buffer out of the mapping
// with memory.NewBufferBytes views that count nothing: nothing could tell
// when the mapping may be unmapped. So the mapping is one counted buffer,
// *mapping.buf, whose allocator unmaps it on Free, and every batch read is
// rebuilt (headers only, O(buffers)) so that each buffer inside the
// mapping is a memory.SliceBuffer of it, holding a reference.
// structured.FromRecordBatch then keeps each of those references through
// a stand-in released by runtime.AddCleanup once no value reads it. The
// reader holds the first reference and gives it up on Close: the mapping
// is unmapped when the reader is closed and the last value over it is
// unreachable, never before, so reading a Frame after Close is valid.

// mapping is a memory-mapped file as a counted buffer.
type mapping struct {
	data []byte
	buf  *memory.Buffer
}

// unmapper is the allocator of a mapping's buffer: freeing it unmaps.
type unmapper struct{}

func (unmapper) Allocate(int) []byte           { panic("ipc: a mapping allocates nothing") }
func (unmapper) Reallocate(int, []byte) []byte { panic("ipc: a mapping allocates nothing") }
func (unmapper) Free(b []byte) {
	unmap(b)
	liveMappings.Add(-1)
}

// liveMappings counts the mappings not yet unmapped (tests check it).
var liveMappings atomic.Int64

func newMapping(data []byte) *mapping {
	liveMappings.Add(1)
	return &mapping{data: data, buf: memory.NewBufferWithAllocator(data, unmapper{})}
}

// release gives up the reader's reference.
func (m *mapping) release() {
	if m != nil && m.buf != nil {
		m.buf.Release()
		m.buf = nil
	}
}

// within returns the offset of b in the mapping, if b lies inside it.
func (m *mapping) within(b []byte) (int, bool) {
	if len(b) == 0 {
		return 0, false
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(m.data)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if p < base || p+uintptr(len(b)) > base+uintptr(len(m.data)) {
		return 0, false
	}
	return int(p - base), true
}

// record returns rec rebuilt over counted slices of the mapping; the
// caller owns the result and still owns rec.
func (m *mapping) record(rec arrow.RecordBatch) arrow.RecordBatch {
	cols := make([]arrow.Array, rec.NumCols())
	for i, c := range rec.Columns() {
		d := m.rebuild(c.Data())
		cols[i] = array.MakeFromData(d)
		d.Release()
	}
	out := array.NewRecordBatch(rec.Schema(), cols, rec.NumRows())
	for _, c := range cols {
		c.Release()
	}
	return out
}

// rebuild is record for one array's data, its children and dictionary.
func (m *mapping) rebuild(d arrow.ArrayData) arrow.ArrayData {
	bufs := make([]*memory.Buffer, len(d.Buffers()))
	for i, b := range d.Buffers() {
		if b == nil {
			continue
		}
		if off, ok := m.within(b.Bytes()); ok {
			bufs[i] = memory.SliceBuffer(m.buf, off, b.Len())
			defer bufs[i].Release()
		} else {
			bufs[i] = b
		}
	}
	children := make([]arrow.ArrayData, len(d.Children()))
	for i, c := range d.Children() {
		children[i] = m.rebuild(c)
		defer children[i].Release()
	}
	if dict, ok := d.Dictionary().(*array.Data); ok && dict != nil {
		nd := m.rebuild(dict)
		defer nd.Release()
		return array.NewDataWithDictionary(d.DataType(), d.Len(), bufs, d.NullN(), d.Offset(), nd.(*array.Data))
	}
	return array.NewData(d.DataType(), d.Len(), bufs, children, d.NullN(), d.Offset())
}
