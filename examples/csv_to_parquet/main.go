// Command csv_to_parquet reads a CSV file exported by a spreadsheet (a
// byte-order mark, CRLF line ends, quoted commas, quotes and line breaks
// inside cells, blank cells), gives its columns names that say where they
// belong, nests them (customer fields into a structure, each order's lines
// into a list of structures), writes the result as Parquet, reads it back
// and prints it.
//
//	go run ./examples/csv_to_parquet [-csv FILE] [-out DIR]
//
// Without -csv it reads testdata/orders.csv, embedded in the program, so
// that it runs from any directory.
package main

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/parquet"
)

// ordersCSV is testdata/orders.csv, read when no -csv is given.
//
//go:embed testdata/orders.csv
var ordersCSV []byte

func main() {
	if err := mainRun(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "csv_to_parquet:", err)
		os.Exit(1)
	}
}

// mainRun is the command: its arguments, and where it prints.
func mainRun(args []string, w io.Writer) error {
	fl := flag.NewFlagSet("csv_to_parquet", flag.ContinueOnError)
	in := fl.String("csv", "", "the CSV file a spreadsheet exported (default: the embedded testdata/orders.csv)")
	out := fl.String("out", os.TempDir(), "the directory the Parquet file is written to")
	if err := fl.Parse(args); err != nil {
		return err
	}
	return run(w, *in, *out)
}

// columns renames the spreadsheet's headers to paths: a dotted name
// becomes a field of a structure once the frame is unflattened.
var columns = map[string]string{
	"Order ID":       "order_id",
	"Order Date":     "date",
	"Customer":       "customer.name",
	"Customer Email": "customer.email",
	"City":           "customer.city",
	"Item":           "item",
	"Qty":            "qty",
	"Unit Price":     "unit_price",
	"Gift":           "gift",
	"Notes":          "notes",
}

// width is the line width of the tables printed: wide enough for the
// nested columns, the same on every terminal (the golden file's).
const width = 120

// readOrders reads the CSV at path, or the embedded export when path is "".
func readOrders(path string) (*frame.Frame, error) {
	if path == "" {
		return csv.Read(bytes.NewReader(ordersCSV))
	}
	return csv.ReadFile(path)
}

// run converts the CSV at csvPath ("" for the embedded one) and writes the
// Parquet file into outDir.
func run(w io.Writer, csvPath, outDir string) error {
	// 1. Read: the BOM is dropped, CRLF ends rows, types are inferred
	// (int64, date32, float64, bool; blank cells are nulls).
	flat, err := readOrders(csvPath)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "== the spreadsheet, as read")
	fmt.Fprintln(w, flat.Text(display.WithWidth(width)))

	// 2. Nest: dotted names become a customer structure, then every
	// order's lines become one list of structures.
	lines := flat.Rename(columns).Unflatten()
	orders := lines.Nest("lines", "order_id", "date", "customer", "gift")
	if err := orders.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== nested: one row per order")
	fmt.Fprintln(w, orders.SchemaTree())
	fmt.Fprintln(w)
	fmt.Fprintln(w, orders.Text(display.WithWidth(width)))
	fmt.Fprintln(w, "\n== the same, each order's lines drawn as sub-rows (expanded)")
	fmt.Fprintln(w, orders.Select("order_id", "customer.name", "lines").Text(display.WithWidth(width), display.WithExpand(true)))

	// 3. Write Parquet (nested list and struct columns), read it back.
	path := filepath.Join(outDir, "orders.parquet")
	if err := parquet.WriteFile(path, orders); err != nil {
		return err
	}
	back, err := parquet.ReadFile(path)
	if err != nil {
		return err
	}
	stats, err := parquet.Stats(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== read back from orders.parquet: %d rows in %d row group(s)\n", stats.NumRows, len(stats.RowGroups))
	want, err := orders.Tensor()
	if err != nil {
		return err
	}
	got, err := back.Tensor()
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "equal to what was written:", got.Equal(want))

	// 4. Work on the nested file: the total of each order, from its lines.
	totals := back.WithColumns(
		frame.MustParseExpr("sum(lines.qty)").Alias("items"),
	).Select("order_id", "customer.name", "items")
	if err := totals.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== items per order")
	fmt.Fprintln(w, totals.Text(display.WithWidth(width)))
	return nil
}
