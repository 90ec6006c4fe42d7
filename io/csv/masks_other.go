//go:build !amd64

package csv

// hasAVX2 is false off amd64: window64 is blockMasks.
const hasAVX2 = false

// window64 is the splitter's window of the 64 bytes at p (blockMasks).
func window64(p *[64]byte, dm, qm uint64) uint64 { return blockMasks(p, dm, qm) }

// sepLineQuoteRun is the plain-record splitter's windows of the len(out)
// 64-byte windows from p[0] (sepLineQuoteRunSWAR).
func sepLineQuoteRun(p []byte, d, q byte, out [][3]uint64) { sepLineQuoteRunSWAR(p, d, q, out) }
