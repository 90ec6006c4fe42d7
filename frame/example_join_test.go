package frame_test

import (
	"fmt"
	"time"

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

// An as-of join takes, for each trade, the latest quote of its ticker at
// or before the trade's time (backward, the default), as pandas'
// merge_asof: the quotes' times need not equal the trades'. With a
// tolerance of two minutes, the MSFT trade at 10:07 finds its 10:04
// quote too old (nodejs-polars' joinAsof gives the same bids). Both time
// columns are sorted within each ticker.
func ExampleFrame_JoinAsof() {
	at := func(hhmm string) time.Time {
		t, _ := time.Parse("2006-01-02 15:04", "2024-03-01 "+hhmm)
		return t
	}
	trades := frame.FromColumns([]string{"time", "ticker", "qty"},
		[]time.Time{at("10:01"), at("10:03"), at("10:05"), at("10:07")},
		[]string{"AAPL", "MSFT", "AAPL", "MSFT"},
		[]int64{100, 50, 20, 70},
	)
	quotes := frame.FromColumns([]string{"time", "ticker", "bid"},
		[]time.Time{at("10:00"), at("10:02"), at("10:04"), at("10:04")},
		[]string{"AAPL", "MSFT", "AAPL", "MSFT"},
		[]float64{189.5, 402.1, 190.2, 402.8},
	)
	fmt.Println(trades.JoinAsof(quotes, frame.On("time"),
		frame.WithAsofBy(frame.On("ticker")),
		frame.WithAsofTolerance("2m")))
	// Output:
	// shape: (4, 4)
	// ┌───┬──────────────────────┬────────┬─────┬───────┐
	// │   │ time                 │ ticker │ qty │   bid │
	// │   │ datetime[us, UTC]    │ str    │ i64 │   f64 │
	// ╞═══╪══════════════════════╪════════╪═════╪═══════╡
	// │ 0 │ 2024-03-01T10:01:00Z │ AAPL   │ 100 │ 189.5 │
	// │ 1 │ 2024-03-01T10:03:00Z │ MSFT   │  50 │ 402.1 │
	// │ 2 │ 2024-03-01T10:05:00Z │ AAPL   │  20 │ 190.2 │
	// │ 3 │ 2024-03-01T10:07:00Z │ MSFT   │  70 │  null │
	// └───┴──────────────────────┴────────┴─────┴───────┘
}

// A cross join pairs every row of one side with every row of the other,
// left-major: every size in every color.
func ExampleFrame_Join_cross() {
	sizes := frame.FromColumns([]string{"size"}, []string{"S", "M"})
	colors := frame.FromColumns([]string{"color"}, []string{"red", "blue", "green"})
	fmt.Println(sizes.Join(colors, frame.On(), frame.Cross))
	// Output:
	// shape: (6, 2)
	// ┌───┬──────┬───────┐
	// │   │ size │ color │
	// │   │ str  │ str   │
	// ╞═══╪══════╪═══════╡
	// │ 0 │ S    │ red   │
	// │ 1 │ S    │ blue  │
	// │ 2 │ S    │ green │
	// │ 3 │ M    │ red   │
	// │ 4 │ M    │ blue  │
	// │ 5 │ M    │ green │
	// └───┴──────┴───────┘
}

// Keys can be computed: here e-mail addresses are matched whatever
// their case. Null keys match nothing unless WithNullsEqual(true), and
// WithValidate checks that a lookup table has one row per key before
// the join can multiply rows.
func ExampleOnExprs() {
	users := frame.FromColumns([]string{"email", "name"},
		[]any{"Ann@Example.com", "bob@example.com", nil},
		[]string{"ann", "bob", "anonymous"},
	)
	plans := frame.FromColumns([]string{"email", "plan"},
		[]any{"ann@example.com", "BOB@example.com", nil},
		[]string{"pro", "free", "trial"},
	)
	lower := frame.Col("email").Str().ToLower()
	fmt.Println(users.Join(plans, frame.OnExprs(lower), frame.Left,
		frame.WithValidate(frame.ManyToOne), frame.WithSuffix("_plan")))
	fmt.Println(users.Join(plans, frame.On("email"), frame.Inner, frame.WithNullsEqual(true)))
	dup := plans.Concat(plans.Head(1))
	fmt.Println(users.Join(dup, frame.OnExprs(lower), frame.Left, frame.WithValidate(frame.ManyToOne)).Err())
	// Output:
	// shape: (3, 4)
	// ┌───┬─────────────────┬───────────┬─────────────────┬──────┐
	// │   │ email           │ name      │ email_plan      │ plan │
	// │   │ str             │ str       │ str             │ str  │
	// ╞═══╪═════════════════╪═══════════╪═════════════════╪══════╡
	// │ 0 │ Ann@Example.com │ ann       │ ann@example.com │ pro  │
	// │ 1 │ bob@example.com │ bob       │ BOB@example.com │ free │
	// │ 2 │ null            │ anonymous │ null            │ null │
	// └───┴─────────────────┴───────────┴─────────────────┴──────┘
	// shape: (1, 3)
	// ┌───┬───────┬───────────┬───────┐
	// │   │ email │ name      │ plan  │
	// │   │ str   │ str       │ str   │
	// ╞═══╪═══════╪═══════════╪═══════╡
	// │ 0 │ null  │ anonymous │ trial │
	// └───┴───────┴───────────┴───────┘
	// frame: Join: validate m:1: the right key col(email).str.to_lowercase() = "ann@example.com" is on rows 0 and 3
}
