package frame

import (
	"errors"
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
