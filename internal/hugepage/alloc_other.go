//go:build !linux

package hugepage

import "github.com/apache/arrow-go/v18/arrow/memory"

// NewAllocator returns memory.DefaultAllocator where huge pages are not
// asked for (see the Linux version).
func NewAllocator() memory.Allocator { return memory.DefaultAllocator }

// Mappings is 0 where the allocator maps no memory of its own.
func Mappings(memory.Allocator) int { return 0 }

// Sparse returns a resizable Arrow buffer of n zero bytes (Go memory).
func Sparse(n int) *memory.Buffer {
	b := memory.NewResizableBuffer(memory.DefaultAllocator)
	b.Resize(n)
	return b
}

// SparseMappings is 0 where Sparse maps no memory of its own.
func SparseMappings() int { return 0 }
