package main

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/structured"
)

func init() {
	register("W6", w6)
	register("W7", w7)
	register("W8", w8)
}

// w6 is W1, then a sort by city ascending, score descending and id
// ascending, nulls last in every key; then the first and last ids and the
// sum over the first 1,000 sorted rows of position × id. It sorts the
// columns the answer reads (the keys, and id), as the DuckDB peer's query
// does (SELECT id FROM t ORDER BY ...); the Polars peer sorts the whole
// frame, whose other columns the answer never reads.
func w6(path string) (string, error) {
	f, err := csv.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	s := w6Sort(f)
	if err := s.Err(); err != nil {
		return "", err
	}
	phase("sort")
	ids, err := int64Column(s, "id")
	if err != nil {
		return "", err
	}
	if len(ids) == 0 {
		return "", fmt.Errorf("no rows")
	}
	var head int64
	for i, id := range ids[:min(1000, len(ids))] {
		head += int64(i+1) * id
	}
	return fmt.Sprintf("first=%d last=%d head_weighted=%d", ids[0], ids[len(ids)-1], head), nil
}

// w6Sort is W6's sort phase.
func w6Sort(f *frame.Frame) *frame.Frame {
	return f.Select("city", "score", "id").Sort(frame.Asc("city").NullsLast(), frame.Desc("score").NullsLast(), frame.Asc("id").NullsLast())
}

// w7 is W1, then two window expressions over city: the score above the
// city's mean score, and the score above the city's previous score in
// file (id) order; the rows where each holds (a null comparison counts
// as false).
func w7(path string) (string, error) {
	f, err := csv.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	score := frame.Col("score")
	count := func(e frame.Expr, name string) frame.Expr {
		return e.Cast(arrow.PrimitiveTypes.Int64).Sum().Alias(name)
	}
	r := f.SelectExprs(
		count(score.Gt(score.Mean().Over("city")), "above"),
		count(score.Gt(score.Shift(1).Over("city")), "rises"),
	)
	if err := r.Err(); err != nil {
		return "", err
	}
	phase("window")
	n, err := ints(r, "above", "rises")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("above=%d rises=%d", n[0], n[1]), nil
}

// w8 is W1, then a per-city table (n rows, m the mean score) joined back
// to every row on city (inner: a null city matches nothing); the rows
// joined and the sum of count over the rows whose score is above m.
func w8(path string) (string, error) {
	f, err := csv.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	per := f.GroupBy("city").Agg(frame.Len().Alias("n"), frame.Col("score").Mean().Alias("m"))
	j := f.Join(per, frame.On("city"), frame.Inner)
	if err := j.Err(); err != nil {
		return "", err
	}
	phase("join")
	above := j.Filter(frame.Col("score").Gt(frame.Col("m"))).SelectExprs(frame.Col("count").Sum().Alias("count_sum"))
	if err := above.Err(); err != nil {
		return "", err
	}
	n, err := ints(above, "count_sum")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("rows=%d count_sum=%d", j.NumRows(), n[0]), nil
}

// int64Column is an integer column's values (nulls as 0).
func int64Column(f *frame.Frame, name string) ([]int64, error) {
	s, err := f.Column(name)
	if err != nil {
		return nil, err
	}
	l, ok := s.Value().(structured.Leaf)
	if !ok {
		return nil, fmt.Errorf("column %s is not a leaf", name)
	}
	vals, ok := dtype.Int64s(l.Values().Data(), nil)
	if !ok {
		return nil, fmt.Errorf("column %s is %s, not an integer", name, l.DataType())
	}
	return vals, nil
}
