package index

import (
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// TestKeysEveryType reads sliced labels of every integer, float, temporal
// and string type (and dictionaries of strings of every index width) into
// their key space and finds a label, and the nulls.
func TestKeysEveryType(t *testing.T) {
	vals := []int64{7, 5, 3, 0, 3, 9, 7}
	valid := []bool{true, true, true, false, true, true, true}
	kindOf := func(dt arrow.DataType) idxKind {
		switch {
		case arrow.IsUnsignedInteger(dt.ID()):
			return idxUint
		case arrow.IsFloating(dt.ID()):
			return idxFloat
		}
		return idxInt // signed integers and the temporal types
	}
	for _, dt := range keyTypes {
		full := keyLabels(t, dt, vals, valid)
		sliced := array.NewSlice(full.Values(), 1, 6) // 5 3 null 3 9
		d, err := structured.NewDense(sliced)
		sliced.Release()
		if err != nil {
			t.Fatal(err)
		}
		c, err := idxColOf(d)
		if err != nil {
			t.Fatalf("%s: %v", dt, err)
		}
		if want := kindOf(dt); c.kind != want {
			t.Errorf("%s: kind %d, want %d", dt, c.kind, kindOf(dt))
		}
		l, err := NewLabels("k", d)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := Locate(l, 3); err != nil || !slices.Equal(got, []int{1, 3}) {
			t.Errorf("%s: Locate(3) = %v, %v", dt, got, err)
		}
		if got, err := Locate(l, nil); err != nil || !slices.Equal(got, []int{2}) {
			t.Errorf("%s: Locate(nil) = %v, %v", dt, got, err)
		}
		if u, ok := dt.(arrow.TemporalWithUnit); ok && dt.ID() != arrow.TIMESTAMP {
			// Times and durations also take a time.Duration.
			key := 3 * u.TimeUnit().Multiplier()
			if got, err := Locate(l, key); err != nil || !slices.Equal(got, []int{1, 3}) {
				t.Errorf("%s: Locate(%s) = %v, %v", dt, key, got, err)
			}
		}
	}
	for _, idx := range []arrow.DataType{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Int64} {
		dt := &arrow.DictionaryType{IndexType: idx, ValueType: arrow.BinaryTypes.String}
		b := array.NewBuilder(memory.DefaultAllocator, dt).(*array.BinaryDictionaryBuilder)
		for _, s := range []string{"x", "b", "a", "b"} {
			if err := b.AppendString(s); err != nil {
				t.Fatal(err)
			}
		}
		a := b.NewArray()
		b.Release()
		sliced := array.NewSlice(a, 1, 4)
		a.Release()
		d, err := structured.NewDense(sliced)
		sliced.Release()
		if err != nil {
			t.Fatal(err)
		}
		c, err := idxColOf(d)
		if err != nil || c.kind != idxString {
			t.Fatalf("%s: %v, kind %d", dt, err, c.kind)
		}
		l, _ := NewLabels("k", d)
		if got, err := Locate(l, "b"); err != nil || !slices.Equal(got, []int{0, 2}) {
			t.Errorf("%s: Locate(b) = %v, %v", dt, got, err)
		}
	}
}
