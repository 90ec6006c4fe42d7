package csv

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestCountLinesQuotes checks the one-pass count against bytes.Count on
// random bytes of every length up to past a block of 127 x 64 bytes (the
// vector loop's byte counters would wrap after 255), from unaligned
// starts, with inputs made only of line breaks and quotes.
func TestCountLinesQuotes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	big := make([]byte, 3*127*64+200)
	for _, fill := range []func(i int) byte{
		func(int) byte { return "ab\n\",;"[r.IntN(6)] },
		func(int) byte { return '\n' },
		func(int) byte { return '"' },
		func(int) byte { return byte(r.IntN(256)) },
	} {
		for i := range big {
			big[i] = fill(i)
		}
		for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 1000, 127 * 64, 127*64 + 64, 2*127*64 + 3, len(big) - 7} {
			for _, off := range []int{0, 1, 7} {
				p := big[off : off+n]
				for _, q := range []byte{'"', '\'', 0, '\n'} {
					lines, quotes := countLinesQuotes(p, q)
					wantQ := 0
					if q != 0 {
						wantQ = bytes.Count(p, []byte{q})
					}
					if want := bytes.Count(p, []byte{'\n'}); lines != want || quotes != wantQ {
						t.Fatalf("%d bytes from %d, quote %q: %d lines, %d quotes; want %d, %d", n, off, q, lines, quotes, want, wantQ)
					}
				}
			}
		}
	}
}

// BenchmarkCountLinesQuotes is the one pass's count of line breaks and
// quotes over the mapped flat.csv, against two bytes.Count passes.
func BenchmarkCountLinesQuotes(b *testing.B) {
	data := mappedBenchData(b)
	b.Run("fused", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			countLinesQuotes(data, '"')
		}
	})
	b.Run("bytes.Count", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			bytes.Count(data, []byte{'\n'})
			bytes.Count(data, []byte{'"'})
		}
	})
}
