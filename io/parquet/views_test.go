package parquet

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestWithoutViewsSliced copies sliced view arrays (and a dictionary of
// them) to the offsets layout: the items of the slice, nulls kept, short
// (inline) and long values alike, typed string or binary.
func TestWithoutViewsSliced(t *testing.T) {
	long := strings.Repeat("long value ", 3)
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	for _, tc := range []struct {
		dt   arrow.DataType
		json string
		want arrow.DataType
	}{
		{arrow.BinaryTypes.StringView, `["skip", "a", null, "` + long + `", "", "skip"]`, arrow.BinaryTypes.String},
		{arrow.BinaryTypes.BinaryView, `["c2tpcA==", "YQ==", null, "bG9uZyB2YWx1ZSBsb25nIHZhbHVlIGxvbmcgdmFsdWUg", "", "c2tpcA=="]`, arrow.BinaryTypes.Binary},
	} {
		whole, _, err := array.FromJSON(mem, tc.dt, strings.NewReader(tc.json))
		if err != nil {
			t.Fatal(err)
		}
		view := array.NewSlice(whole, 1, int64(whole.Len()-1))
		got, err := withoutViews(view, mem)
		if err != nil {
			t.Fatal(err)
		}
		if !arrow.TypeEqual(got.DataType(), tc.want) {
			t.Errorf("%s: copied as %s, want %s", tc.dt, got.DataType(), tc.want)
		}
		for i := range view.Len() {
			if got.IsNull(i) != view.IsNull(i) || got.ValueStr(i) != view.ValueStr(i) {
				t.Errorf("%s: item %d is %q, want %q", tc.dt, i, got.ValueStr(i), view.ValueStr(i))
			}
		}
		// A dictionary of the sliced views: its values copied, its
		// indices shared.
		idx, _, err := array.FromJSON(mem, arrow.PrimitiveTypes.Int8, strings.NewReader(`[2, null, 0, 3]`))
		if err != nil {
			t.Fatal(err)
		}
		dict := array.NewDictionaryArray(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: tc.dt}, idx, view)
		gotDict, err := withoutViews(dict, mem)
		if err != nil {
			t.Fatal(err)
		}
		if vt := gotDict.DataType().(*arrow.DictionaryType).ValueType; !arrow.TypeEqual(vt, tc.want) {
			t.Errorf("dictionary of %s: values copied as %s", tc.dt, vt)
		}
		for i := range dict.Len() {
			if gotDict.ValueStr(i) != dict.ValueStr(i) {
				t.Errorf("dictionary of %s: item %d is %q, want %q", tc.dt, i, gotDict.ValueStr(i), dict.ValueStr(i))
			}
		}
		for _, a := range []arrow.Array{gotDict, dict, idx, got, view, whole} {
			a.Release()
		}
	}
}
