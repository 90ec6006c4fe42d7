package json

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/lazy"
	"github.com/structframe/structframe/structured"
)

// Scan makes a lazy query over the JSON file at path (NDJSON or an
// array, as Read tells them apart), read with opts (the options of Read)
// when the query runs. The query reads the file in one pass, and only the
// columns and nested paths it uses (WithColumns: the tokenizer skips the
// rest; Col("user.id") reads user's id and no other field of user).
//
// Its schema is that of the file's first rows (WithInferSchemaLength,
// 20,480 by default), as Polars' and DuckDB's scans infer theirs from a
// sample, and the rows are read against it. A later row that does not
// fit it (a new key, a number where the first rows held strings, 1.5
// where they held integers) does not give another result: the query
// runs again with the schema of the whole file, inferred in a pass of
// its own, as long as no batch has left it (always for Collect; see
// [lazy.SampledSource]). A plan naming a column the first rows lack is
// planned again the same way. WithSpec gives the schema;
// WithSchemaFromFirstBatch(false) or WithInferSchemaLength(0) infers it
// over the whole file before the first batch, two passes every time.
func Scan(path string, opts ...Option) *lazy.Frame {
	c := makeConfig(opts)
	if c.read.spec != nil || c.read.firstBatch < 0 || c.read.inferRows < 0 {
		return lazy.Scan(scanWhole(path, opts))
	}
	return lazy.Scan(lazy.Sampled(scanFirstBatch(path, opts, c), func() lazy.Source { return scanWhole(path, opts) }))
}

// scanFirstBatch is Scan's source taking the schema of the file's first
// rows, the rows then read against it.
func scanFirstBatch(path string, opts []Option, c config) lazy.Source {
	rows := c.read.inferRows
	if rows <= 0 {
		rows = DefaultInferSchemaLength
	}
	var (
		once   sync.Once
		schema *frame.Frame
		err    error
	)
	first := func(ctx context.Context) (*frame.Frame, error) {
		once.Do(func() { schema, err = scanSchema(ctx, path, opts, rows) })
		return schema, err
	}
	hint := fmt.Sprintf("json.Scan took the schema of the first %d rows of %s; WithSchemaFromFirstBatch(false) infers it over the whole file", rows, path)
	return lazy.PathReaderSource(
		func(spec lazy.ScanSpec) []string {
			d := []string{"json " + path}
			if spec.Limit < 0 {
				d = append(d, fmt.Sprintf("schema: the first %d rows' (the whole file's if a later row does not fit)", rows))
			}
			return d
		},
		first,
		func(ctx context.Context, cols []string) (*frame.Frame, error) {
			return projectSchema(ctx, first, cols, opts)
		},
		func(ctx context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			o := append([]Option(nil), opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if spec.Limit >= 0 {
				// A head: the rows read are one batch, typed by themselves.
				o = append(o, WithSchemaFromFirstBatch(true), WithBatchSize(max(spec.Limit, 1024)))
			} else {
				// The rows are read against the sampled schema: a row
				// that does not fit it is an error, and the query runs
				// again on the whole file's.
				var werr error
				if o, werr = withSchema(ctx, o, first, spec.Columns, true); werr != nil {
					return nil, werr
				}
			}
			r, err := openFile(ctx, path, o)
			if err != nil {
				return nil, err
			}
			return &hintedReader{Reader: r, hint: hint}, nil
		})
}

// withSchema is o reading against the schema schema gives (projected to
// cols, when not nil), every field nullable: what a scan that knows its
// schema reads with, in one pass. A sample's schema is frozen (see
// structured.Builder.FreezeSchema): a value the whole file's inference
// would type otherwise is an error, so that the query runs again on the
// whole file's schema; the whole file's is a Spec. o is unchanged when
// the schema has no column.
func withSchema(ctx context.Context, o []Option, schema func(context.Context) (*frame.Frame, error), cols []string, sample bool) ([]Option, error) {
	s, err := schema(ctx)
	if err != nil {
		return nil, err
	}
	rows := s.Schema()
	if rows == nil || len(rows.Shape) == 0 || len(rows.Fields) == 0 {
		return o, nil
	}
	// Only the fields read: the others would be built as nulls.
	given, err := projectSpec(rows, cols)
	if err != nil {
		return nil, err
	}
	if len(given.Fields) == 0 {
		return o, nil
	}
	given.Fields = scanAllowNulls(given.Fields, false)
	if sample {
		return append(o, func(c *config) { c.read.frozen = given }), nil
	}
	return append(o, WithSpec(given)), nil
}

// hintedReader adds to a Reader's error what the user can do about it.
type hintedReader struct {
	*Reader
	hint string
}

func (r *hintedReader) Err() error {
	if err := r.Reader.Err(); err != nil {
		return fmt.Errorf("%w (%s)", err, r.hint)
	}
	return nil
}

// projectSchema is the schema of the batches of cols (columns or paths),
// from the schema of every column: what a scan reading them against it
// builds (see withSchema).
func projectSchema(ctx context.Context, all func(context.Context) (*frame.Frame, error), cols []string, opts []Option) (*frame.Frame, error) {
	s, err := all(ctx)
	if err != nil {
		return nil, err
	}
	spec := s.Schema()
	if spec == nil || len(spec.Fields) == 0 {
		return s.Select(cols...), nil
	}
	projected, err := projectSpec(spec, cols)
	if err != nil || len(projected.Fields) == 0 {
		return s.Select(cols...), err
	}
	return Read(strings.NewReader(""), append(append([]Option(nil), opts...), WithSpec(projected), WithFormat(NDJSON))...)
}

// projectSpec is spec with only the fields of the paths cols reads (all
// when cols is nil), the index kept as the reader keeps it, for rows of
// any number.
func projectSpec(spec *structured.Spec, cols []string) (*structured.Spec, error) {
	out := *spec
	if len(out.Shape) > 0 {
		out.Shape = append(structured.Shape{structured.Unknown}, spec.Shape[1:]...)
	}
	if cols == nil {
		return &out, nil
	}
	proj, err := newProjection(cols)
	if err != nil {
		return nil, err
	}
	if _, ok := proj.Kids[index.Field]; !ok {
		proj.Kids[index.Field] = nil // the index stays with the rows (newEngine)
	}
	out.Fields = projectFields(spec.Fields, proj)
	return &out, nil
}

// scanWhole is Scan's source whose schema is the whole file's, inferred
// over the whole file once (as a Reader's first pass) or given by
// WithSpec.
func scanWhole(path string, opts []Option) lazy.Source {
	var (
		once   sync.Once
		schema *frame.Frame
		err    error
	)
	whole := func(ctx context.Context) (*frame.Frame, error) {
		once.Do(func() { schema, err = scanSchema(ctx, path, opts, 0) })
		return schema, err
	}
	return lazy.PathReaderSource(
		func(lazy.ScanSpec) []string { return []string{"json " + path} },
		whole,
		func(ctx context.Context, cols []string) (*frame.Frame, error) {
			return projectSchema(ctx, whole, cols, opts)
		},
		func(ctx context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			o := append([]Option(nil), opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if spec.Limit >= 0 {
				// A head: the rows read are one batch, typed by themselves.
				return openFile(ctx, path, append(o, WithSchemaFromFirstBatch(true), WithBatchSize(max(spec.Limit, 1024))))
			}
			// The whole file's schema, known: one pass. Without it the
			// reader infers, and reports the error.
			if given, err := withSchema(ctx, o, whole, spec.Columns, false); err == nil {
				o = given
			}
			return openFile(ctx, path, o)
		})
}

// scanSchema is a frame of no rows with the columns of the JSON file at
// path read with opts: the schema inferred over its first rows rows (all
// when 0) by the Reader's first pass (which keeps no batch), or
// WithSpec's.
func scanSchema(ctx context.Context, path string, opts []Option, rows int) (*frame.Frame, error) {
	c := makeConfig(opts)
	spec := c.read.spec
	if spec == nil {
		f, err := store.Open(ctx, path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in, err := c.open(f)
		if err != nil {
			return nil, store.Wrap(path, err)
		}
		defer in.Close()
		size := in.Size
		if in.Format == sniff.Text {
			size = knownSize(in.Reader)
		}
		if spec, err = inferSample(in.Reader, size, c, rows); err != nil {
			return nil, store.Wrap(path, err)
		}
	}
	if spec == nil { // no rows: what Read makes of the file
		f, err := ReadFile(path, opts...)
		if err != nil {
			return nil, err
		}
		return f.Head(0), nil
	}
	return Read(strings.NewReader(""), append(append([]Option(nil), opts...), WithSpec(spec), WithFormat(NDJSON))...)
}

// projectFields is the fields p keeps, in their order: a field p keeps
// whole as it is, a structure (or a list of them) with the fields p keeps
// of it. A map is kept whole (the scanner projects its keys as a
// record's).
func projectFields(fields []structured.FieldSpec, p *projection) []structured.FieldSpec {
	var out []structured.FieldSpec
	for _, f := range fields {
		kid, ok := p.Kids[f.Name]
		if !ok {
			continue
		}
		if kid != nil && f.Fields != nil && !f.Map {
			if kept := projectFields(f.Fields, kid); len(kept) > 0 {
				f.Fields = kept
			} // else none of the paths is in the schema: kept whole, its fields null
		}
		out = append(out, f)
	}
	return out
}

// scanAllowNulls is a copy of fields that allows nulls everywhere (a
// map's keys aside): the schema of a file's first rows says which fields
// held a null there, not which may later.
func scanAllowNulls(fields []structured.FieldSpec, mapEntry bool) []structured.FieldSpec {
	out := make([]structured.FieldSpec, len(fields))
	for i, f := range fields {
		f.Nullable = !(mapEntry && f.Name == "key")
		if f.Fields != nil {
			f.Fields = scanAllowNulls(f.Fields, f.Map)
		}
		out[i] = f
	}
	return out
}
