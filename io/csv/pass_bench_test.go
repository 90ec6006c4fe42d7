package csv

import (
	"bytes"
	"testing"
)

// BenchmarkPass1 is the first pass alone (split, nulls, inference), on
// one goroutine.
func BenchmarkPass1(b *testing.B) {
	data := benchData(b)
	cfg := makeConfig(nil)
	header, next, _, _, _ := cfg.readRecord(data, 0, true)
	l, err := newLayout(&cfg, header)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s := l.scanner(data, true)
		ch := s.newChunk(next, len(data))
		s.scan(ch, s.count)
		if ch.err != nil {
			b.Fatal(ch.err)
		}
	}
}

// BenchmarkSplit is the splitter alone, no sink work.
func BenchmarkSplit(b *testing.B) {
	data := benchData(b)
	cfg := makeConfig(nil)
	header, next, _, _, _ := cfg.readRecord(data, 0, true)
	l, _ := newLayout(&cfg, header)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		s := l.scanner(data, true)
		ch := s.newChunk(next, len(data))
		s.scan(ch, func(*chunk, []uint64, int) {})
	}
	_ = bytes.MinRead
}
