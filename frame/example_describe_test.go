package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// Describe gives one row per path, nested ones included, with list
// length statistics for the paths inside lists.
func ExampleFrame_Describe() {
	df := frame.FromRecords([]any{
		map[string]any{"title": "soup", "ingredients": []any{
			map[string]any{"name": "leek", "grams": 200.0},
			map[string]any{"name": "salt", "grams": nil},
		}},
		map[string]any{"title": "cake", "ingredients": []any{}},
		map[string]any{"title": "tea", "ingredients": []any{
			map[string]any{"name": "tea", "grams": 5.0},
		}},
	})
	d := df.Describe().Select("path", "type", "count", "null_count", "mean", "max", "len_mean", "share_empty")
	fmt.Println(d)
	// Output:
	// shape: (4, 8)
	// ┌───┬───────────────────┬─────────────────────────┬───┬──────────┬─────────────┐
	// │   │ path              │ type                    │ … │ len_mean │ share_empty │
	// │   │ str               │ str                     │   │      f64 │         f64 │
	// ╞═══╪═══════════════════╪═════════════════════════╪═══╪══════════╪═════════════╡
	// │ 0 │ ingredients       │ var * {grams: ?float64… │ … │      1.0 │    0.333333 │
	// │ 1 │ ingredients.grams │ var * float64           │ … │      1.0 │    0.333333 │
	// │ 2 │ ingredients.name  │ var * string            │ … │      1.0 │    0.333333 │
	// │ 3 │ title             │ string                  │ … │     null │        null │
	// └───┴───────────────────┴─────────────────────────┴───┴──────────┴─────────────┘
	// 8 columns, 4 shown (hidden: count, null_count, mean, max)
}
