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
