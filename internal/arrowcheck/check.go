// Package arrowcheck bounds-checks serialized Arrow IPC metadata (the
// flatbuffers of schemas, messages and file footers) before arrow-go
// decodes it, for the readers of io/ipc and io/parquet (which stores its
// Arrow schema as an IPC message).
package arrowcheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// A bounds check of the flatbuffers arrow-go decodes, before it decodes
// them. arrow-go v18.8.0 sizes slices by vector lengths read from the
// input without checking them against the buffer (schemaFromFB makes
// []arrow.Field of a field's children count): a corrupt length of 2^32
// asks for hundreds of gigabytes and the process dies of it, beyond any
// recover. Every vector of the schema (fields, children, metadata, names)
// and of the footer (blocks) is checked to fit in its buffer, and the
// nesting depth bounded; what passes is left to arrow-go to decode.

// ErrFlatbuffer is the error of metadata that does not fit its buffer.
var ErrFlatbuffer = errors.New("malformed flatbuffer: a table or vector lies outside its buffer")

type fb []byte

func (b fb) u32(at int) (int, bool) {
	if at < 0 || at+4 > len(b) {
		return 0, false
	}
	return int(binary.LittleEndian.Uint32(b[at:])), true
}

// field returns the position of slot i of the table at t, 0 if absent.
func (b fb) field(t, i int) (int, bool) {
	if t < 0 || t+4 > len(b) {
		return 0, false
	}
	vt := t - int(int32(binary.LittleEndian.Uint32(b[t:])))
	if vt < 0 || vt+4 > len(b) {
		return 0, false
	}
	size := int(binary.LittleEndian.Uint16(b[vt:]))
	if vt+size > len(b) {
		return 0, false
	}
	if 4+2*i+2 > size {
		return 0, true
	}
	off := int(binary.LittleEndian.Uint16(b[vt+4+2*i:]))
	if off == 0 {
		return 0, true
	}
	return t + off, t+off < len(b)
}

// ref follows the offset at slot i of table t, 0 if absent.
func (b fb) ref(t, i int) (int, bool) {
	p, ok := b.field(t, i)
	if !ok || p == 0 {
		return 0, ok
	}
	off, ok := b.u32(p)
	if !ok || p+off >= len(b) {
		return 0, false
	}
	return p + off, true
}

// vector returns the start and length of the vector at slot i of t, of
// elements of size elem, checked to fit.
func (b fb) vector(t, i, elem int) (start, n int, ok bool) {
	v, ok := b.ref(t, i)
	if !ok || v == 0 {
		return 0, 0, ok
	}
	n, ok = b.u32(v)
	if !ok || n > (len(b)-v-4)/elem {
		return 0, 0, false
	}
	return v + 4, n, true
}

// tables calls f with each table of the vector of tables at slot i of t.
func (b fb) tables(t, i int, f func(int) bool) bool {
	start, n, ok := b.vector(t, i, 4)
	if !ok {
		return false
	}
	for k := range n {
		p := start + 4*k
		off, _ := b.u32(p)
		if p+off >= len(b) || !f(p+off) {
			return false
		}
	}
	return true
}

func (b fb) keyValues(t, i int) bool {
	return b.tables(t, i, func(kv int) bool {
		_, _, ok1 := b.vector(kv, 0, 1)
		_, _, ok2 := b.vector(kv, 1, 1)
		return ok1 && ok2
	})
}

// checkField checks a Field table: name, dictionary, children, metadata.
func (b fb) checkField(t, depth int) bool {
	if depth > maxDepth {
		return false
	}
	if _, _, ok := b.vector(t, 0, 1); !ok {
		return false
	}
	if _, ok := b.ref(t, 3); !ok { // type
		return false
	}
	if _, ok := b.ref(t, 4); !ok { // dictionary
		return false
	}
	return b.tables(t, 5, func(c int) bool { return b.checkField(c, depth+1) }) && b.keyValues(t, 6)
}

// checkSchema checks a Schema table.
func (b fb) checkSchema(t int) bool {
	return b.tables(t, 1, func(f int) bool { return b.checkField(f, 0) }) && b.keyValues(t, 2)
}

// root is the root table of the flatbuffer.
func (b fb) root() (int, bool) {
	off, ok := b.u32(0)
	return off, ok && off < len(b)
}

// Footer checks the footer of a file-format file in data; inputs too
// short to have one are left to arrow-go.
func Footer(data []byte) error {
	if len(data) < 10+2*len(fileMagic) {
		return nil
	}
	n := int(int32(binary.LittleEndian.Uint32(data[len(data)-10:])))
	if n <= 0 || n > len(data)-10 {
		return nil // arrow-go reports it
	}
	b := fb(data[len(data)-10-n : len(data)-10])
	t, ok := b.root()
	if !ok {
		return ErrFlatbuffer
	}
	if s, ok := b.ref(t, 1); !ok || (s != 0 && !b.checkSchema(s)) {
		return ErrFlatbuffer
	}
	for _, slot := range []int{2, 3} {
		if _, _, ok := b.vector(t, slot, 24); !ok {
			return ErrFlatbuffer
		}
	}
	return nil
}

// checkMessage checks a message's metadata: its Schema header, if it has
// one, and returns the body length.
func checkMessage(meta []byte) (int64, error) {
	b := fb(meta)
	t, ok := b.root()
	if !ok {
		return 0, ErrFlatbuffer
	}
	p, ok := b.field(t, 1)
	if !ok {
		return 0, ErrFlatbuffer
	}
	if p != 0 && b[p] == 1 { // MessageHeader.Schema
		if h, ok := b.ref(t, 2); !ok || (h != 0 && !b.checkSchema(h)) {
			return 0, ErrFlatbuffer
		}
	}
	p, ok = b.field(t, 3)
	if !ok || p+8 > len(b) {
		return 0, ErrFlatbuffer
	}
	if p == 0 {
		return 0, nil
	}
	return int64(binary.LittleEndian.Uint64(b[p:])), nil
}

// stream passes an IPC stream through, checking each message's
// metadata (checkMessage) before arrow-go reads it.
type stream struct {
	r       io.Reader
	maxMeta int
	pending []byte // checked bytes not yet handed out
	body    int64  // body bytes to pass through
	raw     bool   // past the end-of-stream marker or a framing arrow-go will reject: pass the rest through
}

func (s *stream) Read(p []byte) (int, error) {
	if len(s.pending) == 0 && s.body == 0 && !s.raw {
		if err := s.message(); err != nil {
			return 0, err
		}
	}
	switch {
	case len(s.pending) > 0:
		n := copy(p, s.pending)
		s.pending = s.pending[n:]
		return n, nil
	case s.body > 0:
		if int64(len(p)) > s.body {
			p = p[:s.body]
		}
		n, err := s.r.Read(p)
		s.body -= int64(n)
		return n, err
	}
	return s.r.Read(p)
}

// message reads the next message's framing and metadata into pending.
func (s *stream) message() error {
	var head [8]byte
	n, err := io.ReadFull(s.r, head[:4])
	s.pending = append(s.pending[:0], head[:n]...)
	if err != nil {
		s.raw = true
		return nil // arrow-go reports the short read
	}
	size := int(int32(binary.LittleEndian.Uint32(head[:4])))
	if uint32(size) == 0xFFFFFFFF {
		n, err = io.ReadFull(s.r, head[4:8])
		s.pending = append(s.pending, head[4:4+n]...)
		if err != nil {
			s.raw = true
			return nil
		}
		size = int(int32(binary.LittleEndian.Uint32(head[4:8])))
	}
	if size <= 0 || size > s.maxMeta {
		s.raw = true // end of stream, or a length arrow-go refuses
		return nil
	}
	// Read the metadata as it arrives, so that a corrupt length on a short
	// input allocates what the input holds, not the length; a short
	// message is an error here, before arrow-go allocates its length.
	at := len(s.pending)
	buf := bytes.NewBuffer(s.pending)
	if _, err := io.CopyN(buf, s.r, int64(size)); err != nil {
		s.pending = nil
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("message metadata of %d bytes: %w", size, err)
	}
	s.pending = buf.Bytes()
	body, err := checkMessage(s.pending[at:])
	if err != nil {
		return err
	}
	s.body = max(body, 0)
	return nil
}

// NewStream passes an IPC stream through, checking each message's
// metadata (of at most maxMeta bytes) before arrow-go reads it.
func NewStream(r io.Reader, maxMeta int) io.Reader { return &stream{r: r, maxMeta: maxMeta} }

// SchemaMessage checks one serialized schema message (as Parquet files
// store their Arrow schema): its framing, its metadata, and a body that
// fits in what follows, since arrow-go allocates the body length it reads.
func SchemaMessage(b []byte) error {
	at := 0
	if len(b) >= 4 && binary.LittleEndian.Uint32(b) == 0xFFFFFFFF {
		at = 4
	}
	if at+4 > len(b) {
		return ErrFlatbuffer
	}
	size := int(int32(binary.LittleEndian.Uint32(b[at:])))
	at += 4
	if size <= 0 || size > len(b)-at {
		return ErrFlatbuffer
	}
	body, err := checkMessage(b[at : at+size])
	if err != nil {
		return err
	}
	if body < 0 || body > int64(len(b)-at-size) {
		return ErrFlatbuffer
	}
	return nil
}

// fileMagic opens and closes an Arrow IPC file.
var fileMagic = []byte("ARROW1")

// maxDepth bounds the nesting of the fields checked.
const maxDepth = 64
