// Command gota_nest turns a flat gota DataFrame of order lines into nested
// structures and back: one row per order with a list of its items (Nest),
// a MultiIndex by city and customer whose tensor is rank 3, and the nested
// frame written back to gota with one row per item (gota.WithExplode).
//
//	go run ./examples/gota_nest [orders.csv]
//
// Without a file it reads testdata/orders.csv, embedded in the program, so
// that it runs from any directory.
package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"os"

	"github.com/go-gota/gota/dataframe"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/gota"
)

// ordersCSV is testdata/orders.csv, read when no file is given.
//
//go:embed testdata/orders.csv
var ordersCSV []byte

func main() {
	if err := mainRun(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gota_nest:", err)
		os.Exit(1)
	}
}

// mainRun is the command: its arguments (an optional CSV file), and where
// it prints.
func mainRun(args []string, w io.Writer) error {
	path := ""
	if len(args) > 0 {
		path = args[0]
	}
	return run(w, path)
}

// run nests the order lines of the CSV at path ("" for the embedded
// testdata/orders.csv).
func run(w io.Writer, path string) error {
	var file io.Reader = bytes.NewReader(ordersCSV)
	if path != "" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		file = f
	}

	// 1. Flat order lines, read by gota. Order 1004 has no items: gota
	// writes its item columns as NA.
	df := dataframe.ReadCSV(file)
	if df.Err != nil {
		return df.Err
	}
	fmt.Fprintf(w, "== gota: %d order lines\n%v\n", df.Nrow(), df)

	// 2. Into a Frame, types and NAs kept, then one row per order with
	// its items as a list of structures.
	lines, err := gota.FromDataFrame(df)
	if err != nil {
		return err
	}
	orders := lines.Nest("items", "order_id", "customer", "city")
	if err := orders.Err(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== nested: one row per order\n%v\n", orders)

	// The order without items has one item of nulls; drop it with a
	// filter on the list, then total each order with list functions.
	totals := orders.
		WithColumns(
			frame.Col("items.item").List().Len().Alias("n_items"),
			frame.Col("items.price").List().Sum().Alias("sum_price"),
		).
		Filter(frame.Col("items.item").List().Get(0).IsNotNull()).
		Select("order_id", "customer", "n_items", "sum_price")
	if err := totals.Err(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== orders with items, list functions over the nested column\n%v\n", totals)

	// 3. A MultiIndex by city and customer: the tensor is nested by level
	// (each level's labels in its own _index_), and the orders form a
	// rank-2 tensor whose outer dimension groups them by city.
	byCity := orders.Sort(frame.Asc("city"), frame.Asc("customer")).SetIndex("city", "customer")
	t, err := byCity.Tensor()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== MultiIndex (city, customer): %v\ntensor: %v\n", byCity.Index(), t.Spec())
	rows, err := t.Field("_rows_")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "the orders as a rank-%d tensor of shape %v\n", rows.Rank(), rows.Shape())
	fmt.Fprintf(w, "\n== Loc(\"Paris\")\n%v\n", byCity.Loc("Paris"))
	fmt.Fprintf(w, "\n== Loc(\"Lisbon\", \"Ana\") then ResetIndex\n%v\n", byCity.Loc("Lisbon", "Ana").ResetIndex())

	// 4. Back to gota: structures as dotted columns, the items as rows.
	flat, err := gota.ToDataFrame(orders, gota.WithExplode("items"))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== back to gota, one row per item\n%v\n", flat)

	// ... and from that flat table to the same nested frame again.
	again, err := gota.FromDataFrame(flat, gota.WithSchema(orders.Schema()), gota.WithExplode("items"))
	if err != nil {
		return err
	}
	a, _ := again.Data()
	b, _ := orders.Data()
	fmt.Fprintf(w, "\nround trip gives the nested frame back: %v\n", a.Equal(b))
	return nil
}
