package csv

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/structframe/structframe/internal/mmapfile"
)

// mappedBenchData is flat.csv memory-mapped as ReadFile maps it, or the
// bench data in memory when the file is not there.
func mappedBenchData(b *testing.B) []byte {
	for _, d := range []string{os.Getenv("STRUCTFRAME_BENCHDATA"), "/tmp/benchdata"} {
		if d == "" {
			continue
		}
		f, err := os.Open(filepath.Join(d, "flat.csv"))
		if err != nil {
			continue
		}
		data, unmap, ok := mmapfile.Map(f)
		f.Close()
		if ok {
			b.Cleanup(unmap)
			return data
		}
	}
	return benchData(b)
}

// BenchmarkFloorIndexByte is the floor of any pass over the input: one
// bytes.IndexByte over the mapped file for a byte it does not hold (the
// runtime's vector loop, memory bandwidth).
func BenchmarkFloorIndexByte(b *testing.B) {
	data := mappedBenchData(b)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		if bytes.IndexByte(data, 0) >= 0 {
			b.Fatal("a zero byte")
		}
	}
}

// BenchmarkFloorLines finds every '\n' of the mapped file with
// bytes.IndexByte: the floor of a pass that stops at each record.
func BenchmarkFloorLines(b *testing.B) {
	data := mappedBenchData(b)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		n := 0
		for j := 0; ; n++ {
			k := bytes.IndexByte(data[j:], '\n')
			if k < 0 {
				break
			}
			j += k + 1
		}
		if n == 0 {
			b.Fatal("no line")
		}
	}
}

// cpuTime is the CPU time the process has used, user and system: on a
// shared machine it moves less than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuBench runs f b.N times and reports, besides the wall clock, the
// process's CPU time per op (cpu-ms/op) and the bytes per CPU second
// (cpu-MB/s).
func cpuBench(b *testing.B, size int, f func()) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	runtime.GC()
	b.ResetTimer()
	t0 := cpuTime()
	for i := 0; i < b.N; i++ {
		f()
	}
	d := cpuTime() - t0
	b.StopTimer()
	b.ReportMetric(float64(d.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(size)*float64(b.N)/d.Seconds()/1e6, "cpu-MB/s")
}

// BenchmarkCPUReadFile is ReadFile of flat.csv (W1's read), CPU time
// reported.
func BenchmarkCPUReadFile(b *testing.B) {
	path := filepath.Join("/tmp/benchdata", "flat.csv")
	if d := os.Getenv("STRUCTFRAME_BENCHDATA"); d != "" {
		path = filepath.Join(d, "flat.csv")
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Skip("no flat.csv")
	}
	cpuBench(b, int(st.Size()), func() {
		if _, err := ReadFile(path); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkCPUPass1 is the first pass alone on one goroutine, CPU time
// reported.
func BenchmarkCPUPass1(b *testing.B) { benchPass(b, false) }

// BenchmarkCPUSplit is the splitter alone on one goroutine, CPU time
// reported.
func BenchmarkCPUSplit(b *testing.B) { benchPass(b, true) }

func benchPass(b *testing.B, split bool) {
	data := mappedBenchData(b)
	cfg := makeConfig(nil)
	header, next, _, _, _ := cfg.readRecord(data, 0, true)
	l, err := newLayout(&cfg, header)
	if err != nil {
		b.Fatal(err)
	}
	cpuBench(b, len(data), func() {
		s := l.scanner(data, true)
		ch := s.newChunk(next, len(data))
		if split {
			s.scan(ch, func(*chunk, []uint64, int) {})
		} else {
			s.scan(ch, s.count)
		}
		if ch.err != nil {
			b.Fatal(ch.err)
		}
	})
}
