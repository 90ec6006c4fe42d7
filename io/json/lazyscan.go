package json

import (
	"context"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// Scan makes a lazy query over the JSON file at path (NDJSON or an
// array, as Read tells them apart), read with opts (the options of Read)
// when the query runs, in one pass: the schema is the first batch's
// (WithSchemaFromFirstBatch), as Polars' and DuckDB's scans infer it
// from the first rows, and a later row that does not fit it (a new key,
// another type) is an error naming its line. WithSchemaFromFirstBatch(false)
// in opts infers it over the whole file first (a second pass), WithSpec
// gives it. The query reads only the columns it uses (WithColumns: the
// tokenizer skips the others), and a Head stops reading after its rows.
func Scan(path string, opts ...Option) *lazy.Frame {
	return lazy.Scan(lazy.ReaderSource(
		func(lazy.ScanSpec) []string { return []string{"json " + path} },
		func(context.Context) (*frame.Frame, error) {
			// The first batch's schema: no pass over the whole file.
			r, err := OpenFile(path, append([]Option{WithSchemaFromFirstBatch(true)}, opts...)...)
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
			// The first batch's schema, unless opts say otherwise.
			o := append([]Option{WithSchemaFromFirstBatch(true)}, opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if spec.Limit >= 0 {
				o = append(o, WithBatchSize(max(spec.Limit, 1024)))
			}
			return OpenFile(path, o...)
		}))
}
