package structured_test

import (
	"fmt"
	"time"

	"github.com/structframe/structframe/structured"
)

// Person is a Go struct with structframe tags: the name renames a field,
// omitempty makes a zero value null, "-" skips the field, and a pointer
// may be nil (null).
type Person struct {
	Name      string    `structframe:"name"`
	Age       int       `structframe:"age,omitempty"`
	Nicknames []string  `structframe:"nicknames"`
	Born      time.Time `structframe:"born"`
	Address   *Address  `structframe:"address"`
	Password  string    `structframe:"-"`
}

// Address is nested in Person.
type Address struct {
	City string     `structframe:"city"`
	Geo  [2]float64 `structframe:"geo"`
}

// A slice of structs is a table: one row per struct, one field per
// exported struct field, typed from the Go types (even for an empty
// slice). Nested structs are nested Tensors; slices are ragged and arrays
// dense.
func ExampleFromValue_structs() {
	people := []Person{
		{Name: "Josaphine", Age: 12, Nicknames: []string{"Jo"}, Address: &Address{"Oslo", [2]float64{59.9, 10.7}}},
		{Name: "Bob", Nicknames: []string{"Bob", "Bobby"}, Password: "secret"},
		{Name: "Elmo", Age: 42, Born: time.Date(1979, 6, 1, 0, 0, 0, 0, time.UTC)},
	}
	st, err := structured.FromValue(people)
	if err != nil {
		panic(err)
	}
	fmt.Println(st.FieldNames(), st.Shape())
	fmt.Println(structured.Must(st.Field("age")))
	fmt.Println(structured.Must(st.Field("nicknames")))
	fmt.Println(structured.Must(st.Field("address", "geo")))

	// The Spec FromValue converts against, from the Go type:
	spec, _ := structured.SpecFor[[]Person]()
	geo := spec.Fields[4].Fields[1]
	fmt.Println(spec.Shape, geo.Name, geo.Type, geo.Dims)
	// Output:
	// [name age nicknames born address] [3]
	// <Dense int64 shape=[3] [12, null, 42]>
	// <Ragged string shape=[3, var] [["Jo"], ["Bob", "Bobby"], null]>
	// <Dense float64 shape=[3, 2] [[59.9, 10.7], [null, null], [null, null]]>
	// [var] geo float64 [2]
}

// ToGo decodes a Tensor into Go structs, matching fields by tag or name.
// Here untyped records become typed Go values: int64 items convert to int
// (an error if they overflow it), nulls become nil pointers and slices,
// and lists of structures become slices of structs.
func ExampleTensor_ToGo() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"name": "Soup", "minutes": 30, "tags": []any{"hot"}, "steps": []any{
			map[string]any{"text": "boil water", "minutes": 10},
			map[string]any{"text": "add salt"},
		}},
		map[string]any{"name": "Salad", "tags": nil, "steps": []any{}},
	}))
	type Step struct {
		Text    string `structframe:"text"`
		Minutes *int   `structframe:"minutes"`
	}
	type Recipe struct {
		Name    string   // matches "name": exact names first, then any case
		Minutes int      `structframe:"minutes"`
		Tags    []string `structframe:"tags"`
		Steps   []Step   `structframe:"steps"`
	}
	var recipes []Recipe
	if err := st.ToGo(&recipes); err != nil {
		panic(err)
	}
	for _, r := range recipes {
		fmt.Printf("%s: %d min, tags %q, %d steps\n", r.Name, r.Minutes, r.Tags, len(r.Steps))
		for _, s := range r.Steps {
			if s.Minutes != nil {
				fmt.Printf("  %s (%d min)\n", s.Text, *s.Minutes)
			} else {
				fmt.Printf("  %s\n", s.Text)
			}
		}
	}

	// A type that does not fit is an error naming the field and row.
	var wrong []struct{ Name int }
	fmt.Println(st.ToGo(&wrong))
	// Output:
	// Soup: 30 min, tags ["hot"], 2 steps
	//   boil water (10 min)
	//   add salt
	// Salad: 0 min, tags [], 0 steps
	// structured: ToGo: field [0].name: got string, want int
}
