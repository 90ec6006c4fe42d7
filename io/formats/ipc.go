package formats

import (
	"io"
	"slices"
	"strings"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/lazy"
)

// ipcOps reads and writes with io/ipc. Its reader tells the file format
// from the stream format itself, so both formats read either; written is
// the layout given.
func ipcOps(layout ipc.Format) ops {
	var own []ipc.Option
	if layout != ipc.Auto {
		own = append(own, ipc.WithFormat(layout))
	}
	return ops{
		read: func(r io.Reader, c *config) (*frame.Frame, error) {
			f, err := ipc.Read(r, c.ipc...)
			if err != nil {
				return nil, err
			}
			return selectPresent(f, c.columns), nil
		},
		readFile: func(path string, c *config) (*frame.Frame, error) {
			f, err := ipc.ReadFile(path, c.ipc...)
			if err != nil {
				return nil, err
			}
			return selectPresent(f, c.columns), nil
		},
		newReader: func(r io.Reader, c *config) (Reader, error) {
			return selecting(ipc.NewReader(r, c.ipc...), c.columns), nil
		},
		openFile: func(path string, c *config) (Reader, error) {
			r, err := ipc.OpenFile(path, c.ipc...)
			if err != nil {
				return nil, err
			}
			return selecting(r, c.columns), nil
		},
		scan: func(path string, c *config) *lazy.Frame {
			q := ipc.Scan(path, c.ipc...)
			if c.columns != nil {
				q = q.Select(c.columns...)
			}
			return q
		},
		schema: func(path string, c *config) (*frame.Frame, error) {
			r, err := ipc.OpenFile(path, c.ipc...)
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
			return selectPresent(f, c.columns), nil
		},
		write: func(w io.Writer, f *frame.Frame, c *config) error {
			return ipc.Write(w, f, options(own, nil, c.ipc, nil, false)...)
		},
		writeFile: func(path string, f *frame.Frame, c *config) error {
			return ipc.WriteFile(path, f, options(own, nil, c.ipc, nil, false)...)
		},
		newWriter: func(w io.Writer, c *config) Writer {
			return ipc.NewWriter(w, options(own, nil, c.ipc, nil, false)...)
		},
	}
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

// selecting projects every batch of r to cols (nil: r itself).
func selecting(r Reader, cols []string) Reader {
	if cols == nil {
		return r
	}
	return &selectReader{Reader: r, cols: cols}
}

// selectReader projects every batch of an Arrow Reader.
type selectReader struct {
	Reader
	cols []string
}

func (s *selectReader) Frame() *frame.Frame { return selectPresent(s.Reader.Frame(), s.cols) }
