package arrowcheck

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
)

// File is the checked footer of an IPC file-format input, read through an
// io.ReaderAt (a mapping or a byte slice through bytes.Reader, or a file
// on disk), to check the message of each block before arrow-go reads it.
// arrow-go reads every dictionary block when it opens a file and a record
// batch block when the batch is asked for: [OpenFile] checks the footer
// and the dictionaries, [File.Batch] one record batch.
type File struct {
	r       io.ReaderAt
	size    int64
	maxMeta int
	foot    fb
	dicts   int // start of the dictionary blocks in foot
	ndicts  int
	batches int // start of the record batch blocks in foot
	nbatch  int
	views   views // of the footer's schema
}

// blockSize is the size of a Block struct in a footer: offset (int64),
// metadata length (int32, padded to 8) and body length (int64).
const blockSize = 24

// OpenFile checks the footer of the file-format input r of size bytes and
// the message of every dictionary block it lists, each message's
// metadata at most maxMeta bytes. An input too short or without the
// trailing magic gives a nil *File and no error: arrow-go reports it.
// The footer's bytes are read (copied) once; File keeps them.
func OpenFile(r io.ReaderAt, size int64, maxMeta int) (*File, error) {
	f, err := checkFooter(r, size)
	if err != nil || f == nil {
		return nil, err
	}
	f.maxMeta = maxMeta
	for i := range f.ndicts {
		if err := f.block(f.dicts, i); err != nil {
			return nil, fmt.Errorf("dictionary block %d: %w", i, err)
		}
	}
	return f, nil
}

// Batch checks the message of record batch i (as listed by the footer);
// nil for an index out of range (arrow-go reports it) or a nil File.
func (f *File) Batch(i int) error {
	if f == nil || i < 0 || i >= f.nbatch {
		return nil
	}
	if err := f.block(f.batches, i); err != nil {
		return fmt.Errorf("record batch block %d: %w", i, err)
	}
	return nil
}

// BatchRange is the bytes of record batch i, its metadata and body, as
// the footer gives them (unchecked: Batch checks them), so that a reader
// over a remote file can fetch them in one request.
func (f *File) BatchRange(i int) (off, n int64, ok bool) {
	if f == nil || i < 0 || i >= f.nbatch {
		return 0, 0, false
	}
	p := f.batches + blockSize*i
	off = int64(binary.LittleEndian.Uint64(f.foot[p:]))
	meta := int64(int32(binary.LittleEndian.Uint32(f.foot[p+8:])))
	body := int64(binary.LittleEndian.Uint64(f.foot[p+16:]))
	if off < 0 || meta < 0 || body < 0 || meta > f.size || body > f.size {
		return 0, 0, false
	}
	return off, meta + body, true
}

// checkFooter reads and checks the footer of r: its root, schema, custom
// metadata and block vectors. The blocks' messages are not read.
func checkFooter(r io.ReaderAt, size int64) (*File, error) {
	const tail = 10 // footer length and magic
	if size < tail+2*int64(len(fileMagic)) {
		return nil, nil
	}
	var end [tail]byte
	if _, err := r.ReadAt(end[:], size-tail); err != nil {
		return nil, fmt.Errorf("reading the footer: %w", err)
	}
	if !bytes.Equal(end[4:], fileMagic) {
		return nil, nil // arrow-go reports it
	}
	n := int64(int32(binary.LittleEndian.Uint32(end[:4])))
	if n <= 0 || n > size-tail {
		return nil, nil // arrow-go reports it
	}
	foot := make(fb, n)
	if _, err := r.ReadAt(foot, size-tail-n); err != nil {
		return nil, fmt.Errorf("reading the footer: %w", err)
	}
	t, ok := foot.root()
	if !ok {
		return nil, malformed("footer root table at a wrong place")
	}
	if s, ok := foot.ref(t, 1); !ok || (s != 0 && !foot.checkSchema(s)) {
		return nil, malformed("footer schema")
	}
	if !foot.keyValues(t, 4) {
		return nil, malformed("footer custom metadata")
	}
	f := &File{r: r, size: size, foot: foot}
	if s, _ := foot.ref(t, 1); s != 0 {
		f.views = foot.schemaViews(s)
	}
	if f.dicts, f.ndicts, ok = foot.vector(t, 2, blockSize); !ok {
		return nil, malformed("footer dictionary blocks")
	}
	if f.batches, f.nbatch, ok = foot.vector(t, 3, blockSize); !ok {
		return nil, malformed("footer record batch blocks")
	}
	return f, nil
}

// block checks block i of the vector at start: the block within the
// input, and its message's framing and metadata (see [Message]), its
// buffers within the block's body.
func (f *File) block(start, i int) error {
	p := start + blockSize*i
	off := int64(binary.LittleEndian.Uint64(f.foot[p:]))
	meta := int64(int32(binary.LittleEndian.Uint32(f.foot[p+8:])))
	body := int64(binary.LittleEndian.Uint64(f.foot[p+16:]))
	if off < 0 || meta < 8 || body < 0 || off > f.size || meta > f.size-off || body > f.size-off-meta {
		return malformed("block at offset %d (metadata %d bytes, body %d) outside the input of %d bytes", off, meta, body, f.size)
	}
	if meta > int64(f.maxMeta) {
		return malformed("message metadata of %d bytes exceeds the limit of %d", meta, f.maxMeta)
	}
	buf := make([]byte, meta)
	if _, err := f.r.ReadAt(buf, off); err != nil {
		return fmt.Errorf("reading the message at offset %d: %w", off, err)
	}
	prefix := 4
	switch binary.LittleEndian.Uint32(buf) {
	case 0:
		return nil // arrow-go reports an end-of-stream marker
	case 0xFFFFFFFF:
		prefix = 8
	}
	if int64(binary.LittleEndian.Uint32(buf[prefix-4:])) != meta-int64(prefix) {
		return nil // arrow-go reports the mismatch with the footer
	}
	v := f.views // a schema message in a block sets nothing for the next
	if _, err := message(buf[prefix:], body, &v); err != nil {
		return fmt.Errorf("message at offset %d: %w", off, err)
	}
	return nil
}
