package structured_test

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Clone copies a value into fresh Go memory. The first rows of a big
// Tensor share (and keep alive) all of its buffers; their clone holds
// only what it shows, and stays readable after the source's memory is
// released or its memory-mapped file closed.
func ExampleTensor_Clone() {
	big := structured.Must(structured.FromValue([]any{
		map[string]any{"id": 1, "tags": []any{"a", "b"}},
		map[string]any{"id": 2, "tags": []any{}},
		map[string]any{"id": 3, "tags": []any{"c"}},
		// ... a million more rows
	}))
	head := structured.Must(big.Slice(0, structured.Span(0, 2)))
	small := structured.Must(head.Clone())
	fmt.Println(small.Equal(head))
	fmt.Println(small.ToValue())
	// Output:
	// true
	// [map[id:1 tags:[a b]] map[id:2 tags:[]]]
}
