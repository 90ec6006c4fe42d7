package main

import (
	"context"
	"fmt"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/lazy"
)

func init() {
	register("W12", unitGroupBy)
}

// unitGroupBy is W12, the DuckDB peer's "unit-groupby": a lazy query
// straight from the NDJSON file (no frame of the whole file kept): explode
// ingredients (recipes without any give no row), group by unit, count the
// rows and average the amounts; then the number of groups, the sum of the
// counts and the sum of the means. The scan reads only ingredients, and
// the group-by aggregates batch by batch, so memory is a batch and the
// groups, whatever the file's size.
func unitGroupBy(path string) (string, error) {
	q := unitQuery(json.Scan(path))
	g, err := q.Collect(context.Background())
	if err != nil {
		return "", err
	}
	phase("query")
	sums := g.SelectExprs(frame.Col("n").Sum().Alias("n"), frame.Col("m").Sum().Alias("m"))
	if err := sums.Err(); err != nil {
		return "", err
	}
	n, err := ints(sums, "n")
	if err != nil {
		return "", err
	}
	m, err := nestedFloatSum(sums, "m")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("groups=%d n_sum=%d mean_sum=%.3f", g.NumRows(), n[0], m), nil
}

// unitQuery is W12's query over a scan of recipes.
func unitQuery(q *lazy.Frame) *lazy.Frame {
	return q.Select("ingredients").
		Explode([]string{"ingredients"}, frame.WithEmptyAs(frame.ExplodeDrop), frame.WithNullAs(frame.ExplodeDrop)).
		SelectExprs(frame.Col("ingredients.unit").Alias("unit"), frame.Col("ingredients.amount").Alias("amount")).
		GroupBy("unit").
		Agg(frame.Len().Alias("n"), frame.Col("amount").Mean().Alias("m"))
}
