package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// Concat unions the columns: "score" is missing from the first frame and
// null in its rows.
func ExampleConcat() {
	a := frame.FromColumns([]string{"name", "tags"},
		[]string{"ann", "bob"},
		[][]string{{"x"}, {}},
	)
	b := frame.FromColumns([]string{"name", "score"},
		[]string{"cy"},
		[]float64{9.5},
	)
	fmt.Println(frame.Concat(a, b))
	// Output:
	// shape: (3, 3)  index: RangeIndex(3)
	// schema: 3 * {name: string, tags: ?var * string, score: ?float64}
	// 0: name="ann", tags=["x"], score=null
	// 1: name="bob", tags=[], score=null
	// 2: name="cy", tags=null, score=9.5
}
