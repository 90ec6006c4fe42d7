package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

func exampleScores() *frame.Frame {
	return frame.FromRecords([]any{
		map[string]any{"name": "Ann", "city": "Oslo", "score": 71.5, "active": true, "scores": []any{8.0, 9.0, 7.0}},
		map[string]any{"name": "Bob", "city": "Rome", "score": 48.0, "active": true, "scores": []any{5.0}},
		map[string]any{"name": "Cid", "city": "Oslo", "score": 90.0, "active": false, "scores": []any{}},
		map[string]any{"name": "Dee", "city": "Rome", "score": 66.0, "active": true, "scores": nil},
		map[string]any{"name": "Eve", "city": "Oslo", "score": nil, "active": true, "scores": []any{6.0, 10.0}},
	})
}

func printColumns(f *frame.Frame, names ...string) {
	if err := f.Err(); err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range names {
		s, err := f.Column(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(name, s.ToValue())
	}
}

// Filter keeps the rows where a compound predicate is true; a null score
// makes the predicate null, and the row is dropped.
func ExampleFrame_Filter() {
	df := exampleScores()
	out := df.Filter(frame.Col("score").Gt(frame.Lit(50)).
		And(frame.Col("active")).
		And(frame.Col("city").Str().StartsWith("O").Or(frame.Col("name").Eq(frame.Lit("Dee")))))
	printColumns(out, "name", "score")
	// Output:
	// name [Ann Dee]
	// score [71.5 66]
}

// WithColumns adds columns computed per row, here from a list column:
// the mean of each row's scores (null for an empty or null list).
func ExampleFrame_WithColumns() {
	df := exampleScores()
	out := df.WithColumns(
		frame.Col("scores").List().Mean().Alias("avg"),
		frame.Col("scores").List().Len().Alias("n"),
		frame.Col("score").Div(frame.Lit(10)),
	)
	fmt.Println(out.Columns())
	printColumns(out, "avg", "n", "score")
	// Output:
	// [active city name score scores avg n]
	// avg [8 5 <nil> <nil> 8]
	// n [3 1 0 <nil> 2]
	// score [7.15 4.8 9 6.6 <nil>]
}

// GroupBy.Agg computes aggregations per group, groups in order of first
// appearance. Over a list column, Mean takes every item of the group's
// lists; Implode collects the rows into a list.
func ExampleGroupBy_Agg() {
	df := exampleScores()
	out := df.GroupBy("city").Agg(
		frame.Col("score").Mean(),
		frame.Col("score").Max().Alias("best"),
		frame.Col("scores").Mean().Alias("item_mean"),
		frame.Col("name").Implode().Alias("names"),
		frame.Len().Alias("rows"),
	)
	printColumns(out, "city", "score", "best", "item_mean", "names", "rows")
	// Output:
	// city [Oslo Rome]
	// score [80.75 57]
	// best [90 66]
	// item_mean [8 5]
	// names [[Ann Cid Eve] [Bob Dee]]
	// rows [3 2]
}

// Nest turns flat rows into one row per key with a list of structures:
// the inverse of exploding and unnesting.
func ExampleFrame_Nest() {
	flat := frame.FromColumns([]string{"recipe", "ingredient", "amount"},
		[]string{"soup", "cake", "soup", "cake"},
		[]string{"leek", "flour", "water", "egg"},
		[]float64{2, 0.5, 1, 3})
	nested := flat.Nest("ingredients", "recipe")
	fmt.Println(nested.Schema())
	printColumns(nested, "recipe", "ingredients.ingredient", "ingredients.amount")
	// Output:
	// 2 * {recipe: string, ingredients: var * {ingredient: string, amount: float64}}
	// recipe [soup cake]
	// ingredients.ingredient [[leek water] [flour egg]]
	// ingredients.amount [[2 1] [0.5 3]]
}

// ValueCounts counts each distinct value, most frequent first.
func ExampleFrame_ValueCounts() {
	df := exampleScores()
	printColumns(df.ValueCounts("city"), "city", "count")
	// Output:
	// city [Oslo Rome]
	// count [3 2]
}

// Unique keeps the first row of each distinct key.
func ExampleFrame_Unique() {
	df := exampleScores()
	printColumns(df.Unique([]string{"city", "active"}), "name")
	// Output:
	// name [Ann Bob Cid]
}

// SelectExprs makes a frame of expressions; when all of them aggregate,
// the result is one row.
func ExampleFrame_SelectExprs() {
	df := exampleScores()
	out := df.SelectExprs(
		frame.Col("score").Mean().Alias("mean"),
		frame.Col("score").Std().Alias("std"),
		frame.Col("score").Count().Alias("scored"),
		frame.Len().Alias("rows"),
		frame.Col("city").NUnique().Alias("cities"),
	)
	printColumns(out, "mean", "scored", "rows", "cities")
	// Output:
	// mean [68.875]
	// scored [4]
	// rows [5]
	// cities [2]
}

// Nulls propagate through arithmetic and comparison; And and Or follow
// Kleene's three-valued logic, so false And null is false.
func ExampleExpr() {
	df := frame.FromColumns([]string{"a", "b"},
		[]any{int64(1), nil, int64(3)},
		[]any{true, false, nil})
	out := df.SelectExprs(
		frame.Col("a").Add(frame.Lit(1.5)).Alias("a+1.5"),
		frame.Col("a").Gt(frame.Lit(2)).Alias("a>2"),
		frame.Col("a").Gt(frame.Lit(2)).And(frame.Col("b")).Alias("a>2 and b"),
		frame.Col("a").Gt(frame.Lit(2)).Or(frame.Col("b")).Alias("a>2 or b"),
		frame.Col("a").FillNull(frame.Lit(0)).Alias("filled"),
	)
	printColumns(out, "a+1.5", "a>2", "a>2 and b", "a>2 or b", "filled")
	// Output:
	// a+1.5 [2.5 <nil> 4.5]
	// a>2 [false <nil> true]
	// a>2 and b [false false <nil>]
	// a>2 or b [true <nil> true]
	// filled [1 0 3]
}
