package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// Concat unions the columns: "score" is missing from the first frame and
// null in its rows.
func ExampleConcat() {
	a := frame.FromColumns([]string{"name", "tags"},
		[]string{"ann", "bob"},
		[][]string{{"x"}, {}},
	)
	b := frame.FromColumns([]string{"name", "score"},
		[]string{"cy"},
		[]float64{9.5},
	)
	fmt.Println(frame.Concat(a, b))
	// Output:
	// shape: (3, 3)
	// ┌───┬──────┬───────────┬───────┐
	// │   │ name │ tags      │ score │
	// │   │ str  │ list[str] │   f64 │
	// ╞═══╪══════╪═══════════╪═══════╡
	// │ 0 │ ann  │ ["x"]     │  null │
	// │ 1 │ bob  │ []        │  null │
	// │ 2 │ cy   │ null      │   9.5 │
	// └───┴──────┴───────────┴───────┘
}

// ColumnChunks reads a column of joined frames (or of an Arrow file's
// record batches) piece by piece, without joining it first.
func ExampleFrame_ColumnChunks() {
	a := frame.FromColumns([]string{"city", "score"}, []string{"Oslo", "Rome"}, []float64{1.5, 2})
	b := frame.FromColumns([]string{"city", "score"}, []string{"Lima"}, []float64{4})
	df := frame.Concat(a, b)
	chunks, err := df.ColumnChunks("score")
	if err != nil {
		panic(err)
	}
	for _, c := range chunks {
		fmt.Println(c.NumRows(), "rows:", c.ToValue())
	}
	// Output:
	// 2 rows: [1.5 2]
	// 1 rows: [4]
}
