package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
	"github.com/structframe/structframe/structured"
)

// source is a format's batch Reader over one file.
type source interface {
	Next() bool
	Frame() *frame.Frame
	Err() error
	Close() error
}

// formatOps is what the dataset needs of one format: one table, so that
// Read, Open and Write never switch on the format themselves.
type formatOps struct {
	name string
	exts []string // the first is the one Write gives
	// read reads a whole file, only the columns cols (nil: all) where
	// the file has them; parallel says whether other files are read at
	// the same time.
	read func(c *config, path string, cols []string, parallel bool) (*frame.Frame, error)
	// open opens a batch Reader of the file, projected as read.
	open func(c *config, path string, cols []string) (source, error)
	// schema is a frame without rows of the columns open's batches have.
	schema func(c *config, path string, cols []string) (*frame.Frame, error)
	// write writes f to a new file at path.
	write func(c *config, path string, f *frame.Frame) error
	// untyped says that a column without values has no type in the file
	// (CSV reads it as string): it is read as a column of nulls, which
	// takes its type from the other files.
	untyped bool
}

var formats = [...]formatOps{
	Parquet: {
		name: "parquet", exts: []string{".parquet", ".pq", ".parq"},
		read: func(c *config, path string, cols []string, parallel bool) (*frame.Frame, error) {
			opts, preds, skip, err := parquetOptions(c, path, cols)
			if err != nil || skip {
				return parquetEmpty(c, path, cols, err)
			}
			if parallel {
				// the files are the parallel work; a column per goroutine
				// as well would only add goroutines
				opts = append([]parquet.Option{parquet.WithParallelism(1)}, opts...)
			}
			f, err := parquet.ReadFile(path, withPredicates(opts, preds)...)
			if err != nil && preds != nil {
				// were ours the cause, the file reads without them (a
				// corrupt file fails again)
				f, err = parquet.ReadFile(path, opts...)
			}
			if errNoColumn(err) {
				return parquetEmpty(c, path, cols, nil)
			}
			return f, err
		},
		open: func(c *config, path string, cols []string) (source, error) {
			opts, preds, skip, err := parquetOptions(c, path, cols)
			if err != nil {
				return nil, err
			}
			if skip {
				return emptySource{}, nil
			}
			r, err := parquet.OpenFile(path, withPredicates(opts, preds)...)
			if err != nil && preds != nil {
				r, err = parquet.OpenFile(path, opts...) // as read does
			}
			if errNoColumn(err) {
				return emptySource{}, nil
			}
			return r, err
		},
		schema: func(c *config, path string, cols []string) (*frame.Frame, error) {
			md, err := parquet.Stats(path)
			if err != nil {
				return nil, err
			}
			empty, err := emptyFrame(md.Schema)
			if err != nil {
				return nil, err
			}
			if cols == nil {
				return empty, nil
			}
			return parquetEmpty(c, path, cols, nil)
		},
		write: func(c *config, path string, f *frame.Frame) error {
			return parquet.WriteFile(path, f, c.parquetOpts...)
		},
	},
	IPC: {
		name: "ipc", exts: []string{".arrow", ".ipc", ".feather", ".arrows"},
		read: func(c *config, path string, cols []string, _ bool) (*frame.Frame, error) {
			f, err := ipc.ReadFile(path, c.ipcOpts...)
			if err != nil {
				return nil, err
			}
			return selectPresent(f, cols), nil
		},
		open: func(c *config, path string, cols []string) (source, error) {
			r, err := ipc.OpenFile(path, c.ipcOpts...)
			if err != nil {
				return nil, err
			}
			return &selectSource{source: r, cols: cols}, nil
		},
		schema: func(c *config, path string, cols []string) (*frame.Frame, error) {
			r, err := ipc.OpenFile(path, c.ipcOpts...)
			if err != nil {
				return nil, err
			}
			defer r.Close()
			if r.ArrowSchema() == nil {
				return nil, r.Err()
			}
			f, err := emptyFrame(r.ArrowSchema())
			if err != nil {
				return nil, err
			}
			return selectPresent(f, cols), nil
		},
		write: func(c *config, path string, f *frame.Frame) error {
			return ipc.WriteFile(path, f, c.ipcOpts...)
		},
	},
	CSV: {
		name: "csv", exts: []string{".csv", ".tsv"},
		read: func(c *config, path string, cols []string, parallel bool) (*frame.Frame, error) {
			return csvRetry(cols, func(cols []string) (*frame.Frame, error) {
				return csv.ReadFile(path, csvOpts(c, cols, parallel)...)
			})
		},
		open: func(c *config, path string, cols []string) (source, error) {
			var r *csv.Reader
			_, err := csvRetry(cols, func(cols []string) (*frame.Frame, error) {
				var err error
				r, err = csv.OpenFile(path, csvOpts(c, cols, false)...)
				return nil, err
			})
			return r, err
		},
		schema: func(c *config, path string, cols []string) (*frame.Frame, error) {
			// the whole file, to know which columns have no value (the
			// reader's type inference reads it whole as well)
			f, err := csvRetry(cols, func(cols []string) (*frame.Frame, error) {
				return csv.ReadFile(path, csvOpts(c, cols, false)...)
			})
			if err != nil {
				return nil, err
			}
			return nullify(f).Head(0), nil
		},
		write: func(c *config, path string, f *frame.Frame) error {
			return csv.WriteFile(path, f, c.csvOpts...)
		},
		untyped: true,
	},
	JSON: {
		name: "json", exts: []string{".json", ".ndjson", ".jsonl"},
		read: func(c *config, path string, cols []string, parallel bool) (*frame.Frame, error) {
			return json.ReadFile(path, jsonOpts(c, cols, parallel)...)
		},
		open: func(c *config, path string, cols []string) (source, error) {
			return json.OpenFile(path, jsonOpts(c, cols, false)...)
		},
		schema: func(c *config, path string, cols []string) (*frame.Frame, error) {
			r, err := json.OpenFile(path, append(jsonOpts(c, cols, false), json.WithBatchSize(1))...)
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return firstHead(r)
		},
		write: func(c *config, path string, f *frame.Frame) error {
			// JSON lines, as Spark writes its .json files
			return json.WriteFile(path, f, append([]json.Option{json.WithFormat(json.NDJSON)}, c.jsonOpts...)...)
		},
	},
}

// formatOf is the format a file name's extension says, Auto for none. A
// text format's extension may be followed by a compression one
// ("part-0.csv.gz", "events.ndjson.zst"): the readers decompress those.
func formatOf(name string) Format {
	ext := strings.ToLower(filepath.Ext(name))
	if trimmed := sniff.TrimExt(name); trimmed != name {
		ext = strings.ToLower(filepath.Ext(trimmed))
		if ext != "" && !slices.Contains(formats[CSV].exts, ext) && !slices.Contains(formats[JSON].exts, ext) {
			return Auto
		}
	}
	for f := Parquet; f <= JSON; f++ {
		if slices.Contains(formats[f].exts, ext) {
			return f
		}
	}
	return Auto
}

// String is the format's name.
func (f Format) String() string {
	if f == Auto {
		return "auto"
	}
	if int(f) < len(formats) {
		return formats[f].name
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// parquetOptions is the reader options of a Parquet file: WithParquetOptions
// and the projection of cols (only the paths whose top-level column the
// file has, its footer says which, at least one), and apart the row-group
// predicates of the filter's comparisons (see rowGroupFilter); skip says
// that the file holds no row the filter keeps.
func parquetOptions(c *config, path string, cols []string) (opts []parquet.Option, preds []parquet.Predicate, skip bool, err error) {
	opts = slices.Clip(c.parquetOpts)
	if cols == nil && len(c.comparisons) == 0 {
		return opts, nil, false, nil
	}
	md, err := parquet.Stats(path)
	if err != nil {
		return nil, nil, false, err
	}
	if cols != nil {
		opts = append(opts, parquet.WithColumns(present(md.Schema, cols)...))
	}
	preds, skip = rowGroupFilter(md.Schema, c.comparisons)
	return opts, preds, skip, nil
}

// withPredicates adds a row-group filter of preds, if any, to opts; a
// filter of WithParquetOptions holds as well.
func withPredicates(opts []parquet.Option, preds []parquet.Predicate) []parquet.Option {
	if len(preds) == 0 {
		return opts
	}
	return append(slices.Clip(opts), parquet.WithRowGroupFilter(preds...))
}

// parquetEmpty is the Parquet file at path read without its rows, as the
// reader would read it (projected to cols, its index made the index):
// the file's schema, read from its footer. A row-group filter of
// WithParquetOptions naming a column the file lacks is left out. With err,
// it returns err.
func parquetEmpty(c *config, path string, cols []string, err error) (*frame.Frame, error) {
	if err != nil {
		return nil, err
	}
	md, err := parquet.Stats(path)
	if err != nil {
		return nil, err
	}
	empty, err := emptyFrame(md.Schema)
	if err != nil {
		return nil, err
	}
	// write the empty frame and read it back with the same options
	var buf bytes.Buffer
	if err := parquet.Write(&buf, empty); err != nil {
		return nil, err
	}
	var proj []parquet.Option
	if cols != nil {
		proj = append(proj, parquet.WithColumns(present(md.Schema, cols)...))
	}
	f, err := parquet.Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), append(slices.Clip(c.parquetOpts), proj...)...)
	if errNoColumn(err) {
		f, err = parquet.Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), proj...)
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

// selectPresent keeps the top-level columns the paths reach (whole), in
// the frame's order; nil cols keeps every column.
func selectPresent(f *frame.Frame, cols []string) *frame.Frame {
	if cols == nil {
		return f
	}
	have := f.Columns()
	keep := map[string]bool{}
	for _, p := range cols {
		if top := topName(p, func(n string) bool { return slices.Contains(have, n) }); top != "" {
			keep[top] = true
		}
	}
	var sel []string
	for _, n := range have {
		if keep[n] {
			sel = append(sel, n)
		}
	}
	return f.Select(sel...)
}

// selectSource projects every batch of an IPC Reader.
type selectSource struct {
	source
	cols []string
}

func (s *selectSource) Frame() *frame.Frame { return selectPresent(s.source.Frame(), s.cols) }

// emptyFrame is a Frame without rows of the Arrow schema s.
func emptyFrame(s *arrow.Schema) (*frame.Frame, error) {
	cols := make([]arrow.Array, s.NumFields())
	for i, fl := range s.Fields() {
		cols[i] = array.MakeArrayOfNull(memory.DefaultAllocator, fl.Type, 0)
	}
	rec := array.NewRecordBatch(s, cols, 0)
	f := frame.FromRecordBatch(rec)
	return f, f.Err()
}

// firstHead is the schema of a Reader's first batch, as a frame without
// rows; an input without batches has no columns.
func firstHead(r source) (*frame.Frame, error) {
	if r.Next() {
		return r.Frame().Head(0), nil
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return frame.FromColumns(nil), nil
}

func csvOpts(c *config, cols []string, parallel bool) []csv.Option {
	var opts []csv.Option
	if parallel {
		opts = append(opts, csv.WithParallelism(1))
	}
	opts = append(opts, c.csvOpts...)
	if cols != nil {
		opts = append(opts, csv.WithColumns(cols...))
	}
	return opts
}

func jsonOpts(c *config, cols []string, parallel bool) []json.Option {
	var opts []json.Option
	if parallel {
		opts = append(opts, json.WithParallelism(1))
	}
	opts = append(opts, c.jsonOpts...)
	if cols != nil {
		opts = append(opts, json.WithColumns(cols...))
	}
	return opts
}

// csvRetry calls read with cols, and again without each column the header
// turns out not to have (a *csv.ParseError of csv.ErrHeader naming it),
// since another file of the dataset may have it. When none is left, the
// file is read whole and the caller drops its columns.
func csvRetry(cols []string, read func(cols []string) (*frame.Frame, error)) (*frame.Frame, error) {
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
