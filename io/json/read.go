package json

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

// Read reads JSON rows from r into a Frame: NDJSON (one value per line), a
// top-level array whose elements are the rows, or values one after another
// (pretty-printed documents); [WithFormat] says which, by default it is
// detected. Records become rows and their keys columns; the schema is
// inferred over every row (keys unioned in first-seen order, objects with
// data-like keys as map columns, [] kept apart from null and from an absent
// key) unless [WithSpec] gives it. A field `_index_`, as [Write] writes
// it, becomes the Frame's index.
//
// Input compressed with gzip or zstd is decompressed as it is read
// (recognized by its magic number; see [WithMaxDecompressed]); binary
// content the reader does not read (Parquet, Arrow, zip, ...) is an error
// of cause [ErrNotText] saying what it looks like.
//
// The input is parsed on every core, in blocks cut at line ends (NDJSON) or
// between array elements, straight into Arrow columns. Malformed JSON is a
// *[SyntaxError] and a record that does not fit the schema a *[RecordError],
// both naming the line and byte offset; no partial Frame is returned.
func Read(r io.Reader, opts ...Option) (*frame.Frame, error) {
	t, err := readAny(r, false, makeConfig(opts))
	if err != nil {
		return nil, err
	}
	return toFrame(t)
}

// ReadFile is [Read] of the file at path; errors name the file. A gzip or
// zstd file (whatever its name) is decompressed as it streams into the
// parser.
func ReadFile(path string, opts ...Option) (*frame.Frame, error) {
	t, err := readTensorFile(path, false, opts)
	if err != nil {
		return nil, err
	}
	return toFrame(t)
}

// ReadTensor is [Read] returning the Tensor: rank 1 for rows of records,
// rank 2 for rows that are lists of records, and rank 0 (one structure)
// when the input is a single value that is not an array and the format is
// [Auto] or [Document].
func ReadTensor(r io.Reader, opts ...Option) (*structured.Tensor, error) {
	return readAny(r, true, makeConfig(opts))
}

// readAny reads r whole: in ranges when it can be read at any offset,
// else in blocks; decompressed if it is compressed.
func readAny(r io.Reader, rank0 bool, c config) (*structured.Tensor, error) {
	if c.dates {
		c.dates = false
		return readDates(readAny(r, rank0, c))
	}
	in, err := c.open(r)
	if err != nil {
		return nil, fmt.Errorf("json: %w", err)
	}
	defer in.Close()
	if in.Format == sniff.Text {
		if t, single, ok := readerRanges(in.Reader, c); ok {
			return unwrap(t, single && rank0)
		}
	}
	size := in.Size
	if in.Format == sniff.Text {
		size = knownSize(in.Reader)
	}
	t, err := readTensor(in.Reader, size, rank0, c)
	if err != nil && !strings.HasPrefix(err.Error(), "json: ") {
		err = fmt.Errorf("json: %w", err)
	}
	return t, err
}

// ReadTensorFile is [ReadTensor] of the file at path.
func ReadTensorFile(path string, opts ...Option) (*structured.Tensor, error) {
	return readTensorFile(path, true, opts)
}

func readTensorFile(path string, rank0 bool, opts []Option) (*structured.Tensor, error) {
	if makeConfig(opts).dates {
		return readDates(readTensorFile(path, rank0, append(opts[:len(opts):len(opts)], WithTryParseDates(false))))
	}
	f, err := store.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := makeConfig(opts)
	in, err := c.open(f)
	if err != nil {
		return nil, store.Wrap(path, err)
	}
	defer in.Close()
	size := in.Size
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && in.Format == sniff.Text {
		size = st.Size()
		if t, single, ok := readRanges(f, 0, size, c); ok {
			return unwrap(t, single && rank0)
		}
	}
	t, err := readTensor(in.Reader, size, rank0, c)
	if err != nil {
		return nil, store.Wrap(path, err)
	}
	return t, nil
}

// knownSize is the bytes left in r when r says how many it holds and
// where it is (a *bytes.Reader, *strings.Reader or *io.SectionReader),
// else -1.
func knownSize(r io.Reader) int64 {
	sr, ok := r.(interface {
		io.Seeker
		Size() int64
	})
	if !ok {
		return -1
	}
	at, err := sr.Seek(0, io.SeekCurrent)
	if err != nil || at > sr.Size() {
		return -1
	}
	return sr.Size() - at
}

// toFrame makes the Frame of rows read, with the index `_index_` holds.
func toFrame(t *structured.Tensor) (*frame.Frame, error) {
	f := frame.FromTensor(t)
	if err := f.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

// readTensor reads the whole input as one batch.
func readTensor(r io.Reader, size int64, rank0 bool, c config) (*structured.Tensor, error) {
	c.read.batchRows = 0
	e, err := newEngine(r, size, c)
	if err != nil {
		return nil, err
	}
	t, err := e.next()
	if err != nil {
		return nil, err
	}
	return unwrap(t, rank0 && e.single)
}

// unwrap returns the one record of t as a rank-0 Tensor if rank0 and t
// holds one record, else t.
func unwrap(t *structured.Tensor, rank0 bool) (*structured.Tensor, error) {
	if rank0 && t.Rank() == 1 && t.NumRows() == 1 {
		v, err := t.Index(0)
		if err != nil {
			return nil, err
		}
		return v.(*structured.Tensor), nil
	}
	return t, nil
}

// newEngine detects the format of r and prepares its blocks. size is the
// bytes of r if known, -1 if not (a guess, for a compressed input: it
// sizes columns and buffers, and limits nothing).
func newEngine(r io.Reader, size int64, c config) (*engine, error) {
	proj, err := newProjection(c.read.columns)
	if err != nil {
		return nil, err
	}
	if proj != nil {
		if _, ok := proj.Kids[index.Field]; !ok {
			proj.Kids[index.Field] = nil // the index stays with the rows
		}
		proj.Compile()
	}
	if s := c.read.spec; s != nil && len(s.Shape) < 1 {
		return nil, fmt.Errorf("json: WithSpec: the Spec has rank 0; give the rows' Spec (rank >= 1)")
	}
	e := &engine{
		spec: c.read.spec, frozen: c.read.frozen, build: c.read.build, proj: proj,
		workers: workersFor(c.read.parallelism), size: size, batch: c.read.batchRows,
	}
	blockBytes := c.read.blockBytes
	if blockBytes <= 0 {
		blockBytes = defaultBlockBytes
	}
	format := c.format
	var head []byte
	if format == Auto {
		head, format, err = detect(r)
		if err != nil {
			return nil, err
		}
		e.single = format != Array
		r = io.MultiReader(bytes.NewReader(head), r)
	}
	switch format {
	case NDJSON, Array:
		e.format = format
		sp := newSplitter(r, format, blockBytes, e.batch)
		sp.inputEnd = max(size, -1)
		e.src = sp
	case Document, stream:
		// Read whole, on one goroutine.
		data, err := io.ReadAll(r)
		if err != nil {
			return nil, err
		}
		e.format, e.single, e.document = stream, true, format == Document
		e.src = &wholeInput{data: data}
	default:
		return nil, fmt.Errorf("json: unknown format %d", format)
	}
	return e, nil
}

// detectBytes is the most detect reads of a first line before deciding
// without its end: a file of one long line (a 1 GB string value) is not
// held twice.
const detectBytes = 1 << 20

// detect reads the start of r and tells its format: a top-level array if
// it starts with '[', NDJSON if its first line holds exactly one value,
// concatenated values otherwise. A first line longer than detectBytes is
// NDJSON unless a second value starts on it within those bytes (a value
// that long is one row either way). It returns what it read.
func detect(r io.Reader) ([]byte, Format, error) {
	head := make([]byte, 0, 64<<10)
	for {
		if len(head) == cap(head) {
			head = append(head, 0)[:len(head)]
		}
		n, err := r.Read(head[len(head):min(cap(head), detectBytes)])
		head = head[:len(head)+n]
		eof := errors.Is(err, io.EOF)
		if err != nil && !eof {
			return nil, 0, err
		}
		i := 0
		for i < len(head) && isSpace(head[i]) {
			i++
		}
		if i < len(head) && head[i] == '[' {
			return head, Array, nil
		}
		nl := bytes.IndexByte(head[i:], '\n')
		long := nl < 0 && !eof && len(head) >= detectBytes
		if i < len(head) && (nl >= 0 || eof || long) {
			line := head[i:]
			if nl >= 0 {
				line = head[i : i+nl]
			}
			s := newScanner(nopEvents{})
			end, err := s.ScanValue(line, 0)
			if err == nil && blank(line[end:]) || long && err != nil {
				return head, NDJSON, nil
			}
			return head, stream, nil
		}
		if eof {
			return head, stream, nil
		}
	}
}

// wholeInput is an input read whole and parsed as one block.
type wholeInput struct {
	data []byte
	done bool
}

func (w *wholeInput) next() (*block, error) {
	if w.done {
		return nil, nil
	}
	w.done = true
	return &block{data: w.data, line: 1, col: 1}, nil
}

func (w *wholeInput) recycle(*block) {}
