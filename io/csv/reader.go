package csv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/internal/sniff"
)

// Reader reads CSV batch by batch, each a Frame of up to WithBatchSize
// rows, so that an input larger than memory is read with bounded memory.
// Every batch has the same schema:
//   - with WithTypes covering every column, those types;
//   - when the input can seek (a file from [OpenFile], an io.ReadSeeker),
//     the types inferred over the whole input by a first pass that splits
//     and classifies but keeps nothing;
//   - otherwise the types inferred from the first batch, and a later cell
//     that does not fit its column's type is a *ParseError naming its line
//     and column (never a silent conversion).
//
// Use it as
//
//	for r.Next() { use(r.Frame()) }
//	if err := r.Err(); err != nil { ... }
type Reader struct {
	cfg    config
	src    io.Reader
	closer io.Closer
	name   string       // the file's path (OpenFile), for errors
	in     *sniff.Input // src's text, decompressed if need be
	start  int64        // the source's offset when the Reader was made (seekable)
	seek   io.Seeker

	store []byte // the buffer buf is in
	buf   []byte // unread input; buf[0] is at input offset off
	eof   bool
	off   int64
	line  int64 // '\n' before buf[0]

	l       *layout
	fixed   bool
	avgRow  int
	started bool
	done    bool
	cur     *frame.Frame
	err     error
}

// NewReader returns a Reader of r. The options are those of [Read], plus
// WithBatchSize. If r is an io.ReadSeeker, types are inferred over the
// whole input first (then r is sought back). Gzip and zstd input is
// decompressed as it is read (twice when r can seek: the types are
// inferred over the whole input first); other binary content is an error
// of cause ErrNotText, from the first Next.
func NewReader(r io.Reader, opts ...Option) *Reader {
	return &Reader{cfg: makeConfig(opts), src: r, avgRow: 64}
}

// OpenFile opens the CSV file at path for reading batch by batch; Close
// closes it. Errors name the file.
func OpenFile(path string, opts ...Option) (*Reader, error) {
	return openFile(context.Background(), path, opts)
}

// openFile is OpenFile with the context that governs the requests of a
// file behind a URL (a scan's, so that cancelling the query stops them).
func openFile(ctx context.Context, path string, opts []Option) (*Reader, error) {
	f, err := store.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	r := NewReader(f, opts...)
	r.closer, r.name = f, store.Redact(path)
	return r, nil
}

// openInput sniffs the input: the text to read (decompressed if need be)
// and whether it can be read twice.
func (r *Reader) openInput() error {
	in, err := r.cfg.open(r.src)
	if err != nil {
		return err
	}
	r.in = in
	src := in.Reader
	if r.cfg.encoding != UTF8 {
		src = &decodeReader{r: src, enc: r.cfg.encoding}
	}
	r.src = src
	if s, ok := src.(io.Seeker); ok {
		if pos, err := s.Seek(0, io.SeekCurrent); err == nil {
			r.seek, r.start = s, pos
		}
	}
	return nil
}

// Frame returns the current batch.
func (r *Reader) Frame() *frame.Frame { return r.cur }

// InputOffset is the bytes of input (decompressed) read into batches so
// far, as encoding/json's Decoder.InputOffset: a progress bar compares
// it with the file's size.
func (r *Reader) InputOffset() int64 { return r.off }

// Err returns the error that stopped Next, if any.
func (r *Reader) Err() error { return r.err }

// Close closes the file of a Reader from OpenFile and the decompressor
// of a compressed input; it does not close the io.Reader given to
// NewReader.
func (r *Reader) Close() error {
	r.done = true
	if r.in != nil {
		r.in.Close()
		r.in = nil
	}
	if r.closer != nil {
		c := r.closer
		r.closer = nil
		return c.Close()
	}
	return nil
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }

// fill reads until buf holds at least n bytes or the input ends. The
// unread bytes move to the front of store when the tail is short of room.
func (r *Reader) fill(n int) error {
	for len(r.buf) < n && !r.eof {
		if room := max(n-len(r.buf), 64<<10); cap(r.buf)-len(r.buf) < room {
			if need := len(r.buf) + room; cap(r.store) >= need {
				k := copy(r.store[:cap(r.store)], r.buf)
				r.buf = r.store[:k]
			} else {
				r.store = make([]byte, len(r.buf), max(2*cap(r.store), need, 1<<20))
				copy(r.store, r.buf)
				r.buf = r.store
			}
		}
		k, err := r.src.Read(r.buf[len(r.buf):cap(r.buf)])
		r.buf = r.buf[:len(r.buf)+k]
		if errors.Is(err, io.EOF) {
			r.eof = true
		} else if err != nil {
			return err
		}
	}
	return nil
}

// consume drops the first n bytes of buf.
func (r *Reader) consume(n int) {
	r.line += int64(bytes.Count(r.buf[:n], []byte{'\n'}))
	r.off += int64(n)
	r.buf = r.buf[n:]
}

func (r *Reader) pos() position { return position{data: r.buf, off: r.off, line: r.line} }

// Next reads the next batch; it returns false at the end of the input or
// on an error (see Err).
func (r *Reader) Next() bool {
	if r.done || r.err != nil {
		return false
	}
	if !r.started {
		r.started = true
		if err := r.begin(); err != nil {
			r.fail(err)
			return false
		}
		if r.done {
			return false
		}
	}
	f, err := r.batch()
	if err != nil {
		r.fail(err)
		return false
	}
	if f == nil {
		r.done = true
		return false
	}
	r.cur = f
	return true
}

// fail stops the Reader with err, naming the file of OpenFile.
func (r *Reader) fail(err error) {
	if r.name != "" {
		err = fmt.Errorf("%s: %w", r.name, err)
	} else if !strings.HasPrefix(err.Error(), "csv: ") {
		err = fmt.Errorf("csv: %w", err)
	}
	r.err = err
}

// begin reads the header and, when it can, infers the types over the
// whole input.
func (r *Reader) begin() error {
	cfg := &r.cfg
	if err := cfg.err(); err != nil {
		return err
	}
	if err := r.openInput(); err != nil {
		return err
	}
	if err := r.fill(len(bom)); err != nil {
		return err
	}
	if bytes.HasPrefix(r.buf, bom) {
		r.consume(len(bom))
		r.line = 0
	}
	var header []string
	for {
		h, next, more, perr, off := cfg.readRecord(r.buf, 0, r.eof)
		if perr != nil {
			return r.pos().fix(perr, off)
		}
		if more {
			if err := r.fill(2*len(r.buf) + 4096); err != nil {
				return err
			}
			continue
		}
		header = h
		if header == nil {
			r.done = true
			return nil
		}
		if cfg.header {
			r.consume(next)
		}
		break
	}
	l, err := newLayout(cfg, header)
	if err != nil {
		return err
	}
	r.l = l
	r.fixed = true
	for _, dt := range l.types {
		if dt == nil {
			r.fixed = false
		}
	}
	if !r.fixed && r.seek != nil && !r.cfg.firstBatch {
		if err := r.inferAll(); err != nil {
			return err
		}
	}
	return nil
}

// inferAll is the first pass over a seekable input: split and classify
// every cell, keep only the column types, and seek back.
func (r *Reader) inferAll() error {
	bodyOff, bodyLine := r.off, r.line
	masks := make([]kind, len(r.l.keep))
	for k := range masks {
		masks[k] = kAll
	}
	for {
		if err := r.fill(len(r.buf) + 4<<20); err != nil {
			return err
		}
		s := r.l.scanner(r.buf, r.eof)
		ch := s.newChunk(0, len(r.buf))
		s.scan(ch, s.count)
		if ch.err != nil {
			return r.pos().fix(ch.err, ch.errOff)
		}
		for k := range masks {
			masks[k] &= ch.masks[k]
		}
		r.consume(ch.end)
		if r.eof && len(r.buf) == 0 || r.eof && !ch.partial && ch.end == 0 {
			break
		}
	}
	r.fixTypes(masks)
	if _, err := r.seek.Seek(r.start+bodyOff, io.SeekStart); err != nil {
		return err
	}
	r.buf, r.eof, r.off, r.line = r.buf[:0], false, bodyOff, bodyLine
	return nil
}

func (r *Reader) fixTypes(masks []kind) {
	for k, dt := range r.l.types {
		if dt == nil {
			r.l.types[k] = inferredType(masks[k])
		}
	}
	r.fixed = true
}

// batch reads up to WithBatchSize rows; nil at the end.
func (r *Reader) batch() (*frame.Frame, error) {
	want := r.cfg.batchRows
	for {
		if err := r.fill(want*r.avgRow + want*r.avgRow/8 + 4096); err != nil {
			return nil, err
		}
		s := r.l.scanner(r.buf, r.eof)
		s.maxRows = want
		ch := s.newChunk(0, len(r.buf))
		var marks []mark
		blocks := 0
		s.scan(ch, func(ch *chunk, cells []uint64, rows int) {
			if blocks%8 == 0 {
				marks = append(marks, mark{from: ch.base, row: ch.rows - rows, bytes: append([]int(nil), ch.bytes...)})
			}
			blocks++
			s.count(ch, cells, rows)
		})
		if ch.err != nil {
			return nil, r.pos().fix(ch.err, ch.errOff)
		}
		if ch.rows < want && !r.eof {
			r.avgRow *= 2
			continue
		}
		if ch.rows == 0 {
			r.consume(ch.end)
			return nil, nil
		}
		r.avgRow = max(ch.end/ch.rows, 1)
		if !r.fixed {
			r.fixTypes(ch.masks)
		}
		// The marks cut the batch into pieces for pass 2 on every core.
		pieces := make([]*chunk, len(marks))
		for j, m := range marks {
			p := s.newChunk(m.from, ch.end)
			p.end, p.row0 = ch.end, m.row
			next := ch.bytes
			p.rows = ch.rows - m.row
			if j+1 < len(marks) {
				p.end, next = marks[j+1].from, marks[j+1].bytes
				p.rows = marks[j+1].row - m.row
			}
			for k := range p.bytes {
				p.bytes[k] = next[k] - m.bytes[k]
			}
			pieces[j] = p
		}
		copy(pieces[0].nulls, ch.nulls)
		s.data = r.buf[:ch.end]
		s.final = true
		arrs, cerr := r.l.pass2(s, pieces, r.l.types)
		if cerr != nil {
			return nil, r.pos().fix(&ParseError{Column: cerr.col.col + 1, Field: cerr.col.name, Err: cerr.err}, cerr.off)
		}
		f, err := r.l.toFrame(arrs, ch.rows)
		if err != nil {
			return nil, err
		}
		r.consume(ch.end)
		return f, nil
	}
}

// mark is where a piece of a batch starts, for pass 2.
type mark struct {
	from, row int
	bytes     []int
}
