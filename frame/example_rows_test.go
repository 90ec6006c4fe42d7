package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// rowsExampleFrame is a small table of sales.
func rowsExampleFrame() *frame.Frame {
	return frame.FromColumns([]string{"shop", "item", "units"},
		[]string{"north", "south", "north", "east", "south", "north"},
		[]string{"tea", "tea", "cake", "tea", "cake", "tea"},
		[]any{12, 30, nil, 7, 30, 12},
	)
}

// TopK keeps the rows with the largest values (nulls last); BottomK the
// smallest. Ties keep the frame's order.
func ExampleFrame_TopK() {
	df := rowsExampleFrame()
	fmt.Println(df.TopK(3, frame.Col("units")))
	fmt.Println(df.BottomK(2, frame.Col("units"), frame.Col("shop")))
	// Output:
	// shape: (3, 3)
	// ┌───┬───────┬──────┬───────┐
	// │   │ shop  │ item │ units │
	// │   │ str   │ str  │   i64 │
	// ╞═══╪═══════╪══════╪═══════╡
	// │ 0 │ south │ tea  │    30 │
	// │ 1 │ south │ cake │    30 │
	// │ 2 │ north │ tea  │    12 │
	// └───┴───────┴──────┴───────┘
	// shape: (2, 3)
	// ┌───┬───────┬──────┬───────┐
	// │   │ shop  │ item │ units │
	// │   │ str   │ str  │   i64 │
	// ╞═══╪═══════╪══════╪═══════╡
	// │ 0 │ east  │ tea  │     7 │
	// │ 1 │ north │ tea  │    12 │
	// └───┴───────┴──────┴───────┘
}

// A seeded sample repeats; without WithShuffle the rows keep their order.
func ExampleFrame_Sample() {
	df := rowsExampleFrame()
	a := df.Sample(3, frame.WithSeed(42))
	b := df.Sample(3, frame.WithSeed(42))
	fmt.Println(a)
	fmt.Println(a.String() == b.String())
	fmt.Println(df.SampleFraction(0.5, frame.WithSeed(1), frame.WithShuffle(true)).NumRows())
	// Output:
	// shape: (3, 3)
	// ┌───┬───────┬──────┬───────┐
	// │   │ shop  │ item │ units │
	// │   │ str   │ str  │   i64 │
	// ╞═══╪═══════╪══════╪═══════╡
	// │ 0 │ south │ tea  │    30 │
	// │ 1 │ north │ cake │  null │
	// │ 2 │ east  │ tea  │     7 │
	// └───┴───────┴──────┴───────┘
	// true
	// 3
}

// Unique keeps one row per key: the first by default, the last, or only
// the keys no other row has.
func ExampleFrame_Unique_keep() {
	df := rowsExampleFrame()
	fmt.Println(df.Unique([]string{"shop"}, frame.WithKeep(frame.KeepLast)))
	fmt.Println(df.Unique([]string{"shop"}, frame.WithKeep(frame.KeepNone)))
	dup, _ := df.Select("shop", "units").IsDuplicated()
	fmt.Println(dup.ToValue())
	// Output:
	// shape: (3, 3)
	// ┌───┬───────┬──────┬───────┐
	// │   │ shop  │ item │ units │
	// │   │ str   │ str  │   i64 │
	// ╞═══╪═══════╪══════╪═══════╡
	// │ 0 │ east  │ tea  │     7 │
	// │ 1 │ south │ cake │    30 │
	// │ 2 │ north │ tea  │    12 │
	// └───┴───────┴──────┴───────┘
	// shape: (1, 3)
	// ┌───┬──────┬──────┬───────┐
	// │   │ shop │ item │ units │
	// │   │ str  │ str  │   i64 │
	// ╞═══╪══════╪══════╪═══════╡
	// │ 0 │ east │ tea  │     7 │
	// └───┴──────┴──────┴───────┘
	// [true true false false true true]
}

// IsDuplicated and IsFirstDistinct mark rows by whether their value
// repeats; Struct tests several columns together.
func ExampleExpr_IsDuplicated() {
	df := rowsExampleFrame()
	fmt.Println(df.WithColumns(
		frame.Col("item").IsFirstDistinct().Alias("first_item"),
		frame.Struct(frame.Col("shop"), frame.Col("item")).IsDuplicated().Alias("repeat"),
	))
	// Output:
	// shape: (6, 5)
	// ┌───┬───────┬──────┬───────┬────────────┬────────┐
	// │   │ shop  │ item │ units │ first_item │ repeat │
	// │   │ str   │ str  │   i64 │ bool       │ bool   │
	// ╞═══╪═══════╪══════╪═══════╪════════════╪════════╡
	// │ 0 │ north │ tea  │    12 │ true       │ true   │
	// │ 1 │ south │ tea  │    30 │ false      │ false  │
	// │ 2 │ north │ cake │  null │ true       │ false  │
	// │ 3 │ east  │ tea  │     7 │ false      │ false  │
	// │ 4 │ south │ cake │    30 │ false      │ false  │
	// │ 5 │ north │ tea  │    12 │ false      │ true   │
	// └───┴───────┴──────┴───────┴────────────┴────────┘
}

// GroupBy.Head takes the first rows of each group, the groups in the
// order they first appear; Apply runs Go code on each group's frame.
func ExampleGroupBy_Head() {
	df := rowsExampleFrame()
	fmt.Println(df.GroupBy("shop").Head(1))
	best := df.GroupBy("item").Apply(func(g *frame.Frame) (*frame.Frame, error) {
		return g.TopK(1, frame.Col("units")), nil
	})
	fmt.Println(best)
	// Output:
	// shape: (3, 3)
	// ┌───┬───────┬──────┬───────┐
	// │   │ shop  │ item │ units │
	// │   │ str   │ str  │   i64 │
	// ╞═══╪═══════╪══════╪═══════╡
	// │ 0 │ north │ tea  │    12 │
	// │ 1 │ south │ tea  │    30 │
	// │ 2 │ east  │ tea  │     7 │
	// └───┴───────┴──────┴───────┘
	// shape: (2, 3)
	// ┌───┬───────┬──────┬───────┐
	// │   │ shop  │ item │ units │
	// │   │ str   │ str  │   i64 │
	// ╞═══╪═══════╪══════╪═══════╡
	// │ 0 │ south │ tea  │    30 │
	// │ 1 │ south │ cake │    30 │
	// └───┴───────┴──────┴───────┘
}
