package csv

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// arrowJSON builds an array of dt from its JSON text.
func arrowJSON(t testing.TB, dt arrow.DataType, text string) arrow.Array {
	t.Helper()
	a, _, err := array.FromJSON(memory.DefaultAllocator, dt, strings.NewReader(text))
	if err != nil {
		t.Fatalf("FromJSON %s %s: %v", dt, text, err)
	}
	return a
}

// writeTypeCases is one column of each Arrow type a CSV cell can hold,
// built from JSON whose first and last items are there to be sliced off,
// and the cells written for the whole column.
func writeTypeCases(t testing.TB) []struct {
	name string
	arr  arrow.Array
	want []string
} {
	dict := func(idx arrow.DataType, vals arrow.Array) arrow.Array {
		dt := &arrow.DictionaryType{IndexType: idx, ValueType: vals.DataType()}
		return array.NewDictionaryArray(dt, arrowJSON(t, idx, `[1, 0, null, 2, 1]`), vals)
	}
	mk := func(dt arrow.DataType, text string) arrow.Array { return arrowJSON(t, dt, text) }
	return []struct {
		name string
		arr  arrow.Array
		want []string
	}{
		{"int8", mk(arrow.PrimitiveTypes.Int8, `[1, -128, null, 127, 2]`), []string{"1", "-128", "", "127", "2"}},
		{"int16", mk(arrow.PrimitiveTypes.Int16, `[1, -32768, null, 32767, 2]`), []string{"1", "-32768", "", "32767", "2"}},
		{"int32", mk(arrow.PrimitiveTypes.Int32, `[1, -2147483648, null, 2147483647, 2]`), []string{"1", "-2147483648", "", "2147483647", "2"}},
		{"int64", mk(arrow.PrimitiveTypes.Int64, `[1, -9223372036854775808, null, 9223372036854775807, 2]`), []string{"1", "-9223372036854775808", "", "9223372036854775807", "2"}},
		{"uint8", mk(arrow.PrimitiveTypes.Uint8, `[1, 0, null, 255, 2]`), []string{"1", "0", "", "255", "2"}},
		{"uint16", mk(arrow.PrimitiveTypes.Uint16, `[1, 0, null, 65535, 2]`), []string{"1", "0", "", "65535", "2"}},
		{"uint32", mk(arrow.PrimitiveTypes.Uint32, `[1, 0, null, 4294967295, 2]`), []string{"1", "0", "", "4294967295", "2"}},
		{"uint64", mk(arrow.PrimitiveTypes.Uint64, `[1, 0, null, 18446744073709551615, 2]`), []string{"1", "0", "", "18446744073709551615", "2"}},
		{"float16", mk(arrow.FixedWidthTypes.Float16, `[1, 1.5, null, 2, 3]`), []string{"1", "1.5", "", "2", "3"}},
		{"float32", mk(arrow.PrimitiveTypes.Float32, `[1, 0.1, null, 2, 3]`), []string{"1.0", "0.1", "", "2.0", "3.0"}},
		{"float64", mk(arrow.PrimitiveTypes.Float64, `[1, 0.1, null, 1e21, 3]`), []string{"1.0", "0.1", "", "1e+21", "3.0"}},
		{"bool", mk(arrow.FixedWidthTypes.Boolean, `[false, true, null, false, true]`), []string{"false", "true", "", "false", "true"}},
		{"string", mk(arrow.BinaryTypes.String, `["skip", "a,b", null, "", "skip"]`), []string{"skip", "\"a,b\"", "", "\"\"", "skip"}},
		{"large_string", mk(arrow.BinaryTypes.LargeString, `["skip", "a,b", null, "", "skip"]`), []string{"skip", "\"a,b\"", "", "\"\"", "skip"}},
		{"string_view", mk(arrow.BinaryTypes.StringView, `["skip", "a string longer than twelve", null, "", "skip"]`), []string{"skip", "a string longer than twelve", "", `""`, "skip"}},
		{"binary", mk(arrow.BinaryTypes.Binary, `["c2tpcA==", "AAEC+g==", null, "", "c2tpcA=="]`), []string{"c2tpcA==", "AAEC+g==", "", "", "c2tpcA=="}},
		{"large_binary", mk(arrow.BinaryTypes.LargeBinary, `["c2tpcA==", "aGk=", null, "", "c2tpcA=="]`), []string{"c2tpcA==", "aGk=", "", "", "c2tpcA=="}},
		{"binary_view", mk(arrow.BinaryTypes.BinaryView, `["c2tpcA==", "aGVsbG8=", null, "", "c2tpcA=="]`), []string{"c2tpcA==", "aGVsbG8=", "", "", "c2tpcA=="}},
		{"fixed_size_binary", mk(&arrow.FixedSizeBinaryType{ByteWidth: 2}, `["AAA=", "AQI=", null, "//8=", "AAA="]`), []string{"AAA=", "AQI=", "", "//8=", "AAA="}},
		{"date32", mk(arrow.FixedWidthTypes.Date32, `["2000-01-01", "2024-01-02", null, "1969-12-31", "2000-01-01"]`), []string{"2000-01-01", "2024-01-02", "", "1969-12-31", "2000-01-01"}},
		{"date64", mk(arrow.FixedWidthTypes.Date64, `["2000-01-01", "2024-01-02", null, "1969-12-31", "2000-01-01"]`), []string{"2000-01-01", "2024-01-02", "", "1969-12-31", "2000-01-01"}},
		{"timestamp_s", mk(&arrow.TimestampType{Unit: arrow.Second}, `[0, 1704164645, null, -1, 0]`), []string{"1970-01-01T00:00:00", "2024-01-02T03:04:05", "", "1969-12-31T23:59:59", "1970-01-01T00:00:00"}},
		{"timestamp_ms_utc", mk(&arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"}, `[0, 1704164645123, null, -1, 0]`), []string{"1970-01-01T00:00:00Z", "2024-01-02T03:04:05.123Z", "", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z"}},
		{"timestamp_us_paris", mk(&arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "Europe/Paris"}, `[0, 1704164645123456, null, 1, 0]`), []string{"1970-01-01T00:00:00Z", "2024-01-02T03:04:05.123456Z", "", "1970-01-01T00:00:00.000001Z", "1970-01-01T00:00:00Z"}},
		{"timestamp_ns", mk(&arrow.TimestampType{Unit: arrow.Nanosecond}, `[0, 1704164645000000001, null, 1, 0]`), []string{"1970-01-01T00:00:00", "2024-01-02T03:04:05.000000001", "", "1970-01-01T00:00:00.000000001", "1970-01-01T00:00:00"}},
		{"time32", mk(arrow.FixedWidthTypes.Time32ms, `["00:00:00", "23:59:59.004", null, "01:02:03", "00:00:00"]`), []string{"00:00:00.000", "23:59:59.004", "", "01:02:03.000", "00:00:00.000"}},
		{"time64", mk(arrow.FixedWidthTypes.Time64ns, `["00:00:00", "00:00:00.123456789", null, "01:02:03", "00:00:00"]`), []string{"00:00:00.000000000", "00:00:00.123456789", "", "01:02:03.000000000", "00:00:00.000000000"}},
		{"duration", mk(arrow.FixedWidthTypes.Duration_ms, `[0, 1500, null, -3, 0]`), []string{"0ms", "1500ms", "", "-3ms", "0ms"}},
		{"decimal32", mk(&arrow.Decimal32Type{Precision: 5, Scale: 1}, `["0", "-9.5", null, "1.0", "0"]`), []string{"0", "-9.5", "", "1", "0"}},
		{"decimal64", mk(&arrow.Decimal64Type{Precision: 12, Scale: 4}, `["0", "3.1416", null, "-1", "0"]`), []string{"0", "3.1416", "", "-1", "0"}},
		{"decimal128", mk(&arrow.Decimal128Type{Precision: 10, Scale: 2}, `["0", "-12.50", null, "0.05", "0"]`), []string{"0", "-12.5", "", "0.05", "0"}},
		{"decimal256", mk(&arrow.Decimal256Type{Precision: 50, Scale: 3}, `["0", "-1234567890123456789012345678901234567890.125", null, "1", "0"]`), []string{"0", "-1234567890123456789012345678901234567890.125", "", "1", "0"}},
		{"month_interval", mk(arrow.FixedWidthTypes.MonthInterval, `[{"months": 0}, {"months": 14}, null, {"months": -1}, {"months": 0}]`), []string{"0", "14", "", "-1", "0"}},
		{"day_time_interval", mk(arrow.FixedWidthTypes.DayTimeInterval, `[{"days": 0, "milliseconds": 0}, {"days": 1, "milliseconds": -500}, null, {"days": 2, "milliseconds": 3}, {"days": 0, "milliseconds": 0}]`), []string{"\"{\"\"days\"\":0,\"\"milliseconds\"\":0}\"", "\"{\"\"days\"\":1,\"\"milliseconds\"\":-500}\"", "", "\"{\"\"days\"\":2,\"\"milliseconds\"\":3}\"", "\"{\"\"days\"\":0,\"\"milliseconds\"\":0}\""}},
		{"month_day_nano_interval", mk(arrow.FixedWidthTypes.MonthDayNanoInterval, `[{"months": 0, "days": 0, "nanoseconds": 0}, {"months": 2, "days": 3, "nanoseconds": 4}, null, {"months": -1, "days": 0, "nanoseconds": 0}, {"months": 0, "days": 0, "nanoseconds": 0}]`), []string{"\"{\"\"months\"\":0,\"\"days\"\":0,\"\"nanoseconds\"\":0}\"", "\"{\"\"months\"\":2,\"\"days\"\":3,\"\"nanoseconds\"\":4}\"", "", "\"{\"\"months\"\":-1,\"\"days\"\":0,\"\"nanoseconds\"\":0}\"", "\"{\"\"months\"\":0,\"\"days\"\":0,\"\"nanoseconds\"\":0}\""}},
		{"dictionary_string", dict(arrow.PrimitiveTypes.Int8, mk(arrow.BinaryTypes.String, `["a,b", "x", ""]`)), []string{"x", `"a,b"`, "", `""`, "x"}},
		{"dictionary_int64", dict(arrow.PrimitiveTypes.Uint32, mk(arrow.PrimitiveTypes.Int64, `[7, -8, 9]`)), []string{"-8", "7", "", "9", "-8"}},
		{"dictionary_null_entry", dict(arrow.PrimitiveTypes.Int16, mk(arrow.BinaryTypes.String, `["a", null, "b"]`)), []string{"", "a", "", "b", ""}},
		{"dictionary_float64", dict(arrow.PrimitiveTypes.Int64, mk(arrow.PrimitiveTypes.Float64, `[1, 0.5, 2]`)), []string{"0.5", "1.0", "", "2.0", "0.5"}},
		{"null", array.NewNull(5), []string{"", "", "", "", ""}},
	}
}

// TestWriteEveryType writes one column of each type, whole and sliced:
// the cells of the whole as documented, the slice's those of its rows.
// Strings are quoted where they would read back as null whatever their
// layout (views too); a dictionary's cells are those of its values (a
// null entry a null cell, floats as floats).
func TestWriteEveryType(t *testing.T) {
	for _, tc := range writeTypeCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			defer tc.arr.Release()
			whole := writeString(t, frame.FromColumns([]string{"v"}, tc.arr))
			if want := "v\n" + strings.Join(tc.want, "\n") + "\n"; whole != want {
				t.Errorf("got %q, want %q", whole, want)
			}
			s := array.NewSlice(tc.arr, 1, int64(tc.arr.Len()-1))
			defer s.Release()
			part := writeString(t, frame.FromColumns([]string{"v"}, s))
			if want := "v\n" + strings.Join(tc.want[1:len(tc.want)-1], "\n") + "\n"; part != want {
				t.Errorf("slice: got %q, want %q", part, want)
			}
		})
	}
}
