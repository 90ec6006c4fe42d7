package dataset

import (
	"context"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// Scan makes a lazy query over a dataset (a file, a directory of files
// with hive partitions, or a glob, as Open takes src), read with opts
// when the query runs. The query's columns become WithColumns and its
// filters WithFilter: partitions whose values rule a filter out are
// never listed as files to read, and Parquet row groups whose statistics
// rule it out are never read.
func Scan(src string, opts ...Option) *lazy.Frame {
	return lazy.Scan(lazy.ReaderSource(
		func(lazy.ScanSpec) []string { return []string{"dataset " + src} },
		func(context.Context) (*frame.Frame, error) {
			r, err := Open(src, opts...)
			if err != nil {
				return nil, err
			}
			if r.stored() { // from the footers, no batch read
				defer r.Close()
				return r.empty, nil
			}
			return lazy.FirstBatchSchema(
				func() (lazy.BatchReader, error) { return r, nil },
				func() (*frame.Frame, error) { return Read(src, opts...) })
		},
		func(_ context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			o := append([]Option(nil), opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if len(spec.Filter) > 0 {
				pred := spec.Filter[0]
				for _, c := range spec.Filter[1:] {
					pred = pred.And(c)
				}
				o = append(o, WithFilter(pred))
			}
			return Open(src, o...)
		}))
}
