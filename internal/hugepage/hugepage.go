// Package hugepage makes large buffers cheap to fill on Linux by asking
// the kernel to back them with transparent huge pages (2 MiB) instead of 4
// KiB pages, and by mapping their pages in one system call.
//
// Filling fresh memory costs a page fault per page, and on virtual
// machines a fault is expensive. On the 2-core VM the benchmarks run on,
// touching 256 MiB of fresh memory takes 80-100 ms in 4 KiB pages and
// 12-16 ms in huge pages, when the host still backs the memory. The
// readers build columns of hundreds of MiB, so page faults are a good part
// of a read.
//
// Huge pages are not always the faster choice. A VM whose virtio balloon
// reports free memory to its host (free page reporting, as Firecracker
// and some clouds run) gives back every free 2 MiB block a few seconds
// after it is freed, and the host drops what backed it. Huge pages are
// taken from exactly those blocks, so on such a machine a read often
// touches memory the host must back again: 256 MiB in huge pages then took
// 0.2-0.6 s, and the benchmark reads varied by 2x from run to run (W2:
// 0.24-0.48 s in huge pages, 0.28-0.29 s without). [Wanted] is false
// there, and the buffers take 4 KiB pages, still mapped in one call.
//
// Two calls: [Make] advises a slice that will be filled as it grows (a
// Builder's columns), [Filled] also maps all its pages at once, for a
// buffer about to be written from end to end (a reader's presized
// columns), which saves a fault per page even where no huge page is to be
// had (MADV_POPULATE_WRITE, Linux 5.14; older kernels refuse it and the
// pages fault in as usual).
//
// Many Linux systems run transparent huge pages in "madvise" mode, where
// only advised memory gets them; the Go runtime advises none of its heap.
// Make advises the whole 2 MiB-aligned interior of a new large slice
// before anything is written to it. The advice is a hint: where the kernel
// has no huge page to give, or on other systems, nothing changes.
package hugepage

import "unsafe"

// MinBytes is the size from which Make advises a slice: below it the
// advice costs a system call for little.
const MinBytes = 4 << 20

// Make returns make([]T, n, c), advised for huge pages (when [Wanted])
// when it is at least MinBytes. T must not hold pointers (the advice
// changes nothing for the garbage collector, but buffers of pointers are
// not what it is for).
func Make[T any](n, c int) []T {
	s := make([]T, n, c)
	var zero T
	if size := uintptr(c) * unsafe.Sizeof(zero); size >= MinBytes {
		advise(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
	return s
}

// Filled returns make([]T, n), advised for huge pages (when [Wanted]) and
// with its pages mapped up front when it is at least MinBytes/4: for a
// buffer that will be written in full right away.
func Filled[T any](n int) []T {
	s := make([]T, n)
	var zero T
	if size := uintptr(n) * unsafe.Sizeof(zero); size >= MinBytes/4 {
		p := unsafe.Pointer(unsafe.SliceData(s))
		advise(p, size)
		populate(p, size)
	}
	return s
}

// FilledInParts is Filled for a buffer that several goroutines write at
// once, each its own part (a reader's chunks). Its pages are mapped up
// front only where huge pages are wanted. In 4 KiB pages, mapping them in
// one call costs as much as faulting them in one by one, and page faults
// on two cores at once take almost as long as on one (24 MiB each on two
// cores: 11-13 ms, against 15-18 ms mapped in one call); faulted in by
// the writers, they overlap with the writers' work on the other cores.
// W1's read went from 0.099 to 0.093 s (median of 12).
func FilledInParts[T any](n int) []T {
	if !Wanted() {
		return make([]T, n)
	}
	return Filled[T](n)
}
