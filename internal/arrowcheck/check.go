// Package arrowcheck bounds-checks serialized Arrow IPC metadata (the
// flatbuffers of schemas, messages and file footers) before arrow-go
// decodes it, for the readers of io/ipc and io/parquet (which stores its
// Arrow schema as an IPC message).
package arrowcheck

import (
	"encoding/binary"
	"errors"
)

// A bounds check of the flatbuffers arrow-go decodes, before it decodes
// them. arrow-go v18.8.0 sizes slices by vector lengths read from the
// input without checking them against the buffer (schemaFromFB makes
// []arrow.Field of a field's children count, metadataFromFB two []string
// of a message's custom_metadata count, the array loader a []*Buffer of
// a view column's variadic buffer count): a corrupt length of 2^32 asks
// for hundreds of gigabytes and the process dies of it, beyond any
// recover. Every vector is checked to fit in its buffer: of the footer
// (schema, dictionary and record batch blocks, custom metadata), of every
// message (custom metadata, and its header: a schema's fields, children,
// names, metadata, features, dictionary encodings and union type ids; a
// record batch's or dictionary batch's nodes, buffers, compression and
// variadic buffer counts), and every buffer's offset and length within
// the body of its message; the nesting depth is bounded. What passes is
// left to arrow-go to decode.

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
	// Present when the slot starts inside the vtable, as the flatbuffers
	// runtime reads it (an odd size leaves half a slot, read all the same).
	if 4+2*i >= size {
		return 0, true
	}
	if vt+4+2*i+2 > len(b) {
		return 0, false
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

// checkField checks a Field table: name, type (a union's type ids),
// dictionary encoding (its index type), children, metadata.
func (b fb) checkField(t, depth int) bool {
	if depth > maxDepth {
		return false
	}
	if _, _, ok := b.vector(t, 0, 1); !ok {
		return false
	}
	typ, ok := b.ref(t, 3)
	if !ok {
		return false
	}
	if typ != 0 {
		p, ok := b.field(t, 2)
		if !ok {
			return false
		}
		if p != 0 && b[p] == typeUnion {
			if _, _, ok := b.vector(typ, 1, 4); !ok {
				return false
			}
		}
	}
	dict, ok := b.ref(t, 4)
	if !ok {
		return false
	}
	if dict != 0 {
		if _, ok := b.ref(dict, 1); !ok { // indexType
			return false
		}
	}
	return b.tables(t, 5, func(c int) bool { return b.checkField(c, depth+1) }) && b.keyValues(t, 6)
}

// checkSchema checks a Schema table: fields, metadata, features.
func (b fb) checkSchema(t int) bool {
	if _, _, ok := b.vector(t, 3, 8); !ok {
		return false
	}
	return b.tables(t, 1, func(f int) bool { return b.checkField(f, 0) }) && b.keyValues(t, 2)
}

// root is the root table of the flatbuffer.
func (b fb) root() (int, bool) {
	off, ok := b.u32(0)
	return off, ok && off < len(b)
}

// fileMagic opens and closes an Arrow IPC file.
var fileMagic = []byte("ARROW1")

// maxDepth bounds the nesting of the fields checked.
const maxDepth = 64

// typeUnion is the Type of a union in a Field's type_type slot.
const typeUnion = 14

// i64 reads the int64 scalar at slot i of t (0 if absent).
func (b fb) i64(t, i int) (int64, bool) {
	p, ok := b.field(t, i)
	if !ok || p == 0 {
		return 0, ok
	}
	if p+8 > len(b) {
		return 0, false
	}
	return int64(binary.LittleEndian.Uint64(b[p:])), true
}

// u8 reads the byte scalar at slot i of t (0 if absent).
func (b fb) u8(t, i int) (byte, bool) {
	p, ok := b.field(t, i)
	if !ok || p == 0 {
		return 0, ok
	}
	return b[p], true
}
