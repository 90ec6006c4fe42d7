package dataset

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/structured"
)

// Reader reads a dataset batch by batch: a row group of a Parquet file, a
// record batch of an IPC file, a batch of a CSV or JSON file at a time, so
// that memory is bounded by a few batches whatever the dataset's size:
//
//	r, err := dataset.Open("events/", dataset.WithFilter(frame.Col("year").Eq(frame.Lit(2024))))
//	...
//	defer r.Close()
//	for r.Next() {
//		f := r.Frame()
//	}
//	if err := r.Err(); err != nil { ... }
//
// WithParallelism files are read at once, ahead of the one whose batches
// Next returns, each at most one batch ahead: memory holds about two
// batches per file being read, and the batches still come in the order of
// the files. Every batch has the same columns (Reader.Schema): Open reads
// every file's schema first, from the footer of a Parquet file and the
// header of an IPC file, and by the reader's type inference for CSV and
// JSON (which reads those files once more), and unions them as Read does.
// Batches the filter empties are skipped. A Reader is not safe for
// concurrent use; Close it to stop the files being read ahead.
type Reader struct {
	p          *plan
	unified    *frame.Frame // the files' columns, without rows
	unifiedKey string
	heads      []*frame.Frame // each file's columns, without rows
	schema     *structured.Spec
	i          int                // the file whose batches come next
	started    int                // the files whose reading has started
	streams    []chan batchResult // the batches of each file started
	done       chan struct{}      // closed by Close: stop reading
	wg         sync.WaitGroup     // the goroutines reading
	f          *frame.Frame
	err        error
	closed     bool
	empty      *frame.Frame // the batches' columns, no rows
}

// Open opens a dataset (see Read for src) for reading batch by batch.
// Errors in listing the files, in their partitions or in their schemas are
// returned here.
func Open(src string, opts ...Option) (*Reader, error) {
	c := newConfig(opts)
	p, err := newPlan(c, src, nil, false)
	if err != nil {
		return nil, err
	}
	return p.open()
}

// OpenFiles opens the files named, in the order given, as Open opens a
// directory's.
func OpenFiles(paths []string, opts ...Option) (*Reader, error) {
	c := newConfig(opts)
	p, err := newPlan(c, "", paths, true)
	if err != nil {
		return nil, err
	}
	return p.open()
}

func (p *plan) open() (*Reader, error) {
	if p.filter != nil && p.filter.Aggregates() {
		return nil, fmt.Errorf("dataset: %w: WithFilter(%s): an aggregation would be evaluated batch by batch (use Read)", ErrOption, p.filter)
	}
	r := &Reader{p: p}
	heads, err := p.schemas()
	if err != nil {
		return nil, err
	}
	if len(heads) == 0 {
		r.unified = frame.FromColumns(nil)
		r.schema = r.unified.Schema()
		return r, nil
	}
	if r.unified, err = p.unifyHeads("Open", heads); err != nil {
		return nil, err
	}
	r.unifiedKey, r.heads = typeKey(r.unified.Schema()), heads
	empty := &task{lits: nullLits(p.keys)}
	s := p.finish(r.unified, empty, true)
	cols, err := p.order(s.Columns())
	if err != nil {
		return nil, err
	}
	s = s.Select(cols...)
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("dataset: Open: %w", err)
	}
	r.schema, r.empty = s.Schema(), s
	return r, nil
}

// stored reports whether the files store their schemas (Parquet, Arrow),
// so that the batches' columns are known from their footers and headers
// without reading a batch: those of [Reader.Schema].
func (r *Reader) stored() bool {
	return r.empty != nil && len(r.p.files) > 0 &&
		(r.p.ops == &parquetFiles || r.p.files[0].row.Kind() == formats.KindIPC)
}

// nullLits is a null of every partition column.
func nullLits(keys []partCol) []frame.Expr {
	out := make([]frame.Expr, len(keys))
	for k, key := range keys {
		out[k] = partLit(key, segment{null: true})
	}
	return out
}

// schemas reads the schema of every file, in parallel, as frames without
// rows (partition columns dropped).
func (p *plan) schemas() ([]*frame.Frame, error) {
	n := len(p.files)
	heads := make([]*frame.Frame, n)
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(p.c.parallel, n) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f, err := p.ops.schema(p.c, p.files[i].row, p.files[i].path, p.readCols)
				if err == nil {
					err = f.Err()
				}
				if err != nil {
					errs[i] = &Error{Op: "Open", Path: p.files[i].path, Err: err}
					continue
				}
				heads[i] = p.dropKeys(f)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return heads, nil
}

// Next reads the next batch, reporting false at the end of the dataset or
// on an error (Reader.Err tells which).
func (r *Reader) Next() bool {
	r.f = nil
	for !r.closed && r.err == nil && r.i < len(r.p.files) {
		r.start()
		res, ok := <-r.streams[r.i]
		if !ok {
			r.streams[r.i] = nil
			r.i++
			continue
		}
		if res.err != nil {
			r.err = res.err
			r.stop()
			return false
		}
		r.f = res.f
		return true
	}
	return false
}

// batchResult is a batch, or the error that ended a file.
type batchResult struct {
	f   *frame.Frame
	err error
}

// start starts reading the files from the current one on, WithParallelism
// of them at once, each on a goroutine of its own that holds at most one
// batch ready: the batches come out in order, and memory is bounded by
// two batches per file being read.
func (r *Reader) start() {
	if r.streams == nil {
		r.streams = make([]chan batchResult, len(r.p.files))
		r.done = make(chan struct{})
	}
	for r.started < len(r.p.files) && r.started < r.i+r.p.c.parallel {
		i := r.started
		ch := make(chan batchResult, 1)
		r.streams[i] = ch
		r.started++
		r.wg.Go(func() { r.produce(i, ch) })
	}
}

// produce reads file i batch by batch into ch, which it closes at the end
// (after an error, if any); it stops early when the Reader is closed.
func (r *Reader) produce(i int, ch chan<- batchResult) {
	defer close(ch)
	t := &r.p.files[i]
	send := func(res batchResult) bool {
		select {
		case ch <- res:
			return true
		case <-r.done:
			return false
		}
	}
	src, err := r.p.ops.open(r.p.c, t.row, t.path, r.fileCols(i))
	if err != nil {
		send(batchResult{err: &Error{Op: "Open", Path: t.path, Err: err}})
		return
	}
	defer src.Close()
	for src.Next() {
		select {
		case <-r.done: // closed: a filter that empties batches sends nothing to notice it by
			return
		default:
		}
		f, err := r.batch(t, src.Frame())
		if err != nil {
			send(batchResult{err: &Error{Op: "Next", Path: t.path, Err: err}})
			return
		}
		if f.NumRows() == 0 {
			continue
		}
		if !send(batchResult{f: f}) {
			return
		}
	}
	err = src.Err()
	if cerr := src.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		send(batchResult{err: &Error{Op: "Next", Path: t.path, Err: err}})
	}
}

// batch makes a file's batch one of the dataset: the union's columns, the
// partition columns, the filter applied, the columns in order.
func (r *Reader) batch(t *task, f *frame.Frame) (*frame.Frame, error) {
	if t.row.Untyped() {
		f = nullify(f)
	}
	f = r.align(r.p.dropKeys(f))
	f = r.p.finish(f, t, true)
	if err := f.Err(); err != nil {
		return nil, err
	}
	if f.NumRows() == 0 {
		return f, nil
	}
	cols, err := r.p.order(f.Columns())
	if err != nil {
		return nil, err
	}
	f = f.Select(cols...)
	return f, f.Err()
}

// align gives a batch the union's columns, nulls where the file has none.
func (r *Reader) align(f *frame.Frame) *frame.Frame {
	if f.Err() != nil || typeKey(f.Schema()) == r.unifiedKey {
		return f
	}
	return frame.Concat(r.unified, f)
}

// typeKey is the text of a schema without its row count and nullability
// marks: equal for batches of the same columns and types.
func typeKey(s *structured.Spec) string {
	t := s.String()
	if _, rest, ok := strings.Cut(t, " * "); ok {
		t = rest
	}
	return strings.ReplaceAll(t, "?", "")
}

// fileCols is the columns to read from file i: those of the plan the
// file has, as its schema said (CSV's reader refuses a column its header
// lacks only when the first batch is read).
func (r *Reader) fileCols(i int) []string {
	cols := r.p.readCols
	if cols == nil {
		return nil
	}
	have := r.heads[i].Columns()
	var out []string
	for _, c := range cols {
		top, _, _ := strings.Cut(c, ".")
		if slices.Contains(have, c) || slices.Contains(have, top) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cols
	}
	return out
}

// Frame is the batch the last successful Reader.Next read.
func (r *Reader) Frame() *frame.Frame { return r.f }

// Err is the error that ended the batches, nil at the end of the dataset.
func (r *Reader) Err() error { return r.err }

// Schema is the schema of every batch.
func (r *Reader) Schema() *structured.Spec { return r.schema }

// NumFiles is the number of files the Reader reads (after pruning).
func (r *Reader) NumFiles() int { return len(r.p.files) }

// Close stops reading, waiting for the files being read to be closed;
// later calls to Next report false. Batches already returned stay valid.
func (r *Reader) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	r.stop()
	return nil
}

// stop ends the reading ahead and waits for the files to be closed.
func (r *Reader) stop() {
	if r.done != nil {
		close(r.done)
		r.wg.Wait()
		r.done = nil
	}
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }
