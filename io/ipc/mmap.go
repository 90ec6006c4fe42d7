package ipc

import (
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/mmapfile"
)

// The lifetime of a memory-mapped file (see structured/lifetime.go).
//
// arrow-go's NewMappedFileReader slices every buffer out of the mapping
// with memory.NewBufferBytes views that count nothing: nothing could tell
// when the mapping may be unmapped. So the mapping is one counted buffer,
// *mapping.buf, whose allocator unmaps it on Free, and each batch is
// converted by structured.FromMappedRecordBatch, which keeps every buffer
// inside the mapping through a stand-in holding a reference to
// mapping.buf, released by runtime.AddCleanup once no value reads it. The
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
	mmapfile.Unmap(b)
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
