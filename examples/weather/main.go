// Command weather analyses four years of Seattle's daily weather (a CSV
// published by NOAA, as vega-datasets bundles it) with the analysis
// vocabulary: dates taken apart (Dt), a regex over a text column, a
// when/then/otherwise, rounding, a group-by, and the same questions asked
// in the text form's DuckDB names.
//
//	go run ./examples/weather [-csv FILE]
//
// Without -csv it reads testdata/seattle-weather.csv, embedded in the
// program, so that it runs from any directory.
package main

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
)

// weatherCSV is testdata/seattle-weather.csv, read when no -csv is given.
//
//go:embed testdata/seattle-weather.csv
var weatherCSV []byte

func main() {
	if err := mainRun(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "weather:", err)
		os.Exit(1)
	}
}

// mainRun is the command: its arguments, and where it prints.
func mainRun(args []string, w io.Writer) error {
	fl := flag.NewFlagSet("weather", flag.ContinueOnError)
	in := fl.String("csv", "", "a CSV of daily weather (default: the embedded testdata/seattle-weather.csv)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	var f *frame.Frame
	var err error
	if *in == "" {
		f, err = csv.Read(bytes.NewReader(weatherCSV))
	} else {
		f, err = csv.ReadFile(*in)
	}
	if err != nil {
		return err
	}
	return run(w, f)
}

var int64Type = arrow.PrimitiveTypes.Int64

// run prints the analysis of a frame of daily weather.
func run(w io.Writer, f *frame.Frame) error {
	col := frame.Col
	fmt.Fprintln(w, "== as read (the reader types date as a date)")
	fmt.Fprintln(w, f.Schema())
	fmt.Fprintln(w, f.Head(3).Text(display.WithWidth(100)))

	// A wet day is one whose weather names rain, drizzle or snow; seasons
	// from the month; the day's range of temperature.
	month := col("date").Dt().Month()
	days := f.WithColumns(
		col("date").Dt().Year().Alias("year"),
		frame.When(month.IsIn([]int{12, 1, 2})).Then(frame.Lit("winter")).
			When(month.IsIn([]int{3, 4, 5})).Then(frame.Lit("spring")).
			When(month.IsIn([]int{6, 7, 8})).Then(frame.Lit("summer")).
			Otherwise(frame.Lit("autumn")).Alias("season"),
		col("weather").Str().Contains("^(rain|drizzle|snow)$").Alias("wet"),
		col("temp_max").Sub(col("temp_min")).Round(1).Alias("range"),
	)
	if err := days.Err(); err != nil {
		return err
	}

	fmt.Fprintln(w, "\n== by year")
	years := days.GroupBy("year").Agg(
		frame.Len().Alias("days"),
		col("wet").Cast(int64Type).Sum().Alias("wet_days"),
		col("precipitation").Sum().Round(1).Alias("rain_mm"),
		col("temp_max").Mean().Round(1).Alias("mean_max"),
		col("temp_max").Max().Alias("hottest"),
		frame.MustParseExpr("arg_max(date, temp_max)").Alias("hottest_day"), // DuckDB's arg_max in the text form
	).Sort(frame.Asc("year"))
	if err := years.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, years.Text(display.WithWidth(100)))

	fmt.Fprintln(w, "\n== by season: share of wet days and the widest range")
	seasons := days.GroupBy("season").Agg(
		col("wet").Cast(int64Type).Mean().Mul(frame.Lit(100)).Round(1).Alias("wet_pct"),
		col("range").Max().Alias("widest_range"),
		col("wind").Mean().Round(2).Alias("mean_wind"),
	).Sort(frame.Desc("wet_pct"))
	if err := seasons.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, seasons.Text(display.WithWidth(100)))

	// The same vocabulary in the text form, with DuckDB's names: what a
	// command line or a configuration file says.
	fmt.Fprintln(w, "\n== text form: sunny July days of 30 °C or more")
	hot, err := frame.ParseExpr("month(date) = 7 AND regexp_matches(weather, '^sun') AND temp_max >= 30")
	if err != nil {
		return err
	}
	label, err := frame.ParseExpr("strftime(date, '%a %d %b %Y') || ': ' || CAST(temp_max AS VARCHAR) || ' °C'")
	if err != nil {
		return err
	}
	july := days.Filter(hot).SelectExprs(label.Alias("day"), frame.MustParseExpr("CASE WHEN wind > 3 THEN 'breezy' ELSE 'calm' END").Alias("wind"))
	if err := july.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, july.Text(display.WithWidth(100)))
	return nil
}
