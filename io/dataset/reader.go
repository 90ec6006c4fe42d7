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
	"github.com/structframe/structframe/structured"
)

// Reader reads a dataset batch by batch: a file, or a row group of a
// Parquet file, a record batch of an IPC file, a batch of a CSV or JSON
// file, at a time, so that memory is bounded by one batch whatever the
// dataset's size:
//
//	r, err := dataset.Open("events/", dataset.WithFilter(frame.Col("year").Eq(frame.Lit(2024))))
//	...
//	defer r.Close()
//	for r.Next() {
//		f := r.Frame()
//	}
//	if err := r.Err(); err != nil { ... }
//
// Every batch has the same columns (Reader.Schema): Open reads every
// file's schema first, from the footer of a Parquet file and the header of
// an IPC file, and by the reader's type inference for CSV and JSON (which
// reads those files once more), and unions them as Read does. Batches the
// filter empties are skipped. A Reader is not safe for concurrent use.
type Reader struct {
	p          *plan
	unified    *frame.Frame // the files' columns, without rows
	unifiedKey string
	heads      []*frame.Frame // each file's columns, without rows
	schema     *structured.Spec
	i          int
	cur        source
	f          *frame.Frame
	err        error
	closed     bool
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
	if r.unified, err = p.unifyHeads(heads); err != nil {
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
	r.schema = s.Schema()
	return r, nil
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
				f, err := p.ops.schema(p.c, p.files[i].path, p.readCols)
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
	for !r.closed && r.err == nil {
		if r.cur == nil {
			if r.i >= len(r.p.files) {
				return false
			}
			src, err := r.p.ops.open(r.p.c, r.p.files[r.i].path, r.fileCols(r.i))
			if err != nil {
				r.err = &Error{Op: "Open", Path: r.p.files[r.i].path, Err: err}
				return false
			}
			r.cur = src
		}
		t := &r.p.files[r.i]
		if !r.cur.Next() {
			err := r.cur.Err()
			if cerr := r.cur.Close(); err == nil {
				err = cerr
			}
			r.cur = nil
			if err != nil {
				r.err = &Error{Op: "Next", Path: t.path, Err: err}
				return false
			}
			r.i++
			continue
		}
		f := r.cur.Frame()
		if r.p.ops.untyped {
			f = nullify(f)
		}
		f = r.align(r.p.dropKeys(f))
		f = r.p.finish(f, t, true)
		if f.Err() == nil && f.NumRows() == 0 {
			continue
		}
		if f.Err() == nil {
			cols, err := r.p.order(f.Columns())
			if err != nil {
				r.err = &Error{Op: "Next", Path: t.path, Err: err}
				return false
			}
			f = f.Select(cols...)
		}
		if err := f.Err(); err != nil {
			r.err = &Error{Op: "Next", Path: t.path, Err: err}
			return false
		}
		r.f = f
		return true
	}
	return false
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

// Close closes the file being read; later calls to Next report false.
func (r *Reader) Close() error {
	r.closed = true
	if r.cur == nil {
		return nil
	}
	err := r.cur.Close()
	r.cur = nil
	return err
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }
