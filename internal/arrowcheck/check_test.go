package arrowcheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// streamBytes is an IPC stream of schema s with the record batches recs,
// as arrow-go writes it (and as pqarrow stores a schema: the stream of no
// batches).
func streamBytes(t *testing.T, s *arrow.Schema, recs ...arrow.RecordBatch) []byte {
	t.Helper()
	var b bytes.Buffer
	w := ipc.NewWriter(&b, ipc.WithSchema(s))
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// messageLen is the length of the framed message at the start of b:
// continuation marker, length, metadata (its body not counted).
func messageLen(b []byte) int { return 8 + int(binary.LittleEndian.Uint32(b[4:])) }

func put32(b []byte, at int, v uint32) []byte {
	b = bytes.Clone(b)
	binary.LittleEndian.PutUint32(b[at:], v)
	return b
}

// TestSchemaMessage: SchemaMessage accepts the schema messages arrow-go
// writes (with and without the continuation marker, with trailing bytes)
// and refuses each kind of corrupt framing, metadata and body length with
// ErrFlatbuffer.
func TestSchemaMessage(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "a", Type: arrow.PrimitiveTypes.Int64},
		{Name: "s", Type: arrow.StructOf(arrow.Field{Name: "l", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true})},
	}, func() *arrow.Metadata { m := arrow.NewMetadata([]string{"k"}, []string{"v"}); return &m }())
	good := streamBytes(t, schema)
	msg := good[:messageLen(good)]

	b := array.NewInt64Builder(memory.DefaultAllocator)
	b.AppendValues([]int64{1, 2, 3}, nil)
	col := b.NewArray()
	b.Release()
	defer col.Release()
	s1 := arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.PrimitiveTypes.Int64}}, nil)
	rec := array.NewRecordBatch(s1, []arrow.Array{col}, 3)
	defer rec.Release()
	withBatch := streamBytes(t, s1, rec)
	batch := withBatch[messageLen(withBatch):] // the record batch message, body and end marker after it
	batchMeta := messageLen(batch)

	for _, c := range []struct {
		name string
		in   []byte
		ok   bool
	}{
		{"schema message", msg, true},
		{"schema message and end of stream", good, true},
		{"without continuation marker", good[4:], true},
		{"a message of another kind, with its body", batch, true},
		{"nil", nil, false},
		{"marker only", good[:4], false},
		{"length cut", good[:6], false},
		{"zero length", put32(msg, 4, 0), false},
		{"negative length", put32(msg, 4, 0x80000000), false},
		{"length beyond the input", put32(msg, 4, uint32(len(msg))), false},
		{"metadata cut", msg[:len(msg)-8], false},
		{"root table outside", put32(msg, 8, uint32(len(msg))), false},
		{"body beyond the input", batch[:batchMeta+8], false},
		{"body absent", batch[:batchMeta], false},
	} {
		err := SchemaMessage(c.in)
		if c.ok && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !c.ok && !errors.Is(err, ErrFlatbuffer) {
			t.Errorf("%s: got %v, want ErrFlatbuffer", c.name, err)
		}
	}

	// Every 32-bit word of the metadata set to a huge value is an error or
	// leaves a message arrow-go reads without panicking; the vector
	// lengths and offsets among them are errors.
	refused := 0
	for at := 8; at+4 <= len(msg); at += 4 {
		bad := put32(good, at, 0x7FFFFFF0)
		if SchemaMessage(bad) != nil {
			refused++
			continue
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("word %d accepted, and arrow-go panicked: %v", at, p)
				}
			}()
			if r, err := ipc.NewReader(bytes.NewReader(bad)); err == nil {
				r.Release()
			}
		}()
	}
	if refused == 0 {
		t.Error("no corrupted word was refused")
	}
}
