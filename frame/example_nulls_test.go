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
	// shape: (3, 3)
	// ┌───┬──────┬───────┬───────────┐
	// │   │ name │ score │ tags      │
	// │   │ str  │   f64 │ list[str] │
	// ╞═══╪══════╪═══════╪═══════════╡
	// │ 0 │ ann  │   1.5 │ ["x"]     │
	// │ 1 │ ?    │   2.0 │ null      │
	// │ 2 │ cy   │   0.0 │ []        │
	// └───┴──────┴───────┴───────────┘
	// shape: (2, 3)
	// ┌───┬──────┬───────┬───────────┐
	// │   │ name │ score │ tags      │
	// │   │ str  │   f64 │ list[str] │
	// ╞═══╪══════╪═══════╪═══════════╡
	// │ 0 │ ann  │   1.5 │ ["x"]     │
	// │ 1 │ cy   │  null │ []        │
	// └───┴──────┴───────┴───────────┘
	// shape: (3, 3)
	// ┌───┬───────┬───────┬───────┐
	// │   │ name  │ score │ tags  │
	// │   │ bool  │ bool  │ bool  │
	// ╞═══╪═══════╪═══════╪═══════╡
	// │ 0 │ false │ false │ false │
	// │ 1 │ true  │ false │ true  │
	// │ 2 │ false │ true  │ false │
	// └───┴───────┴───────┴───────┘
}
