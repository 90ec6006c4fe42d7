package arrowcheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"sync/atomic"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// viewBatch is a record batch with a string view column (variadic
// buffers), a list column and custom metadata on the batch, so that its
// message has every vector a record batch can have.
func viewBatch(t *testing.T) arrow.RecordBatch {
	t.Helper()
	mem := memory.DefaultAllocator
	vb := array.NewStringViewBuilder(mem)
	vb.AppendValues([]string{"short", "a string longer than twelve bytes"}, nil)
	views := vb.NewArray()
	vb.Release()
	lb := array.NewListBuilder(mem, arrow.PrimitiveTypes.Int64)
	lb.Append(true)
	lb.ValueBuilder().(*array.Int64Builder).AppendValues([]int64{1, 2}, nil)
	lb.AppendNull()
	lists := lb.NewArray()
	lb.Release()
	defer views.Release()
	defer lists.Release()
	s := arrow.NewSchema([]arrow.Field{
		{Name: "v", Type: arrow.BinaryTypes.StringView},
		{Name: "l", Type: lists.DataType(), Nullable: true},
	}, nil)
	md := arrow.NewMetadata([]string{"k"}, []string{"v"})
	return array.NewRecordBatchWithMetadata(s, []arrow.Array{views, lists}, 2, md)
}

// batchMessage is the metadata (unframed) and body of the record batch
// message of rec, as arrow-go writes it.
func batchMessage(t *testing.T, rec arrow.RecordBatch) (meta []byte, body int64) {
	t.Helper()
	data := streamBytes(t, rec.Schema(), rec)
	batch := data[messageLen(data):]
	size := int(binary.LittleEndian.Uint32(batch[4:]))
	meta = bytes.Clone(batch[8 : 8+size])
	body, err := Message(meta, -1)
	if err != nil {
		t.Fatalf("the message arrow-go wrote: %v", err)
	}
	return meta, body
}

// at is the position in meta of a value found by walking its tables.
type at func(b fb) int

// vecLen is the length word of the vector at slot i of the table at t.
func vecLen(t at, i int) at {
	return func(b fb) int { v, _ := b.ref(t(b), i); return v }
}

// vecElem is the word at byte k of the first element of the vector at
// slot i of the table at t.
func vecElem(t at, i, k int) at {
	return func(b fb) int { v, _ := b.ref(t(b), i); return v + 4 + k }
}

func msgRoot(b fb) int { r, _ := b.root(); return r }

func msgHeader(b fb) int { h, _ := b.ref(msgRoot(b), 2); return h }

// TestMessageCounts: every count and length of a record batch message
// that arrow-go sizes a slice by, or slices the body by, set to a huge or
// negative value, is refused with ErrFlatbuffer; the message as written
// passes. Before these checks, the custom metadata count alone made
// arrow-go ask for 64 GiB (a fatal out-of-memory).
func TestMessageCounts(t *testing.T) {
	rec := viewBatch(t)
	defer rec.Release()
	meta, body := batchMessage(t, rec)
	for _, c := range []struct {
		name string
		pos  at
		word uint32
	}{
		{"message custom metadata count", vecLen(msgRoot, 4), 0x7FFFFFF0},
		{"record batch node count", vecLen(msgHeader, 1), 0x7FFFFFF0},
		{"record batch buffer count", vecLen(msgHeader, 2), 0x7FFFFFF0},
		{"variadic buffer count vector", vecLen(msgHeader, 4), 0x7FFFFFF0},
		{"variadic buffer count", vecElem(msgHeader, 4, 0), 0x10000000},
		{"negative node length", vecElem(msgHeader, 1, 4), 0x80000000},
		{"null count above the length", vecElem(msgHeader, 1, 8), 100},
		{"buffer offset beyond the body", vecElem(msgHeader, 2, 0), uint32(body) + 8},
		{"buffer length beyond the body", vecElem(msgHeader, 2, 8+16), uint32(body) + 8},
		{"negative buffer offset", vecElem(msgHeader, 2, 4), 0x80000000},
		{"header beyond the metadata", func(b fb) int { p, _ := b.field(msgRoot(b), 2); return p }, 0x7FFFFFF0},
	} {
		bad := bytes.Clone(meta)
		p := c.pos(fb(bad))
		if p <= 0 {
			t.Fatalf("%s: not found in the message", c.name)
		}
		binary.LittleEndian.PutUint32(bad[p:], c.word)
		if _, err := Message(bad, body); !errors.Is(err, ErrFlatbuffer) {
			t.Errorf("%s: got %v, want ErrFlatbuffer", c.name, err)
		}
	}
}

// fileBytes is the IPC file of rec, as arrow-go writes it.
func fileBytes(t *testing.T, rec arrow.RecordBatch) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := ipc.NewFileWriter(&b, ipc.WithSchema(rec.Schema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestFileBatch: File checks the message a record batch block points at
// (the custom metadata count arrow-go's file readers, mapped or not,
// sized a slice by), and the blocks themselves within the file.
func TestFileBatch(t *testing.T) {
	rec := viewBatch(t)
	defer rec.Release()
	good := fileBytes(t, rec)
	f, err := OpenFile(bytes.NewReader(good), int64(len(good)), 1<<20)
	if err != nil || f == nil || f.nbatch != 1 {
		t.Fatalf("OpenFile of a good file: %v, %v", f, err)
	}
	if err := f.Batch(0); err != nil {
		t.Fatalf("Batch(0) of a good file: %v", err)
	}
	p := f.batches
	off := int(binary.LittleEndian.Uint64(f.foot[p:]))
	meta, _ := batchMessage(t, rec)
	cm := vecLen(msgRoot, 4)(fb(meta))
	footAt := len(good) - 10 - len(f.foot)

	for _, c := range []struct {
		name string
		at   int
		word uint32
	}{
		{"message custom metadata count", off + 8 + cm, 0x7FFFFFF0},
		{"block offset beyond the file", footAt + p, uint32(len(good))},
		{"block metadata length beyond the file", footAt + p + 8, uint32(len(good))},
		{"block body length beyond the file", footAt + p + 16, uint32(len(good))},
		{"metadata above the limit", footAt + p + 8, 2 << 20},
	} {
		bad := put32(good, c.at, c.word)
		f, err := OpenFile(bytes.NewReader(bad), int64(len(bad)), 1<<20)
		if err == nil {
			err = f.Batch(0)
		}
		if !errors.Is(err, ErrFlatbuffer) {
			t.Errorf("%s: got %v, want ErrFlatbuffer", c.name, err)
		}
	}

	// The footer's own vectors.
	root, _ := f.foot.root()
	for _, slot := range []int{2, 3, 4} {
		v, _ := f.foot.ref(root, slot)
		if v == 0 {
			continue // absent in what arrow-go writes
		}
		bad := put32(good, footAt+v, 0x7FFFFFF0)
		if _, err := OpenFile(bytes.NewReader(bad), int64(len(bad)), 1<<20); !errors.Is(err, ErrFlatbuffer) {
			t.Errorf("footer vector at slot %d: got %v, want ErrFlatbuffer", slot, err)
		}
	}
}

// peakAllocator records the largest single allocation.
type peakAllocator struct {
	memory.Allocator
	peak atomic.Int64
}

func (a *peakAllocator) Allocate(n int) []byte {
	if int64(n) > a.peak.Load() {
		a.peak.Store(int64(n))
	}
	return a.Allocator.Allocate(n)
}

func (a *peakAllocator) Reallocate(n int, b []byte) []byte {
	if int64(n) > a.peak.Load() {
		a.peak.Store(int64(n))
	}
	return a.Allocator.Reallocate(n, b)
}

// TestMessageReader: the stream reader reads what arrow-go writes; a
// message declaring a body of 1 GiB on an input of a few hundred bytes
// is an error after allocating what the input holds (arrow-go's own
// message reader allocates the gigabyte first), and a corrupt metadata
// count is refused before arrow-go decodes it.
func TestMessageReader(t *testing.T) {
	rec := viewBatch(t)
	defer rec.Release()
	good := streamBytes(t, rec.Schema(), rec)

	r, err := ipc.NewReaderFromMessageReader(NewMessageReader(bytes.NewReader(good), memory.DefaultAllocator, 1<<20, 1<<40))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for r.Next() {
		n++
		if !array.RecordEqual(r.RecordBatch(), rec) {
			t.Errorf("read %v, want %v", r.RecordBatch(), rec)
		}
	}
	if r.Err() != nil || n != 1 {
		t.Errorf("read %d batches, error %v", n, r.Err())
	}
	r.Release()

	second := good[messageLen(good):]
	meta := bytes.Clone(second[8:messageLen(second)])
	bodyAt := messageLen(good) + 8 + func() int { p, _ := fb(meta).field(msgRoot(fb(meta)), 3); return p }()
	huge := bytes.Clone(good)
	binary.LittleEndian.PutUint64(huge[bodyAt:], 1<<30)
	// The buffers no longer reach the body's end: keep the check about
	// the body's bytes, not its buffers.
	cm := messageLen(good) + 8 + vecLen(msgRoot, 4)(fb(meta))

	for _, c := range []struct {
		name string
		in   []byte
	}{
		{"a body of 1 GiB declared", huge},
		{"custom metadata count", put32(good, cm, 0x7FFFFFF0)},
		{"input cut in the body", good[:len(good)-16]},
	} {
		mem := &peakAllocator{Allocator: memory.DefaultAllocator}
		mr := NewMessageReader(bytes.NewReader(c.in), mem, 1<<20, 1<<40)
		if _, err := mr.Message(); err != nil { // the schema
			t.Fatalf("%s: schema: %v", c.name, err)
		}
		_, err := mr.Message()
		if err == nil || errors.Is(err, io.EOF) {
			t.Errorf("%s: got %v, want an error", c.name, err)
		}
		if p := mem.peak.Load(); p > 1<<20 {
			t.Errorf("%s: allocated %d bytes for an input of %d", c.name, p, len(c.in))
		}
		mr.Release()
	}
}

// TestFieldOddVtable: a slot that starts inside a vtable of odd size is
// present, as the flatbuffers runtime reads it; the check took it for
// absent and let a schema's metadata count through unchecked (a fuzzed
// stream asked arrow-go for 64 GiB). A slot wholly past the vtable is
// absent.
func TestFieldOddVtable(t *testing.T) {
	b := make(fb, 20)
	binary.LittleEndian.PutUint32(b[0:], 12) // root table at 12
	binary.LittleEndian.PutUint16(b[4:], 5)  // vtable at 4, odd size: slot 0 and half of nothing
	binary.LittleEndian.PutUint16(b[6:], 8)  // table size
	binary.LittleEndian.PutUint16(b[8:], 4)  // slot 0 at table+4
	binary.LittleEndian.PutUint32(b[12:], 8) // table's soffset to its vtable
	for _, c := range []struct {
		slot int
		want int
	}{{0, 16}, {1, 0}} {
		p, ok := b.field(12, c.slot)
		if !ok || p != c.want {
			t.Errorf("slot %d: %d, %v; want %d", c.slot, p, ok, c.want)
		}
	}
}

// TestVariadicCountsPerViewColumn: arrow-go reads one variadic buffer
// count per view column of the schema by its position in the batch's
// vector, without checking the vector's length. A batch whose vector is
// shorter than its schema's view columns is refused, in a file (against
// the footer's schema) and in a stream (against the schema message), so
// nothing past the vector is read as a count; the batch as written passes.
func TestVariadicCountsPerViewColumn(t *testing.T) {
	rec := viewBatch(t) // one string view column
	defer rec.Release()
	meta, _ := batchMessage(t, rec)
	countAt := vecLen(msgHeader, 4)(fb(meta)) // the vector's length word

	file := fileBytes(t, rec)
	f, err := OpenFile(bytes.NewReader(file), int64(len(file)), 1<<20)
	if err != nil || f == nil {
		t.Fatalf("OpenFile of a good file: %v, %v", f, err)
	}
	if f.views.record != 1 {
		t.Fatalf("the footer's schema has %d view columns, want 1", f.views.record)
	}
	off := int(binary.LittleEndian.Uint64(f.foot[f.batches:]))
	bad := put32(file, off+8+countAt, 0)
	f, err = OpenFile(bytes.NewReader(bad), int64(len(bad)), 1<<20)
	if err == nil {
		err = f.Batch(0)
	}
	if !errors.Is(err, ErrFlatbuffer) {
		t.Errorf("file batch without its variadic count: got %v, want ErrFlatbuffer", err)
	}

	stream := streamBytes(t, rec.Schema(), rec)
	batchAt := messageLen(stream)
	for _, c := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"as written", stream, true},
		{"without its variadic count", put32(stream, batchAt+8+countAt, 0), false},
	} {
		mr := NewMessageReader(bytes.NewReader(c.data), memory.DefaultAllocator, 1<<20, 1<<20)
		var err error
		for err == nil {
			_, err = mr.Message()
		}
		if c.ok != errors.Is(err, io.EOF) || (!c.ok && !errors.Is(err, ErrFlatbuffer)) {
			t.Errorf("stream %s: got %v", c.name, err)
		}
	}
}
