package frame

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

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
