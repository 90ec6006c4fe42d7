package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/display"
	_ "github.com/structframe/structframe/display/markdown" // the Markdown style
	"github.com/structframe/structframe/frame"
)

// Printing a frame shows its index: here a MultiIndex, one column per
// level, the repeated city left blank.
func ExampleFrame_String() {
	f := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome", "rome"},
		[]int64{2023, 2024, 2023, 2024},
		[]float64{11.5, 12.0, 17.0, 17.5})
	fmt.Println(f.SetIndex("city", "year"))
	fmt.Println(f.Filter(frame.Col("nope").Gt(frame.Lit(1))))
	// Output:
	// shape: (4, 1)
	// ┌───────┬──────┬──────┐
	// │ city  │ year │ temp │
	// │ str   │  i64 │  f64 │
	// ╞═══════╪══════╪══════╡
	// │ paris │ 2023 │ 11.5 │
	// │       │ 2024 │ 12.0 │
	// │ rome  │ 2023 │ 17.0 │
	// │       │ 2024 │ 17.5 │
	// └───────┴──────┴──────┘
	// frame error: frame: Filter: column "nope" not found (columns: city, year, temp)
}

// Text takes display options: Markdown for a README, fewer rows.
func ExampleFrame_Text() {
	f := frame.FromRecords([]any{
		map[string]any{"name": "ann", "scores": []any{1.5, 2.0, 3.25, 4.0, 5.0, 6.5}},
		map[string]any{"name": "bob", "scores": []any{}},
		map[string]any{"name": "cy", "scores": nil},
	})
	fmt.Println(f.Text(display.WithStyle(display.Markdown), display.WithMaxItems(3)))
	// Output:
	// shape: (3, 2)
	// |   | name (str) | scores (list[f64])    |
	// |--:|:-----------|:----------------------|
	// | 0 | ann        | [1.5, 2.0, … +3, 6.5] |
	// | 1 | bob        | []                    |
	// | 2 | cy         | null                  |
}

// SchemaTree shows a nested schema one field per line.
func ExampleFrame_SchemaTree() {
	f := frame.FromRecords([]any{
		map[string]any{"user": map[string]any{"name": "ann", "langs": []any{"go", "sql"}}, "visits": int64(3)},
	})
	fmt.Println(f.SchemaTree())
	// Output:
	// shape: [1]
	// ├── user: {2}
	// │   ├── langs: var * string
	// │   └── name: string
	// └── visits: int64
}
