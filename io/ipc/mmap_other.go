//go:build !(linux || darwin || freebsd)

package ipc

import "os"

func mapFile(*os.File) ([]byte, bool) { return nil, false }

func unmap([]byte) {}
