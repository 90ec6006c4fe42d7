// Command bench runs structframe on the workloads of the peer benchmark in
// ../shared/bench (see bench/README.md): one workload on one input file, the
// result kept in memory as a Frame, then one checksum line on stdout, the
// same line every peer prints, and "phase NAME SECONDS" lines on stderr.
//
//	go run ./bench W1 flat.csv
//
// With STRUCTFRAME_CPUPROFILE=FILE set, a CPU profile of the run is
// written to FILE.
//
// Each workload lives in the file of its format (csv.go, json.go) and
// registers itself in init.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"time"
)

// workload reads path and returns the checksum line.
type workload func(path string) (string, error)

var workloads = map[string]workload{}

// register adds a workload under its name (W1, W2, ...).
func register(name string, w workload) {
	if workloads[name] != nil {
		panic("bench: workload " + name + " registered twice")
	}
	workloads[name] = w
}

func main() {
	if len(os.Args) != 3 || workloads[os.Args[1]] == nil {
		names := make([]string, 0, len(workloads))
		for k := range workloads {
			names = append(names, k)
		}
		slices.Sort(names)
		fmt.Fprintf(os.Stderr, "usage: bench WORKLOAD FILE\nworkloads: %v\n", names)
		os.Exit(2)
	}
	if path := os.Getenv("STRUCTFRAME_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	line, err := workloads[os.Args[1]](os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
	fmt.Println(line)
}

var t0 = time.Now()

// phase prints the time since the previous phase (or the start) as the
// peers do: "phase NAME SECONDS" on stderr.
func phase(name string) {
	fmt.Fprintf(os.Stderr, "phase %s %.3fs\n", name, time.Since(t0).Seconds())
	t0 = time.Now()
}
