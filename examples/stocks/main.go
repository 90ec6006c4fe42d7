// Command stocks analyses ten years of monthly closing prices of five
// technology companies and of the S&P 500 index (CSV files of
// vega-datasets, dates written as "Jan 1 2000") with the window,
// reshaping and join vocabulary: returns and moving averages per company
// in date order, the best months, drawdowns from each company's running
// high, a report of yearly means pivoted to one column per company, and
// an as-of join that reads each series at quarter ends, where the series
// have no observation.
//
//	go run ./examples/stocks [-stocks FILE] [-index FILE]
//
// Without flags it reads testdata/stocks.csv and testdata/sp500.csv,
// embedded in the program, so that it runs from any directory.
package main

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
)

var (
	//go:embed testdata/stocks.csv
	stocksCSV []byte
	//go:embed testdata/sp500.csv
	indexCSV []byte
)

func main() {
	if err := mainRun(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "stocks:", err)
		os.Exit(1)
	}
}

// mainRun is the command: its arguments, and where it prints.
func mainRun(args []string, w io.Writer) error {
	fl := flag.NewFlagSet("stocks", flag.ContinueOnError)
	stocksPath := fl.String("stocks", "", "a CSV of symbol,date,price rows (default: the embedded testdata/stocks.csv)")
	indexPath := fl.String("index", "", "a CSV of date,price rows of an index (default: the embedded testdata/sp500.csv)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	stocks, err := readCSV(*stocksPath, stocksCSV)
	if err != nil {
		return err
	}
	index, err := readCSV(*indexPath, indexCSV)
	if err != nil {
		return err
	}
	return run(w, stocks, index)
}

// readCSV reads a file, or the embedded bytes when no path is given.
func readCSV(path string, embedded []byte) (*frame.Frame, error) {
	if path == "" {
		return csv.Read(bytes.NewReader(embedded))
	}
	return csv.ReadFile(path)
}

// run prints the analysis of the monthly prices and the index.
func run(w io.Writer, stocks, index *frame.Frame) error {
	col := frame.Col
	text := func(f *frame.Frame) string { return f.Text(display.WithWidth(110)) }

	// "Jan 1 2000" is no ISO date: the reader keeps it as text, and
	// Strptime's format reads it.
	date := col("date").Str().ToDate("%b %d %Y").Alias("date")
	stocks = stocks.WithColumns(date)
	index = index.WithColumns(date)
	if err := firstErr(stocks, index); err != nil {
		return err
	}
	fmt.Fprintln(w, "== as read, the dates parsed")
	fmt.Fprintln(w, stocks.Schema())

	// Per company, in date order: the monthly return, the 12-month moving
	// average, the running high and the drawdown from it. Over computes
	// each within its company's rows, in the order WithOrderBy gives,
	// whatever the order of the file.
	bySymbol := func(e frame.Expr) frame.Expr {
		return e.OverExprs([]frame.Expr{col("symbol")}, frame.WithOrderBy(frame.Asc("date")))
	}
	price := col("price")
	monthly := stocks.WithColumns(
		bySymbol(price.PctChange(1)).Mul(frame.Lit(100)).Round(1).Alias("return_pct"),
		bySymbol(price.RollingMean(12)).Round(2).Alias("mean_12m"),
		bySymbol(price.CumMax()).Alias("high"),
	).WithColumns(
		price.Div(col("high")).Sub(frame.Lit(1)).Mul(frame.Lit(100)).Round(1).Alias("drawdown_pct"),
	)
	if err := monthly.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== IBM in 2008: return, 12-month mean, running high, drawdown")
	ibm := monthly.Filter(col("symbol").Eq(frame.Lit("IBM")).And(col("date").Dt().Year().Eq(frame.Lit(2008)))).Head(6)
	fmt.Fprintln(w, text(ibm))

	fmt.Fprintln(w, "\n== the five best months of any company")
	fmt.Fprintln(w, text(monthly.TopK(5, col("return_pct")).Select("symbol", "date", "price", "return_pct")))

	fmt.Fprintln(w, "\n== the deepest drawdown of each company, and when")
	deepest := monthly.GroupBy("symbol").Agg(
		col("drawdown_pct").Min().Alias("deepest_pct"),
		frame.MustParseExpr("arg_min(date, drawdown_pct)").Alias("on"),
		col("return_pct").Std().Round(2).Alias("volatility_pct"),
		col("return_pct").Median().Alias("median_return_pct"),
	).Sort(frame.Asc("deepest_pct"))
	if err := deepest.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, text(deepest))

	// A report: yearly mean price, one column per company (Pivot), as a
	// spreadsheet's pivot table; GOOG's years before its listing are null.
	fmt.Fprintln(w, "\n== yearly mean price, one column per company")
	yearly := stocks.WithColumns(col("date").Dt().Year().Alias("year")).
		Pivot([]string{"symbol"}, []string{"year"}, []string{"price"}, frame.WithAggregate(frame.Element().Mean().Round(1)))
	if err := yearly.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, text(yearly))

	// The same moving average in the text form, with DuckDB's window
	// syntax; it must agree with RollingMean's wherever twelve months are
	// there.
	sql, err := frame.ParseExpr("avg(price) OVER (PARTITION BY symbol ORDER BY date ROWS BETWEEN 11 PRECEDING AND CURRENT ROW)")
	if err != nil {
		return err
	}
	check := monthly.WithColumns(sql.Round(2).Alias("sql_mean")).
		Filter(col("mean_12m").IsNotNull()).
		SelectExprs(frame.Len().Alias("rows"), col("sql_mean").Sub(col("mean_12m")).Abs().Max().Alias("largest_difference"))
	if err := check.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== the text form's moving average against RollingMean's")
	fmt.Fprintln(w, text(check))

	// Quarter ends fall on no observation (the series are dated the 1st of
	// each month): an as-of join takes, for each company and quarter end,
	// the last price on or before it, and the index's the same way.
	quarters, err := quarterEnds(2008, 2009)
	if err != nil {
		return err
	}
	symbols := stocks.Unique([]string{"symbol"}).Select("symbol")
	grid := symbols.Join(quarters, frame.On(), frame.Cross).Sort(frame.Asc("quarter_end"))
	sorted := stocks.Sort(frame.Asc("date"))
	onDate := frame.LeftOn("quarter_end").RightOn("date")
	sampled := grid.JoinAsof(sorted, onDate, frame.WithAsofBy(frame.On("symbol"))).
		JoinAsof(index.Sort(frame.Asc("date")).Rename(map[string]string{"price": "sp500", "date": "index_date"}),
			frame.LeftOn("quarter_end").RightOn("index_date")).
		WithColumns(col("price").Div(col("sp500")).Mul(frame.Lit(1000)).Round(2).Alias("per_1000_points"))
	if err := sampled.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== each company at quarter ends, as-of the last month, against the S&P 500")
	report := sampled.Pivot([]string{"symbol"}, []string{"quarter_end"}, []string{"per_1000_points"})
	if err := report.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, text(report))
	return nil
}

// quarterEnds is a frame of the last day of each quarter of the years
// from first to last.
func quarterEnds(first, last int) (*frame.Frame, error) {
	var days []any
	for y := first; y <= last; y++ {
		for _, m := range []time.Month{time.March, time.June, time.September, time.December} {
			end := time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC) // day 0 of the next month
			days = append(days, arrow.Date32FromTime(end))
		}
	}
	f := frame.FromColumns([]string{"quarter_end"}, days)
	return f, f.Err()
}

// firstErr is the first frame's error.
func firstErr(fs ...*frame.Frame) error {
	for _, f := range fs {
		if err := f.Err(); err != nil {
			return err
		}
	}
	return nil
}
