package structured_test

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// exampleTable is a small table with a ragged column.
func exampleTable() *structured.Tensor {
	return structured.Must(structured.FromValue([]any{
		map[string]any{"name": "ann", "tags": []any{"a", "b"}},
		map[string]any{"name": "bob", "tags": []any{}},
		map[string]any{"name": "cy", "tags": []any{"c"}},
	}))
}

// TakeNullable is Take where -1 means "no row": the unmatched side of an
// outer join, or a label missing from a reindex, becomes a null row.
func ExampleTensor_TakeNullable() {
	st := exampleTable()
	joined := structured.Must(st.TakeNullable([]int{2, -1, 0}))
	fmt.Println(joined.ToValue())
	// Output:
	// [map[name:cy tags:[c]] <nil> map[name:ann tags:[a b]]]
}

// NullRows makes rows of nothing but nulls for a schema, ready to be
// concatenated with data of that schema.
func ExampleNullRows() {
	st := exampleTable()
	nulls := structured.Must(structured.NullRows(st.Spec(), 2))
	fmt.Println(structured.Must(structured.Concat(0, st, nulls)).ToValue())
	// Output:
	// [map[name:ann tags:[a b]] map[name:bob tags:[]] map[name:cy tags:[c]] <nil> <nil>]
}

// The column operations work on one field's value, without its Tensor.
func ExampleTakeValue() {
	tags := structured.Must(exampleTable().Field("tags"))
	fmt.Println(structured.Must(structured.TakeValue(tags, []int{-1, 0})).ToValue())
	fmt.Println(structured.Must(structured.TakeValueNullable(tags, []int{-1, 0})).ToValue())
	// Output:
	// [[c] [a b]]
	// [<nil> [a b]]
}

// SliceValue with step 1 shares the column's arrays and row splits.
func ExampleSliceValue() {
	tags := structured.Must(exampleTable().Field("tags"))
	fmt.Println(structured.Must(structured.SliceValue(tags, structured.From(1))).ToValue())
	fmt.Println(structured.Must(structured.SliceValue(tags, structured.S("::-2"))).ToValue())
	// Output:
	// [[] [c]]
	// [[c] [a b]]
}

func ExampleConcatValues() {
	names := structured.Must(exampleTable().Field("name"))
	fmt.Println(structured.Must(structured.ConcatValues(names, names)).ToValue())
	// Output:
	// [ann bob cy ann bob cy]
}

// MergeValueDims flattens dimensions of one value: here the rows of a
// ragged column into one list of tags.
func ExampleMergeValueDims() {
	tags := structured.Must(exampleTable().Field("tags"))
	fmt.Println(structured.Must(structured.MergeValueDims(tags, 0, 1)).ToValue())
	// Output:
	// [a b c]
}

// FlattenRows gives each row all the items of its nested lists.
func ExampleFlattenRows() {
	v := structured.Must(structured.ValueOf([]any{
		[]any{[]any{1, 2}, []any{}, []any{3}},
		[]any{[]any{4}},
	}))
	fmt.Println(v.Shape(), structured.Must(structured.FlattenRows(v)).ToValue())
	// Output:
	// [2, var, var] [[1 2 3] [4]]
}
