package csv

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var benchOnce struct {
	sync.Once
	data []byte
}

// benchData is flat.csv from $STRUCTFRAME_BENCHDATA or /tmp/benchdata, or
// else a generated CSV of the same columns, so the benchmarks always run.
func benchData(b *testing.B) []byte {
	benchOnce.Do(func() {
		dirs := []string{os.Getenv("STRUCTFRAME_BENCHDATA"), "/tmp/benchdata"}
		for _, d := range dirs {
			if d == "" {
				continue
			}
			if data, err := os.ReadFile(filepath.Join(d, "flat.csv")); err == nil {
				benchOnce.data = data
				return
			}
		}
		benchOnce.data = generated(200_000)
	})
	return benchOnce.data
}

func generated(rows int) []byte {
	var sb bytes.Buffer
	sb.WriteString("id,name,city,score,count,active,day,note\n")
	for i := 0; i < rows; i++ {
		score := fmt.Sprintf("%d.%03d", (i*7919)%100, (i*31)%1000)
		if i%50 == 0 {
			score = ""
		}
		fmt.Fprintf(&sb, "%d,Name_%d,City%02d XX,%s,%d,%v,2021-%02d-%02d,%s\n", i+1, i%97, i%50, score, (i*13)%10000, i%3 == 0, i%12+1, i%28+1, strings.Repeat("word ", i%5))
	}
	return sb.Bytes()
}

func benchmarkRead(b *testing.B, opts ...Option) {
	data := benchData(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Read(bytes.NewReader(data), opts...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadSerial reads flat.csv (or a generated CSV) on one goroutine.
func BenchmarkReadSerial(b *testing.B) { benchmarkRead(b, WithParallelism(1)) }

// BenchmarkReadParallel reads it on every core.
func BenchmarkReadParallel(b *testing.B) { benchmarkRead(b) }

// BenchmarkReadFile reads flat.csv through ReadFile (memory-mapped),
// when the file is there.
func BenchmarkReadFile(b *testing.B) {
	path := ""
	for _, d := range []string{os.Getenv("STRUCTFRAME_BENCHDATA"), "/tmp/benchdata"} {
		if d != "" {
			if _, err := os.Stat(filepath.Join(d, "flat.csv")); err == nil {
				path = filepath.Join(d, "flat.csv")
				break
			}
		}
	}
	if path == "" {
		b.Skip("no flat.csv")
	}
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ReadFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite writes the frame read from the bench data.
func BenchmarkWrite(b *testing.B) {
	data := benchData(b)
	f, err := Read(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	buf.Grow(len(data) + len(data)/4)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := Write(&buf, f); err != nil {
			b.Fatal(err)
		}
	}
}
