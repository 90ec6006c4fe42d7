package frame

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// unpTyped is the small table of the Polars checks.
func unpTyped(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns([]string{"i", "v", "f", "s", "b"},
		[]int64{1, 1, 2}, []int32{1, 2, 3}, []float64{0.5, 1.5, 2.5}, []string{"a", "b", "c"}, []bool{true, false, true})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestUnpivot(t *testing.T) {
	f := unpTyped(t)
	large := func() structured.Value {
		b := array.NewLargeStringBuilder(memory.DefaultAllocator)
		defer b.Release()
		b.AppendValues([]string{"x", "y", "z"}, nil)
		a := b.NewArray()
		defer a.Release()
		return structured.Must(structured.NewDense(a))
	}()
	withLarge := f.HStack(FromColumns([]string{"ls"}, large))
	lists := FromRecords([]any{
		map[string]any{"id": "a", "p": []any{int64(1)}, "q": nil},
		map[string]any{"id": "b", "p": []any{}, "q": []any{int64(2), int64(3)}},
	})
	cases := []struct {
		name      string
		g         *Frame
		cols      []string
		valueType arrow.DataType
		rows      [][]any
	}{
		// nodejs-polars 0.26.1: df.unpivot("i", ["v", "f"]) gives these rows, value f64.
		{"int and float", f.Unpivot([]string{"v", "f"}, []string{"i"}), []string{"i", "variable", "value"}, arrow.PrimitiveTypes.Float64,
			[][]any{{int64(1), "v", 1.0}, {int64(1), "v", 2.0}, {int64(2), "v", 3.0}, {int64(1), "f", 0.5}, {int64(1), "f", 1.5}, {int64(2), "f", 2.5}}},
		// nodejs-polars 0.26.1: df.unpivot([], ["v"]) keeps no index column and the type of v.
		{"no index", f.Unpivot([]string{"v"}, nil), []string{"variable", "value"}, arrow.PrimitiveTypes.Int32,
			[][]any{{"v", int64(1)}, {"v", int64(2)}, {"v", int64(3)}}},
		{"all the others", f.Select("i", "v", "f").Unpivot(nil, []string{"i"}, WithVariableName("col"), WithValueName("x")), []string{"i", "col", "x"}, arrow.PrimitiveTypes.Float64,
			[][]any{{int64(1), "v", 1.0}, {int64(1), "v", 2.0}, {int64(2), "v", 3.0}, {int64(1), "f", 0.5}, {int64(1), "f", 1.5}, {int64(2), "f", 2.5}}},
		{"int widths", f.Unpivot([]string{"v", "i"}, nil), []string{"variable", "value"}, arrow.PrimitiveTypes.Int64,
			[][]any{{"v", int64(1)}, {"v", int64(2)}, {"v", int64(3)}, {"i", int64(1)}, {"i", int64(1)}, {"i", int64(2)}}},
		{"string kinds", withLarge.Unpivot([]string{"s", "ls"}, nil), []string{"variable", "value"}, arrow.BinaryTypes.LargeString,
			[][]any{{"s", "a"}, {"s", "b"}, {"s", "c"}, {"ls", "x"}, {"ls", "y"}, {"ls", "z"}}},
		{"nulls and a null column", FromRecords([]any{map[string]any{"a": 1.5, "n": nil}, map[string]any{"a": nil, "n": nil}}).Unpivot(nil, nil), []string{"variable", "value"}, arrow.PrimitiveTypes.Float64,
			[][]any{{"a", 1.5}, {"a", nil}, {"n", nil}, {"n", nil}}},
		{"lists", lists.Unpivot(nil, []string{"id"}), []string{"id", "variable", "value"}, nil,
			[][]any{{"a", "p", []any{int64(1)}}, {"b", "p", []any{}}, {"a", "q", nil}, {"b", "q", []any{int64(2), int64(3)}}}},
		{"empty frame", f.Head(0).Unpivot([]string{"v", "f"}, []string{"i"}), []string{"i", "variable", "value"}, nil, nil},
		{"one row", f.Head(1).Unpivot([]string{"s"}, []string{"b"}), []string{"b", "variable", "value"}, nil, [][]any{{true, "s", "a"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.g.Err(); err != nil {
				t.Fatal(err)
			}
			if got := tc.g.Columns(); !slices.Equal(got, tc.cols) {
				t.Fatalf("columns = %v, want %v", got, tc.cols)
			}
			if got := pivRows(t, tc.g); !reflect.DeepEqual(got, tc.rows) {
				t.Fatalf("rows = %v, want %v", got, tc.rows)
			}
			if tc.valueType != nil {
				if got := typedType(t, tc.g, tc.cols[len(tc.cols)-1]); !arrow.TypeEqual(got, tc.valueType) {
					t.Fatalf("value type = %s, want %s", got, tc.valueType)
				}
			}
		})
	}
}

func TestUnpivotErrors(t *testing.T) {
	f := unpTyped(t)
	big := FromColumns([]string{"n", "x"}, []int64{1<<60 + 1}, []float64{0.5})
	mixedLists := FromRecords([]any{map[string]any{"p": []any{int64(1)}, "q": []any{"a"}}})
	cases := []struct {
		name     string
		g        *Frame
		kind     error
		contains string
	}{
		// Polars casts these to strings (and bool with int to int); we refuse, naming both.
		{"int and string", f.Unpivot([]string{"v", "s"}, []string{"i"}), ErrType, `column "v" is int32 and column "s" is string`},
		{"int and bool", f.Unpivot([]string{"v", "b"}, []string{"i"}), ErrType, `column "v" is int32 and column "b" is bool`},
		{"lost digits", big.Unpivot(nil, nil), ErrType, `column "n"`},
		{"lists of two types", mixedLists.Unpivot(nil, nil), ErrType, "p, q"},
		{"unknown column", f.Unpivot([]string{"nope"}, nil), ErrColumn, "nope"},
		{"variable taken", f.Rename(map[string]string{"i": "variable"}).Unpivot([]string{"v"}, []string{"variable"}), ErrDuplicate, "variable"},
		{"index twice", f.Unpivot([]string{"v"}, []string{"i", "i"}), ErrDuplicate, "twice"},
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

func TestTranspose(t *testing.T) {
	f := unpTyped(t)
	ids := FromColumns([]string{"id", "a", "b"}, []string{"i", "j", "k"}, []int64{1, 2, 3}, []int64{4, 5, 6})
	cases := []struct {
		name string
		g    *Frame
		cols []string
		rows [][]any
	}{
		// nodejs-polars 0.26.1: df.select("i", "v", "f").transpose() gives f64 columns column_0..2.
		{"numbers", f.Select("i", "v", "f").Transpose(), []string{"column_0", "column_1", "column_2"},
			[][]any{{1.0, 1.0, 2.0}, {1.0, 2.0, 3.0}, {0.5, 1.5, 2.5}}},
		// nodejs-polars 0.26.1: transpose({includeHeader: true}) of mixed columns gives strings; we cast when asked.
		{"strings when asked", f.Select("i", "v", "s").Transpose(WithIncludeHeader(true), WithCast(arrow.BinaryTypes.String)), []string{"column", "column_0", "column_1", "column_2"},
			[][]any{{"i", "1", "1", "2"}, {"v", "1", "2", "3"}, {"s", "a", "b", "c"}}},
		// The examples of nodejs-polars' transpose documentation.
		{"names from a column", ids.Transpose(WithNamesFrom("id")), []string{"i", "j", "k"},
			[][]any{{int64(1), int64(2), int64(3)}, {int64(4), int64(5), int64(6)}}},
		{"header name and names from a column", ids.Transpose(WithHeaderName("new_id"), WithNamesFrom("id")), []string{"new_id", "i", "j", "k"},
			[][]any{{"a", int64(1), int64(2), int64(3)}, {"b", int64(4), int64(5), int64(6)}}},
		{"names given", ids.Drop("id").Transpose(WithColumnNames("x", "y", "z")), []string{"x", "y", "z"},
			[][]any{{int64(1), int64(2), int64(3)}, {int64(4), int64(5), int64(6)}}},
		{"nulls and NaN", FromRecords([]any{map[string]any{"a": 1.0, "b": nil}, map[string]any{"a": math.Inf(1), "b": 2.0}}).Transpose(), []string{"column_0", "column_1"},
			[][]any{{1.0, math.Inf(1)}, {nil, 2.0}}},
		{"lists", FromRecords([]any{map[string]any{"p": []any{"x"}, "q": []any{}}}).Transpose(WithIncludeHeader(true)), []string{"column", "column_0"},
			[][]any{{"p", []any{"x"}}, {"q", []any{}}}},
		{"no rows", f.Head(0).Transpose(WithIncludeHeader(true)), []string{"column"},
			[][]any{{"i"}, {"v"}, {"f"}, {"s"}, {"b"}}},
		{"one row", f.Head(1).Select("v", "f").Transpose(), []string{"column_0"}, [][]any{{1.0}, {0.5}}},
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
	// Transposing twice gives the frame back (for columns of one type).
	two := f.Select("v", "i").Transpose(WithIncludeHeader(true)).Transpose(WithNamesFrom("column"))
	if got, want := pivRows(t, two), [][]any{{int64(1), int64(1)}, {int64(2), int64(1)}, {int64(3), int64(2)}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("twice: rows = %v, want %v", got, want)
	}
}

func TestTransposeErrors(t *testing.T) {
	f := unpTyped(t)
	cases := []struct {
		name     string
		g        *Frame
		kind     error
		contains string
	}{
		{"int and string", f.Select("i", "v", "s").Transpose(), ErrType, `column "i" is int64 and column "s" is string`},
		{"names count", f.Transpose(WithColumnNames("a")), ErrArgument, "1 column names for 3 rows"},
		{"names twice", f.Select("v").Transpose(WithColumnNames("a", "b", "a")), ErrDuplicate, `"a"`},
		{"header collides", f.Select("v").Transpose(WithColumnNames("column", "b", "c"), WithIncludeHeader(true)), ErrDuplicate, `"column"`},
		{"null name", FromRecords([]any{map[string]any{"n": nil, "x": 1.0}}).Transpose(WithNamesFrom("n")), ErrArgument, "null at row 0"},
		{"two namings", f.Transpose(WithNamesFrom("s"), WithColumnNames("a", "b", "c")), ErrArgument, "both"},
		{"bad cast", f.Transpose(WithCast(arrow.PrimitiveTypes.Int64)), ErrType, ""},
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
