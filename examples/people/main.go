// Command people walks through the example of the StructuredTensor API
// reference: a scalar person and a vector of three people with ragged
// nicknames and nested shoe sizes; field values and paths, indexing with
// ints, slices and names mixed, WithUpdates converting every shoe size at
// once, the round trip to Go values; then the same people as a Frame,
// filtered with a textual expression and exploded.
//
//	go run ./examples/people
package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"reflect"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// people is the API reference's vector of three people.
var people = []any{
	map[string]any{"age": 12, "nicknames": []any{"Josaphine"}, "shoes": map[string]any{"sizes": []any{8.0, 7.5, 7.5}}},
	map[string]any{"age": 82, "nicknames": []any{"Bob", "Bobby"}, "shoes": map[string]any{"sizes": []any{11.0, 11.5, 12.0}}},
	map[string]any{"age": 42, "nicknames": []any{"Elmo"}, "shoes": map[string]any{"sizes": []any{9.0, 9.5, 10.0}}},
}

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "people:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	// 1. A scalar StructuredTensor describing a single person.
	s1, err := structured.FromValue(map[string]any{"age": 82, "nicknames": []any{"Bob", "Bobby"}})
	if err != nil {
		return err
	}
	age, err := s1.Field("age")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "== one person (rank %d)\n", s1.Rank())
	fmt.Fprintln(w, s1)
	fmt.Fprintln(w, "s1.field_value(\"age\"):", age)

	// 2. A vector StructuredTensor describing three people: field-major,
	// one column per leaf for all people at once.
	s2, err := structured.FromValue(people)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== three people, shape", s2.Shape(), "fields", s2.FieldNames())
	fmt.Fprintln(w, s2)
	fmt.Fprintln(w, "spec:", s2.Spec())
	for _, path := range [][]string{{"age"}, {"nicknames"}, {"shoes", "sizes"}} {
		v, err := s2.Field(path...)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "field %v: shape %v %v\n", path, v.Shape(), v.ToValue())
	}

	// 3. Multidimensional indexing: people[1, "nicknames", 0] is
	// people[1]["nicknames"][0]; people[:, "nicknames", :] a ragged matrix.
	fmt.Fprintln(w, "\n== indexing")
	for _, key := range [][]any{
		{1, "nicknames", 0},
		{-1, "age"},
		{structured.All, "nicknames", structured.All},
		{structured.S("::2"), "shoes", "sizes", 0},
	} {
		v, err := s2.Index(key...)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "people%s = %v\n", formatKey(key), v.ToValue())
	}

	// 4. with_updates({("shoes", "sizes"): us_to_europe}): the function sees
	// every size of every person at once.
	usToEurope := structured.MapFloat64(func(x float64) float64 { return math.Round(x*2.54 + 17) })
	eu, err := s2.WithUpdates(structured.TransformField(usToEurope, "shoes", "sizes"))
	if err != nil {
		return err
	}
	sizes, err := eu.Field("shoes", "sizes")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== European shoe sizes")
	fmt.Fprintln(w, sizes.ToValue())

	// 5. from_pyval(pyval).to_pyval() == pyval.
	back := s2.ToValue()
	fmt.Fprintln(w, "\n== ToValue round trip equal:", reflect.DeepEqual(normalize(back), normalize(people)))

	// 6. The same people as a DataFrame: filtered by a textual expression
	// (as the structframe command's filter verb reads it), then one row
	// per nickname.
	df := frame.FromTensor(eu)
	adults, err := frame.ParseExpr(`age >= 18 and max(shoes.sizes) > 40`)
	if err != nil {
		return err
	}
	out := df.Filter(adults).Explode([]string{"nicknames"})
	if err := out.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== adults with big feet, one row per nickname")
	fmt.Fprintln(w, out)
	return nil
}

// normalize turns every number into a float64, since ints built from Go
// ints come back as int64.
func normalize(v any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = normalize(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = normalize(x)
		}
		return out
	case int:
		return float64(v)
	case int64:
		return float64(v)
	}
	return v
}

// formatKey renders an index key the way Python would write it.
func formatKey(key []any) string {
	s := "["
	for i, k := range key {
		if i > 0 {
			s += ", "
		}
		switch k := k.(type) {
		case string:
			s += fmt.Sprintf("%q", k)
		default:
			s += fmt.Sprint(k)
		}
	}
	return s + "]"
}
