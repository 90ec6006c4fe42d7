//go:build linux || darwin || freebsd

package ipc

import (
	"os"
	"syscall"
)

// mapFile maps a regular file read-only and shared, without populating
// it: pages are read in as values are read, so opening costs the same
// whatever the file's size.
func mapFile(f *os.File) ([]byte, bool) {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return data, true
}

func unmap(data []byte) { _ = syscall.Munmap(data) }

// madvPopulateRead is Linux's MADV_POPULATE_READ (5.14+): fault the
// mapping's pages in at once, in the kernel, rather than one fault per
// page as values are copied out.
const madvPopulateRead = 22

// populate faults in every page of data before it is read whole; an
// error (older kernels, other systems) leaves the faults to the reads.
func populate(data []byte) { _ = syscall.Madvise(data, madvPopulateRead) }
