package lazy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/structframe/structframe/internal/store"
)

// SinkFile runs q and writes its batches as they come to the file at
// path, with the batch writer newWriter makes over it (the io packages'
// Sink functions give theirs: csv.Sink, json.Sink, ipc.Sink,
// parquet.Sink). The batches go to a temporary file beside path, renamed
// to path once complete: a failed or cancelled run leaves nothing at
// path, and a file already there is replaced only by a whole result. A
// source whose schema came from a sample (SampledSource) that meets a
// row not fitting it runs again on the exact schema, the file written
// anew, as Collect does. path may be a URL (see package io/remote): the
// object is uploaded as the batches come and appears at its key only
// when complete.
func (q *Frame) SinkFile(ctx context.Context, path string, newWriter func(io.Writer) Writer, opts ...RunOption) (err error) {
	if store.IsURL(path) {
		return q.sinkObject(ctx, path, newWriter, opts)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.partial")
	if err != nil {
		return fmt.Errorf("sink: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	write := func(q *Frame) error {
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			return err
		}
		if err := tmp.Truncate(0); err != nil {
			return err
		}
		// Only its Write: a writer closing what it writes to (pqarrow's)
		// must leave the file to be synced and renamed.
		return q.Sink(ctx, newWriter(struct{ io.Writer }{tmp}), opts...)
	}
	err = write(q)
	if exact, ok := retry(ctx, q, err); ok {
		// A row past a sampled schema (see SampledSource): the file is
		// this run's own, so it is written again from its start.
		err = write(exact)
	}
	if err != nil {
		return err
	}
	if err = errors.Join(tmp.Chmod(0o644), tmp.Sync(), tmp.Close()); err != nil {
		return fmt.Errorf("sink: %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("sink: %w", err)
	}
	return nil
}

// sinkObject is SinkFile to a URL: the store's upload appears only when
// completed, so no temporary object is needed; a rerun on the exact
// schema starts a new upload.
func (q *Frame) sinkObject(ctx context.Context, path string, newWriter func(io.Writer) Writer, opts []RunOption) error {
	write := func(q *Frame) error {
		return store.WriteFile(ctx, path, func(w io.Writer) error {
			return q.Sink(ctx, newWriter(struct{ io.Writer }{w}), opts...)
		})
	}
	err := write(q)
	if exact, ok := retry(ctx, q, err); ok {
		err = write(exact)
	}
	return err
}
