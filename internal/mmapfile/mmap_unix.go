//go:build linux || darwin || freebsd

package mmapfile

import (
	"os"
	"syscall"
)

// mapFile maps size bytes of f read-only and shared.
func mapFile(f *os.File, size int) ([]byte, bool) {
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	return data, err == nil
}

// unmapFile releases a mapping of mapFile.
func unmapFile(data []byte) { _ = syscall.Munmap(data) }

// dropPages advises that the pages of b (page-aligned) are not needed.
func dropPages(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }
