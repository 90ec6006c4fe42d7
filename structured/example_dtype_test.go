package structured_test

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// Reading the columns a Parquet or Polars file carries: a dictionary of
// strings and a decimal. The dictionary stays a dictionary (gathers share
// it); ToValue gives its strings, and decimals as their exact text.
func ExampleFromRecordBatch_dictionaryAndDecimal() {
	mem := memory.NewGoAllocator()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "city", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, Nullable: true},
		{Name: "price", Type: &arrow.Decimal128Type{Precision: 10, Scale: 2}, Nullable: true},
	}, nil)
	rec, _, err := array.RecordFromJSON(mem, schema, strings.NewReader(
		`[{"city": "Oslo", "price": "12.50"}, {"city": "Lima", "price": "3.99"}, {"city": "Oslo", "price": null}]`))
	if err != nil {
		panic(err)
	}
	defer rec.Release()
	t, err := structured.FromRecordBatch(rec)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Spec())
	fmt.Println(t.ToValue())
	last2, _ := t.Gather([]int{2, 0}, 0)
	both, _ := structured.Concat(0, t, last2)
	fmt.Println(both.ToValue())
	// Output:
	// 3 * {city: dictionary[int32, string], price: ?decimal(10, 2)}
	// [map[city:Oslo price:12.50] map[city:Lima price:3.99] map[city:Oslo price:<nil>]]
	// [map[city:Oslo price:12.50] map[city:Lima price:3.99] map[city:Oslo price:<nil>] map[city:Oslo price:<nil>] map[city:Oslo price:12.50]]
}
