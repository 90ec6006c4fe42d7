package structured

import (
	"errors"
	"reflect"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/float16"
)

// valuesCase reads one Arrow type with Values[T] and compares with the
// array's own accessor.
type valuesCase struct {
	dt   arrow.DataType
	js   string
	read func(Leaf) (any, error) // Values[T] for the matching T
	want func(arrow.Array) any   // arrow-go's typed accessor
}

func valuesOf[T arrow.FixedWidthType](l Leaf) (any, error) { return Values[T](l) }

type userID int64

func TestValues(t *testing.T) {
	ts := &arrow.TimestampType{Unit: arrow.Second}
	for _, tc := range []valuesCase{
		{arrow.PrimitiveTypes.Int8, `[1,null,-3,4]`, valuesOf[int8], func(a arrow.Array) any { return a.(*array.Int8).Int8Values() }},
		{arrow.PrimitiveTypes.Int16, `[1,null,-3,4]`, valuesOf[int16], func(a arrow.Array) any { return a.(*array.Int16).Int16Values() }},
		{arrow.PrimitiveTypes.Int32, `[1,null,-3,4]`, valuesOf[int32], func(a arrow.Array) any { return a.(*array.Int32).Int32Values() }},
		{arrow.PrimitiveTypes.Int64, `[1,null,-3,4]`, valuesOf[int64], func(a arrow.Array) any { return a.(*array.Int64).Int64Values() }},
		{arrow.PrimitiveTypes.Uint8, `[1,null,3,255]`, valuesOf[uint8], func(a arrow.Array) any { return a.(*array.Uint8).Uint8Values() }},
		{arrow.PrimitiveTypes.Uint16, `[1,null,3,4]`, valuesOf[uint16], func(a arrow.Array) any { return a.(*array.Uint16).Uint16Values() }},
		{arrow.PrimitiveTypes.Uint32, `[1,null,3,4]`, valuesOf[uint32], func(a arrow.Array) any { return a.(*array.Uint32).Uint32Values() }},
		{arrow.PrimitiveTypes.Uint64, `[1,null,3,4]`, valuesOf[uint64], func(a arrow.Array) any { return a.(*array.Uint64).Uint64Values() }},
		{arrow.PrimitiveTypes.Float32, `[1.5,null,-3,4]`, valuesOf[float32], func(a arrow.Array) any { return a.(*array.Float32).Float32Values() }},
		{arrow.PrimitiveTypes.Float64, `[1.5,null,-3,4]`, valuesOf[float64], func(a arrow.Array) any { return a.(*array.Float64).Float64Values() }},
		{arrow.FixedWidthTypes.Float16, `[1.5,null,-3,4]`, valuesOf[float16.Num], func(a arrow.Array) any { return a.(*array.Float16).Values() }},
		{arrow.FixedWidthTypes.Date32, `["2024-01-02",null,"1970-01-01","2000-02-29"]`, valuesOf[arrow.Date32], func(a arrow.Array) any { return a.(*array.Date32).Date32Values() }},
		{ts, `[1704164645,null,0,951782401]`, valuesOf[arrow.Timestamp], func(a arrow.Array) any { return a.(*array.Timestamp).TimestampValues() }},
		{arrow.FixedWidthTypes.Duration_ms, `[1,null,3,4]`, valuesOf[arrow.Duration], func(a arrow.Array) any { return a.(*array.Duration).DurationValues() }},
	} {
		t.Run(tc.dt.String(), func(t *testing.T) {
			full := ixArray(t, tc.dt, tc.js)
			for _, a := range []arrow.Array{full, array.NewSlice(full, 1, 3)} {
				leaf := Must(NewDense(a))
				got, err := tc.read(leaf)
				if err != nil {
					t.Fatal(err)
				}
				want := tc.want(a)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("offset %d: Values = %v, want %v", a.Data().Offset(), got, want)
				}
				// Zero-copy: the first item is the buffer's item at the offset.
				g, w := reflect.ValueOf(got), reflect.ValueOf(want)
				if g.Len() > 0 && g.Index(0).Addr().Pointer() != w.Index(0).Addr().Pointer() {
					t.Error("Values copied the items")
				}
			}
			// Every other pairing is refused.
			wrong := Must(NewDense(ixArray(t, arrow.BinaryTypes.String, `["x"]`)))
			if _, err := tc.read(wrong); !errors.Is(err, ErrType) {
				t.Errorf("string leaf: err %v, want ErrType", err)
			}
		})
	}
}

func TestValuesTypeChecks(t *testing.T) {
	ints := Must(NewDense(opInts(1, 2, 3)))
	ts := Must(NewDense(ixArray(t, &arrow.TimestampType{Unit: arrow.Second}, `[1]`)))
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"float64 over int64", second2(Values[float64](ints))},
		{"uint64 over int64", second2(Values[uint64](ints))},
		{"int64 over timestamp", second2(Values[int64](ts))},
		{"timestamp over int64", second2(Values[arrow.Timestamp](ints))},
		{"nil leaf", second2(Values[int64](nil))},
		{"nil dense", second2(Values[int64]((*Dense)(nil)))},
	} {
		if !errors.Is(tc.err, ErrType) {
			t.Errorf("%s: err %v, want ErrType", tc.name, tc.err)
		}
	}
	// A type defined over int64 reads int64 leaves.
	ids, err := Values[userID](ints)
	if err != nil || !reflect.DeepEqual(ids, []userID{1, 2, 3}) {
		t.Errorf("Values[userID] = %v, %v", ids, err)
	}
	// The old accessors are thin wrappers and share the buffer.
	i64, err := ints.Int64s()
	v, _ := Values[int64](ints)
	if err != nil || &i64[0] != &v[0] {
		t.Errorf("Int64s = %v, %v: want Values[int64]'s slice", i64, err)
	}
	if _, err := ints.Float64s(); !errors.Is(err, ErrType) {
		t.Errorf("Float64s of int64: err %v, want ErrType", err)
	}
}

func second2[T any](_ T, err error) error { return err }

func TestValidity(t *testing.T) {
	full := ixArray(t, arrow.PrimitiveTypes.Int64, `[1,null,3,null,5,6,null,8,9,10]`)
	for _, c := range []struct{ lo, hi int }{{0, 10}, {1, 9}, {3, 4}, {4, 6}} {
		a := array.NewSlice(full, int64(c.lo), int64(c.hi))
		leaf := Must(NewDense(a))
		b := leaf.Validity()
		if b.Len() != a.Len() || b.NullN() != a.NullN() {
			t.Errorf("%v: Len %d NullN %d, want %d %d", c, b.Len(), b.NullN(), a.Len(), a.NullN())
		}
		for i := range a.Len() {
			if b.IsValid(i) != a.IsValid(i) || b.IsNull(i) != a.IsNull(i) {
				t.Errorf("%v: slot %d valid %v, want %v", c, i, b.IsValid(i), a.IsValid(i))
			}
		}
		bits, off := b.Bytes()
		if b.NullN() > 0 && (off != a.Data().Offset() || unsafe.SliceData(bits) != unsafe.SliceData(a.NullBitmapBytes())) {
			t.Errorf("%v: Bytes at offset %d, want the array's bitmap at %d", c, off, a.Data().Offset())
		}
		if b.NullN() == 0 && bits != nil {
			t.Errorf("%v: bits without nulls", c)
		}
	}
	nulls := Must(NewDense(array.NewNull(3))).Validity()
	if nulls.NullN() != 3 || nulls.IsValid(1) {
		t.Errorf("Null-typed leaf: NullN %d, IsValid(1) %v; want 3, false", nulls.NullN(), nulls.IsValid(1))
	}
	st := Must(FromValue([]any{
		[]any{map[string]any{"a": 1}}, nil, []any{}, []any{nil, map[string]any{"a": 2}},
	}))
	if pv := st.parts[0].Validity(); pv.NullN() != 1 || !pv.IsNull(1) || pv.IsNull(2) {
		t.Errorf("partition validity: NullN %d, IsNull(1) %v IsNull(2) %v", pv.NullN(), pv.IsNull(1), pv.IsNull(2))
	}
	if tv := st.Validity(); tv.Len() != 3 || tv.NullN() != 1 || !tv.IsNull(1) || tv.IsNull(0) {
		t.Errorf("Tensor validity: Len %d NullN %d", tv.Len(), tv.NullN())
	}
}

// TestAccessorsDoNotAllocate holds the promise of the typed accessors:
// no allocation per call.
func TestAccessorsDoNotAllocate(t *testing.T) {
	ints := Must(NewDense(array.NewSlice(ixArray(t, arrow.PrimitiveTypes.Int64, `[1,null,3,4]`), 1, 4)))
	st := Must(FromValue([]any{map[string]any{"x": []any{1.5, 2.5}, "n": int64(1)}, nil}))
	x := Must(st.Field("x")).(*Ragged)
	var sink int
	for name, fn := range map[string]func(){
		"Values":     func() { v, _ := Values[int64](ints); sink += len(v) },
		"Int64s":     func() { v, _ := ints.Int64s(); sink += len(v) },
		"Float64s":   func() { v, _ := x.Float64s(); sink += len(v) },
		"Validity":   func() { b := ints.Validity(); sink += b.NullN() + b.Len() },
		"IsValid":    func() { b := st.Validity(); sink += b.Len(); _ = b.IsValid(1) },
		"CellAt":     func() { c := CellAt(x, 0); sink += c.Len() },
		"CellValues": func() { v, _ := CellValues[float64](CellAt(x, 0)); sink += len(v) },
		"RowCell":    func() { sink += Row{st, 0}.Cell(0).Len() },
	} {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s: %v allocations per call, want 0", name, n)
		}
	}
	_ = sink
}
