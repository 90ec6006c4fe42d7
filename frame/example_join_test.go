package frame_test

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// A left join keeps every user; the orders' nested "item" column is
// carried (null where a user has no order), and the clashing "name"
// column of the right side gets the suffix.
func ExampleFrame_Join() {
	users := frame.FromColumns([]string{"id", "name"},
		[]int64{1, 2, 3},
		[]string{"ann", "bob", "cy"},
	)
	orders := frame.FromColumns([]string{"id", "name", "item"},
		[]int64{2, 1, 2},
		[]string{"o1", "o2", "o3"},
		[]any{
			map[string]any{"sku": "pen", "qty": int64(2)},
			map[string]any{"sku": "ink", "qty": int64(1)},
			map[string]any{"sku": "pad", "qty": int64(5)},
		},
	)
	fmt.Println(users.Join(orders, frame.On("id"), frame.Left, frame.WithSuffix("_order")))
	// Output:
	// shape: (4, 4)
	// ┌───┬─────┬──────┬────────────┬────────────┐
	// │   │     │      │            │    item    │
	// │   │     │      │            ├──────┬─────┤
	// │   │  id │ name │ name_order │  qty │ sku │
	// │   │ i64 │ str  │ str        │  i64 │ str │
	// ╞═══╪═════╪══════╪════════════╪══════╪═════╡
	// │ 0 │   1 │ ann  │ o2         │    1 │ ink │
	// │ 1 │   2 │ bob  │ o1         │    2 │ pen │
	// │ 2 │   2 │ bob  │ o3         │    5 │ pad │
	// │ 3 │   3 │ cy   │ null       │ null │     │
	// └───┴─────┴──────┴────────────┴──────┴─────┘
}
