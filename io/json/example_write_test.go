package json_test

import (
	"fmt"
	"io"
	"math"
	"os"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

// Write a nested frame as NDJSON: one object per row, lists as arrays,
// structures as objects, nulls as null, floats with their ".0", and the
// label index as "_index_".
func ExampleWrite() {
	f := frame.FromRecords([]map[string]any{
		{"title": "soup", "time": 20.0, "ingredients": []any{
			map[string]any{"name": "leek", "amount": 2.0},
			map[string]any{"name": "salt", "amount": nil},
		}},
		{"title": "bread", "time": 95.5, "ingredients": []any{}},
		{"title": "tea", "time": nil, "ingredients": nil},
	}).SetIndex("title")
	if err := json.Write(os.Stdout, f, json.WithFormat(json.NDJSON)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"_index_":{"title":"soup"},"ingredients":[{"amount":2.0,"name":"leek"},{"amount":null,"name":"salt"}],"time":20.0}
	// {"_index_":{"title":"bread"},"ingredients":[],"time":95.5}
	// {"_index_":{"title":"tea"},"ingredients":null,"time":null}
}

// A rank-0 Tensor is one structure, written as one JSON object; WithIndent
// lays it out as json.MarshalIndent would.
func ExampleWriteTensor() {
	st := structured.Must(structured.FromValue(map[string]any{
		"name":   "sensor-1",
		"pos":    []any{1.5, -2.0},
		"limits": map[string]any{"lo": int64(0), "hi": nil},
	}))
	if err := json.WriteTensor(os.Stdout, st, json.WithIndent("", "  ")); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {
	//   "limits": {
	//     "hi": null,
	//     "lo": 0
	//   },
	//   "name": "sensor-1",
	//   "pos": [
	//     1.5,
	//     -2.0
	//   ]
	// }
}

// A Writer writes batch after batch into one JSON array, for output larger
// than memory; Close writes the closing bracket. NaN has no JSON form:
// WithNonFinite chooses null here instead of an error.
func ExampleNewWriter() {
	w := json.NewWriter(os.Stdout, json.WithNonFinite(json.NonFiniteNull))
	for _, batch := range []*frame.Frame{
		frame.FromColumns([]string{"id", "score"}, []int64{1, 2}, []float64{0.5, math.NaN()}),
		frame.FromColumns([]string{"id", "score"}, []int64{3}, []float64{7}),
	} {
		if err := w.Write(batch); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [{"id":1,"score":0.5},{"id":2,"score":null},{"id":3,"score":7.0}]
}

// By default a NaN is an error naming the row and the field path.
func ExampleWriteError() {
	st := structured.Must(structured.FromValue([]any{
		map[string]any{"pts": []any{map[string]any{"x": 1.0}}},
		map[string]any{"pts": []any{map[string]any{"x": 2.0}, map[string]any{"x": math.NaN()}}},
	}))
	err := json.WriteTensor(io.Discard, st)
	fmt.Println(err)
	// Output:
	// json: write: row 1, field pts[1].x: NaN has no JSON form (write it as null or a string with WithNonFinite)
}
