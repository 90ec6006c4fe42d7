package frame_test

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// rainfall is long data: one row per city and month.
func rainfall() *frame.Frame {
	return frame.FromColumns([]string{"city", "month", "rain"},
		[]string{"paris", "paris", "rome", "rome", "paris"},
		[]string{"jan", "feb", "jan", "feb", "jan"},
		[]float64{50, 40, 80, 70, 5})
}

// Pivot spreads the months into columns; the aggregate sums the two
// rows of (paris, jan).
func ExampleFrame_Pivot() {
	wide := rainfall().Pivot([]string{"month"}, []string{"city"}, []string{"rain"},
		frame.WithAggregate(frame.Element().Sum()))
	printRows(wide)
	// Without an aggregate, a pair held by two rows is an error.
	fmt.Println(rainfall().Pivot([]string{"month"}, []string{"city"}, []string{"rain"}).Err())
	// Output:
	// [city jan feb]
	// map[city:paris feb:40 jan:55]
	// map[city:rome feb:70 jan:80]
	// frame: Pivot: index (city="paris") and on (month="jan") are held by rows 0 and 4; give an aggregate (WithAggregate) or make them unique
}

// Any aggregating expression over Element() serves, and Len counts; a
// missing pair takes the aggregate of no rows.
func ExampleWithAggregate() {
	f := rainfall().Head(3)
	printRows(f.Pivot([]string{"month"}, []string{"city"}, []string{"rain"},
		frame.WithAggregate(frame.Element().Max().Sub(frame.Element().Min())), frame.WithSortColumns(true)))
	printRows(f.Pivot([]string{"month"}, []string{"city"}, []string{"rain"}, frame.WithAggregate(frame.Len())))
	// Output:
	// [city feb jan]
	// map[city:paris feb:0 jan:0]
	// map[city:rome feb:<nil> jan:0]
	// [city jan feb]
	// map[city:paris feb:1 jan:1]
	// map[city:rome feb:0 jan:1]
}

// Unpivot melts the month columns back into rows.
func ExampleFrame_Unpivot() {
	wide := frame.FromColumns([]string{"city", "jan", "feb"},
		[]string{"paris", "rome"}, []int64{50, 80}, []float64{40, 70.5})
	printRows(wide.Unpivot(nil, []string{"city"}, frame.WithVariableName("month"), frame.WithValueName("rain")))
	// Output:
	// [city month rain]
	// map[city:paris month:jan rain:50]
	// map[city:rome month:jan rain:80]
	// map[city:paris month:feb rain:40]
	// map[city:rome month:feb rain:70.5]
}

// Transpose turns a row per city into a column per city.
func ExampleFrame_Transpose() {
	f := frame.FromColumns([]string{"city", "jan", "feb"},
		[]string{"paris", "rome"}, []int64{50, 80}, []int64{40, 70})
	printRows(f.Transpose(frame.WithNamesFrom("city"), frame.WithHeaderName("month")))
	fmt.Println(f.Transpose().Err())
	printRows(f.Transpose(frame.WithCast(arrow.BinaryTypes.String)))
	// Output:
	// [month paris rome]
	// map[month:jan paris:50 rome:80]
	// map[month:feb paris:40 rome:70]
	// frame: Transpose: column "city" is string and column "jan" is int64: they cannot make one column (Cast one first)
	// [column_0 column_1]
	// map[column_0:paris column_1:rome]
	// map[column_0:50 column_1:80]
	// map[column_0:40 column_1:70]
}

// PartitionBy gives a frame per city, in the order the cities come.
func ExampleFrame_PartitionBy() {
	parts, err := rainfall().PartitionBy([]string{"city"}, frame.WithIncludeKey(false))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range parts {
		printRows(p)
	}
	// Output:
	// [month rain]
	// map[month:jan rain:50]
	// map[month:feb rain:40]
	// map[month:jan rain:5]
	// [month rain]
	// map[month:jan rain:80]
	// map[month:feb rain:70]
}

// Unstack moves the innermost level of the MultiIndex into structure
// columns whose fields are its labels; Stack moves them back, a missing
// pair as a row of nulls.
func ExampleFrame_Unstack() {
	f := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome"}, []int64{2023, 2024, 2024}, []float64{11.5, 12, 17.5}).
		SetIndex("city", "year")
	wide := f.Unstack("")
	fmt.Println(wide)
	fmt.Println(wide.Stack("year", frame.WithLabelType(arrow.PrimitiveTypes.Int64)))
	// Output:
	// shape: (2, 1)
	// ┌───────┬─────────────┐
	// │       │    temp     │
	// │       ├──────┬──────┤
	// │ city  │ 2023 │ 2024 │
	// │ str   │  f64 │  f64 │
	// ╞═══════╪══════╪══════╡
	// │ paris │ 11.5 │ 12.0 │
	// │ rome  │ null │ 17.5 │
	// └───────┴──────┴──────┘
	// shape: (4, 1)
	// ┌───────┬──────┬──────┐
	// │ city  │ year │ temp │
	// │ str   │  i64 │  f64 │
	// ╞═══════╪══════╪══════╡
	// │ paris │ 2023 │ 11.5 │
	// │       │ 2024 │ 12.0 │
	// │ rome  │ 2023 │ null │
	// │       │ 2024 │ 17.5 │
	// └───────┴──────┴──────┘
}

// A Go slice becomes a column with Lit of a Series; HStack puts frames
// side by side; WithRowIndex numbers the rows.
func ExampleFrame_HStack() {
	f := frame.FromColumns([]string{"x"}, []float64{1, 2, 3})
	g := f.WithColumns(frame.Lit(frame.NewSeries("flag", []bool{true, false, true}))).
		HStack(frame.NewSeries("name", []string{"a", "b", "c"}).Frame()).
		WithRowIndex("id", 0)
	printRows(g)
	fmt.Println(f.HStack(frame.NewSeries("y", []int64{1, 2}).Frame()).Err())
	// Output:
	// [id x flag name]
	// map[flag:true id:0 name:a x:1]
	// map[flag:false id:1 name:b x:2]
	// map[flag:true id:2 name:c x:3]
	// frame: HStack: frame 1 has 2 rows, frame 0 3
}
