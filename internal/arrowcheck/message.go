package arrowcheck

import (
	"encoding/binary"
	"fmt"
)

// The kinds of message header (MessageHeader in Message.fbs).
const (
	headerSchema          = 1
	headerDictionaryBatch = 2
	headerRecordBatch     = 3
)

// malformed is ErrFlatbuffer saying what lies outside its buffer.
func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFlatbuffer, fmt.Sprintf(format, args...))
}

// Message checks the metadata flatbuffer of one IPC message (without its
// framing) whose body holds body bytes: its custom metadata and its
// header (a schema, a record batch or a dictionary batch), every vector
// within meta and every buffer within the body. It returns the body
// length the message declares, which arrow-go compares with body (a
// file's block) or allocates (a stream). A body < 0 checks the buffers
// against the declared length.
func Message(meta []byte, body int64) (int64, error) {
	return message(meta, body, nil)
}

// views counts the view columns (binary_view, utf8_view) a schema's
// batches hold, in the order arrow-go loads them: arrow-go reads one
// variadic buffer count per view column of a batch by its position in
// the batch's vector, without comparing the position with the vector's
// length, and sizes a slice by what it reads there. A batch whose vector
// is shorter than its schema's view columns is refused.
type views struct {
	record int           // in a record batch (dictionary-encoded columns hold indices)
	dict   map[int64]int // in the dictionary batch of each dictionary id
}

// The view types' numbers in the Type union (Schema.fbs).
const (
	typeBinaryView = 23
	typeUtf8View   = 24
)

// schemaViews counts the view columns of the (checked) Schema table at t.
func (b fb) schemaViews(t int) views {
	v := views{dict: map[int64]int{}}
	b.tables(t, 1, func(f int) bool {
		v.record += b.fieldViews(f, &v, 0)
		return true
	})
	return v
}

// fieldViews counts the view columns of the Field table at t and below
// it that a batch holding the field loads; a dictionary-encoded field's
// count goes to its dictionary's batches instead.
func (b fb) fieldViews(t int, v *views, depth int) int {
	if depth > maxDepth {
		return 0
	}
	n := 0
	if k, _ := b.u8(t, 2); k == typeBinaryView || k == typeUtf8View {
		n = 1
	}
	b.tables(t, 5, func(c int) bool {
		n += b.fieldViews(c, v, depth+1)
		return true
	})
	if d, _ := b.ref(t, 4); d != 0 {
		id, _ := b.i64(d, 0)
		v.dict[id] += n
		return 0
	}
	return n
}

// message is Message knowing, when v is not nil, the view columns of
// the input's schema; a schema message sets them.
func message(meta []byte, body int64, v *views) (int64, error) {
	b := fb(meta)
	t, ok := b.root()
	if !ok {
		return 0, malformed("message root table at a wrong place")
	}
	declared, ok := b.i64(t, 3)
	if !ok {
		return 0, malformed("message body length outside the metadata")
	}
	if declared < 0 {
		return 0, malformed("message body length %d", declared)
	}
	if body < 0 {
		body = declared
	}
	if !b.keyValues(t, 4) {
		return 0, malformed("message custom metadata")
	}
	kind, ok := b.u8(t, 1)
	if !ok {
		return 0, malformed("message header type outside the metadata")
	}
	h, ok := b.ref(t, 2)
	if !ok {
		return 0, malformed("message header outside the metadata")
	}
	if h == 0 {
		return declared, nil // arrow-go reports a missing header
	}
	switch kind {
	case headerSchema:
		if !b.checkSchema(h) {
			return 0, malformed("schema")
		}
		if v != nil && v.dict == nil { // the first schema of the input, not one met later
			*v = b.schemaViews(h)
		}
	case headerRecordBatch:
		need := 0
		if v != nil {
			need = v.record
		}
		if err := b.checkRecordBatch(h, body, need); err != nil {
			return 0, err
		}
	case headerDictionaryBatch:
		data, ok := b.ref(h, 1)
		if !ok {
			return 0, malformed("dictionary batch data outside the metadata")
		}
		need := 0
		if v != nil {
			id, _ := b.i64(h, 0)
			need = v.dict[id]
		}
		if data != 0 {
			if err := b.checkRecordBatch(data, body, need); err != nil {
				return 0, fmt.Errorf("dictionary batch: %w", err)
			}
		}
	}
	return declared, nil
}

// checkRecordBatch checks a RecordBatch table: its length, its nodes
// (lengths and null counts never negative, null counts within lengths),
// its buffers (each within the body of body bytes), its compression and
// its variadic buffer counts (each at most the number of buffers, as
// arrow-go makes a slice of that capacity, and at least need of them:
// one per view column, see views).
func (b fb) checkRecordBatch(t int, body int64, need int) error {
	rows, ok := b.i64(t, 0)
	if !ok || rows < 0 {
		return malformed("record batch length %d", rows)
	}
	start, n, ok := b.vector(t, 1, 16)
	if !ok {
		return malformed("record batch nodes")
	}
	for k := range n {
		length := int64(binary.LittleEndian.Uint64(b[start+16*k:]))
		nulls := int64(binary.LittleEndian.Uint64(b[start+16*k+8:]))
		if length < 0 || nulls < 0 || nulls > length {
			return malformed("record batch node %d: length %d, null count %d", k, length, nulls)
		}
	}
	start, nbuf, ok := b.vector(t, 2, 16)
	if !ok {
		return malformed("record batch buffers")
	}
	comp, ok := b.ref(t, 3)
	if !ok {
		return malformed("record batch compression")
	}
	for k := range nbuf {
		off := int64(binary.LittleEndian.Uint64(b[start+16*k:]))
		length := int64(binary.LittleEndian.Uint64(b[start+16*k+8:]))
		if off < 0 || length < 0 || off > body || length > body-off {
			return malformed("buffer %d (offset %d, length %d) outside the message body of %d bytes", k, off, length, body)
		}
		if comp != 0 && length > 0 && length < 8 {
			return malformed("compressed buffer %d of %d bytes, shorter than its 8-byte length", k, length)
		}
	}
	start, n, ok = b.vector(t, 4, 8)
	if !ok {
		return malformed("record batch variadic buffer counts")
	}
	if n < need {
		return malformed("record batch of %d variadic buffer counts, its schema has %d view columns", n, need)
	}
	for k := range n {
		c := int64(binary.LittleEndian.Uint64(b[start+8*k:]))
		if c < 0 || c > int64(nbuf) {
			return malformed("variadic buffer count %d of %d, with %d buffers in the batch", k, c, nbuf)
		}
	}
	return nil
}

// frame reads the framing of a message at the start of b: the length of
// the prefix (8 with the continuation marker, 4 without) and of the
// metadata after it; ok is false when the length is not positive.
func frame(b []byte) (prefix, size int, ok bool) {
	if len(b) >= 4 && binary.LittleEndian.Uint32(b) == 0xFFFFFFFF {
		prefix = 4
	}
	if prefix+4 > len(b) {
		return 0, 0, false
	}
	size = int(int32(binary.LittleEndian.Uint32(b[prefix:])))
	return prefix + 4, size, size > 0
}

// SchemaMessage checks one serialized schema message (as Parquet files
// store their Arrow schema): its framing, its metadata, and a body that
// fits in what follows, since arrow-go allocates the body length it reads.
func SchemaMessage(b []byte) error {
	at, size, ok := frame(b)
	if !ok || size > len(b)-at {
		return malformed("schema message framing")
	}
	body, err := Message(b[at:at+size], -1)
	if err != nil {
		return err
	}
	if body > int64(len(b)-at-size) {
		return malformed("message body of %d bytes beyond the %d that follow", body, len(b)-at-size)
	}
	return nil
}
