package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseTemporal(t *testing.T) {
	f := FromColumns([]string{"s", "x"}, []any{"2024-03-10 01:30:00.25", "1969-12-31 23:59:59", nil, "2024-02-29 12:00:00"}, []any{1.5, 2.5, -2.5, nil}).
		WithColumns(Col("s").Str().ToDatetime("", "").Alias("t"), Col("s").Str().ToDate("").Alias("d"))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		src  string
		want []any
	}{
		{"year(t)", i32s(2024, 1969, nil, 2024)},
		{"quarter(d)", i8s(1, 4, nil, 1)},
		{"month(t)", i8s(3, 12, nil, 2)},
		{"week(d)", i8s(10, 1, nil, 9)},
		{"dayofweek(t)", i64s(0, 3, nil, 4)},
		{"DAYOFWEEK(d) = 0", []any{true, false, nil, false}},
		{"isodow(d)", i8s(7, 3, nil, 4)},
		{"dayofyear(d)", []any{int16(70), int16(365), nil, int16(60)}},
		{"day(t)", i8s(10, 31, nil, 29)},
		{"hour(t)", i8s(1, 23, nil, 12)},
		{"minute(t)", i8s(30, 59, nil, 0)},
		{"second(t)", i8s(0, 59, nil, 0)},
		{"millisecond(t)", i64s(250, 59000, nil, 0)},
		{"epoch(d)", []any{1710028800.0, -86400.0, nil, 1709164800.0}},
		{"epoch_ms(t)", i64s(1710034200250, -1000, nil, 1709208000000)},
		{"date_trunc('month', t) = TIMESTAMP '2024-03-01 00:00:00'", []any{true, false, nil, false}},
		{"strftime(date_trunc('week', d), '%Y-%m-%d')", dtStrs("2024-03-04", "1969-12-29", nil, "2024-02-26")},
		{"strftime(date_trunc('quarter', t), '%F')", dtStrs("2024-01-01", "1969-10-01", nil, "2024-01-01")},
		{"date_part('year', t) + date_part('doy', d)", i64s(2094, 2334, nil, 2084)},
		{"date_part('dow', d)", i64s(0, 3, nil, 4)},
		{"strftime(t, '%d/%m/%Y %H:%M:%S.%f')", dtStrs("10/03/2024 01:30:00.250000", "31/12/1969 23:59:59.000000", nil, "29/02/2024 12:00:00.000000")},
		{"strftime(t, '%-d %b')", dtStrs("10 Mar", "31 Dec", nil, "29 Feb")},
		{"year(strptime(s, '%Y-%m-%d %H:%M:%S.%f'))", i32s(2024, nil, nil, nil)[:0]},
		{"year(try_strptime(s, '%Y-%m-%d %H:%M:%S'))", i32s(nil, 1969, nil, 2024)},
		{"d > '2024-01-15'", []any{true, false, nil, true}},
		{"'2024-01-15' < d", []any{true, false, nil, true}},
		{"t >= '2024-03-10 01:30:00.25'", []any{true, false, nil, false}},
		{"d = DATE '2024-02-29'", []any{false, false, nil, true}},
		{"t < TIMESTAMP '1970-01-01 00:00:00'", []any{false, true, nil, false}},
		{"hour(t + INTERVAL 3 HOUR)", i8s(4, 2, nil, 15)},
		{"day(d - INTERVAL '1 day')", i8s(9, 30, nil, 28)},
		{"minute(t + INTERVAL (90) MINUTE)", i8s(0, 29, nil, 30)},
		{"day(t - TIMESTAMP '2024-02-01 00:00:00' + INTERVAL 0 DAY + TIMESTAMP '2000-01-01 00:00:00')", i8s(8, 30, nil, 29)},
		{"strftime(d + INTERVAL 1 MONTH, '%F')", dtStrs("2024-04-10", "1970-01-31", nil, "2024-03-29")},
		{"strftime(t - INTERVAL '1 year 1 day', '%F %T')", dtStrs("2023-03-09 01:30:00", "1968-12-30 23:59:59", nil, "2023-02-27 12:00:00")},
		{"strftime(INTERVAL (2) QUARTER + t, '%F')", dtStrs("2024-09-10", "1970-06-30", nil, "2024-08-29")},
		{"CAST(x AS INTEGER)", i32s(2, 2, -2, nil)}, // doubles round half to even, as DuckDB
		{"x::BIGINT", i64s(2, 2, -2, nil)},
		{"x::double::varchar", dtStrs("1.5", "2.5", "-2.5", nil)},
		{"CAST(x AS DECIMAL(4, 1))::VARCHAR", dtStrs("1.5", "2.5", "-2.5", nil)},
		{"TRY_CAST(s AS DATE) = d", []any{true, true, nil, true}},
		{"TRY_CAST('x' AS INT) is null", []any{true}},
		{"CAST(s AS TIMESTAMP) = t", []any{true, true, nil, true}},
		{"CAST('10:30' AS TIME) < TIME '11:00'", []any{true}},
		{"CAST(d AS VARCHAR)", dtStrs("2024-03-10", "1969-12-31", nil, "2024-02-29")},
		{"cast(t as timestamp with time zone)::varchar", dtStrs("2024-03-10 01:30:00.250+00:00", "1969-12-31 23:59:59+00:00", nil, "2024-02-29 12:00:00+00:00")},
	}
	for _, tt := range tests {
		e, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		got, err := exprTestEval(f, e)
		if len(tt.want) == 0 { // an error expected
			if !errors.Is(err, ErrType) {
				t.Errorf("%s: %v, want ErrType", tt.src, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %#v, want %#v", tt.src, got, tt.want)
		}
	}
}

func TestParseTemporalErrors(t *testing.T) {
	tests := []struct{ src, msg string }{
		{"CAST(x AS nosuch)", "unknown type nosuch"},
		{"CAST(x INTEGER)", "want AS"},
		{"CAST(x AS INTEGER", "want )"},
		{"CAST(x AS DECIMAL(40, 2))", "precision"},
		{"x::", "want a type name"},
		{"DATE '2024-02-30'", "not a date"},
		{"TIMESTAMP 'noon'", "not a timestamp"},
		{"TIME '25:00'", "not a time"},
		{"INTERVAL 'soon'", "pairs"},
		{"INTERVAL 3 fortnights", "unknown unit"},
		{"date_trunc('eon', t)", "unknown part"},
		{"date_part('eon', t)", "unknown part"},
		{"strftime(t, x)", "string literal"},
	}
	for _, tt := range tests {
		_, err := ParseExpr(tt.src)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v, want a syntax error saying %s", tt.src, err, tt.msg)
		}
	}
}
