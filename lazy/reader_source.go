package lazy

import (
	"context"
	"iter"
	"sync"

	"github.com/structframe/structframe/frame"
)

// BatchReader is the batch Reader of an io package (csv.Reader,
// json.Reader, ipc.Reader, parquet.Reader).
type BatchReader interface {
	Next() bool
	Frame() *frame.Frame
	Err() error
	Close() error
}

// ReaderSource makes a Source of a batch reader: open starts one for a
// ScanSpec (with the reader's options for its columns, filter and limit
// set from it), schema gives the source's columns (asked once, then
// remembered), describe is Explain's lines. It is what the io packages'
// Scan functions are built on.
func ReaderSource(describe func(ScanSpec) []string, schema func(context.Context) (*frame.Frame, error), open func(context.Context, ScanSpec) (BatchReader, error)) Source {
	return &readerSource{describe: describe, schema: schema, open: open}
}

type readerSource struct {
	describe func(ScanSpec) []string
	schema   func(context.Context) (*frame.Frame, error)
	open     func(context.Context, ScanSpec) (BatchReader, error)

	once sync.Once
	f    *frame.Frame
	err  error
}

func (s *readerSource) Schema(ctx context.Context) (*frame.Frame, error) {
	s.once.Do(func() { s.f, s.err = s.schema(ctx) })
	return s.f, s.err
}

func (s *readerSource) Describe(spec ScanSpec) []string { return s.describe(spec) }

func (s *readerSource) Open(ctx context.Context, spec ScanSpec) (iter.Seq2[*frame.Frame, error], error) {
	r, err := s.open(ctx, spec)
	if err != nil {
		return nil, err
	}
	stats := runOf(ctx).stats
	offset, counts := r.(interface{ InputOffset() int64 })
	return func(yield func(*frame.Frame, error) bool) {
		// The reader reads the next batch on a goroutine of its own
		// while the steps above work on this one: what the reader does
		// on the calling goroutine (merging the parsers' pieces, making
		// the batch) no longer waits for the steps, nor they for it.
		type batch struct {
			f   *frame.Frame
			err error
		}
		next := make(chan batch, 1)
		stop := make(chan struct{})
		go func() {
			// The goroutine owns the reader and closes it: a consumer
			// that stops does not wait for a Next under way (a pipe's may
			// wait for data that never comes).
			defer r.Close()
			defer close(next)
			var at int64
			for r.Next() {
				if counts {
					now := offset.InputOffset()
					stats.InputBytes.Add(now - at)
					at = now
				}
				select {
				case next <- batch{f: r.Frame()}:
				case <-stop:
					return
				}
			}
			if err := r.Err(); err != nil {
				select {
				case next <- batch{err: err}:
				case <-stop:
				}
			}
		}()
		defer close(stop)
		for b := range next {
			if !yield(b.f, b.err) || b.err != nil {
				return
			}
		}
	}, nil
}

// FirstBatchSchema is a schema for a Source: the columns of a reader's
// first batch (its rows dropped), or, when the input gives no batch, of
// what read makes of it (an empty file's columns).
func FirstBatchSchema(open func() (BatchReader, error), read func() (*frame.Frame, error)) (*frame.Frame, error) {
	r, err := open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if r.Next() {
		return r.Frame().Head(0), nil
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	f, err := read()
	if err != nil {
		return nil, err
	}
	return f.Head(0), nil
}

// PathReaderSource is ReaderSource for a reader that takes dotted paths
// into nested columns (see PathSource); project gives the schema of the
// batches read with such columns.
func PathReaderSource(describe func(ScanSpec) []string, schema func(context.Context) (*frame.Frame, error),
	project func(context.Context, []string) (*frame.Frame, error), open func(context.Context, ScanSpec) (BatchReader, error)) Source {
	return &pathSource{readerSource: &readerSource{describe: describe, schema: schema, open: open}, project: project}
}

type pathSource struct {
	*readerSource
	project func(context.Context, []string) (*frame.Frame, error)
}

func (s *pathSource) ProjectedSchema(ctx context.Context, cols []string) (*frame.Frame, error) {
	return s.project(ctx, cols)
}

// Counted makes a RowCounter of s, whose RowCount is count (a Parquet
// footer's rows); s may be a PathSource (the result then is one too).
func Counted(s Source, count func(context.Context) (int64, bool)) Source {
	if p, ok := s.(PathSource); ok {
		return &countedPath{PathSource: p, count: count}
	}
	return &counted{Source: s, count: count}
}

type counted struct {
	Source
	count func(context.Context) (int64, bool)
}

func (s *counted) RowCount(ctx context.Context) (int64, bool) { return s.count(ctx) }

type countedPath struct {
	PathSource
	count func(context.Context) (int64, bool)
}

func (s *countedPath) RowCount(ctx context.Context) (int64, bool) { return s.count(ctx) }
