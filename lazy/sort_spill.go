package lazy

import (
	"bytes"
	"container/heap"
	"context"
	"iter"

	"github.com/structframe/structframe/frame"
)

// sortSpills reports whether the sort n runs as an external sort: its
// input streams and its keys are computed row by row (so a part of the
// rows gets the keys it has among all of them).
func sortSpills(n *node) bool {
	if n.op != opSort || !streamsAll(n.inputs[0]) {
		return false
	}
	for _, k := range n.keys {
		if k.Expr().Aggregates() {
			return false
		}
	}
	return true
}

// runSort sorts n's input. Batches are held until they pass a quarter
// of the memory limit; then, if the input has not ended, they are sorted
// and written to a temporary file as a run, and the runs are merged at
// the end by their rows' key bytes (frame.SortRowKeys), equal rows taken
// from earlier runs first: Sort is stable, so the merge gives what one
// Sort of the whole input gives. An input within the limit is sorted in
// memory, as the eager Sort.
func runSort(ctx context.Context, n *node, yield func(*frame.Frame, error) bool) {
	cfg := runOf(ctx)
	budget := cfg.memoryLimit / 4
	var (
		held      []*frame.Frame
		heldBytes int64
		runs      []*spillFile
	)
	defer func() {
		for _, r := range runs {
			r.remove()
		}
	}()
	spill := func() error {
		sorted := frame.Concat(held...).Sort(n.keys...)
		held, heldBytes = nil, 0
		if err := sorted.Err(); err != nil {
			return err
		}
		f, err := newSpillFile(cfg)
		if err != nil {
			return err
		}
		runs = append(runs, f)
		// Chunks small enough that a chunk of every run fits the limit.
		rows := sorted.NumRows()
		chunk := max(1024, int(int64(rows)*(budget/64)/max(frameBytes(sorted), 1)))
		for lo := 0; lo < rows; lo += chunk {
			if err := f.write(sorted.Slice(lo, min(lo+chunk, rows))); err != nil {
				return err
			}
		}
		return nil
	}
	for b, err := range run(ctx, n.inputs[0]) {
		if err != nil {
			yield(nil, err)
			return
		}
		if len(held) > 0 && heldBytes >= budget {
			if err := spill(); err != nil {
				yield(nil, err)
				return
			}
		}
		held = append(held, b)
		heldBytes += frameBytes(b)
	}
	if len(runs) == 0 {
		if len(held) == 0 {
			want, err := newSchemas(ctx).get(n)
			yield(want, err)
			return
		}
		out := frame.Concat(held...).Sort(n.keys...)
		yield(out, out.Err())
		return
	}
	if len(held) > 0 {
		if err := spill(); err != nil {
			yield(nil, err)
			return
		}
	}
	mergeRuns(ctx, runs, n.keys, yield)
}

// mergeCursor is a sorted run being merged: its current frame and row.
type mergeCursor struct {
	next func() (*frame.Frame, error, bool)
	stop func()
	cur  *frame.Frame
	keys frame.RowKeys
	pos  int
	run  int
	take []int // rows of cur taken into the output being built
}

// load moves to the run's next frame; false at its end.
func (c *mergeCursor) load(keys []frame.SortKey) (bool, error) {
	for {
		f, err, ok := c.next()
		if !ok {
			c.cur = nil
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if f.NumRows() == 0 {
			continue
		}
		if c.keys, err = f.SortRowKeys(keys...); err != nil {
			return false, err
		}
		c.cur, c.pos = f, 0
		return true, nil
	}
}

// cursorHeap orders cursors by their current row's key bytes, then by
// run (stable: equal rows come from earlier runs first).
type cursorHeap []*mergeCursor

func (h cursorHeap) Len() int { return len(h) }
func (h cursorHeap) Less(i, j int) bool {
	if c := bytes.Compare(h[i].keys.Row(h[i].pos), h[j].keys.Row(h[j].pos)); c != 0 {
		return c < 0
	}
	return h[i].run < h[j].run
}
func (h cursorHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *cursorHeap) Push(x any)   { *h = append(*h, x.(*mergeCursor)) }
func (h *cursorHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// mergeOut is the rows a merged output batch holds at most.
const mergeOut = 1 << 16

// mergeRuns yields the rows of the sorted runs in order, in batches.
func mergeRuns(ctx context.Context, runs []*spillFile, keys []frame.SortKey, yield func(*frame.Frame, error) bool) {
	cursors := make([]*mergeCursor, len(runs))
	h := make(cursorHeap, 0, len(runs))
	defer func() {
		for _, c := range cursors {
			if c != nil {
				c.stop()
			}
		}
	}()
	for i, r := range runs {
		next, stop := iter.Pull2(r.frames())
		c := &mergeCursor{next: next, stop: stop, run: i}
		cursors[i] = c
		ok, err := c.load(keys)
		if err != nil {
			yield(nil, err)
			return
		}
		if ok {
			h = append(h, c)
		}
	}
	heap.Init(&h)
	var order []int // the output's rows: the run each comes from
	flush := func() bool {
		if len(order) == 0 {
			return true
		}
		// Each run's rows taken, one after the other, then put in the
		// merged order.
		var parts []*frame.Frame
		start := make([]int, len(cursors))
		at := 0
		for i, c := range cursors {
			start[i] = at
			if len(c.take) > 0 {
				parts = append(parts, c.cur.Take(c.take))
				at += len(c.take)
				c.take = c.take[:0]
			}
		}
		perm := make([]int, len(order))
		for i, run := range order {
			perm[i] = start[run]
			start[run]++
		}
		out := frame.Concat(parts...).Take(perm)
		order = order[:0]
		if err := out.Err(); err != nil {
			yield(nil, err)
			return false
		}
		return yield(out, nil)
	}
	for len(h) > 0 {
		if err := ctx.Err(); err != nil {
			yield(nil, err)
			return
		}
		c := h[0]
		c.take = append(c.take, c.pos)
		order = append(order, c.run)
		c.pos++
		if c.pos == c.cur.NumRows() {
			// The rows taken from cur go out before cur is replaced.
			if !flush() {
				return
			}
			ok, err := c.load(keys)
			if err != nil {
				yield(nil, err)
				return
			}
			if !ok {
				heap.Pop(&h)
				continue
			}
		}
		heap.Fix(&h, 0)
		if len(order) >= mergeOut && !flush() {
			return
		}
	}
	flush()
}
