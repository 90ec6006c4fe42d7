package json

import (
	"bytes"
	"errors"
	"io"
	"sync"

	"github.com/structframe/structframe/structured"
)

// minRangeBytes is the size from which a one-call read of an NDJSON file
// is cut into ranges.
var minRangeBytes int64 = 8 << 20 // a variable for tests

// readRanges reads an NDJSON file of size bytes in one contiguous range
// of lines per goroutine, each into its own Builder, then merges the
// Builders in order. Compared with blocks handed out one by one, each
// goroutine's columns grow once, sized from the file's size, and the first
// range's columns are sized for the whole file, so merging copies only the
// later ranges' values, into room already there.
//
// It reports false when it does not apply (another format, a small file,
// one goroutine, batches) or when anything goes wrong: the caller then
// reads the file from its start the usual way, which gives the result or
// the error, with its line, of one pass.
func readRanges(f io.ReaderAt, start, size int64, c config) (t *structured.Tensor, single, ok bool) {
	workers := workersFor(c.read.parallelism)
	if workers < 2 || size-start < minRangeBytes || c.read.batchRows > 0 {
		return nil, false, false
	}
	switch c.format {
	case Auto:
		_, format, err := detect(io.NewSectionReader(f, start, size-start))
		if err != nil || format != NDJSON {
			return nil, false, false
		}
		single = true
	case NDJSON:
	default:
		return nil, false, false
	}
	cuts := []int64{start}
	for k := 1; k < workers; k++ {
		at, err := lineStart(f, start+int64(k)*(size-start)/int64(workers), size)
		if err != nil {
			return nil, false, false
		}
		if at > cuts[len(cuts)-1] && at < size {
			cuts = append(cuts, at)
		}
	}
	cuts = append(cuts, size)

	c.format, c.read.parallelism = NDJSON, 1
	n := len(cuts) - 1
	builders := make([]*structured.Builder, n)
	engines := make([]*engine, n)
	for k := range n {
		hint := cuts[k+1] - cuts[k]
		if k == 0 {
			hint = size - start // the first range's columns take every row
		}
		e, err := newEngine(io.NewSectionReader(f, cuts[k], cuts[k+1]-cuts[k]), hint, c)
		if err != nil {
			return nil, false, false
		}
		sp, isSplitter := e.src.(*splitter)
		if !isSplitter {
			return nil, false, false
		}
		sp.base, sp.inputEnd = cuts[k], cuts[k+1]
		if k == 0 {
			if e.cur, err = e.newBuilder(); err != nil {
				return nil, false, false
			}
		} else {
			e.cur = builders[0].Fork()
		}
		builders[k], engines[k] = e.cur, e
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Go(func() { errs[k] = engines[k].buildAll() })
	}
	wg.Wait()
	if errors.Join(errs...) != nil {
		return nil, false, false
	}
	for _, b := range builders[1:] {
		if builders[0].Merge(b) != nil {
			return nil, false, false
		}
	}
	t, err := builders[0].Finish()
	if err != nil {
		return nil, false, false
	}
	return t, single, true
}

// readerRanges reads r in ranges (see readRanges) when r can be read at
// any offset and knows its size, as *bytes.Reader and *strings.Reader do,
// from its current position.
func readerRanges(r io.Reader, c config) (t *structured.Tensor, single, ok bool) {
	ra, isAt := r.(interface {
		io.ReaderAt
		io.Seeker
		Size() int64
	})
	if !isAt {
		return nil, false, false
	}
	at, err := ra.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, false, false
	}
	t, single, ok = readRanges(ra, at, ra.Size(), c)
	if ok {
		ra.Seek(0, io.SeekEnd) // read to the end, as a read that streams leaves it
	}
	return t, single, ok
}

// lineStart returns the offset of the first line that starts at or after
// at (size if none does), or at itself when a line ends just before it.
func lineStart(f io.ReaderAt, at, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for pos := at - 1; pos < size; pos += int64(len(buf)) {
		n, err := f.ReadAt(buf, pos)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return pos + int64(i) + 1, nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
	}
	return size, nil
}

// buildAll gives every row of the input to the batch's Builder, without
// finishing it.
func (e *engine) buildAll() error {
	for {
		if err := e.fillQueue(); err != nil {
			return err
		}
		if len(e.queue) == 0 {
			return nil
		}
		j := e.queue[0]
		e.queue = e.queue[1:]
		if err := e.take(j); err != nil {
			return err
		}
	}
}
