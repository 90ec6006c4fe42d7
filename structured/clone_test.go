package structured

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// cloneCorpus gathers Tensors of every field kind and every leaf dtype,
// nulls at every level, slices that view windows of their buffers, a list
// whose null slot spans items and a rank-0 Tensor.
func cloneCorpus(t *testing.T) map[string]*Tensor {
	out := map[string]*Tensor{}
	for name, st := range arwTensors(t) {
		out[name] = st
	}
	for _, fx := range aopAll(t) {
		out[fx.name] = fx.st
	}
	whole := map[string]*Tensor{}
	for name, st := range out {
		whole[name] = st
	}
	for name, st := range whole {
		if n := st.NumRows(); n >= 2 {
			out[name+", sliced"] = Must(st.Slice(0, Span(1, n)))
		}
	}
	// Arrow allows a null list slot to span items; the partition is built
	// by hand, as FromArrow may drop such items.
	spans := Must(PartitionFromSplits([]int32{0, 2, 4, 5}))
	spans.valid = validityFromBools([]bool{true, false, true})
	vals := arwStr([]string{"a", "b", "c", "d", "e"}, nil)
	out["null list spans items"] = Must(FromFields([]FieldValue{{"l", Must(NewRagged(vals, spans))}}, 1))
	out["rank 0"] = Must(FromFields([]FieldValue{
		{"n", Must(NewScalar(arwI64([]int64{7}, nil)))},
		{"v", Must(NewDense(arwF64([]float64{1, 2, 3}, []bool{true, false, true})))},
		{"r", Must(NewRagged(arwStr([]string{"a", "b", "c"}, nil), Must(PartitionFromSplits([]int32{0, 2, 3}))))},
	}, 0))
	vals.Release()
	for _, c := range dtCases(t) {
		st := dtTensor(t, c.arr)
		out["dtype "+c.name] = st
		out["dtype "+c.name+", sliced"] = Must(st.Slice(0, Span(1, st.NumRows())))
	}
	return out
}

// cloneShared lists the memory two values both hold: leaf buffers, row
// splits and validity bitmaps (empty buffers aside).
func cloneShared(a, b Value) []string {
	ab, bb := newArwBufs(), newArwBufs()
	ab.addValue(a)
	bb.addValue(b)
	var out []string
	for k := range bb.leaf {
		if k.n > 0 && ab.leaf[k] {
			out = append(out, fmt.Sprintf("leaf buffer %#x", k.addr))
		}
	}
	for k := range bb.bits {
		if ab.bits[k] {
			out = append(out, fmt.Sprintf("bitmap %#x", k.addr))
		}
	}
	for k := range bb.offs {
		if ab.offs[k] {
			out = append(out, fmt.Sprintf("splits %#x", k))
		}
	}
	sort.Strings(out)
	return out
}

// clonePartsShared reports, for every field of every Tensor in v, whether
// each of its outer partitions is its Tensor's very partition object.
func clonePartsShared(v Value) []bool {
	var out []bool
	if x, ok := v.(*Tensor); ok {
		for _, f := range x.fieldValues() {
			if x.rank >= 2 {
				for k, p := range chainParts(f)[:len(x.parts)] {
					out = append(out, p == x.parts[k])
				}
			}
			out = append(out, clonePartsShared(f)...)
		}
	}
	return out
}

// TestClone: a clone is Equal to its source, shares no memory with it,
// and keeps partitions shared between a Tensor and its fields shared.
func TestClone(t *testing.T) {
	for name, st := range cloneCorpus(t) {
		c, err := st.Clone()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !c.Equal(st) {
			t.Errorf("%s: clone\n%v\nis not Equal to\n%v", name, c, st)
		}
		if got, want := c.ToValue(), st.ToValue(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: clone ToValue\n got %v\nwant %v", name, got, want)
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%s: clone: %v", name, err)
		}
		if shared := cloneShared(st, c); len(shared) > 0 {
			t.Errorf("%s: clone shares %v", name, shared)
		}
		if got, want := clonePartsShared(c), clonePartsShared(st); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: partitions shared with fields %v, source %v", name, got, want)
		}
	}
}

// TestCloneValue clones single leaves, and refuses nil.
func TestCloneValue(t *testing.T) {
	r := Must(NewRagged(arwF64([]float64{1, 2, 3, 4}, []bool{true, false, true, true}), Must(PartitionFromSplits([]int64{0, 1, 1, 4}))))
	d := Must(NewDense(arwI64([]int64{1, 2, 3, 4, 5, 6}, nil), 3, 2))
	for _, v := range []Value{r, d, Must(SliceValue(r, Span(1, 3))), Must(SliceValue(d, Span(2, 3)))} {
		c, err := CloneValue(v)
		if err != nil {
			t.Fatalf("CloneValue(%v): %v", v, err)
		}
		if !Equal(c, v) {
			t.Errorf("CloneValue(%v) = %v", v, c)
		}
		if shared := cloneShared(v, c); len(shared) > 0 {
			t.Errorf("CloneValue(%v) shares %v", v, shared)
		}
	}
	if _, err := CloneValue(nil); !errors.Is(err, ErrType) {
		t.Errorf("nil value: got %v, want ErrType", err)
	}
}

// TestCloneDropsParent: the first rows of a big Tensor keep all of its
// memory alive; their clone does not, and stays readable once that
// memory is gone.
func TestCloneDropsParent(t *testing.T) {
	const n = 1 << 20
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	head, clone := func() (*Tensor, *Tensor) {
		ids := array.NewInt64Builder(mem)
		defer ids.Release()
		lb := array.NewListBuilder(mem, arrow.PrimitiveTypes.Float64)
		defer lb.Release()
		vb := lb.ValueBuilder().(*array.Float64Builder)
		for i := range n {
			ids.Append(int64(i))
			if i%7 == 3 {
				lb.AppendNull()
				continue
			}
			lb.Append(true)
			for k := range i % 3 {
				vb.Append(float64(i) + float64(k)/10)
			}
		}
		idArr, listArr := ids.NewArray(), lb.NewArray()
		defer idArr.Release()
		defer listArr.Release()
		schema := arrow.NewSchema([]arrow.Field{arwF("id", arrow.PrimitiveTypes.Int64), arwF("l", listArr.DataType())}, nil)
		rec := array.NewRecordBatch(schema, []arrow.Array{idArr, listArr}, n)
		defer rec.Release()
		st := Must(FromRecordBatch(rec))
		head := Must(st.Slice(0, Span(0, 10)))
		return head, Must(head.Clone())
	}()
	settle()
	if mem.CurrentAlloc() < 8*n {
		t.Fatalf("with the head alive %d bytes are allocated, want the parent's %d at least", mem.CurrentAlloc(), 8*n)
	}
	runtime.KeepAlive(head)
	waitFreed(t, "head dropped, clones alive", func() int { return mem.CurrentAlloc() })
	var want []any
	for i := range 10 {
		var l any
		if i%7 != 3 {
			items := []any{}
			for k := range i % 3 {
				items = append(items, float64(i)+float64(k)/10)
			}
			l = items
		}
		want = append(want, map[string]any{"id": int64(i), "l": l})
	}
	if got := clone.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("clone\n got %v\nwant %v", got, want)
	}
}
