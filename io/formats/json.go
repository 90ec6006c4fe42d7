package formats

import (
	"io"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/lazy"
)

// jsonOps reads and writes with io/json. Its reader tells a JSON array
// from JSON lines itself, so both formats read either; written is the
// layout given.
func jsonOps(layout json.Format) ops {
	own := []json.Option{json.WithFormat(layout)}
	return ops{
		read: func(r io.Reader, c *config) (*frame.Frame, error) {
			return json.Read(r, c.jsonRead(false)...)
		},
		readFile: func(path string, c *config) (*frame.Frame, error) {
			return json.ReadFile(path, c.jsonRead(false)...)
		},
		newReader: func(r io.Reader, c *config) (Reader, error) {
			return json.NewReader(r, c.jsonRead(true)...), nil
		},
		openFile: func(path string, c *config) (Reader, error) {
			r, err := json.OpenFile(path, c.jsonRead(true)...)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
		scan: func(path string, c *config) *lazy.Frame {
			return json.Scan(path, c.jsonRead(true)...)
		},
		schema: func(path string, c *config) (*frame.Frame, error) {
			// the reader infers the schema over the whole input before
			// its first batch
			r, err := json.OpenFile(path, append(c.jsonRead(true), json.WithBatchSize(1))...)
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return firstHead(r)
		},
		write: func(w io.Writer, f *frame.Frame, c *config) error {
			return json.Write(w, f, options(own, nil, c.json, nil, false)...)
		},
		writeFile: func(path string, f *frame.Frame, c *config) error {
			return json.WriteFile(path, f, options(own, nil, c.json, nil, false)...)
		},
		newWriter: func(w io.Writer, c *config) Writer {
			return json.NewWriter(w, options(own, nil, c.json, nil, false)...)
		},
	}
}

// jsonRead is the options of io/json's reader; batched for a batch
// Reader.
func (c *config) jsonRead(batched bool) []json.Option {
	var derived []json.Option
	if c.parallelism > 0 {
		derived = append(derived, json.WithParallelism(c.parallelism))
	}
	if batched && c.batchRows > 0 {
		derived = append(derived, json.WithBatchSize(c.batchRows))
	}
	return options(nil, derived, c.json, json.WithColumns(c.columns...), c.columns != nil)
}
