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
	fmt.Println(users.Join(orders, frame.On("id"), frame.Left, frame.Suffix("_order")))
	// Output:
	// shape: (4, 4)  index: RangeIndex(4)
	// schema: 4 * {id: int64, name: string, name_order: ?string, item: ?{qty: int64, sku: string}}
	// 0: id=1, name="ann", name_order="o2", item={"qty":1,"sku":"ink"}
	// 1: id=2, name="bob", name_order="o1", item={"qty":2,"sku":"pen"}
	// 2: id=2, name="bob", name_order="o3", item={"qty":5,"sku":"pad"}
	// 3: id=3, name="cy", name_order=null, item=null
}
