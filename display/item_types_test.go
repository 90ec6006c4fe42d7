package display

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestItemsEveryType formats the items of a sliced array of every leaf
// type: the slice's offset applied, nulls read, the kind of each class.
func TestItemsEveryType(t *testing.T) {
	dict := func(idx arrow.DataType) arrow.DataType {
		return &arrow.DictionaryType{IndexType: idx, ValueType: arrow.BinaryTypes.String}
	}
	tests := []struct {
		dt   arrow.DataType
		json string // the array; items 1..3 are shown
		want []string
		kind itemKind
	}{
		{arrow.PrimitiveTypes.Int8, `[9, -128, null, 127, 9]`, []string{"-128", "", "127"}, kindNumber},
		{arrow.PrimitiveTypes.Int16, `[9, -32768, null, 32767, 9]`, []string{"-32768", "", "32767"}, kindNumber},
		{arrow.PrimitiveTypes.Int32, `[9, -5, null, 2147483647, 9]`, []string{"-5", "", "2147483647"}, kindNumber},
		{arrow.PrimitiveTypes.Int64, `[9, -9223372036854775808, null, 1, 9]`, []string{"-9223372036854775808", "", "1"}, kindNumber},
		{arrow.PrimitiveTypes.Uint8, `[9, 255, null, 0, 9]`, []string{"255", "", "0"}, kindNumber},
		{arrow.PrimitiveTypes.Uint16, `[9, 65535, null, 1, 9]`, []string{"65535", "", "1"}, kindNumber},
		{arrow.PrimitiveTypes.Uint32, `[9, 4294967295, null, 1, 9]`, []string{"4294967295", "", "1"}, kindNumber},
		{arrow.PrimitiveTypes.Uint64, `[9, 18446744073709551615, null, 1, 9]`, []string{"18446744073709551615", "", "1"}, kindNumber},
		{arrow.FixedWidthTypes.Float16, `[9, 1.5, null, -2, 9]`, []string{"1.5", "", "-2.0"}, kindNumber},
		{arrow.PrimitiveTypes.Float32, `[9, 0.1, null, 1e20, 9]`, []string{"0.1", "", "1e+20"}, kindNumber},
		{arrow.PrimitiveTypes.Float64, `[9, 0.1, null, 3, 9]`, []string{"0.1", "", "3.0"}, kindNumber},
		{&arrow.Decimal32Type{Precision: 9, Scale: 2}, `["9", "-12.5", null, "3", "9"]`, []string{"-12.50", "", "3.00"}, kindNumber},
		{&arrow.Decimal64Type{Precision: 18, Scale: 1}, `["9", "-12.5", null, "3", "9"]`, []string{"-12.5", "", "3.0"}, kindNumber},
		{&arrow.Decimal128Type{Precision: 38, Scale: 3}, `["9", "-12.5", null, "3", "9"]`, []string{"-12.500", "", "3.000"}, kindNumber},
		{&arrow.Decimal256Type{Precision: 76, Scale: 0}, `["9", "-12", null, "3", "9"]`, []string{"-12", "", "3"}, kindNumber},
		{arrow.FixedWidthTypes.Boolean, `[true, false, null, true, false]`, []string{"false", "", "true"}, kindOther},
		{arrow.BinaryTypes.String, `["z", "a", null, "", "z"]`, []string{"a", "", ""}, kindText},
		{arrow.BinaryTypes.LargeString, `["z", "a", null, "b", "z"]`, []string{"a", "", "b"}, kindText},
		{arrow.BinaryTypes.StringView, `["z", "a", null, "a string longer than twelve", "z"]`, []string{"a", "", "a string longer than twelve"}, kindText},
		{arrow.BinaryTypes.Binary, `["eg==", "aGk=", null, "/wE=", "eg=="]`, []string{`b"hi"`, "", "0xff01"}, kindOther},
		{arrow.BinaryTypes.LargeBinary, `["eg==", "aGk=", null, "/wE=", "eg=="]`, []string{`b"hi"`, "", "0xff01"}, kindOther},
		{arrow.BinaryTypes.BinaryView, `["eg==", "aGk=", null, "/wE=", "eg=="]`, []string{`b"hi"`, "", "0xff01"}, kindOther},
		{&arrow.FixedSizeBinaryType{ByteWidth: 2}, `["eno=", "aGk=", null, "/wE=", "eno="]`, []string{"aGk=", "", "/wE="}, kindOther},
		{arrow.FixedWidthTypes.Date32, `[0, 19783, null, 0, 0]`, []string{"2024-03-01", "", "1970-01-01"}, kindOther},
		{arrow.FixedWidthTypes.Time32s, `[0, 3661, null, 0, 0]`, []string{"01:01:01", "", "00:00:00"}, kindOther},
		{arrow.FixedWidthTypes.Duration_s, `[0, 90, null, 1, 0]`, []string{"90s", "", "1s"}, kindOther},
		{arrow.Null, `[null, null, null, null, null]`, []string{"null", "", "null"}, kindOther}, // Arrow's Null array has no bitmap: its items read as the text null
	}
	for _, idx := range []arrow.DataType{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Uint64} {
		tests = append(tests, struct {
			dt   arrow.DataType
			json string
			want []string
			kind itemKind
		}{dict(idx), `["z", "red", null, "blue", "z"]`, []string{"red", "", "blue"}, kindText})
	}
	for _, tt := range tests {
		full, _, err := array.FromJSON(memory.DefaultAllocator, tt.dt, strings.NewReader(tt.json))
		if err != nil {
			t.Fatalf("%s: %v", tt.dt, err)
		}
		a := array.NewSlice(full, 1, 4)
		it := newItems(a, -1)
		if it.kind != tt.kind {
			t.Errorf("%s: kind %d, want %d", tt.dt, it.kind, tt.kind)
		}
		for i, want := range tt.want {
			null := i == 1 && tt.dt.ID() != arrow.NULL
			if it.null(i) != null {
				t.Errorf("%s item %d: null %v, want %v", tt.dt, i, it.null(i), null)
				continue
			}
			if got := it.text(i); !null && want != "" && got != want {
				t.Errorf("%s item %d = %q, want %q", tt.dt, i, got, want)
			}
		}
		a.Release()
		full.Release()
	}
}
