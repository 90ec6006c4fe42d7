//go:build linux

package structured

import (
	"reflect"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

func init() {
	lifeAllocators["mmap"] = func() lifeAllocator { return &mmapAllocator{maps: map[uintptr][]byte{}} }
}

// mmapAllocator hands out anonymous memory mappings and unmaps them when
// freed, as a reader over a memory-mapped file unmaps it when released:
// reading freed memory faults, and kills the test.
type mmapAllocator struct {
	mu   sync.Mutex
	live int
	maps map[uintptr][]byte
}

func (a *mmapAllocator) Allocate(n int) []byte {
	page := syscall.Getpagesize()
	size := (max(n, 1) + page - 1) / page * page
	m, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic(err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.maps[uintptr(unsafe.Pointer(unsafe.SliceData(m)))] = m
	a.live += n
	return m[:n]
}

func (a *mmapAllocator) Reallocate(n int, b []byte) []byte {
	out := a.Allocate(n)
	copy(out, b)
	a.Free(b)
	return out
}

func (a *mmapAllocator) Free(b []byte) {
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	a.mu.Lock()
	m, ok := a.maps[addr]
	delete(a.maps, addr)
	a.live -= len(b)
	a.mu.Unlock()
	if !ok {
		panic("mmapAllocator: freeing memory it did not map")
	}
	if err := syscall.Munmap(m); err != nil {
		panic(err)
	}
}

func (a *mmapAllocator) Live() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.live
}

// mappedRegion is 64 bytes of mem as the mapped-file tests read them: the
// int64s 10, 20, 30, 40 at 0, string offsets 0, 1, 3, 3, 6 at 32 and
// their bytes "abbccc" at 52.
func mappedRegion(mem *mmapAllocator) []byte {
	region := mem.Allocate(64)
	copy(region, arrow.Int64Traits.CastToBytes([]int64{10, 20, 30, 40}))
	copy(region[32:], arrow.Int32Traits.CastToBytes([]int32{0, 1, 3, 3, 6}))
	copy(region[52:], "abbccc")
	return region
}

// TestLifetimeMappedFile reads a Tensor over one memory mapping, the way
// a zero-copy reader of a memory-mapped Arrow IPC file presents it: the
// mapping is a buffer whose release unmaps it, and every array buffer is
// a slice of it (memory.SliceBuffer, which holds a reference to the
// mapping). The user releases everything at once; the mapping stays
// while a value reads it, even a small slice, and is unmapped once only a
// clone is left.
func TestLifetimeMappedFile(t *testing.T) {
	mem := &mmapAllocator{maps: map[uintptr][]byte{}}
	head, clone := func() (*Tensor, *Tensor) {
		region := mappedRegion(mem)
		mapping := memory.NewBufferWithAllocator(region, mem)
		defer mapping.Release()
		slice := func(off, n int) *memory.Buffer { return memory.SliceBuffer(mapping, off, n) }
		idData := array.NewData(arrow.PrimitiveTypes.Int64, 4, []*memory.Buffer{nil, slice(0, 32)}, nil, 0, 0)
		sData := array.NewData(arrow.BinaryTypes.String, 4, []*memory.Buffer{nil, slice(32, 20), slice(52, 6)}, nil, 0, 0)
		for _, d := range []arrow.ArrayData{idData, sData} {
			for _, b := range d.Buffers()[1:] {
				b.Release() // NewData took its own reference
			}
		}
		idArr, sArr := array.MakeFromData(idData), array.MakeFromData(sData)
		idData.Release()
		sData.Release()
		schema := arrow.NewSchema([]arrow.Field{arwF("id", arrow.PrimitiveTypes.Int64), arwF("s", arrow.BinaryTypes.String)}, nil)
		rec := array.NewRecordBatch(schema, []arrow.Array{idArr, sArr}, 4)
		idArr.Release()
		sArr.Release()
		st := Must(FromRecordBatch(rec))
		rec.Release()
		return Must(st.Slice(0, Span(1, 3))), Must(Must(st.Slice(0, Span(2, 4))).Clone())
	}()
	settle()
	if mem.Live() == 0 {
		t.Fatal("the mapping was unmapped while a slice of the Tensor reads it")
	}
	want := []any{map[string]any{"id": int64(20), "s": "bb"}, map[string]any{"id": int64(30), "s": ""}}
	if got := head.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("slice after the user released the mapping\n got %v\nwant %v", got, want)
	}
	runtime.KeepAlive(head)
	waitFreed(t, "mapping", mem.Live)
	want = []any{map[string]any{"id": int64(30), "s": ""}, map[string]any{"id": int64(40), "s": "ccc"}}
	if got := clone.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("clone after the mapping was unmapped\n got %v\nwant %v", got, want)
	}
}

// TestLifetimeFromMappedRecordBatch reads a Tensor over one memory
// mapping the way arrow-go's ipc.NewMappedFileReader presents it: every
// array buffer is a memory.NewBufferBytes view of the mapping, counting
// nothing, and one buffer (a list's items, as a decompressed body would
// be) lies outside it, in counted memory of its own. FromMappedRecordBatch
// keeps the mapping through the views: the user releases the mapping and
// the batch at once, a slice of the Tensor still reads it, and it is
// unmapped (and the outside buffer freed) once only a clone is left.
// FromRecordBatch over the same batch would keep nothing alive.
func TestLifetimeFromMappedRecordBatch(t *testing.T) {
	mem := &mmapAllocator{maps: map[uintptr][]byte{}}
	outside := memory.NewCheckedAllocator(memory.NewGoAllocator())
	head, clone := func() (*Tensor, *Tensor) {
		region := mappedRegion(mem)
		mapping := memory.NewBufferWithAllocator(region, mem)
		defer mapping.Release()
		view := func(off, n int) *memory.Buffer { return memory.NewBufferBytes(region[off : off+n]) }
		idData := array.NewData(arrow.PrimitiveTypes.Int64, 4, []*memory.Buffer{nil, view(0, 32)}, nil, 0, 0)
		sData := array.NewData(arrow.BinaryTypes.String, 4, []*memory.Buffer{nil, view(32, 20), view(52, 6)}, nil, 0, 0)
		items := memory.NewResizableBuffer(outside)
		items.Resize(6 * 8)
		copy(items.Bytes(), arrow.Float64Traits.CastToBytes([]float64{1, 2, 3, 4, 5, 6}))
		itemData := array.NewData(arrow.PrimitiveTypes.Float64, 6, []*memory.Buffer{nil, items}, nil, 0, 0)
		items.Release()
		lData := array.NewData(arrow.ListOf(arrow.PrimitiveTypes.Float64), 4, []*memory.Buffer{nil, view(32, 20)}, []arrow.ArrayData{itemData}, 0, 0)
		itemData.Release()
		cols := []arrow.Array{array.MakeFromData(idData), array.MakeFromData(sData), array.MakeFromData(lData)}
		idData.Release()
		sData.Release()
		lData.Release()
		schema := arrow.NewSchema([]arrow.Field{arwF("id", arrow.PrimitiveTypes.Int64), arwF("s", arrow.BinaryTypes.String),
			arwF("xs", arrow.ListOf(arrow.PrimitiveTypes.Float64))}, nil)
		rec := array.NewRecordBatch(schema, cols, 4)
		for _, c := range cols {
			c.Release()
		}
		st, err := FromMappedRecordBatch(rec, mapping)
		rec.Release()
		if err != nil {
			t.Fatal(err)
		}
		return Must(st.Slice(0, Span(1, 3))), Must(Must(st.Slice(0, Span(2, 4))).Clone())
	}()
	settle()
	if mem.Live() == 0 {
		t.Fatal("the mapping was unmapped while a slice of the Tensor reads it")
	}
	if outside.CurrentAlloc() == 0 {
		t.Fatal("the buffer outside the mapping was freed while a slice of the Tensor reads it")
	}
	want := []any{
		map[string]any{"id": int64(20), "s": "bb", "xs": []any{2.0, 3.0}},
		map[string]any{"id": int64(30), "s": "", "xs": []any{}},
	}
	if got := head.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("slice after the user released the mapping\n got %v\nwant %v", got, want)
	}
	runtime.KeepAlive(head)
	waitFreed(t, "mapping", mem.Live)
	waitFreed(t, "buffer outside the mapping", outside.CurrentAlloc)
	want = []any{
		map[string]any{"id": int64(30), "s": "", "xs": []any{}},
		map[string]any{"id": int64(40), "s": "ccc", "xs": []any{4.0, 5.0, 6.0}},
	}
	if got := clone.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("clone after the mapping was unmapped\n got %v\nwant %v", got, want)
	}
	if _, err := FromMappedRecordBatch(nil, nil); err == nil {
		t.Error("FromMappedRecordBatch with a nil mapping gave no error")
	}
}
