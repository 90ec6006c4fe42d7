package csv

import (
	"context"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
	"github.com/structframe/structframe/structured"
)

// Scan makes a lazy query over the CSV file at path, read with opts (the
// options of Read) when the query runs. The column types are inferred
// over the whole file once (as Read infers them, a pass that splits and
// classifies but keeps nothing); the query then reads the file in one
// pass with those types (WithTypes) and only the columns it uses
// (WithColumns). A Head stops reading after its rows and types them from
// the rows it reads, as Polars' scan_csv infers types from the first
// rows.
func Scan(path string, opts ...Option) *lazy.Frame {
	var (
		once   sync.Once
		schema *frame.Frame
		err    error
	)
	whole := func() (*frame.Frame, error) {
		once.Do(func() {
			schema, err = lazy.FirstBatchSchema(
				func() (lazy.BatchReader, error) { return OpenFile(path, opts...) },
				func() (*frame.Frame, error) { return ReadFile(path, opts...) })
		})
		return schema, err
	}
	return lazy.Scan(lazy.ReaderSource(
		func(lazy.ScanSpec) []string { return []string{"csv " + path} },
		func(context.Context) (*frame.Frame, error) { return whole() },
		func(ctx context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			o := append([]Option(nil), opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if spec.Limit >= 0 {
				// A head: one pass, the types of the first batch.
				return openFile(ctx, path, append(o, WithSchemaFromFirstBatch(true), WithBatchSize(max(spec.Limit, 1024))))
			}
			if s, err := whole(); err == nil {
				if types := scanTypes(s); types != nil {
					o = append(o, WithTypes(types)) // known: no second inference pass
				}
			}
			return openFile(ctx, path, o)
		}))
}

// scanTypes are the types of a schema's top-level leaf columns, or nil
// when one is not a leaf.
func scanTypes(s *frame.Frame) map[string]arrow.DataType {
	types := map[string]arrow.DataType{}
	for _, name := range s.Columns() {
		c, err := s.Column(name)
		if err != nil {
			return nil
		}
		l, ok := c.Value().(structured.Leaf)
		if !ok {
			return nil
		}
		types[name] = l.DataType()
	}
	return types
}
