package dtype

import (
	"math"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// numericTypes is one type of every numeric storage.
var numericTypes = []arrow.DataType{
	arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
	arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
	arrow.FixedWidthTypes.Float16, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64,
}

func TestNumberAccessors(t *testing.T) {
	for _, dt := range numericTypes {
		a := sliced(t, dt, "[99, 1, 2, null, 7, 99]")
		i64, ok1 := Int64At(a.Data())
		u64, ok2 := Uint64At(a.Data())
		f64, ok3 := Float64At(a.Data())
		if !ok1 || !ok2 || !ok3 {
			t.Fatalf("%s: no accessor", dt)
		}
		if i64(0) != 1 || i64(3) != 7 || u64(1) != 2 || u64(3) != 7 || f64(0) != 1 || f64(3) != 7 {
			t.Errorf("%s: %d %d %d %d %v %v", dt, i64(0), i64(3), u64(1), u64(3), f64(0), f64(3))
		}
	}
	idx := sliced(t, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Uint16, ValueType: arrow.BinaryTypes.String},
		`["a", "b", "c", "b"]`)
	at, ok := Int64At(idx.Data())
	if !ok || at(0) != 1 || at(1) != 2 {
		t.Errorf("dictionary indices: ok %v", ok)
	}
	if _, ok := Int64At(sliced(t, arrow.BinaryTypes.String, `["a","b","c"]`).Data()); ok {
		t.Error("strings read as int64")
	}
}

func TestBoolAndDecimalAccessors(t *testing.T) {
	b := sliced(t, arrow.FixedWidthTypes.Boolean, "[false, true, null, false, true, true, true, true, true, false, true]")
	at, ok := BoolAt(b.Data())
	if !ok || !at(0) || at(2) || !at(7) || at(8) {
		t.Errorf("bools: ok %v", ok)
	}
	if _, ok := BoolAt(sliced(t, arrow.PrimitiveTypes.Int8, "[1, 2, 3]").Data()); ok {
		t.Error("int8 read as bool")
	}
	for _, tt := range []struct {
		dt   arrow.DataType
		want string
	}{
		{&arrow.Decimal32Type{Precision: 9, Scale: 2}, "-12.50"},
		{&arrow.Decimal64Type{Precision: 18, Scale: 2}, "-12.50"},
		{&arrow.Decimal128Type{Precision: 38, Scale: 2}, "-12.50"},
		{&arrow.Decimal256Type{Precision: 76, Scale: 2}, "-12.50"},
	} {
		a := sliced(t, tt.dt, `["1", "-12.5", null, "1"]`)
		at, ok := DecimalStrings(a.Data())
		if !ok || at(0) != tt.want {
			t.Errorf("%s: ok %v", tt.dt, ok)
		}
	}
	if _, ok := DecimalStrings(sliced(t, arrow.PrimitiveTypes.Int32, "[1, 2, 3]").Data()); ok {
		t.Error("int32 read as decimal")
	}
}

func TestOffsets(t *testing.T) {
	for dt, js := range map[arrow.DataType]string{
		arrow.BinaryTypes.String: `["skip", "a", null, "bc", ""]`,
		arrow.BinaryTypes.Binary: `["c2tpcA==", "YQ==", null, "YmM=", ""]`,
	} {
		a := sliced(t, dt, js)
		offs, data, ok := Offsets[int32](a.Data())
		if !ok || len(offs) != 4 || string(data[offs[0]:offs[1]]) != "a" || string(data[offs[2]:offs[3]]) != "bc" {
			t.Errorf("%s: %v %q %v", dt, offs, data, ok)
		}
		if _, _, ok := Offsets[int64](a.Data()); ok {
			t.Errorf("%s: read with int64 offsets", dt)
		}
	}
	a := sliced(t, arrow.BinaryTypes.LargeString, `["skip", "a", null, "bc", ""]`)
	offs, data, ok := Offsets[int64](a.Data())
	if !ok || len(offs) != 4 || string(data[offs[2]:offs[3]]) != "bc" {
		t.Errorf("large_string: %v %q %v", offs, data, ok)
	}
	empty := sliced(t, arrow.BinaryTypes.String, `["a", "b"]`)
	if offs, _, ok := Offsets[int32](empty.Data()); !ok || !slices.Equal(offs, []int32{0}) {
		t.Errorf("empty: %v %v", offs, ok)
	}
	for dt, js := range map[arrow.DataType]string{
		arrow.BinaryTypes.StringView: `["a", "b", "c"]`,
		arrow.PrimitiveTypes.Int32:   `[1, 2, 3]`,
	} {
		if _, _, ok := Offsets[int32](sliced(t, dt, js).Data()); ok {
			t.Errorf("%s read by offsets", dt)
		}
	}
}

func TestSortKeys(t *testing.T) {
	for _, dt := range numericTypes {
		vals := "[99, -3, -1, 0, 2, 100, 99]"
		if !arrow.IsSignedInteger(dt.ID()) && !arrow.IsFloating(dt.ID()) {
			vals = "[99, 0, 1, 2, 3, 100, 99]"
		}
		a := sliced(t, dt, vals)
		keys, ok := SortKeys(a.Data(), nil)
		if !ok || len(keys) != 5 {
			t.Fatalf("%s: %v %v", dt, keys, ok)
		}
		if !slices.IsSorted(keys) || keys[0] == keys[1] {
			t.Errorf("%s: keys out of order: %x", dt, keys)
		}
	}
	// Integers of every width but uint64 share keys; uint64 items are
	// their own keys, the array's slice.
	k8, _ := SortKeys(sliced(t, arrow.PrimitiveTypes.Int8, "[0, -5, 7, 0]").Data(), nil)
	k32, _ := SortKeys(sliced(t, arrow.PrimitiveTypes.Uint32, "[0, 7, 0]").Data(), nil)
	if k8[1] != k32[0] || SortKeyIntValue(k8[0]) != -5 || k8[0] != SortKeyInt(-5) {
		t.Errorf("int8 %x, uint32 %x", k8, k32)
	}
	u := sliced(t, arrow.PrimitiveTypes.Uint64, "[0, 18446744073709551615, 3, 0]")
	ku, _ := SortKeys(u.Data(), nil)
	if !slices.Equal(ku, []uint64{math.MaxUint64, 3}) || &ku[0] != &Values[uint64](u.Data())[0] {
		t.Errorf("uint64: %v", ku)
	}
	// Floats: -Inf < -1 < -0 = 0 < 1 < +Inf < NaN, every NaN one key.
	fs := []float64{math.Inf(-1), -1, math.Copysign(0, -1), 0, 1, math.Inf(1), math.NaN(), -math.NaN()}
	keys := make([]uint64, len(fs))
	for i, f := range fs {
		keys[i] = SortKeyFloat(f)
		if back := SortKeyFloatValue(keys[i]); back != f && !(f == 0 && back == 0) && !(f != f && back != back) {
			t.Errorf("%v: back as %v", f, back)
		}
	}
	if !slices.IsSorted(keys) || keys[2] != keys[3] || keys[6] != keys[7] || keys[5] == keys[6] {
		t.Errorf("float keys: %x", keys)
	}
	if _, ok := SortKeys(sliced(t, arrow.BinaryTypes.String, `["a","b","c"]`).Data(), nil); ok {
		t.Error("strings given sort keys")
	}
}
