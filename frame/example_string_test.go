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

// Contains takes a regular expression, as Polars' str.contains;
// ContainsLiteral plain text. Extract pulls a capture group out, null
// where the pattern does not match.
func ExampleExprStr_Contains() {
	f := frame.FromColumns([]string{"sku"}, []string{"AB-1234", "no code", "X.99", "日本-7"})
	fmt.Println(f.WithColumns(
		frame.Col("sku").Str().Contains(`-\d+$`).Alias("coded"),
		frame.Col("sku").Str().ContainsLiteral(".").Alias("dot"),
		frame.Col("sku").Str().Extract(`-(\d+)`, 1).Alias("number"),
	))
	// Output:
	// shape: (4, 4)
	// ┌───┬─────────┬───────┬───────┬────────┐
	// │   │ sku     │ coded │ dot   │ number │
	// │   │ str     │ bool  │ bool  │ str    │
	// ╞═══╪═════════╪═══════╪═══════╪════════╡
	// │ 0 │ AB-1234 │ true  │ false │ 1234   │
	// │ 1 │ no code │ false │ false │ null   │
	// │ 2 │ X.99    │ false │ true  │ null   │
	// │ 3 │ 日本-7  │ true  │ false │ 7      │
	// └───┴─────────┴───────┴───────┴────────┘
}

// ReplaceAll expands $1 in its replacement; Split makes a list column,
// whose items List() reaches; Slice counts characters from 0.
func ExampleExprStr_ReplaceAll() {
	f := frame.FromColumns([]string{"date"}, []any{"2024-01-15", "1999-12-31", nil})
	d := frame.Col("date").Str()
	fmt.Println(f.WithColumns(
		d.ReplaceAll(`(\d+)-(\d+)-(\d+)`, "$3/$2/$1").Alias("european"),
		d.Split("-").List().Get(0).Alias("year"),
		d.Slice(5, 2).Alias("month"),
	))
	// Output:
	// shape: (3, 4)
	// ┌───┬────────────┬────────────┬──────┬───────┐
	// │   │ date       │ european   │ year │ month │
	// │   │ str        │ str        │ str  │ str   │
	// ╞═══╪════════════╪════════════╪══════╪═══════╡
	// │ 0 │ 2024-01-15 │ 15/01/2024 │ 2024 │ 01    │
	// │ 1 │ 1999-12-31 │ 31/12/1999 │ 1999 │ 12    │
	// │ 2 │ null       │ null       │ null │ null  │
	// └───┴────────────┴────────────┴──────┴───────┘
}

// ConcatStr joins columns with a separator, skipping nulls or not.
func ExampleConcatStr() {
	f := frame.FromColumns([]string{"first", "middle", "last"},
		[]string{"Ada", "Grace"}, []any{nil, "Brewster"}, []string{"Lovelace", "Hopper"})
	fmt.Println(f.SelectExprs(
		frame.ConcatStr(" ", true, frame.Col("first"), frame.Col("middle"), frame.Col("last")).Alias("skip"),
		frame.ConcatStr(" ", false, frame.Col("first"), frame.Col("middle"), frame.Col("last")).Alias("propagate"),
	))
	// Output:
	// shape: (2, 2)
	// ┌───┬───────────────────────┬───────────────────────┐
	// │   │ skip                  │ propagate             │
	// │   │ str                   │ str                   │
	// ╞═══╪═══════════════════════╪═══════════════════════╡
	// │ 0 │ Ada Lovelace          │ null                  │
	// │ 1 │ Grace Brewster Hopper │ Grace Brewster Hopper │
	// └───┴───────────────────────┴───────────────────────┘
}

// The text form takes DuckDB's string functions, with DuckDB's rules:
// substr counts from 1, regexp_replace replaces every match only with
// 'g', regexp_extract gives "" where nothing matches.
func ExampleParseExpr_strings() {
	f := frame.FromColumns([]string{"name"}, []string{"  Ünïcödé ", "ada lovelace"})
	for _, text := range []string{
		`upper(substr(trim(name), 1, 3))`,
		`regexp_replace(name, '[aeiou]', '_', 'g')`,
		`regexp_extract(name, '(\w+) (\w+)', 2)`,
		`concat_ws('|', lpad(name, 4, '.'), strpos(name, 'l'))`,
	} {
		e := frame.MustParseExpr(text)
		s, _ := f.SelectExprs(e.Alias("out")).Column("out")
		fmt.Printf("%-55s %q\n", text, s.ToValue())
	}
	// Output:
	// upper(substr(trim(name), 1, 3))                         ["ÜNÏ" "ADA"]
	// regexp_replace(name, '[aeiou]', '_', 'g')               ["  Ünïcödé " "_d_ l_v_l_c_"]
	// regexp_extract(name, '(\w+) (\w+)', 2)                  ["" "lovelace"]
	// concat_ws('|', lpad(name, 4, '.'), strpos(name, 'l'))   ["  Ün|0" "ada |5"]
}

// A string column of JSON text (a log line's payload, a database's JSON
// column) becomes a nested column; JSONPathMatch picks one value out.
func ExampleExprStr_JSONDecode() {
	f := frame.FromColumns([]string{"payload"}, []any{
		`{"user": {"id": 7, "name": "Ada"}, "tags": ["x", "y"]}`,
		nil,
		`{"user": {"id": 9, "name": "Grace"}, "tags": []}`,
	})
	out := f.SelectExprs(
		frame.Col("payload").Str().JSONDecode(nil).Alias("doc"),
		frame.Col("payload").Str().JSONPathMatch("$.user.name").Alias("name"),
	)
	fmt.Println(out.Schema())
	fmt.Println(out.SelectExprs(frame.Col("doc.user.id").Alias("user_id"), frame.Col("doc.tags").List().Len().Alias("tags"), frame.Col("name")))
	// Output:
	// 3 * {doc: ?{user: {id: int64, name: string}, tags: var * string}, name: ?string}
	// shape: (3, 3)
	// ┌───┬─────────┬──────┬───────┐
	// │   │ user_id │ tags │ name  │
	// │   │     i64 │  i64 │ str   │
	// ╞═══╪═════════╪══════╪═══════╡
	// │ 0 │       7 │    2 │ Ada   │
	// │ 1 │    null │ null │ null  │
	// │ 2 │       9 │    0 │ Grace │
	// └───┴─────────┴──────┴───────┘
}
