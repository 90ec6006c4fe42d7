package gota_test

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/gota"
)

// A gota DataFrame becomes a Frame: gota's types and order kept, NA as
// null.
func ExampleFromDataFrame() {
	df := dataframe.New(
		series.New([]any{"ana", "ben", nil}, series.String, "name"),
		series.New([]any{31, nil, 27}, series.Int, "age"),
	)
	f, err := gota.FromDataFrame(df)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	d, _ := f.Data()
	fmt.Println(d.ToValue())
	// Output:
	// 3 * {name: ?string, age: ?int64}
	// [map[age:31 name:ana] map[age:<nil> name:ben] map[age:27 name:<nil>]]
}

// A nested Frame becomes a flat gota DataFrame (structures as dotted
// columns, lists as JSON text), and WithSchema nests it again.
func ExampleToDataFrame() {
	f := frame.FromRecords([]map[string]any{
		{"title": "soup", "recipe": map[string]any{"time": 30, "tags": []any{"hot", "veg"}}},
		{"title": "tea", "recipe": map[string]any{"time": 3, "tags": []any{}}},
	})
	df, err := gota.ToDataFrame(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(df.Names())
	fmt.Println(df.Col("recipe.tags").Records())
	back, err := gota.FromDataFrame(df, gota.WithSchema(f.Schema()))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Schema())
	// Output:
	// [recipe.tags recipe.time title]
	// [["hot","veg"] []]
	// 2 * {recipe: {tags: var * string, time: int64}, title: string}
}

// WithExplode writes a list of structures as one gota row per item, with
// the row it comes from and its position, and reads it back as lists.
func ExampleWithExplode() {
	orders := frame.FromRecords([]map[string]any{
		{"order": 1, "items": []any{map[string]any{"sku": "a", "n": 2}, map[string]any{"sku": "b", "n": 1}}},
		{"order": 2, "items": []any{}},
	})
	df, err := gota.ToDataFrame(orders, gota.WithExplode("items"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(df)
	back, err := gota.FromDataFrame(df, gota.WithSchema(orders.Schema()), gota.WithExplode("items"))
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := back.Data()
	b, _ := orders.Data()
	fmt.Println("same frame:", a.Equal(b))
	// Output:
	// [3x5] DataFrame
	//
	//     _row_ items.n items.sku _pos_ order
	//  0: 0     2       a         0     1
	//  1: 0     1       b         1     1
	//  2: 1     NaN     NaN       -1    2
	//     <int> <int>   <string>  <int> <int>
	//
	// same frame: true
}
