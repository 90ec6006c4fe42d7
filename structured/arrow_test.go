package structured

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Helpers of the Arrow tests are prefixed arw.

var arwMem = memory.NewGoAllocator()

// arwF is a nullable Arrow field.
func arwF(name string, typ arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: typ, Nullable: true}
}

// arwJSON builds an Arrow array from JSON.
func arwJSON(t testing.TB, typ arrow.DataType, js string) arrow.Array {
	t.Helper()
	a, _, err := array.FromJSON(arwMem, typ, strings.NewReader(js))
	if err != nil {
		t.Fatalf("FromJSON(%s): %v", typ, err)
	}
	return a
}

func arwI64(vals []int64, valid []bool) arrow.Array {
	b := array.NewInt64Builder(arwMem)
	defer b.Release()
	b.AppendValues(vals, valid)
	return b.NewArray()
}

func arwF64(vals []float64, valid []bool) arrow.Array {
	b := array.NewFloat64Builder(arwMem)
	defer b.Release()
	b.AppendValues(vals, valid)
	return b.NewArray()
}

func arwStr(vals []string, valid []bool) arrow.Array {
	b := array.NewStringBuilder(arwMem)
	defer b.Release()
	b.AppendValues(vals, valid)
	return b.NewArray()
}

// arwBufs collects the buffers a value or an array holds, by role.
type arwBufs struct {
	leaf map[arwMemKey]bool // memory of leaf array buffers
	bits map[arwMemKey]bool // memory of validity bitmaps of lists and structs
	offs map[uintptr]bool   // address of the first offset a list level uses
}

func newArwBufs() *arwBufs {
	return &arwBufs{map[arwMemKey]bool{}, map[arwMemKey]bool{}, map[uintptr]bool{}}
}

// arwMemKey names the memory a buffer holds: FromArrow keeps Arrow
// buffers through stand-ins over the same bytes (see lifetime.go), so
// sharing is judged by memory, not by *memory.Buffer identity.
type arwMemKey struct {
	addr uintptr
	n    int
}

func arwKey(b *memory.Buffer) arwMemKey { return arwMemKey{arwAddr(b.Bytes()), b.Len()} }

// sameDictMemory reports whether two arrays' dictionaries (nil for
// none) hold the very same bytes, buffer by buffer.
func sameDictMemory(a, b arrow.ArrayData) bool {
	da, _ := a.Dictionary().(*array.Data)
	db, _ := b.Dictionary().(*array.Data)
	if da == nil || db == nil {
		return da == nil && db == nil
	}
	if len(da.Buffers()) != len(db.Buffers()) || da.Offset() != db.Offset() || da.Len() != db.Len() {
		return false
	}
	for i := range da.Buffers() {
		if !sameMemory(da.Buffers()[i], db.Buffers()[i]) {
			return false
		}
	}
	return true
}

// sameMemory reports whether two buffers hold the very same bytes (both
// nil counts as the same).
func sameMemory(a, b *memory.Buffer) bool {
	if a == nil || b == nil {
		return a == b
	}
	return arwKey(a) == arwKey(b)
}

func arwAddr[T any](s []T) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(s))) }

// addValue collects what a Tensor value holds: leaf buffers, row splits
// (by address) and validity bitmaps.
func (b *arwBufs) addValue(v Value) {
	addParts := func(parts []*RowPartition) {
		for _, p := range parts {
			if p.valid.nulls != 0 {
				b.bits[arwKey(p.valid.buf)] = true
			}
			if p.s32 != nil {
				b.offs[arwAddr(p.s32)] = true
			}
			if p.s64 != nil {
				b.offs[arwAddr(p.s64)] = true
			}
		}
	}
	switch x := v.(type) {
	case *Tensor:
		if x.valid.nulls != 0 {
			b.bits[arwKey(x.valid.buf)] = true
		}
		addParts(x.parts)
		for _, f := range x.fieldValues() {
			b.addValue(f)
		}
	case Leaf:
		values, _, parts := leafLayout(x)
		for _, buf := range values.Data().Buffers() {
			if buf != nil {
				b.leaf[arwKey(buf)] = true
			}
		}
		addParts(parts)
	}
}

// addArray collects what Arrow array data holds.
func (b *arwBufs) addArray(d arrow.ArrayData) {
	bufs := d.Buffers()
	switch d.DataType().ID() {
	case arrow.STRUCT, arrow.FIXED_SIZE_LIST, arrow.LIST, arrow.LARGE_LIST, arrow.MAP:
		if bufs[0] != nil {
			b.bits[arwKey(bufs[0])] = true
		}
		switch d.DataType().ID() {
		case arrow.LIST, arrow.MAP:
			b.offs[arwAddr(arrow.Int32Traits.CastFromBytes(bufs[1].Bytes())[d.Offset():])] = true
		case arrow.LARGE_LIST:
			b.offs[arwAddr(arrow.Int64Traits.CastFromBytes(bufs[1].Bytes())[d.Offset():])] = true
		}
		for _, c := range d.Children() {
			b.addArray(c)
		}
	default:
		for _, buf := range bufs {
			if buf != nil {
				b.leaf[arwKey(buf)] = true
			}
		}
	}
}

// arwSubset reports, as test errors, what sub holds that super does not.
// With offsets false, row splits are not compared (they were rebased).
func arwSubset(t *testing.T, what string, sub, super *arwBufs, offsets bool) {
	t.Helper()
	for buf := range sub.leaf {
		if !super.leaf[buf] {
			t.Errorf("%s: leaf buffer %#x (%d bytes) is not shared", what, buf.addr, buf.n)
		}
	}
	for buf := range sub.bits {
		if !super.bits[buf] {
			t.Errorf("%s: validity bitmap %#x is not shared", what, buf.addr)
		}
	}
	for addr := range sub.offs {
		if offsets && !super.offs[addr] {
			t.Errorf("%s: row splits at %#x are not shared", what, addr)
		}
	}
}

// Levels of arwSameTree.
const (
	arwLeaves  = iota // leaf buffers hold the same memory
	arwMemory         // and offsets and bitmaps start at the same byte
	arwBuffers        // and are the same whole buffers (same bytes, same length)
)

// arwSameTree checks, walking two array data trees in parallel, that out
// holds the very buffers of in, as far as level says.
func arwSameTree(t *testing.T, path string, in, out arrow.ArrayData, level int) {
	t.Helper()
	ib, ob := in.Buffers(), out.Buffers()
	id := in.DataType().ID()
	if id != out.DataType().ID() {
		t.Errorf("%s: type %s became %s", path, in.DataType(), out.DataType())
		return
	}
	if id == arrow.MAP {
		id = arrow.LIST
	}
	switch id {
	case arrow.STRUCT, arrow.LIST, arrow.LARGE_LIST, arrow.FIXED_SIZE_LIST:
		if level >= arwMemory && in.NullN() > 0 && (!arwSameBuf(ib[0], ob[0], level) || in.Offset() != out.Offset()) {
			t.Errorf("%s: validity bitmap %p@%d became %p@%d", path, ib[0], in.Offset(), ob[0], out.Offset())
		}
		if size := map[arrow.Type]int{arrow.LIST: 4, arrow.LARGE_LIST: 8}[id]; level >= arwMemory && size > 0 {
			if !arwSameBuf(ib[1], ob[1], level) || arwAddr(ib[1].Bytes())+uintptr(in.Offset()*size) != arwAddr(ob[1].Bytes())+uintptr(out.Offset()*size) {
				t.Errorf("%s: offsets buffer %p@%d became %p@%d", path, ib[1], in.Offset(), ob[1], out.Offset())
			}
		}
		for i := range in.Children() {
			arwSameTree(t, path+"/"+in.DataType().(arrow.NestedType).Fields()[i].Name, in.Children()[i], out.Children()[i], level)
		}
	default:
		for i := range ib {
			if !sameMemory(ib[i], ob[i]) {
				t.Errorf("%s: leaf buffer %d %p became %p", path, i, ib[i], ob[i])
			}
		}
	}
}

// arwSameBuf reports whether two buffers hold the same bytes (level
// arwBuffers) or start at the same byte (arwMemory).
func arwSameBuf(a, b *memory.Buffer, level int) bool {
	if sameMemory(a, b) {
		return true
	}
	return level == arwMemory && a != nil && b != nil && arwAddr(a.Bytes()) == arwAddr(b.Bytes())
}

// arwPartTypes lists the splits' dtype and uniformity of every partition
// of a value, depth first, to compare list against large_list.
func arwPartTypes(v Value) []string {
	var out []string
	add := func(parts []*RowPartition) {
		for _, p := range parts {
			if p.IsUniform() {
				out = append(out, "uniform")
			} else {
				out = append(out, p.DType().String())
			}
		}
	}
	switch x := v.(type) {
	case *Tensor:
		add(x.parts)
		for _, f := range x.fieldValues() {
			out = append(out, arwPartTypes(f)...)
		}
	case Leaf:
		_, _, parts := leafLayout(x)
		add(parts)
	}
	return out
}

var (
	arwTSms = &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"}
	arwTSs  = &arrow.TimestampType{Unit: arrow.Second, TimeZone: "America/New_York"}
	arwTSns = &arrow.TimestampType{Unit: arrow.Nanosecond}
)

// TestFromArrowRoundTrip converts Arrow arrays of every kind to Tensors and
// back: the result equals the input and holds its very buffers.
func TestFromArrowRoundTrip(t *testing.T) {
	i64, f64, str := arrow.PrimitiveTypes.Int64, arrow.PrimitiveTypes.Float64, arrow.BinaryTypes.String
	leaves := arrow.StructOf(
		arwF("b", arrow.FixedWidthTypes.Boolean),
		arwF("i8", arrow.PrimitiveTypes.Int8), arwF("i16", arrow.PrimitiveTypes.Int16),
		arwF("i32", arrow.PrimitiveTypes.Int32), arwF("i64", i64),
		arwF("u8", arrow.PrimitiveTypes.Uint8), arwF("u16", arrow.PrimitiveTypes.Uint16),
		arwF("u32", arrow.PrimitiveTypes.Uint32), arwF("u64", arrow.PrimitiveTypes.Uint64),
		arwF("f32", arrow.PrimitiveTypes.Float32), arwF("f64", f64),
		arwF("s", str), arwF("ls", arrow.BinaryTypes.LargeString),
		arwF("bin", arrow.BinaryTypes.Binary), arwF("lbin", arrow.BinaryTypes.LargeBinary),
		arwF("d", arrow.FixedWidthTypes.Date32), arwF("ts", arwTSms), arwF("tsn", arwTSns),
		arwF("n", arrow.Null))
	leafRow := `{"b":true,"i8":-8,"i16":-16,"i32":-32,"i64":-64,"u8":8,"u16":16,"u32":32,"u64":64,` +
		`"f32":1.5,"f64":2.5,"s":"x","ls":"y","bin":"aGk=","lbin":"","d":"2024-01-02",` +
		`"ts":"2024-01-02T03:04:05Z","tsn":5,"n":null}`
	nullRow := `{"b":null,"i8":null,"i16":null,"i32":null,"i64":null,"u8":null,"u16":null,"u32":null,"u64":null,` +
		`"f32":null,"f64":null,"s":null,"ls":null,"bin":null,"lbin":null,"d":null,"ts":null,"tsn":null,"n":null}`

	cases := []struct {
		name  string
		typ   arrow.DataType
		js    string
		rank  int
		kinds map[string]string // field -> kind of the converted field
		want  any               // ToValue, when given
	}{
		{name: "every leaf dtype, null items and a null struct", typ: leaves,
			js: "[" + leafRow + "," + nullRow + ",null," + leafRow + "]", rank: 1,
			kinds: map[string]string{"i64": "dense", "ts": "dense", "n": "dense"}},
		{name: "list: null item, null list, empty list, null struct",
			typ: arrow.StructOf(arwF("l", arrow.ListOf(i64))),
			js:  `[{"l":[1,null,3]},{"l":null},{"l":[]},null]`, rank: 1,
			kinds: map[string]string{"l": "ragged"},
			want:  []any{map[string]any{"l": []any{int64(1), nil, int64(3)}}, map[string]any{"l": nil}, map[string]any{"l": []any{}}, nil}},
		{name: "large_list of strings",
			typ: arrow.StructOf(arwF("l", arrow.LargeListOf(str))),
			js:  `[{"l":["a",null]},{"l":null},{"l":["b","c","d"]}]`, rank: 1,
			kinds: map[string]string{"l": "ragged"},
			want:  []any{map[string]any{"l": []any{"a", nil}}, map[string]any{"l": nil}, map[string]any{"l": []any{"b", "c", "d"}}}},
		{name: "fixed_size_list is dense [n, 3]",
			typ: arrow.StructOf(arwF("e", arrow.FixedSizeListOf(3, f64))),
			js:  `[{"e":[1,2,3]},{"e":[4,null,6]}]`, rank: 1,
			kinds: map[string]string{"e": "dense"}},
		{name: "fixed_size_list with null lists is ragged",
			typ: arrow.StructOf(arwF("e", arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Int32))),
			js:  `[{"e":[1,2]},{"e":null},{"e":[null,4]}]`, rank: 1,
			kinds: map[string]string{"e": "ragged"},
			want:  []any{map[string]any{"e": []any{int32(1), int32(2)}}, map[string]any{"e": nil}, map[string]any{"e": []any{nil, int32(4)}}}},
		{name: "nested struct with nulls inside",
			typ: arrow.StructOf(arwF("s", arrow.StructOf(arwF("a", i64), arwF("b", arrow.ListOf(arrow.StructOf(arwF("c", str))))))),
			js:  `[{"s":{"a":1,"b":[{"c":"x"},null,{"c":null}]}},{"s":null},{"s":{"a":null,"b":null}}]`, rank: 1,
			kinds: map[string]string{"s": "structured"},
			want: []any{
				map[string]any{"s": map[string]any{"a": int64(1), "b": []any{map[string]any{"c": "x"}, nil, map[string]any{"c": nil}}}},
				map[string]any{"s": nil},
				map[string]any{"s": map[string]any{"a": nil, "b": nil}}}},
		{name: "list of structs is rank 2",
			typ: arrow.ListOf(arrow.StructOf(arwF("x", i64), arwF("y", arrow.ListOf(f64)))),
			js:  `[[{"x":1,"y":[1.5]},null],null,[],[{"x":null,"y":null}]]`, rank: 2,
			kinds: map[string]string{"x": "ragged", "y": "ragged"},
			want: []any{
				[]any{map[string]any{"x": int64(1), "y": []any{1.5}}, nil}, nil, []any{},
				[]any{map[string]any{"x": nil, "y": nil}}}},
		{name: "large_list of lists of structs is rank 3",
			typ: arrow.LargeListOf(arrow.ListOf(arrow.StructOf(arwF("x", str)))),
			js:  `[[[{"x":"a"}],[],null],null,[[{"x":null},null]]]`, rank: 3,
			kinds: map[string]string{"x": "ragged"},
			want: []any{
				[]any{[]any{map[string]any{"x": "a"}}, []any{}, nil}, nil,
				[]any{[]any{map[string]any{"x": nil}, nil}}}},
		{name: "fixed_size_list of structs is rank 2 with dense fields",
			typ: arrow.FixedSizeListOf(2, arrow.StructOf(arwF("x", i64), arwF("v", arrow.FixedSizeListOf(2, f64)))),
			js:  `[[{"x":1,"v":[1,2]},{"x":2,"v":[3,4]}],[{"x":3,"v":[5,6]},null]]`, rank: 2,
			// The null structure makes v's fixed_size_list slot null: ragged.
			kinds: map[string]string{"x": "dense", "v": "ragged"}},
		{name: "fixed_size_list of structs with a null list",
			typ: arrow.FixedSizeListOf(2, arrow.StructOf(arwF("x", i64))),
			js:  `[[{"x":1},{"x":2}],null,[{"x":3},null]]`, rank: 2,
			kinds: map[string]string{"x": "ragged"},
			want: []any{
				[]any{map[string]any{"x": int64(1)}, map[string]any{"x": int64(2)}}, nil,
				[]any{map[string]any{"x": int64(3)}, nil}}},
		{name: "list of fixed_size_list of structs is rank 3",
			typ: arrow.ListOf(arrow.FixedSizeListOf(2, arrow.StructOf(arwF("x", i64)))),
			js:  `[[[{"x":1},{"x":2}]],[],[[{"x":3},null],[null,{"x":4}]]]`, rank: 3,
			kinds: map[string]string{"x": "ragged"}},
		{name: "list of lists of floats",
			typ: arrow.StructOf(arwF("m", arrow.ListOf(arrow.ListOf(f64)))),
			js:  `[{"m":[[1],[],null]},{"m":null},{"m":[[2,3]]}]`, rank: 1,
			kinds: map[string]string{"m": "ragged"},
			want:  []any{map[string]any{"m": []any{[]any{1.0}, []any{}, nil}}, map[string]any{"m": nil}, map[string]any{"m": []any{[]any{2.0, 3.0}}}}},
		{name: "fixed_size_list of lists",
			typ: arrow.StructOf(arwF("f", arrow.FixedSizeListOf(2, arrow.ListOf(i64)))),
			js:  `[{"f":[[1],[2,3]]},{"f":[[],null]}]`, rank: 1,
			kinds: map[string]string{"f": "ragged"}},
		{name: "list of fixed_size_lists",
			typ: arrow.StructOf(arwF("f", arrow.ListOf(arrow.FixedSizeListOf(2, i64)))),
			js:  `[{"f":[[1,2],[3,4]]},{"f":[]},{"f":null}]`, rank: 1,
			kinds: map[string]string{"f": "ragged"}},
		{name: "list of timestamps with a zone",
			typ: arrow.StructOf(arwF("t", arrow.ListOf(arwTSs))),
			js:  `[{"t":[0,1700000000]},{"t":[null]}]`, rank: 1,
			kinds: map[string]string{"t": "ragged"}},
		{name: "list of nulls",
			typ: arrow.StructOf(arwF("n", arrow.ListOf(arrow.Null))),
			js:  `[{"n":[null,null]},{"n":null},{"n":[]}]`, rank: 1,
			kinds: map[string]string{"n": "ragged"},
			want:  []any{map[string]any{"n": []any{nil, nil}}, map[string]any{"n": nil}, map[string]any{"n": []any{}}}},
		{name: "empty struct array",
			typ: arrow.StructOf(arwF("a", i64), arwF("b", arrow.ListOf(str))),
			js:  `[]`, rank: 1,
			kinds: map[string]string{"a": "dense", "b": "ragged"}, want: []any{}},
		{name: "empty list of structs",
			typ: arrow.ListOf(arrow.StructOf(arwF("a", i64))),
			js:  `[]`, rank: 2,
			kinds: map[string]string{"a": "ragged"}, want: []any{}},
		{name: "struct without fields",
			typ: arrow.StructOf(),
			js:  `[{},null,{}]`, rank: 1,
			want: []any{map[string]any{}, nil, map[string]any{}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := arwJSON(t, tc.typ, tc.js)
			defer in.Release()
			st, err := FromArrow(in)
			if err != nil {
				t.Fatal(err)
			}
			if st.Rank() != tc.rank || st.NumRows() != in.Len() {
				t.Fatalf("rank %d, %d rows; want rank %d, %d rows", st.Rank(), st.NumRows(), tc.rank, in.Len())
			}
			for name, kind := range tc.kinds {
				if f := st.field(st.fieldIndex(name)); kindName(f) != kind {
					t.Errorf("field %s is %s, want %s", name, kindName(f), kind)
				}
			}
			if tc.want != nil && !reflect.DeepEqual(st.ToValue(), tc.want) {
				t.Errorf("ToValue\n got %#v\nwant %#v", st.ToValue(), tc.want)
			}
			// FromArrow shares every buffer of the input.
			tb, ab := newArwBufs(), newArwBufs()
			tb.addValue(st)
			ab.addArray(in.Data())
			arwSubset(t, "FromArrow", tb, ab, true)

			out, err := st.ToArrow()
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			if !array.Equal(in, out) {
				t.Errorf("ToArrow(FromArrow(a)) != a\n got %v\nwant %v", out, in)
			}
			if typ, err := ArrowType(st); err != nil || !arrow.TypeEqual(typ, out.DataType()) {
				t.Errorf("ArrowType = %v, %v; ToArrow made %v", typ, err, out.DataType())
			}
			arwSameTree(t, "", in.Data(), out.Data(), arwBuffers)

			back, err := FromArrow(out)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(st) {
				t.Errorf("FromArrow(ToArrow(t)) != t\n got %v\nwant %v", back, st)
			}
		})
	}
}

// arwTensors builds Tensors of every field kind with the Go constructors.
func arwTensors(t testing.TB) map[string]*Tensor {
	m := func(v Value, err error) Value {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	mt := func(v *Tensor, err error) *Tensor {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	mp := func(p *RowPartition, err error) *RowPartition {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	out := map[string]*Tensor{}

	// Rank 1: every field kind, nulls at every level.
	p32 := mp(mp(PartitionFromSplits([]int32{0, 2, 2, 3})).WithValidity([]bool{true, false, true}))
	p64 := mp(PartitionFromSplits([]int64{0, 1, 3, 3}))
	uni := mustUniform(2, 3).withValidity(validityFromBools([]bool{true, false, true}))
	nested := mt(FromFields([]FieldValue{{"a", m(NewDense(arwI64([]int64{1, 2, 3}, []bool{true, false, true})))}}, 1))
	nested.valid = validityFromBools([]bool{true, true, false})
	inner := mp(PartitionFromSplits([]int32{0, 1, 1, 4}))
	listOfStruct := mt(FromFields([]FieldValue{
		{"c", m(NewRagged(arwStr([]string{"p", "q", "r"}, []bool{true, false, true}), p64))},
		{"d", m(NewRagged(arwF64([]float64{1, 2, 3, 4}, nil), p64, inner))},
	}, 2))
	out["rank 1, every field kind"] = mt(FromFields([]FieldValue{
		{"id", m(NewDense(arwI64([]int64{1, 2, 3}, []bool{true, false, true})))},
		{"name", m(NewDense(arwStr([]string{"a", "b", "c"}, nil)))},
		{"tags", m(NewRagged(arwStr([]string{"x", "y", "z"}, nil), p32))},
		{"big", m(NewRagged(arwI64([]int64{7, 8, 9}, nil), p64))},
		{"emb", m(NewDense(arwF64([]float64{1, 2, 3, 4, 5, 6}, nil), 3, 2))},
		{"pair", m(NewRagged(arwF64([]float64{1, 2, 3, 4, 5, 6}, nil), uni))},
		{"nested", nested},
		{"items", listOfStruct},
	}, 1))
	withNulls := *out["rank 1, every field kind"]
	withNulls.valid = validityFromBools([]bool{false, true, true})
	out["rank 1 with null structures"] = &withNulls

	// Rank 2 over int32 splits with a null list, rank-3 leaves and nested
	// Tensors of rank 2 and 3.
	rows := mp(mp(PartitionFromSplits([]int32{0, 2, 2, 5})).WithValidity([]bool{true, false, true}))
	sub := mp(PartitionFromLengths([]int{1, 0, 2, 1, 1}))
	n2 := mt(FromFields([]FieldValue{{"k", m(NewRagged(arwI64([]int64{1, 2, 3, 4, 5}, nil), rows))}}, 2))
	n2.valid = validityFromBools([]bool{true, false, true, true, true})
	out["rank 2"] = mt(FromFields([]FieldValue{
		{"x", m(NewRagged(arwI64([]int64{1, 2, 3, 4, 5}, []bool{true, true, false, true, true}), rows))},
		{"y", m(NewRagged(arwF64([]float64{1, 2, 3, 4, 5}, nil), rows, sub))},
		{"s", n2},
		{"t", mt(FromFields([]FieldValue{{"z", m(NewRagged(arwStr([]string{"a", "b", "c", "d", "e"}, nil), rows, sub))}}, 3))},
	}, 2))

	// Rank 3: int64 then int32 splits.
	q1 := mp(PartitionFromSplits([]int64{0, 2, 3}))
	q2 := mp(PartitionFromSplits([]int32{0, 1, 1, 4}))
	out["rank 3"] = mt(FromFields([]FieldValue{
		{"v", m(NewRagged(arwStr([]string{"a", "b", "c", "d"}, nil), q1, q2))},
		{"w", m(NewRagged(arwI64([]int64{1, 2, 3, 4, 5}, nil), q1, q2, mp(PartitionFromLengths([]int{2, 0, 1, 2}))))},
	}, 3))

	// Rank 2, uniform: fixed_size_list of structs, dense fields.
	out["rank 2 uniform"] = mt(FromFieldsShape([]FieldValue{
		{"x", m(NewDense(arwI64([]int64{1, 2, 3, 4, 5, 6}, nil), 2, 3))},
		{"e", m(NewDense(arwF64([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, nil), 2, 3, 2))},
	}, Shape{2, 3}))

	// Empty tensors.
	out["rank 1, 0 rows"] = mt(FromFields([]FieldValue{
		{"a", m(NewDense(arwI64(nil, nil)))},
		{"b", m(NewRagged(arwStr(nil, nil), mp(PartitionFromSplits([]int32{0}))))},
	}, 1))
	out["rank 2, 0 rows"] = mt(FromFields([]FieldValue{
		{"a", m(NewRagged(arwI64(nil, nil), mp(PartitionFromSplits([]int64{0}))))},
	}, 2))
	out["rank 1, no fields"] = mt(FromShape(Shape{3}))
	return out
}

// TestToArrowRoundTrip converts Tensors built in Go to Arrow and back: the
// result equals the Tensor, list kinds follow the splits' dtype, and the
// Arrow array holds the Tensor's very buffers and splits.
func TestToArrowRoundTrip(t *testing.T) {
	for name, st := range arwTensors(t) {
		t.Run(name, func(t *testing.T) {
			out, err := st.ToArrow()
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			if err := array.ValidateFull(out); err != nil {
				t.Errorf("ToArrow made an invalid array: %v", err)
			}
			if typ, err := ArrowType(st); err != nil || !arrow.TypeEqual(typ, out.DataType()) {
				t.Errorf("ArrowType = %v, %v; ToArrow made %v", typ, err, out.DataType())
			}
			tb, ab := newArwBufs(), newArwBufs()
			tb.addValue(st)
			ab.addArray(out.Data())
			if st.NumFields() > 0 {
				arwSubset(t, "ToArrow", tb, ab, true)
			}
			back, err := FromArrow(out)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(st) {
				t.Errorf("FromArrow(ToArrow(t)) != t\n got %v\nwant %v", back, st)
			}
			if got, want := arwPartTypes(back), arwPartTypes(st); !reflect.DeepEqual(got, want) {
				t.Errorf("partition kinds %v, want %v", got, want)
			}
			if !reflect.DeepEqual(back.ToValue(), st.ToValue()) {
				t.Errorf("ToValue\n got %#v\nwant %#v", back.ToValue(), st.ToValue())
			}
			again, err := back.ToArrow()
			if err != nil {
				t.Fatal(err)
			}
			defer again.Release()
			arwSameTree(t, "", out.Data(), again.Data(), arwMemory)

			if st.Rank() != 1 || st.NullN() != 0 {
				return
			}
			rec, err := st.ToRecordBatch()
			if err != nil {
				t.Fatal(err)
			}
			defer rec.Release()
			schema, err := st.ArrowSchema()
			if err != nil || !schema.Equal(rec.Schema()) {
				t.Errorf("ArrowSchema = %v, %v; ToRecordBatch made %v", schema, err, rec.Schema())
			}
			fromRec, err := FromRecordBatch(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !fromRec.Equal(st) {
				t.Errorf("FromRecordBatch(ToRecordBatch(t)) != t\n got %v\nwant %v", fromRec, st)
			}
			for i, col := range rec.Columns() {
				arwSameTree(t, rec.ColumnName(i), out.Data().Children()[i], col.Data(), arwMemory)
			}
		})
	}
}

// TestArrowListKinds checks that int32 splits give list, int64 splits
// large_list and uniform partitions fixed_size_list, and back.
func TestArrowListKinds(t *testing.T) {
	vals := arwI64([]int64{1, 2, 3, 4}, nil)
	cases := []struct {
		name string
		part *RowPartition
		want arrow.DataType
	}{
		{"int32 splits", Must(PartitionFromSplits([]int32{0, 2, 4})), arrow.ListOf(arrow.PrimitiveTypes.Int64)},
		{"int64 splits", Must(PartitionFromSplits([]int64{0, 2, 4})), arrow.LargeListOf(arrow.PrimitiveTypes.Int64)},
		{"uniform", Must(PartitionFromUniform(2, Unknown, 2)), arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Int64)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := Must(FromFields([]FieldValue{{"v", Must(NewRagged(vals, tc.part))}}, 1))
			out, err := st.ToArrow()
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			got := out.DataType().(*arrow.StructType).Field(0).Type
			if !arrow.TypeEqual(got, tc.want) {
				t.Fatalf("field type %v, want %v", got, tc.want)
			}
			back := Must(FromArrow(out))
			var parts []*RowPartition
			switch f := back.field(0).(type) {
			case *Ragged:
				parts = f.parts
			case *Dense: // uniform without nulls comes back dense
				parts = denseParts(f.shape)
			}
			if p := parts[0]; p.IsUniform() != tc.part.IsUniform() || (!p.IsUniform() && p.DType().ID() != tc.part.DType().ID()) {
				t.Errorf("partition came back as %v (%v), want %v (%v)", p, p.DType(), tc.part, tc.part.DType())
			}
		})
	}
}

// TestArrowBufferIdentity spells the zero-copy claim out on one record
// batch: FromRecordBatch aliases offsets, values and bitmaps, and
// ToRecordBatch hands back the same *memory.Buffer objects.
func TestArrowBufferIdentity(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{
		arwF("id", arrow.PrimitiveTypes.Int64),
		arwF("scores", arrow.ListOf(arrow.PrimitiveTypes.Float64)),
		arwF("who", arrow.StructOf(arwF("name", arrow.BinaryTypes.String))),
	}, nil)
	rec, _, err := array.RecordFromJSON(arwMem, schema, strings.NewReader(
		`[{"id":1,"scores":[1.5,2.5],"who":{"name":"ann"}},{"id":null,"scores":null,"who":null},{"id":3,"scores":[3.5],"who":{"name":"bo"}}]`))
	if err != nil {
		t.Fatal(err)
	}
	id, scores, who := rec.Column(0), rec.Column(1).(*array.List), rec.Column(2).(*array.Struct)
	st, err := FromRecordBatch(rec)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()

	// Arrow -> Tensor.
	idf := st.field(0).(*Dense)
	if !sameMemory(idf.values.Data().Buffers()[1], id.Data().Buffers()[1]) || !sameMemory(idf.values.Data().Buffers()[0], id.Data().Buffers()[0]) {
		t.Error("id: values or validity buffer copied")
	}
	sc := st.field(1).(*Ragged)
	p := sc.parts[0]
	if !sameMemory(p.buf, scores.Data().Buffers()[1]) {
		t.Error("scores: partition does not remember the offsets buffer")
	}
	if arwAddr(p.s32) != arwAddr(scores.Offsets()) {
		t.Error("scores: splits do not alias the Arrow offsets")
	}
	if !sameMemory(p.valid.buf, scores.Data().Buffers()[0]) {
		t.Error("scores: null lists do not share the Arrow bitmap")
	}
	if !sameMemory(sc.values.Data().Buffers()[1], scores.ListValues().Data().Buffers()[1]) {
		t.Error("scores: values copied")
	}
	wf := st.field(2).(*Tensor)
	if !sameMemory(wf.valid.buf, who.Data().Buffers()[0]) {
		t.Error("who: null structures do not share the Arrow bitmap")
	}
	if nb := wf.field(0).(*Dense).values.Data().Buffers(); !sameMemory(nb[1], who.Field(0).Data().Buffers()[1]) || !sameMemory(nb[2], who.Field(0).Data().Buffers()[2]) {
		t.Error("who.name: string offsets or bytes copied")
	}

	// Tensor -> Arrow.
	out, err := st.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if !sameMemory(out.Column(0).Data().Buffers()[1], id.Data().Buffers()[1]) {
		t.Error("ToRecordBatch: id values copied")
	}
	ob := out.Column(1).Data().Buffers()
	if ob[1] != p.buf || ob[0] != p.valid.buf {
		t.Error("ToRecordBatch: scores offsets or validity not handed back")
	}
	if !sameMemory(out.Column(1).Data().Children()[0].Buffers()[1], scores.ListValues().Data().Buffers()[1]) {
		t.Error("ToRecordBatch: scores values copied")
	}
	if !sameMemory(out.Column(2).Data().Buffers()[0], who.Data().Buffers()[0]) {
		t.Error("ToRecordBatch: who validity copied")
	}

	// Splits built in Go: the offsets buffer is their own memory.
	splits := []int32{0, 1, 3}
	vals := arwF64([]float64{1, 2, 3}, nil)
	g := Must(FromFields([]FieldValue{{"v", Must(NewRagged(vals, Must(PartitionFromSplits(splits))))}}, 1))
	ga := Must(g.ToArrow())
	defer ga.Release()
	l := ga.(*array.Struct).Field(0).(*array.List)
	if arwAddr(l.Offsets()) != arwAddr(splits) {
		t.Error("ToArrow copied Go splits")
	}
	if !sameMemory(l.ListValues().Data().Buffers()[1], vals.Data().Buffers()[1]) {
		t.Error("ToArrow copied Go values")
	}
}

// TestFromArrowSliced reads arrays and record batches sliced with a
// non-zero offset: lists starting past offset 0 (rebased), lists whose
// slice starts at offset 0 (aliased), structs, fixed-size lists, strings.
func TestFromArrowSliced(t *testing.T) {
	i64, str := arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String
	cases := []struct {
		name    string
		typ     arrow.DataType
		js      string
		i, j    int
		aliased bool // the sliced offsets can still be aliased (first offset 0)
	}{
		{"struct", arrow.StructOf(arwF("a", i64), arwF("s", str)),
			`[{"a":1,"s":"x"},null,{"a":3,"s":"zz"},{"a":null,"s":null},{"a":5,"s":"w"}]`, 1, 4, true},
		{"list of structs, first offset not 0", arrow.ListOf(arrow.StructOf(arwF("a", i64), arwF("l", arrow.ListOf(str)))),
			`[[{"a":1,"l":["p"]}],[{"a":2,"l":["q","r"]},null],null,[],[{"a":5,"l":null}]]`, 1, 4, false},
		{"list of structs, first offset 0", arrow.ListOf(arrow.StructOf(arwF("a", i64))),
			`[[],null,[{"a":1},{"a":2}],null,[{"a":3}]]`, 1, 4, true},
		{"large_list of lists", arrow.StructOf(arwF("m", arrow.LargeListOf(arrow.ListOf(i64)))),
			`[{"m":[[1],[2]]},{"m":[[3,4],null]},{"m":null},{"m":[[],[5]]}]`, 1, 4, false},
		{"fixed_size_list of structs", arrow.FixedSizeListOf(2, arrow.StructOf(arwF("a", str))),
			`[[{"a":"p"},{"a":"q"}],null,[{"a":"r"},null],[{"a":null},{"a":"s"}]]`, 1, 3, true},
		{"fixed_size_list field", arrow.StructOf(arwF("e", arrow.FixedSizeListOf(2, i64))),
			`[{"e":[1,2]},{"e":[3,4]},{"e":[5,6]}]`, 1, 3, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			full := arwJSON(t, tc.typ, tc.js)
			defer full.Release()
			sliced := array.NewSlice(full, int64(tc.i), int64(tc.j))
			defer sliced.Release()
			st, err := FromArrow(sliced)
			if err != nil {
				t.Fatal(err)
			}
			want := Must(FromArrow(full)).ToValue().([]any)[tc.i:tc.j]
			if got := st.ToValue(); !reflect.DeepEqual(got, want) {
				t.Errorf("ToValue\n got %#v\nwant %#v", got, want)
			}
			tb, ab := newArwBufs(), newArwBufs()
			tb.addValue(st)
			ab.addArray(sliced.Data())
			arwSubset(t, "FromArrow", tb, ab, tc.aliased)

			out, err := st.ToArrow()
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			if !array.Equal(sliced, out) {
				t.Errorf("ToArrow\n got %v\nwant %v", out, sliced)
			}
			if err := array.ValidateFull(out); err != nil {
				t.Errorf("invalid array: %v", err)
			}
			// A sliced struct or fixed_size_list gets its bitmap shifted (a
			// copy); a sliced list whose offsets start at 0 is handed back
			// whole, at the same array offset.
			level := arwLeaves
			if tc.aliased && tc.typ.ID() == arrow.LIST {
				level = arwBuffers
			}
			arwSameTree(t, "", sliced.Data(), out.Data(), level)
		})
	}
}

// TestFromRecordBatchSliced reads a record batch sliced with NewSlice.
func TestFromRecordBatchSliced(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{
		arwF("id", arrow.PrimitiveTypes.Int64),
		arwF("s", arrow.BinaryTypes.String),
		arwF("l", arrow.ListOf(arrow.PrimitiveTypes.Float64)),
		arwF("r", arrow.ListOf(arrow.StructOf(arwF("x", arrow.BinaryTypes.LargeString)))),
	}, nil)
	rec, _, err := array.RecordFromJSON(arwMem, schema, strings.NewReader(`[
		{"id":1,"s":"one","l":[1],"r":[{"x":"a"}]},
		{"id":2,"s":"two","l":[2,2.5],"r":[{"x":"b"},{"x":null}]},
		{"id":null,"s":null,"l":null,"r":null},
		{"id":4,"s":"four","l":[],"r":[null]},
		{"id":5,"s":"five","l":[5],"r":[]}]`))
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	full := Must(FromRecordBatch(rec))
	sl := rec.NewSlice(1, 4)
	st, err := FromRecordBatch(sl)
	if err != nil {
		t.Fatal(err)
	}
	want := full.ToValue().([]any)[1:4]
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue\n got %#v\nwant %#v", got, want)
	}
	out, err := st.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if !array.RecordEqual(sl, out) {
		t.Errorf("ToRecordBatch\n got %v\nwant %v", out, sl)
	}
	for i := range sl.Columns() {
		arwSameTree(t, sl.ColumnName(i), sl.Column(i).Data(), out.Column(i).Data(), arwLeaves)
	}
	sl.Release()
}

// TestFromArrowNullListSpansItems reads a list whose null slot spans items
// (Arrow allows it): the slot reads as null, the items stay in place.
func TestFromArrowNullListSpansItems(t *testing.T) {
	vals := arwStr([]string{"a", "b", "c", "d", "e"}, nil)
	defer vals.Release()
	offsets := []int32{0, 2, 4, 5}
	bitmap := []byte{0b101}
	list := array.NewListData(array.NewData(arrow.ListOf(arrow.BinaryTypes.String), 3,
		[]*memory.Buffer{memory.NewBufferBytes(bitmap), memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offsets))},
		[]arrow.ArrayData{vals.Data()}, 1, 0))
	defer list.Release()
	sa, err := array.NewStructArray([]arrow.Array{list}, []string{"l"})
	if err != nil {
		t.Fatal(err)
	}
	defer sa.Release()
	for _, in := range []arrow.Array{sa, array.NewSlice(sa, 1, 3)} {
		st, err := FromArrow(in)
		if err != nil {
			t.Fatal(err)
		}
		want := []any{map[string]any{"l": []any{"a", "b"}}, map[string]any{"l": nil}, map[string]any{"l": []any{"e"}}}[3-in.Len():]
		if got := st.ToValue(); !reflect.DeepEqual(got, want) {
			t.Errorf("ToValue\n got %#v\nwant %#v", got, want)
		}
		out := Must(st.ToArrow())
		if !array.Equal(in, out) {
			t.Errorf("ToArrow\n got %v\nwant %v", out, in)
		}
		out.Release()
	}
}

// TestFromArrowMap reads a map as a map Tensor: ToValue gives Go maps,
// ToArrow the same map array, sharing its buffers.
func TestFromArrowMap(t *testing.T) {
	typ := arrow.StructOf(arwF("m", arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int64)))
	in := arwJSON(t, typ, `[{"m":[{"key":"a","value":1},{"key":"b","value":null}]},{"m":null},{"m":[]}]`)
	defer in.Release()
	st, err := FromArrow(in)
	if err != nil {
		t.Fatal(err)
	}
	if m := field(t, st, "m").(*Tensor); !m.IsMap() {
		t.Error("the map column is not a map Tensor")
	}
	want := []any{
		map[string]any{"m": map[string]any{"a": int64(1), "b": nil}},
		map[string]any{"m": nil}, map[string]any{"m": map[string]any{}}}
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue\n got %#v\nwant %#v", got, want)
	}
	out := Must(st.ToArrow())
	defer out.Release()
	if got := out.DataType(); !arrow.TypeEqual(got, in.DataType()) {
		t.Errorf("map came back as %v, want %v", got, in.DataType())
	}
	arwSameTree(t, "", in.Data(), out.Data(), arwBuffers)
}

// TestRankZeroToArrow converts a single structure to a struct array of
// length 1, its fields' whole values in one slot.
func TestRankZeroToArrow(t *testing.T) {
	st := Must(FromFields([]FieldValue{
		{"n", Must(NewScalar(arwI64([]int64{7}, nil)))},
		{"v", Must(NewDense(arwF64([]float64{1, 2, 3}, nil)))},
		{"r", Must(NewRagged(arwStr([]string{"a", "b", "c"}, nil), Must(PartitionFromSplits([]int32{0, 2, 3}))))},
		{"e", Must(NewDense(arwI64([]int64{1, 2, 3, 4}, nil), 2, 0+2))},
	}, 0))
	out, err := st.ToArrow()
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if out.Len() != 1 || out.DataType().ID() != arrow.STRUCT {
		t.Fatalf("got %v of length %d, want a struct array of length 1", out.DataType(), out.Len())
	}
	if typ := Must(ArrowType(st)); !arrow.TypeEqual(typ, out.DataType()) {
		t.Errorf("ArrowType %v, ToArrow %v", typ, out.DataType())
	}
	back := Must(FromArrow(out))
	if got, want := back.ToValue().([]any)[0], st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue\n got %#v\nwant %#v", got, want)
	}
}

// TestToArrowZeroLengthUniform: Arrow has no fixed_size_list<0>, so a
// uniform dimension of length 0 becomes a list of empty lists.
func TestToArrowZeroLengthUniform(t *testing.T) {
	st := Must(FromFields([]FieldValue{{"e", Must(NewDense(arwI64(nil, nil), 3, 0))}}, 1))
	out, err := st.ToArrow()
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := array.ValidateFull(out); err != nil {
		t.Fatal(err)
	}
	back := Must(FromArrow(out))
	if got, want := back.ToValue(), st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue\n got %#v\nwant %#v", got, want)
	}
}

// TestArrowErrors checks unsupported types (naming the field path),
// ranks a record batch cannot hold and malformed offsets.
func TestArrowErrors(t *testing.T) {
	union := arrow.SparseUnionOf([]arrow.Field{arwF("i", arrow.PrimitiveTypes.Int64)}, []arrow.UnionTypeCode{0})
	dictOfLists := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.ListOf(arrow.PrimitiveTypes.Int64)}
	dict, _ := array.NewStructArray([]arrow.Array{arwI64([]int64{1}, nil), array.MakeArrayOfNull(goAllocator, dictOfLists, 1)}, []string{"a", "d"})
	deep := arrow.StructOf(arwF("s", arrow.StructOf(arwF("l", arrow.ListOf(arrow.StructOf(arwF("dec", union)))))))
	badOffsets := array.NewListData(array.NewData(arrow.ListOf(arrow.PrimitiveTypes.Int64), 2,
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes([]int32{0, 2, 1}))},
		[]arrow.ArrayData{arwI64([]int64{1, 2}, nil).Data()}, 0, 0))
	badStruct, _ := array.NewStructArray([]arrow.Array{badOffsets}, []string{"l"})
	dup, _ := array.NewStructArray([]arrow.Array{arwI64([]int64{1}, nil), arwI64([]int64{2}, nil)}, []string{"a", "a"})
	rank2 := Must(FromFields([]FieldValue{{"x", Must(NewRagged(arwI64([]int64{1}, nil), Must(PartitionFromSplits([]int32{0, 1}))))}}, 2))
	nullRows := Must(FromFields([]FieldValue{{"x", Must(NewDense(arwI64([]int64{1, 2}, nil)))}}, 1))
	nullRows.valid = validityFromBools([]bool{true, false})
	dec := Must(NewDense(array.MakeArrayOfNull(goAllocator, union, 1)))
	withDec := Must(FromFields([]FieldValue{{"outer", Must(FromFields([]FieldValue{{"price", dec}}, 1))}}, 1))

	cases := []struct {
		name string
		err  func() error
		kind error
		path string
	}{
		{"dictionary of lists column", func() error { _, err := FromArrow(dict); return err }, ErrType, "d"},
		{"union deep inside", func() error { _, err := FromArrow(arwJSON(t, deep, `[]`)); return err }, ErrType, "s.l.dec"},
		{"not a struct", func() error { _, err := FromArrow(arwI64([]int64{1}, nil)); return err }, ErrType, ""},
		{"list of ints", func() error {
			_, err := FromArrow(arwJSON(t, arrow.ListOf(arrow.PrimitiveTypes.Int64), `[[1]]`))
			return err
		}, ErrType, ""},
		{"decreasing offsets, found by Validate", func() error {
			st, err := FromArrow(badStruct)
			if err != nil {
				return err
			}
			return st.Validate()
		}, ErrPartition, "l[1]"},
		{"duplicate names", func() error { _, err := FromArrow(dup); return err }, ErrPath, "a"},
		{"record batch of rank 2", func() error { _, err := rank2.ToRecordBatch(); return err }, ErrShape, ""},
		{"schema of rank 2", func() error { _, err := rank2.ArrowSchema(); return err }, ErrShape, ""},
		{"record batch with null rows", func() error { _, err := nullRows.ToRecordBatch(); return err }, ErrType, ""},
		{"ToArrow of a union leaf", func() error { _, err := withDec.ToArrow(); return err }, ErrType, "outer.price"},
		{"ArrowType of a union leaf", func() error { _, err := ArrowType(withDec); return err }, ErrType, "outer.price"},
		{"ArrowType of nil", func() error { _, err := ArrowType(nil); return err }, ErrType, ""},
		{"FromArrow of nil", func() error { _, err := FromArrow(nil); return err }, ErrType, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err()
			var e *Error
			if !errors.Is(err, tc.kind) || !errors.As(err, &e) {
				t.Fatalf("got %v, want a %v error", err, tc.kind)
			}
			if e.Field != tc.path {
				t.Errorf("error %q names path %q, want %q", err, e.Field, tc.path)
			}
		})
	}
}

// TestFromArrowRetains checks reference counting with a checked
// allocator: the Tensor keeps its memory after the caller releases the
// batch and the arrays ToArrow returned, and a failed conversion gives
// back everything it retained.
func TestFromArrowRetains(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	schema := arrow.NewSchema([]arrow.Field{
		arwF("l", arrow.ListOf(arrow.StructOf(arwF("s", arrow.BinaryTypes.String)))),
		arwF("n", arrow.PrimitiveTypes.Int64),
	}, nil)
	rec, _, err := array.RecordFromJSON(mem, schema, strings.NewReader(`[{"l":[{"s":"a"},null],"n":1},{"l":null,"n":null}]`))
	if err != nil {
		t.Fatal(err)
	}
	st, err := FromRecordBatch(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := st.ToValue()
	rec.Release()
	for range 2 {
		out := Must(st.ToRecordBatch())
		out.Release()
	}
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("after releases ToValue = %#v, want %#v", got, want)
	}
	if mem.CurrentAlloc() == 0 {
		t.Error("the Tensor's memory was freed")
	}

	// A failing conversion releases what it retained.
	mem2 := memory.NewCheckedAllocator(memory.NewGoAllocator())
	bad := arrow.NewSchema([]arrow.Field{
		arwF("l", arrow.ListOf(arrow.BinaryTypes.String)),
		arwF("d", arrow.SparseUnionOf([]arrow.Field{arwF("i", arrow.PrimitiveTypes.Int64)}, []arrow.UnionTypeCode{0})),
	}, nil)
	rec2, _, err := array.RecordFromJSON(mem2, bad, strings.NewReader(`[{"l":["a"],"d":null},{"l":null,"d":null}]`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FromRecordBatch(rec2); !errors.Is(err, ErrType) {
		t.Fatalf("got %v, want ErrType", err)
	}
	rec2.Release()
	mem2.AssertSize(t, 0)
}

// TestArrowFromValueRecipes converts a recipes-like nested value (the
// testdata sample, decoded by encoding/json) to Arrow and back.
func TestArrowFromValueRecipes(t *testing.T) {
	raw, err := os.ReadFile("../testdata/recipes_sample.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	var rows []any
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var row any
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
	}
	rows = append(rows, map[string]any{"title": "empty", "ingredients": []any{}}) // nulls elsewhere
	st, err := FromValue(rows)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := st.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	back, err := FromRecordBatch(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(st) {
		t.Errorf("FromRecordBatch(ToRecordBatch(t)) != t")
	}
	// Missing keys read back as nil, so compare with the Tensor's ToValue,
	// and the sample's first row with the decoded JSON.
	got := back.ToValue().([]any)
	if !reflect.DeepEqual(got, st.ToValue()) {
		t.Errorf("ToValue differs after the round trip")
	}
	if !reflect.DeepEqual(got[0], rows[0]) {
		t.Errorf("row 0 differs from the decoded JSON\n got %.200v\nwant %.200v", got[0], rows[0])
	}
	for _, f := range rec.Schema().Fields() {
		if f.Name == "ingredients" && f.Type.ID() != arrow.LARGE_LIST {
			t.Errorf("ingredients is %v, want a large_list of structs (FromValue makes int64 splits)", f.Type)
		}
	}
}
