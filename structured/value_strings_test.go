package structured

import (
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestStringsEveryLayout: Strings and StringAt read string columns in
// every layout a file carries, nulls as "".
func TestStringsEveryLayout(t *testing.T) {
	mem := memory.NewGoAllocator()
	want := []string{"alpha", "", "a string longer than twelve bytes", "alpha"}
	valid := []bool{true, false, true, true}

	sv := array.NewStringViewBuilder(mem)
	defer sv.Release()
	sv.AppendValues(want, valid)
	view := sv.NewArray()
	defer view.Release()

	db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	defer db.Release()
	for i, s := range want {
		if !valid[i] {
			db.AppendNull()
			continue
		}
		if err := db.AppendString(s); err != nil {
			t.Fatal(err)
		}
	}
	dict := db.NewArray()
	defer dict.Release()

	for _, arr := range []arrow.Array{view, dict, array.NewSlice(dict, 1, 4)} {
		d, err := NewDense(arr)
		if err != nil {
			t.Fatal(err)
		}
		off := len(want) - arr.Len()
		got, err := d.Strings()
		if err != nil || !reflect.DeepEqual(got, want[off:]) {
			t.Errorf("%s: Strings %q, %v", arr.DataType(), got, err)
		}
		for i := range arr.Len() {
			if s, err := d.StringAt(i); err != nil || s != want[off+i] {
				t.Errorf("%s: StringAt(%d) %q, %v", arr.DataType(), i, s, err)
			}
		}
	}
	ints, _ := NewDense(arwI64([]int64{1}, nil))
	if _, err := ints.Strings(); err == nil {
		t.Error("Strings of an int64 leaf")
	}
}
