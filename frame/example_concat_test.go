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
	// shape: (3, 3)
	// ┌───┬──────┬───────────┬───────┐
	// │   │ name │ tags      │ score │
	// │   │ str  │ list[str] │   f64 │
	// ╞═══╪══════╪═══════════╪═══════╡
	// │ 0 │ ann  │ ["x"]     │  null │
	// │ 1 │ bob  │ []        │  null │
	// │ 2 │ cy   │ null      │   9.5 │
	// └───┴──────┴───────────┴───────┘
}
