package ipc

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/arrowspec"
	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/structured"
)

// Read reads Arrow IPC data from r into a Frame: the file format or the
// stream format, told apart by the file format's magic unless [WithFormat]
// says which. Columns keep their Arrow types (dictionaries too, unless
// [WithDecodeDictionaries]); a column "_index_", as [Write] writes it,
// becomes the Frame's index. The rows of every record batch follow each
// other: one batch is shared without copying; the pieces of a column of
// several batches are joined (copied) when the column is first read
// ([structured.Concat]), so columns never read are never copied. A
// file-format input is read whole into memory and its buffers are shared
// in place. Malformed input is an error naming the
// record batch; no partial Frame is returned.
func Read(r io.Reader, opts ...Option) (*frame.Frame, error) {
	t, err := ReadTensor(r, opts...)
	if err != nil {
		return nil, err
	}
	return toFrame(t)
}

// ReadFile is [Read] of the file at path. A file in the file format is
// memory-mapped (unless [WithMmap](false)) and read without copying: the
// Frame's buffers point into the mapping, which stays mapped while any
// value reads it (see the package doc), so a one-batch file of any size
// opens in the same time.
//
// A mapped file must not be truncated or rewritten in place while a
// Frame over it is in use (replacing it by a rename is safe: the mapping
// keeps the old file). If another process truncates it, the next read of
// a page past the new end raises SIGBUS: during ReadFile itself (and
// [Reader.Next]) the fault is an error (a *[FaultError]), as it is on
// every goroutine the library starts; on the caller's own goroutines, which read the
// Frame afterwards (printing it, converting it, computing over it), it
// kills the process as Go does, unless that goroutine has called
// debug.SetPanicOnFault(true), which turns it into a panic of a
// runtime.Error with an Addr method that can be recovered. A long-lived
// service reading files it does not own should read them with
// WithMmap(false): the Frame then holds a copy and no longer reads the
// file. Two cases copy: the columns of a file of
// several record batches, each when first read (as [Read] joins them;
// read it batch by batch with [OpenFile] to share every batch), and a file with dictionary columns
// (arrow-go v18.8.0's mapped reader cannot read dictionaries: such a file
// is read through its ordinary reader, which copies each batch out of the
// mapping).
func ReadFile(path string, opts ...Option) (*frame.Frame, error) {
	t, err := ReadTensorFile(path, opts...)
	if err != nil {
		return nil, err
	}
	return toFrame(t)
}

// FaultError is the error of a memory fault while reading a
// memory-mapped file, most often because another process truncated or
// rewrote the file in place while a Frame over it was in use: a read of
// the mapping past the file's new end raised SIGBUS, caught (see
// [ReadFile]). Its Addr is the address that faulted.
type FaultError = fault.Error

// ReadTensor is [Read] returning the rank-1 Tensor of the rows, the index
// column "_index_" as a field.
func ReadTensor(r io.Reader, opts ...Option) (*structured.Tensor, error) {
	c := makeConfig(opts)
	src, err := openReader(r, c)
	if err != nil {
		return nil, err
	}
	defer src.close()
	return readAll(src, c)
}

// ReadTensorFile is [ReadTensor] of the file at path, as [ReadFile] reads
// it.
func ReadTensorFile(path string, opts ...Option) (*structured.Tensor, error) {
	c := makeConfig(opts)
	var t *structured.Tensor
	err := fault.Run(func() error {
		src, err := openPath(context.Background(), path, c)
		if err != nil {
			return err
		}
		defer src.close()
		t, err = readAll(src, c)
		if err != nil {
			return store.Wrap(path, err)
		}
		return nil
	})
	if fe := (*fault.Error)(nil); errors.As(err, &fe) {
		return nil, store.Wrap(path, err)
	}
	return t, err
}

// readAll reads every batch of src into one Tensor.
func readAll(src source, c config) (*structured.Tensor, error) {
	var recs []arrow.RecordBatch
	defer func() {
		for _, r := range recs {
			r.Release()
		}
	}()
	for {
		rec, err := src.next()
		if err != nil {
			return nil, err
		}
		if rec == nil {
			break
		}
		recs = append(recs, rec)
	}
	switch len(recs) {
	case 0:
		return emptyTensor(src.schema(), c)
	case 1:
		return batchTensor(recs[0], 0, c, src.owner())
	}
	ts := make([]*structured.Tensor, len(recs))
	for i, rec := range recs {
		t, err := batchTensor(rec, i, c, src.owner())
		if err != nil {
			return nil, err
		}
		ts[i] = t
	}
	// Concat shares every batch's buffers and joins a field's pieces only
	// when the field is first read, so a mapped file of many batches opens
	// in the time of one.
	t, err := structured.Concat(0, ts...)
	if err != nil {
		return nil, fmt.Errorf("ipc: joining %d record batches: %w", len(recs), err)
	}
	return t, nil
}

// batchTensor converts record batch i, sharing its buffers; owner, if not
// nil, is the mapping the batch's buffers are uncounted views into.
func batchTensor(rec arrow.RecordBatch, i int, c config, owner *memory.Buffer) (*structured.Tensor, error) {
	if !c.noValidate {
		if err := batch.CheckRecord(rec); err != nil {
			return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
		}
	}
	if c.decodeDict {
		dec, err := decodeRecord(rec)
		if err != nil {
			return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
		}
		defer dec.Release()
		rec = dec
	}
	var t *structured.Tensor
	var err error
	if owner != nil {
		t, err = structured.FromMappedRecordBatch(rec, owner)
	} else {
		t, err = structured.FromRecordBatch(rec)
	}
	if err != nil {
		return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
	}
	if note, ok := rec.Schema().Metadata().GetValue(arrowspec.Key); ok {
		if t, err = arrowspec.Restore(t, note); err != nil {
			return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
		}
	}
	if !c.noValidate {
		if err := t.Validate(); err != nil {
			return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
		}
	}
	return t, nil
}

// emptyTensor is the Tensor of no rows of schema, for an input without
// record batches.
func emptyTensor(schema *arrow.Schema, c config) (*structured.Tensor, error) {
	cols := make([]arrow.Array, schema.NumFields())
	for i, f := range schema.Fields() {
		cols[i] = array.MakeArrayOfNull(c.mem, f.Type, 0)
		defer cols[i].Release()
	}
	rec := array.NewRecordBatch(schema, cols, 0)
	defer rec.Release()
	return batchTensor(rec, 0, c, nil)
}

// toFrame makes the Frame of the rows read, with the index "_index_" holds.
func toFrame(t *structured.Tensor) (*frame.Frame, error) {
	f := frame.FromTensor(t)
	if err := f.Err(); err != nil {
		return nil, err
	}
	return f, nil
}
