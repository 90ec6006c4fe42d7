package json

import (
	"runtime"
	"sync"

	"github.com/structframe/structframe/structured"
)

// engine builds batches from the blocks of a splitter: each block is parsed
// on its own goroutine into its own Builder, and the Builders are merged in
// input order into the Builder of the batch. With one goroutine blocks are
// parsed straight into the batch's Builder.
//
// A block that fails, or whose merge fails, is parsed again straight into
// the batch's Builder, after every block before it: the error is then the
// one a single pass gives, rows counted from the batch's start.
type engine struct {
	format   Format // NDJSON, Array or stream (concatenated values)
	single   bool   // the input may be one value: a rank-0 read
	document bool   // stream: exactly one value
	spec     *structured.Spec
	frozen   *structured.Spec // the rows are read against it, as a stream's against its first batch's schema
	build    []structured.Option
	proj     *projection
	src      blockSource
	batch    int // rows per batch; 0: one batch
	workers  int
	size     int64 // bytes of the whole input, if known: for Reserve

	cur      *structured.Builder   // the batch being built
	curBytes int64                 // bytes of the blocks in cur
	reserved int                   // Reserve calls in this batch
	queue    []*job                // blocks being parsed, in input order
	spare    []*structured.Builder // merged block Builders, empty again, for reuse
	split    bool                  // the splitter has handed out its last block
	batches  int                   // batches finished
	seen     int                   // rows taken, as the splitter counts them
	maxBlock int                   // bytes of the largest block taken
	err      error                 // sticky
	// waitSchema: the schema comes from the first batch; blocks after it
	// wait until it is finished.
	waitSchema bool
	waiting    bool // a block ending the first batch was queued
	// discard: only the schema is wanted (the inference pass): batches
	// are dropped as they end, and next returns once, at the end.
	discard bool
	// consumed is the bytes of input of the rows taken so far.
	consumed int64
	// sample: with discard, the pass infers over the first batch only,
	// discarding each block's rows once merged.
	sample bool
}

// stream is the Format of concatenated values, read on one goroutine.
const stream Format = 255

// blockSource hands out the blocks of an input, nil after the last, and
// takes back their buffers once they are parsed.
type blockSource interface {
	next() (*block, error)
	recycle(*block)
}

// job is one block being parsed.
type job struct {
	blk  *block
	b    *structured.Builder
	err  error
	done chan struct{}
}

var scanners = sync.Pool{New: func() any { return newScanner(nil) }}

func workersFor(n int) int {
	if n <= 0 {
		n = min(runtime.GOMAXPROCS(0), 8)
	}
	return max(n, 1)
}

// newBuilder returns a Builder for the engine's schema.
func (e *engine) newBuilder() (*structured.Builder, error) {
	b, err := structured.NewBuilder(e.spec, e.build...)
	if err == nil && e.frozen != nil {
		err = b.FreezeSchema(e.frozen)
	}
	return b, err
}

// scan parses blk into out.
func (e *engine) scan(blk *block, out sink) error {
	if len(blk.data) == 0 && blk.tail != nil {
		return blk.tail // no rows, only an error (an input that is not an array)
	}
	s := scanners.Get().(*scanner)
	defer scanners.Put(s)
	s.Out, s.Proj = out, e.proj
	s.At(blk.base, blk.line, blk.col)
	var err error
	switch e.format {
	case NDJSON:
		err = s.ScanNDJSON(blk.data)
	case Array:
		err = s.ScanElements(blk.data, blk.first, blk.last)
	default:
		if e.document {
			err = s.ScanDocument(blk.data)
		} else {
			err = s.ScanStream(blk.data)
		}
	}
	s.Out, s.Proj = nil, nil
	if err == nil {
		err = blk.tail
	}
	return err
}

// next returns the next batch, or nil after the last one. The first call
// returns a batch even for an empty input.
func (e *engine) next() (*structured.Tensor, error) {
	if e.err != nil {
		return nil, e.err
	}
	t, err := e.nextBatch()
	if err != nil {
		e.err = err
		e.drain()
	}
	return t, err
}

func (e *engine) nextBatch() (*structured.Tensor, error) {
	if e.cur == nil {
		b, err := e.newBuilder()
		if err != nil {
			return nil, err
		}
		e.cur = b
	}
	for {
		if err := e.fillQueue(); err != nil {
			return nil, err
		}
		if len(e.queue) == 0 {
			if e.discard {
				return nil, nil
			}
			if e.cur.NumRows() == 0 && e.batches > 0 {
				return nil, nil
			}
			return e.finish()
		}
		j := e.queue[0]
		e.queue = e.queue[1:]
		if err := e.take(j); err != nil {
			return nil, err
		}
		if e.sample && !j.blk.batchEnd {
			// Inferring over the first batch: a block's rows at a time.
			if err := e.cur.DiscardRows(); err != nil {
				return nil, err
			}
		}
		if j.blk.batchEnd {
			if e.discard {
				if e.sample {
					e.drain()
					return nil, nil
				}
				if err := e.cur.DiscardRows(); err != nil {
					return nil, err
				}
				continue
			}
			return e.finish()
		}
	}
}

// fillQueue hands blocks to goroutines until as many are being parsed as
// there are workers (one more, so that one is ready when the merge ends).
func (e *engine) fillQueue() error {
	limit := 1
	if e.workers > 1 {
		limit = e.workers + 1
	}
	for !e.split && len(e.queue) < limit && !e.waiting {
		blk, err := e.src.next()
		if err != nil {
			return err
		}
		if blk == nil {
			e.split = true
			break
		}
		j := &job{blk: blk}
		if e.workers > 1 {
			j.done = make(chan struct{})
			j.b = e.fork()
			go e.parse(j)
		}
		e.queue = append(e.queue, j)
		if e.waitSchema && blk.batchEnd {
			e.waiting = true
		}
	}
	return nil
}

// fork returns an empty Builder with the batch Builder's options and
// schema, for a block: a recycled one if it can.
func (e *engine) fork() *structured.Builder {
	if n := len(e.spare); n > 0 {
		b := e.spare[n-1]
		e.spare = e.spare[:n-1]
		return b
	}
	return e.cur.Fork()
}

// parse builds j's block into its own Builder (on a goroutine).
func (e *engine) parse(j *job) {
	defer close(j.done)
	j.err = e.scan(j.blk, j.b.Events())
}

// take adds j's rows to the batch.
func (e *engine) take(j *job) error {
	if j.done == nil {
		if err := e.scan(j.blk, e.cur.Events()); err != nil {
			return err
		}
	} else {
		<-j.done
		if j.err != nil || e.cur.Merge(j.b) != nil {
			// Again in one pass, for the result or the error one pass
			// gives: Merge leaves both Builders unchanged when it fails.
			if err := e.scan(j.blk, e.cur.Events()); err != nil {
				return err
			}
		} else if len(e.spare) < e.workers+1 {
			e.spare = append(e.spare, j.b) // merged, so empty again
		}
	}
	e.curBytes += int64(len(j.blk.data))
	e.consumed += int64(len(j.blk.data))
	e.maxBlock = max(e.maxBlock, len(j.blk.data))
	e.seen += j.blk.rows
	e.src.recycle(j.blk)
	e.reserve()
	return nil
}

// reserve sizes the batch's columns for the rows expected, once the first
// block is in and again after a larger sample (Reserve grows columns at
// most 64-fold per call).
func (e *engine) reserve() {
	if e.reserved >= 2 || e.cur.NumRows() == 0 {
		return
	}
	if e.reserved == 1 && (e.size <= 0 || e.curBytes < e.size/32) {
		return
	}
	e.reserved++
	if rows := e.expectRows(); rows > 0 {
		e.cur.Reserve(rows)
	}
}

// reserveBytes is the most input a batch of a stream of unknown size is
// expected to hold, for Reserve: rows larger than a block must not make
// the columns grow for a batch of them that the input may not have.
const reserveBytes = 64 << 20

// expectRows estimates the rows of the batch being built, for Reserve:
// the batch size, but never more rows than the bytes of the input (or,
// when its size is unknown, reserveBytes) hold at the rows' size so far.
// Builder.Reserve grows every column in proportion, so a first row of a
// gigabyte must not count for a batch of 65,536 of them.
func (e *engine) expectRows() int {
	n := e.cur.NumRows()
	if e.curBytes <= 0 {
		return e.batch
	}
	perRow := float64(e.curBytes) / float64(n)
	bytes := float64(max(reserveBytes, e.curBytes))
	if e.size > 0 {
		bytes = float64(e.size) * 1.02
	}
	rows := int(bytes / perRow)
	if e.batch > 0 {
		rows = min(rows, e.batch)
	}
	return rows
}

// finish ends the batch.
func (e *engine) finish() (*structured.Tensor, error) {
	t, err := e.cur.Finish()
	if err != nil {
		return nil, err
	}
	e.batches++
	e.curBytes, e.reserved = 0, 0
	e.waiting = false
	if e.batches == 1 && e.spec == nil && e.frozen == nil {
		// Forks of the first batch, which inferred its schema: the
		// batches after it are built against that schema, frozen.
		e.spare = e.spare[:0]
	}
	return t, nil
}

// drain waits for the goroutines still parsing.
func (e *engine) drain() {
	for _, j := range e.queue {
		if j.done != nil {
			<-j.done
		}
	}
	e.queue = nil
}
