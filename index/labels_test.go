package index

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// idxTestValue converts Go values to a rank-1 leaf, failing the test on error.
func idxTestValue(t testing.TB, v any) structured.Value {
	t.Helper()
	out, err := structured.ValueOf(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// idxTestArrow wraps an Arrow array as a rank-1 leaf.
func idxTestArrow(t testing.TB, arr arrow.Array) structured.Value {
	t.Helper()
	defer arr.Release()
	d, err := structured.NewDense(arr)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func idxTestLabels(t testing.TB, name string, v structured.Value) *Labels {
	t.Helper()
	l, err := NewLabels(name, v)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestLabelsLookupTypes(t *testing.T) {
	mem := memory.DefaultAllocator
	i32 := array.NewInt32Builder(mem)
	i32.AppendValues([]int32{5, 7, 5, 0}, []bool{true, true, true, false})
	u8 := array.NewUint8Builder(mem)
	u8.AppendValues([]uint8{1, 2, 1}, nil)
	f32 := array.NewFloat32Builder(mem)
	f32.AppendValues([]float32{1.5, 2, 1.5}, nil)
	d32 := array.NewDate32Builder(mem)
	jan2 := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	d32.AppendValues([]arrow.Date32{arrow.Date32FromTime(jan2), arrow.Date32FromTime(jan2.AddDate(0, 0, 1)), arrow.Date32FromTime(jan2)}, nil)
	dict := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	for _, s := range []string{"x", "y", "x"} {
		if err := dict.AppendString(s); err != nil {
			t.Fatal(err)
		}
	}
	dec := array.NewDecimal128Builder(mem, &arrow.Decimal128Type{Precision: 10, Scale: 2})
	dec.AppendValues([]decimal128.Num{decimal128.FromI64(1250), decimal128.FromI64(300), decimal128.FromI64(1250)}, nil)
	idict := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.PrimitiveTypes.Int32}).(*array.Int32DictionaryBuilder)
	for _, v := range []int32{40, 41, 40} {
		if err := idict.Append(v); err != nil {
			t.Fatal(err)
		}
	}
	sv := array.NewStringViewBuilder(mem)
	sv.AppendValues([]string{"a long string view label", "b", "a long string view label"}, nil)

	i32V, u8V, f32V, d32V := idxTestArrow(t, i32.NewArray()), idxTestArrow(t, u8.NewArray()), idxTestArrow(t, f32.NewArray()), idxTestArrow(t, d32.NewArray())
	dictV, decV, svV := idxTestArrow(t, dict.NewArray()), idxTestArrow(t, dec.NewArray()), idxTestArrow(t, sv.NewArray())
	idictV := idxTestArrow(t, idict.NewArray())
	tests := []struct {
		name   string
		labels structured.Value
		key    any
		want   []int
		err    error
	}{
		{"int64", idxTestValue(t, []int64{3, 1, 3}), 3, []int{0, 2}, nil},
		{"int64 by int64", idxTestValue(t, []int64{3, 1, 3}), int64(1), []int{1}, nil},
		{"int64 absent", idxTestValue(t, []int64{3, 1, 3}), 9, nil, nil},
		{"int64 string key", idxTestValue(t, []int64{3, 1, 3}), "3", nil, ErrKeyType},
		{"int32 by int", i32V, 5, []int{0, 2}, nil},
		{"int32 null", i32V, nil, []int{3}, nil},
		{"uint8 by int", u8V, 1, []int{0, 2}, nil},
		{"uint8 negative", u8V, -1, nil, nil},
		{"float32 by float", f32V, 1.5, []int{0, 2}, nil},
		{"float32 by int", f32V, 2, []int{1}, nil},
		{"string", idxTestValue(t, []any{"a", nil, "b", "a"}), "a", []int{0, 3}, nil},
		{"string null", idxTestValue(t, []any{"a", nil, "b", "a"}), nil, []int{1}, nil},
		{"string int key", idxTestValue(t, []any{"a", nil}), 1, nil, ErrKeyType},
		{"string view", svV, "a long string view label", []int{0, 2}, nil},
		{"dictionary", dictV, "x", []int{0, 2}, nil},
		{"dictionary of int32 by int", idictV, 40, []int{0, 2}, nil},
		{"bool", idxTestValue(t, []bool{true, false, true}), false, []int{1}, nil},
		{"timestamp by time", idxTestValue(t, []time.Time{jan2, jan2.Add(time.Hour)}), jan2.Add(time.Hour), []int{1}, nil},
		{"timestamp by string", idxTestValue(t, []time.Time{jan2, jan2.Add(time.Hour)}), "2024-01-02T01:00:00Z", []int{1}, nil},
		{"date32 by time", d32V, jan2, []int{0, 2}, nil},
		{"date32 by string", d32V, "2024-01-03", []int{1}, nil},
		{"date32 bad string", d32V, "Jan 3", nil, ErrKeyType},
		{"decimal by text", decV, "12.50", []int{0, 2}, nil},
		{"empty", idxTestValue(t, []int64{}), 1, nil, nil},
		{"null type", idxTestValue(t, []any{nil, nil}), nil, []int{0, 1}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := idxTestLabels(t, "k", tc.labels)
			col, err := l.column()
			if err != nil {
				t.Fatal(err)
			}
			got, err := col.find(tc.key)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("find(%v) = %v, want %v", tc.key, got, tc.want)
			}
		})
	}
}

// TestLookupConcurrent: the lazily built tables are safe to build from
// several goroutines at once (run with -race).
func TestLookupConcurrent(t *testing.T) {
	l := idxTestLabels(t, "k", idxTestValue(t, []int64{5, 3, 5, 9}))
	m := idxTestMulti(t, []string{"a", "b"}, []string{"x", "y", "x"}, []int64{1, 2, 3})
	done := make(chan error, 8)
	for range 8 {
		go func() {
			if rows, err := Locate(l, 5); err != nil || len(rows) != 2 {
				done <- fmt.Errorf("labels: %v %v", rows, err)
				return
			}
			rows, err := Locate(m, "x", 3)
			if err == nil && !reflect.DeepEqual(rows, []int{2}) {
				err = fmt.Errorf("multi: %v", rows)
			}
			done <- err
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func TestLabelsTakeSlice(t *testing.T) {
	l := idxTestLabels(t, "city", idxTestValue(t, []any{"paris", "rome", nil, "oslo"}))
	got, err := l.Take([]int{3, structured.NullRow, 0})
	if err != nil {
		t.Fatal(err)
	}
	lv, _ := Levels(got)
	if v := lv[0].ToValue(); !reflect.DeepEqual(v, []any{"oslo", nil, "paris"}) {
		t.Errorf("Take = %v", v)
	}
	if got.Names()[0] != "city" {
		t.Errorf("Take lost the name: %v", got.Names())
	}
	s, err := l.Slice(1, 3)
	if err != nil {
		t.Fatal(err)
	}
	lv, _ = Levels(s)
	if v := lv[0].ToValue(); !reflect.DeepEqual(v, []any{"rome", nil}) {
		t.Errorf("Slice = %v", v)
	}
	if _, err := l.Slice(2, 9); err == nil {
		t.Error("Slice out of range: no error")
	}
	if _, err := NewLabels("x", idxTestValue(t, [][]int64{{1}, {2}})); !errors.Is(err, ErrInvalid) {
		t.Errorf("ragged labels: err = %v", err)
	}
	if !Equal(l, idxTestLabels(t, "city", idxTestValue(t, []any{"paris", "rome", nil, "oslo"}))) {
		t.Error("Equal: equal labels differ")
	}
	if Equal(l, idxTestLabels(t, "town", idxTestValue(t, []any{"paris", "rome", nil, "oslo"}))) {
		t.Error("Equal: names not compared")
	}
	if Equal(l, NewRange(4)) || !Equal(NewRange(4), NewRange(4)) {
		t.Error("Equal: ranges")
	}
}
