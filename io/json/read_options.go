package json

import (
	"io"

	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

// readConfig is what the reader options set.
type readConfig struct {
	spec        *structured.Spec
	columns     []string
	batchRows   int // rows per batch of a Reader; 0: DefaultBatchRows
	parallelism int // goroutines parsing; 0: GOMAXPROCS, at most 8
	blockBytes  int // bytes per block handed to a goroutine; 0: defaultBlockBytes
	build       []structured.Option
	firstBatch  int8             // WithSchemaFromFirstBatch: 1 true, -1 false, 0 not given (a Reader: false; Scan: true)
	inferRows   int              // WithInferSchemaLength: rows Scan samples; 0: DefaultInferSchemaLength; < 0: all
	frozen      *structured.Spec // the schema of a sample the rows are read against (Scan): see Builder.FreezeSchema
	maxDecomp   int64            // 0: sniff.DefaultMaxDecompressed; < 0: no bound
}

func defaultReadConfig() readConfig { return readConfig{} }

// DefaultBatchRows is the number of rows in each batch of a [Reader] unless
// [WithBatchSize] says otherwise: Arrow's and Polars' usual batch size.
const DefaultBatchRows = 65536

// defaultBlockBytes is the size of the pieces of input parsed on one
// goroutine each: large enough that starting a Builder per piece costs
// nothing, small enough that two cores share even small files.
const defaultBlockBytes = 1 << 20

// WithSpec makes a read check and convert every value against spec instead
// of inferring the schema: a field the Spec lacks or a value of another type
// is an error naming its path, line and offset. spec's rank must be at
// least 1 (its outer dimension counts the rows). Reading.
func WithSpec(spec *structured.Spec) Option {
	return func(c *config) { c.read.spec = spec }
}

// WithColumns reads only the given column paths ("title", "ingredients.name":
// a dotted path reaches into structures, through lists of structures) and
// skips every other key, still checking its syntax. Columns keep the order
// of the input. Reading.
func WithColumns(paths ...string) Option {
	return func(c *config) { c.read.columns = append([]string(nil), paths...) }
}

// WithBatchSize sets the number of rows in each batch of a [Reader] (the
// last may have fewer); n <= 0 means [DefaultBatchRows]. The one-call
// readers ([Read], [ReadFile]) make one batch of everything. Reading.
func WithBatchSize(n int) Option { return func(c *config) { c.read.batchRows = n } }

// WithParallelism sets how many goroutines parse the input: n <= 0 means
// GOMAXPROCS, at most 8 (the default); 1 parses on the calling goroutine
// only. Results and errors do not depend on it. NDJSON is cut at line ends
// and a top-level array between its elements; concatenated documents are
// read on one goroutine. Reading.
func WithParallelism(n int) Option { return func(c *config) { c.read.parallelism = n } }

// WithBuildOptions passes options to the structured.Builder that infers the
// schema and builds the columns: [structured.WithStrictKeys] (records of one
// path must have the same keys), [structured.WithMapThreshold] and
// [structured.WithMapAppearance] (when objects become map columns),
// [structured.WithConflicts] (a field holding numbers and strings kept as
// JSON text instead of an error), [structured.WithFieldOrder]. Reading.
func WithBuildOptions(opts ...structured.Option) Option {
	return func(c *config) { c.read.build = append(c.read.build, opts...) }
}

// WithStrict(true) makes a read refuse what the default (false) forgives:
// records of one path with different key sets (see
// [structured.WithStrictKeys]). Type conflicts are errors by default
// already. Reading.
func WithStrict(on bool) Option {
	return WithBuildOptions(structured.WithStrictKeys(on))
}

// WithSchemaFromFirstBatch(true) makes a [Reader] over a file take its
// schema from its first batch instead of reading the file twice (once to
// infer the schema over every row, once to build the batches, the default,
// false): faster, but a key or a type that first appears after the first
// batch is an error. Readers of a stream that cannot be read twice always
// do this. [Scan] takes its schema from its first rows (see
// WithInferSchemaLength) unless given false. Reading.
func WithSchemaFromFirstBatch(on bool) Option {
	return func(c *config) {
		c.read.firstBatch = -1
		if on {
			c.read.firstBatch = 1
		}
	}
}

// DefaultInferSchemaLength is the number of first rows [Scan] infers its
// schema from unless [WithInferSchemaLength] says otherwise: DuckDB's
// read_json sample size.
const DefaultInferSchemaLength = 20480

// WithInferSchemaLength sets the number of first rows [Scan] infers the
// schema of a query from, as Polars' infer_schema_length does: n <= 0
// means every row, inferred in a pass of its own before the query reads
// any (as WithSchemaFromFirstBatch(false)). A later row that does not
// fit the sampled schema makes the query run again on the whole file's
// (see Scan): a larger sample costs a longer first read, a smaller one
// risks that second run on files whose keys or types change late.
// Scanning.
func WithInferSchemaLength(n int) Option {
	return func(c *config) {
		c.read.inferRows = n
		if n <= 0 {
			c.read.inferRows = -1
		}
	}
}

// WithMaxDecompressed bounds the bytes a gzip or zstd input may
// decompress to (default 64 GiB; n <= 0: no bound). Compressed input is
// recognized by its magic number, whatever the file is called, and
// decompressed as it streams into the parser; past the bound reading stops
// with an error of cause [ErrTooLarge] naming the file, so that a
// decompression bomb costs bounded work. Reading.
func WithMaxDecompressed(n int64) Option {
	return func(c *config) {
		if n == 0 {
			n = -1
		}
		c.read.maxDecomp = n
	}
}

// open sniffs r: its text, decompressed if need be, or an error saying
// what it is instead.
func (c *config) open(r io.Reader) (*sniff.Input, error) {
	return sniff.Open(r, sniff.Options{Want: "JSON", MaxDecompressed: c.read.maxDecomp, Option: "json.WithMaxDecompressed", KeepNUL: true})
}

// Causes of errors about the input as a whole, to test with errors.Is.
var (
	// ErrNotText: the input is not JSON text but a binary format the
	// reader does not read (Parquet, Arrow, zip, xz, ...), recognized by
	// its magic number (a NUL byte in text is a *SyntaxError). The
	// message names what it looks like and what reads it: "looks like a
	// Parquet file, not JSON text; read it with io/parquet".
	ErrNotText = sniff.ErrNotText
	// ErrTooLarge: a gzip or zstd input decompresses to more bytes than
	// [WithMaxDecompressed] allows.
	ErrTooLarge = sniff.ErrTooLarge
)

// withBlockBytes sets the block size (tests use tiny blocks to put block
// boundaries everywhere).
func withBlockBytes(n int) Option { return func(c *config) { c.read.blockBytes = n } }
