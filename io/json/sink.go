package json

import (
	"context"
	"io"

	"github.com/structframe/structframe/lazy"
)

// Sink runs the query q and writes its rows to the file at path as they
// come (Polars' sink_ndjson): NDJSON for a path ending .ndjson or .jsonl,
// else a JSON array, unless WithFormat says; opts as for [NewWriter]. The
// file appears at path only when complete. With run options (a memory
// limit), call q.SinkFile with NewWriter.
func Sink(ctx context.Context, q *lazy.Frame, path string, opts ...Option) error {
	format, err := rowsFormat(makeConfig(opts).format, path)
	if err != nil {
		return err
	}
	opts = append(append([]Option(nil), opts...), WithFormat(format))
	return q.SinkFile(ctx, path, func(w io.Writer) lazy.Writer { return NewWriter(w, opts...) })
}
