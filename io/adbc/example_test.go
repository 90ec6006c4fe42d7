package adbc_test

import (
	"context"
	"fmt"

	"github.com/apache/arrow-adbc/go/adbc"
	"github.com/apache/arrow-adbc/go/adbc/driver/flightsql"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	sfadbc "github.com/structframe/structframe/io/adbc"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

// Query through ADBC's Flight SQL driver (any Go ADBC driver serves),
// here against arrow-go's SQLite example server started on 127.0.0.1.
func ExampleQuery() {
	srv, err := flightsqltest.NewServer()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	db, err := flightsql.NewDriver(memory.DefaultAllocator).NewDatabase(map[string]string{adbc.OptionKeyURI: srv.URI})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Open(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer conn.Close()

	f, err := sfadbc.Query(ctx, conn, "SELECT keyName, value FROM intTable WHERE value >= ? ORDER BY value", 0)
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

// A prepared statement runs once per row of a Frame of parameters; a
// Database is queried on a connection opened for the call.
func ExamplePrepare() {
	srv, err := flightsqltest.NewServer()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	db, err := flightsql.NewDriver(memory.DefaultAllocator).NewDatabase(map[string]string{adbc.OptionKeyURI: srv.URI})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Open(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer conn.Close()

	if _, err := sfadbc.Exec(ctx, conn, "CREATE TABLE people (name TEXT, age INTEGER)"); err != nil {
		fmt.Println(err)
		return
	}
	ins, err := sfadbc.Prepare(ctx, conn, "INSERT INTO people (name, age) VALUES (?, ?)")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ins.Close()
	n, err := ins.Exec(ctx, frame.FromColumns([]string{"name", "age"}, []string{"ada", "bob", "cy"}, []int64{36, 41, 29}))
	fmt.Println(n, err)

	f, err := sfadbc.QueryDatabase(ctx, db, "SELECT name FROM people WHERE age > ? ORDER BY age", 30)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.NumRows(), f.Columns())
	// Output:
	// 3 <nil>
	// 2 [name]
}
