package structured_test

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// A small table goes to an Arrow record batch and back without copying:
// the record batch's columns hold the Tensor's own buffers.
func ExampleTensor_ToArrow() {
	mem := memory.NewGoAllocator()
	ids := array.NewInt64Builder(mem)
	ids.AppendValues([]int64{1, 2, 3}, nil)
	names := array.NewStringBuilder(mem)
	names.AppendValues([]string{"ann", "bo", ""}, []bool{true, true, false})
	scores := array.NewFloat64Builder(mem)
	scores.AppendValues([]float64{8, 7.5, 9}, nil)

	// Row 0 has two scores, row 1 none, row 2 one: int32 splits, an Arrow list.
	byRow := structured.Must(structured.PartitionFromSplits([]int32{0, 2, 2, 3}))
	table := structured.Must(structured.FromFields([]structured.FieldValue{
		{Name: "id", Value: structured.Must(structured.NewDense(ids.NewArray()))},
		{Name: "name", Value: structured.Must(structured.NewDense(names.NewArray()))},
		{Name: "scores", Value: structured.Must(structured.NewRagged(scores.NewArray(), byRow))},
	}, 1))

	arr, err := table.ToArrow() // one struct array
	if err != nil {
		panic(err)
	}
	defer arr.Release()
	fmt.Println(arr.DataType())

	rec, err := table.ToRecordBatch() // one column per field
	if err != nil {
		panic(err)
	}
	defer rec.Release()
	fmt.Println(rec.Schema())

	back, err := structured.FromRecordBatch(rec)
	if err != nil {
		panic(err)
	}
	fmt.Println(back.ToValue())
	fmt.Println(back.Equal(table))
	// Output:
	// struct<id: int64 nullable, name: utf8 nullable, scores: list<item: float64, nullable> nullable>
	// schema:
	//   fields: 3
	//     - id: type=int64, nullable
	//     - name: type=utf8, nullable
	//     - scores: type=list<item: float64, nullable>, nullable
	// [map[id:1 name:ann scores:[8 7.5]] map[id:2 name:bo scores:[]] map[id:3 name:<nil> scores:[9]]]
	// true
}

// A record batch with a list-of-struct column becomes a rank-1 Tensor
// whose recipes field is a nested rank-2 Tensor; its row splits alias the
// Arrow offsets.
func ExampleFromRecordBatch() {
	recipe := arrow.StructOf(
		arrow.Field{Name: "title", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "minutes", Type: arrow.PrimitiveTypes.Int64, Nullable: true})
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "user", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "recipes", Type: arrow.ListOf(recipe), Nullable: true},
	}, nil)
	rec, _, err := array.RecordFromJSON(memory.NewGoAllocator(), schema, strings.NewReader(`[
		{"user": "ann", "recipes": [{"title": "soup", "minutes": 30}, {"title": "cake", "minutes": null}]},
		{"user": "bo", "recipes": null},
		{"user": "cy", "recipes": [{"title": "tea", "minutes": 5}]}]`))
	if err != nil {
		panic(err)
	}
	defer rec.Release() // the Tensor retains what it keeps: releasing early is fine too
	st, err := structured.FromRecordBatch(rec)
	if err != nil {
		panic(err)
	}
	fmt.Println(st)
	titles, _ := st.Field("recipes", "title")
	fmt.Println(titles)

	// The recipes' row splits are the Arrow list offsets themselves.
	splits, _ := titles.(*structured.Ragged).RowPartitions()[0].RowSplits32()
	offsets := rec.Column(1).(*array.List).Offsets()
	fmt.Println(splits, &splits[0] == &offsets[0])
	// Output:
	// <StructuredTensor shape=[3] fields={
	//   user: string ["ann", "bo", "cy"]
	//   recipes: <StructuredTensor shape=[3, var] fields={
	//     title: string [3, var] [["soup", "cake"], null, ["tea"]]
	//     minutes: int64 [3, var] [[30, null], null, [5]]
	//   }>
	// }>
	// <Ragged string shape=[3, var] [["soup", "cake"], null, ["tea"]]>
	// [0 2 2 3] true
}
