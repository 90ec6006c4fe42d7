package main

import (
	"os"
	"sync"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
)

// The phase benchmarks time the operation of a flat.csv workload (W6,
// W9, W10) on a frame read once, so a profile of one shows the operation
// alone. They read the file named by STRUCTFRAME_BENCH_FLAT (made by
// ../shared/bench's generator) and are skipped without it:
//
//	STRUCTFRAME_BENCH_FLAT=/tmp/benchdata/flat.csv go test ./bench -run X -bench Phase
var flat struct {
	once sync.Once
	f    *frame.Frame
	err  error
}

func flatFrame(b *testing.B) *frame.Frame {
	path := os.Getenv("STRUCTFRAME_BENCH_FLAT")
	if path == "" {
		b.Skip("STRUCTFRAME_BENCH_FLAT names no flat.csv")
	}
	flat.once.Do(func() { flat.f, flat.err = csv.ReadFile(path) })
	if flat.err != nil {
		b.Fatal(flat.err)
	}
	return flat.f
}

func BenchmarkPhaseW6Sort(b *testing.B) {
	f := flatFrame(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := w6Sort(f).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPhaseW9Strings(b *testing.B) {
	f := flatFrame(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := w9Strings(f).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPhaseW10Temporal(b *testing.B) {
	f := flatFrame(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := w10Temporal(f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPhaseW9Parts times each of W9's four string functions alone.
func BenchmarkPhaseW9Parts(b *testing.B) {
	f := flatFrame(b)
	parts := map[string]frame.Expr{
		"regex":  frame.Col("note").Str().Contains("(^| )carrot( |$)"),
		"split":  frame.Col("note").Str().Split(" ").List().Len().Sum(),
		"suffix": frame.Col("name").Str().ReplaceAll("_[0-9]+$", "").Str().EndsWith("a"),
		"upper":  frame.Col("city").Str().ToUpper().Str().StartsWith("CITY1"),
	}
	for _, name := range []string{"regex", "split", "suffix", "upper"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.SelectExprs(parts[name]).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
