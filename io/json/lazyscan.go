package json

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/lazy"
	"github.com/structframe/structframe/structured"
)

// Scan makes a lazy query over the JSON file at path (NDJSON or an
// array, as Read tells them apart), read with opts (the options of Read)
// when the query runs. Its schema is inferred over the whole file once
// (as a Reader's first pass, or given by WithSpec); the query then reads
// the file in one pass with that schema, and only the columns and nested
// paths it uses (WithColumns: the tokenizer skips the rest; Col("user.id")
// reads user's id and no other field of user). A Head stops reading
// after its rows and takes the schema of the rows it reads, with no pass
// over the whole file, as Polars' scans infer it from the first rows.
func Scan(path string, opts ...Option) *lazy.Frame {
	var (
		once   sync.Once
		schema *frame.Frame
		err    error
	)
	whole := func() (*frame.Frame, error) {
		once.Do(func() { schema, err = scanSchema(path, opts) })
		return schema, err
	}
	// project is the schema of the batches of cols (columns or paths),
	// from the whole file's.
	project := func(_ context.Context, cols []string) (*frame.Frame, error) {
		s, err := whole()
		if err != nil {
			return nil, err
		}
		spec := s.Schema()
		if spec == nil || len(spec.Fields) == 0 {
			return s.Select(cols...), nil
		}
		return Read(strings.NewReader(""), append(append([]Option(nil), opts...), WithSpec(spec), WithColumns(cols...), WithFormat(NDJSON))...)
	}
	return lazy.Scan(lazy.PathReaderSource(
		func(lazy.ScanSpec) []string { return []string{"json " + path} },
		func(context.Context) (*frame.Frame, error) { return whole() },
		project,
		func(ctx context.Context, spec lazy.ScanSpec) (lazy.BatchReader, error) {
			o := append([]Option(nil), opts...)
			if spec.Columns != nil {
				o = append(o, WithColumns(spec.Columns...))
			}
			if spec.Limit >= 0 {
				// A head: the rows read are one batch, typed by themselves.
				return OpenFile(path, append(o, WithSchemaFromFirstBatch(true), WithBatchSize(max(spec.Limit, 1024)))...)
			}
			s, err := whole()
			if err == nil && spec.Columns != nil {
				s, err = project(ctx, spec.Columns)
			}
			if err == nil && len(s.Columns()) > 0 {
				// The whole file's schema, known: one pass.
				if rows := s.Schema(); rows != nil && len(rows.Shape) > 0 {
					given := *rows
					given.Shape = append(structured.Shape{structured.Unknown}, rows.Shape[1:]...)
					given.Fields = scanAllowNulls(rows.Fields, false)
					o = append(o, WithSpec(&given))
				}
			}
			return OpenFile(path, o...)
		}))
}

// scanSchema is a frame of no rows with the columns of the JSON file at
// path read with opts: the schema inferred over the whole file by the
// Reader's first pass (which builds nothing), or WithSpec's.
func scanSchema(path string, opts []Option) (*frame.Frame, error) {
	c := makeConfig(opts)
	spec := c.read.spec
	if spec == nil {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in, err := c.open(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		defer in.Close()
		size := in.Size
		if in.Format == sniff.Text {
			size = knownSize(in.Reader)
		}
		if spec, err = inferSpec(in.Reader, size, c); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
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
