package json

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// Writing. A Frame is written as rows: each row one JSON object whose
// fields are the columns in order, nested columns as nested JSON
// (structures as objects with their fields in schema order, lists and
// ragged or fixed inner dimensions as arrays, map columns as objects), and
// nulls at every level (a null item, list, structure or map) as null. A
// label index or MultiIndex is the field "_index_" of every row (see
// [frame.Frame.Tensor]), so reading the file back gives the Frame, index
// included; a range index writes nothing. Scalars: write_number.go,
// write_string.go, write_time.go and the table in write_leaf.go.
//
// What is written decodes (encoding/json with UseNumber) to what
// [structured.Tensor.ToValue] gives, value for value, except where JSON has
// no such type: dates, times, timestamps and durations are strings,
// binaries base64 strings, decimals numbers, floats keep a ".0", the keys
// of a map whose keys are not strings are their JSON text, and NaN and
// ±Inf follow [WithNonFinite].
//
// Layouts ([WithFormat]): [NDJSON] writes one row per line; [Array] writes
// one array of the rows, compact (no whitespace at all) or indented by
// [WithIndent] (laid out as json.MarshalIndent lays it out); [Document]
// writes a rank-0 Tensor as one object. Every layout ends with a newline.
// Keys come in schema order (encoding/json sorts map keys). Output goes
// to the io.Writer in writes of 256 KiB to about 1 MiB (a buffer, or the
// chunks of rows formatted on other cores): the io.Writer needs no bufio
// around it.
//
// Speed: the Tensor is compiled once per call into a tree of writers, one
// per column, list level and structure, closures over the typed Arrow
// arrays (write_compile.go); rows are then appended to a reused buffer
// with no boxing into any and no reflection, strings scanned eight bytes
// at a time, short float64 decimals formatted without strconv's general
// algorithm, and rows formatted on every core in chunks written in order
// (write_parallel.go). On one goroutine that is 15 to 25 times
// encoding/json's speed on flat rows and 6 to 10 times on nested ones; see
// write_bench_test.go for the figures.

// writeFlushAt is the buffer size at which output is handed to the io.Writer.
const writeFlushAt = 256 << 10

// Write writes the rows of f to w as JSON: an [Array] of objects unless
// [WithFormat] asks for [NDJSON] ([Auto] is Array here, as there is no file
// name to go by; [Document] is an error, a Frame being rows). Each row
// holds the index as "_index_" unless it is a range index or
// [WithIndexField](false) is given. On error the output is incomplete: what
// was handed to w before the failing row is not valid JSON on its own.
func Write(w io.Writer, f *frame.Frame, opts ...Option) error {
	cfg := makeConfig(opts)
	t, err := frameTensor(f, &cfg.write)
	if err != nil {
		return err
	}
	format, err := rowsFormat(cfg.format, "")
	if err != nil {
		return err
	}
	return writeAll(w, t, format, &cfg.write)
}

// WriteFile writes f to the file at path as [Write] does, creating or
// truncating it. [Auto] picks [NDJSON] for a path ending in .ndjson or
// .jsonl (any case) and [Array] otherwise. On error the file is removed,
// so that no partial file is left looking complete.
func WriteFile(path string, f *frame.Frame, opts ...Option) error {
	cfg := makeConfig(opts)
	t, err := frameTensor(f, &cfg.write)
	if err != nil {
		return err
	}
	format, err := rowsFormat(cfg.format, path)
	if err != nil {
		return err
	}
	err = store.WriteFile(context.Background(), path, func(w io.Writer) error {
		return writeAll(w, t, format, &cfg.write)
	})
	var se *store.Error
	var pe *fs.PathError
	if err != nil && (errors.As(err, &se) || errors.As(err, &pe)) { // the file's, not the data's
		err = fmt.Errorf("json: write: %w", err)
	}
	return err
}

// WriteTensor writes t to w as JSON. A rank-0 Tensor is one object
// ([Auto] and [Document]; [NDJSON] gives the same object on one line;
// [Array] is an error, as it would read back as one row). A rank-1 Tensor
// is rows of objects, a Tensor of rank r > 1 rows that are lists nested
// r-1 deep down to its objects, written as an [Array] ([Auto]) or as
// [NDJSON]; [Document] is an error for them. A field "_index_" is written
// as any other field.
func WriteTensor(w io.Writer, t *structured.Tensor, opts ...Option) error {
	if t == nil {
		return errors.New("json: write: nil Tensor")
	}
	cfg := makeConfig(opts)
	format := cfg.format
	if t.Rank() == 0 {
		switch format {
		case Auto, Document:
			format = Document
		case NDJSON:
		default:
			return fmt.Errorf("json: write: a rank-0 Tensor is one object, not rows: write it as Document or NDJSON, not %s", writeFormatName(format))
		}
	} else if format == Document {
		return fmt.Errorf("json: write: a Document is one object (a rank-0 Tensor); this Tensor has rank %d: write it as Array or NDJSON", t.Rank())
	}
	format, err := rowsFormat(format, "")
	if err != nil {
		return err
	}
	return writeAll(w, t, format, &cfg.write)
}

// frameTensor is the Tensor written for f: with its index unless told
// otherwise.
func frameTensor(f *frame.Frame, cfg *writeConfig) (*structured.Tensor, error) {
	if f == nil {
		return nil, errors.New("json: write: nil Frame")
	}
	var (
		t   *structured.Tensor
		err error
	)
	if cfg.noIndex {
		t, err = f.Data()
	} else {
		t, err = f.Tensor()
	}
	if err != nil {
		return nil, fmt.Errorf("json: write: %w", err)
	}
	return t, nil
}

// rowsFormat resolves Auto for rows written to path ("" for a stream):
// NDJSON for .ndjson and .jsonl, Array otherwise. A Document (already
// checked to be a rank-0 Tensor by the caller) stays one.
func rowsFormat(f Format, path string) (Format, error) {
	switch f {
	case Auto:
		switch strings.ToLower(filepath.Ext(store.PathOf(path))) {
		case ".ndjson", ".jsonl":
			return NDJSON, nil
		}
		return Array, nil
	case NDJSON, Array, Document:
		return f, nil
	}
	return f, fmt.Errorf("json: write: unknown Format %d", f)
}

// writeFormatName names a Format in messages.
func writeFormatName(f Format) string {
	switch f {
	case Auto:
		return "Auto"
	case NDJSON:
		return "NDJSON"
	case Array:
		return "Array"
	case Document:
		return "Document"
	}
	return fmt.Sprintf("Format(%d)", f)
}

// writeAll writes the whole of t in a resolved format.
func writeAll(w io.Writer, t *structured.Tensor, format Format, cfg *writeConfig) error {
	if format == Document && t.Rank() != 0 {
		return fmt.Errorf("json: write: a Document is one object (a rank-0 Tensor); a Frame or a Tensor of rank %d is rows: write it as Array or NDJSON", t.Rank())
	}
	e := newRowEncoder(w, format, cfg)
	if err := e.writeChunks(t); err != nil {
		return err
	}
	return e.close()
}

// writeChunks writes the rows of t chunk by chunk (structured.Tensor.
// RowChunks): a Tensor read from several record batches, or joined from
// several inputs, is written without joining its fields. An error names
// its row in t.
func (e *rowEncoder) writeChunks(t *structured.Tensor) error {
	start := 0
	for _, chunk := range t.RowChunks() {
		if err := e.rows(chunk); err != nil {
			return shiftRow(err, start)
		}
		start += chunk.NumRows()
	}
	return nil
}

// rowEncoder lays rows out in a format and hands the bytes to the io.Writer
// in large writes.
type rowEncoder struct {
	w      io.Writer
	format Format
	cfg    *writeConfig
	buf    []byte
	n      int   // rows written
	opened bool  // the "[" of an Array is written
	err    error // sticky: the first error
}

func newRowEncoder(w io.Writer, format Format, cfg *writeConfig) *rowEncoder {
	return &rowEncoder{w: w, format: format, cfg: cfg, buf: make([]byte, 0, writeFlushAt+writeFlushAt/4)}
}

// rows writes every row of t (the one object of a rank-0 Tensor): on
// every core when t has many rows (write_parallel.go), else here.
func (e *rowEncoder) rows(t *structured.Tensor) error {
	if e.err != nil {
		return e.err
	}
	d, n := 0, t.NumRows()
	if t.Rank() == 0 {
		d, n = -1, 1
	}
	root, err := newWriteCompiler(e.cfg).value(t, d, "")
	if err != nil {
		e.err = err
		return err
	}
	if e.format == Array && !e.opened {
		e.buf = append(e.buf, '[')
		e.opened = true
	}
	if workers := writeWorkers(n); workers > 1 {
		return e.rowsParallel(t, d, root.write, n, workers)
	}
	l := e.layout(root.write, e.n)
	for i := range n {
		if e.buf, err = l.appendRows(e.buf, i, i+1); err != nil {
			e.err = err
			return err
		}
		e.n++
		if len(e.buf) >= writeFlushAt {
			if err := e.flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

// rowLayout lays rows out in the encoder's format: the separators,
// newlines and indentation around what the compiled writer appends. Each
// goroutine formatting rows has its own (the row scratch buffer, and the
// compiled writer's own scratch).
type rowLayout struct {
	write          writeFn
	format         Format
	indent         bool
	prefix, indstr string
	base           int    // rows written before this call: row i is the (base+i)-th of the output
	row            []byte // one compact row, when indenting
}

// layout returns the layout of rows written after base rows.
func (e *rowEncoder) layout(write writeFn, base int) *rowLayout {
	return &rowLayout{write: write, format: e.format, indent: e.cfg.indented() && e.format != NDJSON,
		prefix: e.cfg.prefix, indstr: e.cfg.indent, base: base}
}

// appendRows appends rows [lo, hi) to b; an error names its row.
func (l *rowLayout) appendRows(b []byte, lo, hi int) ([]byte, error) {
	var err error
	for i := lo; i < hi; i++ {
		if l.format == Array && l.base+i > 0 {
			b = append(b, ',')
		}
		if !l.indent {
			if b, err = l.write(b, i); err != nil {
				return b, atRow(err, i)
			}
		} else {
			if l.row, err = l.write(l.row[:0], i); err != nil {
				return b, atRow(err, i)
			}
			depth := 0
			if l.format == Array { // an element, one level in
				b = append(b, '\n')
				b = append(b, l.prefix...)
				b = append(b, l.indstr...)
				depth = 1
			}
			b = appendIndented(b, l.row, l.prefix, l.indstr, depth)
		}
		if l.format != Array {
			b = append(b, '\n')
		}
	}
	return b, nil
}

// flush hands the buffer to the io.Writer.
func (e *rowEncoder) flush() error {
	if len(e.buf) == 0 {
		return nil
	}
	if err := e.write(e.buf); err != nil {
		return err
	}
	e.buf = e.buf[:0]
	return nil
}

// write hands p to the io.Writer; its error is the encoder's.
func (e *rowEncoder) write(p []byte) error {
	if _, err := e.w.Write(p); err != nil {
		e.err = fmt.Errorf("json: write: %w", err)
		return e.err
	}
	return nil
}

// close ends the layout (the "]" of an Array) and flushes.
func (e *rowEncoder) close() error {
	if e.err != nil {
		return e.err
	}
	if e.format == Array {
		if !e.opened {
			e.buf = append(e.buf, '[')
			e.opened = true
		}
		if e.cfg.indented() && e.n > 0 {
			e.buf = append(e.buf, '\n')
			e.buf = append(e.buf, e.cfg.prefix...)
		}
		e.buf = append(e.buf, ']', '\n')
	}
	return e.flush()
}
