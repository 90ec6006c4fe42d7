package dataset

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
	"github.com/structframe/structframe/structured"
)

// fileOps is how the dataset reads the files of one kind. The registry
// row of each file reads it (io/formats); what differs between kinds is
// how a file lacking some of the columns asked for is read, and what the
// schema of a file is. One table, so that Read and Open never switch on
// the format themselves.
type fileOps struct {
	// read reads a whole file, only the columns cols (nil: all) where
	// the file has them; parallel says whether other files are read at
	// the same time.
	read func(c *config, row *formats.Format, path string, cols []string, parallel bool) (*frame.Frame, error)
	// open opens a batch Reader of the file, projected as read.
	open func(c *config, row *formats.Format, path string, cols []string) (formats.Reader, error)
	// schema is a frame without rows of the columns open's batches have.
	schema func(c *config, row *formats.Format, path string, cols []string) (*frame.Frame, error)
}

// kindOps is the fileOps of the kinds that need their own: Parquet, whose
// footer says which columns a file has and whose row groups a filter
// prunes. The other kinds are read as plainFiles.
var kindOps = map[formats.Kind]*fileOps{formats.KindParquet: &parquetFiles}

// opsOf is the fileOps of files of format f.
func opsOf(f Format) *fileOps {
	if ops, ok := kindOps[formats.Kind(f)]; ok {
		return ops
	}
	return &plainFiles
}

// plainFiles reads Arrow, CSV and JSON files: their readers project the
// columns themselves (Arrow keeps the top-level columns a file has, JSON
// reads a column a file lacks as nulls, CSV refuses it and is asked again
// without it).
var plainFiles = fileOps{
	read: func(c *config, row *formats.Format, path string, cols []string, parallel bool) (*frame.Frame, error) {
		return retryColumns(cols, func(cols []string) (*frame.Frame, error) {
			return row.ReadFile(path, c.readOptions(cols, parallel)...)
		})
	},
	open: func(c *config, row *formats.Format, path string, cols []string) (formats.Reader, error) {
		var r formats.Reader
		_, err := retryColumns(cols, func(cols []string) (*frame.Frame, error) {
			var err error
			r, err = row.OpenFile(path, c.readOptions(cols, false)...)
			return nil, err
		})
		return r, err
	},
	schema: func(c *config, row *formats.Format, path string, cols []string) (*frame.Frame, error) {
		if !row.Untyped() {
			return row.Schema(path, c.readOptions(cols, false)...)
		}
		// the whole file, to know which columns have no value (the
		// reader's type inference reads it whole as well)
		f, err := retryColumns(cols, func(cols []string) (*frame.Frame, error) {
			return row.ReadFile(path, c.readOptions(cols, false)...)
		})
		if err != nil {
			return nil, err
		}
		return nullify(f).Head(0), nil
	},
}

// parquetFiles reads Parquet files: only the columns asked for that a
// file's footer has, and only the row groups WithFilter's comparisons may
// keep (see rowGroupFilter).
var parquetFiles = fileOps{
	read: func(c *config, row *formats.Format, path string, cols []string, parallel bool) (*frame.Frame, error) {
		opts, preds, skip, err := parquetOptions(c, path, cols)
		if err != nil || skip {
			return parquetEmpty(c, row, path, cols, err)
		}
		if parallel {
			// the files are the parallel work; a column per goroutine
			// as well would only add goroutines
			opts = append([]formats.Option{formats.WithParallelism(1)}, opts...)
		}
		f, err := row.ReadFile(path, withPredicates(opts, preds)...)
		if err != nil && preds != nil {
			// were ours the cause, the file reads without them (a
			// corrupt file fails again)
			f, err = row.ReadFile(path, opts...)
		}
		if errNoColumn(err) {
			return parquetEmpty(c, row, path, cols, nil)
		}
		return f, err
	},
	open: func(c *config, row *formats.Format, path string, cols []string) (formats.Reader, error) {
		opts, preds, skip, err := parquetOptions(c, path, cols)
		if err != nil {
			return nil, err
		}
		if skip {
			return emptySource{}, nil
		}
		r, err := row.OpenFile(path, withPredicates(opts, preds)...)
		if err != nil && preds != nil {
			r, err = row.OpenFile(path, opts...) // as read does
		}
		if errNoColumn(err) {
			return emptySource{}, nil
		}
		return r, err
	},
	schema: func(c *config, row *formats.Format, path string, cols []string) (*frame.Frame, error) {
		if cols == nil {
			return row.Schema(path)
		}
		return parquetEmpty(c, row, path, cols, nil)
	},
}

// readOptions is the options of the registry row reading a file: those
// given (WithCSVOptions, WithFormatOptions, ...) and the projection to
// cols (nil: every column); parallel says whether other files are read at
// the same time, so that each one is decoded on one goroutine.
func (c *config) readOptions(cols []string, parallel bool) []formats.Option {
	opts := make([]formats.Option, 0, len(c.formatOpts)+2)
	if parallel {
		opts = append(opts, formats.WithParallelism(1))
	}
	opts = append(opts, c.formatOpts...)
	if cols != nil {
		opts = append(opts, formats.WithColumns(cols...))
	}
	return opts
}

// writeOptions is the options of the registry row writing a file: JSON as
// JSON lines (as Spark writes its .json files), then those given.
func (c *config) writeOptions() []formats.Option {
	return append([]formats.Option{formats.WithJSONOptions(json.WithFormat(json.NDJSON))}, c.formatOpts...)
}

// formatOf is the format a file name's extension says, Auto for none. A
// text format's extension may be followed by a compression one
// ("part-0.csv.gz", "events.ndjson.zst"): the readers decompress those;
// Arrow and Parquet files compressed whole are not read.
func formatOf(name string) Format {
	row, err := formats.ByPath(name)
	if err != nil || formats.Compressed(name) && !row.Text() {
		return Auto
	}
	return Format(row.Kind())
}

// noFormat is the cause of the error for a file whose name says no format
// the dataset reads (see formatOf).
func noFormat(path string) error {
	row, err := formats.ByPath(path)
	if err != nil {
		return fmt.Errorf("%w: %w: give one with WithFormat", ErrOption, err)
	}
	return fmt.Errorf("%w: %s: %s files are read uncompressed (they compress their own pages)", ErrOption, path, row)
}

// rowOf is the registry row that reads the file at path in a dataset of
// format f: WithFileFormat's, else the one its extension names when it is
// of f's kind (a .tsv file among CSV files is read with tabs), else f's
// first (a file named explicitly, whatever its name).
func (c *config) rowOf(path string, f Format) *formats.Format {
	if c.row != nil {
		return c.row
	}
	if row, err := formats.ByPath(path); err == nil && formatOf(path) == f {
		return row
	}
	return formats.OfKind(formats.Kind(f))
}

// String is the format's name: "auto", or the name of the io package
// that reads it ("parquet", "ipc", "csv", "json").
func (f Format) String() string {
	if f == Auto {
		return "auto"
	}
	if f.known() {
		return formats.Kind(f).String()
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// known reports whether f is Auto or a kind of the format registry.
func (f Format) known() bool { return f == Auto || formats.OfKind(formats.Kind(f)) != nil }

// parquetOptions is the reader options of a Parquet file: those given
// and the projection of cols (only the paths whose top-level column the
// file has, its footer says which, at least one), and apart the row-group
// predicates of the filter's comparisons (see rowGroupFilter); skip says
// that the file holds no row the filter keeps.
func parquetOptions(c *config, path string, cols []string) (opts []formats.Option, preds []parquet.Predicate, skip bool, err error) {
	opts = c.readOptions(nil, false)
	if cols == nil && len(c.comparisons) == 0 {
		return opts, nil, false, nil
	}
	md, err := parquet.Stats(path)
	if err != nil {
		return nil, nil, false, err
	}
	if cols != nil {
		opts = append(opts, formats.WithColumns(present(md.Schema, cols)...))
	}
	preds, skip = rowGroupFilter(md.Schema, c.comparisons)
	return opts, preds, skip, nil
}

// withPredicates adds a row-group filter of preds, if any, to opts; a
// filter of WithParquetOptions holds as well.
func withPredicates(opts []formats.Option, preds []parquet.Predicate) []formats.Option {
	if len(preds) == 0 {
		return opts
	}
	return append(slices.Clip(opts), formats.WithParquetOptions(parquet.WithRowGroupFilter(preds...)))
}

// parquetEmpty is the Parquet file at path read without its rows, as the
// reader would read it (projected to cols, its index made the index):
// the file's schema, read from its footer. A row-group filter of
// WithParquetOptions naming a column the file lacks is left out. With err,
// it returns err.
func parquetEmpty(c *config, row *formats.Format, path string, cols []string, err error) (*frame.Frame, error) {
	if err != nil {
		return nil, err
	}
	var proj []formats.Option
	if cols != nil {
		md, err := parquet.Stats(path)
		if err != nil {
			return nil, err
		}
		proj = append(proj, formats.WithColumns(present(md.Schema, cols)...))
	}
	f, err := row.Schema(path, append(c.readOptions(nil, false), proj...)...)
	if errNoColumn(err) {
		f, err = row.Schema(path, proj...)
	}
	return f, err
}

// emptySource is a file without batches: one the filter rules out whole.
type emptySource struct{}

func (emptySource) Next() bool          { return false }
func (emptySource) Frame() *frame.Frame { return nil }
func (emptySource) Err() error          { return nil }
func (emptySource) Close() error        { return nil }

// present is the paths of cols whose top-level column is in s; when none
// is, the first column, so that the rows are still counted (the caller
// drops what it did not ask for).
func present(s *arrow.Schema, cols []string) []string {
	var out []string
	for _, p := range cols {
		if top := topName(p, func(n string) bool { return len(s.FieldIndices(n)) > 0 }); top != "" {
			out = append(out, p)
		}
	}
	if len(out) == 0 && s.NumFields() > 0 {
		out = append(out, s.Field(0).Name)
	}
	return out
}

// topName is the top-level column a path reaches: the path itself when
// has says it is a column, else its part before the first dot when that
// is one; "" when neither.
func topName(p string, has func(string) bool) string {
	if has(p) {
		return p
	}
	if top, _, ok := strings.Cut(p, "."); ok && has(top) {
		return top
	}
	return ""
}

// retryColumns calls read with cols, and again without each column a CSV
// header turns out not to have (a *csv.ParseError of csv.ErrHeader naming
// it), since another file of the dataset may have it. When none is left,
// the file is read whole and the caller drops its columns. Other errors
// are read's.
func retryColumns(cols []string, read func(cols []string) (*frame.Frame, error)) (*frame.Frame, error) {
	for {
		f, err := read(cols)
		var pe *csv.ParseError
		if err == nil || cols == nil || !errors.As(err, &pe) || !errors.Is(err, csv.ErrHeader) || pe.Field == "" {
			return f, err
		}
		i := slices.Index(cols, pe.Field)
		if i < 0 {
			return f, err
		}
		cols = slices.Delete(slices.Clone(cols), i, i+1)
		if len(cols) == 0 {
			cols = nil
		}
	}
}

// nullify makes every top-level scalar column of f that holds only nulls
// a column of Arrow type null, which frame.Concat unions with any type.
func nullify(f *frame.Frame) *frame.Frame {
	n := f.NumRows()
	if n == 0 || f.Err() != nil {
		return f
	}
	var nulls []frame.Expr
	for _, c := range f.Columns() {
		s, err := f.Column(c)
		if err != nil {
			continue
		}
		if d, ok := s.Value().(*structured.Dense); ok && d.Rank() == 1 && d.NullN() == n && d.DataType().ID() != arrow.NULL {
			nulls = append(nulls, frame.Lit(nil).Alias(c))
		}
	}
	if nulls == nil {
		return f
	}
	return f.WithColumns(nulls...)
}
