package csv

import "sync"

// inOrder puts the one pass's chunks in place, each as soon as every
// chunk before it is: only then are its first row and the start of its
// strings known.
//
// A chunk writes its rows from the row its line breaks give (room), and
// its strings into a scratch buffer of its own, from 0. Placing it moves
// its rows down when a chunk before it had fewer records than line breaks
// (rare: blank lines, comments, quoted line breaks), and copies its
// strings from the scratch to the end of the column's string bytes,
// shifting their offsets. The chunks are small (onePassChunk), so that a
// chunk is placed while what it wrote is still in cache, on the core that
// finished it or the one that finished the chunk before; a pass over
// every column's output at the end would read it all again from memory,
// and write the strings to pages the read had not touched yet.
//
// A column's string bytes are copied once, in order, from the scratch
// buffers to one hugepage.Sparse buffer as large as the input: only the
// pages written take memory.
type inOrder struct {
	cols []*colOut
	room []int // room[ci]: the row chunk ci's rows were written from

	mu      sync.Mutex
	waiting []placed // per chunk: filled, not yet placed (scratch nil: none)
	next    int      // every chunk before next is placed
	free    []*scratch
	skip    bool // the read gives up: nothing more is placed

	rows  int   // rows placed
	ends  []int // per column: the end of the string bytes placed
	nulls []int // per column: the nulls among the rows placed
}

// placed is a chunk filled and waiting to be placed.
type placed struct {
	re *chunk
	sc *scratch
}

// scratch holds a chunk's strings, a buffer per kept column (nil for a
// column of another type), each grown by fill as the chunk needs and kept
// for the next chunk: a wide file's columns each take about what a
// chunk's strings of that column take.
type scratch struct {
	str   [][]byte
	cells []uint64     // the chunk's blocks of cells (chunk.cells)
	plain plainScratch // the plain-record splitter's (chunk.plain)
}

func newInOrder(cols []*colOut, room []int) *inOrder {
	return &inOrder{cols: cols, room: room, waiting: make([]placed, len(room)-1),
		ends: make([]int, len(cols)), nulls: make([]int, len(cols))}
}

// scratch returns scratch buffers for a chunk, used ones when some are
// free.
func (o *inOrder) scratch() *scratch {
	o.mu.Lock()
	defer o.mu.Unlock()
	if k := len(o.free); k > 0 {
		sc := o.free[k-1]
		o.free = o.free[:k-1]
		return sc
	}
	return &scratch{str: make([][]byte, len(o.cols))}
}

// done hands over chunk ci, filled from re and sc. When every chunk
// before it is placed, it places ci and every later chunk already waiting.
func (o *inOrder) done(ci int, re *chunk, sc *scratch) {
	o.mu.Lock()
	o.waiting[ci] = placed{re, sc}
	for ci == o.next {
		w := o.waiting[ci]
		o.waiting[ci] = placed{}
		skip := o.skip
		o.mu.Unlock()
		if re := w.re; !skip && (re.err != nil || re.cerr != nil || re.partial) {
			skip = true // the read gives up
			o.stop()
		}
		if !skip {
			o.place(ci, w.re, w.sc)
		}
		o.mu.Lock()
		o.free = append(o.free, w.sc)
		o.next++
		if o.next < len(o.waiting) && o.waiting[o.next].sc != nil {
			ci = o.next
		}
	}
	o.mu.Unlock()
}

// stop makes the chunks not yet placed stay where they are: the read
// gives up.
func (o *inOrder) stop() {
	o.mu.Lock()
	o.skip = true
	o.mu.Unlock()
}

// place moves chunk ci's re.rows rows from row room[ci] to the rows
// placed, and its strings from sc to the string bytes placed. Only the
// goroutine that holds o.next == ci calls it, so the chunks are placed
// one at a time, in order.
func (o *inOrder) place(ci int, re *chunk, sc *scratch) {
	d, src, nr := o.rows, o.room[ci], re.rows
	for k, c := range o.cols {
		if d != src {
			copy(c.null[d:d+nr], c.null[src:src+nr])
			if c.fixed != nil {
				w := c.width
				copy(c.fixed[d*w:(d+nr)*w], c.fixed[src*w:(src+nr)*w])
			}
		}
		o.nulls[k] += re.nulls[k]
		if c.data == nil {
			continue
		}
		ds := o.ends[k]
		o.ends[k] += copy(c.data[ds:], sc.str[k][:re.pos[k]])
		if c.offs32 != nil {
			moveOffsets(c.offs32, d, src, nr, int32(-ds))
		} else {
			moveOffsets(c.offs64, d, src, nr, int64(-ds))
		}
	}
	o.rows += nr
}

// finish trims each column to the rows and string bytes placed, and
// drops its null flags when it has no null.
func (o *inOrder) finish() {
	d := o.rows
	for k, c := range o.cols {
		c.null = c.null[:d]
		if c.nulls = o.nulls[k]; c.nulls == 0 {
			c.null = nil
		}
		if c.data == nil {
			continue
		}
		c.dataBuf.Resize(o.ends[k]) // in place: the pages past the end are unmapped
		c.data = c.dataBuf.Bytes()
		if c.offs32 != nil {
			c.offs32 = c.offs32[:d+1]
		} else {
			c.offs64 = c.offs64[:d+1]
		}
	}
}
