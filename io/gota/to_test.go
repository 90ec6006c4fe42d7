package gota

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/frame"
)

func TestToDataFrameTypes(t *testing.T) {
	f := frame.FromColumns(
		[]string{"i32", "u8", "f32", "nan", "list", "big"},
		[]int32{1, -2}, []uint8{7, 255}, []float32{1.5, -0.25}, []float64{math.NaN(), 2},
		[][]int64{{1, 2}, nil}, []uint64{1, math.MaxUint64},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := ToDataFrame(f); err == nil {
		t.Fatal("uint64 above MaxInt64: want an error")
	}
	df, err := ToDataFrame(f.Drop("big"))
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]any{
		{"i32": 1, "u8": 7, "f32": 1.5, "nan": nil, "list": "[1,2]"},
		{"i32": -2, "u8": 255, "f32": -0.25, "nan": 2.0, "list": nil},
	}
	if got := df.Maps(); !reflect.DeepEqual(got, want) {
		t.Errorf("Maps = %#v\nwant %#v", got, want)
	}
	if got := df.Types(); !reflect.DeepEqual(got, []series.Type{series.Int, series.Int, series.Float, series.Float, series.String}) {
		t.Errorf("Types = %v", got)
	}
}

func TestToDataFrameIndex(t *testing.T) {
	f := frame.FromColumns([]string{"city", "year", "n"}, []string{"a", "a", "b"}, []int64{1, 2, 1}, []float64{1, 2, 3}).SetIndex("city", "year")
	df, err := ToDataFrame(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := df.Names(); !reflect.DeepEqual(got, []string{"city", "year", "n"}) {
		t.Errorf("names = %v: the MultiIndex levels should lead", got)
	}
	read, err := FromDataFrame(df)
	if err != nil {
		t.Fatal(err)
	}
	back := read.SetIndex("city", "year")
	if err := back.Err(); err != nil {
		t.Fatal(err)
	}
	a, _ := f.Tensor()
	b, _ := back.Tensor()
	if !a.Equal(b) {
		t.Errorf("round trip with a MultiIndex:\n%v\nwant\n%v", b, a)
	}
}
