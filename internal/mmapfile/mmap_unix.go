//go:build linux || darwin || freebsd

package mmapfile

import (
	"os"
	"syscall"
)

func mapFile(f *os.File, size int) ([]byte, bool) {
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	return data, err == nil
}

func unmapFile(data []byte) { _ = syscall.Munmap(data) }

func dropPages(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }
