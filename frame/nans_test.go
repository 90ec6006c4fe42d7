package frame

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// nansFrame has NaN and null apart and together in float columns.
func nansFrame(t *testing.T) *Frame {
	t.Helper()
	nan := math.NaN()
	f32 := array.NewFloat32Builder(memory.DefaultAllocator)
	f32.AppendValues([]float32{float32(nan), 1, 0, 2}, []bool{true, true, false, true})
	f := FromColumns([]string{"id", "x", "y", "f32", "s"},
		[]int64{0, 1, 2, 3},
		[]any{nan, 1.0, nil, nan},
		[]any{nan, nil, 2.0, 3.0},
		f32.NewArray(),
		[]any{"a", "b", nil, "d"},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestDropNaNs(t *testing.T) {
	f := nansFrame(t)
	tests := []struct {
		name   string
		subset []string
		opts   []DropOption
		ids    []any
	}{
		// Polars' drop_nans: a NaN in any float column drops the row; a
		// null does not.
		{"every float column", nil, nil, []any{int64(1), int64(2)}},
		{"x", []string{"x"}, nil, []any{int64(1), int64(2)}},
		{"y", []string{"y"}, nil, []any{int64(1), int64(2), int64(3)}},
		{"x and y all", []string{"x", "y"}, []DropOption{WithHow(DropAll)}, []any{int64(1), int64(2), int64(3)}},
		{"all floats all", nil, []DropOption{WithHow(DropAll)}, []any{int64(1), int64(2), int64(3)}},
		{"ints have none", []string{"id"}, nil, []any{int64(0), int64(1), int64(2), int64(3)}},
		{"selector", []string{ColsByType(TypeFloat)}, nil, []any{int64(1), int64(2)}},
	}
	for _, tc := range tests {
		got := f.DropNaNs(tc.subset, tc.opts...)
		if err := got.Err(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if ids := sortColumn(t, got, "id"); !reflect.DeepEqual(ids, tc.ids) {
			t.Errorf("%s: ids %v, want %v", tc.name, ids, tc.ids)
		}
	}
	if err := f.DropNaNs([]string{"s"}).Err(); !errors.Is(err, ErrType) {
		t.Errorf("strings: %v", err)
	}
	if err := f.DropNaNs([]string{"nope"}).Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("unknown: %v", err)
	}
	if err := f.DropNaNs(nil, WithHow(DropHow(9))).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("bad how: %v", err)
	}
	if g := f.DropNaNs([]string{"id"}); g != f {
		t.Error("nothing dropped: not the frame itself")
	}
}

func TestDropNullsHow(t *testing.T) {
	f := FromColumns([]string{"id", "a", "l", "st"},
		[]int64{0, 1, 2, 3},
		[]any{nil, int64(1), nil, nil},
		[]any{nil, nil, []any{}, nil},
		[]any{nil, nil, nil, map[string]any{"v": nil}},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		subset []string
		how    DropHow
		ids    []any
	}{
		{nil, DropAny, []any{}},
		{[]string{"a", "l", "st"}, DropAll, []any{int64(1), int64(2), int64(3)}},
		{[]string{"a", "l"}, DropAll, []any{int64(1), int64(2)}},
		{[]string{"a", "l"}, DropAny, []any{}},
		{[]string{"a"}, DropAll, []any{int64(1)}},
		{[]string{"st.v"}, DropAll, []any{}},
	}
	for _, tc := range tests {
		got := f.DropNulls(tc.subset, WithHow(tc.how))
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		if ids := sortColumn(t, got, "id"); !reflect.DeepEqual(ids, tc.ids) {
			t.Errorf("%v %s: ids %v, want %v", tc.subset, tc.how, ids, tc.ids)
		}
	}
	if s := DropAll.String(); s != "all" {
		t.Errorf("String = %q", s)
	}
}

func TestFrameFillNaN(t *testing.T) {
	f := nansFrame(t)
	g := f.FillNaN(0)
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if got := sortColumn(t, g, "x"); !reflect.DeepEqual(got, []any{0.0, 1.0, nil, 0.0}) {
		t.Errorf("x: %v", got)
	}
	if got := sortColumn(t, g, "f32"); !reflect.DeepEqual(got, []any{float32(0), float32(1), nil, float32(2)}) {
		t.Errorf("f32: %v", got)
	}
	c, _ := g.Column("f32")
	if dt := c.Value().(interface{ DataType() arrow.DataType }).DataType(); dt.ID() != arrow.FLOAT32 {
		t.Errorf("f32 type %s", dt)
	}
	n := f.FillNaN(nil)
	if got := sortColumn(t, n, "y"); !reflect.DeepEqual(got, []any{nil, nil, 2.0, 3.0}) {
		t.Errorf("y to null: %v", got)
	}
	a, _ := f.Column("s")
	b, _ := n.Column("s")
	if a.Value() != b.Value() {
		t.Error("string column not shared")
	}
	if err := f.FillNaN("x").Err(); !errors.Is(err, ErrType) {
		t.Errorf("string fill: %v", err)
	}
	if h := f.Select("id").FillNaN(1.5); h.Err() != nil || h.NumColumns() != 1 {
		t.Errorf("no float column: %v", h.Err())
	}
}
