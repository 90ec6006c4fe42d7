//go:build linux || darwin || freebsd

package csv

import (
	"os"
	"syscall"
)

// mapFile maps a regular file read-only. The mapping costs no fresh
// memory: reading the file into a buffer first would fault in as many
// pages as the file has bytes, which on a VM costs more than the parse.
// Its pages are mapped as the reader first looks at them, on every core
// (counting each chunk's line breaks), not all at once here
// (MAP_POPULATE): on an 84 MB file that read 0.082 s against 0.078 s.
// unmap releases it; nothing read from it may be kept (the reader copies
// every string it keeps).
func mapFile(f *os.File) (data []byte, unmap func(), ok bool) {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, nil, false
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, false
	}
	return data, func() { _ = syscall.Munmap(data) }, true
}
