package structured_test

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Multi-dimensional indexing, as in TensorFlow's people[3, "names", 0]:
// ints and slices for the Tensor's dimensions, then a field name, then
// ints and slices for the field's own dimensions.
func ExampleTensor_Index() {
	people := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "Ann", "names": []any{"Annie", "Nan", "Anna"}},
		map[string]any{"name": "Bob", "names": []any{"Bob", "Bobby"}},
		map[string]any{"name": "Cy", "names": []any{}},
		map[string]any{"name": "Dee", "names": []any{"Dee", "D", "Deedee"}},
	}))

	// people[3, "names", 0]: the first name of person 3.
	first, _ := people.Index(3, "names", 0)
	fmt.Println(first)

	// people[:, "names", ::2]: every other name of everyone.
	every, _ := people.Index(structured.All, "names", structured.S("::2"))
	fmt.Println(every)

	// people[1:3]: rows 1 and 2, sharing the arrays of people.
	rows, _ := people.Index(structured.Span(1, 3))
	fmt.Println(rows.ToValue())

	// people[:, "names", 0] fails: person 2 has no names.
	_, err := people.Index(structured.All, "names", 0)
	fmt.Println(err)
	// Output:
	// <Dense string shape=[] "Dee">
	// <Ragged string shape=[4, var] [["Annie", "Anna"], ["Bob"], [], ["Dee", "Deedee"]]>
	// [map[name:Bob names:[Bob Bobby]] map[name:Cy names:[]]]
	// structured: Index: field names[2]: index 0 is out of range for dimension 1 of size 0
}

func ExampleParseSlice() {
	s, err := structured.ParseSlice("1:-1:2")
	if err != nil {
		panic(err)
	}
	fmt.Println(s, s == structured.Span(1, -1).By(2))
	// Resolved against a dimension of 10 items, like Python's slice.indices.
	start, stop, step := s.Indices(10)
	fmt.Println(start, stop, step, s.Len(10))

	fmt.Println(structured.S("::-1").Indices(4))
	_, err = structured.ParseSlice("1:x")
	fmt.Println(err)
	// Output:
	// 1:-1:2 true
	// 1 9 2 4
	// 3 -1 -1
	// structured: ParseSlice: "1:x" is not a slice: stop "x" is not an integer
}
