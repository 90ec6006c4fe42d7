package structured_test

import (
	"encoding/json"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// A Tensor's Spec is its type: the shape, then each field's own
// dimensions and item type; ? marks a field that holds nulls.
func ExampleTensor_Spec() {
	var people any
	_ = json.Unmarshal([]byte(`[
		{"age": 12, "nicknames": ["Josaphine"], "shoes": {"sizes": [8.0, 7.5, 7.5]}},
		{"age": 82, "nicknames": ["Bob", "Bobby"], "shoes": {"sizes": [11.0, 11.5, 12.0]}},
		{"nicknames": ["Elmo"], "shoes": {"sizes": [9.0, 9.5, 10.0]}}]`), &people)
	st := structured.Must(structured.FromValue(people))
	spec := st.Spec()
	fmt.Println(spec)
	fmt.Println(spec.Tree())

	f, parent, _ := spec.Field("shoes", "sizes")
	fmt.Println(f.Kind(parent), f.Shape(parent))
	// Output:
	// 3 * {age: ?float64, nicknames: var * string, shoes: {sizes: var * float64}}
	// 3 * {
	//   age: ?float64
	//   nicknames: var * string
	//   shoes: {
	//     sizes: var * float64
	//   }
	// }
	// ragged [3, var]
}

// ParseSpec reads a Spec written by hand, to convert values against it.
// Errors say where the text is wrong.
func ExampleParseSpec() {
	spec, err := structured.ParseSpec(`var * {
		id: int32
		"first name": ?string
		embedding: 3 * float32
		tags: ?var * string
	}`)
	if err != nil {
		panic(err)
	}
	fmt.Println(spec)
	st, err := structured.FromValueSpec([]any{
		map[string]any{"id": 1, "embedding": []any{1, 2, 3}, "tags": []any{"a"}},
		map[string]any{"id": 2, "first name": "Bo", "embedding": []any{4, 5, 6}},
	}, spec)
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Spec())
	fmt.Println(st.ConformsTo(spec))

	_, err = structured.ParseSpec(`var * {id: int32, tags: var * strin}`)
	fmt.Println(err)
	// Output:
	// var * {id: int32, "first name": ?string, embedding: 3 * float32, tags: ?var * string}
	// 2 * {id: int32, "first name": ?string, embedding: 3 * float32, tags: ?var * string}
	// <nil>
	// structured: ParseSpec: field tags: at column 31: unknown type "strin" (types: bool, int8 to int64, uint8 to uint64, float16, float32, float64, string, large_string, string_view, binary, large_binary, binary_view, fixed_size_binary[n], date32, date64, time32[unit], time64[unit], timestamp[unit] or timestamp[unit, tz=zone], duration[unit], month_interval, day_time_interval, month_day_nano_interval, decimal(precision, scale) (also decimal32, decimal64, decimal256), dictionary[index, value], null)
}

// Compatible tells whether data of one Spec can be stored under another,
// naming the first field that differs.
func ExampleSpec_Compatible() {
	table := structured.Must(structured.ParseSpec(`var * {id: int64, score: float64}`))
	batch := structured.Must(structured.FromValue([]any{
		map[string]any{"id": 1, "score": 0.5},
		map[string]any{"id": 2, "score": nil},
	}))
	fmt.Println(batch.Spec())
	fmt.Println(table.Compatible(batch.Spec()))
	// Output:
	// 2 * {id: int64, score: ?float64}
	// structured: Compatible: field score: is nullable, but the Spec does not allow nulls
}

// A rank-1 Spec is the schema of record batches: var dimensions are
// large_lists, fixed ones fixed_size_lists, nested structures structs.
func ExampleSpec_ArrowSchema() {
	spec := structured.Must(structured.ParseSpec(`var * {id: int64, pos: 2 * float64, items: ?var * {n: int64}}`))
	sc, _ := spec.ArrowSchema()
	for _, f := range sc.Fields() {
		fmt.Println(f)
	}
	back, _ := structured.SpecFromArrowSchema(sc)
	fmt.Println(back)

	fromArrow, _ := structured.SpecFromArrowType(arrow.ListOf(arrow.StructOf(
		arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Float64, Nullable: true})))
	fmt.Println(fromArrow)
	// Output:
	// id: type=int64
	// pos: type=fixed_size_list<item: float64>[2]
	// items: type=large_list<item: struct<n: int64>, nullable>, nullable
	// var * {id: int64, pos: 2 * float64, items: ?var * {n: int64}}
	// ?var * var * {x: ?float64}
}
