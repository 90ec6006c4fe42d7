package frame

import "testing"

// TestParseTimeBucket checks time_bucket against DuckDB (@duckdb/node-api 1.5.6: the
// expected values are its output for the same literals).
func TestParseTimeBucket(t *testing.T) {
	f := FromColumns([]string{"ts", "d"}, []any{"2024-03-05 10:38:20", "2024-03-05 10:18:20", "1999-03-05 00:00:00", nil}, []any{"2024-03-05", "1999-03-05", "2024-03-05", nil}).
		WithColumns(Col("ts").Str().ToDatetime("", "").Alias("ts"), Col("d").Str().ToDate("").Alias("d"))
	tests := []struct {
		src  string
		want []any
	}{
		{"strftime(time_bucket(INTERVAL 15 MINUTE, ts), '%Y-%m-%d %H:%M')", []any{"2024-03-05 10:30", "2024-03-05 10:15", "1999-03-05 00:00", nil}},
		{"strftime(time_bucket(INTERVAL 3 DAY, ts), '%Y-%m-%d %H:%M')", []any{"2024-03-03 00:00", "2024-03-03 00:00", "1999-03-03 00:00", nil}},
		{"strftime(time_bucket(INTERVAL 1 WEEK, ts), '%Y-%m-%d')", []any{"2024-03-04", "2024-03-04", "1999-03-01", nil}},
		{"strftime(time_bucket(INTERVAL 5 MONTH, ts), '%Y-%m-%d')", []any{"2024-03-01", "2024-03-01", "1999-03-01", nil}},
		{"strftime(time_bucket(INTERVAL 1 HOUR, ts, INTERVAL 30 MINUTE), '%H:%M')", []any{"10:30", "09:30", "23:30", nil}},
		{"strftime(time_bucket(INTERVAL 2 HOUR, ts, TIMESTAMP '2024-01-01 01:00:00'), '%H:%M')", []any{"09:00", "09:00", "23:00", nil}},
		{"strftime(time_bucket(INTERVAL 2 MONTH, ts, TIMESTAMP '2024-01-15 00:00:00'), '%Y-%m-%d')", []any{"2024-03-01", "2024-03-01", "1999-03-01", nil}},
		{"strftime(time_bucket(INTERVAL 1 MONTH, ts, INTERVAL 2 DAY), '%Y-%m-%d')", []any{"2024-03-03", "2024-03-03", "1999-03-03", nil}},
		{"strftime(time_bucket(INTERVAL 3 DAY, d), '%Y-%m-%d')", []any{"2024-03-03", "1999-03-03", "2024-03-03", nil}},
		{"strftime(time_bucket(INTERVAL 1 YEAR, d), '%Y-%m-%d')", []any{"2024-01-01", "1999-01-01", "2024-01-01", nil}},
	}
	for _, tt := range tests {
		e, err := ParseExpr(tt.src)
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		got, err := exprTestEval(f, e)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if !rollSame(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.src, got, tt.want)
		}
	}
	for _, src := range []string{
		"time_bucket(INTERVAL '1 month 2 days', d)",
		"time_bucket(INTERVAL 0 DAY, d)",
		"time_bucket(3, d)",
		"time_bucket(INTERVAL 1 DAY, 'x')",
	} {
		e, err := ParseExpr(src)
		if err == nil {
			_, err = exprTestEval(f, e)
		}
		if err == nil {
			t.Errorf("%s: no error", src)
		}
	}
}
