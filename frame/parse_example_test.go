package frame

import "fmt"

// On a list column the aggregation functions give one value per row,
// from the row's own list; ingredients[1].name reads a field of an item.
// An error evaluating the text quotes the part at fault.
func ExampleParseExpr_lists() {
	df := FromRecords([]any{
		map[string]any{"title": "Tomato soup", "tags": []any{"soup", "quick"},
			"ingredients": []any{map[string]any{"name": "tomatoes", "g": 800}, map[string]any{"name": "onion", "g": 150}}},
		map[string]any{"title": "Beef stew", "tags": []any{"slow"},
			"ingredients": []any{map[string]any{"name": "beef", "g": 1000}}},
	})
	for _, text := range []string{
		`first(tags) == 'soup'`,
		`ingredients[1].name == 'beef'`,
		`count(ingredients.g) > 1 and max(ingredients.g) < 900`,
		`title > 3`,
	} {
		kept := df.Filter(MustParseExpr(text))
		if err := kept.Err(); err != nil {
			fmt.Println(err)
			continue
		}
		t, _ := kept.Column("title")
		fmt.Println(text, "->", t.ToValue())
	}
	_, err := ParseExpr(`title == null`)
	fmt.Println(err)
	// Output:
	// first(tags) == 'soup' -> [Tomato soup]
	// ingredients[1].name == 'beef' -> [Beef stew]
	// count(ingredients.g) > 1 and max(ingredients.g) < 900 -> [Tomato soup]
	// frame: Filter: `title > 3` (offset 0): type mismatch: cannot compare string and int64
	// expression: offset 9: == null is never true (a comparison with null is null on every row): write title is null
}
