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
	// shape: (4, 8)  index: RangeIndex(4)
	// schema: 4 * {path: string, type: string, count: int64, null_count: int64, mean: ?float64, max: ?float64, len_mean: ?float64, share_empty: ?float64}
	// 0: path="ingredients", type="var * {grams: ?float64, name: string}", count=3, null_count=0, mean=null, max=null, len_mean=1, share_empty=0.3333333333333333
	// 1: path="ingredients.grams", type="var * float64", count=2, null_count=1, mean=102.5, max=200, len_mean=1, share_empty=0.3333333333333333
	// 2: path="ingredients.name", type="var * string", count=3, null_count=0, mean=null, max=null, len_mean=1, share_empty=0.3333333333333333
	// 3: path="title", type="string", count=3, null_count=0, mean=null, max=null, len_mean=null, share_empty=null
}
