package structured_test

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Values reads a fixed-width leaf as a Go slice over Arrow's buffer, and
// Validity says which items are null: no copy, no allocation.
func ExampleValues() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"n": 3}, map[string]any{"n": nil}, map[string]any{"n": 5},
	}))
	n := structured.Must(st.Field("n")).(*structured.Dense)
	vals := structured.Must(structured.Values[int64](n))
	valid := n.Validity()
	for i, v := range vals {
		if valid.IsNull(i) {
			fmt.Println(i, "null")
			continue
		}
		fmt.Println(i, v)
	}
	// Output:
	// 0 3
	// 1 null
	// 2 5
}

// Rows and Cells walk a table for display: each cell says where its row's
// items lie in the column's flat values.
func ExampleTensor_Rows() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "ann", "scores": []any{1.5, 2.5}},
		map[string]any{"name": "bob", "scores": nil},
		map[string]any{"name": "cy", "scores": []any{4.0}},
	}))
	names := structured.Must(st.Field("name")).(*structured.Dense)
	for i, row := range st.Rows() {
		name := structured.Must(names.StringAt(row.Cell(0).Start))
		scores := row.Cell(1)
		if scores.Null {
			fmt.Println(i, name, "null")
			continue
		}
		fmt.Println(i, name, structured.Must(structured.CellValues[float64](scores)))
	}
	// Output:
	// 0 ann [1.5 2.5]
	// 1 bob null
	// 2 cy [4]
}

// Cells iterates over the rows of one value: here a list of lists, whose
// cells cover all the items of each row.
func ExampleCells() {
	v := structured.Must(structured.ValueOf([]any{
		[]any{[]any{1, 2}, []any{3}}, []any{}, []any{[]any{4}},
	}))
	for i, c := range structured.Cells(v) {
		fmt.Println(i, c.Start, c.End, structured.Must(structured.CellValues[int64](c)))
	}
	// Output:
	// 0 0 3 [1 2 3]
	// 1 3 3 []
	// 2 3 4 [4]
}

func ExampleTensor_FieldsSeq() {
	st := structured.Must(structured.FromValue([]any{map[string]any{"a": 1, "b": []any{"x"}}}))
	for name, v := range st.FieldsSeq() {
		fmt.Println(name, v.Shape())
	}
	// Output:
	// a [1]
	// b [1, var]
}
