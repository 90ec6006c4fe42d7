package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// FillNull with a value per column; DropNulls on one column.
func ExampleFrame_FillNull() {
	df := frame.FromColumns([]string{"name", "score", "tags"},
		[]any{"ann", nil, "cy"},
		[]any{1.5, 2.0, nil},
		[]any{[]any{"x"}, nil, []any{}},
	)
	fmt.Println(df.FillNull(map[string]any{"name": "?", "score": 0}))
	fmt.Println(df.DropNulls("tags"))
	fmt.Println(df.IsNull())
	// Output:
	// shape: (3, 3)  index: RangeIndex(3)
	// schema: 3 * {name: string, score: float64, tags: ?var * string}
	// 0: name="ann", score=1.5, tags=["x"]
	// 1: name="?", score=2, tags=null
	// 2: name="cy", score=0, tags=[]
	// shape: (2, 3)  index: RangeIndex(2)
	// schema: 2 * {name: string, score: ?float64, tags: var * string}
	// 0: name="ann", score=1.5, tags=["x"]
	// 1: name="cy", score=null, tags=[]
	// shape: (3, 3)  index: RangeIndex(3)
	// schema: 3 * {name: bool, score: bool, tags: bool}
	// 0: name=false, score=false, tags=false
	// 1: name=true, score=false, tags=true
	// 2: name=false, score=true, tags=false
}
