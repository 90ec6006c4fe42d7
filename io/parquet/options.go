package parquet

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
)

// Compression is the codec the writer compresses pages with.
type Compression uint8

const (
	// Snappy is fast and compresses moderately; the default, as in
	// pyarrow, Spark and DuckDB.
	Snappy Compression = iota
	// Zstd compresses better than Snappy at some cost in write time.
	Zstd
	// Uncompressed writes pages as they are.
	Uncompressed
	// Gzip is for readers that know no other codec.
	Gzip
)

func (c Compression) codec() compress.Compression {
	switch c {
	case Zstd:
		return compress.Codecs.Zstd
	case Uncompressed:
		return compress.Codecs.Uncompressed
	case Gzip:
		return compress.Codecs.Gzip
	}
	return compress.Codecs.Snappy
}

// DefaultRowGroupRows is the writer's row group size when
// [WithRowGroupRows] does not give one: large enough that per-group
// overhead is small, small enough that a [Reader] holds little at a time.
const DefaultRowGroupRows = 128 * 1024

// Option configures reading and writing. Each option's doc says the side
// it concerns (Reading, Writing, or Reading and writing); the other side
// ignores it, so one option list can serve a read and the write that
// follows.
type Option func(*config)

type config struct {
	columns     []string // read: dotted paths to read; nil = all
	parallelism int      // read: goroutines decoding columns; <= 0: GOMAXPROCS
	compression Compression
	level       int              // write: codec level; 0 = the codec's default
	groupRows   int64            // write: rows per row group
	pageBytes   int64            // write: data page size; 0: arrow-go's (1 MiB)
	writeBatch  int64            // write: rows a column writer takes at once, its pages' least rows; 0: arrow-go's (1024). Tests make it small, so that pages of columns end at different rows, as other writers' do
	noPageIndex bool             // write: no page indexes
	noReadDict  bool             // read, test hook: no column read through its dictionary (dict.go)
	noDirect    bool             // read, test hook: every field read by pqarrow, none by the direct reader (direct.go)
	allParts    bool             // read, test hook: every leaf of the direct reader decoded in parts, a row group each (direct_parts.go)
	mem         memory.Allocator // nil: hugepage.NewAllocator to read, the default to write

	filter    []Predicate            // read: row groups to skip by statistics (filter.go)
	tests     []groupTest            // read, set by open: filter bound to the file's columns
	durations map[int]arrow.DataType // read, set by open: top-level fields read as int64 storage, their types (duration.go)
	src       pq.ReaderAtSeeker      // read, set by open: the file, its pages checked before they are read (check.go)
	size      int64                  // read, set by open: the file's size in bytes
	props     *pq.ReaderProperties   // read, set by open: arrow-go's reader properties
}

func makeConfig(opts []Option) config {
	c := config{groupRows: DefaultRowGroupRows}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

// WithColumns reads only the columns at the given paths: a top-level name
// ("title") or a dotted path into structs ("meta.author"), lists of
// structs being stepped through ("ingredients.name" of a list of
// {name, amount} keeps a list of {name}). The columns keep the file's
// order; the Frame's index column "_index_" is always read. A path that
// names no column is an error. Reading.
func WithColumns(paths ...string) Option {
	return func(c *config) { c.columns = append([]string(nil), paths...) }
}

// WithParallelism sets how many goroutines decode the columns of a read,
// one top-level column each at a time: n <= 0 means GOMAXPROCS (the
// default); 1 decodes them one after another on the calling goroutine,
// for less peak memory on a machine shared with other work. Results and
// errors do not depend on it. Reading.
func WithParallelism(n int) Option { return func(c *config) { c.parallelism = n } }

// WithCompression sets the codec pages are written with; the default is
// [Snappy]. Writing.
func WithCompression(codec Compression) Option {
	return func(c *config) { c.compression = codec }
}

// WithCompressionLevel sets the level of codecs that have levels (Zstd,
// Gzip); 0 keeps the codec's default. Writing.
func WithCompressionLevel(level int) Option { return func(c *config) { c.level = level } }

// WithRowGroupRows sets how many rows the writer puts in one row group
// (default [DefaultRowGroupRows]): a [Reader] of the file holds one row
// group at a time. Writing.
func WithRowGroupRows(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.groupRows = int64(n)
		}
	}
}

// WithDataPageSize sets the size in bytes at which the writer starts a
// new data page (default 1 MiB, as arrow-go, pyarrow and Polars). Smaller
// pages let a reader skip more of a row group by its page index (see
// [WithPageIndex]), at some cost in size. Writing.
func WithDataPageSize(bytes int) Option {
	return func(c *config) {
		if bytes > 0 {
			c.pageBytes = int64(bytes)
		}
	}
}

// WithPageIndex sets whether the writer writes page indexes (Parquet's
// ColumnIndex and OffsetIndex: each data page's min, max, null state and
// first row), which let a reader with a filter skip the pages of a row
// group that cannot match (see [WithRowGroupFilter]). On by default, as
// in parquet-mr and Spark; they take a few bytes per page. Writing.
func WithPageIndex(on bool) Option { return func(c *config) { c.noPageIndex = !on } }

// writerProps are arrow-go's writer properties for c.
func (c config) writerProps() []pq.WriterProperty {
	props := []pq.WriterProperty{
		pq.WithAllocator(c.mem),
		pq.WithCompression(c.compression.codec()),
		pq.WithMaxRowGroupLength(c.groupRows),
		pq.WithCreatedBy("structframe"),
		pq.WithPageIndexEnabled(!c.noPageIndex),
	}
	if c.level != 0 {
		props = append(props, pq.WithCompressionLevel(c.level))
	}
	if c.pageBytes > 0 {
		props = append(props, pq.WithDataPageSize(c.pageBytes))
	}
	if c.writeBatch > 0 {
		props = append(props, pq.WithBatchSize(c.writeBatch))
	}
	return props
}

// WithAllocator sets the allocator of the Arrow memory read or written,
// e.g. memory.NewCheckedAllocator in tests that prove nothing leaks. The
// writer's default is memory.DefaultAllocator; the readers' default on
// Linux maps large buffers of their own, which grow without copying and
// are unmapped as soon as freed (see alloc_linux.go),
// memory.DefaultAllocator elsewhere. Reading and writing.
func WithAllocator(mem memory.Allocator) Option {
	return func(c *config) {
		if mem != nil {
			c.mem = mem
		}
	}
}
