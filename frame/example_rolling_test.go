package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// A moving average over 3 rows: null until 3 values are there, unless
// WithMinPeriods lowers the bar; a centered window looks both ways.
func ExampleExpr_RollingMean() {
	f := frame.FromColumns([]string{"price"}, []any{10.0, 11.0, nil, 13.0, 12.0, 15.0})
	fmt.Println(f.WithColumns(
		frame.Col("price").RollingMean(3).Alias("ma3"),
		frame.Col("price").RollingMean(3, frame.WithMinPeriods(1)).Alias("ma3_any"),
		frame.Col("price").RollingMax(3, frame.WithMinPeriods(1), frame.WithCenter(true)).Alias("max_c"),
		frame.Col("price").RollingMedian(4, frame.WithMinPeriods(2)).Alias("med4"),
	))
	// Output:
	// shape: (6, 5)
	// ┌───┬───────┬───────────┬───────────┬───────┬──────┐
	// │   │ price │       ma3 │   ma3_any │ max_c │ med4 │
	// │   │   f64 │       f64 │       f64 │   f64 │  f64 │
	// ╞═══╪═══════╪═══════════╪═══════════╪═══════╪══════╡
	// │ 0 │  10.0 │      null │ 10.0      │  11.0 │ null │
	// │ 1 │  11.0 │      null │ 10.5      │  11.0 │ 10.5 │
	// │ 2 │  null │      null │ 10.5      │  13.0 │ 10.5 │
	// │ 3 │  13.0 │      null │ 12.0      │  13.0 │ 11.0 │
	// │ 4 │  12.0 │      null │ 12.5      │  15.0 │ 12.0 │
	// │ 5 │  15.0 │ 13.333333 │ 13.333333 │  15.0 │ 13.0 │
	// └───┴───────┴───────────┴───────────┴───────┴──────┘
}

// A sum over the last 2 days of each row's time: the gap leaves the
// row of Jan 5 alone in its window, and the two rows of Jan 2 share
// theirs.
func ExampleExpr_RollingSumBy() {
	f := frame.FromColumns([]string{"day", "sales"},
		[]string{"2024-01-01", "2024-01-02", "2024-01-02", "2024-01-05", "2024-01-06"},
		[]int64{5, 3, 2, 7, 1},
	).WithColumns(frame.Col("day").Str().ToDate("").Alias("day"))
	fmt.Println(f.WithColumns(frame.Col("sales").RollingSumBy(frame.Col("day"), "2d").Alias("sales_2d")))
	// Output:
	// shape: (5, 3)
	// ┌───┬────────────┬───────┬──────────┐
	// │   │ day        │ sales │ sales_2d │
	// │   │ date       │   i64 │      i64 │
	// ╞═══╪════════════╪═══════╪══════════╡
	// │ 0 │ 2024-01-01 │     5 │        5 │
	// │ 1 │ 2024-01-02 │     3 │       10 │
	// │ 2 │ 2024-01-02 │     2 │       10 │
	// │ 3 │ 2024-01-05 │     7 │        7 │
	// │ 4 │ 2024-01-06 │     1 │        8 │
	// └───┴────────────┴───────┴──────────┘
}

// An exponentially weighted average with a span of 3 rows (alpha 0.5).
func ExampleExpr_EWMMean() {
	f := frame.FromColumns([]string{"x"}, []float64{1, 2, 3, 10})
	fmt.Println(f.WithColumns(
		frame.Col("x").EWMMean(frame.WithSpan(3)).Alias("ewm"),
		frame.Col("x").EWMMean(frame.WithSpan(3), frame.WithAdjust(false)).Alias("ewm_rec"),
	))
	// Output:
	// shape: (4, 3)
	// ┌───┬──────┬──────────┬─────────┐
	// │   │    x │      ewm │ ewm_rec │
	// │   │  f64 │      f64 │     f64 │
	// ╞═══╪══════╪══════════╪═════════╡
	// │ 0 │  1.0 │ 1.0      │   1.0   │
	// │ 1 │  2.0 │ 1.666667 │   1.5   │
	// │ 2 │  3.0 │ 2.428571 │   2.25  │
	// │ 3 │ 10.0 │ 6.466667 │   6.125 │
	// └───┴──────┴──────────┴─────────┘
}

// Readings resampled into 6-hour buckets per sensor: a bucket without
// readings gives no row.
func ExampleFrame_GroupByDynamic() {
	f := frame.FromColumns([]string{"at", "sensor", "temp"},
		[]string{"2024-03-01 01:10", "2024-03-01 04:50", "2024-03-01 05:30", "2024-03-01 13:00", "2024-03-01 02:00", "2024-03-01 08:15"},
		[]string{"a", "a", "a", "a", "b", "b"},
		[]float64{12.5, 11.0, 10.5, 17.0, 9.0, 12.0},
	).WithColumns(frame.Col("at").Str().ToDatetime("", "").Alias("at"))
	fmt.Println(f.GroupByDynamic("at", "6h", frame.WithGroupBy("sensor")).Agg(
		frame.Col("temp").Mean().Alias("mean"),
		frame.Len().Alias("n"),
	))
	// Output:
	// shape: (4, 4)
	// ┌───┬────────┬─────────────────────┬───────────┬─────┐
	// │   │ sensor │ at                  │      mean │   n │
	// │   │ str    │ datetime[us]        │       f64 │ i64 │
	// ╞═══╪════════╪═════════════════════╪═══════════╪═════╡
	// │ 0 │ a      │ 2024-03-01T00:00:00 │ 11.333333 │   3 │
	// │ 1 │ a      │ 2024-03-01T12:00:00 │ 17.0      │   1 │
	// │ 2 │ b      │ 2024-03-01T00:00:00 │  9.0      │   1 │
	// │ 3 │ b      │ 2024-03-01T06:00:00 │ 12.0      │   1 │
	// └───┴────────┴─────────────────────┴───────────┴─────┘
}

// For each order, the orders of the 24 hours up to it.
func ExampleFrame_Rolling() {
	f := frame.FromColumns([]string{"at", "amount"},
		[]string{"2024-03-01 09:00", "2024-03-01 18:00", "2024-03-02 08:00", "2024-03-02 10:00"},
		[]int64{20, 35, 10, 50},
	).WithColumns(frame.Col("at").Str().ToDatetime("", "").Alias("at"))
	fmt.Println(f.Rolling("at", "24h").Agg(
		frame.Col("amount").Sum().Alias("last_24h"),
		frame.Len().Alias("orders"),
	))
	// Output:
	// shape: (4, 3)
	// ┌───┬─────────────────────┬──────────┬────────┐
	// │   │ at                  │ last_24h │ orders │
	// │   │ datetime[us]        │      i64 │    i64 │
	// ╞═══╪═════════════════════╪══════════╪════════╡
	// │ 0 │ 2024-03-01T09:00:00 │       20 │      1 │
	// │ 1 │ 2024-03-01T18:00:00 │       55 │      2 │
	// │ 2 │ 2024-03-02T08:00:00 │       65 │      3 │
	// │ 3 │ 2024-03-02T10:00:00 │       95 │      3 │
	// └───┴─────────────────────┴──────────┴────────┘
}
