package formats

import (
	"bytes"
	"io"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/parquet"
	"github.com/structframe/structframe/lazy"
)

// parquetOps reads and writes with io/parquet.
func parquetOps() ops {
	return ops{
		read: func(r io.Reader, c *config) (*frame.Frame, error) {
			src, size, err := randomAccess(r)
			if err != nil {
				return nil, err
			}
			return parquet.Read(src, size, c.parquetRead()...)
		},
		readFile: func(path string, c *config) (*frame.Frame, error) {
			return parquet.ReadFile(path, c.parquetRead()...)
		},
		newReader: func(r io.Reader, c *config) (Reader, error) {
			src, _, err := randomAccess(r)
			if err != nil {
				return nil, err
			}
			pr, err := parquet.NewReader(src, c.parquetRead()...)
			if err != nil {
				return nil, err
			}
			return pr, nil
		},
		openFile: func(path string, c *config) (Reader, error) {
			r, err := parquet.OpenFile(path, c.parquetRead()...)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
		scan: func(path string, c *config) *lazy.Frame {
			return parquet.Scan(path, c.parquetRead()...)
		},
		schema: func(path string, c *config) (*frame.Frame, error) {
			md, err := parquet.Stats(path)
			if err != nil {
				return nil, err
			}
			empty, err := emptyFrame(md.Schema)
			if err != nil || c.columns == nil {
				// without a projection the footer's schema is the
				// columns: no write and read back for every file
				return empty, err
			}
			// written without rows and read back with the options, it
			// has the columns (projected, the index made the index) the
			// file's batches have
			var buf bytes.Buffer
			if err := parquet.Write(&buf, empty); err != nil {
				return nil, err
			}
			return parquet.Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), c.parquetRead()...)
		},
		write: func(w io.Writer, f *frame.Frame, c *config) error {
			return parquet.Write(w, f, c.parquet...)
		},
		writeFile: func(path string, f *frame.Frame, c *config) error {
			return parquet.WriteFile(path, f, c.parquet...)
		},
		newWriter: func(w io.Writer, c *config) Writer {
			return parquet.NewWriter(w, c.parquet...)
		},
	}
}

// parquetRead is the options of io/parquet's reader.
func (c *config) parquetRead() []parquet.Option {
	var derived []parquet.Option
	if c.parallelism > 0 {
		derived = append(derived, parquet.WithParallelism(c.parallelism))
	}
	return options(nil, derived, c.parquet, parquet.WithColumns(c.columns...), c.columns != nil)
}

// readAtSeeker is the random access Parquet's reader needs.
type readAtSeeker interface {
	io.ReaderAt
	io.Seeker
	Size() int64
}

// randomAccess is r with the random access Parquet needs: r itself when
// it has it (a bytes.Reader, an io.SectionReader), else its bytes read
// into memory.
func randomAccess(r io.Reader) (readAtSeeker, int64, error) {
	if ra, ok := r.(readAtSeeker); ok {
		return ra, ra.Size(), nil
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, 0, err
	}
	br := bytes.NewReader(b)
	return br, br.Size(), nil
}
