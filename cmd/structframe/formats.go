package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/dataset"
	"github.com/structframe/structframe/io/formats"
)

// formatOptions are the options every input is read and every output
// written with. The formats are io/formats' table: --from, --to and file
// extensions name its rows, and every read, batch and write goes through
// a row. CSV and TSV hold no nesting, so structures are written as dotted
// columns (and read back into structures) and lists as JSON text.
var formatOptions = []formats.Option{formats.WithDottedColumns(true)}

// formatOf is the format a path's extension names, or nil for none; a
// compression extension is looked through: "events.csv.gz" is CSV, which
// the CSV reader decompresses.
func formatOf(path string) *formats.Format {
	f, err := formats.ByPath(path)
	if err != nil {
		return nil
	}
	return f
}

// source is the input of a run: a file, standard input or the bundled
// recipes.
type source struct {
	name  string    // as messages name it
	path  string    // the file's path; "" for standard input and the bundled file
	data  []byte    // the whole input when it is not a file
	stdin io.Reader // standard input, read when name is "-"
	// lenient reads JSON type conflicts as JSON text (see conflict.go).
	lenient bool
	extra   []formats.Option // after the others (a probe's projection)
}

// options are the format options the source is read with.
func (s source) options() []formats.Option {
	opts := formatOptions
	if s.lenient {
		opts = lenientOptions
	}
	if len(s.extra) > 0 {
		opts = append(append([]formats.Option{}, opts...), s.extra...)
	}
	return opts
}

// probe reads a resolved source in format f strictly, batch by batch and
// projected to some columns, for its error (see conflictFields).
func (s source) probe(f *formats.Format) func(cols []string) error {
	return func(cols []string) error {
		s.lenient, s.extra = false, []formats.Option{formats.WithColumns(cols...)}
		var r formats.Reader
		var err error
		if s.path != "" && s.data == nil && isDataset(s.path) {
			r, err = openDatasetBatches(s.path, f, s.options())
		} else {
			r, err = s.openBatches(f, nil)
		}
		if err != nil {
			return err
		}
		defer r.Close()
		for r.Next() {
		}
		return r.Err()
	}
}

// read reads the source in format f (nil to go by extension, then by
// content), with a progress bar on prog when it is not nil.
func (s source) read(f *formats.Format, prog *progress) (*frame.Frame, error) {
	if s.path != "" && isDataset(s.path) {
		return readDataset(s.path, f, s.options())
	}
	s, f, err := s.resolve(f, prog)
	if err != nil {
		return nil, err
	}
	if s.data != nil {
		return f.Read(bytes.NewReader(s.data), s.options()...)
	}
	return readFile(s.path, f, prog, s.options())
}

// resolve makes a source ready to read in a known format: standard input
// read into memory, and the format f (nil to go by extension, then by
// content) decided. It is not for datasets (see isDataset).
func (s source) resolve(f *formats.Format, prog *progress) (source, *formats.Format, error) {
	if s.path != "" && f == nil {
		f = formatOf(s.path)
	}
	if s.path == "" && s.data == nil {
		b, err := io.ReadAll(prog.wrap(s.stdin, -1))
		prog.done()
		if err != nil {
			return s, f, err
		}
		s.data, s.stdin = b, nil
		if s.data == nil {
			s.data = []byte{}
		}
	}
	if f == nil {
		var err error
		if f, err = s.detect(); err != nil {
			return s, f, err
		}
	} else if s.path != "" && !f.Text() && formats.Compressed(s.path) {
		return s, f, fmt.Errorf("decompress %s first: Arrow and Parquet files are read uncompressed (they compress their own pages)", filepath.Base(s.path))
	}
	return s, f, nil
}

// detect tells the format of the source from its first bytes (see
// formats.Detect).
func (s source) detect() (*formats.Format, error) {
	if s.data != nil {
		return formats.Detect(bytes.NewReader(s.data))
	}
	fh, err := store.Open(context.Background(), s.path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return formats.Detect(fh)
}

// isDataset reports whether path names several files: a directory, or
// a glob pattern that is not itself a file's name.
func isDataset(path string) bool {
	if store.IsURL(path) {
		if strings.ContainsAny(store.PathOf(path), "*[") {
			return true
		}
		_, dir, err := store.Stat(context.Background(), path)
		return err == nil && dir
	}
	st, err := os.Stat(path)
	if err == nil {
		return st.IsDir()
	}
	return strings.ContainsAny(path, "*?[")
}

// readDataset reads a directory (hive partitions become columns) or a
// glob of files of one format as one frame (io/dataset): the format is f,
// or each file's extension.
func readDataset(path string, f *formats.Format, opts []formats.Option) (*frame.Frame, error) {
	fr, err := dataset.Read(path, datasetOptions(f, opts)...)
	if f == nil && errors.Is(err, dataset.ErrOption) {
		return nil, fmt.Errorf("%w (here: --from FORMAT)", err)
	}
	return fr, err
}

// datasetOptions are the options of io/dataset for files of format f
// (nil: each file's extension), read with the format options fopts.
func datasetOptions(f *formats.Format, fopts []formats.Option) []dataset.Option {
	opts := []dataset.Option{dataset.WithFormatOptions(fopts...)}
	if f != nil {
		opts = append(opts, dataset.WithFileFormat(f))
	}
	return opts
}

// readFile decodes a file: the readers' own file functions (memory
// mapping, parallel decoding) unless a progress bar counts the bytes of
// a text file.
func readFile(path string, f *formats.Format, prog *progress, opts []formats.Option) (*frame.Frame, error) {
	if !f.Text() || !prog.enabled() {
		return f.ReadFile(path, opts...)
	}
	fh, err := store.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	r := prog.wrapFile(fh, st.Size())
	defer prog.done()
	return f.Read(r, opts...)
}

// write encodes fr to w in format f. CSV and TSV hold no nesting:
// structures become dotted columns (read back into structures) and lists
// JSON text.
func write(w io.Writer, fr *frame.Frame, f *formats.Format) error {
	return f.Write(w, fr, formatOptions...)
}

// jsonColumns names the columns write puts in CSV as JSON text: those
// still nested (lists, lists of structures) once structures are flattened
// to dotted columns.
func jsonColumns(fr *frame.Frame) []string {
	flat := fr.Flatten()
	var out []string
	for _, name := range flat.Columns() {
		if s, err := flat.Column(name); err == nil && s.Value().Rank() != 1 {
			out = append(out, name)
		}
	}
	return out
}

// writeFile writes fr to path in format f (see writeTo).
func writeFile(path string, fr *frame.Frame, f *formats.Format, prog *progress) error {
	return writeTo(path, prog, func(w io.Writer) error { return write(w, fr, f) })
}

// writeTo writes to path through a temporary file renamed at the end, so
// that a failed conversion leaves no half-written output and the old
// file, if any, stays as it was; prog counts the bytes written (nil: no
// progress bar). The temporary file is removed on every way out: an
// error, a panic (which goes on once the file is gone), and an interrupt
// or termination signal (see removeOnSignal).
func writeTo(path string, prog *progress, write func(io.Writer) error) (err error) {
	if store.IsURL(path) {
		return writeObject(path, prog, write)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return withoutTemp(err)
	}
	forget := removeOnSignal(tmp.Name())
	defer forget()
	renamed := false
	defer func() {
		if !renamed {
			tmp.Close()
			os.Remove(tmp.Name())
			if err != nil {
				err = withoutTemp(err)
			}
		}
	}()
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	// Some writers close what they write to when it is a Closer; the
	// file is closed here, once.
	bw := bufio.NewWriterSize(outputSeam(prog.wrapWriter(struct{ io.Writer }{tmp})), 1<<20)
	zw, err := formats.Compress(path, bw)
	if err != nil {
		return err
	}
	err = write(zw)
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = bw.Flush()
	}
	prog.done()
	if err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	renamed = true
	return nil
}

// outputSeam lets a test put a writer of its own (one that panics, say)
// between a conversion and its temporary file.
var outputSeam = func(w io.Writer) io.Writer { return w }

// withoutTemp drops the temporary file's name from a file system error of
// writeFile: it means nothing to the user, who is told the output path
// and the reason (no such directory, permission denied).
func withoutTemp(err error) error {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return fmt.Errorf("cannot write: %w", pe.Err)
	case errors.As(err, &le):
		return fmt.Errorf("cannot write: %w", le.Err)
	}
	return err
}

// writeObject is writeTo for a URL: the object is uploaded as it is
// written and appears at its key only when complete (store.Create), so
// no temporary object is needed.
func writeObject(path string, prog *progress, write func(io.Writer) error) error {
	out, err := store.Create(context.Background(), path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(outputSeam(prog.wrapWriter(struct{ io.Writer }{out})), 1<<20)
	zw, err := formats.Compress(store.PathOf(path), bw)
	if err == nil {
		err = write(zw)
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	prog.done()
	if err != nil {
		out.Abort()
		return err
	}
	return out.Close()
}
