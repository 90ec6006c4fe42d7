package display_test

import (
	"fmt"
	"strings"

	"github.com/structframe/structframe/display"
	_ "github.com/structframe/structframe/display/markdown" // the Markdown style
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

type address struct {
	City string  `structframe:"city"`
	Zip  *string `structframe:"zip"`
}

type order struct {
	Sku string `structframe:"sku"`
	Qty int64  `structframe:"qty"`
}

type customer struct {
	ID     int64    `structframe:"id"`
	Name   string   `structframe:"name"`
	Addr   *address `structframe:"addr"`
	Tags   []string `structframe:"tags"`
	Orders []order  `structframe:"orders"`
}

func customers() *structured.Tensor {
	zip := "0150"
	return structured.Must(structured.FromValue([]customer{
		{1, "ann", &address{"Oslo", &zip}, []string{"a", "b", "c", "d", "e"}, []order{{"x1", 2}, {"y9", 1}}},
		{2, "bob", &address{"Rome", nil}, []string{}, nil},
		{3, "", nil, nil, []order{{"z3", 5}}},
	}))
}

// A nested table: the structure addr opens under a grouped header, lists
// are inline with the count of what they hide, and null, [] and "" differ.
func ExampleText() {
	fmt.Println(display.Text(customers(), display.WithWidth(90)))
	// Output:
	// shape: (3, 5)
	// ┌───┬─────┬──────┬─────────────┬────────────────────────────┬───────────────────────────┐
	// │   │     │      │    addr     │                            │                           │
	// │   │     │      ├──────┬──────┤                            │                           │
	// │   │  id │ name │ city │ zip  │ tags                       │ orders                    │
	// │   │ i64 │ str  │ str  │ str  │ list[str]                  │ list[struct[2]]           │
	// ╞═══╪═════╪══════╪══════╪══════╪════════════════════════════╪═══════════════════════════╡
	// │ 0 │   1 │ ann  │ Oslo │ 0150 │ ["a", "b", "c", … +1, "e"] │ [{sku: "x1", … +1}, … +1] │
	// │ 1 │   2 │ bob  │ Rome │ null │ []                         │ null                      │
	// │ 2 │   3 │ ""   │ null │      │ null                       │ [{sku: "z3", qty: 5}]     │
	// └───┴─────┴──────┴──────┴──────┴────────────────────────────┴───────────────────────────┘
}

// Expanded mode draws each order as a sub-row under its customer.
func ExampleWithExpand() {
	fmt.Println(display.Text(customers(), display.WithExpand(true), display.WithWidth(90)))
	// Output:
	// shape: (3, 5)
	// ┌─────┬─────┬──────┬─────────────┬────────────────────────────┬─────────────────┐
	// │     │     │      │    addr     │                            │     orders      │
	// │     │     │      ├──────┬──────┤                            ├───────────┬─────┤
	// │     │  id │ name │ city │ zip  │ tags                       │ sku       │ qty │
	// │     │ i64 │ str  │ str  │ str  │ list[str]                  │ str       │ i64 │
	// ╞═════╪═════╪══════╪══════╪══════╪════════════════════════════╪═══════════╪═════╡
	// │   0 │   1 │ ann  │ Oslo │ 0150 │ ["a", "b", "c", … +1, "e"] │ [2 items] │     │
	// │ ├ 0 │     │      │      │      │                            │ x1        │   2 │
	// │ └ 1 │     │      │      │      │                            │ y9        │   1 │
	// │   1 │   2 │ bob  │ Rome │ null │ []                         │ null      │     │
	// │   2 │   3 │ ""   │ null │      │ null                       │ [1 item]  │     │
	// │ └ 0 │     │      │      │      │                            │ z3        │   5 │
	// └─────┴─────┴──────┴──────┴──────┴────────────────────────────┴───────────┴─────┘
}

// Markdown for a README or an issue: one header row of dotted paths.
func ExampleWithStyle() {
	fmt.Println(display.Text(customers(), display.WithStyle(display.Markdown), display.WithWidth(120)))
	// Output:
	// shape: (3, 5)
	// |   | id (i64) | name (str) | addr.city (str) | addr.zip (str) | tags (list[str])           | orders (list[struct[2]])                   |
	// |--:|---------:|:-----------|:----------------|:---------------|:---------------------------|:-------------------------------------------|
	// | 0 |        1 | ann        | Oslo            | 0150           | ["a", "b", "c", … +1, "e"] | [{sku: "x1", qty: 2}, {sku: "y9", qty: 1}] |
	// | 1 |        2 | bob        | Rome            | null           | []                         | null                                       |
	// | 2 |        3 | ""         | null            |                | null                       | [{sku: "z3", qty: 5}]                      |
}

// A MultiIndex given apart from the data, as a frame keeps it: one index
// column per level, repeated outer labels left blank.
func ExampleWithIndex() {
	city := structured.Must(structured.ValueOf([]string{"paris", "paris", "rome", "rome", "rome"}))
	year := structured.Must(structured.ValueOf([]int64{2023, 2024, 2022, 2023, 2024}))
	idx := structured.Must(index.MultiFromLevels([]string{"city", "year"}, city, year))
	temps := structured.Must(structured.FromValue([]map[string]any{
		{"temp": 11.5}, {"temp": 12.0}, {"temp": 17.25}, {"temp": 17.5}, {"temp": 18.0},
	}))
	fmt.Println(display.Text(temps, display.WithIndex(idx), display.WithMaxRows(4)))
	// Output:
	// shape: (5, 1)
	// ┌───────┬──────┬──────┐
	// │ city  │ year │ temp │
	// │ str   │  i64 │  f64 │
	// ╞═══════╪══════╪══════╡
	// │ paris │ 2023 │ 11.5 │
	// │       │ 2024 │ 12.0 │
	// │ …     │    … │    … │
	// │ rome  │ 2023 │ 17.5 │
	// │       │ 2024 │ 18.0 │
	// └───────┴──────┴──────┘
	// 5 rows, 4 shown
}

// The schema of a nested table as a tree.
func ExampleTree() {
	fmt.Println(display.Tree(customers()))
	// Output:
	// shape: [3]
	// ├── id: int64
	// ├── name: string
	// ├── addr: ?{2}
	// │   ├── city: string
	// │   └── zip: ?string
	// ├── tags: ?var * string
	// └── orders: ?var * {2}
	//     ├── sku: string
	//     └── qty: int64
}

// HTML for a notebook: gophernotes shows a value's HTML() string, GoNB
// takes gonbui.DisplayHTML(display.HTML(t)).
func ExampleHTML() {
	page := display.HTML(customers(), display.WithMaxRows(2))
	fmt.Println(strings.Contains(page, `<th class="sf-group" colspan="2">addr</th>`))
	fmt.Println(strings.Contains(page, "3 rows, 2 shown"))
	fmt.Println(strings.Contains(page, "<script"))
	// Output:
	// true
	// true
	// false
}

// An empty JSON object among objects with keys is a structure whose
// fields are null (key sets are unioned), shown as {k: null}; {} is what
// an empty map or a structure with no fields shows. MaxDepth 1 keeps the
// structure inline.
func ExampleText_emptyObjects() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"s": map[string]any{"k": int64(1)}, "none": map[string]any{}},
		map[string]any{"s": map[string]any{}, "none": map[string]any{}},
		map[string]any{"s": nil, "none": nil},
	}))
	fmt.Println(display.Text(st, display.WithMaxDepth(1)))
	// Output:
	// shape: (3, 2)
	// ┌───┬───────────┬───────────┐
	// │   │ none      │ s         │
	// │   │ struct[0] │ struct[1] │
	// ╞═══╪═══════════╪═══════════╡
	// │ 0 │ {}        │ {k: 1}    │
	// │ 1 │ {}        │ {k: null} │
	// │ 2 │ null      │ null      │
	// └───┴───────────┴───────────┘
}
