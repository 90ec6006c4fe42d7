package lazy

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// TestGroupByCombines: partial results combined many times (a flush
// every few rows) give the eager group-by.
func TestGroupByCombines(t *testing.T) {
	defer func(n int) { partialFlush = n }(partialFlush)
	partialFlush = 3
	n := 500
	g, x := make([]any, n), make([]any, n)
	for i := range n {
		if i%11 != 0 {
			g[i] = string(rune('a' + i%7))
		}
		if i%5 != 0 {
			x[i] = int64(i % 13)
		}
	}
	f := frame.FromColumns([]string{"g", "x"}, g, x)
	aggs := []frame.Expr{frame.Col("x").Sum(), frame.Col("x").Mean().Alias("m"), frame.Col("x").Min().Alias("lo"), frame.Len().Alias("n")}
	// Batches of 10 rows: a concat of slices streams through.
	q := From(f.Slice(0, 10))
	for lo := 10; lo < n; lo += 10 {
		q = q.Concat(From(f.Slice(lo, lo+10)))
	}
	got, err := q.GroupBy("g").Agg(aggs...).Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := f.GroupBy("g").Agg(aggs...); got.String() != want.String() {
		t.Errorf("streamed\n%v\neager\n%v", got, want)
	}
}

// TestGroupBySpills: partial groups past the memory limit go to
// partition files and come back in the order the groups first appeared,
// as the eager group-by gives them, whatever their keys (nulls, strings,
// two keys).
func TestGroupBySpills(t *testing.T) {
	defer func(n int, m int64) { partialFlush, minSplitBytes = n, m }(partialFlush, minSplitBytes)
	partialFlush, minSplitBytes = 20, 2<<10
	n := 3000
	id, g, s, x := make([]int64, n), make([]any, n), make([]any, n), make([]any, n)
	for i := range n {
		id[i] = int64((i * 7919) % 1000)
		if i%13 != 0 {
			g[i] = string(rune('a' + i%5))
		}
		if i%17 != 0 {
			s[i] = fmt.Sprintf("w%d", (i*31)%400)
		}
		if i%5 != 0 {
			x[i] = float64(i%23) / 2
		}
	}
	f := frame.FromColumns([]string{"id", "g", "s", "x"}, id, g, s, x)
	aggs := []frame.Expr{frame.Col("x").Sum(), frame.Col("x").Mean().Alias("m"), frame.Col("x").Max().Alias("hi"), frame.Col("x").Count().Alias("c"), frame.Len().Alias("n")}
	q := From(f.Slice(0, 50))
	for lo := 50; lo < n; lo += 50 {
		q = q.Concat(From(f.Slice(lo, lo+50)))
	}
	for _, keys := range [][]string{{"id"}, {"s"}, {"g", "s"}} {
		want := f.GroupBy(keys...).Agg(aggs...)
		for _, limit := range []int64{40_000, 1 << 30} {
			dir := t.TempDir()
			var stats Stats
			got, err := q.GroupBy(keys...).Agg(aggs...).Collect(context.Background(), WithMemoryLimit(limit), WithTempDir(dir), WithStats(&stats))
			if err != nil {
				t.Fatal(err)
			}
			if !sameRows(t, got, want) {
				t.Errorf("%v under %d bytes:\n%v\neager\n%v", keys, limit, got, want)
			}
			if spilled := stats.SpilledBytes.Load() > 0; spilled != (limit < 1<<20) {
				t.Errorf("%v under %d bytes: spilled %d bytes", keys, limit, stats.SpilledBytes.Load())
			}
			if limit < 1<<20 && stats.SpillFiles.Load() <= spillPartitions {
				t.Errorf("%v under %d bytes: %d files, no partition split again", keys, limit, stats.SpillFiles.Load())
			}
			if left, _ := os.ReadDir(dir); len(left) > 0 {
				t.Errorf("%v: %d spill files left", keys, len(left))
			}
		}
	}
}

// TestGroupByPerRow: batches whose rows are nearly all groups of their
// own go to the combine ungrouped, with the partial columns and types of
// grouped batches: the result is the eager group-by's, for every
// aggregation, with null keys and values and narrow integer types.
func TestGroupByPerRow(t *testing.T) {
	n := 20000
	id, s := make([]any, n), make([]any, n)
	x, y := make([]any, n), make([]any, n)
	for i := range n {
		if i%97 != 0 {
			id[i] = int64((i * 7919) % 15000)
		}
		s[i] = fmt.Sprintf("k%d", (i*31)%9000)
		if i%7 != 0 {
			x[i] = int64(i % 113)
			y[i] = float64(i%17) / 4
		}
	}
	f := frame.FromColumns([]string{"id", "s", "x", "y"}, id, s, x, y).
		WithColumns(frame.Col("x").Cast(arrow.PrimitiveTypes.Int16))
	aggs := []frame.Expr{
		frame.Col("x").Sum().Alias("sx"), frame.Col("y").Sum().Alias("sy"), frame.Col("x").Count().Alias("c"),
		frame.Len().Alias("n"), frame.Col("x").Min().Alias("lo"), frame.Col("y").Max().Alias("hi"),
		frame.Col("x").Mean().Alias("mx"), frame.Col("y").Mean().Alias("my"),
	}
	q := From(f.Slice(0, 2000))
	for lo := 2000; lo < n; lo += 2000 {
		q = q.Concat(From(f.Slice(lo, lo+2000)))
	}
	for _, keys := range [][]string{{"id"}, {"s"}, {"id", "s"}} {
		got, err := q.GroupBy(keys...).Agg(aggs...).Collect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if want := f.GroupBy(keys...).Agg(aggs...); !sameRows(t, got, want) {
			t.Errorf("%v:\n%v\neager\n%v", keys, got, want)
		}
	}
}
