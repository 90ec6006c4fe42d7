package ipc

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/structframe/structframe/internal/mmapfile"
	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	aipc "github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/arrowcheck"
)

// fileMagic opens (and ends) the IPC file format.
var fileMagic = []byte("ARROW1")

// source gives the record batches of one input in order.
type source interface {
	schema() *arrow.Schema
	// next returns the next batch, owned by the caller, or nil at the end.
	next() (arrow.RecordBatch, error)
	// owner is the counted buffer of the memory-mapped file whose memory
	// the batches' buffers are views into, or nil when they own theirs.
	owner() *memory.Buffer
	close()
}

// guard turns a panic of arrow-go into an error. arrow-go's readers decode
// flatbuffers and buffer layouts from the input and, on hostile input,
// some paths (footer and schema decoding, the stream reader's message
// loading, dictionary resolution) index out of range or panic on a nil
// map instead of returning an error; RecordBatchAt recovers itself. We
// recover only around those calls.
func guard(err *error, what string) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("ipc: %s: malformed input: %v", what, p)
	}
}

// fileSource reads the batches of the file format by their footer.
type fileSource struct {
	r     *aipc.FileReader
	check *arrowcheck.File // the footer, to check each batch's message before arrow-go reads it
	m     *mapping         // nil unless the file is mapped
	i     int
	own   io.Closer
	at    io.ReaderAt // what newFileSourceAt reads: a remote file is asked for whole batches
}

// maxMeta is the largest message metadata a reader reads: c.maxBuffer,
// at most 64 MiB.
func (c config) maxMeta() int { return min(c.maxBuffer, 64<<20) }

// checkFile checks the footer of a file-format input of size bytes and
// its dictionary messages ([arrowcheck.OpenFile]) before arrow-go reads
// them.
func checkFile(r io.ReaderAt, size int64, c config) (*arrowcheck.File, error) {
	check, err := arrowcheck.OpenFile(r, size, c.maxMeta())
	if err != nil {
		return nil, fmt.Errorf("ipc: file footer: %w", err)
	}
	return check, nil
}

// newFileSource reads the file format in data (a mapping when m is not
// nil) in place. arrow-go v18.8.0's NewMappedFileReader leaves its
// dictionary memo unmade (NewFileReader makes it): a file with dictionary
// columns panics on a nil map there. Such a file, or any the mapped reader
// cannot open, is read again through NewFileReader over the same bytes,
// which copies each batch's buffers out of data.
func newFileSource(data []byte, m *mapping, c config) (*fileSource, error) {
	check, err := checkFile(bytes.NewReader(data), int64(len(data)), c)
	if err != nil {
		return nil, err
	}
	r, err := openMapped(data, c)
	if err == nil {
		return &fileSource{r: r, check: check, m: m}, nil
	}
	s, err2 := newFileSourceAt(bytes.NewReader(data), c)
	if err2 != nil {
		return nil, err2
	}
	s.m = m
	return s, nil
}

func openMapped(data []byte, c config) (r *aipc.FileReader, err error) {
	defer guard(&err, "reading the file footer and schema")
	r, err = aipc.NewMappedFileReader(data, readerOptions(c)...)
	if err != nil {
		return nil, fmt.Errorf("ipc: %w", err)
	}
	return r, nil
}

func newFileSourceAt(r aipc.ReadAtSeeker, c config) (s *fileSource, err error) {
	size, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, fmt.Errorf("ipc: %w", err)
	}
	check, err := checkFile(r, size, c)
	if err != nil {
		return nil, err
	}
	defer guard(&err, "reading the file footer and schema")
	fr, err := aipc.NewFileReader(r, readerOptions(c)...)
	if err != nil {
		return nil, fmt.Errorf("ipc: %w", err)
	}
	return &fileSource{r: fr, check: check, at: r}, nil
}

func (s *fileSource) schema() *arrow.Schema { return s.r.Schema() }

func (s *fileSource) next() (rec arrow.RecordBatch, err error) {
	if s.i >= s.r.NumRecords() {
		return nil, nil
	}
	i := s.i
	s.i++
	if off, n, ok := s.check.BatchRange(i); ok && store.Remote(s.at) {
		// the metadata and the body in one request
		if err := store.Prefetch(s.at, []store.Range{{Offset: off, Length: n}}); err != nil {
			return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
		}
	}
	if err := s.check.Batch(i); err != nil {
		return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
	}
	defer guard(&err, fmt.Sprintf("record batch %d", i))
	rec, err = s.r.RecordBatchAt(i)
	if err != nil {
		return nil, fmt.Errorf("ipc: record batch %d: %w", i, err)
	}
	return rec, nil
}

func (s *fileSource) owner() *memory.Buffer {
	if s.m == nil {
		return nil
	}
	return s.m.buf
}

func (s *fileSource) close() {
	if s.r != nil {
		_ = s.r.Close()
		s.r = nil
	}
	s.m.release()
	if s.own != nil {
		_ = s.own.Close()
		s.own = nil
	}
}

// streamSource reads the batches of the stream format one message after
// another.
type streamSource struct {
	r   *aipc.Reader
	i   int
	own io.Closer
}

func newStreamSource(r io.Reader, c config) (s *streamSource, err error) {
	defer guard(&err, "reading the stream's schema")
	// arrow-go's own message reader allocates the lengths a message
	// declares before reading its bytes, and decodes its metadata
	// unchecked: arrowcheck's reads each part as it arrives and checks
	// the metadata first.
	opts := readerOptions(c)
	mr := arrowcheck.NewMessageReader(r, limitAllocator{c.mem, c.maxBuffer}, c.maxMeta(), int64(c.maxBuffer))
	sr, err := aipc.NewReaderFromMessageReader(mr, opts...)
	if err != nil {
		return nil, fmt.Errorf("ipc: stream: %w", err)
	}
	return &streamSource{r: sr}, nil
}

func (s *streamSource) schema() *arrow.Schema { return s.r.Schema() }

func (s *streamSource) owner() *memory.Buffer { return nil }

func (s *streamSource) next() (rec arrow.RecordBatch, err error) {
	i := s.i
	s.i++
	defer guard(&err, fmt.Sprintf("record batch %d", i))
	if !s.r.Next() {
		if err := s.r.Err(); err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("ipc: stream record batch %d: %w", i, err)
		}
		return nil, nil
	}
	rec = s.r.RecordBatch()
	rec.Retain()
	return rec, nil
}

func (s *streamSource) close() {
	if s.r != nil {
		s.r.Release()
		s.r = nil
	}
	if s.own != nil {
		_ = s.own.Close()
		s.own = nil
	}
}

// openReader detects the layout of r (unless c says it) and opens it. A
// file-format input from a plain reader is read whole into memory and
// read in place, as a mapping is.
func openReader(r io.Reader, c config) (source, error) {
	br := bufio.NewReader(r)
	format := c.format
	if format == Auto {
		head, err := br.Peek(len(fileMagic))
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("ipc: %w", err)
		}
		if len(head) == 0 {
			return nil, errors.New("ipc: empty input: no schema")
		}
		format = Stream
		if bytes.Equal(head, fileMagic) {
			format = File
		}
	}
	switch format {
	case File:
		data, err := io.ReadAll(br)
		if err != nil {
			return nil, fmt.Errorf("ipc: %w", err)
		}
		s, err := newFileSource(data, nil, c)
		if err != nil {
			return nil, err // not a nil *fileSource in the interface
		}
		return s, nil
	case Stream:
		s, err := newStreamSource(br, c)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	return nil, fmt.Errorf("ipc: unknown format %d", format)
}

// openPath opens the file at path: a file-format file is mapped (unless
// WithMmap(false)), a stream read through the file.
func openPath(ctx context.Context, path string, c config) (source, error) {
	f, err := store.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	var head [6]byte
	n, _ := io.ReadFull(f, head[:])
	isFile := n == len(fileMagic) && bytes.Equal(head[:], fileMagic)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	if c.format == Stream || (c.format == Auto && !isFile) {
		s, err := newStreamSource(bufio.NewReaderSize(f, 1<<16), c)
		if err != nil {
			f.Close()
			return nil, store.Wrap(path, err)
		}
		s.own = f
		return s, nil
	}
	if osf, local := f.(*os.File); local && !c.noMmap {
		if data, _, ok := mmapfile.Map(osf); ok {
			f.Close() // the mapping outlives the descriptor
			m := newMapping(data)
			s, err := newFileSource(data, m, c)
			if err != nil {
				m.release()
				return nil, store.Wrap(path, err)
			}
			return s, nil
		}
	}
	s, err := newFileSourceAt(f, c)
	if err != nil {
		f.Close()
		return nil, store.Wrap(path, err)
	}
	s.own = f
	return s, nil
}

// readerOptions are arrow-go's reader options for c: the allocator,
// limited to c.maxBuffer per buffer, and the same limit on message bodies.
func readerOptions(c config) []aipc.Option {
	return []aipc.Option{
		aipc.WithAllocator(limitAllocator{c.mem, c.maxBuffer}),
		aipc.WithBodySizeLimit(int64(c.maxBuffer)),
		aipc.WithMetadataSizeLimit(int64(c.maxMeta())),
	}
}
