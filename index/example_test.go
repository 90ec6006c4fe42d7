package index_test

import (
	"fmt"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// A MultiIndex of cities and years, stored in the tensor form: the outer
// groups hold their label and their rows, and Decode reads it back.
func ExampleEncode() {
	city := structured.Must(structured.ValueOf([]any{"paris", "paris", "rome", nil}))
	year := structured.Must(structured.ValueOf([]int64{2023, 2024, 2024, 2024}))
	m := structured.Must(index.MultiFromLevels([]string{"city", "year"}, city, year))
	data := structured.Must(structured.FromValue([]any{
		map[string]any{"temp": 11.5}, map[string]any{"temp": 12.0},
		map[string]any{"temp": 17.5}, map[string]any{"temp": 9.0},
	}))
	t := structured.Must(index.Encode(m, data))
	fmt.Println(t.Spec())
	rows := structured.Must(t.Field("_rows_"))
	fmt.Println(rows.Shape())
	_, back, _ := index.Decode(t)
	fmt.Println(back, index.Equal(m, back))
	// Output:
	// 3 * {_index_: {city: ?string}, _rows_: var * {_index_: {year: int64}, temp: float64}}
	// [3, var]
	// MultiIndex[city, year](utf8, int64; groups 3; rows 4) true
}

// Nested data (recipes × ingredients) as a MultiIndex of positions: the
// recipe with no ingredients stays an empty group.
func ExampleDecode() {
	t := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"name": "flour"}, map[string]any{"name": "egg"}},
		[]any{},
		[]any{map[string]any{"name": "salt"}},
	}))
	data, idx, _ := index.Decode(t)
	m := idx.(*index.Multi)
	fmt.Println(m.NumGroups(0), m.Partitions()[0])
	fmt.Println(data.ToValue())
	rows, _ := index.Locate(idx, 2)
	fmt.Println(rows)
	// Output:
	// 3 RowPartition(row_splits=[0 2 2 3])
	// [map[name:flour] map[name:egg] map[name:salt]]
	// [2]
}
