package hugepage

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"golang.org/x/sys/unix"
)

// mapMin is the size from which the Allocator maps memory of its own.
const mapMin = 1 << 20

// allocator is the Arrow allocator of NewAllocator on Linux: buffers of
// at least mapMin bytes are anonymous memory mappings, with huge pages
// asked for and their pages mapped at once, smaller ones Go memory. Decoding grows a column's buffers by doubling; with Go memory
// each growth copies and leaves the old buffer to the collector, and on
// the benchmark recipes two thirds of the bytes allocated were such
// garbage, held until the next collection (peak RSS about twice the data).
// A mapping grows in place (mremap, no copy) and is unmapped at once when
// Arrow frees it, so the process holds about the data it keeps. Arrow
// buffers the Tensors keep are freed when no value reaches them (see
// structured's lifetime.go), as with the Go allocator.
type allocator struct {
	small  memory.Allocator
	sparse bool // pages mapped as written (Sparse), not up front
	mu     sync.Mutex
	mapped map[unsafe.Pointer][]byte
}

// NewAllocator returns an Arrow memory.Allocator for buffers that readers
// decode or join (Parquet columns, Arrow IPC batches joined): on Linux,
// large buffers are memory mappings of their own, grown in place and
// unmapped as soon as Arrow frees them, backed by huge pages and mapped at
// once; elsewhere it is memory.DefaultAllocator.
func NewAllocator() memory.Allocator {
	return &allocator{small: memory.DefaultAllocator, mapped: map[unsafe.Pointer][]byte{}}
}

// Sparse returns a resizable Arrow buffer of n zero bytes for a buffer
// sized by an upper bound, written only in part: on Linux (from 1 MiB) a
// memory mapping of its own, of which only the pages written take memory;
// shrinking it (Resize) unmaps the pages past the new size in place, and
// releasing it unmaps the rest. Elsewhere, Go memory.
func Sparse(n int) *memory.Buffer {
	b := memory.NewResizableBuffer(&allocator{small: memory.DefaultAllocator, sparse: true, mapped: map[unsafe.Pointer][]byte{}})
	b.Resize(n)
	return b
}

// sparseLive counts the mappings of Sparse buffers not yet released.
var sparseLive atomic.Int64

// SparseMappings is the number of Sparse buffers' mappings not yet
// released: what tests check to prove they are given back.
func SparseMappings() int { return int(sparseLive.Load()) }

// Mappings is the number of memory mappings a (from NewAllocator) holds:
// what tests check to prove buffers are given back.
func Mappings(a memory.Allocator) int {
	m, ok := a.(*allocator)
	if !ok {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.mapped)
}

func (a *allocator) Allocate(n int) []byte {
	if n < mapMin {
		return a.small.Allocate(n)
	}
	b, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return a.small.Allocate(n)
	}
	if a.sparse {
		sparseLive.Add(1)
	} else {
		prepare(b)
	}
	a.mu.Lock()
	a.mapped[unsafe.Pointer(unsafe.SliceData(b))] = b
	a.mu.Unlock()
	return b
}

// take removes b from the mappings, returning the mapping, or nil when b
// is Go memory. A mapping may be smaller than mapMin (shrunk by
// Reallocate), so every b is looked up.
func (a *allocator) take(b []byte) []byte {
	if cap(b) == 0 {
		return nil
	}
	p := unsafe.Pointer(unsafe.SliceData(b))
	a.mu.Lock()
	m, ok := a.mapped[p]
	if ok {
		delete(a.mapped, p)
	}
	a.mu.Unlock()
	return m
}

func (a *allocator) Reallocate(n int, b []byte) []byte {
	if m := a.take(b); m != nil {
		nb, err := unix.Mremap(m, n, unix.MREMAP_MAYMOVE)
		if err != nil {
			panic("hugepage: mremap: " + err.Error()) // as the Go allocator panics when out of memory
		}
		if !a.sparse {
			prepare(nb[min(len(b), len(nb)):])
		}
		a.mu.Lock()
		a.mapped[unsafe.Pointer(unsafe.SliceData(nb))] = nb
		a.mu.Unlock()
		return nb
	}
	if n < mapMin {
		return a.small.Reallocate(n, b)
	}
	nb := a.Allocate(n)
	copy(nb, b)
	a.small.Free(b)
	return nb
}

func (a *allocator) Free(b []byte) {
	if m := a.take(b); m != nil {
		if a.sparse {
			sparseLive.Add(-1)
		}
		_ = unix.Munmap(m)
		return
	}
	a.small.Free(b)
}

// prepare asks for huge pages and maps the pages of b at once, when Wanted
// (MADV_POPULATE_WRITE, Linux 5.14; a no-op before): faulting them in one
// by one as the decoder writes costs several times more on a virtual
// machine (see the package doc).
func prepare(b []byte) {
	const page = 4096
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	skip := int((page - p%page) % page)
	if skip >= len(b) {
		return
	}
	b = b[skip:]
	if !Wanted() {
		// In 4 KiB pages, mapping them at once saves nothing measurable
		// (256 MiB: 76-97 ms against 83-102 ms faulted one by one), and a
		// buffer that grew by doubling would get pages it never uses.
		return
	}
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
	_ = unix.Madvise(b, unix.MADV_POPULATE_WRITE)
}
