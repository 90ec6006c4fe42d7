package structured_test

import (
	"encoding/json"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// Records decoded by encoding/json become a rank-1 Tensor: one row per
// record, one field per key. A per-row list is a ragged field, a missing
// key a null.
func ExampleFromValue() {
	var people any
	_ = json.Unmarshal([]byte(`[
		{"age": 12, "nicknames": ["Josaphine"], "shoes": {"sizes": [8.0, 7.5, 7.5]}},
		{"age": 82, "nicknames": ["Bob", "Bobby"], "shoes": {"sizes": [11.0, 11.5, 12.0]}},
		{"nicknames": ["Elmo"], "shoes": {"sizes": [9.0, 9.5, 10.0]}}]`), &people)
	st, err := structured.FromValue(people)
	if err != nil {
		panic(err)
	}
	fmt.Println(st.FieldNames(), st.Shape())
	fmt.Println(structured.Must(st.Field("age")))
	fmt.Println(structured.Must(st.Field("nicknames")).ToValue())
	fmt.Println(structured.Must(st.Field("shoes", "sizes")))

	// Values of different types in one field are an error naming the field
	// and the row.
	_, err = structured.FromValue([]any{map[string]any{"a": 1}, map[string]any{"a": "hello"}})
	fmt.Println(err)
	// Output:
	// [age nicknames shoes] [3]
	// <Dense float64 shape=[3] [12, 82, null]>
	// [[Josaphine] [Bob Bobby] [Elmo]]
	// <Ragged float64 shape=[3, var] [[8, 7.5, 7.5], [11, 11.5, 12], [9, 9.5, 10]]>
	// structured: FromValue: field a: got string at row 1, want int64 (first seen at row 0)
}

// Lists of lists of structures give a Tensor of rank 2 whose row
// partition comes from the list lengths.
func ExampleFromValue_rank2() {
	x := func() any { return map[string]any{"a": 1, "b": []any{"foo", "bar"}} }
	st := structured.Must(structured.FromValue([]any{
		[]any{x(), x(), x()}, []any{}, []any{x(), x(), x(), x()}, []any{x()},
	}))
	fmt.Println(st.Shape(), st.RowPartitions())
	fmt.Println(structured.Must(st.Field("b")).Shape())
	// Output:
	// [4, var] [RowPartition(row_splits=[0 3 3 7 8])]
	// [4, var, var]
}

// ValueOf converts any nested value: scalars and flat lists give dense
// values, deeper lists ragged ones (even rectangular), maps Tensors.
func ExampleValueOf() {
	for _, v := range []any{
		42,
		[]any{1.5, 2.5, nil},
		[]any{[]any{1, 2}, []any{3, 4}},
		map[string]any{"a": []any{1, 2, 3}, "b": []any{[]any{4, 5}, []any{6, 7}}},
	} {
		val, err := structured.ValueOf(v)
		if err != nil {
			panic(err)
		}
		fmt.Println(val)
	}
	// Output:
	// <Dense int64 shape=[] 42>
	// <Dense float64 shape=[3] [1.5, 2.5, null]>
	// <Ragged int64 shape=[2, var] [[1, 2], [3, 4]]>
	// <StructuredTensor shape=[] fields={
	//   a: int64 [1, 2, 3]
	//   b: int64 [2, var] [[4, 5], [6, 7]]
	// }>
}

// A Spec fixes the types instead of inferring them: JSON numbers become
// int32, dates are parsed, and a fixed-length list is a dense dimension.
func ExampleFromValueSpec() {
	spec := &structured.Spec{
		Shape: structured.Shape{structured.Unknown},
		Fields: []structured.FieldSpec{
			{Name: "id", Type: arrow.PrimitiveTypes.Int32},
			{Name: "day", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
			{Name: "embedding", Type: arrow.PrimitiveTypes.Float32, Dims: structured.Shape{3}},
		},
	}
	var rows any
	_ = json.Unmarshal([]byte(`[
		{"id": 1, "day": "2024-06-01", "embedding": [0.5, 1, 2]},
		{"id": 2, "embedding": [3, 4, 5]}]`), &rows)
	st, err := structured.FromValueSpec(rows, spec)
	if err != nil {
		panic(err)
	}
	fmt.Print(st, "\n")

	_, err = structured.FromValueSpec([]any{map[string]any{"id": 1.5, "embedding": []any{1, 2, 3}}}, spec)
	fmt.Println(err)
	// Output:
	// <StructuredTensor shape=[2] fields={
	//   id: int32 [1, 2]
	//   day: date32 [2024-06-01, null]
	//   embedding: float32 [2, 3] [[0.5, 1, 2], [3, 4, 5]]
	// }>
	// structured: FromValueSpec: field id: value 1.5 at row 0 is not an integer, want int32 (from the Spec)
}
