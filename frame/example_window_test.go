package frame_test

import (
	"github.com/structframe/structframe/frame"
)

func exampleShopSales() *frame.Frame {
	return frame.FromColumns([]string{"shop", "day", "sales"},
		[]string{"north", "south", "north", "south", "north", "south"},
		[]int64{2, 1, 1, 2, 3, 3},
		[]any{10.0, 4.0, 30.0, nil, 20.0, 8.0},
	)
}

// Over computes an aggregation per group and gives it to every row of
// the group: a row's share of its shop's total, without a GroupBy and a
// join back.
func ExampleExpr_Over() {
	df := exampleShopSales().WithColumns(
		frame.Col("sales").Sum().Over("shop").Alias("total"),
		frame.Col("sales").Div(frame.Col("sales").Sum()).Over("shop").Alias("share"),
		frame.Col("sales").Sub(frame.Col("sales").Mean()).Over("shop").Alias("vs_mean"),
	)
	printColumns(df, "shop", "total", "share", "vs_mean")
	// Output:
	// shop [north south north south north south]
	// total [60 12 60 12 60 12]
	// share [0.16666666666666666 0.3333333333333333 0.5 <nil> 0.3333333333333333 0.6666666666666666]
	// vs_mean [-10 -2 10 <nil> 0 2]
}

// OverExprs orders each group before an order-dependent expression runs
// in it: a running total per shop in day order, each value back on its
// row; MappingJoin gives each row its group's values as a list.
func ExampleExpr_OverExprs() {
	shop := []frame.Expr{frame.Col("shop")}
	byDay := frame.WithOrderBy(frame.Asc("day"))
	df := exampleShopSales().WithColumns(
		frame.Col("sales").CumSum().OverExprs(shop, byDay).Alias("running"),
		frame.Col("sales").Shift(1).OverExprs(shop, byDay).Alias("day_before"),
		frame.Col("day").OverExprs(shop, byDay, frame.WithMappingStrategy(frame.MappingJoin)).Alias("days"),
	)
	printColumns(df, "day", "sales", "running", "day_before", "days")
	// Output:
	// day [2 1 1 2 3 3]
	// sales [10 4 30 <nil> 20 8]
	// running [40 4 30 <nil> 60 12]
	// day_before [30 <nil> <nil> 4 10 <nil>]
	// days [[1 2 3] [1 2 3] [1 2 3] [1 2 3] [1 2 3] [1 2 3]]
}

// Shift moves values down (a negative n up), Diff and PctChange compare
// a row with the one n rows before.
func ExampleExpr_Shift() {
	df := frame.FromColumns([]string{"price"}, []any{100.0, 110.0, nil, 99.0})
	out := df.WithColumns(
		frame.Col("price").Shift(1).Alias("prev"),
		frame.Col("price").Shift(-1, frame.WithFillValue(frame.Lit(0.0))).Alias("next"),
		frame.Col("price").Diff(1).Alias("diff"),
		frame.Col("price").PctChange(1).Alias("pct"),
	)
	printColumns(out, "prev", "next", "diff", "pct")
	// Output:
	// prev [<nil> 100 110 <nil>]
	// next [110 <nil> 99 0]
	// diff [<nil> 10 <nil> <nil>]
	// pct [<nil> 0.1 0 -0.1]
}

// The Cum family accumulates down the rows (up with WithReverse); a null
// stays null and the accumulation goes on past it.
func ExampleExpr_CumSum() {
	df := frame.FromColumns([]string{"x"}, []any{int64(3), nil, int64(1), int64(5)})
	out := df.WithColumns(
		frame.Col("x").CumSum().Alias("sum"),
		frame.Col("x").CumSum(frame.WithReverse(true)).Alias("sum_up"),
		frame.Col("x").CumMin().Alias("min"),
		frame.Col("x").CumCount().Alias("count"),
	)
	printColumns(out, "sum", "sum_up", "min", "count")
	// Output:
	// sum [3 <nil> 4 9]
	// sum_up [9 <nil> 6 5]
	// min [3 <nil> 1 1]
	// count [1 1 2 3]
}

// Rank ranks from 1, ties by the method; within Over it ranks each group.
func ExampleExpr_Rank() {
	df := frame.FromColumns([]string{"team", "pts"},
		[]string{"a", "a", "a", "b", "b"},
		[]any{int64(7), int64(9), int64(7), nil, int64(2)})
	out := df.WithColumns(
		frame.Col("pts").Rank(frame.RankAverage).Alias("average"),
		frame.Col("pts").Rank(frame.RankMin, frame.WithDescending(true)).Alias("min_desc"),
		frame.Col("pts").Rank(frame.RankDense).Over("team").Alias("dense_in_team"),
		frame.RowNumber().Over("team").Alias("n_in_team"),
	)
	printColumns(out, "average", "min_desc", "dense_in_team", "n_in_team")
	// Output:
	// average [2.5 4 2.5 <nil> 1]
	// min_desc [2 1 2 <nil> 4]
	// dense_in_team [1 2 1 <nil> 1]
	// n_in_team [0 1 2 0 1]
}

// The text form takes SQL's window functions, with DuckDB's semantics
// (these values are DuckDB's): with ORDER BY an aggregate runs to the
// current row's last peer, and lag's default fills only the rows with no
// row before (a null that was there stays).
func ExampleParseExpr_window() {
	df := exampleShopSales()
	out := df.WithColumns(
		frame.MustParseExpr("sum(sales) OVER (PARTITION BY shop ORDER BY day)").Alias("running"),
		frame.MustParseExpr("rank() OVER (ORDER BY day)").Alias("day_rank"),
		frame.MustParseExpr("lag(sales, 1, 0) OVER (PARTITION BY shop ORDER BY day)").Alias("prev"),
		frame.MustParseExpr("row_number() OVER (ORDER BY sales DESC NULLS LAST)").Alias("place"),
	)
	printColumns(out, "running", "day_rank", "prev", "place")
	// Output:
	// running [40 4 30 4 60 12]
	// day_rank [3 1 1 3 5 5]
	// prev [30 0 0 4 10 <nil>]
	// place [3 5 1 6 2 4]
}
