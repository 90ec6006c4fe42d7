package frame_test

import (
	"fmt"

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
	fmt.Println(df.DropNulls("tags"))
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
