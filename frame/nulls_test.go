package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// nullsFrame has nulls in every kind of column.
func nullsFrame(t *testing.T) *Frame {
	t.Helper()
	i8 := array.NewInt8Builder(memory.DefaultAllocator)
	i8.AppendValues([]int8{1, 0, 3}, []bool{true, false, true})
	f := FromColumns([]string{"i", "x", "s", "b", "l", "u", "i8", "z"},
		[]any{int64(1), nil, int64(3)},
		[]any{nil, 2.5, nil},
		[]any{"a", nil, "c"},
		[]any{true, nil, false},
		[]any{[]any{int64(1)}, []any{}, nil},
		[]any{map[string]any{"v": nil}, nil, map[string]any{"v": int64(2)}},
		i8.NewArray(),
		[]any{nil, nil, nil},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestIsNull(t *testing.T) {
	f := nullsFrame(t)
	got := f.IsNull()
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := map[string][]any{
		"i":  {false, true, false},
		"x":  {true, false, true},
		"s":  {false, true, false},
		"b":  {false, true, false},
		"l":  {false, false, true},
		"u":  {false, true, false},
		"i8": {false, true, false},
		"z":  {true, true, true},
	}
	if !reflect.DeepEqual(got.Columns(), f.Columns()) {
		t.Fatalf("columns = %v", got.Columns())
	}
	for name, w := range want {
		if g := sortColumn(t, got, name); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: %v, want %v", name, g, w)
		}
	}
	if e := FromColumns(nil).IsNull(); e.Err() != nil || e.NumColumns() != 0 {
		t.Errorf("empty: %v", e)
	}
}

func TestDropNulls(t *testing.T) {
	f := nullsFrame(t)
	tests := []struct {
		refs []string
		rows int
		i    []any
	}{
		{[]string{"i"}, 2, []any{int64(1), int64(3)}},
		{[]string{"l"}, 2, []any{int64(1), nil}},
		{[]string{"u"}, 2, []any{int64(1), int64(3)}},
		{[]string{"u.v"}, 1, []any{int64(3)}},
		{[]string{"s", "l"}, 1, []any{int64(1)}},
		{nil, 0, []any{}},
	}
	for _, tc := range tests {
		got := f.DropNulls(tc.refs)
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		if got.NumRows() != tc.rows {
			t.Errorf("%v: %d rows, want %d", tc.refs, got.NumRows(), tc.rows)
			continue
		}
		if g := sortColumn(t, got, "i"); !reflect.DeepEqual(g, tc.i) && len(tc.i) > 0 {
			t.Errorf("%v: i = %v, want %v", tc.refs, g, tc.i)
		}
	}
	if err := f.DropNulls([]string{"nope"}).Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("unknown column: %v", err)
	}
	if g := f.Select("i").DropNulls(nil).DropNulls(nil); g.NumRows() != 2 {
		t.Errorf("twice: %d rows", g.NumRows())
	}
}

func TestFillNull(t *testing.T) {
	f := nullsFrame(t)
	// A scalar fills the columns of its kind only.
	got := f.FillNull(0)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]any{
		"i":  {int64(1), int64(0), int64(3)},
		"x":  {0.0, 2.5, 0.0},
		"s":  {"a", nil, "c"},
		"i8": {int8(1), int8(0), int8(3)},
		"z":  {int64(0), int64(0), int64(0)},
		"l":  {[]any{int64(1)}, []any{}, nil},
	} {
		if g := sortColumn(t, got, name); !reflect.DeepEqual(g, want) {
			t.Errorf("FillNull(0) %s = %#v, want %#v", name, g, want)
		}
	}
	got = f.FillNull(map[string]any{"s": "?", "b": true, "x": float32(-1), "u.v": 9})
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]any{
		"s":   {"a", "?", "c"},
		"b":   {true, true, false},
		"x":   {-1.0, 2.5, -1.0},
		"u.v": {int64(9), nil, int64(2)},
		"i":   {int64(1), nil, int64(3)},
	} {
		if g := sortColumn(t, got, name); !reflect.DeepEqual(g, want) {
			t.Errorf("FillNull(map) %s = %#v, want %#v", name, g, want)
		}
	}
	if !reflect.DeepEqual(got.Columns(), f.Columns()) {
		t.Errorf("columns = %v", got.Columns())
	}
	errs := []struct {
		name string
		got  *Frame
		err  error
		msg  string
	}{
		{"string into int", f.FillNull(map[string]any{"i": "x"}), ErrType, `column "i"`},
		{"fraction into int", f.FillNull(map[string]any{"i": 1.5}), ErrType, "1.5"},
		{"out of range", f.FillNull(map[string]any{"i8": 300}), ErrType, "300 does not fit int8"},
		{"list", f.FillNull(map[string]any{"l": 1}), ErrType, `column "l"`},
		{"unknown", f.FillNull(map[string]any{"nope": 1}), ErrColumn, "nope"},
		{"nil", f.FillNull(nil), ErrArgument, "nil"},
		{"bad value", f.FillNull([]int{1}), ErrType, "not a number"},
	}
	for _, tc := range errs {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want %v with %q", err, tc.err, tc.msg)
			}
		})
	}
}

// TestFillNullDictionaryAndView: a string fills the nulls of string_view
// and dictionary<int32, utf8> columns as it fills utf8 ones, keeping their
// type (found by TestRandFrameWaysAgree over the arrowDictionary and
// arrowViews ways: they were left null).
func TestFillNullDictionaryAndView(t *testing.T) {
	mem := memory.DefaultAllocator
	db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	_ = db.AppendString("a")
	db.AppendNull()
	vb := array.NewStringViewBuilder(mem)
	vb.AppendValues([]string{"", "x"}, []bool{false, true})
	f := FromColumns([]string{"d", "v"}, db.NewArray(), vb.NewArray())
	for _, g := range []*Frame{f.FillNull("z"), f.FillNull(map[string]any{"d": "z", "v": "z"})} {
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		want := []any{map[string]any{"d": "a", "v": "z"}, map[string]any{"d": "z", "v": "x"}}
		if rows := g.data.ToValue(); !reflect.DeepEqual(rows, want) {
			t.Errorf("rows = %v", rows)
		}
		if s := g.Schema().String(); !strings.Contains(s, "d: dictionary[int32, string]") || !strings.Contains(s, "v: string_view") {
			t.Errorf("schema %s, was %s", s, f.Schema())
		}
	}
}
