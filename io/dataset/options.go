package dataset

import (
	"runtime"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

// Format is the file format of a dataset: every file of one dataset has
// the same one. A Format is a kind of the format registry (io/formats):
// the formats one io package reads, whose extensions it takes.
type Format uint8

const (
	// Auto takes the format from the files' extensions (reading) or writes
	// Parquet (writing).
	Auto Format = 0
	// Parquet: .parquet, .pq, .parq.
	Parquet = Format(formats.KindParquet)
	// IPC is Arrow IPC, file or stream: .arrow, .feather, .ipc, .arrows.
	IPC = Format(formats.KindIPC)
	// CSV: .csv, and .tsv and .tab read with a tab as the delimiter
	// (WithCSVOptions may give another); .txt is not taken by Auto.
	CSV = Format(formats.KindCSV)
	// JSON is NDJSON or a JSON array of records: .json, .ndjson, .jsonl.
	JSON = Format(formats.KindJSON)
)

// Existing says what Write does when the directory already holds files.
type Existing uint8

const (
	// ErrorIfExists refuses to write into a directory that holds any file
	// (the default, as pyarrow's existing_data_behavior="error"); an empty
	// or missing directory is fine.
	ErrorIfExists Existing = iota
	// Overwrite removes the directory and everything under it first, as
	// Spark's mode("overwrite").
	Overwrite
	// OverwritePartitions removes only the partition directories being
	// written (pyarrow's "delete_matching"); the others stay.
	OverwritePartitions
	// Append adds new files beside the existing ones, named so that no
	// file is replaced (part-N with the next free N).
	Append
)

// Option configures Read, Open and Write. Each option's doc says the side
// it concerns (Reading, Writing, or Reading and writing); the other side
// ignores it.
type Option func(*config)

type config struct {
	format     Format
	row        *formats.Format  // WithFileFormat's; nil: each file's extension's
	formatOpts []formats.Option // passed to the registry rows, both sides

	columns    []string
	filter     *frame.Expr
	hive       bool
	partStr    bool
	partTypes  map[string]arrow.DataType
	partBase   string
	parallel   int
	partitions []string
	existing   Existing
	basename   string

	comparisons []comparison // set by newPlan: WithFilter's, for row-group pruning
}

func newConfig(opts []Option) *config {
	c := &config{hive: true, parallel: runtime.GOMAXPROCS(0), basename: "part"}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	return c
}

// WithFormat sets the format instead of taking it from the extensions
// (reading) or instead of Parquet (writing). With a format given, a
// directory or glob still reads only the files with that format's
// extensions; a file named explicitly is read whatever its name. A file
// is read as its extension says within the format (a .tsv file with
// tabs), a file of another extension as the format's first in the
// registry (CSV, JSON, the Arrow IPC file format, Parquet), which is what
// Write writes (JSON as JSON lines, under .json). Both sides.
func WithFormat(f Format) Option { return func(c *config) { c.format, c.row = f, nil } }

// WithFileFormat sets the format as one of the format registry
// (io/formats): every file is read as f reads it (formats.TSV: with tabs,
// whatever the extension), among the files of its kind (WithFormat of
// f.Kind()), and Write writes f, with its first extension. Nil is Auto.
// Both sides.
func WithFileFormat(f *formats.Format) Option {
	return func(c *config) {
		c.format, c.row = Auto, f
		if f != nil {
			c.format = Format(f.Kind())
		}
	}
}

// WithFormatOptions passes options to the format registry's readers and
// writers (io/formats): formats.WithDottedColumns, say, or a package's
// options, as WithCSVOptions and the others pass them. Both sides, as
// each option says.
func WithFormatOptions(opts ...formats.Option) Option {
	return func(c *config) { c.formatOpts = append(c.formatOpts, opts...) }
}

// WithParquetOptions passes options to io/parquet's reader or writer (for
// example parquet.WithCompression on write). A parquet.WithRowGroupFilter
// given here holds with WithFilter's own predicates; its predicates name
// the files' columns, and a file without one of them (a partition column
// is in the directory names, not in the files) has no row group it keeps,
// as a column of nulls has none: the file is read without rows instead of
// failing with ErrNoColumn. Reading and writing.
func WithParquetOptions(opts ...parquet.Option) Option {
	return WithFormatOptions(formats.WithParquetOptions(opts...))
}

// WithIPCOptions passes options to io/ipc's reader or writer. Reading and writing.
func WithIPCOptions(opts ...ipc.Option) Option {
	return WithFormatOptions(formats.WithIPCOptions(opts...))
}

// WithCSVOptions passes options to io/csv's reader or writer (delimiter,
// null markers, types). Reading and writing.
func WithCSVOptions(opts ...csv.Option) Option {
	return WithFormatOptions(formats.WithCSVOptions(opts...))
}

// WithJSONOptions passes options to io/json's reader or writer (a
// json.WithFormat here writes another layout than JSON lines). Both
// sides.
func WithJSONOptions(opts ...json.Option) Option {
	return WithFormatOptions(formats.WithJSONOptions(opts...))
}

// WithColumns reads only the given columns: top-level names or dotted
// paths into structures, passed down to the Parquet, JSON and CSV readers
// so that the other columns are not decoded (an Arrow IPC file is mapped,
// so its other columns cost nothing and are dropped; IPC keeps whole
// top-level columns). Partition columns may be named too. The columns come
// in the order given. A file lacking one of them has nulls in its rows; a
// column no file has is an error. Reading.
func WithColumns(paths ...string) Option {
	return func(c *config) { c.columns = append([]string(nil), paths...) }
}

// WithFilter keeps the rows where pred is true (frame.Frame.Filter). The
// conjuncts of pred (its top-level And operands) that read partition
// columns only are evaluated on the partition values first, and the files
// of a partition they reject are never opened. In Parquet files, the
// conjuncts that compare a column with a constant (=, <, <=, >, >=, and
// an Or of = on one column, which is "in"; the column top-level or a
// dotted path into structures, not under a list) skip the row groups
// whose statistics rule them out (parquet.WithRowGroupFilter), as
// pyarrow, Polars and DuckDB prune them. The whole of pred is then
// applied to the rows read, the columns it reads being read even when
// WithColumns leaves them out (and dropped after). A column a file lacks is
// null in pred; a comparison is never true on a null, so a Parquet file
// without a compared column is read without rows (its columns still count
// in the schema). An aggregation in pred (Col("x").Max()) is evaluated over
// the whole dataset by Read (then nothing is pruned: the aggregation is
// over every row) and refused by Open. Reading.
func WithFilter(pred frame.Expr) Option { return func(c *config) { c.filter = &pred } }

// WithHive turns hive partition parsing on (the default) or off: with it,
// every directory named key=value between the dataset's base and a file
// adds the column key to that file's rows. Reading.
func WithHive(on bool) Option { return func(c *config) { c.hive = on } }

// WithPartitionStrings(true) reads every partition column as a string
// instead of inferring int64 where every value parses as an integer and
// float64 where every value is a decimal number, the default (false):
// "month=01" then stays "01". Reading.
func WithPartitionStrings(on bool) Option { return func(c *config) { c.partStr = on } }

// WithPartitionTypes gives the types of partition columns (others are
// inferred): any type frame.Expr.Cast makes from a string (integers,
// floats, bool, string). A value that does not parse is an error naming the
// directory. A key given here that no path has is a column of nulls.
// Reading.
func WithPartitionTypes(types map[string]arrow.DataType) Option {
	return func(c *config) {
		c.partTypes = make(map[string]arrow.DataType, len(types))
		for k, v := range types {
			c.partTypes[k] = v
		}
	}
}

// WithPartitionBase sets the directory under which key=value directories
// are partitions, for a list of files (default: their longest common
// directory) or a glob (default: the glob's directory without wildcards).
// Reading.
func WithPartitionBase(dir string) Option { return func(c *config) { c.partBase = dir } }

// WithParallelism bounds the files read (or written) at once (default
// GOMAXPROCS; 1 reads one after another). Reading and writing.
func WithParallelism(n int) Option { return func(c *config) { c.parallel = n } }

// WithPartitionBy writes one directory level per column, key=value, in the
// order given (Hive's layout), one file per distinct combination of
// values, the columns themselves left out of the files. Writing.
func WithPartitionBy(cols ...string) Option {
	return func(c *config) { c.partitions = append([]string(nil), cols...) }
}

// WithExisting says what Write does with a directory that holds files
// (default ErrorIfExists). Writing.
func WithExisting(e Existing) Option { return func(c *config) { c.existing = e } }

// WithBasename sets the name files are written under, before "-N" and the
// extension (default "part": part-0.parquet). Writing.
func WithBasename(name string) Option { return func(c *config) { c.basename = name } }
