package lazy_test

import (
	"context"
	"os"
	"runtime/debug"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// spillCheck runs q under a memory limit of limit bytes, with the spill
// files in a directory of their own, and checks it gives want, spilled
// (or not, as spills says), and left no file behind.
func spillCheck(t *testing.T, name string, q *lazy.Frame, want *frame.Frame, limit int64, spills bool) {
	t.Helper()
	dir := t.TempDir()
	var stats lazy.Stats
	got, err := q.Collect(context.Background(), lazy.WithMemoryLimit(limit), lazy.WithTempDir(dir), lazy.WithStats(&stats))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !lazy.SameRows(t, got, want) {
		t.Errorf("%s: under %d bytes\n%v\neager\n%v", name, limit, got, want)
	}
	if spilled := stats.SpilledBytes.Load() > 0; spilled != spills {
		t.Errorf("%s: spilled %d bytes in %d files, want spilling %v", name, stats.SpilledBytes.Load(), stats.SpillFiles.Load(), spills)
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("%s: %d spill files left", name, len(left))
	}
}

// TestSortSpills: a sort past the memory limit writes sorted runs and
// merges them into the eager Sort's order (stable, nulls, descending
// keys, string keys, several keys).
func TestSortSpills(t *testing.T) {
	f := testFrame(2000, true, 11)
	for _, keys := range [][]frame.SortKey{
		{frame.Asc("g")},
		{frame.Desc("x")},
		{frame.Asc("g").NullsFirst(), frame.Desc("s")},
		{frame.Desc("g"), frame.Asc("x").NullsFirst(), frame.Desc("id")},
		{frame.By(frame.Col("x").Mul(frame.Lit(-1.0)))},
	} {
		want := f.Sort(keys...)
		q := lazy.Scan(&countingSource{f: f}).Sort(keys...)
		spillCheck(t, keys[0].String(), q, want, 20_000, true)
		spillCheck(t, keys[0].String()+" in memory", q, want, 1<<30, false)
		spillCheck(t, keys[0].String()+" a run a batch", q, want, 1, true)
	}
	// The runs being merged are in no directory (unlinked once made), so
	// stopping a stream of a spilled sort leaves no file, whatever its
	// goroutines still do.
	dir := t.TempDir()
	var stats lazy.Stats
	for b, err := range lazy.Scan(&countingSource{f: f}).Sort(frame.Asc("s")).Stream(context.Background(), lazy.WithMemoryLimit(20_000), lazy.WithTempDir(dir), lazy.WithStats(&stats)) {
		if err != nil || b.NumRows() == 0 {
			t.Fatal(b, err)
		}
		left, _ := os.ReadDir(dir)
		if n := stats.SpillFiles.Load(); n == 0 || len(left) > 0 {
			t.Errorf("while merging %d runs, %d files in the directory", n, len(left))
		}
		break
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("a stopped stream left %d spill files", len(left))
	}
}

// TestMemoryLimitLowersGoLimit: while a run with a memory limit lasts,
// the Go runtime's soft limit is at most that; after it, the process's
// own is back.
func TestMemoryLimitLowersGoLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	for range lazy.From(testFrame(10, false, 1)).Stream(context.Background(), lazy.WithMemoryLimit(1<<40)) {
		if got := debug.SetMemoryLimit(-1); got != min(before, 1<<40) {
			t.Errorf("during the run: %d", got)
		}
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after the run: %d, was %d", got, before)
	}
}
