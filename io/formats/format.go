package formats

import (
	"fmt"
	"io"
	"slices"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/lazy"
)

// Kind is the io package that reads and writes a format: formats of one
// kind are read by one reader, and files of one kind make one dataset
// (io/dataset reads .csv and .tsv files together, each with its own
// delimiter).
type Kind uint8

// The kinds, in the order io/dataset names them.
const (
	// KindParquet is io/parquet's.
	KindParquet Kind = iota + 1
	// KindIPC is io/ipc's: the Arrow IPC file and stream formats.
	KindIPC
	// KindCSV is io/csv's: CSV and TSV.
	KindCSV
	// KindJSON is io/json's: JSON arrays of records and NDJSON.
	KindJSON
)

var kindNames = [...]string{KindParquet: "parquet", KindIPC: "ipc", KindCSV: "csv", KindJSON: "json"}

// String names the kind as its package: "parquet", "ipc", "csv", "json".
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Reader reads an input batch by batch: what the Readers of io/csv,
// io/json, io/ipc and io/parquet have in common. Every batch of one Reader
// has the same columns.
type Reader interface {
	// Next reads the next batch, reporting false at the end or on error.
	Next() bool
	// Frame is the batch the last successful Next read.
	Frame() *frame.Frame
	// Err is the error that ended the batches, nil at the end of the input.
	Err() error
	// Close gives up the input (a file OpenFile opened, a mapping).
	Close() error
}

// Writer writes frames one after another into one output: what the
// Writers of io/csv, io/json, io/ipc and io/parquet have in common.
type Writer interface {
	// Write appends the rows of a frame; every frame has the first one's
	// columns.
	Write(*frame.Frame) error
	// Close ends the output (a footer, the end of an array); it does not
	// close the io.Writer the Writer writes to.
	Close() error
}

// Format is one row of the table: a file format, what it is called, and
// how it is read and written. The rows are the package's variables ([CSV],
// [TSV], [JSON], [NDJSON], [Arrow], [ArrowStream], [Parquet]); compare
// them by pointer.
type Format struct {
	name    string         // canonical, as messages say it
	aliases []string       // other names listed for users ("jsonl")
	exts    []string       // lower case, with the dot; the first is written
	kind    Kind           // the package that reads it
	text    bool           // text: the reader decompresses gzip and zstd
	nested  bool           // holds structures and lists
	untyped bool           // stores no types (a column without values is text)
	magic   []sniff.Format // the content its first bytes show
	leads   string         // text whose first byte (past spaces) is one of these
	ops     ops
}

// ops is how a row reads and writes, in its package's own terms.
type ops struct {
	read      func(r io.Reader, c *config) (*frame.Frame, error)
	readFile  func(path string, c *config) (*frame.Frame, error)
	newReader func(r io.Reader, c *config) (Reader, error)
	openFile  func(path string, c *config) (Reader, error)
	schema    func(path string, c *config) (*frame.Frame, error)
	scan      func(path string, c *config) *lazy.Frame
	write     func(w io.Writer, f *frame.Frame, c *config) error
	writeFile func(path string, f *frame.Frame, c *config) error
	newWriter func(w io.Writer, c *config) Writer
}

// Name is the format's name as users type it and messages say it: "csv",
// "tsv", "json", "ndjson", "arrow", "arrows", "parquet".
func (f *Format) Name() string { return f.name }

// String is the format's name.
func (f *Format) String() string { return f.name }

// Names are the names listed for users: the name, then its aliases
// ("ndjson", "jsonl"). [ByName] also takes each extension without its dot
// ("pq", "tab").
func (f *Format) Names() []string { return append([]string{f.name}, f.aliases...) }

// Exts are the extensions of the format's files, lower case with the dot;
// the first is the one writers give a new file (".parquet").
func (f *Format) Exts() []string { return slices.Clone(f.exts) }

// Kind is the io package that reads and writes the format.
func (f *Format) Kind() Kind { return f.kind }

// Text reports whether the format is text, which its reader also reads
// compressed with gzip or zstd (data.csv.gz) and a writer's output may be
// compressed whole. Arrow and Parquet files compress their own buffers and
// pages and are read and written uncompressed.
func (f *Format) Text() bool { return f.text }

// Nested reports whether the format holds nested columns (structures,
// lists). CSV and TSV do not: see [WithDottedColumns].
func (f *Format) Nested() bool { return f.nested }

// Untyped reports whether the format stores no types, so that a reader
// infers them from the values and a column without any value is read as
// strings (CSV, TSV). A reader of many files may rather take such a
// column's type from the other files.
func (f *Format) Untyped() bool { return f.untyped }

// Read reads the whole of r as a frame. Parquet needs random access: r is
// read into memory unless it has ReadAt and Size (a bytes.Reader, an
// io.SectionReader). Text may be compressed with gzip or zstd.
func (f *Format) Read(r io.Reader, opts ...Option) (*frame.Frame, error) {
	return f.ops.read(r, newConfig(opts))
}

// ReadFile reads the file at path as a frame, with the reader's own file
// access: a memory mapping (Arrow), ranges decoded in parallel (CSV,
// JSON, Parquet).
func (f *Format) ReadFile(path string, opts ...Option) (*frame.Frame, error) {
	return f.ops.readFile(path, newConfig(opts))
}

// NewReader reads r batch by batch (see [WithBatchSize]). Parquet needs
// random access, as for [Format.Read].
func (f *Format) NewReader(r io.Reader, opts ...Option) (Reader, error) {
	return f.ops.newReader(r, newConfig(opts))
}

// OpenFile opens the file at path for reading batch by batch: a text
// format's batches of rows, an Arrow file's record batches, a Parquet
// file's row groups. Close the Reader when done.
func (f *Format) OpenFile(path string, opts ...Option) (Reader, error) {
	return f.ops.openFile(path, newConfig(opts))
}

// Scan makes a lazy query over the file at path, read with the format's
// own Scan (json.Scan, csv.Scan, ipc.Scan, parquet.Scan) under opts as
// OpenFile takes them: the query reads only the columns, nested paths,
// rows and row groups its plan needs when it runs.
func (f *Format) Scan(path string, opts ...Option) *lazy.Frame {
	return f.ops.scan(path, newConfig(opts))
}

// Schema is the columns the batches of [Format.OpenFile] have, as a frame
// without rows: from the footer of a Parquet file and the header of an
// Arrow file (nothing else is read), by the reader's type inference for
// the text formats (which reads the file). Options as for OpenFile.
func (f *Format) Schema(path string, opts ...Option) (*frame.Frame, error) {
	return f.ops.schema(path, newConfig(opts))
}

// Write writes fr to w.
func (f *Format) Write(w io.Writer, fr *frame.Frame, opts ...Option) error {
	return f.ops.write(w, fr, newConfig(opts))
}

// WriteFile writes fr to a new file at path (replacing one there).
func (f *Format) WriteFile(path string, fr *frame.Frame, opts ...Option) error {
	return f.ops.writeFile(path, fr, newConfig(opts))
}

// NewWriter writes frames one after another to w, as one output of the
// format; Close ends it.
func (f *Format) NewWriter(w io.Writer, opts ...Option) Writer {
	return f.ops.newWriter(w, newConfig(opts))
}
