package structured_test

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Field reads a field by path. Values are field-major: the path
// ("shoes", "sizes") holds the shoe sizes of every person at once, a ragged
// [3, var] leaf whose flat values are one Arrow array.
func ExampleTensor_Field() {
	people := structured.Must(structured.FromValue([]any{
		map[string]any{"age": 12, "shoes": map[string]any{"sizes": []any{8.0, 7.5, 7.5}}},
		map[string]any{"age": 82, "shoes": map[string]any{"sizes": []any{11.0, 11.5, 12.0}}},
		map[string]any{"age": 42, "shoes": map[string]any{"sizes": []any{9.0, 9.5}}},
	}))
	sizes := structured.Must(people.Field("shoes", "sizes")).(*structured.Ragged)
	fmt.Println(sizes.Shape(), sizes.ToValue())
	flat, _ := sizes.Float64s() // shares the Arrow buffer
	fmt.Println(flat, sizes.RowPartitions()[0].RowSplits())
	_, err := people.Field("shoes", "color")
	fmt.Println(err)
	// Output:
	// [3, var] [[8 7.5 7.5] [11 11.5 12] [9 9.5]]
	// [8 7.5 7.5 11 11.5 12 9 9.5] [0 3 6 8]
	// structured: Field: field shoes.color: no such field (fields: [sizes])
}

// FromFields builds a Tensor from columns that already exist, like
// TensorFlow's from_fields_and_rank.
func ExampleFromFields() {
	age := structured.Must(structured.ValueOf([]any{12, 82, 42}))
	names := structured.Must(structured.ValueOf([]any{[]any{"Jo"}, []any{"Bob", "Bobby"}, []any{}}))
	st := structured.Must(structured.FromFields([]structured.FieldValue{{Name: "age", Value: age}, {Name: "names", Value: names}}, 1))
	fmt.Println(st.Shape(), st.FieldNames())
	fmt.Println(st.ToValue())
	// Output:
	// [3] [age names]
	// [map[age:12 names:[Jo]] map[age:82 names:[Bob Bobby]] map[age:42 names:[]]]
}

// A RowPartition cuts items into rows; every encoding of TensorFlow's
// RowPartition is available from any other.
func ExamplePartitionFromValueRowIDs() {
	p := structured.Must(structured.PartitionFromValueRowIDs([]int64{0, 0, 0, 0, 2, 2, 2, 3}, 5))
	fmt.Println(p)
	fmt.Println(p.RowLengths(), p.NumRows(), p.NumValues())
	// Output:
	// RowPartition(row_splits=[0 4 4 7 8 8])
	// [4 0 3 1 0] 5 8
}
