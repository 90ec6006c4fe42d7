package ipc

import (
	"context"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// Scan makes a lazy query over the Arrow IPC file at path, read with
// opts (the options of Read) when the query runs, batch by batch; the
// columns the query does not use are dropped from each batch as it is
// read (a memory-mapped file never reads their pages), and a Head stops
// after its rows.
func Scan(path string, opts ...Option) *lazy.Frame {
	return lazy.Scan(lazy.ReaderSource(
		func(lazy.ScanSpec) []string { return []string{"ipc " + path} },
		func(ctx context.Context) (*frame.Frame, error) {
			return lazy.FirstBatchSchema(
				func() (lazy.BatchReader, error) { return openFile(ctx, path, opts) },
				func() (*frame.Frame, error) { return ReadFile(path, opts...) })
		},
		func(ctx context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			r, err := openFile(ctx, path, opts)
			if err != nil {
				return nil, err
			}
			return &projected{Reader: r, cols: spec.Columns}, nil
		}))
}

// projected is a Reader whose batches keep only cols (all when nil).
type projected struct {
	*Reader
	cols []string
	f    *frame.Frame
	err  error
}

func (p *projected) Next() bool {
	if p.err != nil || !p.Reader.Next() {
		return false
	}
	p.f = p.Reader.Frame()
	if p.cols != nil {
		p.f = p.f.Select(p.cols...)
		if p.err = p.f.Err(); p.err != nil {
			return false
		}
	}
	return true
}

func (p *projected) Frame() *frame.Frame { return p.f }

func (p *projected) Err() error {
	if p.err != nil {
		return p.err
	}
	return p.Reader.Err()
}
