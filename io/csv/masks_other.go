//go:build !amd64

package csv

// hasAVX2 is false off amd64: window64 is blockMasks.
const hasAVX2 = false

// window64 is the splitter's window of the 64 bytes at p (blockMasks).
func window64(p *[64]byte, dm, qm uint64) uint64 { return blockMasks(p, dm, qm) }
