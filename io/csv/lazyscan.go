package csv

import (
	"context"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// Scan makes a lazy query over the CSV file at path, read with opts (the
// options of Read) when the query runs. The query reads only the columns
// it uses (WithColumns), and a Head stops reading after its rows: then
// the types come from the rows read, as Polars' scan_csv infers them from
// the first rows, where Read infers them over the whole file.
func Scan(path string, opts ...Option) *lazy.Frame {
	return lazy.Scan(lazy.ReaderSource(
		func(spec lazy.ScanSpec) []string {
			return []string{"csv " + path}
		},
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
			f, err := ReadFile(path, opts...) // no row: the header's columns
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
				// A head: one pass, the types of the first batch.
				o = append(o, WithSchemaFromFirstBatch(true), WithBatchSize(max(spec.Limit, 1024)))
			}
			return OpenFile(path, o...)
		}))
}
