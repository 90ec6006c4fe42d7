package parquet

import (
	"context"
	"fmt"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/lazy"
)

// Scan makes a lazy query over the Parquet file at path, read with opts
// (the options of Read) when the query runs, one row group at a time.
// The schema comes from the footer. The query reads only the column
// chunks of the columns and nested paths it uses (WithColumns:
// Col("user.id") reads that leaf of user); its filters' comparisons
// of a column with a constant (=, <, <=, >, >=) become row-group
// predicates (WithRowGroupFilter), so that row groups whose statistics
// rule them out are never read; a Head stops after its rows.
func Scan(path string, opts ...Option) *lazy.Frame {
	var (
		mu   sync.Mutex
		meta *Metadata
	)
	footer := func() (*Metadata, error) { // read once, by one query or several
		mu.Lock()
		defer mu.Unlock()
		if meta != nil {
			return meta, nil
		}
		m, err := Stats(path)
		if err == nil {
			meta = m
		}
		return m, err
	}
	// project is the schema of the batches of cols (columns or paths
	// into nested columns): that of the first row group read with them.
	project := func(ctx context.Context, cols []string) (*frame.Frame, error) {
		o := append(append([]Option(nil), opts...), WithColumns(cols...))
		return lazy.FirstBatchSchema(
			func() (lazy.BatchReader, error) { return openFile(ctx, path, o) },
			func() (*frame.Frame, error) { return ReadFile(path, o...) })
	}
	return lazy.Scan(lazy.Counted(lazy.PathReaderSource(
		func(spec lazy.ScanSpec) []string {
			lines := []string{"parquet " + path}
			m, err := footer()
			if err != nil {
				return lines
			}
			preds := scanPredicates(m.Schema, spec.Filter)
			if len(preds) > 0 {
				lines = append(lines, fmt.Sprintf("row-group predicates: %d, over %d row groups", len(preds), len(m.RowGroups)))
			}
			return lines
		},
		func(context.Context) (*frame.Frame, error) {
			m, err := footer()
			if err != nil {
				return nil, err
			}
			cols := make([]arrow.Array, m.Schema.NumFields())
			for i, f := range m.Schema.Fields() {
				b := array.NewBuilder(memory.DefaultAllocator, f.Type)
				cols[i] = b.NewArray()
				b.Release()
				defer cols[i].Release()
			}
			rec := array.NewRecordBatch(m.Schema, cols, 0)
			defer rec.Release()
			f := frame.FromRecordBatch(rec)
			return f, f.Err()
		},
		project,
		func(ctx context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			o := append([]Option(nil), opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if m, err := footer(); err == nil {
				if preds := scanPredicates(m.Schema, spec.Filter); len(preds) > 0 {
					o = append(o, WithRowGroupFilter(preds...))
				}
			}
			return openFile(ctx, path, o)
		}),
		func(context.Context) (int64, bool) { // the planner's statistics
			m, err := footer()
			if err != nil {
				return 0, false
			}
			return m.NumRows, true
		}))
}

// scanPredicates are the row-group predicates of a filter's conditions:
// each comparison of a top-level column with a constant of its kind
// (an integer with an integer column, a number with a float column, a
// string with a string column). The other conditions rule nothing out
// here; the query still applies every one to the rows read.
func scanPredicates(s *arrow.Schema, conds []frame.Expr) []Predicate {
	var preds []Predicate
	for _, c := range conds {
		for _, e := range c.Conjuncts() {
			i := e.Inspect()
			if len(i.Args) != 2 {
				continue
			}
			a, b := i.Args[0].Inspect(), i.Args[1].Inspect()
			op := i.Op
			if a.Op == "lit" && b.Op == "col" { // 3 < x is x > 3
				a, b = b, a
				op = map[string]string{"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq"}[op]
			}
			if a.Op != "col" || b.Op != "lit" {
				continue
			}
			idx := s.FieldIndices(a.Column)
			if len(idx) != 1 || !scanLiteralFits(s.Field(idx[0]).Type, b.Value) {
				continue
			}
			switch op {
			case "eq":
				preds = append(preds, Eq(a.Column, b.Value))
			case "lt":
				preds = append(preds, Lt(a.Column, b.Value))
			case "le":
				preds = append(preds, Le(a.Column, b.Value))
			case "gt":
				preds = append(preds, Gt(a.Column, b.Value))
			case "ge":
				preds = append(preds, Ge(a.Column, b.Value))
			}
		}
	}
	return preds
}

// scanLiteralFits reports whether a constant compares with a column of
// type dt in a row-group predicate.
func scanLiteralFits(dt arrow.DataType, v any) bool {
	f := dtype.Of(dt)
	switch v.(type) {
	case int, int64, int32:
		return f.Class == dtype.ClassSigned
	case float64:
		return f.Class == dtype.ClassFloat
	case string:
		return f.Class == dtype.ClassString
	}
	return false
}
