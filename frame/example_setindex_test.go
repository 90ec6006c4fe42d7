package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// SetIndex of two columns makes a MultiIndex; Loc selects by an outer
// label, a tuple prefix, or a label range of an inner level.
func ExampleFrame_SetIndex() {
	f := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome", "rome"},
		[]int64{2023, 2024, 2023, 2024},
		[]float64{11.5, 12.0, 17.0, 17.5})
	g := f.SetIndex("city", "year")
	fmt.Println(g.Index(), g.Columns())
	temps := func(h *frame.Frame) any {
		s, err := h.Column("temp")
		if err != nil {
			return err
		}
		return s.ToValue()
	}
	fmt.Println(temps(g.Loc("rome")))
	fmt.Println(temps(g.Loc("paris", 2024)))
	fmt.Println(temps(g.Loc([]string{"rome", "paris"}, index.Between(2024, 2024))))
	fmt.Println(g.Loc("oslo").Err())
	// Output:
	// MultiIndex[city, year](utf8, int64; groups 2; rows 4) [temp]
	// [17 17.5]
	// [12]
	// [17.5 12]
	// frame: Loc: index: label not found: label "oslo" at level 0 ("city")
}

// The Tensor of a Frame with a MultiIndex groups its rows by the outer
// level: "_rows_" is the rank-2 tensor of the rows, and FromTensor reads
// the Frame back.
func ExampleFrame_Tensor_multiIndex() {
	f := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome"},
		[]int64{2023, 2024, 2024},
		[]float64{11.5, 12.0, 17.5}).SetIndex("city", "year")
	t, err := f.Tensor()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Spec())
	rows, _ := t.Field("_rows_")
	fmt.Println(rows.Shape())
	back := frame.FromTensor(t)
	fmt.Println(back.Index(), back.Columns())
	// Output:
	// 2 * {_index_: {city: string}, _rows_: var * {_index_: {year: int64}, temp: float64}}
	// [2, var]
	// MultiIndex[city, year](utf8, int64; groups 2; rows 3) [temp]
}

// Nested data, recipes × ingredients, read as a Frame of ingredients under
// a MultiIndex of positions. The recipe with no ingredients is an empty
// group: it survives the trip back to a tensor.
func ExampleFromTensor_nested() {
	t := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"name": "flour"}, map[string]any{"name": "egg"}},
		[]any{},
		[]any{map[string]any{"name": "salt"}},
	}))
	f := frame.FromTensor(t)
	m := f.Index().(*index.Multi)
	fmt.Println(f.NumRows(), "ingredients in", m.NumGroups(0), "recipes")
	names, _ := f.Loc(2).Column("name")
	fmt.Println(names.ToValue())
	back, _ := f.Tensor()
	fmt.Println(back.Spec())
	// Output:
	// 3 ingredients in 3 recipes
	// [salt]
	// 3 * {_index_: int64, _rows_: var * {_index_: int64, name: string}}
}

// ResetIndex turns the levels back into leading columns.
func ExampleFrame_ResetIndex() {
	f := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "rome"}, []int64{2023, 2024}, []float64{11.5, 17.5})
	g := f.SetIndex("year")
	fmt.Println(g.Columns(), g.Index())
	h := g.ResetIndex()
	fmt.Println(h.Columns(), h.Index())
	// Output:
	// [city temp] Index[year](int64, 2)
	// [year city temp] RangeIndex(2)
}

// ILoc selects by position: an int, several, a slice with a step, a mask.
func ExampleFrame_ILoc() {
	f := frame.FromColumns([]string{"x"}, []int64{10, 20, 30, 40})
	show := func(g *frame.Frame) {
		s, _ := g.Column("x")
		fmt.Println(s.ToValue())
	}
	show(f.ILoc(-1))
	show(f.ILoc(2, 0))
	show(f.ILoc(structured.S("::2")))
	show(f.ILoc([]bool{false, true, true, false}))
	// Output:
	// [40]
	// [30 10]
	// [10 30]
	// [20 30]
}
