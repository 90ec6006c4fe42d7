package frame

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

func TestHStack(t *testing.T) {
	f := FromColumns([]string{"k", "x"}, []string{"a", "b", "c"}, []float64{1, 2, 3}).SetIndex("k")
	nested := FromRecords([]any{
		map[string]any{"l": []any{int64(1)}, "s": map[string]any{"y": "p"}},
		map[string]any{"l": nil, "s": nil},
		map[string]any{"l": []any{}, "s": map[string]any{"y": nil}},
	})
	t.Run("columns beside", func(t *testing.T) {
		g := f.HStack(nested, NewSeries("flag", []bool{true, false, true}).Frame())
		if got := g.Columns(); !slices.Equal(got, []string{"x", "l", "s", "flag"}) {
			t.Fatalf("columns = %v (err %v)", got, g.Err())
		}
		want := [][]any{
			{1.0, []any{int64(1)}, map[string]any{"y": "p"}, true},
			{2.0, nil, nil, false},
			{3.0, []any{}, map[string]any{"y": nil}, true},
		}
		if got := pivRows(t, g); !reflect.DeepEqual(got, want) {
			t.Fatalf("rows = %v, want %v", got, want)
		}
		if g.Index().NumLevels() != 1 || g.Index().Names()[0] != "k" {
			t.Fatalf("index = %v, want f's", g.Index())
		}
		if f.HStack() != f {
			t.Fatal("HStack of nothing is the frame")
		}
	})
	cases := []struct {
		name     string
		g        *Frame
		kind     error
		contains string
	}{
		{"row counts", f.HStack(nested.Head(2)), ErrShape, "frame 1 has 2 rows, frame 0 3"},
		{"a name twice", f.HStack(nested, nested.Select("s")), ErrDuplicate, `column "s" is in frames 1 and 2`},
		{"nil frame", f.HStack(nil), ErrArgument, "frame 1 is nil"},
		{"a failed frame", f.HStack(nested.Select("nope")), ErrColumn, "frame 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Err()
			if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.contains) {
				t.Fatalf("err = %v, want %v containing %q", err, tc.kind, tc.contains)
			}
		})
	}
}

func TestWithRowIndex(t *testing.T) {
	f := FromColumns([]string{"x"}, []float64{1, 2, 3})
	// Polars' df.withRowIndex("id", 1000): a u32 column first.
	g := f.WithRowIndex("id", 1000)
	if got := pivRows(t, g); !reflect.DeepEqual(got, [][]any{{uint32(1000), 1.0}, {uint32(1001), 2.0}, {uint32(1002), 3.0}}) {
		t.Fatalf("rows = %v", got)
	}
	if dt := typedType(t, g, "id"); !arrow.TypeEqual(dt, arrow.PrimitiveTypes.Uint32) {
		t.Fatalf("type = %s", dt)
	}
	if e := f.Head(0).WithRowIndex("id", 0); e.Err() != nil || e.NumRows() != 0 || e.Columns()[0] != "id" {
		t.Fatalf("empty: %v", e)
	}
	if err := f.WithRowIndex("x", 0).Err(); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("taken name: %v", err)
	}
	if err := f.WithRowIndex("id", -1).Err(); !errors.Is(err, ErrArgument) {
		t.Fatalf("negative offset: %v", err)
	}
	if err := f.WithRowIndex("id", 1<<32-2).Err(); !errors.Is(err, ErrArgument) {
		t.Fatalf("beyond uint32: %v", err)
	}
}

func TestLitSeries(t *testing.T) {
	f := FromColumns([]string{"x"}, []float64{1, 2, 3})
	cases := []struct {
		name string
		g    *Frame
		cols []string
		rows [][]any
	}{
		{"a Go slice", f.WithColumns(Lit(NewSeries("flag", []bool{true, false, true}))), []string{"x", "flag"},
			[][]any{{1.0, true}, {2.0, false}, {3.0, true}}},
		{"one row repeated", f.WithColumns(Lit(NewSeries("one", []int64{7}))), []string{"x", "one"},
			[][]any{{1.0, int64(7)}, {2.0, int64(7)}, {3.0, int64(7)}}},
		{"in arithmetic", f.WithColumns(Col("x").Add(Lit(NewSeries("d", []float64{10, 20, 30})))), []string{"x"},
			[][]any{{11.0}, {22.0}, {33.0}}},
		{"a mask", f.Filter(Lit(NewSeries("m", []bool{true, false, true}))), []string{"x"}, [][]any{{1.0}, {3.0}}},
		{"a list column, aliased", f.WithColumns(Lit(NewSeries("l", [][]int64{{1}, {}, nil})).Alias("tags")), []string{"x", "tags"},
			[][]any{{1.0, []any{int64(1)}}, {2.0, []any{}}, {3.0, nil}}},
		{"a column of another frame", f.WithColumns(Lit(mustColumn(t, FromColumns([]string{"y"}, []string{"p", "q", "r"}), "y"))), []string{"x", "y"},
			[][]any{{1.0, "p"}, {2.0, "q"}, {3.0, "r"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.g.Columns(); !slices.Equal(got, tc.cols) {
				t.Fatalf("columns = %v, want %v (err %v)", got, tc.cols, tc.g.Err())
			}
			if got := pivRows(t, tc.g); !reflect.DeepEqual(got, tc.rows) {
				t.Fatalf("rows = %v, want %v", got, tc.rows)
			}
		})
	}
	if err := f.WithColumns(Lit(NewSeries("flag", []bool{true, false}))).Err(); !errors.Is(err, ErrShape) || !strings.Contains(err.Error(), "has 2 rows, the frame 3") {
		t.Fatalf("length: %v", err)
	}
	if err := f.WithColumns(Lit(NewSeries("bad", 3))).Err(); !errors.Is(err, ErrShape) {
		t.Fatalf("a series' error: %v", err)
	}
	if s := NewSeries("bad", nil); s.Err() == nil || !errors.Is(FromColumns([]string{"a"}, s).Err(), ErrArgument) {
		t.Fatalf("NewSeries(nil) = %v", s)
	}
}

func mustColumn(t *testing.T, f *Frame, ref string) Series {
	t.Helper()
	s, err := f.Column(ref)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
