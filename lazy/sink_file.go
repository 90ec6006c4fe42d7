package lazy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// SinkFile runs q and writes its batches as they come to the file at
// path, with the batch writer newWriter makes over it (the io packages'
// Sink functions give theirs: csv.Sink, json.Sink, ipc.Sink,
// parquet.Sink). The batches go to a temporary file beside path, renamed
// to path once complete: a failed or cancelled run leaves nothing at
// path, and a file already there is replaced only by a whole result.
func (q *Frame) SinkFile(ctx context.Context, path string, newWriter func(io.Writer) Writer, opts ...RunOption) (err error) {
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
	// Only its Write: a writer closing what it writes to (pqarrow's)
	// must leave the file to be synced and renamed.
	if err = q.Sink(ctx, newWriter(struct{ io.Writer }{tmp}), opts...); err != nil {
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
