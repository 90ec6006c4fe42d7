package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// Sort by team ascending with missing teams first, then by score
// descending; rows tied on both keep their order.
func ExampleFrame_Sort() {
	df := frame.FromColumns([]string{"team", "name", "score"},
		[]any{"red", "blue", nil, "red", "blue"},
		[]string{"ann", "bob", "cy", "dee", "eve"},
		[]any{7.5, 9.0, 8.0, nil, 9.0},
	)
	fmt.Println(df.Sort(frame.Asc("team").NullsFirst(), frame.Desc("score")))
	// Output:
	// shape: (5, 3)
	// ┌───┬──────┬──────┬───────┐
	// │   │ team │ name │ score │
	// │   │ str  │ str  │   f64 │
	// ╞═══╪══════╪══════╪═══════╡
	// │ 0 │ null │ cy   │   8.0 │
	// │ 1 │ blue │ bob  │   9.0 │
	// │ 2 │ blue │ eve  │   9.0 │
	// │ 3 │ red  │ ann  │   7.5 │
	// │ 4 │ red  │ dee  │  null │
	// └───┴──────┴──────┴───────┘
}
