package structured_test

import (
	"fmt"
	"math"

	"github.com/structframe/structframe/structured"
)

// Promote copies a field up to its grandparent, merging the dimensions in
// between: each row's token lists are concatenated.
func ExampleTensor_Promote() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"docs": []any{
			map[string]any{"tokens": []any{1, 2}},
			map[string]any{"tokens": []any{3}},
		}},
		map[string]any{"docs": []any{
			map[string]any{"tokens": []any{7}},
		}},
	}))
	st = structured.Must(st.Promote([]string{"docs", "tokens"}, "docs_tokens"))
	fmt.Println(structured.Must(st.Field("docs_tokens")))
	// Output:
	// <Ragged int64 shape=[2, var] [[1, 2, 3], [7]]>
}

// MergeDims flattens a [3, var] Tensor of structures into a table.
func ExampleTensor_MergeDims() {
	st := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"foo": 12}, map[string]any{"foo": 33}},
		[]any{},
		[]any{map[string]any{"foo": 99}},
	}))
	fmt.Println(st.Shape())
	st = structured.Must(st.MergeDims(0, 1))
	fmt.Println(st)
	// Output:
	// [3, var]
	// <StructuredTensor shape=[3] fields={
	//   foo: int64 [12, 33, 99]
	// }>
}

// PartitionOuterDimension is the inverse: it cuts a table's rows into
// groups.
func ExampleTensor_PartitionOuterDimension() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"foo": 12}, map[string]any{"foo": 33}, map[string]any{"foo": 99},
	}))
	p := structured.Must(structured.PartitionFromLengths([]int{2, 0, 1}))
	fmt.Println(structured.Must(st.PartitionOuterDimension(p)))
	// Output:
	// <StructuredTensor shape=[3, var] fields={
	//   foo: int64 [3, var] [[12, 33], [], [99]]
	// }>
}

// WithUpdates transforms a nested field with a function of the whole
// column: here every shoe size, converted from US to European sizes.
func ExampleTensor_WithUpdates() {
	person := func(age int, nick []any, sizes ...float64) map[string]any {
		s := make([]any, len(sizes))
		for i, x := range sizes {
			s[i] = x
		}
		return map[string]any{"age": age, "nicknames": nick, "shoes": map[string]any{"sizes": s}}
	}
	us := structured.Must(structured.FromValue([]any{
		person(12, []any{"Josaphine"}, 8, 7.5, 7.5),
		person(82, []any{"Bob", "Bobby"}, 11, 11.5, 12),
		person(42, []any{"Elmo"}, 9, 9.5, 10),
	}))
	usToEurope := structured.MapFloat64(func(x float64) float64 { return math.Round(x*2.54 + 17) })
	eu := structured.Must(us.WithUpdates(
		structured.TransformField(usToEurope, "shoes", "sizes"),
		structured.DeleteField("nicknames"),
	))
	fmt.Println(eu)
	// Output:
	// <StructuredTensor shape=[3] fields={
	//   age: int64 [12, 82, 42]
	//   shoes: <StructuredTensor shape=[3] fields={
	//     sizes: float64 [3, var] [[37, 36, 36], [45, 46, 47], [40, 41, 42]]
	//   }>
	// }>
}

// Broadcast copies a recipe's field down to each of its ingredients.
func ExampleTensor_Broadcast() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"est_time": 30, "ingredients": []any{
			map[string]any{"name": "leek"}, map[string]any{"name": "salt"}}},
		map[string]any{"est_time": 60, "ingredients": []any{
			map[string]any{"name": "flour"}}},
	}))
	st = structured.Must(st.Broadcast([]string{"est_time"}, []string{"ingredients", "est_time"}))
	fmt.Println(structured.Must(st.Field("ingredients")))
	// Output:
	// <StructuredTensor shape=[2, var] fields={
	//   name: string [2, var] [["leek", "salt"], ["flour"]]
	//   est_time: int64 [2, var] [[30, 30], [60]]
	// }>
}

// Apply computes a field from others, column by column.
func ExampleTensor_Apply() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"ingredients": []any{
			map[string]any{"amount": 2.0, "price": 1.5},
			map[string]any{"amount": 0.5, "price": 4.0}}},
		map[string]any{"ingredients": []any{
			map[string]any{"amount": 1.0, "price": 3.0}}},
	}))
	times := structured.ZipFloat64(func(x ...float64) float64 { return x[0] * x[1] })
	st = structured.Must(st.Apply(times,
		[][]string{{"ingredients", "amount"}, {"ingredients", "price"}},
		[]string{"ingredients", "cost"}))
	fmt.Println(structured.Must(st.Field("ingredients", "cost")))
	// Output:
	// <Ragged float64 shape=[2, var] [[3, 2], [3]]>
}
