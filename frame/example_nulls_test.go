package frame_test

import (
	"fmt"
	"math"

	"github.com/structframe/structframe/frame"
)

// FillNull with a value per column; DropNulls on one column.
func ExampleFrame_FillNull() {
	df := frame.FromColumns([]string{"name", "score", "tags"},
		[]any{"ann", nil, "cy"},
		[]any{1.5, 2.0, nil},
		[]any{[]any{"x"}, nil, []any{}},
	)
	fmt.Println(df.FillNull(map[string]any{"name": "?", "score": 0}))
	fmt.Println(df.DropNulls([]string{"tags"}))
	fmt.Println(df.IsNull())
	// Output:
	// shape: (3, 3)
	// ┌───┬──────┬───────┬───────────┐
	// │   │ name │ score │ tags      │
	// │   │ str  │   f64 │ list[str] │
	// ╞═══╪══════╪═══════╪═══════════╡
	// │ 0 │ ann  │   1.5 │ ["x"]     │
	// │ 1 │ ?    │   2.0 │ null      │
	// │ 2 │ cy   │   0.0 │ []        │
	// └───┴──────┴───────┴───────────┘
	// shape: (2, 3)
	// ┌───┬──────┬───────┬───────────┐
	// │   │ name │ score │ tags      │
	// │   │ str  │   f64 │ list[str] │
	// ╞═══╪══════╪═══════╪═══════════╡
	// │ 0 │ ann  │   1.5 │ ["x"]     │
	// │ 1 │ cy   │  null │ []        │
	// └───┴──────┴───────┴───────────┘
	// shape: (3, 3)
	// ┌───┬───────┬───────┬───────┐
	// │   │ name  │ score │ tags  │
	// │   │ bool  │ bool  │ bool  │
	// ╞═══╪═══════╪═══════╪═══════╡
	// │ 0 │ false │ false │ false │
	// │ 1 │ true  │ false │ true  │
	// │ 2 │ false │ true  │ false │
	// └───┴───────┴───────┴───────┘
}

// FillNullWith carries the last reading forward (at most one row here),
// fills a count with zero, and fills the whole frame backward.
func ExampleExpr_FillNullWith() {
	df := frame.FromColumns([]string{"day", "temp", "visits"},
		[]int64{1, 2, 3, 4, 5},
		[]any{nil, 20.5, nil, nil, 18.0},
		[]any{3, nil, 4, nil, nil},
	)
	fmt.Println(df.WithColumns(
		frame.Col("temp").FillNullWith(frame.FillForward, frame.WithFillLimit(1)),
		frame.Col("visits").FillNullWith(frame.FillZero),
	))
	fmt.Println(df.FillNullWith(frame.FillBackward))
	// Output:
	// shape: (5, 3)
	// ┌───┬─────┬──────┬────────┐
	// │   │ day │ temp │ visits │
	// │   │ i64 │  f64 │    i64 │
	// ╞═══╪═════╪══════╪════════╡
	// │ 0 │   1 │ null │      3 │
	// │ 1 │   2 │ 20.5 │      0 │
	// │ 2 │   3 │ 20.5 │      4 │
	// │ 3 │   4 │ null │      0 │
	// │ 4 │   5 │ 18.0 │      0 │
	// └───┴─────┴──────┴────────┘
	// shape: (5, 3)
	// ┌───┬─────┬──────┬────────┐
	// │   │ day │ temp │ visits │
	// │   │ i64 │  f64 │    i64 │
	// ╞═══╪═════╪══════╪════════╡
	// │ 0 │   1 │ 20.5 │      3 │
	// │ 1 │   2 │ 20.5 │      4 │
	// │ 2 │   3 │ 18.0 │      4 │
	// │ 3 │   4 │ 18.0 │   null │
	// │ 4 │   5 │ 18.0 │   null │
	// └───┴─────┴──────┴────────┘
}

// Interpolate fills the gaps between readings; the ends stay null.
func ExampleExpr_Interpolate() {
	df := frame.FromColumns([]string{"t", "level"},
		[]int64{0, 1, 2, 3, 4, 5},
		[]any{nil, 10, nil, nil, 16, nil},
	)
	fmt.Println(df.WithColumns(
		frame.Col("level").Interpolate(frame.InterpolateLinear).Alias("linear"),
		frame.Col("level").Interpolate(frame.InterpolateNearest).Alias("nearest"),
	))
	// Output:
	// shape: (6, 4)
	// ┌───┬─────┬───────┬────────┬─────────┐
	// │   │   t │ level │ linear │ nearest │
	// │   │ i64 │   i64 │    f64 │     i64 │
	// ╞═══╪═════╪═══════╪════════╪═════════╡
	// │ 0 │   0 │  null │   null │    null │
	// │ 1 │   1 │    10 │   10.0 │      10 │
	// │ 2 │   2 │  null │   12.0 │      10 │
	// │ 3 │   3 │  null │   14.0 │      16 │
	// │ 4 │   4 │    16 │   16.0 │      16 │
	// │ 5 │   5 │  null │   null │    null │
	// └───┴─────┴───────┴────────┴─────────┘
}

// DropNulls with DropAll keeps a row while one of its columns has a
// value; DropNaNs and FillNaN treat NaN apart from null.
func ExampleFrame_DropNulls() {
	nan := math.NaN()
	df := frame.FromColumns([]string{"id", "a", "b"},
		[]int64{1, 2, 3, 4},
		[]any{nil, 1.5, nil, nan},
		[]any{nil, nil, "x", "y"},
	)
	fmt.Println(df.DropNulls([]string{"a", "b"}, frame.WithHow(frame.DropAll)))
	fmt.Println(df.DropNaNs(nil))
	fmt.Println(df.FillNaN(0))
	// Output:
	// shape: (3, 3)
	// ┌───┬─────┬──────┬──────┐
	// │   │  id │    a │ b    │
	// │   │ i64 │  f64 │ str  │
	// ╞═══╪═════╪══════╪══════╡
	// │ 0 │   2 │  1.5 │ null │
	// │ 1 │   3 │ null │ x    │
	// │ 2 │   4 │  NaN │ y    │
	// └───┴─────┴──────┴──────┘
	// shape: (3, 3)
	// ┌───┬─────┬──────┬──────┐
	// │   │  id │    a │ b    │
	// │   │ i64 │  f64 │ str  │
	// ╞═══╪═════╪══════╪══════╡
	// │ 0 │   1 │ null │ null │
	// │ 1 │   2 │  1.5 │ null │
	// │ 2 │   3 │ null │ x    │
	// └───┴─────┴──────┴──────┘
	// shape: (4, 3)
	// ┌───┬─────┬──────┬──────┐
	// │   │  id │    a │ b    │
	// │   │ i64 │  f64 │ str  │
	// ╞═══╪═════╪══════╪══════╡
	// │ 0 │   1 │ null │ null │
	// │ 1 │   2 │  1.5 │ null │
	// │ 2 │   3 │ null │ x    │
	// │ 3 │   4 │  0.0 │ y    │
	// └───┴─────┴──────┴──────┘
}
