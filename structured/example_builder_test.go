package structured_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/structframe/structframe/structured"
)

// A Builder takes the values of records as events, as a tokenizer meets
// them, and infers the schema: here two rows with different keys.
func ExampleBuilder() {
	b, _ := structured.NewBuilder(nil)
	b.BeginRecord()
	b.Key("name")
	b.String("Ada")
	b.Key("langs")
	b.BeginList()
	b.String("en")
	b.String("fr")
	b.EndList()
	b.EndRecord()

	b.BeginRecord()
	b.Key("name")
	b.String("Bob")
	b.Key("age")
	b.Int(42)
	b.EndRecord()

	st, err := b.Finish()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Spec())
	out, _ := json.Marshal(st.ToValue())
	fmt.Println(string(out))
	// Output:
	// 2 * {name: string, langs: ?var * string, age: ?int64}
	// [{"age":null,"langs":["en","fr"],"name":"Ada"},{"age":42,"langs":null,"name":"Bob"}]
}

// Records whose keys are data become a map column: each country has a
// few of many currency codes.
func ExampleFromValue_maps() {
	var rows []any
	json.Unmarshal([]byte(`[
		{"cca3": "ABW", "currencies": {"AWG": {"name": "Aruban florin"}}},
		{"cca3": "CHE", "currencies": {"CHF": {"name": "Swiss franc"}}},
		{"cca3": "ZWE", "currencies": {"USD": {"name": "US dollar"}, "ZWB": {"name": "Zimbabwe bond"}}}
	]`), &rows)
	st, _ := structured.FromValue(rows, structured.WithMapThreshold(3))
	fmt.Println(st.Spec())
	ccy, _ := st.Field("currencies")
	fmt.Println(ccy.(*structured.Tensor).IsMap())
	// Output:
	// 3 * {cca3: string, currencies: map<string, {name: string}>}
	// true
}

// A field whose values have different types is an error naming the path
// and the row, or, with ConflictJSONText, a string column of JSON text.
func ExampleWithConflicts() {
	var rows []any
	json.Unmarshal([]byte(`[{"id": 1, "body": "text"}, {"id": 2, "body": {"blocks": [1, 2]}}]`), &rows)
	_, err := structured.FromValue(rows)
	fmt.Println(err)
	st, _ := structured.FromValue(rows, structured.WithConflicts(structured.ConflictJSONText))
	body, _ := st.Field("body")
	fmt.Println(body.(*structured.Dense).ToValue())
	// Output:
	// structured: FromValue: field body: got structure at row 1, want string (first seen at row 0)
	// [text {"blocks":[1,2]}]
}

// Integers beyond int64 keep every digit in a decimal column instead of
// being rounded into floats.
func ExampleFromValue_bigIntegers() {
	var rows []any
	d := json.NewDecoder(strings.NewReader(`[{"id": 1}, {"id": 18446744073709551616}]`))
	d.UseNumber()
	d.Decode(&rows)
	st, _ := structured.FromValue(rows)
	fmt.Println(st.Spec())
	id, _ := st.Field("id")
	fmt.Println(id.(*structured.Dense).Values())
	// Output:
	// 2 * {id: decimal(38, 0)}
	// [1 18446744073709551616]
}
