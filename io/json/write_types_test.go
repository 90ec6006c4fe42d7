package json

import (
	"bytes"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
)

// TestWriteSlicedEveryType writes one column of each Arrow type, whole
// and sliced (its first and last items cut off, so that every writer
// reads its buffers at an offset), and with nulls and without: the items
// of the whole as documented, the slice's those of its rows.
func TestWriteSlicedEveryType(t *testing.T) {
	dict := func(idx arrow.DataType, vals arrow.Array) arrow.Array {
		dt := &arrow.DictionaryType{IndexType: idx, ValueType: vals.DataType()}
		return array.NewDictionaryArray(dt, arrowJSON(t, idx, `[1, 0, null, 2, 1]`), vals)
	}
	mk := func(dt arrow.DataType, text string) arrow.Array { return arrowJSON(t, dt, text) }
	for _, tc := range []struct {
		name string
		arr  arrow.Array
		want []string
	}{
		{"int8", mk(arrow.PrimitiveTypes.Int8, `[1, -128, null, 127, 2]`), []string{"1", "-128", "null", "127", "2"}},
		{"int16", mk(arrow.PrimitiveTypes.Int16, `[1, -32768, null, 32767, 2]`), []string{"1", "-32768", "null", "32767", "2"}},
		{"int32", mk(arrow.PrimitiveTypes.Int32, `[1, -2147483648, null, 2147483647, 2]`), []string{"1", "-2147483648", "null", "2147483647", "2"}},
		{"int64", mk(arrow.PrimitiveTypes.Int64, `[1, -9223372036854775808, null, 9223372036854775807, 2]`), []string{"1", "-9223372036854775808", "null", "9223372036854775807", "2"}},
		{"uint8", mk(arrow.PrimitiveTypes.Uint8, `[1, 0, null, 255, 2]`), []string{"1", "0", "null", "255", "2"}},
		{"uint16", mk(arrow.PrimitiveTypes.Uint16, `[1, 0, null, 65535, 2]`), []string{"1", "0", "null", "65535", "2"}},
		{"uint32", mk(arrow.PrimitiveTypes.Uint32, `[1, 0, null, 4294967295, 2]`), []string{"1", "0", "null", "4294967295", "2"}},
		{"uint64", mk(arrow.PrimitiveTypes.Uint64, `[1, 0, null, 18446744073709551615, 2]`), []string{"1", "0", "null", "18446744073709551615", "2"}},
		{"float16", mk(arrow.FixedWidthTypes.Float16, `[1, 1.5, null, 2, 3]`), []string{"1.0", "1.5", "null", "2.0", "3.0"}},
		{"float32", mk(arrow.PrimitiveTypes.Float32, `[1, 0.1, null, 2, 3]`), []string{"1.0", "0.1", "null", "2.0", "3.0"}},
		{"float64", mk(arrow.PrimitiveTypes.Float64, `[1, 0.1, null, 1e21, 3]`), []string{"1.0", "0.1", "null", "1e+21", "3.0"}},
		{"bool", mk(arrow.FixedWidthTypes.Boolean, `[false, true, null, false, true]`), []string{"false", "true", "null", "false", "true"}},
		{"string", mk(arrow.BinaryTypes.String, `["skip", "a\"b", null, "", "skip"]`), []string{"\"skip\"", "\"a\\\"b\"", "null", "\"\"", "\"skip\""}},
		{"large_string", mk(arrow.BinaryTypes.LargeString, `["skip", "a\"b", null, "<", "skip"]`), []string{"\"skip\"", "\"a\\\"b\"", "null", "\"<\"", "\"skip\""}},
		{"string_view", mk(arrow.BinaryTypes.StringView, `["skip", "a string longer than twelve", null, "", "skip"]`), []string{"\"skip\"", "\"a string longer than twelve\"", "null", "\"\"", "\"skip\""}},
		{"binary", mk(arrow.BinaryTypes.Binary, `["c2tpcA==", "AAEC+g==", null, "", "c2tpcA=="]`), []string{"\"c2tpcA==\"", "\"AAEC+g==\"", "null", "\"\"", "\"c2tpcA==\""}},
		{"large_binary", mk(arrow.BinaryTypes.LargeBinary, `["c2tpcA==", "aGk=", null, "", "c2tpcA=="]`), []string{"\"c2tpcA==\"", "\"aGk=\"", "null", "\"\"", "\"c2tpcA==\""}},
		{"binary_view", mk(arrow.BinaryTypes.BinaryView, `["c2tpcA==", "YSBzdHJpbmcgbG9uZ2VyIHRoYW4gdHdlbHZl", null, "", "c2tpcA=="]`), []string{"\"c2tpcA==\"", "\"YSBzdHJpbmcgbG9uZ2VyIHRoYW4gdHdlbHZl\"", "null", "\"\"", "\"c2tpcA==\""}},
		{"fixed_size_binary", mk(&arrow.FixedSizeBinaryType{ByteWidth: 2}, `["AAA=", "AQI=", null, "//8=", "AAA="]`), []string{"\"AAA=\"", "\"AQI=\"", "null", "\"//8=\"", "\"AAA=\""}},
		{"date32", mk(arrow.FixedWidthTypes.Date32, `["2000-01-01", "2024-01-02", null, "1969-12-31", "2000-01-01"]`), []string{"\"2000-01-01\"", "\"2024-01-02\"", "null", "\"1969-12-31\"", "\"2000-01-01\""}},
		{"date64", mk(arrow.FixedWidthTypes.Date64, `["2000-01-01", "2024-01-02", null, "1969-12-31", "2000-01-01"]`), []string{"\"2000-01-01\"", "\"2024-01-02\"", "null", "\"1969-12-31\"", "\"2000-01-01\""}},
		{"timestamp_s", mk(&arrow.TimestampType{Unit: arrow.Second}, `[0, 1704164645, null, -1, 0]`), []string{"\"1970-01-01T00:00:00\"", "\"2024-01-02T03:04:05\"", "null", "\"1969-12-31T23:59:59\"", "\"1970-01-01T00:00:00\""}},
		{"timestamp_ms_utc", mk(&arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"}, `[0, 1704164645123, null, -1, 0]`), []string{"\"1970-01-01T00:00:00.000Z\"", "\"2024-01-02T03:04:05.123Z\"", "null", "\"1969-12-31T23:59:59.999Z\"", "\"1970-01-01T00:00:00.000Z\""}},
		{"timestamp_us_paris", mk(&arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "Europe/Paris"}, `[0, 1704164645123456, null, 1, 0]`), []string{"\"1970-01-01T01:00:00.000000+01:00\"", "\"2024-01-02T04:04:05.123456+01:00\"", "null", "\"1970-01-01T01:00:00.000001+01:00\"", "\"1970-01-01T01:00:00.000000+01:00\""}},
		{"timestamp_ns", mk(&arrow.TimestampType{Unit: arrow.Nanosecond}, `[0, 1704164645000000001, null, 1, 0]`), []string{"\"1970-01-01T00:00:00.000000000\"", "\"2024-01-02T03:04:05.000000001\"", "null", "\"1970-01-01T00:00:00.000000001\"", "\"1970-01-01T00:00:00.000000000\""}},
		{"time32_s", mk(arrow.FixedWidthTypes.Time32s, `["00:00:00", "23:59:59", null, "01:02:03", "00:00:00"]`), []string{"\"00:00:00\"", "\"23:59:59\"", "null", "\"01:02:03\"", "\"00:00:00\""}},
		{"time32_ms", mk(arrow.FixedWidthTypes.Time32ms, `["00:00:00", "23:59:59.004", null, "01:02:03", "00:00:00"]`), []string{"\"00:00:00.000\"", "\"23:59:59.004\"", "null", "\"01:02:03.000\"", "\"00:00:00.000\""}},
		{"time64_us", mk(arrow.FixedWidthTypes.Time64us, `["00:00:00", "00:00:00.123456", null, "01:02:03", "00:00:00"]`), []string{"\"00:00:00.000000\"", "\"00:00:00.123456\"", "null", "\"01:02:03.000000\"", "\"00:00:00.000000\""}},
		{"time64_ns", mk(arrow.FixedWidthTypes.Time64ns, `["00:00:00", "00:00:00.123456789", null, "01:02:03", "00:00:00"]`), []string{"\"00:00:00.000000000\"", "\"00:00:00.123456789\"", "null", "\"01:02:03.000000000\"", "\"00:00:00.000000000\""}},
		{"duration_s", mk(arrow.FixedWidthTypes.Duration_s, `[0, 90, null, -3, 0]`), []string{"\"0s\"", "\"90s\"", "null", "\"-3s\"", "\"0s\""}},
		{"duration_ms", mk(arrow.FixedWidthTypes.Duration_ms, `[0, 1500, null, -3, 0]`), []string{"\"0ms\"", "\"1500ms\"", "null", "\"-3ms\"", "\"0ms\""}},
		{"duration_us", mk(arrow.FixedWidthTypes.Duration_us, `[0, 7, null, -3, 0]`), []string{"\"0us\"", "\"7us\"", "null", "\"-3us\"", "\"0us\""}},
		{"duration_ns", mk(arrow.FixedWidthTypes.Duration_ns, `[0, 9, null, -3, 0]`), []string{"\"0ns\"", "\"9ns\"", "null", "\"-3ns\"", "\"0ns\""}},
		{"decimal32", mk(&arrow.Decimal32Type{Precision: 5, Scale: 1}, `["0", "-9.5", null, "1.0", "0"]`), []string{"0.0", "-9.5", "null", "1.0", "0.0"}},
		{"decimal64", mk(&arrow.Decimal64Type{Precision: 12, Scale: 4}, `["0", "3.1416", null, "-1", "0"]`), []string{"0.0000", "3.1416", "null", "-1.0000", "0.0000"}},
		{"decimal128", mk(&arrow.Decimal128Type{Precision: 10, Scale: 2}, `["0", "-12.50", null, "0.05", "0"]`), []string{"0.00", "-12.50", "null", "0.05", "0.00"}},
		{"decimal256", mk(&arrow.Decimal256Type{Precision: 50, Scale: 3}, `["0", "-1234567890123456789012345678901234567890.125", null, "1", "0"]`), []string{"0.000", "-1234567890123456789012345678901234567890.125", "null", "1.000", "0.000"}},
		{"month_interval", mk(arrow.FixedWidthTypes.MonthInterval, `[{"months": 0}, {"months": 14}, null, {"months": -1}, {"months": 0}]`), []string{"0", "14", "null", "-1", "0"}},
		{"day_time_interval", mk(arrow.FixedWidthTypes.DayTimeInterval, `[{"days": 0, "milliseconds": 0}, {"days": 1, "milliseconds": -500}, null, {"days": 2, "milliseconds": 3}, {"days": 0, "milliseconds": 0}]`), []string{"{\"days\":0,\"milliseconds\":0}", "{\"days\":1,\"milliseconds\":-500}", "null", "{\"days\":2,\"milliseconds\":3}", "{\"days\":0,\"milliseconds\":0}"}},
		{"month_day_nano_interval", mk(arrow.FixedWidthTypes.MonthDayNanoInterval, `[{"months": 0, "days": 0, "nanoseconds": 0}, {"months": 2, "days": 3, "nanoseconds": 4}, null, {"months": -1, "days": 0, "nanoseconds": 0}, {"months": 0, "days": 0, "nanoseconds": 0}]`), []string{"{\"months\":0,\"days\":0,\"nanoseconds\":0}", "{\"months\":2,\"days\":3,\"nanoseconds\":4}", "null", "{\"months\":-1,\"days\":0,\"nanoseconds\":0}", "{\"months\":0,\"days\":0,\"nanoseconds\":0}"}},
		{"dictionary_int8_string", dict(arrow.PrimitiveTypes.Int8, mk(arrow.BinaryTypes.String, `["a\"b", "x", ""]`)), []string{"\"x\"", "\"a\\\"b\"", "null", "\"\"", "\"x\""}},
		{"dictionary_uint16_large_string", dict(arrow.PrimitiveTypes.Uint16, mk(arrow.BinaryTypes.LargeString, `["p", "q", "r"]`)), []string{"\"q\"", "\"p\"", "null", "\"r\"", "\"q\""}},
		{"dictionary_int32_int64", dict(arrow.PrimitiveTypes.Int32, mk(arrow.PrimitiveTypes.Int64, `[7, -8, 9]`)), []string{"-8", "7", "null", "9", "-8"}},
		{"dictionary_uint64_float64", dict(arrow.PrimitiveTypes.Uint64, mk(arrow.PrimitiveTypes.Float64, `[1, 0.5, null]`)), []string{"0.5", "1.0", "null", "null", "0.5"}},
		{"null", array.NewNull(5), []string{"null", "null", "null", "null", "null"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer tc.arr.Release()
			written := func(a arrow.Array) string {
				var b bytes.Buffer
				if err := Write(&b, frame.FromColumns([]string{"v"}, a), WithFormat(NDJSON)); err != nil {
					t.Fatal(err)
				}
				return b.String()
			}
			lines := func(items []string) string {
				var b strings.Builder
				for _, v := range items {
					b.WriteString(`{"v":` + v + "}\n")
				}
				return b.String()
			}
			if got, want := written(tc.arr), lines(tc.want); got != want {
				t.Errorf("got\n%swant\n%s", got, want)
			}
			for _, s := range [][2]int{{1, 4}, {3, 5}} {
				part := array.NewSlice(tc.arr, int64(s[0]), int64(s[1]))
				if got, want := written(part), lines(tc.want[s[0]:s[1]]); got != want {
					t.Errorf("slice %v: got\n%swant\n%s", s, got, want)
				}
				part.Release()
			}
		})
	}
}
