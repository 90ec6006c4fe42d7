package csv

import (
	"runtime"

	"github.com/apache/arrow-go/v18/arrow"
)

// Option configures reading and writing. Each option's doc says the side
// it concerns (Reading, Writing, or Reading and writing); the other side
// ignores it, so one option list can serve a read and the write that
// follows.
type Option func(*config)

// config is what the options set, for both sides.
type config struct {
	delim   byte
	quote   byte // 0: no quoting
	comment byte // 0: none
	header  bool
	badOpt  string // the first invalid option, reported by Read and Write

	// reading
	nulls       []string
	nullsSet    bool
	types       map[string]arrow.DataType
	columns     []string
	strict      bool
	padRows     bool
	nested      NestedMode // WithNested, both sides
	indexCols   []string   // WithIndexColumns, both sides
	indexSet    bool       // WithIndexColumns was given (with no names: writing leaves the index out)
	parallelism int
	batchRows   int
	firstBatch  bool // WithSchemaFromFirstBatch
	maxColumns  int
	chunkBytes  int  // test hook: the size of a parallel chunk
	twoPass     bool // test hook: readAll makes the two passes without trying one
	sampleRows  int  // test hook: records of the one pass's sample (0: sampleRows)
	encoding    Encoding
	maxDecomp   int64  // 0: sniff.DefaultMaxDecompressed; < 0: no bound
	mapping     []byte // ReadFile: the file mapped, whose pages a read may drop once read (mmapfile.Drop)

	// writing
	unquotable string // a field written unquoted that needed quotes
	started    bool   // the output has a record already: no field is its first bytes
}

func makeConfig(opts []Option) config {
	c := config{
		delim:       ',',
		quote:       '"',
		header:      true,
		nulls:       []string{""},
		parallelism: runtime.GOMAXPROCS(0),
		batchRows:   64 << 10,
		maxColumns:  1 << 16,
	}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

// WithDelimiter sets the field separator, one ASCII byte other than the
// quote, '\r' and '\n' (default ','). Reading and writing.
func WithDelimiter(d byte) Option {
	return func(c *config) {
		if d == '\n' || d == '\r' || d >= 0x80 {
			c.bad("WithDelimiter: %q cannot separate fields", d)
			return
		}
		c.delim = d
	}
}

// WithQuote sets the quote byte (default '"'); 0 turns quoting off, so a
// quote is an ordinary byte. Inside a quoted field a doubled quote stands
// for one, as RFC 4180 says. Reading and writing.
func WithQuote(q byte) Option {
	return func(c *config) {
		if q == '\n' || q == '\r' || q >= 0x80 {
			c.bad("WithQuote: %q cannot quote fields", q)
			return
		}
		c.quote = q
	}
}

// WithComment sets a byte that, at the start of a line, makes the line a
// comment that is skipped (default: none). Reading.
func WithComment(ch byte) Option {
	return func(c *config) {
		if ch == '\n' || ch == '\r' || ch >= 0x80 {
			c.bad("WithComment: %q cannot start a comment", ch)
			return
		}
		c.comment = ch
	}
}

// WithHeader says whether the first record names the columns (default
// true). Reading: without a header the columns are named column_1,
// column_2, ... as Polars names them. Writing: whether to write the names.
func WithHeader(h bool) Option { return func(c *config) { c.header = h } }

// PandasNullValues are the cells pandas' read_csv reads as missing by
// default (its na_values): the empty cell, NA, N/A, n/a, NULL, null,
// None, NaN, nan, <NA>, #N/A and the like. Pass them to [WithNullValues]
// to read a CSV file as pandas does; the default is DuckDB's, only the
// empty cell.
var PandasNullValues = []string{"", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan",
	"1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"}

// WithNullValues sets the text of a null cell. Reading: a cell equal to
// one of markers is null (default: only the empty cell, as DuckDB reads
// CSV; NA, N/A, null, NULL, nan and the like are strings, or floats for
// nan). [PandasNullValues] is the list pandas' read_csv takes for missing:
// WithNullValues(csv.PandasNullValues...) reads as pandas does. A
// quoted cell is never null: `""` is an empty string, which is how [Write]
// keeps empty strings apart from nulls. "NaN" is not a null marker by
// default: it reads as the float NaN, so that a float column's NaNs
// survive a round trip; add it here to read it as missing, as pandas does.
// Writing: a null is written as the first marker (default, and with no
// markers: the empty cell), and a string equal to any marker is quoted,
// so that it reads back as the string. Reading and writing.
func WithNullValues(markers ...string) Option {
	return func(c *config) {
		c.nulls = append([]string(nil), markers...)
		c.nullsSet = true
	}
}

// WithTypes fixes the type of the named columns instead of inferring it:
// int8/16/32/64, uint8/16/32/64, float32/64, bool, string, large_string,
// date32 or a timestamp of any unit and zone. A cell that does not parse
// as its column's type is a *ParseError naming its line and column.
// Columns not named are inferred. Reading.
func WithTypes(types map[string]arrow.DataType) Option {
	return func(c *config) {
		if c.types == nil {
			c.types = make(map[string]arrow.DataType, len(types))
		}
		for k, v := range types {
			c.types[k] = v
		}
	}
}

// WithColumns reads only the named columns (header names, dotted ones as
// they are written, "addr.city"), in file order; the other fields are
// split but neither converted nor stored. A name not in the header is an
// error. Reading.
func WithColumns(names ...string) Option {
	return func(c *config) { c.columns = append([]string(nil), names...) }
}

// WithStrict rejects what the default reader tolerates: a quote inside an
// unquoted field (`a"b`) and invalid UTF-8 in a string cell. Reading.
func WithStrict(strict bool) Option { return func(c *config) { c.strict = strict } }

// WithPadRows pads a record with fewer fields than the header with nulls
// instead of failing (the default is a *ParseError naming the line). A
// record with more fields is always an error: its extra fields would be
// lost. Reading.
func WithPadRows(pad bool) Option { return func(c *config) { c.padRows = pad } }

// WithIndexColumns names the columns of the file that hold the frame's
// index. Reading: the named columns become the index (frame.SetIndex: one
// gives a label index, several a MultiIndex); without the option the
// frame has a range index. Writing: the index levels are the leading
// columns, named by names, one per level (another count is an ErrOption
// error); with no names the index is not written. Without the option,
// writing puts a label index or MultiIndex under its level names (a range
// index is never written). One option list thus writes an indexed frame
// and reads it back with its index. Reading and writing.
func WithIndexColumns(names ...string) Option {
	return func(c *config) { c.indexCols, c.indexSet = append([]string(nil), names...), true }
}

// WithParallelism sets how many goroutines parse the input (default
// GOMAXPROCS); 1 parses serially. Reading.
func WithParallelism(n int) Option {
	return func(c *config) {
		if n < 1 {
			n = 1
		}
		c.parallelism = n
	}
}

// WithSchemaFromFirstBatch(true) makes a [Reader] over a file take its
// column types from its first batch instead of a first pass over the
// whole file (the default, false), as it does for input it cannot read
// twice: faster to start, but a later cell that does not fit its
// column's type is a *ParseError naming its line and column. Reading
// with a Reader.
func WithSchemaFromFirstBatch(on bool) Option { return func(c *config) { c.firstBatch = on } }

// WithBatchSize sets how many rows a [Reader] batch holds (default 65536;
// the last batch may hold fewer). Reading with a Reader.
func WithBatchSize(rows int) Option {
	return func(c *config) {
		if rows < 1 {
			c.bad("WithBatchSize: %d rows", rows)
			return
		}
		c.batchRows = rows
	}
}

// WithMaxColumns bounds the number of columns a header (or first record)
// may have (default 65536), so that hostile input cannot make the reader
// allocate per-column state without bound. Reading.
func WithMaxColumns(n int) Option { return func(c *config) { c.maxColumns = n } }

// WithMaxDecompressed bounds the bytes a gzip or zstd input may
// decompress to (default 64 GiB; n <= 0: no bound). Compressed input is
// recognized by its magic number, whatever the file is called, and
// decompressed as it is read; past the bound reading stops with an error
// of cause ErrTooLarge naming the file, so that a decompression bomb costs
// bounded work. [Read] and [ReadFile] hold the whole text in memory: a
// service reading uploads should set a bound its memory allows, or read
// them with a [Reader]. Reading.
func WithMaxDecompressed(n int64) Option {
	return func(c *config) {
		if n == 0 {
			n = -1
		}
		c.maxDecomp = n
	}
}

// nullText is the text written for a null cell: the first null marker.
func (c *config) nullText() string {
	if len(c.nulls) == 0 {
		return ""
	}
	return c.nulls[0]
}

// withChunkBytes sets the size of the chunks parsed in parallel; tests use
// it to exercise chunk joins on small inputs.
func withChunkBytes(n int) Option { return func(c *config) { c.chunkBytes = n } }

// withTwoPass makes readAll split the records twice (pass1, pass2), as it
// does when the one pass gives up: the reference the one pass must agree
// with.
func withTwoPass() Option { return func(c *config) { c.twoPass = true } }

// withStarted makes Write write after records already written (a
// Writer's later calls): no field it writes starts the output.
func withStarted() Option { return func(c *config) { c.started = true } }

// withSampleRows sets how many records the one pass samples for types.
func withSampleRows(n int) Option { return func(c *config) { c.sampleRows = n } }

// NestedMode is how columns that are not one scalar per row (a structure
// or a list) meet CSV's one text per cell, for [WithNested].
type NestedMode uint8

const (
	// NestedError: writing refuses the frame with an error naming the
	// column; reading keeps dotted column names as they are. The default.
	NestedError NestedMode = iota
	// NestedFlatten: writing puts structures in dotted columns
	// ("addr.city", "addr.zip"; frame.Flatten), lists that remain being
	// still refused; reading re-nests dotted column names into structure
	// columns (frame.Unflatten).
	NestedFlatten
	// NestedJSON: writing puts each nested cell as JSON text; reading
	// keeps that text as strings (io/json parses them) and dotted names
	// as they are.
	NestedJSON
)

// WithNested sets how nested columns are written and read back (default
// [NestedError]; see [NestedMode] for each side). Reading and writing.
func WithNested(m NestedMode) Option { return func(c *config) { c.nested = m } }
