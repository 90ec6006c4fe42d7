package frame_test

import (
	"errors"
	"fmt"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// printRows prints a frame's columns and its rows as Go values.
func printRows(f *frame.Frame) {
	if err := f.Err(); err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(f.Columns())
	t, _ := f.Data()
	for _, r := range t.ToValue().([]any) {
		fmt.Println(r)
	}
}

func recipes() *frame.Frame {
	return frame.FromRecords([]any{
		map[string]any{
			"title": "soup",
			"ingredients": []any{
				map[string]any{"amount": 300.0, "unit": "g", "name": "leek"},
				map[string]any{"amount": 1.0, "unit": "l", "name": "water"},
			},
			"steps": []any{"cut", "boil", "blend"},
		},
		map[string]any{
			"title":       "toast",
			"ingredients": []any{map[string]any{"amount": 2.0, "unit": "pc", "name": "bread"}},
			"steps":       []any{"toast"},
		},
	}).Select("title", "ingredients", "steps")
}

// Two list columns explode together, item by item; a position column
// keeps each item's place in its list. Lists of different lengths in a
// row are an error naming both columns and the row.
func ExampleFrame_Explode() {
	f := frame.FromColumns([]string{"id", "fruit", "qty"},
		[]int64{1, 2, 3},
		[][]string{{"apple", "pear"}, {}, nil},
		[][]int64{{3, 1}, {}, nil},
	)
	printRows(f.Explode([]string{"fruit", "qty"}, frame.WithPosition("pos")))
	printRows(f.Explode([]string{"fruit", "qty"}, frame.WithEmptyAs(frame.ExplodeDrop), frame.WithNullAs(frame.ExplodeDrop)))

	bad := frame.FromColumns([]string{"a", "b"}, [][]int64{{1, 2}}, [][]int64{{1}})
	fmt.Println(bad.Explode([]string{"a", "b"}).Err())
	// Output:
	// [id fruit qty pos]
	// map[fruit:apple id:1 pos:0 qty:3]
	// map[fruit:pear id:1 pos:1 qty:1]
	// map[fruit:<nil> id:2 pos:-1 qty:<nil>]
	// map[fruit:<nil> id:3 pos:<nil> qty:<nil>]
	// [id fruit qty]
	// map[fruit:apple id:1 qty:3]
	// map[fruit:pear id:1 qty:1]
	// frame: Explode: columns "a" and "b" have lists of different lengths at row 0: 2 and 1
}

// Unnest refuses a field name that is already a column, naming both; a
// collision policy prefixes (or replaces) instead.
func ExampleFrame_Unnest() {
	f := frame.FromRecords([]any{
		map[string]any{"name": "ann", "addr": map[string]any{"city": "Oslo", "name": "home"}},
		map[string]any{"name": "bob", "addr": nil},
	}).Select("name", "addr")

	err := f.Unnest("addr").Err()
	fmt.Println(errors.Is(err, frame.ErrDuplicate), err)
	printRows(f.Unnest("addr", frame.WithCollision(frame.CollisionPrefix)))
	printRows(f.Unnest("addr", frame.WithPrefixed(true), frame.WithSeparator("_")))
	// Output:
	// true frame: Unnest: field "name" of column "addr" would become column "name", which already exists (use WithCollision(CollisionPrefix) or WithPrefixed(true))
	// [name city addr.name]
	// map[addr.name:home city:Oslo name:ann]
	// map[addr.name:<nil> city:<nil> name:bob]
	// [name addr_city addr_name]
	// map[addr_city:Oslo addr_name:home name:ann]
	// map[addr_city:<nil> addr_name:<nil> name:bob]
}

// Explode then Unnest: one row per ingredient, its fields as columns, the
// recipe's other columns repeated.
func ExampleFrame_Explode_unnest() {
	printRows(recipes().Drop("steps").Explode([]string{"ingredients"}).Unnest("ingredients"))
	// Output:
	// [title amount name unit]
	// map[amount:300 name:leek title:soup unit:g]
	// map[amount:1 name:water title:soup unit:l]
	// map[amount:2 name:bread title:toast unit:pc]
}

// Flatten turns every structure into dotted leaf columns, a list of
// structures into one list per field (pandas' json_normalize); Unflatten
// rebuilds the structures.
func ExampleFrame_Flatten() {
	f := frame.FromRecords([]any{
		map[string]any{
			"id":   int64(1),
			"user": map[string]any{"name": "ann", "home": map[string]any{"city": "Oslo", "zip": "0150"}},
			"pets": []any{map[string]any{"kind": "cat", "age": int64(3)}, map[string]any{"kind": "dog", "age": int64(5)}},
		},
	}).Select("id", "user", "pets")
	flat := f.Flatten()
	printRows(flat)
	fmt.Println(flat.Schema())
	fmt.Println(flat.Unflatten().Schema())
	// Output:
	// [id user.home.city user.home.zip user.name pets.age pets.kind]
	// map[id:1 pets.age:[3 5] pets.kind:[cat dog] user.home.city:Oslo user.home.zip:0150 user.name:ann]
	// 1 * {id: int64, "user.home.city": string, "user.home.zip": string, "user.name": string, "pets.age": var * int64, "pets.kind": var * string}
	// 1 * {id: int64, user: {home: {city: string, zip: string}, name: string}, pets: var * {age: int64, kind: string}}
}

// At indexes inside the cells: the first ingredient of every recipe is a
// frame of structures, the last two steps a Series of lists, one cell a Go
// value.
func ExampleFrame_At() {
	f := recipes()
	first, _ := f.At(structured.All, "ingredients", 0)
	printRows(first.(*frame.Frame))
	last2, _ := f.At(frame.Rows(0, 2), "steps", structured.From(-2))
	fmt.Println(last2.(frame.Series).ToValue())
	cell, _ := f.At(0, "ingredients", -1, "name")
	fmt.Println(cell)
	// Output:
	// [amount name unit]
	// map[amount:300 name:leek unit:g]
	// map[amount:2 name:bread unit:pc]
	// [[boil blend] [toast]]
	// water
}

// Broadcast gives every ingredient its recipe's title; Promote lifts the
// ingredient names to a list column of the recipe.
func ExampleFrame_Broadcast() {
	f := recipes().Broadcast("title", "ingredients.title").Promote("ingredients.name", "names")
	s, _ := f.Column("ingredients.title")
	fmt.Println(s.ToValue())
	s, _ = f.Column("names")
	fmt.Println(s.ToValue())
	// Output:
	// [[soup soup] [toast]]
	// [[leek water] [bread]]
}

// List().Eval runs one expression over every item of a list column at
// once, Element() standing for the items; Filter keeps the items a
// predicate holds for. An aggregation inside Eval reduces each list.
func ExampleExprList_Eval() {
	f := frame.FromColumns([]string{"id", "scores"},
		[]int64{1, 2, 3},
		[]any{[]any{int64(3), int64(8), nil}, []any{}, nil},
	)
	printRows(f.SelectExprs(
		frame.Col("id"),
		frame.Col("scores").List().Eval(frame.Element().Mul(frame.Lit(10))).Alias("x10"),
		frame.Col("scores").List().Filter(frame.Element().Gt(frame.Lit(5))).Alias("high"),
		frame.Col("scores").List().Eval(frame.Element().Max().Sub(frame.Element().Min())).Alias("spread"),
	))
	// Output:
	// [id x10 high spread]
	// map[high:[8] id:1 spread:[5] x10:[30 80 <nil>]]
	// map[high:[] id:2 spread:[<nil>] x10:[]]
	// map[high:<nil> id:3 spread:<nil> x10:<nil>]
}

// The list functions of Polars, on a list of strings: Slice counts from 0
// (a negative offset from the end), Sort puts nulls first unless asked,
// Unique keeps the first of each value in order.
func ExampleExprList_Sort() {
	f := frame.FromColumns([]string{"tags"},
		[]any{[]any{"soup", "quick", nil, "soup"}, []any{"日本語", "ünï"}},
	)
	tags := frame.Col("tags").List()
	printRows(f.SelectExprs(
		tags.Slice(-2, 2).Alias("last2"),
		tags.Sort(false, true).Alias("sorted"),
		tags.Unique().Alias("unique"),
		tags.Reverse().Alias("reversed"),
		tags.Contains(frame.Lit("soup")).Alias("soup"),
		tags.ArgMax().Alias("argmax"),
	))
	// Output:
	// [last2 sorted unique reversed soup argmax]
	// map[argmax:0 last2:[<nil> soup] reversed:[soup <nil> quick soup] sorted:[quick soup soup <nil>] soup:true unique:[soup quick <nil>]]
	// map[argmax:0 last2:[日本語 ünï] reversed:[ünï 日本語] sorted:[ünï 日本語] soup:false unique:[日本語 ünï]]
}

// Struct builds a structure column of expressions (Polars' pl.struct);
// Struct().WithFields adds or replaces fields, Field reading the
// structure's own; RenameFields renames them in order.
func ExampleStruct() {
	f := frame.FromColumns([]string{"x", "y"}, []int64{1, 2}, []any{"a", nil})
	point := frame.Struct(frame.Col("x"), frame.Col("y")).Alias("p")
	printRows(f.SelectExprs(
		point,
		point.Struct().WithFields(frame.Field("x").Mul(frame.Lit(100)).Alias("x100")).Alias("wider"),
		point.Struct().RenameFields("left", "right").Alias("renamed"),
	))
	// Output:
	// [p wider renamed]
	// map[p:map[x:1 y:a] renamed:map[left:1 right:a] wider:map[x:1 x100:100 y:a]]
	// map[p:map[x:2 y:<nil>] renamed:map[left:2 right:<nil>] wider:map[x:2 x100:200 y:<nil>]]
}

// A map column (records whose keys are data) gives its keys, its values,
// and the value of a key.
func ExampleExprMap_Get() {
	f := frame.FromRecords([]any{
		map[string]any{"price": map[string]any{"EUR": 1.0, "USD": 1.1}},
		map[string]any{"price": map[string]any{"GBP": 0.9}},
		map[string]any{"price": nil},
	}, structured.WithMapThreshold(1))
	m := frame.Col("price").Map()
	printRows(f.SelectExprs(m.Keys().Alias("keys"), m.Values().Alias("values"), m.Get(frame.Lit("USD")).Alias("usd")))
	// Output:
	// [keys values usd]
	// map[keys:[EUR USD] usd:1.1 values:[1 1.1]]
	// map[keys:[GBP] usd:<nil> values:[0.9]]
	// map[keys:<nil> usd:<nil> values:<nil>]
}

// The text form takes DuckDB's list functions, 1-based, and its lambdas:
// x -> x * 2 applies to each item, x.name reads a field of an item.
func ExampleParseExpr_listFunctions() {
	f := recipes()
	printRows(f.SelectExprs(
		frame.Col("title"),
		frame.MustParseExpr("steps[1]").Alias("first_step"),
		frame.MustParseExpr("list_slice(steps, 2, -1)").Alias("rest"),
		frame.MustParseExpr("list_transform(ingredients, x -> x.amount * 2)").Alias("double"),
		frame.MustParseExpr("list_filter(ingredients, i -> i.unit = 'g')").List().Len().Alias("in_grams"),
	))
	printRows(f.SelectExprs(
		frame.MustParseExpr("count(*)").Alias("n"),
		frame.MustParseExpr("string_agg(title, ', ')").Alias("titles"),
		frame.MustParseExpr("arg_max(title, len(steps))").Alias("longest"),
	))
	// Output:
	// [title first_step rest double in_grams]
	// map[double:[600 2] first_step:cut in_grams:1 rest:[boil blend] title:soup]
	// map[double:[4] first_step:toast in_grams:0 rest:[] title:toast]
	// [n titles longest]
	// map[longest:soup n:2 titles:soup, toast]
}
