package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/structframe/structframe/frame"
	sniffpkg "github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/dataset"
	"github.com/structframe/structframe/io/ipc"
	sjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

// format is a file format the command reads and writes.
type format string

const (
	fmtCSV     format = "csv"
	fmtTSV     format = "tsv"
	fmtJSON    format = "json"
	fmtNDJSON  format = "ndjson"
	fmtArrow   format = "arrow"
	fmtParquet format = "parquet"
)

// formatNames maps every name --from, --to and file extensions use to
// its format.
var formatNames = map[string]format{
	"csv": fmtCSV, "tsv": fmtTSV, "tab": fmtTSV,
	"json": fmtJSON, "ndjson": fmtNDJSON, "jsonl": fmtNDJSON,
	"arrow": fmtArrow, "feather": fmtArrow, "ipc": fmtArrow, "arrows": fmtArrow,
	"parquet": fmtParquet, "pq": fmtParquet,
}

// formatList names the formats for messages.
const formatList = "csv, tsv, json, ndjson/jsonl, arrow/feather/ipc, parquet"

// parseFormat reads a --from or --to value.
func parseFormat(s string) (format, error) {
	if f, ok := formatNames[strings.ToLower(strings.TrimPrefix(s, "."))]; ok {
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (formats: %s)", s, formatList)
}

// formatOf is the format a path's extension names, or "" for none; a
// compression extension is looked through: "events.csv.gz" is CSV, which
// the CSV reader decompresses.
func formatOf(path string) format {
	return formatNames[strings.ToLower(strings.TrimPrefix(filepath.Ext(sniffpkg.TrimExt(path)), "."))]
}

// textFormats names the formats the text readers read, for messages.
const textFormats = "CSV or JSON"

// sniff guesses the format of data whose name says nothing (standard
// input, an unknown extension) from its first bytes: Arrow's and
// Parquet's magic, a JSON bracket or brace, else CSV. Compressed data
// (gzip, zstd) is looked into: inner is the head of its text. Content no
// reader reads (a zip archive, an xz stream, NUL bytes) is an error
// saying what it looks like.
func sniff(head, inner []byte) (format, error) {
	switch k := sniffpkg.Detect(head); k {
	case sniffpkg.ArrowFile, sniffpkg.ArrowStream:
		return fmtArrow, nil
	case sniffpkg.Parquet:
		return fmtParquet, nil
	case sniffpkg.Gzip, sniffpkg.Zstd:
		switch in := sniffpkg.Detect(inner); in {
		case sniffpkg.Text:
			return textFormat(inner), nil
		case sniffpkg.ArrowFile, sniffpkg.ArrowStream, sniffpkg.Parquet:
			return "", compressedBinary(k, in)
		default:
			return "", &sniffpkg.Error{Format: k, Inner: in, Want: textFormats}
		}
	case sniffpkg.Text:
		return textFormat(head), nil
	default:
		return "", &sniffpkg.Error{Format: k, Want: textFormats}
	}
}

// compressedBinary is the error for an Arrow or Parquet file compressed
// whole.
func compressedBinary(k, in sniffpkg.Format) error {
	return fmt.Errorf("looks like %s compressed with %s: Arrow and Parquet files are read uncompressed (they compress their own pages); decompress it first", in, k)
}

// textFormat tells JSON (a bracket or brace first) from CSV.
func textFormat(head []byte) format {
	t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(t) > 0 && (t[0] == '[' || t[0] == '{') {
		return fmtJSON
	}
	return fmtCSV
}

// source is the input of a run: a file, standard input or the bundled
// recipes.
type source struct {
	name  string    // as messages name it
	path  string    // the file's path; "" for standard input and the bundled file
	data  []byte    // the whole input when it is not a file
	stdin io.Reader // standard input, read when name is "-"
}

// read reads the source in format f ("" to go by extension, then by
// content), with a progress bar on prog when it is not nil.
func (s source) read(f format, prog *progress) (*frame.Frame, error) {
	if s.path != "" && isDataset(s.path) {
		return readDataset(s.path, f)
	}
	s, f, err := s.resolve(f, prog)
	if err != nil {
		return nil, err
	}
	if s.data != nil {
		return readBytes(s.data, f)
	}
	return readFile(s.path, f, prog)
}

// resolve makes a source ready to read in a known format: standard input
// read into memory, and the format f ("" to go by extension, then by
// content) decided. It is not for datasets (see isDataset).
func (s source) resolve(f format, prog *progress) (source, format, error) {
	if s.path != "" && f == "" {
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
	if f == "" {
		head, inner, err := s.head()
		if err != nil {
			return s, f, err
		}
		if f, err = sniff(head, inner); err != nil {
			return s, f, err
		}
	} else if s.path != "" && (f == fmtArrow || f == fmtParquet) && compressedName(s.path) {
		return s, f, fmt.Errorf("decompress %s first: Arrow and Parquet files are read uncompressed (they compress their own pages)", filepath.Base(s.path))
	}
	return s, f, nil
}

// head is the first bytes of the source, and when they are compressed
// (gzip, zstd) the first bytes of the text inside, for sniff.
func (s source) head() (head, inner []byte, err error) {
	var r io.Reader
	if s.data != nil {
		r = bytes.NewReader(s.data)
	} else {
		fh, err := os.Open(s.path)
		if err != nil {
			return nil, nil, err
		}
		defer fh.Close()
		r = fh
	}
	head, rest, err := sniffpkg.Peek(r, sniffpkg.HeadSize)
	if err != nil {
		return nil, nil, err
	}
	if k := sniffpkg.Magic(head); !k.Compressed() {
		return head, nil, nil
	}
	in, err := sniffpkg.Open(rest, sniffpkg.Options{Want: textFormats, KeepNUL: true})
	var se *sniffpkg.Error
	if errors.As(err, &se) && (se.Inner == sniffpkg.Parquet || se.Inner == sniffpkg.ArrowFile || se.Inner == sniffpkg.ArrowStream) {
		return nil, nil, compressedBinary(se.Format, se.Inner)
	}
	if err != nil {
		return nil, nil, err
	}
	defer in.Close()
	inner, _, err = sniffpkg.Peek(in.Reader, sniffpkg.HeadSize)
	return head, inner, err
}

// isDataset reports whether path names several files: a directory, or
// a glob pattern that is not itself a file's name.
func isDataset(path string) bool {
	st, err := os.Stat(path)
	if err == nil {
		return st.IsDir()
	}
	return strings.ContainsAny(path, "*?[")
}

// readDataset reads a directory (hive partitions become columns) or a
// glob of files of one format as one frame (io/dataset): the format is f,
// or each file's extension.
func readDataset(path string, f format) (*frame.Frame, error) {
	fr, err := dataset.Read(path, datasetOptions(f)...)
	if f == "" && errors.Is(err, dataset.ErrOption) {
		return nil, fmt.Errorf("%w (here: --from FORMAT)", err)
	}
	return fr, err
}

// datasetOptions are the options of io/dataset for files of format f
// ("": each file's extension).
func datasetOptions(f format) []dataset.Option {
	opts := []dataset.Option{
		dataset.WithCSVOptions(csv.WithNested(csv.NestedFlatten)),
	}
	switch f {
	case fmtCSV:
		opts = append(opts, dataset.WithFormat(dataset.CSV))
	case fmtTSV:
		opts = append(opts, dataset.WithFormat(dataset.CSV), dataset.WithCSVOptions(csv.WithDelimiter('\t')))
	case fmtJSON, fmtNDJSON:
		opts = append(opts, dataset.WithFormat(dataset.JSON))
	case fmtArrow:
		opts = append(opts, dataset.WithFormat(dataset.IPC))
	case fmtParquet:
		opts = append(opts, dataset.WithFormat(dataset.Parquet))
	}
	return opts
}

// readBytes decodes an input held in memory.
func readBytes(b []byte, f format) (*frame.Frame, error) {
	switch f {
	case fmtCSV:
		return csv.Read(bytes.NewReader(b), csv.WithNested(csv.NestedFlatten))
	case fmtTSV:
		return csv.Read(bytes.NewReader(b), csv.WithDelimiter('\t'), csv.WithNested(csv.NestedFlatten))
	case fmtJSON, fmtNDJSON:
		return sjson.Read(bytes.NewReader(b))
	case fmtArrow:
		return ipc.Read(bytes.NewReader(b))
	case fmtParquet:
		return parquet.Read(bytes.NewReader(b), int64(len(b)))
	}
	return nil, fmt.Errorf("unknown format %q", f)
}

// readFile decodes a file: the readers' own file functions (memory
// mapping, parallel decoding) unless a progress bar counts the bytes.
func readFile(path string, f format, prog *progress) (*frame.Frame, error) {
	if f == fmtArrow {
		return ipc.ReadFile(path)
	}
	if f == fmtParquet {
		return parquet.ReadFile(path)
	}
	if !prog.enabled() {
		switch f {
		case fmtCSV:
			return csv.ReadFile(path, csv.WithNested(csv.NestedFlatten))
		case fmtTSV:
			return csv.ReadFile(path, csv.WithDelimiter('\t'), csv.WithNested(csv.NestedFlatten))
		default:
			return sjson.ReadFile(path)
		}
	}
	fh, err := os.Open(path)
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
	switch f {
	case fmtCSV:
		return csv.Read(r, csv.WithNested(csv.NestedFlatten))
	case fmtTSV:
		return csv.Read(r, csv.WithDelimiter('\t'), csv.WithNested(csv.NestedFlatten))
	default:
		return sjson.Read(r)
	}
}

// write encodes fr to w in format f. CSV and TSV hold no nesting:
// structures become dotted columns (read back into structures) and lists
// JSON text.
func write(w io.Writer, fr *frame.Frame, f format) error {
	switch f {
	case fmtCSV, fmtTSV:
		opts := []csv.Option{csv.WithNested(csv.NestedJSON)}
		if f == fmtTSV {
			opts = append(opts, csv.WithDelimiter('\t'))
		}
		return csv.Write(w, fr.Flatten(), opts...)
	case fmtJSON:
		return sjson.Write(w, fr, sjson.WithFormat(sjson.Array))
	case fmtNDJSON:
		return sjson.Write(w, fr, sjson.WithFormat(sjson.NDJSON))
	case fmtArrow:
		return ipc.Write(w, fr)
	case fmtParquet:
		return parquet.Write(w, fr)
	}
	return fmt.Errorf("unknown format %q", f)
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
func writeFile(path string, fr *frame.Frame, f format, prog *progress) error {
	return writeTo(path, prog, func(w io.Writer) error { return write(w, fr, f) })
}

// writeTo writes to path through a temporary file renamed at the end, so
// that a failed conversion leaves no half-written output and the old
// file, if any, stays as it was; prog counts the bytes written (nil: no
// progress bar). The temporary file is removed on every way out: an
// error, a panic (which goes on once the file is gone), and an interrupt
// or termination signal (see removeOnSignal).
func writeTo(path string, prog *progress, write func(io.Writer) error) (err error) {
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
	zw, err := compressor(path, bw)
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

// compressor is what compresses an output whose name ends in .gz or .zst
// (gzip, zstd; klauspost/compress), or w itself with a Close that does
// nothing.
func compressor(path string, w io.Writer) (io.WriteCloser, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".gz", ".gzip":
		return gzip.NewWriter(w), nil
	case ".zst", ".zstd":
		return zstd.NewWriter(w)
	}
	return nopCloser{w}, nil
}

// nopCloser is an io.Writer with a Close that does nothing.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// compressedName reports whether a path ends in a compression extension.
func compressedName(path string) bool { return sniffpkg.TrimExt(path) != path }

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
