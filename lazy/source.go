package lazy

import (
	"context"
	"iter"

	"github.com/structframe/structframe/frame"
)

// Source is what a scan reads: a file or a dataset, through the io
// package that knows its format. Each io package makes one for its Scan.
type Source interface {
	// Schema is a frame of no rows with the columns Open will give
	// without a projection: their names, types and nesting. It reads no
	// more than a format needs for it (a Parquet or Arrow footer, the
	// first rows of a CSV or NDJSON file).
	Schema(ctx context.Context) (*frame.Frame, error)
	// Open reads the source as batches under what the plan pushed into
	// it (spec). The batches hold spec.Columns when set (in the source's
	// order); rows spec.Filter rules out may be left out or not (the
	// plan filters again), and reading may stop after spec.Limit rows.
	Open(ctx context.Context, spec ScanSpec) (iter.Seq2[*frame.Frame, error], error)
	// Describe says in a few words what the source is and what it will
	// read under spec, for Explain: "csv /data/x.csv", "row groups: 3 of
	// 12 kept".
	Describe(spec ScanSpec) []string
}

// ScanSpec is what a plan pushes into a scan.
type ScanSpec struct {
	// Columns are the top-level columns, or dotted paths to nested
	// fields, that the plan reads; nil reads every column.
	Columns []string
	// Filter holds the conditions (conjuncts) every kept row meets; a
	// source may use them to skip what cannot match (row groups by their
	// statistics, partitions by their values, rows it filters itself).
	Filter []frame.Expr
	// Limit is the rows the plan needs at most, counted after Filter when
	// Filter is empty; -1 for all.
	Limit int
}

// Writer is a batch writer of the io packages (csv.NewWriter,
// json.NewWriter, ipc.NewWriter, parquet.NewWriter): what Sink writes to.
type Writer interface {
	Write(f *frame.Frame) error
	Close() error
}

// PathSource is a Source whose reader takes dotted paths into nested
// columns in ScanSpec.Columns ("user.id", "items.price" under a list),
// keeping their nesting (a struct of the fields read): a query reading
// one field of a wide nested column reads only it.
type PathSource interface {
	Source
	// ProjectedSchema is the schema of Open's batches for those columns.
	ProjectedSchema(ctx context.Context, cols []string) (*frame.Frame, error)
}
