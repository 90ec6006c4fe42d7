package hugepage

import (
	"syscall"
	"unsafe"
)

const (
	hugeSize     = 2 << 20
	madvHugepage = 14 // MADV_HUGEPAGE
)

// advise asks for huge pages over the 2 MiB-aligned part of [p, p+size).
func advise(p unsafe.Pointer, size uintptr) {
	start := (uintptr(p) + hugeSize - 1) &^ (hugeSize - 1)
	end := (uintptr(p) + size) &^ (hugeSize - 1)
	if end <= start {
		return
	}
	// An error (EINVAL where THP is not built in) leaves the memory as it
	// was: the advice is only a hint.
	syscall.Syscall(syscall.SYS_MADVISE, start, end-start, madvHugepage)
}
