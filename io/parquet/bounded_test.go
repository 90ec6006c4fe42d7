package parquet

import (
	"bytes"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// peakAllocator counts the bytes allocated through it and remembers the
// most ever held at once.
type peakAllocator struct {
	inner     memory.Allocator
	cur, peak atomic.Int64
}

func (a *peakAllocator) add(n int64) {
	c := a.cur.Add(n)
	for p := a.peak.Load(); c > p && !a.peak.CompareAndSwap(p, c); p = a.peak.Load() {
	}
}

func (a *peakAllocator) Allocate(n int) []byte {
	a.add(int64(n))
	return a.inner.Allocate(n)
}

func (a *peakAllocator) Reallocate(n int, b []byte) []byte {
	a.add(int64(n - len(b)))
	return a.inner.Reallocate(n, b)
}

func (a *peakAllocator) Free(b []byte) {
	a.add(-int64(len(b)))
	a.inner.Free(b)
}

// settle collects garbage until the Arrow memory of unreachable values
// has been given back (structured releases it through cleanups, which
// run after a collection) or nothing more is freed.
func settle(a *peakAllocator) {
	// Cleanups run on their own goroutine after a collection, later still
	// on a loaded machine: wait until the count holds for a few rounds.
	for i, last, still := 0, int64(-1), 0; i < 100 && still < 3; i++ {
		if cur := a.cur.Load(); cur == last {
			still++
		} else {
			last, still = cur, 0
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// groupsFile writes groups row groups of rows rows each: an id, a string
// and a list of up to 4 integers per row.
func groupsFile(t *testing.T, groups, rows int) []byte {
	t.Helper()
	recs := make([]any, groups*rows)
	for i := range recs {
		l := make([]any, i%5)
		for k := range l {
			l[k] = int64(i + k)
		}
		recs[i] = map[string]any{"id": int64(i), "name": fmt.Sprintf("name-%08d", i), "l": l}
	}
	f := frame.FromTensor(structured.Must(structured.FromValue(recs)))
	var b bytes.Buffer
	if err := Write(&b, f, WithRowGroupRows(rows)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// readerPeak reads data row group by row group, keeping no batch past
// the next, and returns the most Arrow memory held at once and the rows.
func readerPeak(t *testing.T, data []byte) (peak int64, rows int) {
	t.Helper()
	a := &peakAllocator{inner: memory.NewGoAllocator()}
	r, err := NewReader(bytes.NewReader(data), WithAllocator(a), WithParallelism(1))
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		rows += r.Frame().NumRows()
		settle(a) // the previous batch, now unreachable, gives its memory back
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	return a.peak.Load(), rows
}

// TestReaderBoundedMemory: the Reader's peak Arrow memory over a file of
// 32 row groups stays within twice its peak over a file of one such
// group (a bound independent of the number of row groups), while a
// whole-file Read of the 32 groups holds many times more.
func TestReaderBoundedMemory(t *testing.T) {
	const rows, groups = 10_000, 32
	one, n1 := readerPeak(t, groupsFile(t, 1, rows))
	data := groupsFile(t, groups, rows)
	many, n := readerPeak(t, data)
	if n1 != rows || n != groups*rows {
		t.Fatalf("read %d and %d rows, want %d and %d", n1, n, rows, groups*rows)
	}
	a := &peakAllocator{inner: memory.NewGoAllocator()}
	f, err := Read(bytes.NewReader(data), int64(len(data)), WithAllocator(a), WithParallelism(1))
	if err != nil {
		t.Fatal(err)
	}
	whole := a.peak.Load()
	t.Logf("peak Arrow memory: Reader, 1 group %d B; Reader, %d groups %d B; Read, %d groups %d B", one, groups, many, groups, whole)
	if many > 2*one {
		t.Errorf("the Reader held %d B at once over %d row groups, more than twice the %d B of one group", many, groups, one)
	}
	if whole < 8*many {
		t.Errorf("a whole Read held %d B, not clearly more than the Reader's %d B: the measure does not see the batches", whole, many)
	}
	_ = f
}
