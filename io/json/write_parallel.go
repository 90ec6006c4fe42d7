package json

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/structured"
)

// Writing on every core: rows are formatted in chunks (of writeChunkRows
// rows, fewer for wide rows, so that a chunk is about writeChunkBytes) by
// one goroutine per core, each with its own compiled writers (they hold
// scratch buffers), into buffers of their own; this goroutine hands the
// chunks to the io.Writer in row order while the next ones are formatted.
// At most three chunks per worker are in flight, so memory stays bounded
// whatever the number of rows; their buffers are recycled, and made at
// the size the first rows foretell rather than grown by appends. A chunk
// of writeDirectAt bytes or more is handed to the io.Writer as it is,
// after what the encoder holds, instead of being copied into its buffer.
// The output is byte for byte the output of one goroutine; an error is the
// one of the first failing row, and no row after it is written.

// writeChunkRows is the most rows of a chunk (a variable for tests);
// wide rows make smaller chunks, of about writeChunkBytes.
var writeChunkRows = 1024

// writeChunkBytes is the size a chunk aims at, so that memory in flight
// stays bounded however wide the rows are.
const writeChunkBytes = 1 << 20

// writeHeadRows is the number of rows written first on this goroutine to
// measure the rows' width.
const writeHeadRows = 16

// writeMaxWorkers, when positive, replaces GOMAXPROCS as the number of
// goroutines formatting rows (a variable for tests).
var writeMaxWorkers = 0

// writeWorkers is the number of goroutines to format n rows with: 1 when
// there are too few rows to gain from more.
func writeWorkers(n int) int {
	w := runtime.GOMAXPROCS(0)
	if writeMaxWorkers > 0 {
		w = writeMaxWorkers
	}
	return max(1, min(w, n/(4*writeChunkRows)))
}

// writeDirectAt is the size from which a formatted chunk is written to
// the io.Writer directly rather than through the encoder's buffer (a
// variable for tests).
var writeDirectAt = writeFlushAt

// writeChunkBufs recycles the chunks' buffers, from one call to the next.
var writeChunkBufs = sync.Pool{New: func() any { return new([]byte) }}

// writeChunk is one chunk of rows to format.
type writeChunk struct {
	lo, hi  int
	out     []byte
	err     error
	panic   any  // a panic formatting the chunk, raised again by the caller's goroutine
	skipped bool // not formatted: an earlier chunk failed
	done    chan struct{}
}

// rowsParallel writes rows [0, n) of t (compiled at dimension d, root
// its writer) with workers goroutines.
func (e *rowEncoder) rowsParallel(t *structured.Tensor, d int, root writeFn, n, workers int) error {
	// The first rows here, to size the chunks by the rows' width.
	head, start, base := min(n, writeHeadRows), len(e.buf), e.n // base: rows written before this call
	var err error
	if e.buf, err = e.layout(root, base).appendRows(e.buf, 0, head); err != nil {
		e.err = err
		return err
	}
	e.n += head
	headBytes := max(1, len(e.buf)-start)
	chunkRows := max(1, min(writeChunkRows, writeChunkBytes*head/headBytes))
	// The bytes of a chunk as wide as the first rows, and a quarter more:
	// a chunk's buffer is made that large when the pool has none as large.
	chunkCap := min(chunkRows*headBytes/head, writeChunkBytes)
	chunkCap += chunkCap / 4
	var (
		stop  atomic.Bool
		todo  = make(chan *writeChunk, workers)
		order = make(chan *writeChunk, 2*workers)
		wg    sync.WaitGroup
	)
	go func() { // hand out chunks, in order
		defer close(order)
		defer close(todo)
		for lo := head; lo < n && !stop.Load(); lo += chunkRows {
			c := &writeChunk{lo: lo, hi: min(lo+chunkRows, n), done: make(chan struct{})}
			order <- c
			todo <- c
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			root, err := newWriteCompiler(e.cfg).value(t, d, "")
			var l *rowLayout
			if err == nil {
				l = e.layout(root.write, base)
			}
			for c := range todo {
				switch {
				case err != nil:
					c.err = err // cannot happen: the same compile succeeded before
				case stop.Load():
					c.skipped = true
				default:
					buf := writeChunkBufs.Get().(*[]byte)
					if cap(*buf) < chunkCap {
						*buf = make([]byte, 0, chunkCap)
					}
					c.format(l, (*buf)[:0])
				}
				close(c.done)
			}
		}()
	}
	var (
		first error
		raise any
	)
	for c := range order {
		<-c.done
		if first != nil || c.skipped {
			continue // drain what was handed out
		}
		if c.panic != nil {
			raise = c.panic
		}
		if c.err != nil || c.panic != nil {
			first = c.err
			stop.Store(true)
			continue
		}
		var werr error
		if len(c.out) >= writeDirectAt {
			if werr = e.flush(); werr == nil {
				werr = e.write(c.out)
			}
		} else {
			e.buf = append(e.buf, c.out...)
			if len(e.buf) >= writeFlushAt {
				werr = e.flush()
			}
		}
		writeChunkBufs.Put(&c.out)
		if werr != nil {
			first = werr
			stop.Store(true)
			continue
		}
		e.n += c.hi - c.lo
	}
	wg.Wait()
	if raise != nil {
		panic(raise)
	}
	if first != nil {
		e.err = first
	}
	return first
}

// format formats the chunk's rows into buf with l. A memory fault (a
// mapped file truncated under the frame) is the chunk's error; another
// panic is kept for the caller's goroutine to raise, where it can be
// recovered, instead of ending the process from this one.
func (c *writeChunk) format(l *rowLayout, buf []byte) {
	defer func() {
		if p := recover(); p != nil {
			c.panic = p
		}
	}()
	c.err = fault.Run(func() (err error) {
		c.out, err = l.appendRows(buf, c.lo, c.hi)
		return err
	})
}
