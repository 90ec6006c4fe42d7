package formats

import (
	"slices"

	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

// Option configures reading and writing. One list of options serves every
// format: each format takes what concerns it and ignores the rest, so that
// a caller passes the same list whatever the format turns out to be. Each
// option says which side it concerns.
//
// A format's own options come first (TSV's tab delimiter, the JSON
// array that JSON writes), then those this package derives from the
// options of every format (WithParallelism, WithBatchSize,
// WithDottedColumns), then the package's options given (WithCSVOptions,
// ...), which so win, and last the projection of WithColumns.
type Option func(*config)

// config is what the options set.
type config struct {
	csv     []csv.Option
	json    []json.Option
	ipc     []ipc.Option
	parquet []parquet.Option

	columns     []string // nil: every column
	batchRows   int      // 0: the reader's default
	parallelism int
	dotted      bool
}

func newConfig(opts []Option) *config {
	c := &config{}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	return c
}

// WithCSVOptions passes options to io/csv's reader or writer, for CSV and
// TSV (a delimiter given here replaces TSV's tab). Both sides.
func WithCSVOptions(opts ...csv.Option) Option {
	return func(c *config) { c.csv = append(c.csv, opts...) }
}

// WithJSONOptions passes options to io/json's reader or writer, for JSON
// and NDJSON (json.WithFormat given here replaces the one the format
// writes). Both sides.
func WithJSONOptions(opts ...json.Option) Option {
	return func(c *config) { c.json = append(c.json, opts...) }
}

// WithIPCOptions passes options to io/ipc's reader or writer, for the
// Arrow file and stream formats. Both sides.
func WithIPCOptions(opts ...ipc.Option) Option {
	return func(c *config) { c.ipc = append(c.ipc, opts...) }
}

// WithParquetOptions passes options to io/parquet's reader or writer.
// Both sides.
func WithParquetOptions(opts ...parquet.Option) Option {
	return func(c *config) { c.parquet = append(c.parquet, opts...) }
}

// WithColumns reads only the columns the paths name: top-level names or
// dotted paths into structures, passed to the readers that project (CSV,
// JSON, Parquet), which decode nothing else and treat a column the file
// lacks as they do. Arrow data is mapped, so its other columns cost
// nothing: the top-level columns the paths reach are kept whole, and a
// path the data lacks is left out. A later WithColumns replaces an
// earlier one; no paths at all reads every column. Reading.
func WithColumns(paths ...string) Option {
	return func(c *config) {
		c.columns = nil
		if len(paths) > 0 {
			c.columns = slices.Clone(paths)
		}
	}
}

// WithBatchSize makes the batch Readers of the text formats (NewReader,
// OpenFile) give at most n rows a batch, so that memory is bounded by a
// batch rather than by the input (0: the reader's default), as each text
// package's WithBatchSize does. An Arrow or Parquet input's batches are its
// record batches or row groups. Reading.
func WithBatchSize(n int) Option { return func(c *config) { c.batchRows = n } }

// WithParallelism sets how many goroutines decode one input, as each
// package's WithParallelism does (0, the default: one per core, over
// ranges of CSV and JSON text or Parquet columns). 1 decodes on one: for a
// caller that reads several inputs at once, the inputs being the parallel
// work. Reading.
func WithParallelism(n int) Option { return func(c *config) { c.parallelism = n } }

// WithDottedColumns lets the formats that hold no nesting (CSV, TSV)
// carry it as dotted columns. Writing, structure columns are written as
// one column per leaf named by its path ("recipe.title", as
// frame.Frame.Flatten makes them) and the lists left are written as JSON
// text; reading, dotted column names are put back together into
// structures (csv.WithNested). Off by default: nested columns are then an
// error to write, and dotted names stay names. The other formats hold
// nesting and ignore it. Both sides.
func WithDottedColumns(on bool) Option { return func(c *config) { c.dotted = on } }

// options is the options of one package for a format: the format's own
// first, then derived (from the options of every format), then the
// caller's, then the projection (nil when the package has none to give).
func options[O any](own, derived, given []O, projection O, hasProjection bool) []O {
	out := make([]O, 0, len(own)+len(derived)+len(given)+1)
	out = append(append(append(out, own...), derived...), given...)
	if hasProjection {
		out = append(out, projection)
	}
	return out
}
