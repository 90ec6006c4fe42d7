package frame_test

import (
	"fmt"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// Strings in ISO 8601 parse to timestamps; Dt gives their fields, and
// Truncate groups them by month.
func ExampleExprDt() {
	f := frame.FromColumns([]string{"at"}, []string{"2024-01-15 10:30:00", "2024-02-29 23:59:59", "1969-07-20 20:17:40"})
	at := frame.Col("at").Str().ToDatetime("", "")
	fmt.Println(f.SelectExprs(
		at.Dt().Year().Alias("year"),
		at.Dt().Month().Alias("month"),
		at.Dt().Weekday().Alias("weekday"),
		at.Dt().Truncate("1mo").Dt().Strftime("%b %Y").Alias("month_of"),
	))
	// Output:
	// shape: (3, 4)
	// ┌───┬──────┬───────┬─────────┬──────────┐
	// │   │ year │ month │ weekday │ month_of │
	// │   │  i32 │    i8 │      i8 │ str      │
	// ╞═══╪══════╪═══════╪═════════╪══════════╡
	// │ 0 │ 2024 │     1 │       1 │ Jan 2024 │
	// │ 1 │ 2024 │     2 │       4 │ Feb 2024 │
	// │ 2 │ 1969 │     7 │       7 │ Jul 1969 │
	// └───┴──────┴───────┴─────────┴──────────┘
}

// A zoned timestamp shows its instants on its zone's wall clock: New
// York's clocks went forward on 2024-03-10, so 24 hours after 01:30 is
// 02:30 the next day, while OffsetBy("1d") keeps the wall clock.
func ExampleExprDt_ReplaceTimeZone() {
	f := frame.FromColumns([]string{"local"}, []string{"2024-03-10 01:30:00"})
	ny := frame.Col("local").Str().ToDatetime("", "").Dt().ReplaceTimeZone("America/New_York")
	for _, e := range []frame.Expr{
		ny,
		ny.Add(frame.Lit(24 * time.Hour)),
		ny.Dt().OffsetBy("1d"),
		ny.Dt().ConvertTimeZone("Asia/Tokyo"),
	} {
		s, err := f.SelectExprs(e.Dt().Strftime("%F %T %Z (%:z)").Alias("x")).Column("x")
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s.ToValue()[0])
	}
	// Output:
	// 2024-03-10 01:30:00 EST (-05:00)
	// 2024-03-11 02:30:00 EDT (-04:00)
	// 2024-03-11 01:30:00 EDT (-04:00)
	// 2024-03-10 15:30:00 JST (+09:00)
}

// A date column compares with a date in its text form, and the
// difference of two dates is a duration.
func ExampleExprStr_ToDate() {
	f := frame.FromColumns([]string{"ordered", "shipped"},
		[]string{"2024-01-10", "2024-01-20", "2024-02-01"},
		[]string{"2024-01-12", "2024-01-27", "2024-02-01"})
	ordered := frame.Col("ordered").Str().ToDate("")
	shipped := frame.Col("shipped").Str().ToDate("%Y-%m-%d")
	fmt.Println(f.Filter(ordered.Gt(frame.Lit("2024-01-15"))).SelectExprs(
		frame.Col("ordered"),
		shipped.Sub(ordered).Dt().TotalDays().Alias("days"),
	))
	// Output:
	// shape: (2, 2)
	// ┌───┬────────────┬──────┐
	// │   │ ordered    │ days │
	// │   │ str        │  i64 │
	// ╞═══╪════════════╪══════╡
	// │ 0 │ 2024-01-20 │    7 │
	// │ 1 │ 2024-02-01 │    0 │
	// └───┴────────────┴──────┘
}

// Cast is strict: the first value that does not convert is an error
// naming it and its row; NonStrict makes it null.
func ExampleExpr_Cast() {
	f := frame.FromColumns([]string{"n"}, []string{"12", "3.5", "x"})
	fmt.Println(f.SelectExprs(frame.Col("n").Cast(arrow.PrimitiveTypes.Int64)).Err())
	fmt.Println(f.SelectExprs(
		frame.Col("n").Cast(arrow.PrimitiveTypes.Int64, frame.NonStrict).Alias("int"),
		frame.Col("n").Cast(arrow.PrimitiveTypes.Float64, frame.NonStrict).Alias("float"),
		frame.Col("n").Cast(&arrow.Decimal128Type{Precision: 5, Scale: 2}, frame.NonStrict).Alias("decimal"),
	))
	// Output:
	// frame: SelectExprs: col(n).cast(int64): type mismatch: row 1: "3.5" does not convert to int64 (not an integer)
	// shape: (3, 3)
	// ┌───┬──────┬───────┬───────────────┐
	// │   │  int │ float │       decimal │
	// │   │  i64 │   f64 │ decimal(5, 2) │
	// ╞═══╪══════╪═══════╪═══════════════╡
	// │ 0 │   12 │  12.0 │         12.00 │
	// │ 1 │ null │   3.5 │          3.50 │
	// │ 2 │ null │  null │          null │
	// └───┴──────┴───────┴───────────────┘
}

// The text form speaks DuckDB: its date functions, CAST and typed
// literals.
func ExampleParseExpr_temporal() {
	f := frame.FromColumns([]string{"at"}, []string{"2024-03-10 01:30:00", "2024-11-03 18:00:00"})
	for _, src := range []string{
		"dayofweek(CAST(at AS TIMESTAMP))",
		"strftime(date_trunc('week', at::timestamp), '%Y-%m-%d')",
		"at::timestamp + INTERVAL 90 MINUTE > TIMESTAMP '2024-03-10 02:30:00'",
		"at::date = DATE '2024-11-03'",
	} {
		s, err := f.SelectExprs(frame.MustParseExpr(src).Alias("x")).Column("x")
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(src, "→", s.ToValue())
	}
	// Output:
	// dayofweek(CAST(at AS TIMESTAMP)) → [0 0]
	// strftime(date_trunc('week', at::timestamp), '%Y-%m-%d') → [2024-03-04 2024-10-28]
	// at::timestamp + INTERVAL 90 MINUTE > TIMESTAMP '2024-03-10 02:30:00' → [true true]
	// at::date = DATE '2024-11-03' → [false true]
}
