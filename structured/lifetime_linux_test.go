//go:build linux

package structured

import (
	"sync"
	"syscall"
	"unsafe"
)

func init() {
	lifeAllocators["mmap"] = func() lifeAllocator { return &mmapAllocator{maps: map[uintptr][]byte{}} }
}

// mmapAllocator hands out anonymous memory mappings and unmaps them when
// freed, as a reader over a memory-mapped file unmaps it when released:
// reading freed memory faults, and kills the test.
type mmapAllocator struct {
	mu   sync.Mutex
	live int
	maps map[uintptr][]byte
}

func (a *mmapAllocator) Allocate(n int) []byte {
	page := syscall.Getpagesize()
	size := (max(n, 1) + page - 1) / page * page
	m, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic(err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.maps[uintptr(unsafe.Pointer(unsafe.SliceData(m)))] = m
	a.live += n
	return m[:n]
}

func (a *mmapAllocator) Reallocate(n int, b []byte) []byte {
	out := a.Allocate(n)
	copy(out, b)
	a.Free(b)
	return out
}

func (a *mmapAllocator) Free(b []byte) {
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	a.mu.Lock()
	m, ok := a.maps[addr]
	delete(a.maps, addr)
	a.live -= len(b)
	a.mu.Unlock()
	if !ok {
		panic("mmapAllocator: freeing memory it did not map")
	}
	if err := syscall.Munmap(m); err != nil {
		panic(err)
	}
}

func (a *mmapAllocator) Live() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.live
}
