package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/lazy"
)

func init() {
	register("W12", unitGroupBy)
	register("W12-titles", titleGroupBy)
	register("W12-sort", sortByTime)
}

// runOptions are the memory limit of $STRUCTFRAME_MEMORY_LIMIT (bytes),
// if set, and stats reported on stderr when the run ends.
func runOptions() ([]lazy.RunOption, func()) {
	var stats lazy.Stats
	opts := []lazy.RunOption{lazy.WithStats(&stats)}
	if v := os.Getenv("STRUCTFRAME_MEMORY_LIMIT"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err == nil {
			opts = append(opts, lazy.WithMemoryLimit(n))
		}
	}
	return opts, func() {
		fmt.Fprintf(os.Stderr, "spilled %d bytes in %d files\n", stats.SpilledBytes.Load(), stats.SpillFiles.Load())
	}
}

// titleGroupBy is a group-by of many groups, for the memory limit: the
// recipes by title (about one group in three rows), each group's count
// and mean preparation time; then the number of groups, the sum of the
// counts and the sum of the means.
func titleGroupBy(path string) (string, error) {
	opts, report := runOptions()
	defer report()
	g, err := json.Scan(path).GroupBy("title").
		Agg(frame.Len().Alias("n"), frame.Col("est_time").Mean().Alias("m")).
		Collect(context.Background(), opts...)
	if err != nil {
		return "", err
	}
	phase("query")
	return groupsChecksum(g)
}

// sortByTime sorts the recipes' titles, times and ingredients (a list of
// structures) by time and title, for the memory limit, streaming the
// result: the checksum is the rows, the first and last times, and a sum
// of each row's time weighted by its position (which a wrong order
// changes).
func sortByTime(path string) (string, error) {
	opts, report := runOptions()
	defer report()
	q := json.Scan(path).Select("title", "est_time", "ingredients").Sort(frame.Asc("est_time"), frame.Asc("title"))
	var rows int
	var first, last, weighted float64
	for b, err := range q.Stream(context.Background(), opts...) {
		if err != nil {
			return "", err
		}
		s, err := b.Column("est_time")
		if err != nil {
			return "", err
		}
		v, _, err := floats(s)
		if err != nil {
			return "", err
		}
		for i, x := range v {
			if rows+i == 0 {
				first = x
			}
			weighted += x * float64((rows+i)%1000)
			last = x
		}
		rows += len(v)
	}
	phase("query")
	return fmt.Sprintf("rows=%d first=%.1f last=%.1f weighted=%.1f", rows, first, last, weighted), nil
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
	return groupsChecksum(g)
}

// groupsChecksum is the checksum of a group-by's result of counts n and
// means m: the groups, the sum of the counts and the sum of the means.
func groupsChecksum(g *frame.Frame) (string, error) {
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
