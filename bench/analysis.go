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
	register("W9", w9)
	register("W10", w10)
}

// w9 is W1, then four string functions over every row: a regex match, a
// split into words, a regex replace then a suffix test, and an upper case
// then a prefix test; each counted.
func w9(path string) (string, error) {
	f, err := csv.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	r := w9Strings(f)
	if err := r.Err(); err != nil {
		return "", err
	}
	phase("strings")
	n, err := ints(r, "regex", "words", "suffix", "upper")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("regex=%d words=%d suffix=%d upper=%d", n[0], n[1], n[2], n[3]), nil
}

// w9Strings is W9's strings phase: one row of the four counts.
func w9Strings(f *frame.Frame) *frame.Frame {
	count := func(e frame.Expr, name string) frame.Expr {
		return e.Cast(arrow.PrimitiveTypes.Int64).Sum().Alias(name)
	}
	return f.SelectExprs(
		count(frame.Col("note").Str().Contains("(^| )carrot( |$)"), "regex"),
		frame.Col("note").Str().Split(" ").List().Len().Sum().Alias("words"),
		count(frame.Col("name").Str().ReplaceAll("_[0-9]+$", "").Str().EndsWith("a"), "suffix"),
		count(frame.Col("city").Str().ToUpper().Str().StartsWith("CITY1"), "upper"),
	)
}

// w10 is W1 (whose reader types day as a date, as DuckDB's does), then
// the rows per year and month of day, and the sum of the years.
func w10(path string) (string, error) {
	f, err := csv.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	g, sum, err := w10Temporal(f)
	if err != nil {
		return "", err
	}
	maxN := g.SelectExprs(frame.Col("n").Max().Alias("max_n"))
	if err := maxN.Err(); err != nil {
		return "", err
	}
	phase("temporal")
	m, err := ints(maxN, "max_n")
	if err != nil {
		return "", err
	}
	y, err := ints(sum, "year_sum")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("groups=%d max_n=%d year_sum=%d", g.NumRows(), m[0], y[0]), nil
}

// w10Temporal is W10's temporal phase: the rows per year and month of day,
// and the sum of the years.
func w10Temporal(f *frame.Frame) (groups, sum *frame.Frame, err error) {
	day := frame.Col("day")
	if s, err := f.Column("day"); err == nil {
		if l, ok := s.Value().(structured.Leaf); ok && dtype.Of(l.DataType()).Class == dtype.ClassString {
			day = day.Str().ToDate("%Y-%m-%d") // a reader told not to infer types
		}
	}
	ym := f.SelectExprs(day.Dt().Year().Alias("y"), day.Dt().Month().Alias("m"))
	groups = ym.GroupBy("y", "m").Agg(frame.Len().Alias("n"))
	sum = ym.SelectExprs(frame.Col("y").Sum().Alias("year_sum")) // int64, as a sum of integers is
	if err := groups.Err(); err != nil {
		return nil, nil, err
	}
	return groups, sum, sum.Err()
}

// ints reads row 0 of integer columns of a frame.
func ints(f *frame.Frame, names ...string) ([]int64, error) {
	out := make([]int64, len(names))
	for i, name := range names {
		s, err := f.Column(name)
		if err != nil {
			return nil, err
		}
		l, ok := s.Value().(structured.Leaf)
		if !ok || l.Values().Len() == 0 {
			return nil, fmt.Errorf("column %s: not one integer", name)
		}
		vals, ok := dtype.Int64s(l.Values().Data(), nil)
		if !ok {
			return nil, fmt.Errorf("column %s is %s, not an integer", name, l.DataType())
		}
		out[i] = vals[0]
	}
	return out, nil
}
