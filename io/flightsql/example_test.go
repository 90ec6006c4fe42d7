package flightsql_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

// Query a Flight SQL server (here arrow-go's SQLite example, started on
// 127.0.0.1) with a parameter; the result is one Frame.
func ExampleClient_Query() {
	srv, err := flightsqltest.NewServer()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	ctx := context.Background()
	c, err := flightsql.Open(ctx, srv.URI) // grpc://127.0.0.1:PORT
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	f, err := c.Query(ctx, "SELECT keyName, value FROM intTable WHERE value >= ? ORDER BY value", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f)
	// Output:
	// shape: (2, 2)
	// ┌───┬─────────┬───────┐
	// │   │ keyName │ value │
	// │   │ str     │   i64 │
	// ╞═══╪═════════╪═══════╡
	// │ 0 │ zero    │     0 │
	// │ 1 │ one     │     1 │
	// └───┴─────────┴───────┘
}

// A Reader gives the result batch by batch: here a server that splits
// every result into two endpoints, fetched at once and read in order.
func ExampleClient_QueryReader() {
	srv, err := flightsqltest.NewServer(flightsqltest.WithEndpoints(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	ctx := context.Background()
	c, err := flightsql.Open(ctx, srv.URI, flightsql.WithParallelism(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	r, err := c.QueryReader(ctx, "SELECT id, keyName FROM intTable ORDER BY id")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	fmt.Println(r.Schema())
	for f, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(f.NumRows(), "rows:", column(f, "id"))
	}
	// Output:
	// 0 * {id: int64, keyName: string}
	// 2 rows: [1 2]
	// 2 rows: [3 4]
}

// column is one column's values.
func column(f *frame.Frame, name string) []any {
	t, _ := f.Data()
	var out []any
	for _, row := range t.ToValue().([]any) {
		out = append(out, row.(map[string]any)[name])
	}
	return out
}

// Nested columns a server sends (a list of structures here) stay
// nested, over the buffers they came in.
func ExampleClient_Query_nested() {
	srv, err := flightsqltest.NewServer()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "order", Type: arrow.PrimitiveTypes.Int64},
		{Name: "lines", Type: arrow.ListOf(arrow.StructOf(
			arrow.Field{Name: "sku", Type: arrow.BinaryTypes.String},
			arrow.Field{Name: "qty", Type: arrow.PrimitiveTypes.Int64}))},
	}, nil)
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, schema, strings.NewReader(
		`[{"order": 1, "lines": [{"sku": "tea", "qty": 2}, {"sku": "jam", "qty": 1}]},
		  {"order": 2, "lines": [{"sku": "oat", "qty": 5}]}]`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rec.Release()
	srv.AddTable("orders", rec) // served for "SELECT * FROM orders"

	ctx := context.Background()
	c, err := flightsql.Open(ctx, srv.URI)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	f, err := c.Query(ctx, "SELECT * FROM orders")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	fmt.Println(f.Explode([]string{"lines"}).Unnest("lines").Columns())
	// Output:
	// 2 * {order: int64, lines: var * {sku: string, qty: int64}}
	// [order sku qty]
}

// A prepared statement runs once per row of a Frame of parameters.
func ExampleStmt() {
	srv, err := flightsqltest.NewServer()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	ctx := context.Background()
	c, err := flightsql.Open(ctx, srv.URI)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	if _, err := c.Exec(ctx, "CREATE TABLE people (name TEXT, age INTEGER)"); err != nil {
		fmt.Println(err)
		return
	}
	ins, err := c.Prepare(ctx, "INSERT INTO people (name, age) VALUES (?, ?)")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ins.Close()
	n, err := ins.Exec(ctx, frame.FromColumns([]string{"name", "age"}, []string{"ada", "bob"}, []int64{36, 41}))
	fmt.Println(n, err)
	n, err = ins.Exec(ctx, "cy", 29)
	fmt.Println(n, err)
	f, err := c.Query(ctx, "SELECT count(*) AS n, max(age) AS oldest FROM people")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(column(f, "n"), column(f, "oldest"))
	// Output:
	// 2 <nil>
	// 1 <nil>
	// [3] [41]
}

// Ingest writes a Frame into a table by Flight SQL's bulk ingest (here a
// test server that implements it around arrow-go's example, which does
// not).
func ExampleClient_Ingest() {
	srv, err := flightsqltest.NewServer(flightsqltest.WithIngest(true))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	ctx := context.Background()
	c, err := flightsql.Open(ctx, srv.URI)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	scores := frame.FromColumns([]string{"name", "score"}, []string{"ada", "bob"}, []float64{9.5, 7})
	n, err := c.Ingest(ctx, "scores", scores)
	fmt.Println(n, err)
	n, err = c.Ingest(ctx, "scores", scores, flightsql.WithExisting(flightsql.Append))
	fmt.Println(n, err)
	f, err := c.Query(ctx, "SELECT name, sum(score) AS total FROM scores GROUP BY name ORDER BY name")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(column(f, "name"), column(f, "total"))
	// Output:
	// 2 <nil>
	// 2 <nil>
	// [ada bob] [19 14]
}
