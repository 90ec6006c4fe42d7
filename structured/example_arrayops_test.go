package structured_test

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Two batches of one schema: in the first, nobody has tags yet, so the
// field was typed Null; it concatenates with the string tags of the
// second. Along axis 1, rank-2 Tensors are joined row by row.
func ExampleConcat() {
	b1 := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "Ann", "tags": []any{}},
		map[string]any{"name": "Bob", "tags": nil},
	}))
	b2 := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "Cy", "tags": []any{"new"}},
	}))
	all, err := structured.Concat(0, b1, b2)
	if err != nil {
		panic(err)
	}
	fmt.Println(all)

	g1 := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"x": 1}},
		[]any{},
	}))
	g2 := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"x": 2}},
		[]any{map[string]any{"x": 3}, map[string]any{"x": 4}},
	}))
	rows, _ := structured.Concat(1, g1, g2)
	fmt.Println(rows.ToValue())

	_, err = structured.Concat(0, b1, structured.Must(structured.FromValue([]any{
		map[string]any{"name": 7, "tags": []any{}},
	})))
	fmt.Println(err)
	// Output:
	// <StructuredTensor shape=[3] fields={
	//   name: string ["Ann", "Bob", "Cy"]
	//   tags: string [3, var] [[], null, ["new"]]
	// }>
	// [[map[x:1] map[x:2]] [map[x:3] map[x:4]]]
	// structured: Concat: field name: input 1 has dtype int64, input 0 has dtype string: Concat does not convert types, convert one of them first
}

// Stack joins single structures into a table, or tables into a rank-2
// Tensor.
func ExampleStack() {
	a := structured.Must(structured.FromValue(map[string]any{"x": 1}))
	b := structured.Must(structured.FromValue(map[string]any{"x": 2}))
	table, _ := structured.Stack(0, a, b, a)
	fmt.Println(table.Shape(), table.ToValue())

	pairs, _ := structured.Stack(1, table, table)
	fmt.Println(pairs.Shape(), pairs.ToValue())
	// Output:
	// [3] [map[x:1] map[x:2] map[x:1]]
	// [3, 2] [[map[x:1] map[x:1]] [map[x:2] map[x:2]] [map[x:1] map[x:1]]]
}

// Gather picks rows (negative indices count from the end); along an inner
// axis it picks within every row.
func ExampleTensor_Gather() {
	people := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "Ann", "age": 12},
		map[string]any{"name": "Bob", "age": 82},
		map[string]any{"name": "Cy", "age": nil},
	}))
	picked, _ := people.Gather([]int{2, 0, -1}, 0)
	fmt.Println(picked)

	groups := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"x": 1}, map[string]any{"x": 2}},
		[]any{map[string]any{"x": 3}, map[string]any{"x": 4}, map[string]any{"x": 5}},
	}))
	last, _ := groups.Gather([]int{-1}, 1)
	fmt.Println(last.ToValue())

	_, err := people.Take([]int{0, 3})
	fmt.Println(err)
	// Output:
	// <StructuredTensor shape=[3] fields={
	//   age: int64 [null, 12, null]
	//   name: string ["Cy", "Ann", "Cy"]
	// }>
	// [[map[x:2]] [map[x:5]]]
	// structured: Gather: indices[1]=3 is out of range for dimension 0 of size 3
}

// BooleanMask filters rows; BooleanMaskRagged filters within rows with a
// mask of the same ragged shape.
func ExampleTensor_BooleanMask() {
	people := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "Ann", "age": 12},
		map[string]any{"name": "Bob", "age": 82},
		map[string]any{"name": "Cy", "age": 42},
	}))
	adults, _ := people.BooleanMask([]bool{false, true, true})
	fmt.Println(adults.ToValue())

	groups := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"x": 1}, map[string]any{"x": 2}},
		[]any{map[string]any{"x": 3}},
	}))
	mask := structured.Must(structured.ValueOf([]any{[]any{false, true}, []any{true}}))
	kept, _ := groups.BooleanMaskRagged(mask.(structured.Leaf))
	fmt.Println(kept.ToValue())
	// Output:
	// [map[age:82 name:Bob] map[age:42 name:Cy]]
	// [[map[x:2]] [map[x:3]]]
}

// ExpandDims adds a dimension of length 1, sharing every array.
func ExampleTensor_ExpandDims() {
	people := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "Ann"},
		map[string]any{"name": "Bob"},
	}))
	for _, axis := range []int{0, 1} {
		e, _ := people.ExpandDims(axis)
		fmt.Println(e.Shape(), e.ToValue())
	}
	// Output:
	// [1, 2] [[map[name:Ann] map[name:Bob]]]
	// [2, 1] [[map[name:Ann]] [map[name:Bob]]]
}
