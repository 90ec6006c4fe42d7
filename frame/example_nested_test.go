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
