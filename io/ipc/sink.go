package ipc

import (
	"context"
	"io"

	"github.com/structframe/structframe/lazy"
)

// Sink runs the query q and writes its rows to the file at path as an
// Arrow IPC file (Polars' sink_ipc), batch by batch as they come; opts
// as for [NewWriter]. The file appears at path only when complete. With
// run options (a memory limit), call q.SinkFile with NewWriter.
func Sink(ctx context.Context, q *lazy.Frame, path string, opts ...Option) error {
	return q.SinkFile(ctx, path, func(w io.Writer) lazy.Writer { return NewWriter(w, opts...) })
}
