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
	// shape: (5, 3)  index: RangeIndex(5)
	// schema: 5 * {team: ?string, name: string, score: ?float64}
	// 0: team=null, name="cy", score=8
	// 1: team="blue", name="bob", score=9
	// 2: team="blue", name="eve", score=9
	// 3: team="red", name="ann", score=7.5
	// 4: team="red", name="dee", score=null
}
