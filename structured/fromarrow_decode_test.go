package structured

import (
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// decExtType is an extension type over int8 storage.
type decExtType struct{ arrow.ExtensionBase }

// decExtArray is the array of decExtType.
type decExtArray struct{ array.ExtensionArrayBase }

func (*decExtType) ArrayType() reflect.Type { return reflect.TypeFor[decExtArray]() }
func (*decExtType) ExtensionName() string   { return "structframe.test" }
func (*decExtType) Serialize() string       { return "" }
func (e *decExtType) Deserialize(storage arrow.DataType, _ string) (arrow.ExtensionType, error) {
	return &decExtType{arrow.ExtensionBase{Storage: storage}}, nil
}
func (e *decExtType) ExtensionEquals(o arrow.ExtensionType) bool {
	return o.ExtensionName() == e.ExtensionName()
}

// decI32 and decI64 are buffers of offsets or sizes.
func decI32(v ...int32) *memory.Buffer {
	return memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(v))
}

func decI64(v ...int64) *memory.Buffer {
	return memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(v))
}

// decBits is a validity bitmap.
func decBits(valid ...bool) *memory.Buffer {
	return validityFromBools(valid).buf
}

// decArray builds an array of type dt over buffers and one child.
func decArray(dt arrow.DataType, n int, bufs []*memory.Buffer, child arrow.Array, nulls int) arrow.Array {
	var children []arrow.ArrayData
	if child != nil {
		children = []arrow.ArrayData{child.Data()}
	}
	d := array.NewData(dt, n, bufs, children, nulls, 0)
	defer d.Release()
	return array.MakeFromData(d)
}

// TestFromArrowDecodes reads the layouts decoded at entry: extension
// types as their storage, run-end encoded arrays expanded, list views in
// any order (overlapping, out of order, null slots with a size) as lists,
// whatever their items are.
func TestFromArrowDecodes(t *testing.T) {
	ints := arwI64([]int64{10, 11, 12, 13, 14}, nil)
	structs, _ := array.NewStructArray([]arrow.Array{ints}, []string{"a"})
	views := []arrow.Array{ // views [3, 5), [0, 1), [1, 3), null [0, 5)
		decArray(arrow.ListViewOf(arrow.PrimitiveTypes.Int64), 4,
			[]*memory.Buffer{decBits(true, true, true, false), decI32(3, 0, 1, 0), decI32(2, 1, 2, 5)}, ints, 1),
		decArray(arrow.LargeListViewOf(arrow.PrimitiveTypes.Int64), 4,
			[]*memory.Buffer{decBits(true, true, true, false), decI64(3, 0, 1, 0), decI64(2, 1, 2, 5)}, ints, 1),
	}
	structView := decArray(arrow.ListViewOf(structs.DataType()), 4,
		[]*memory.Buffer{decBits(true, true, true, false), decI32(3, 0, 1, 0), decI32(2, 1, 2, 5)}, structs, 1)
	runEnds := arwJSON(t, arrow.PrimitiveTypes.Int32, `[2, 5, 6]`)
	ree := array.NewRunEndEncodedArray(runEnds, arwJSON(t, arrow.BinaryTypes.String, `["a", null, "c"]`), 6, 0)
	reeSliced := array.NewSlice(ree, 1, 5) // a, null, null, null
	reeLate := array.NewSlice(ree, 3, 6)   // null, null, c: starts in the second run
	ext := array.NewExtensionArrayWithStorage(&decExtType{arrow.ExtensionBase{Storage: arrow.PrimitiveTypes.Int8}}, arwJSON(t, arrow.PrimitiveTypes.Int8, `[1, 0, null, 1]`))
	m := func(a any) map[string]any { return map[string]any{"a": a} }
	for _, c := range []struct {
		name string
		arr  arrow.Array
		want []any
		spec string
	}{
		{"list_view", views[0], []any{[]any{int64(13), int64(14)}, []any{int64(10)}, []any{int64(11), int64(12)}, nil}, "?var * int64"},
		{"large_list_view", views[1], []any{[]any{int64(13), int64(14)}, []any{int64(10)}, []any{int64(11), int64(12)}, nil}, "?var * int64"},
		{"list_view of structs", structView, []any{[]any{m(int64(13)), m(int64(14))}, []any{m(int64(10))}, []any{m(int64(11)), m(int64(12))}, nil}, "?var * {a: int64}"},
		{"run-end encoded", ree, []any{"a", "a", nil, nil, nil, "c"}, "?string"},
		{"run-end encoded, sliced", reeSliced, []any{"a", nil, nil, nil}, "?string"},
		{"run-end encoded, sliced past a run", reeLate, []any{nil, nil, "c"}, "?string"},
		{"extension", ext, []any{int8(1), int8(0), nil, int8(1)}, "?int8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := array.NewStructArray([]arrow.Array{c.arr}, []string{"x"})
			if err != nil {
				t.Fatal(err)
			}
			got, err := FromArrow(st)
			if err != nil {
				t.Fatalf("FromArrow: %v", err)
			}
			if err := got.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			want := dtRows(c.want...)
			if !reflect.DeepEqual(got.ToValue(), want) {
				t.Errorf("ToValue:\n got %#v\nwant %#v", got.ToValue(), want)
			}
			if s := got.Spec().Fields[0]; s.String() != "x: "+c.spec {
				t.Errorf("Spec field %s, want x: %s", &s, c.spec)
			}
			sc, err := SpecFromArrowType(st.DataType())
			if err != nil {
				t.Errorf("SpecFromArrowType: %v", err)
			} else if err := got.ConformsTo(sc); err != nil {
				t.Errorf("ConformsTo(SpecFromArrowType = %s): %v", sc, err)
			}
			rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{arwF("x", c.arr.DataType())}, nil), []arrow.Array{c.arr}, int64(c.arr.Len()))
			fromRec, err := FromRecordBatch(rec)
			if err != nil || !fromRec.Equal(got) {
				t.Errorf("FromRecordBatch = %v, %v, want %v", fromRec, err, got)
			}
		})
	}
}

// TestListViewShared reads a list view whose views follow each other
// from item 0 without copying its items.
func TestListViewShared(t *testing.T) {
	ints := arwI64([]int64{1, 2, 3}, nil)
	lv := decArray(arrow.ListViewOf(arrow.PrimitiveTypes.Int64), 3,
		[]*memory.Buffer{nil, decI32(0, 2, 2), decI32(2, 0, 1)}, ints, 0)
	st, _ := array.NewStructArray([]arrow.Array{lv}, []string{"x"})
	got, err := FromArrow(st)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := got.Field("x")
	if b := x.(Leaf).Values().Data().Buffers()[1]; !sameMemory(b, ints.Data().Buffers()[1]) {
		t.Error("the items were copied")
	}
	if want := dtRows([]any{int64(1), int64(2)}, []any{}, []any{int64(3)}); !reflect.DeepEqual(got.ToValue(), want) {
		t.Errorf("ToValue = %#v, want %#v", got.ToValue(), want)
	}
}

// decNested builds list<struct<a: int64, l: list<int64>>> from the outer
// offsets and validity, the struct count, the inner offsets and validity
// and the items.
func decNested(outer []int32, outerValid []bool, a []int64, inner []int32, innerValid []bool, items []int64) arrow.Array {
	nullsOf := func(v []bool) int {
		n := 0
		for _, ok := range v {
			if !ok {
				n++
			}
		}
		return n
	}
	l := decArray(arrow.ListOf(arrow.PrimitiveTypes.Int64), len(inner)-1,
		[]*memory.Buffer{decBits(innerValid...), decI32(inner...)}, arwI64(items, nil), nullsOf(innerValid))
	st, _ := array.NewStructArray([]arrow.Array{arwI64(a, nil), l}, []string{"a", "l"})
	return decArray(arrow.ListOf(st.DataType()), len(outer)-1,
		[]*memory.Buffer{decBits(outerValid...), decI32(outer...)}, st, nullsOf(outerValid))
}

// TestNullListsSpanningItems reads list levels whose null slots span
// child items (legal Arrow): the items are dropped at entry, so that
// Equal, MergeDims, Concat along axis 1 and ExpandDims+MergeDims see the
// same data as for lists whose null slots are empty. Lists without such
// slots keep their offsets buffers.
func TestNullListsSpanningItems(t *testing.T) {
	// Row 1 (null) spans structures 2 and 3; structure 4's null list
	// spans items 104 and 105.
	spanning := decNested([]int32{0, 2, 4, 5}, []bool{true, false, true}, []int64{1, 2, 3, 4, 5},
		[]int32{0, 1, 2, 3, 4, 6}, []bool{true, true, true, true, false}, []int64{100, 101, 102, 103, 104, 105})
	clean := decNested([]int32{0, 2, 2, 3}, []bool{true, false, true}, []int64{1, 2, 5},
		[]int32{0, 1, 2, 2}, []bool{true, true, false}, []int64{100, 101})
	ts, err := FromArrow(spanning)
	if err != nil {
		t.Fatal(err)
	}
	tc, err := FromArrow(clean)
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.Validate(); err != nil {
		t.Fatal(err)
	}
	if !ts.Equal(tc) {
		t.Errorf("Equal: %v\nwant %v", ts, tc)
	}
	m := func(a int64, l any) map[string]any { return map[string]any{"a": a, "l": l} }
	want := []any{[]any{m(1, []any{int64(100)}), m(2, []any{int64(101)})}, nil, []any{m(5, nil)}}
	if !reflect.DeepEqual(ts.ToValue(), want) {
		t.Errorf("ToValue = %#v\nwant %#v", ts.ToValue(), want)
	}
	ops := []struct {
		name string
		op   func(*Tensor) (*Tensor, error)
	}{
		{"MergeDims", func(x *Tensor) (*Tensor, error) { return x.MergeDims(0, 1) }},
		{"Concat axis 1", func(x *Tensor) (*Tensor, error) { return Concat(1, x, x) }},
		{"ExpandDims+MergeDims", func(x *Tensor) (*Tensor, error) {
			e, err := x.ExpandDims(1)
			if err != nil {
				return nil, err
			}
			return e.MergeDims(1, 2)
		}},
		{"field l MergeDims", func(x *Tensor) (*Tensor, error) {
			l, err := x.Field("l")
			if err != nil {
				return nil, err
			}
			return FromFields([]FieldValue{{"l", l}}, 2)
		}},
	}
	for _, o := range ops {
		gs, err1 := o.op(ts)
		gc, err2 := o.op(tc)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", o.name, err1, err2)
		}
		if !gs.Equal(gc) || !reflect.DeepEqual(gs.ToValue(), gc.ToValue()) {
			t.Errorf("%s:\n got %v\nwant %v", o.name, gs, gc)
		}
	}
	merged, _ := ts.MergeDims(0, 1)
	if merged.NumRows() != 3 {
		t.Errorf("MergeDims has %d rows, want the 3 structures of non-null rows", merged.NumRows())
	}
	// The clean lists are shared, offsets buffers included.
	back, err := tc.ToArrow()
	if err != nil {
		t.Fatal(err)
	}
	if !sameMemory(back.Data().Buffers()[1], clean.Data().Buffers()[1]) {
		t.Error("the offsets of a list without spanning null slots were copied")
	}
	inner := func(a arrow.Array) *memory.Buffer {
		return a.(*array.List).ListValues().(*array.Struct).Field(1).Data().Buffers()[1]
	}
	if !sameMemory(inner(back), inner(clean)) {
		t.Error("the inner offsets of a list without spanning null slots were copied")
	}
}
