package csv

import (
	"math/rand/v2"
	"testing"
)

// TestWindow64 checks the splitter's window on random bytes against the
// bytes themselves: window64 has a bit for every delimiter, '\n' and
// quote, and (in its AVX2 form, where it runs) no other; blockMasks's
// extra bits are checked by TestBlockMasks.
func TestWindow64(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var p [64]byte
	for range 5000 {
		for k := range p {
			if r.IntN(3) == 0 {
				p[k] = byte(r.IntN(256))
			} else {
				p[k] = ",;\n\"'\t\x00\xff"[r.IntN(8)]
			}
		}
		for _, dq := range [][2]byte{{',', '"'}, {';', '\''}, {'\t', '\n'}, {0, 0xff}} {
			d, q := dq[0], dq[1]
			m := window64(&p, uint64(d)*lsb, uint64(q)*lsb)
			for k, c := range p {
				special := c == d || c == '\n' || c == q
				got := m>>k&1 == 1
				if special && !got {
					t.Fatalf("%q, delimiter %q, quote %q: byte %d (%q) has no bit", p, d, q, k, c)
				}
				if got && !special && hasAVX2 {
					t.Fatalf("%q, delimiter %q, quote %q: byte %d (%q) has a bit", p, d, q, k, c)
				}
			}
		}
	}
}

// BenchmarkWindow64 computes the splitter's window over 64 KiB of CSV-like
// bytes, in its SWAR form (blockMasks) and in the one the machine runs
// (window64).
func BenchmarkWindow64(b *testing.B) {
	data := make([]byte, 64<<10)
	r := rand.New(rand.NewPCG(1, 1))
	for i := range data {
		data[i] = "abcdefgh12345,.\n"[r.IntN(16)]
	}
	for _, bc := range []struct {
		name string
		f    func(p *[64]byte, dm, qm uint64) uint64
	}{{"swar", blockMasks}, {"window64", window64}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var x uint64
			for b.Loop() {
				for i := 0; i+64 <= len(data); i += 64 {
					x ^= bc.f((*[64]byte)(data[i:i+64]), ','*lsb, '"'*lsb)
				}
			}
			if x == 1 {
				b.Log(x)
			}
		})
	}
}

// TestSepLineQuoteRun checks the plain-record splitter's windows on
// random bytes against the bytes themselves, in the form the machine
// runs and in the SWAR one: a bit in sep for each delimiter and '\n', in
// nl for each '\n', in quote for each quote, and no other.
func TestSepLineQuoteRun(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	p := make([]byte, 64*16)
	for range 500 {
		for k := range p {
			if r.IntN(3) == 0 {
				p[k] = byte(r.IntN(256))
			} else {
				p[k] = ",;\n\"'\t\x00\xff"[r.IntN(8)]
			}
		}
		for _, dq := range [][2]byte{{',', '"'}, {';', '\''}, {'\t', 0}, {0, 0xff}} {
			d, q := dq[0], dq[1]
			n := 1 + r.IntN(16)
			run := make([][3]uint64, n)
			sepLineQuoteRun(p, d, q, run)
			for w := range n {
				swar := [3]uint64{}
				swar[0], swar[1], swar[2] = sepLineQuoteSWAR((*[64]byte)(p[64*w:]), d, q)
				for k, c := range p[64*w : 64*w+64] {
					want := [3]bool{c == d || c == '\n', c == '\n', c == q}
					for m, got := range [][3]uint64{run[w], swar} {
						for j := range 3 {
							if got[j]>>k&1 == 1 != want[j] {
								t.Fatalf("%q, delimiter %q, quote %q: window %d byte %d (%q), mask %d of form %d: %v", p[64*w:64*w+64], d, q, w, k, c, j, m, !want[j])
							}
						}
					}
				}
			}
		}
	}
}
