package json

import (
	"context"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// Scan makes a lazy query over the JSON file at path (NDJSON or an
// array, as Read tells them apart), read with opts (the options of Read)
// when the query runs. The query reads only the columns and nested paths
// it uses (WithColumns: the tokenizer skips the others), and a Head stops
// reading after its rows, taking the schema of the first batch (as
// WithSchemaFromFirstBatch) instead of a first pass over the whole file.
func Scan(path string, opts ...Option) *lazy.Frame {
	return lazy.Scan(lazy.ReaderSource(
		func(lazy.ScanSpec) []string { return []string{"json " + path} },
		func(context.Context) (*frame.Frame, error) {
			r, err := OpenFile(path, opts...)
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
			f, err := ReadFile(path, opts...)
			if err != nil {
				return nil, err
			}
			return f.Head(0), nil
		},
		func(_ context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			o := append([]Option(nil), opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if spec.Limit >= 0 {
				o = append(o, WithSchemaFromFirstBatch(true), WithBatchSize(max(spec.Limit, 1024)))
			}
			return OpenFile(path, o...)
		}))
}
