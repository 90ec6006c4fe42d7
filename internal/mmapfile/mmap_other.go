//go:build !(linux || darwin || freebsd)

package mmapfile

import "os"

func mapFile(*os.File, int) ([]byte, bool) { return nil, false }

func unmapFile([]byte) {}

func dropPages([]byte) {}
