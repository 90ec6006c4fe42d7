package json

import (
	"io"
	"runtime"

	"github.com/structframe/structframe/structured"
)

// inferBatchRows is the number of rows the inference pass keeps at a time.
const inferBatchRows = 16384

// inferSpec reads the whole input once and returns the schema of its rows,
// keeping at most a batch of values at a time: the first pass of a
// [Reader] over a file, so that every batch of the second pass has the
// schema of the whole input.
func inferSpec(r io.Reader, size int64, c config) (*structured.Spec, error) {
	return inferSample(r, size, c, 0)
}

// inferSample is inferSpec over the first rows of the input only (all
// when rows is 0): the schema a Reader's first batch of rows rows has,
// with no batch built.
func inferSample(r io.Reader, size int64, c config, rows int) (*structured.Spec, error) {
	c.read.batchRows = inferBatchRows
	if rows > 0 {
		c.read.batchRows = rows
	}
	e, err := newEngine(r, size, c)
	if err != nil {
		return nil, err
	}
	e.discard, e.sample = true, rows > 0
	if _, err := e.next(); err != nil {
		return nil, err
	}
	if e.seen == 0 {
		return nil, nil // no rows: nothing to infer, and no batch to build
	}
	spec, err := e.cur.Spec()
	if e.maxBlock >= collectBlock {
		// A row of a gigabyte was read into a buffer and copied into a
		// column, both garbage now: collect them before the second pass
		// makes its own, so that the peak is twice the row, not four
		// times (the collector would run only once the heap doubles).
		e = nil
		runtime.GC()
	}
	return spec, err
}

// collectBlock is the block size from which the inference pass collects
// its garbage before the second pass starts.
const collectBlock = 64 << 20
