// Package mmapfile maps regular files into memory read-only, for readers
// that read a file's bytes in place rather than copy them into buffers of
// their own first: on a VM, faulting in fresh memory for a copy costs
// more than most parsing.
package mmapfile

import (
	"os"
	"unsafe"
)

// Map maps the regular file f read-only and shared, without populating
// it: pages are read in as they are first looked at. unmap releases the
// mapping; nothing read from it may be used after. ok is false (and
// nothing mapped) where the file is not a regular file, is empty or too
// large for the address space, or the system has no mmap.
func Map(f *os.File) (data []byte, unmap func(), ok bool) {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, nil, false
	}
	data, ok = mapFile(f, int(st.Size()))
	if !ok {
		return nil, nil, false
	}
	return data, func() { Unmap(data) }, true
}

// Unmap releases a mapping Map made (the data it returned): what its
// unmap does, for a caller that keeps the bytes rather than the func.
func Unmap(data []byte) { unmapFile(data) }

// Drop tells the system the part b of a mapping will not be read again
// soon: its pages leave the process's resident memory (a file's pages
// stay in the page cache, and a later read maps them again). A reader
// that is done with a part of a large file calls it so that its peak
// resident memory does not count the whole file.
func Drop(b []byte) {
	const page = 4096
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	skip := int((page - p%page) % page)
	if skip >= len(b) {
		return
	}
	b = b[skip:]
	if n := len(b) / page * page; n > 0 {
		dropPages(b[:n])
	}
}
