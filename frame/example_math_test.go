package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// Round breaks ties to even by default, as Polars; HalfAwayFromZero is
// DuckDB's rule, and the text form's round.
func ExampleExpr_Round() {
	f := frame.FromColumns([]string{"x"}, []float64{0.5, 1.5, 2.5, -2.5, 2.675})
	out := f.SelectExprs(
		frame.Col("x"),
		frame.Col("x").Round(0).Alias("even"),
		frame.Col("x").Round(0, frame.HalfAwayFromZero).Alias("away"),
		frame.MustParseExpr("round(x, 2)").Alias("sql2"),
	)
	fmt.Println(out)
	// Output:
	// shape: (5, 4)
	// ┌───┬────────┬──────┬──────┬───────┐
	// │   │      x │ even │ away │  sql2 │
	// │   │    f64 │  f64 │  f64 │   f64 │
	// ╞═══╪════════╪══════╪══════╪═══════╡
	// │ 0 │  0.5   │  0.0 │  1.0 │  0.5  │
	// │ 1 │  1.5   │  2.0 │  2.0 │  1.5  │
	// │ 2 │  2.5   │  2.0 │  3.0 │  2.5  │
	// │ 3 │ -2.5   │ -2.0 │ -3.0 │ -2.5  │
	// │ 4 │  2.675 │  3.0 │  3.0 │  2.68 │
	// └───┴────────┴──────┴──────┴───────┘
}

// Mod follows Polars and Python (the sign of the divisor); the text
// form's % follows DuckDB and SQL (the sign of the dividend).
func ExampleExpr_Mod() {
	f := frame.FromColumns([]string{"a", "b"}, []int64{-7, 7, 7}, []int64{3, -3, 0})
	fmt.Println(f.SelectExprs(
		frame.Col("a").Mod(frame.Col("b")).Alias("mod"),
		frame.Col("a").FloorDiv(frame.Col("b")).Alias("floordiv"),
		frame.MustParseExpr("a % b").Alias("sql"),
	))
	// Output:
	// shape: (3, 3)
	// ┌───┬──────┬──────────┬──────┐
	// │   │  mod │ floordiv │  sql │
	// │   │  i64 │      i64 │  i64 │
	// ╞═══╪══════╪══════════╪══════╡
	// │ 0 │    2 │       -3 │   -1 │
	// │ 1 │   -2 │       -3 │    1 │
	// │ 2 │ null │     null │ null │
	// └───┴──────┴──────────┴──────┘
}

// When/Then/Otherwise picks, row by row, the first branch whose
// condition holds; a null condition counts as false.
func ExampleWhen() {
	f := frame.FromColumns([]string{"temp"}, []any{-3.5, 12.0, nil, 31.0})
	band := frame.When(frame.Col("temp").Lt(frame.Lit(0))).Then(frame.Lit("freezing")).
		When(frame.Col("temp").Lt(frame.Lit(25))).Then(frame.Lit("mild")).
		Otherwise(frame.Lit("hot")).Alias("band")
	sql := frame.MustParseExpr("case when temp < 0 then 'freezing' when temp < 25 then 'mild' else 'hot' end").Alias("sql")
	fmt.Println(f.WithColumns(band, sql))
	// Output:
	// shape: (4, 3)
	// ┌───┬──────┬──────────┬──────────┐
	// │   │ temp │ band     │ sql      │
	// │   │  f64 │ str      │ str      │
	// ╞═══╪══════╪══════════╪══════════╡
	// │ 0 │ -3.5 │ freezing │ freezing │
	// │ 1 │ 12.0 │ mild     │ mild     │
	// │ 2 │ null │ hot      │ hot      │
	// │ 3 │ 31.0 │ hot      │ hot      │
	// └───┴──────┴──────────┴──────────┘
}

// A reference of the form ^...$ selects columns by pattern, ColsByType
// by type class; an expression over it expands to one per column.
func ExampleColsByType() {
	f := frame.FromColumns([]string{"city", "price_min", "price_max", "rooms"},
		[]string{"paris", "rome", "paris"},
		[]float64{80.123, 95.5, 110.25},
		[]float64{120.0, 150.75, 180.5},
		[]int64{2, 3, 1})
	fmt.Println(f.GroupBy("city").Agg(frame.Col("^price_.*$").Mean().Round(1)))
	fmt.Println(f.Select(frame.ColsByType(frame.TypeInteger, frame.TypeString)).Columns())
	fmt.Println(f.SelectExprs(frame.All().Exclude("city").Max()).Columns())
	// Output:
	// shape: (2, 3)
	// ┌───┬───────┬───────────┬───────────┐
	// │   │ city  │ price_min │ price_max │
	// │   │ str   │       f64 │       f64 │
	// ╞═══╪═══════╪═══════════╪═══════════╡
	// │ 0 │ paris │      95.2 │     150.2 │
	// │ 1 │ rome  │      95.5 │     150.8 │
	// └───┴───────┴───────────┴───────────┘
	// [city rooms]
	// [price_min price_max rooms]
}
