package formats

import (
	"io"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/lazy"
)

// csvOps reads and writes with io/csv, own being the format's options
// (TSV's delimiter).
func csvOps(own ...csv.Option) ops {
	return ops{
		read: func(r io.Reader, c *config) (*frame.Frame, error) {
			return csv.Read(r, c.csvRead(own, false)...)
		},
		readFile: func(path string, c *config) (*frame.Frame, error) {
			return csv.ReadFile(path, c.csvRead(own, false)...)
		},
		newReader: func(r io.Reader, c *config) (Reader, error) {
			return csv.NewReader(r, c.csvRead(own, true)...), nil
		},
		openFile: func(path string, c *config) (Reader, error) {
			r, err := csv.OpenFile(path, c.csvRead(own, true)...)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
		scan: func(path string, c *config) *lazy.Frame {
			return csv.Scan(path, c.csvRead(own, true)...)
		},
		schema: func(path string, c *config) (*frame.Frame, error) {
			// the reader infers the types over the whole file before
			// its first batch
			r, err := csv.OpenFile(path, append(c.csvRead(own, true), csv.WithBatchSize(1))...)
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return firstHead(r)
		},
		write: func(w io.Writer, f *frame.Frame, c *config) error {
			return csv.Write(w, c.flat(f), c.csvWrite(own)...)
		},
		writeFile: func(path string, f *frame.Frame, c *config) error {
			return csv.WriteFile(path, c.flat(f), c.csvWrite(own)...)
		},
		newWriter: func(w io.Writer, c *config) Writer {
			var wr Writer = csv.NewWriter(w, c.csvWrite(own)...)
			if c.dotted {
				wr = flattening{wr}
			}
			return wr
		},
	}
}

// csvRead is the options of io/csv's reader; batched for a batch Reader.
func (c *config) csvRead(own []csv.Option, batched bool) []csv.Option {
	var derived []csv.Option
	if c.parallelism > 0 {
		derived = append(derived, csv.WithParallelism(c.parallelism))
	}
	if batched && c.batchRows > 0 {
		derived = append(derived, csv.WithBatchSize(c.batchRows))
	}
	if c.dotted {
		derived = append(derived, csv.WithNested(csv.NestedFlatten))
	}
	return options(own, derived, c.csv, csv.WithColumns(c.columns...), c.columns != nil)
}

// csvWrite is the options of io/csv's writer.
func (c *config) csvWrite(own []csv.Option) []csv.Option {
	var derived []csv.Option
	if c.dotted {
		derived = append(derived, csv.WithNested(csv.NestedJSON))
	}
	return options(own, derived, c.csv, nil, false)
}

// flat is f with its structures as dotted columns, under
// WithDottedColumns.
func (c *config) flat(f *frame.Frame) *frame.Frame {
	if c.dotted && f != nil {
		return f.Flatten()
	}
	return f
}

// flattening writes each frame's structures as dotted columns.
type flattening struct{ Writer }

func (fl flattening) Write(f *frame.Frame) error { return fl.Writer.Write(f.Flatten()) }
