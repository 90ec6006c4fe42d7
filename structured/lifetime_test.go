package structured

import (
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// lifeAllocator is an Arrow allocator that reports the bytes it has
// handed out and not had back.
type lifeAllocator interface {
	memory.Allocator
	Live() int
}

// lifeAllocators are the allocators the lifetime tests run with: arrow-go's
// checked allocator, one that poisons what it frees (reading released
// memory gives wrong data instead of going unnoticed) and, where the
// system has them, memory mappings unmapped on release (reading released
// memory faults).
var lifeAllocators = map[string]func() lifeAllocator{
	"checked": func() lifeAllocator { return checkedAlloc{memory.NewCheckedAllocator(memory.NewGoAllocator())} },
	"poison":  func() lifeAllocator { return &poisonAllocator{} },
}

type checkedAlloc struct{ *memory.CheckedAllocator }

func (c checkedAlloc) Live() int { return c.CurrentAlloc() }

// poisonAllocator allocates Go memory and overwrites it when freed.
type poisonAllocator struct {
	mu   sync.Mutex
	live int
}

func (a *poisonAllocator) Allocate(n int) []byte {
	a.mu.Lock()
	a.live += n
	a.mu.Unlock()
	return make([]byte, n)
}

func (a *poisonAllocator) Reallocate(n int, b []byte) []byte {
	out := a.Allocate(n)
	copy(out, b)
	a.Free(b)
	return out
}

func (a *poisonAllocator) Free(b []byte) {
	for i := range b {
		b[i] = 0xA5
	}
	a.mu.Lock()
	a.live -= len(b)
	a.mu.Unlock()
}

func (a *poisonAllocator) Live() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.live
}

// waitFreed runs the garbage collector until live reports nothing
// allocated, failing after a bounded number of tries. Cleanups run on
// their own goroutine after a collection, and a stand-in kept by another
// stand-in's cleanup needs one more collection.
func waitFreed(t *testing.T, what string, live func() int) {
	t.Helper()
	for range 100 {
		runtime.GC()
		if live() == 0 {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Errorf("%s: %d bytes still allocated after every value was dropped", what, live())
}

// settle runs a few collections, letting cleanups run.
func settle() {
	for range 3 {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
	}
}

const lifeJSON = `[
	{"id":1,"name":"ann","tags":["a","b"],"pts":[{"x":1.5,"ys":[1,2]},{"x":null,"ys":[]}],"emb":[1,2]},
	{"id":null,"name":null,"tags":null,"pts":null,"emb":null},
	{"id":3,"name":"bo","tags":[],"pts":[{"x":3.5,"ys":null}],"emb":[5,6]},
	{"id":4,"name":"cy","tags":["c",null,"d"],"pts":[null,{"x":4.5,"ys":[7]}],"emb":[7,8]},
	{"id":5,"name":"di","tags":["e"],"pts":[],"emb":[9,10]}]`

var lifeSchema = arrow.NewSchema([]arrow.Field{
	arwF("id", arrow.PrimitiveTypes.Int64),
	arwF("name", arrow.BinaryTypes.String),
	arwF("tags", arrow.ListOf(arrow.BinaryTypes.String)),
	arwF("pts", arrow.ListOf(arrow.StructOf(arwF("x", arrow.PrimitiveTypes.Float64), arwF("ys", arrow.LargeListOf(arrow.PrimitiveTypes.Int64))))),
	arwF("emb", arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Float64)),
}, nil)

// lifeSources builds, with mem, a record batch (a rank-1 Tensor) and its
// "pts" column, a list of structs (a rank-2 Tensor). The caller releases
// both.
func lifeSources(t *testing.T, mem memory.Allocator) (arrow.RecordBatch, arrow.Array) {
	t.Helper()
	rec, _, err := array.RecordFromJSON(mem, lifeSchema, strings.NewReader(lifeJSON))
	if err != nil {
		t.Fatal(err)
	}
	pts := rec.Column(3)
	pts.Retain()
	return rec, pts
}

// lifeOps derive values from the table st and the rank-2 pts: every
// operation that shares memory, and some that copy.
var lifeOps = []struct {
	name string
	fn   func(st, pts *Tensor) (Value, error)
}{
	{"field", func(st, _ *Tensor) (Value, error) { return st.Field("tags") }},
	{"slice", func(st, _ *Tensor) (Value, error) { return st.Slice(0, Span(1, 4)) }},
	{"slice inner", func(_, pts *Tensor) (Value, error) { return pts.Slice(1, Span(1, 2)) }},
	{"index", func(st, _ *Tensor) (Value, error) { return st.Index(3, "tags", Span(1, 3)) }},
	{"index field", func(_, pts *Tensor) (Value, error) { return pts.Index(Span(2, 4), All, "ys") }},
	{"take run", func(st, _ *Tensor) (Value, error) { return st.Take([]int{2, 3, 4}) }},
	{"take", func(st, _ *Tensor) (Value, error) { return st.Take([]int{3, 0, 0, 1}) }},
	{"take nullable", func(st, _ *Tensor) (Value, error) { return st.TakeNullable([]int{-1, 4, 3}) }},
	{"boolean mask", func(st, _ *Tensor) (Value, error) { return st.BooleanMask([]bool{true, true, false, true, false}) }},
	{"concat", func(st, _ *Tensor) (Value, error) {
		a, b := Must(st.Slice(0, Span(0, 2))), Must(st.Slice(0, Span(2, 5)))
		return Concat(0, a, b)
	}},
	{"concat copies", func(st, _ *Tensor) (Value, error) { return Concat(0, st, st) }},
	{"merge dims", func(_, pts *Tensor) (Value, error) { return pts.MergeDims(0, 1) }},
	{"merge leaf dims", func(_, pts *Tensor) (Value, error) { return MergeValueDims(Must(pts.Field("ys")), 1, 2) }},
	{"promote", func(st, _ *Tensor) (Value, error) { return st.Promote([]string{"pts", "ys"}, "all_ys") }},
	{"expand dims", func(st, _ *Tensor) (Value, error) { return st.ExpandDims(1) }},
	{"without", func(st, _ *Tensor) (Value, error) { return st.Without("id") }},
	{"round trip", func(st, _ *Tensor) (Value, error) {
		out, err := Must(st.Slice(0, Span(1, 5))).ToArrow()
		if err != nil {
			return nil, err
		}
		defer out.Release()
		return FromArrow(out)
	}},
	{"record batch round trip", func(st, _ *Tensor) (Value, error) {
		out, err := st.ToRecordBatch()
		if err != nil {
			return nil, err
		}
		defer out.Release()
		return FromRecordBatch(out)
	}},
	{"clone of a slice", func(st, _ *Tensor) (Value, error) { return Must(st.Slice(0, Span(1, 4))).Clone() }},
	{"clone", func(_, pts *Tensor) (Value, error) { return pts.Clone() }},
}

// lifeDerive converts the sources, lets the caller release them, and
// returns the values lifeOps derive; the Tensors made from the sources are
// dropped on return.
func lifeDerive(t *testing.T, rec arrow.RecordBatch, pts arrow.Array, release func()) []Value {
	t.Helper()
	st, err := FromRecordBatch(rec)
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromArrow(pts)
	if err != nil {
		t.Fatal(err)
	}
	release()
	out := make([]Value, len(lifeOps))
	for i, op := range lifeOps {
		if out[i], err = op.fn(st, p); err != nil {
			t.Fatalf("%s: %v", op.name, err)
		}
	}
	return out
}

// TestLifetimeDerivedOutlives derives values from Tensors over Arrow
// memory, has the user release the arrays and drops the Tensors: the
// derived values still read what they read from Go memory, and once they
// are dropped too every byte goes back to the allocator.
func TestLifetimeDerivedOutlives(t *testing.T) {
	goRec, goPts := lifeSources(t, memory.NewGoAllocator())
	want := lifeDerive(t, goRec, goPts, func() {})
	for name, newAlloc := range lifeAllocators {
		t.Run(name, func(t *testing.T) {
			mem := newAlloc()
			rec, pts := lifeSources(t, mem)
			derived := lifeDerive(t, rec, pts, func() {
				rec.Release()
				pts.Release()
				if mem.Live() == 0 {
					t.Fatal("the Tensors hold no memory after the arrays were released")
				}
			})
			settle()
			if mem.Live() == 0 {
				t.Fatal("the derived values hold no memory") // some share it
			}
			for i, v := range derived {
				if got, w := v.ToValue(), want[i].ToValue(); !reflect.DeepEqual(got, w) {
					t.Errorf("%s: after release\n got %v\nwant %v", lifeOps[i].name, got, w)
				}
				if err := validateValue(v, ""); err != nil {
					t.Errorf("%s: %v", lifeOps[i].name, err)
				}
				if st, ok := v.(*Tensor); ok {
					out, err := st.ToArrow()
					if err != nil {
						t.Fatalf("%s: %v", lifeOps[i].name, err)
					}
					if err := array.ValidateFull(out); err != nil {
						t.Errorf("%s: ToArrow: %v", lifeOps[i].name, err)
					}
					out.Release()
				}
			}
			runtime.KeepAlive(derived)
			waitFreed(t, name, mem.Live)
		})
	}
}

// TestLifetimeToArrowOutlives keeps only what ToArrow returned: it stays
// readable after the Tensor is dropped, and releasing it (then dropping
// it) frees everything.
func TestLifetimeToArrowOutlives(t *testing.T) {
	goRec, _ := lifeSources(t, memory.NewGoAllocator())
	defer goRec.Release()
	for name, newAlloc := range lifeAllocators {
		t.Run(name, func(t *testing.T) {
			mem := newAlloc()
			out := func() arrow.RecordBatch {
				rec, pts := lifeSources(t, mem)
				defer rec.Release()
				pts.Release()
				st := Must(FromRecordBatch(rec))
				return Must(Must(st.Slice(0, Span(0, 5))).ToRecordBatch())
			}()
			settle()
			if !array.RecordEqual(out, goRec) {
				t.Errorf("after the Tensor was dropped\n got %v\nwant %v", out, goRec)
			}
			out.Release()
			waitFreed(t, name, mem.Live)
		})
	}
}

// TestLifetimeFailedConversion: a conversion that fails gives back what
// it took at once, without waiting for a collection.
func TestLifetimeFailedConversion(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	bad := arrow.NewSchema([]arrow.Field{
		arwF("l", arrow.ListOf(arrow.BinaryTypes.String)),
		arwF("n", arrow.PrimitiveTypes.Int64),
		arwF("u", arrow.SparseUnionOf([]arrow.Field{arwF("i", arrow.PrimitiveTypes.Int64)}, []arrow.UnionTypeCode{0})),
	}, nil)
	rec, _, err := array.RecordFromJSON(mem, bad, strings.NewReader(`[{"l":["a"],"n":1,"u":null},{"l":null,"n":null,"u":null}]`))
	if err != nil {
		t.Fatal(err)
	}
	before := mem.CurrentAlloc()
	if _, err := FromRecordBatch(rec); err == nil {
		t.Fatal("a union column was accepted")
	}
	if got := mem.CurrentAlloc(); got != before {
		t.Errorf("after the failed conversion %d bytes are allocated, want %d", got, before)
	}
	rec.Release()
	mem.AssertSize(t, 0)
}

// TestLifetimeConstructors: NewDense, NewScalar and NewRagged keep what
// they wrap until the value is unreachable, whatever the caller releases.
func TestLifetimeConstructors(t *testing.T) {
	for name, newAlloc := range lifeAllocators {
		t.Run(name, func(t *testing.T) {
			mem := newAlloc()
			vals := func() []Value {
				b := array.NewFloat64Builder(mem)
				defer b.Release()
				b.AppendValues([]float64{1, 2, 3, 4}, []bool{true, false, true, true})
				a := b.NewArray()
				defer a.Release()
				one := array.NewSlice(a, 3, 4)
				defer one.Release()
				return []Value{
					Must(NewDense(a, 2, 2)),
					Must(NewScalar(one)),
					Must(NewRagged(a, Must(PartitionFromLengths([]int{3, 0, 1})))),
				}
			}()
			settle()
			want := []any{[]any{[]any{1.0, nil}, []any{3.0, 4.0}}, 4.0, []any{[]any{1.0, nil, 3.0}, []any{}, []any{4.0}}}
			for i, v := range vals {
				if got := v.ToValue(); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("value %d = %v, want %v", i, got, want[i])
				}
			}
			runtime.KeepAlive(vals)
			waitFreed(t, name, mem.Live)
		})
	}
}

// TestLifetimeBitmap: a Bitmap keeps the memory it views alive after the
// value it came from is dropped.
func TestLifetimeBitmap(t *testing.T) {
	for name, newAlloc := range lifeAllocators {
		t.Run(name, func(t *testing.T) {
			mem := newAlloc()
			leaf, list := func() (Bitmap, Bitmap) {
				rec, pts := lifeSources(t, mem)
				defer rec.Release()
				pts.Release()
				st := Must(FromRecordBatch(rec))
				return Must(st.Field("id")).(Leaf).Validity(), Must(st.Field("pts")).(*Tensor).Validity()
			}()
			settle()
			if mem.Live() == 0 {
				t.Fatal("the Bitmaps keep no memory alive")
			}
			for i, want := range []bool{false, true, false, false, false} {
				if leaf.IsNull(i) != want {
					t.Errorf("id %d: IsNull = %v, want %v", i, leaf.IsNull(i), want)
				}
			}
			// pts holds 5 structures; the first of row 3 is null.
			for i, want := range []bool{false, false, false, true, false} {
				if list.IsNull(i) != want {
					t.Errorf("pts structure %d: IsNull = %v, want %v", i, list.IsNull(i), want)
				}
			}
			runtime.KeepAlive(leaf)
			runtime.KeepAlive(list)
			waitFreed(t, name, mem.Live)
		})
	}
}

// TestLifetimeListBuffers: splits that alias an Arrow offsets buffer but
// cannot be handed back whole, as their validity starts at another bit,
// are handed out as a slice of the stand-in, which keeps it alive, not as
// a bare view of its bytes.
func TestLifetimeListBuffers(t *testing.T) {
	in := arwJSON(t, arrow.StructOf(arwF("l", arrow.ListOf(arrow.PrimitiveTypes.Int64))), `[{"l":[]},{"l":null},{"l":[1,2]},{"l":[3]}]`)
	defer in.Release()
	sliced := array.NewSlice(in, 1, 4)
	defer sliced.Release()
	p := Must(FromArrow(sliced)).field(0).(*Ragged).parts[0]
	if p.buf == nil || p.base != 0 {
		t.Fatalf("the partition does not alias the Arrow offsets from 0 (buf %v, base %d)", p.buf, p.base)
	}
	q := p.withValidity(validityFromBools([]bool{false, true, true}))
	bitmap, offsets, off := listBuffers(arrow.Int32Traits.CastToBytes(q.s32), arrow.Int32SizeBytes, q)
	if off != 0 || bitmap == nil {
		t.Fatalf("offset %d, bitmap %v", off, bitmap)
	}
	if offsets.Parent() != p.buf {
		t.Errorf("offsets %p do not keep the stand-in %p alive", offsets, p.buf)
	}
	if got, want := arwAddr(offsets.Bytes()), arwAddr(q.s32); got != want || offsets.Len() != 4*len(q.s32) {
		t.Errorf("offsets at %#x (%d bytes), want the splits at %#x (%d bytes)", got, offsets.Len(), want, 4*len(q.s32))
	}
}

// TestLifetimeDtypes runs dictionary and view leaves, whose arrays hold a
// dictionary array or variadic data buffers, through the same cycle: the
// user releases, a slice outlives the Tensor, and everything comes back.
func TestLifetimeDtypes(t *testing.T) {
	long := strings.Repeat("x", 20) // longer than 12 bytes: stored in a data buffer, not inline
	for name, newAlloc := range lifeAllocators {
		t.Run(name, func(t *testing.T) {
			mem := newAlloc()
			slice := func() *Tensor {
				db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
				defer db.Release()
				for _, s := range []string{"a", "b", "a", "c"} {
					if err := db.AppendString(s); err != nil {
						t.Fatal(err)
					}
				}
				vb := array.NewStringViewBuilder(mem)
				defer vb.Release()
				vb.AppendValues([]string{"short", long + "1", long + "2", ""}, []bool{true, true, false, true})
				dict, views := db.NewArray(), vb.NewArray()
				sa, err := array.NewStructArray([]arrow.Array{dict, views}, []string{"d", "v"})
				dict.Release()
				views.Release()
				if err != nil {
					t.Fatal(err)
				}
				defer sa.Release()
				st, err := FromArrow(sa)
				if err != nil {
					t.Fatal(err)
				}
				return Must(st.Slice(0, Span(1, 3)))
			}()
			settle()
			if mem.Live() == 0 {
				t.Fatal("the slice holds no memory")
			}
			want := []any{map[string]any{"d": "b", "v": long + "1"}, map[string]any{"d": "a", "v": nil}}
			if got := slice.ToValue(); !reflect.DeepEqual(got, want) {
				t.Errorf("after release\n got %v\nwant %v", got, want)
			}
			out := Must(slice.ToArrow())
			if err := array.ValidateFull(out); err != nil {
				t.Error(err)
			}
			out.Release()
			runtime.KeepAlive(slice)
			waitFreed(t, name, mem.Live)
		})
	}
}
