package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// exampleSales is a small table of sales per shop.
func exampleSales() *frame.Frame {
	return frame.FromColumns([]string{"shop", "units", "price"},
		[]string{"north", "north", "north", "north", "south", "south", "south"},
		[]any{int64(3), int64(9), int64(4), nil, int64(7), int64(7), int64(1)},
		[]float64{2.5, 1.0, 2.0, 3.0, 1.5, 1.25, 4.0})
}

// Median and Quantile per group: the median of integers is a float, the
// quantile's method picks or interpolates between the sorted values.
func ExampleExpr_Quantile() {
	out := exampleSales().GroupBy("shop").Agg(
		frame.Col("units").Median().Alias("median"),
		frame.Col("units").Quantile(0.75, frame.QuantileLinear).Alias("q75_linear"),
		frame.Col("units").Quantile(0.75, frame.QuantileNearest).Alias("q75_nearest"),
		frame.Col("units").Quantile(0.75, frame.QuantileLower).Alias("q75_lower"),
	)
	printColumns(out, "shop", "median", "q75_linear", "q75_nearest", "q75_lower")
	// Output:
	// shop [north south]
	// median [4 7]
	// q75_linear [6.5 7]
	// q75_nearest [9 7]
	// q75_lower [4 7]
}

// Var, Std, Skew and Kurtosis: the sample statistics by default, the
// population ones with WithDdof(0), the unbiased moments with
// WithBias(false).
func ExampleExpr_Var() {
	out := exampleSales().SelectExprs(
		frame.Col("price").Var().Alias("var"),
		frame.Col("price").Var(frame.WithDdof(0)).Alias("var_pop"),
		frame.Col("price").Std().Alias("std"),
		frame.Col("price").Skew().Alias("skew"),
		frame.Col("price").Skew(frame.WithBias(false)).Alias("skew_unbiased"),
		frame.Col("price").Kurtosis().Alias("kurtosis"),
	)
	for _, c := range out.Columns() {
		s, _ := out.Column(c)
		fmt.Printf("%s %.4f\n", c, s.ToValue()[0])
	}
	// Output:
	// var 1.1399
	// var_pop 0.9770
	// std 1.0677
	// skew 0.5731
	// skew_unbiased 0.7428
	// kurtosis -0.8513
}

// Mode gives every most frequent value as a list (null counts as a
// value); ArgMax the position of the greatest value within its group;
// Product multiplies.
func ExampleExpr_Mode() {
	out := exampleSales().GroupBy("shop").Agg(
		frame.Col("units").Mode().Alias("mode"),
		frame.Col("units").ArgMax().Alias("arg_max"),
		frame.Col("units").Product().Alias("product"),
		frame.Col("units").NUnique().Alias("n_unique"),
	)
	printColumns(out, "shop", "mode", "arg_max", "product", "n_unique")
	// Output:
	// shop [north south]
	// mode [[3 9 4 <nil>] [7]]
	// arg_max [1 0]
	// product [108 49]
	// n_unique [4 2]
}

// Corr and Cov are aggregations of two expressions, per group in
// GroupBy.Agg; Frame.Corr is the matrix of the numeric columns. (The
// values are DuckDB's corr and covar_samp and Polars' spearman_rank_corr
// on the same data.)
func ExampleCorr() {
	df := exampleSales()
	out := df.SelectExprs(
		frame.Corr(frame.Col("units"), frame.Col("price"), frame.CorrPearson).Alias("pearson"),
		frame.Corr(frame.Col("units"), frame.Col("price"), frame.CorrSpearman).Alias("spearman"),
		frame.Cov(frame.Col("units"), frame.Col("price")).Alias("cov"),
	)
	for _, c := range out.Columns() {
		s, _ := out.Column(c)
		fmt.Printf("%s %.4f\n", c, s.ToValue()[0])
	}
	fmt.Println(df.Corr())
	// Output:
	// pearson -0.9435
	// spearman -0.9856
	// cov -3.1083
	// shape: (2, 2)
	// ┌───┬───────────┬───────────┐
	// │   │     units │     price │
	// │   │       f64 │       f64 │
	// ╞═══╪═══════════╪═══════════╡
	// │ 0 │  1.0      │ -0.943506 │
	// │ 1 │ -0.943506 │  1.0      │
	// └───┴───────────┴───────────┘
}

// The text form takes DuckDB's names: quantile_cont interpolates,
// quantile_disc picks a value of the column's type, kurtosis is the
// bias-corrected one.
func ExampleParseExpr_statistics() {
	df := exampleSales()
	for _, text := range []string{"median(units)", "quantile_cont(price, 0.25)", "quantile_disc(units, 0.5)",
		"stddev_pop(price)", "mode(units)", "corr(units, price)", "arg_max(shop, price)"} {
		e, err := frame.ParseExpr(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		s, err := df.SelectExprs(e.Alias("v")).Column("v")
		if err != nil {
			fmt.Println(err)
			return
		}
		if x, ok := s.ToValue()[0].(float64); ok {
			fmt.Printf("%s = %.4f\n", text, x)
		} else {
			fmt.Printf("%s = %v\n", text, s.ToValue()[0])
		}
	}
	// Output:
	// median(units) = 5.5000
	// quantile_cont(price, 0.25) = 1.3750
	// quantile_disc(units, 0.5) = 4
	// stddev_pop(price) = 0.9885
	// mode(units) = 7
	// corr(units, price) = -0.9435
	// arg_max(shop, price) = south
}

// Describe gives the 25%, 50% and 75% percentiles by default (Polars'
// nearest method); WithPercentiles chooses others.
func ExampleWithPercentiles() {
	d := exampleSales().Describe(frame.WithPercentiles(0.1, 0.9))
	printColumns(d.Select("path", "count", "min", "10%", "90%", "max"), "path", "count", "min", "10%", "90%", "max")
	// Output:
	// path [shop units price]
	// count [7 6 7]
	// min [<nil> 1 1]
	// 10% [<nil> 3 1.25]
	// 90% [<nil> 9 3]
	// max [<nil> 9 4]
}
