package frame

import (
	"reflect"
	"testing"

	"github.com/structframe/structframe/index"
)

// TestSortJoinIndex checks what each verb does with a label index: Sort,
// DropNulls, Semi and Anti move the labels with their rows, Concat joins
// them, the other joins give a range index.
func TestSortJoinIndex(t *testing.T) {
	f := FromColumns([]string{"key", "x"}, []string{"a", "b", "c", "d"}, []any{2.0, nil, 3.0, 1.0}).SetIndex("key")
	r := FromColumns([]string{"x", "y"}, []float64{3, 1}, []string{"p", "q"})
	labels := func(g *Frame) []any {
		t.Helper()
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		return sortColumn(t, g.ResetIndex(), "key")
	}
	tests := []struct {
		name string
		got  *Frame
		want []any
	}{
		{"sort", f.Sort(Desc("x")), []any{"c", "a", "d", "b"}},
		{"drop nulls", f.DropNulls(nil), []any{"a", "c", "d"}},
		{"semi", f.Join(r, On("x"), Semi), []any{"c", "d"}},
		{"anti", f.Join(r, On("x"), Anti), []any{"a", "b"}},
		{"concat", Concat(f.Tail(1), f.Head(2)), []any{"d", "a", "b"}},
		{"fill", f.FillNull(0), []any{"a", "b", "c", "d"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := labels(tc.got); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("labels = %v, want %v", got, tc.want)
			}
		})
	}
	inner := f.Join(r, On("x"), Inner)
	if _, ok := inner.Index().(index.Range); !ok || inner.NumRows() != 2 {
		t.Errorf("inner join index = %v, want a range of 2", inner.Index())
	}
}
