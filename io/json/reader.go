package json

import (
	"context"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

// Reader reads JSON rows batch by batch, so that an input larger than
// memory is processed with memory bounded by the batch size:
//
//	r, err := json.OpenFile("events.ndjson", json.WithBatchSize(100_000))
//	...
//	defer r.Close()
//	for r.Next() {
//		f := r.Frame() // the next 100,000 rows
//	}
//	if err := r.Err(); err != nil { ... }
//
// Every batch of one Reader has the same schema. A Reader over a file (or
// any io.ReadSeeker) infers it over the whole input first, reading it
// twice, unless [WithSpec] gives it or [WithSchemaFromFirstBatch] asks for
// the first batch's; a Reader of a stream that cannot be read twice takes
// the first batch's schema, and a row after it that does not fit (a new
// key, another type) is an error naming its line. Batches are parsed on
// every core as [Read] parses. A Reader is not safe for concurrent use.
type Reader struct {
	cfg     config
	src     io.Reader
	closer  io.Closer
	name    string       // the file's path (OpenFile), for errors
	in      *sniff.Input // src's text, decompressed if need be
	size    int64
	eng     *engine
	t       *structured.Tensor
	f       *frame.Frame
	err     error
	started bool
	closed  bool
}

// NewReader returns a Reader of r (see [Reader]); options as for [Read],
// with [WithBatchSize].
func NewReader(r io.Reader, opts ...Option) *Reader {
	c := makeConfig(opts)
	if c.read.batchRows <= 0 {
		c.read.batchRows = DefaultBatchRows
	}
	return &Reader{cfg: c, src: r, size: -1}
}

// OpenFile opens the file at path for a [Reader]; [Reader.Close] closes it.
func OpenFile(path string, opts ...Option) (*Reader, error) {
	return openFile(context.Background(), path, opts)
}

// openFile is OpenFile with the context that governs the requests of a
// file behind a URL (a scan's, so that cancelling the query stops them).
func openFile(ctx context.Context, path string, opts []Option) (*Reader, error) {
	f, err := store.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	r := NewReader(f, opts...)
	r.closer, r.name = f, store.Redact(path)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		r.size = st.Size()
	}
	return r, nil
}

// Next reads the next batch, reporting false at the end of the input or
// on an error ([Reader.Err] tells which).
func (r *Reader) Next() bool {
	if r.err != nil || r.closed {
		return false
	}
	if !r.started {
		r.started = true
		if err := r.start(); err != nil {
			r.fail(err)
			return false
		}
	}
	for {
		t, err := r.eng.next()
		if err != nil {
			r.fail(err)
			return false
		}
		if t == nil {
			r.t, r.f = nil, nil
			return false
		}
		if t.NumRows() == 0 {
			continue // an empty input: no batch
		}
		f := frame.FromTensor(t)
		if err := f.Err(); err != nil {
			r.fail(err)
			return false
		}
		r.t, r.f = t, f
		return true
	}
}

// fail stops the Reader with err, naming the file of OpenFile.
func (r *Reader) fail(err error) {
	if r.name != "" {
		err = fmt.Errorf("%s: %w", r.name, err)
	} else if !strings.HasPrefix(err.Error(), "json: ") {
		err = fmt.Errorf("json: %w", err)
	}
	r.err, r.t, r.f = err, nil, nil
}

// start infers the schema over the whole input when it can read it twice,
// then starts the batches.
func (r *Reader) start() error {
	c := r.cfg
	in, err := c.open(r.src)
	if err != nil {
		return err
	}
	r.in, r.src = in, in.Reader
	switch {
	case in.Format != sniff.Text:
		r.size = in.Size // a guess
	case r.size < 0:
		r.size = knownSize(r.src)
	}
	seeker, canSeek := r.src.(io.Seeker)
	if c.read.spec == nil && c.read.frozen == nil && c.read.firstBatch <= 0 && canSeek {
		at, err := seeker.Seek(0, io.SeekCurrent)
		if err == nil {
			spec, err := inferSpec(r.src, r.size, c)
			if err != nil {
				return err
			}
			if _, err := seeker.Seek(at, io.SeekStart); err != nil {
				return err
			}
			c.read.spec = spec
		}
	}
	e, err := newEngine(r.src, r.size, c)
	if err != nil {
		return err
	}
	e.waitSchema = e.spec == nil && e.frozen == nil
	r.eng = e
	return nil
}

// InputOffset is the bytes of input (decompressed) the batches read so
// far came from, as encoding/json's Decoder.InputOffset: a progress bar
// compares it with the file's size.
func (r *Reader) InputOffset() int64 {
	if r.eng == nil {
		return 0
	}
	return r.eng.consumed
}

// Frame is the batch the last successful [Reader.Next] read.
func (r *Reader) Frame() *frame.Frame { return r.f }

// Tensor is the rows of the batch the last successful [Reader.Next] read.
func (r *Reader) Tensor() *structured.Tensor { return r.t }

// Err is the error that ended the batches, nil at the end of the input.
func (r *Reader) Err() error { return r.err }

// Close stops reading (waiting for the goroutines parsing) and closes the
// file of [OpenFile].
func (r *Reader) Close() error {
	if r.eng != nil {
		r.eng.drain()
	}
	if r.in != nil {
		r.in.Close()
		r.in = nil
	}
	r.closed, r.t, r.f = true, nil, nil
	if r.closer != nil {
		c := r.closer
		r.closer = nil
		return c.Close()
	}
	return nil
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }
