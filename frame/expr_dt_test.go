package frame

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// dtFrame has wall-clock strings s (with a null and pre-1970, leap-day and
// DST rows), and the same as timestamps of every unit, zoned in New York,
// as dates and as times.
func dtFrame(t *testing.T) *Frame {
	t.Helper()
	s := []any{"2024-03-10 01:30:00.123456789", "1969-12-31 23:59:59.5", nil, "2024-02-29 12:00:00", "2024-11-03 01:30:00", "2021-01-01 00:00:00"}
	ts := func(u arrow.TimeUnit, tz string) arrow.DataType { return &arrow.TimestampType{Unit: u, TimeZone: tz} }
	f := FromColumns([]string{"s"}, s).WithColumns(
		Col("s").Str().Strptime(ts(arrow.Second, ""), "%Y-%m-%d %H:%M:%S%.f", true).Alias("t_s"),
		Col("s").Str().Strptime(ts(arrow.Millisecond, ""), "", true).Alias("t_ms"),
		Col("s").Str().ToDatetime("", "").Alias("t_us"),
		Col("s").Str().Strptime(ts(arrow.Nanosecond, ""), "", true).Alias("t_ns"),
		Col("s").Str().Strptime(ts(arrow.Microsecond, "America/New_York"), "", false).Alias("ny"),
		Col("s").Str().ToDate("").Alias("d32"),
		Col("s").Str().Strptime(arrow.FixedWidthTypes.Date64, "", true).Alias("d64"),
		Col("s").Str().Strptime(arrow.FixedWidthTypes.Time32ms, "%Y-%m-%d %H:%M:%S%.f", true).Alias("tm32"),
		Col("s").Str().Strptime(arrow.FixedWidthTypes.Time64ns, "%Y-%m-%d %H:%M:%S%.f", true).Alias("tm64"),
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func i8s(v ...any) []any {
	out := make([]any, len(v))
	for i, x := range v {
		if x != nil {
			out[i] = int8(x.(int))
		}
	}
	return out
}

func i32s(v ...any) []any {
	out := make([]any, len(v))
	for i, x := range v {
		if x != nil {
			out[i] = int32(x.(int))
		}
	}
	return out
}

func i64s(v ...any) []any {
	out := make([]any, len(v))
	for i, x := range v {
		if x != nil {
			out[i] = int64(x.(int))
		}
	}
	return out
}

func dtStrs(v ...any) []any { return v }

func TestExprDtFields(t *testing.T) {
	f := dtFrame(t)
	years := i32s(2024, 1969, nil, 2024, 2024, 2021)
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"year s", Col("t_s").Dt().Year(), years},
		{"year ms", Col("t_ms").Dt().Year(), years},
		{"year us", Col("t_us").Dt().Year(), years},
		{"year ns", Col("t_ns").Dt().Year(), years},
		{"year date32", Col("d32").Dt().Year(), years},
		{"year date64", Col("d64").Dt().Year(), years},
		{"quarter", Col("t_us").Dt().Quarter(), i8s(1, 4, nil, 1, 4, 1)},
		{"month", Col("t_us").Dt().Month(), i8s(3, 12, nil, 2, 11, 1)},
		{"week ISO (2021-01-01 is week 53)", Col("d32").Dt().Week(), i8s(10, 1, nil, 9, 44, 53)},
		{"weekday Monday 1", Col("t_us").Dt().Weekday(), i8s(7, 3, nil, 4, 7, 5)},
		{"ordinal day", Col("d64").Dt().OrdinalDay(), []any{int16(70), int16(365), nil, int16(60), int16(308), int16(1)}},
		{"day", Col("t_ns").Dt().Day(), i8s(10, 31, nil, 29, 3, 1)},
		{"hour", Col("t_s").Dt().Hour(), i8s(1, 23, nil, 12, 1, 0)},
		{"hour of a time", Col("tm32").Dt().Hour(), i8s(1, 23, nil, 12, 1, 0)},
		{"minute", Col("tm64").Dt().Minute(), i8s(30, 59, nil, 0, 30, 0)},
		{"second", Col("t_ms").Dt().Second(), i8s(0, 59, nil, 0, 0, 0)},
		{"millisecond", Col("t_ns").Dt().Millisecond(), i32s(123, 500, nil, 0, 0, 0)},
		{"microsecond", Col("t_us").Dt().Microsecond(), i32s(123456, 500000, nil, 0, 0, 0)},
		{"nanosecond", Col("t_ns").Dt().Nanosecond(), i32s(123456789, 500000000, nil, 0, 0, 0)},
		{"nanosecond of ms", Col("t_ms").Dt().Nanosecond(), i32s(123000000, 500000000, nil, 0, 0, 0)},
		// New York: the fields are those of the wall clock, the instants UTC.
		{"zoned hour (ambiguous row null)", Col("ny").Dt().Hour(), i8s(1, 23, nil, 12, nil, 0)},
		{"zoned day", Col("ny").Dt().Day(), i8s(10, 31, nil, 29, nil, 1)},
		{"epoch s", Col("t_ms").Dt().Epoch("s"), i64s(1710034200, -1, nil, 1709208000, 1730597400, 1609459200)},
		{"epoch d", Col("t_us").Dt().Epoch("d"), i64s(19792, -1, nil, 19782, 20030, 18628)},
		{"epoch of zoned is the instant", Col("ny").Dt().Epoch("s"), i64s(1710052200, 17999, nil, 1709226000, nil, 1609477200)},
		{"epoch ms of date", Col("d32").Dt().Epoch("ms"), i64s(1710028800000, -86400000, nil, 1709164800000, 1730592000000, 1609459200000)},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestExprDtWindows(t *testing.T) {
	f := dtFrame(t)
	const fm = "%Y-%m-%d %H:%M:%S%.f"
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"truncate 1mo", Col("t_us").Dt().Truncate("1mo").Dt().Strftime(fm), dtStrs("2024-03-01 00:00:00", "1969-12-01 00:00:00", nil, "2024-02-01 00:00:00", "2024-11-01 00:00:00", "2021-01-01 00:00:00")},
		{"truncate 1q", Col("t_ns").Dt().Truncate("1q").Dt().Strftime("%F"), dtStrs("2024-01-01", "1969-10-01", nil, "2024-01-01", "2024-10-01", "2021-01-01")},
		{"truncate 1y date", Col("d32").Dt().Truncate("1y").Dt().Strftime("%F"), dtStrs("2024-01-01", "1969-01-01", nil, "2024-01-01", "2024-01-01", "2021-01-01")},
		{"truncate 1w Monday", Col("d64").Dt().Truncate("1w").Dt().Strftime("%F %a"), dtStrs("2024-03-04 Mon", "1969-12-29 Mon", nil, "2024-02-26 Mon", "2024-10-28 Mon", "2020-12-28 Mon")},
		{"truncate 15m", Col("t_s").Dt().Truncate("15m").Dt().Strftime(fm), dtStrs("2024-03-10 01:30:00", "1969-12-31 23:45:00", nil, "2024-02-29 12:00:00", "2024-11-03 01:30:00", "2021-01-01 00:00:00")},
		{"truncate 3d12h", Col("t_us").Dt().Truncate("3d12h").Dt().Strftime(fm), dtStrs("2024-03-07 00:00:00", "1969-12-28 12:00:00", nil, "2024-02-29 00:00:00", "2024-10-31 00:00:00", "2020-12-31 00:00:00")},
		{"round 1h", Col("t_ms").Dt().Round("1h").Dt().Strftime(fm), dtStrs("2024-03-10 02:00:00", "1970-01-01 00:00:00", nil, "2024-02-29 12:00:00", "2024-11-03 02:00:00", "2021-01-01 00:00:00")},
		{"round 1s", Col("t_ns").Dt().Round("1s").Dt().Strftime(fm), dtStrs("2024-03-10 01:30:00", "1970-01-01 00:00:00", nil, "2024-02-29 12:00:00", "2024-11-03 01:30:00", "2021-01-01 00:00:00")},
		{"offset 1mo clamps", Col("d32").Dt().OffsetBy("1mo").Dt().Strftime("%F"), dtStrs("2024-04-10", "1970-01-31", nil, "2024-03-29", "2024-12-03", "2021-02-01")},
		{"offset -1y leap day", Col("t_us").Dt().OffsetBy("-1y").Dt().Strftime("%F"), dtStrs("2023-03-10", "1968-12-31", nil, "2023-02-28", "2023-11-03", "2020-01-01")},
		{"offset 2h30m", Col("t_s").Dt().OffsetBy("2h30m").Dt().Strftime(fm), dtStrs("2024-03-10 04:00:00", "1970-01-01 02:29:59", nil, "2024-02-29 14:30:00", "2024-11-03 04:00:00", "2021-01-01 02:30:00")},
		// In New York 2024-03-10 has 23 hours: 1d keeps the wall clock.
		{"zoned offset 1d across DST", Col("ny").Dt().OffsetBy("1d").Dt().Strftime("%F %T %Z"), dtStrs("2024-03-11 01:30:00 EDT", "1970-01-01 23:59:59 EST", nil, "2024-03-01 12:00:00 EST", nil, "2021-01-02 00:00:00 EST")},
		{"zoned truncate 1d", Col("ny").Dt().Truncate("1d").Dt().Strftime("%F %T%z"), dtStrs("2024-03-10 00:00:00-0500", "1969-12-31 00:00:00-0500", nil, "2024-02-29 00:00:00-0500", nil, "2021-01-01 00:00:00-0500")},
		{"zoned add 24h crosses DST", Col("ny").Add(Lit(24 * time.Hour)).Dt().Strftime("%F %T %Z"), dtStrs("2024-03-11 02:30:00 EDT", "1970-01-01 23:59:59 EST", nil, "2024-03-01 12:00:00 EST", nil, "2021-01-02 00:00:00 EST")},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestExprDtStrftimeZones(t *testing.T) {
	f := dtFrame(t)
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"strftime all", Col("t_ns").Dt().Strftime("%a %A %b %B %j %u %w %e %I%p %y %C %.3f %6f"), dtStrs(
			"Sun Sunday Mar March 070 7 0 10 01AM 24 20 .123 123456",
			"Wed Wednesday Dec December 365 3 3 31 11PM 69 19 .500 500000", nil,
			"Thu Thursday Feb February 060 4 4 29 12PM 24 20 .000 000000",
			"Sun Sunday Nov November 308 7 0  3 01AM 24 20 .000 000000",
			"Fri Friday Jan January 001 5 5  1 12AM 21 20 .000 000000")},
		{"strftime non-ASCII literal", Col("d32").Dt().Strftime("日付 %d/%m/%Y ✓"), dtStrs("日付 10/03/2024 ✓", "日付 31/12/1969 ✓", nil, "日付 29/02/2024 ✓", "日付 03/11/2024 ✓", "日付 01/01/2021 ✓")},
		{"strftime time", Col("tm64").Dt().Strftime("%H:%M:%S%.f"), dtStrs("01:30:00.123456789", "23:59:59.500", nil, "12:00:00", "01:30:00", "00:00:00")},
		{"convert to Tokyo", Col("ny").Dt().ConvertTimeZone("Asia/Tokyo").Dt().Strftime("%F %T %z"), dtStrs("2024-03-10 15:30:00 +0900", "1970-01-01 13:59:59 +0900", nil, "2024-03-01 02:00:00 +0900", nil, "2021-01-01 14:00:00 +0900")},
		{"replace zone to UTC", Col("ny").Dt().ReplaceTimeZone("UTC").Dt().Epoch("s"), i64s(1710034200, -1, nil, 1709208000, nil, 1609459200)},
		{"replace zone to none", Col("ny").Dt().ReplaceTimeZone("").Dt().Strftime("%F %T%z"), dtStrs("2024-03-10 01:30:00", "1969-12-31 23:59:59", nil, "2024-02-29 12:00:00", nil, "2021-01-01 00:00:00")},
		{"replace zone, ambiguous earliest", Col("t_us").Dt().ReplaceTimeZone("America/New_York", Earliest).Dt().Strftime("%T %Z"), dtStrs("01:30:00 EST", "23:59:59 EST", nil, "12:00:00 EST", "01:30:00 EDT", "00:00:00 EST")},
		{"replace zone, ambiguous latest", Col("t_us").Dt().ReplaceTimeZone("America/New_York", Latest).Dt().Strftime("%T %Z"), dtStrs("01:30:00 EST", "23:59:59 EST", nil, "12:00:00 EST", "01:30:00 EST", "00:00:00 EST")},
		{"replace zone, null", Col("t_us").Dt().OffsetBy("1h").Dt().ReplaceTimeZone("America/New_York", NullAmbiguous).Dt().Hour(), i8s(nil, 0, nil, 13, 2, 1)},
		{"fixed offset zone", Col("t_us").Dt().ReplaceTimeZone("+05:30").Dt().Strftime("%H:%M %:z"), dtStrs("01:30 +05:30", "23:59 +05:30", nil, "12:00 +05:30", "01:30 +05:30", "00:00 +05:30")},
		{"date of zoned", Col("ny").Dt().Date().Dt().Strftime("%F"), dtStrs("2024-03-10", "1969-12-31", nil, "2024-02-29", nil, "2021-01-01")},
		{"time of ts", Col("t_ms").Dt().Time().Dt().Strftime("%T%.f"), dtStrs("01:30:00.123", "23:59:59.500", nil, "12:00:00", "01:30:00", "00:00:00")},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestExprDtErrors: bad arguments are found before any row is read, DST
// gaps and overlaps are errors by default, types are checked.
func TestExprDtErrors(t *testing.T) {
	f := dtFrame(t)
	empty := f.Filter(Lit(false))
	tests := []struct {
		name string
		f    *Frame
		e    Expr
		kind error
		msg  []string
	}{
		{"bad every", empty, Col("t_us").Dt().Truncate("1x"), ErrArgument, []string{`"1x"`, "unit"}},
		{"mixed every", empty, Col("t_us").Dt().Truncate("1mo2d"), ErrArgument, []string{"mixes months"}},
		{"bad format", empty, Col("t_us").Dt().Strftime("%Q"), ErrArgument, []string{"%Q"}},
		{"bad zone", empty, Col("t_us").Dt().ReplaceTimeZone("Mars/Base"), ErrArgument, []string{"Mars/Base"}},
		{"bad epoch unit", empty, Col("t_us").Dt().Epoch("fortnight"), ErrArgument, []string{"fortnight"}},
		{"bad strptime format", empty, Col("s").Str().ToDate("%Y-%q"), ErrArgument, []string{"%q"}},
		{"ambiguous raises", f, Col("t_us").Dt().ReplaceTimeZone("America/New_York"), ErrArgument, []string{"row 4", "2024-11-03 01:30:00", "ambiguous"}},
		{"gap raises", f, Col("t_us").Dt().OffsetBy("1h").Dt().ReplaceTimeZone("America/New_York"), ErrArgument, []string{"row 0", "2024-03-10 02:30:00", "does not exist"}},
		{"parse gap raises", f, Col("s").Str().ToDatetime("", "America/New_York"), ErrType, []string{"row 4", "ambiguous"}},
		{"convert naive", f, Col("t_us").Dt().ConvertTimeZone("UTC"), ErrType, []string{"ReplaceTimeZone"}},
		{"year of string", f, Col("s").Dt().Year(), ErrType, []string{"dt.year", "string"}},
		{"year of time", f, Col("tm64").Dt().Year(), ErrType, []string{"time64"}},
		{"total of a timestamp", f, Col("t_us").Dt().TotalDays(), ErrType, []string{"total_days"}},
		{"parse strict", f, Col("s").Str().ToDate("%Y/%m/%d"), ErrType, []string{"row 0", `"2024-03-10 01:30:00.123456789"`}},
		{"string literal", f, Col("d32").Gt(Lit("2024-02-30")), ErrType, []string{`"2024-02-30"`, "date32"}},
		{"date plus date", f, Col("d32").Add(Col("d32")), ErrType, []string{"add"}},
	}
	for _, tt := range tests {
		_, err := exprTestEval(tt.f, tt.e)
		if !errors.Is(err, tt.kind) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.kind)
			continue
		}
		for _, m := range tt.msg {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("%s: %v does not say %s", tt.name, err, m)
			}
		}
	}
}

func TestExprDtArith(t *testing.T) {
	f := dtFrame(t)
	base := FromColumns([]string{"a", "b"}, []any{"2024-03-10", "1969-12-31", nil}, []any{"2024-02-28", "1970-01-02", "2000-01-01"}).WithColumns(
		Col("a").Str().ToDate("").Alias("da"), Col("b").Str().ToDate("").Alias("db"),
		Col("a").Str().ToDatetime("", "").Alias("ta"), Col("b").Str().Strptime(&arrow.TimestampType{Unit: arrow.Nanosecond}, "", true).Alias("tb"))
	tests := []struct {
		name string
		f    *Frame
		e    Expr
		want []any
	}{
		{"date - date in days", base, Col("da").Sub(Col("db")).Dt().TotalDays(), i64s(11, -2, nil)},
		{"date - date is duration[ms]", base, Col("da").Sub(Col("db")).Dt().TotalMilliseconds(), i64s(11*86400000, -2*86400000, nil)},
		{"ts - ts (us and ns)", base, Col("ta").Sub(Col("tb")).Dt().TotalHours(), i64s(264, -48, nil)},
		{"ts - ts in ns", base, Col("ta").Sub(Col("tb")).Dt().TotalNanoseconds(), i64s(264*3600_000_000_000, -48*3600_000_000_000, nil)},
		{"ts + duration", base, Col("ta").Add(Lit(90 * time.Minute)).Dt().Strftime("%F %R"), dtStrs("2024-03-10 01:30", "1969-12-31 01:30", nil)},
		{"duration + ts", base, Lit(-time.Hour).Add(Col("ta")).Dt().Strftime("%F %R"), dtStrs("2024-03-09 23:00", "1969-12-30 23:00", nil)},
		{"date + duration floors", base, Col("da").Add(Lit(-time.Hour)).Dt().Strftime("%F"), dtStrs("2024-03-09", "1969-12-30", nil)},
		{"date - duration", base, Col("da").Sub(Lit(48 * time.Hour)).Dt().Strftime("%F"), dtStrs("2024-03-08", "1969-12-29", nil)},
		{"duration * int", base, Col("da").Sub(Col("db")).Mul(Lit(2)).Dt().TotalDays(), i64s(22, -4, nil)},
		{"-duration", base, Col("da").Sub(Col("db")).Neg().Dt().TotalDays(), i64s(-11, 2, nil)},
		{"duration - duration", base, Col("ta").Sub(Col("tb")).Sub(Lit(time.Hour)).Dt().TotalHours(), i64s(263, -49, nil)},
		{"null duration", base, Col("ta").Add(Lit(nil)).IsNull(), []any{true, true, true}},
		{"date > string", base, Col("da").Gt(Lit("2024-01-15")), []any{true, false, nil}},
		{"string <= ts", base, Lit("1970-01-01T00:00:00Z").Le(Col("tb")), []any{true, true, true}},
		{"ts vs date literal", base, Col("tb").Ge(Lit(arrow.Date32(0))), []any{true, true, true}},
		{"ts us vs ts ns columns", base, Col("ta").Gt(Col("tb")), []any{true, false, nil}},
		{"zoned vs string in its zone", f, Col("ny").Lt(Lit("2024-03-10 01:30:01")), []any{true, true, nil, true, nil, true}},
		{"date vs time.Time", base, Col("db").Eq(Lit(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))), []any{false, false, true}},
		{"duration vs time.Duration", base, Col("da").Sub(Col("db")).Gt(Lit(24 * time.Hour)), []any{true, false, nil}},
	}
	for _, tt := range tests {
		got, err := exprTestEval(tt.f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestExprDtParse(t *testing.T) {
	f := FromColumns([]string{"s"}, []any{"2024-01-15", "15/01/2024", nil, "", "Ünïcödé", "日本語 🙂", "2024-01-15T10:00:00+01:00"})
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"lenient ISO date", Col("s").Str().Strptime(arrow.FixedWidthTypes.Date32, "", false).Dt().Strftime("%F"), dtStrs("2024-01-15", nil, nil, nil, nil, nil, "2024-01-15")},
		{"lenient format", Col("s").Str().Strptime(arrow.FixedWidthTypes.Date32, "%d/%m/%Y", false).Dt().Strftime("%F"), dtStrs(nil, "2024-01-15", nil, nil, nil, nil, nil)},
		{"offsets give UTC", Col("s").Str().Strptime(&arrow.TimestampType{Unit: arrow.Millisecond}, "%Y-%m-%dT%H:%M:%S%:z", false).Dt().Strftime("%F %T %Z"), dtStrs(nil, nil, nil, nil, nil, nil, "2024-01-15 09:00:00 UTC")},
		{"offsets to a zone", Col("s").Str().Strptime(&arrow.TimestampType{Unit: arrow.Second, TimeZone: "Europe/Paris"}, "%Y-%m-%dT%H:%M:%S%z", false).Dt().Strftime("%F %T %Z"), dtStrs(nil, nil, nil, nil, nil, nil, "2024-01-15 10:00:00 CET")},
		{"time", Lit("23:59:58.25").Str().ToTime("").Dt().Strftime("%T%.f"), dtStrs("23:59:58.250")},
		{"time by format", Lit("7:05 PM").Str().ToTime("%I:%M %p").Dt().Hour(), i8s(19)},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestExprDtNested reaches a date inside a list of structures by a path,
// after Explode, and inside a structure.
func TestExprDtNested(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"id": int64(1), "meta": map[string]any{"at": "2024-02-29"}, "events": []any{map[string]any{"at": "2024-03-10T01:30:00"}, map[string]any{"at": "1969-07-20T20:17:40"}}},
		map[string]any{"id": int64(2), "meta": nil, "events": []any{}},
		map[string]any{"id": int64(3), "meta": map[string]any{"at": nil}, "events": []any{map[string]any{"at": nil}}},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	got, err := exprTestEval(f, Col("meta.at").Str().ToDate("").Dt().Month())
	if err != nil || !reflect.DeepEqual(got, i8s(2, nil, nil)) {
		t.Errorf("meta.at month = %v, %v", got, err)
	}
	// Without exploding: a list per row.
	got, err = exprTestEval(f, Col("events.at").Str().ToDatetime("", "").Dt().Strftime("%Y %b"))
	if err != nil || !reflect.DeepEqual(got, []any{[]any{"2024 Mar", "1969 Jul"}, []any{}, []any{nil}}) {
		t.Errorf("events.at as lists = %v, %v", got, err)
	}
	ex := f.Explode([]string{"events"}).WithColumns(Col("events.at").Str().ToDatetime("", "").Dt().Year().Alias("y"))
	y, err := ex.Column("y")
	if err != nil {
		t.Fatal(err)
	}
	if got := y.ToValue(); !reflect.DeepEqual(got, i32s(2024, 1969, nil, nil)) {
		t.Errorf("events.at year = %v", got)
	}
}

func TestExprDtTotals(t *testing.T) {
	f := FromColumns([]string{"ns"}, []any{int64(90061001001001), int64(-1), nil, int64(0)}).WithColumns(
		Col("ns").Cast(arrow.FixedWidthTypes.Duration_ns).Alias("d"),
		Col("ns").Cast(arrow.FixedWidthTypes.Duration_ns).Cast(arrow.FixedWidthTypes.Duration_s).Alias("ds"))
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"days", Col("d").Dt().TotalDays(), i64s(1, 0, nil, 0)},
		{"hours", Col("d").Dt().TotalHours(), i64s(25, 0, nil, 0)},
		{"minutes", Col("d").Dt().TotalMinutes(), i64s(1501, 0, nil, 0)},
		{"seconds", Col("d").Dt().TotalSeconds(), i64s(90061, 0, nil, 0)},
		{"ms", Col("d").Dt().TotalMilliseconds(), i64s(90061001, 0, nil, 0)},
		{"us", Col("d").Dt().TotalMicroseconds(), i64s(90061001001, 0, nil, 0)},
		{"ns", Col("d").Dt().TotalNanoseconds(), i64s(90061001001001, -1, nil, 0)},
		{"ns of seconds (floored cast)", Col("ds").Dt().TotalNanoseconds(), i64s(90061000000000, -1000000000, nil, 0)},
		{"to string", Col("d").Cast(arrow.BinaryTypes.String), dtStrs("1d 1h 1m 1s 1ms 1us 1ns", "-1ns", nil, "0s")},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestDtFieldOfDays checks the table path (a short span of many rows) and
// the direct path against the field computed row by row, across year
// ends, before 1970 and with a row far away that makes the span long.
func TestDtFieldOfDays(t *testing.T) {
	cases := map[string][]int64{
		"short span across 1969-12-31":  spread(-3, 3, 40),
		"short span across a year end":  spread(364-2, 365+2, 40), // 1970-12-29 to 1971-01-02
		"short span in a leap February": spread(11016, 11020, 40), // 2000-02-27 to 2000-03-02
		"long span":                     {0, 1, 2_000_000, -700_000},
		"one row":                       {19000},
		"empty":                         {},
	}
	for name, days := range cases {
		if strings.HasPrefix(name, "short") && (slices.Max(days)-slices.Min(days))*4 >= int64(len(days)) {
			t.Fatalf("%s: the span of %d rows does not take the table path", name, len(days))
		}
		for _, field := range []struct {
			name string
			fn   func(days, ns int64) int64
		}{{"year", dtYear}, {"month", dtMonth}} {
			got := append([]int64(nil), days...)
			dtFieldOfDays(got, field.fn)
			for i, d := range days {
				if want := field.fn(d, 0); got[i] != want {
					t.Errorf("%s, %s of day %d = %d, want %d", name, field.name, d, got[i], want)
				}
			}
		}
	}
}

// spread is n day counts cycling through lo..hi.
func spread(lo, hi int64, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = lo + int64(i)%(hi-lo+1)
	}
	return out
}
