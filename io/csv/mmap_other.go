//go:build !(linux || darwin || freebsd)

package csv

import "os"

func mapFile(*os.File) ([]byte, func(), bool) { return nil, nil, false }
