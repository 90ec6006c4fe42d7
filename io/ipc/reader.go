package ipc

import (
	"context"
	"fmt"
	"io"
	"iter"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/structured"
)

// Reader reads Arrow IPC data record batch by record batch, each batch a
// Frame over the batch's buffers (no copy), so that an input larger than
// memory is processed with memory bounded by a batch:
//
//	r, err := ipc.OpenFile("events.arrow")
//	...
//	defer r.Close()
//	for r.Next() {
//		f := r.Frame() // the next record batch
//	}
//	if err := r.Err(); err != nil { ... }
//
// A Frame stays valid after the next batch and after Close (the memory it
// reads, mapped or not, is released once no value reads it). A Reader is
// not safe for concurrent use.
type Reader struct {
	cfg    config
	name   string // the file of OpenFile, which errors name
	src    source
	open   func() (source, error)
	t      *structured.Tensor
	f      *frame.Frame
	err    error
	i      int
	closed bool
	spec   *structured.Spec // Schema's, made once
}

// NewReader returns a Reader of r, in either layout (see [Read]).
func NewReader(r io.Reader, opts ...Option) *Reader {
	c := makeConfig(opts)
	return &Reader{cfg: c, open: func() (source, error) { return openReader(r, c) }}
}

// OpenFile opens the file at path for a [Reader], memory-mapped as
// [ReadFile] maps it; [Reader.Close] gives the mapping up.
func OpenFile(path string, opts ...Option) (*Reader, error) {
	return openFile(context.Background(), path, opts)
}

// openFile is OpenFile with the context that governs the requests of a
// file behind a URL (a scan's, so that cancelling the query stops them).
func openFile(ctx context.Context, path string, opts []Option) (*Reader, error) {
	c := makeConfig(opts)
	src, err := openPath(ctx, path, c)
	if err != nil {
		return nil, err
	}
	return &Reader{cfg: c, name: path, src: src}, nil
}

// start opens the input on first use.
func (r *Reader) start() bool {
	if r.src == nil && r.err == nil && r.open != nil {
		src, err := r.open()
		if err != nil {
			src = nil // not a nil *fileSource in the interface, which Close would call
		}
		r.src, r.err = src, err
		r.open = nil
	}
	return r.err == nil && r.src != nil
}

// ArrowSchema is the input's Arrow schema, with its key/value metadata; nil if
// the input could not be opened ([Reader.Err] says why). [Reader.Schema]
// is the Spec of the Frames read.
func (r *Reader) ArrowSchema() *arrow.Schema {
	if r.closed || !r.start() {
		return nil
	}
	return r.src.schema()
}

// Schema is the Spec of the Frames [Reader.Next] reads, as the other
// readers' Schema (dataset.Reader.Schema) and frame.Frame.Schema give it:
// the Frame's columns (a field "_index_" is its index, not a column) over
// no rows, "0 * {...}". It is nil if the input could not be opened or its
// schema is not one a Frame holds ([Reader.Err] says why then).
// [Reader.ArrowSchema] is the Arrow schema itself.
func (r *Reader) Schema() *structured.Spec {
	if r.spec != nil {
		return r.spec
	}
	sc := r.ArrowSchema()
	if sc == nil {
		return nil
	}
	spec, err := emptySpec(sc, r.cfg)
	if err != nil {
		r.err = r.named(err)
		return nil
	}
	r.spec = spec
	return spec
}

// emptySpec is the Spec of the Frame a record batch of schema sc without
// rows reads as, converted as every batch is.
func emptySpec(sc *arrow.Schema, c config) (spec *structured.Spec, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("ipc: schema %v: %v", sc, p)
		}
	}()
	b := array.NewRecordBuilder(c.mem, sc)
	defer b.Release()
	rec := b.NewRecordBatch()
	defer rec.Release()
	t, err := batchTensor(rec, 0, c, nil)
	if err != nil {
		return nil, err
	}
	f := frame.FromTensor(t)
	if err := f.Err(); err != nil {
		return nil, err
	}
	return f.Schema(), nil
}

// Next reads the next record batch, reporting false at the end of the
// input or on an error ([Reader.Err] tells which).
func (r *Reader) Next() bool {
	if r.closed || !r.start() {
		return false
	}
	r.t, r.f = nil, nil
	var t *structured.Tensor
	// A mapped file truncated under the Reader faults here: an error
	// (see ReadFile).
	end := false
	err := fault.Run(func() error {
		rec, err := r.src.next()
		if err != nil || rec == nil {
			end = true
			return err
		}
		defer rec.Release()
		t, err = batchTensor(rec, r.i, r.cfg, r.src.owner())
		r.i++
		return err
	})
	if err != nil || end {
		r.err = r.named(err)
		return false
	}
	f := frame.FromTensor(t)
	if err := f.Err(); err != nil {
		r.err = err
		return false
	}
	r.t, r.f = t, f
	return true
}

// named prefixes err with the file's name, if the Reader has one.
func (r *Reader) named(err error) error {
	if err == nil || r.name == "" {
		return err
	}
	return fmt.Errorf("%s: %w", r.name, err)
}

// Frame is the batch the last successful [Reader.Next] read.
func (r *Reader) Frame() *frame.Frame { return r.f }

// Tensor is the rows of the batch the last successful [Reader.Next] read.
func (r *Reader) Tensor() *structured.Tensor { return r.t }

// Err is the error that ended the batches, nil at the end of the input.
func (r *Reader) Err() error { return r.err }

// Close stops reading and gives up the input (the file of [OpenFile], its
// mapping once no value reads it). Frames read stay valid.
func (r *Reader) Close() error {
	if r.src != nil {
		r.src.close()
		r.src = nil
	}
	r.closed, r.t, r.f, r.open = true, nil, nil, nil
	return nil
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }
