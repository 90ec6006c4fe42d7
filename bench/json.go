package main

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

func init() {
	register("W2", readRecipes)
	register("W3", explodeIngredients)
	register("W2-stream", streamRecipes)
}

// readRecipes is W2: the nested NDJSON read into a Frame, schema inferred.
func readRecipes(path string) (string, error) {
	f, err := json.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	c, err := recipesChecksum(f)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("rows=%d ingredients=%d est_time_sum=%.1f", f.NumRows(), c.ingredients, c.estTime), nil
}

// streamRecipes is W2 read batch by batch (json.Reader, default batch
// size), memory bounded by a batch: the checksum is W2's, summed over the
// batches. The schema is inferred over the whole file first (a first pass).
func streamRecipes(path string) (string, error) {
	r, err := json.OpenFile(path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	rows, ings, est := 0, 0, 0.0
	for r.Next() {
		f := r.Frame()
		c, err := recipesChecksum(f)
		if err != nil {
			return "", err
		}
		rows += f.NumRows()
		ings += c.ingredients
		est += c.estTime
	}
	if err := r.Err(); err != nil {
		return "", err
	}
	phase("read")
	return fmt.Sprintf("rows=%d ingredients=%d est_time_sum=%.1f", rows, ings, est), nil
}

type recipesSums struct {
	ingredients int
	estTime     float64
}

func recipesChecksum(f *frame.Frame) (recipesSums, error) {
	ing, err := f.Column("ingredients")
	if err != nil {
		return recipesSums{}, err
	}
	lists, ok := ing.Value().(*structured.Tensor)
	if !ok || lists.Rank() != 2 {
		return recipesSums{}, fmt.Errorf("ingredients: got %T, want a list of records", ing.Value())
	}
	est, err := nestedFloatSum(f, "est_time")
	if err != nil {
		return recipesSums{}, err
	}
	return recipesSums{lists.RowPartitions()[0].NVals(), est}, nil
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
		Explode([]string{"ingredients"}, frame.EmptyAs(frame.ExplodeDrop), frame.NullAs(frame.ExplodeDrop)).
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
	leaf, ok := s.Value().(*structured.Dense)
	if !ok {
		return 0, fmt.Errorf("%s: got %T, want a column of numbers", col, s.Value())
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
