package main

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

func init() {
	// W2: the nested NDJSON read into a Frame, schema inferred.
	register("W2", readRecipesWith(func(path string) (*frame.Frame, error) { return json.ReadFile(path) }))
	register("W3", explodeIngredients)
	// W2 batch by batch (json.Reader, default batch size), memory bounded
	// by a batch; the schema is inferred over the whole file first (a
	// first pass).
	register("W2-stream", streamRecipesWith(func(path string) (batchReader, error) { return json.OpenFile(path) }))
}

// explodeIngredients is W3: W2, then one row per ingredient with its
// fields as columns (amount, unit, name); recipes without ingredients give
// no row.
func explodeIngredients(path string) (string, error) {
	f, err := json.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	ing := f.Select("ingredients").
		Explode([]string{"ingredients"}, frame.WithEmptyAs(frame.ExplodeDrop), frame.WithNullAs(frame.ExplodeDrop)).
		Unnest("ingredients")
	if err := ing.Err(); err != nil {
		return "", err
	}
	phase("explode")
	sum, err := nestedFloatSum(ing, "amount")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("rows=%d amount_sum=%.2f", ing.NumRows(), sum), nil
}

// nestedFloatSum sums the non-null values of a float64 column.
func nestedFloatSum(f *frame.Frame, col string) (float64, error) {
	s, err := f.Column(col)
	if err != nil {
		return 0, err
	}
	return floatSum(col, s.Value())
}

// floatSum is the sum of the non-null values of v, a float64 column.
func floatSum(col string, v structured.Value) (float64, error) {
	leaf, ok := v.(*structured.Dense)
	if !ok {
		return 0, fmt.Errorf("%s: got %T, want a column of numbers", col, v)
	}
	vals, ok := leaf.Values().(*array.Float64)
	if !ok {
		return 0, fmt.Errorf("%s: got %s, want float64", col, leaf.Values().DataType())
	}
	sum := 0.0
	for i, v := range vals.Float64Values() {
		if vals.IsValid(i) {
			sum += v
		}
	}
	return sum, nil
}
