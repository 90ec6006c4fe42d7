//go:build !(linux || darwin || freebsd)

package mmapfile

import "os"

// mapFile maps nothing: the system has no mmap.
func mapFile(*os.File, int) ([]byte, bool) { return nil, false }

// unmapFile does nothing.
func unmapFile([]byte) {}

// dropPages does nothing.
func dropPages([]byte) {}
