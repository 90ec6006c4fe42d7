package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// TestWriteScalars writes one column of each Arrow type as NDJSON: the
// exact text of every value (a null in each), and the decoded output
// matches ToValue under the documented conversions.
func TestWriteScalars(t *testing.T) {
	mem := memory.DefaultAllocator
	f16 := func() arrow.Array {
		b := array.NewFloat16Builder(mem)
		b.AppendValues([]float16.Num{float16.New(1.5), float16.New(65504), float16.New(-0.25)}, nil)
		b.AppendNull()
		return b.NewArray()
	}
	dict := func() arrow.Array {
		dt := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}
		idx := arrowJSON(t, arrow.PrimitiveTypes.Int8, `[1, 0, null, 1]`)
		return array.NewDictionaryArray(dt, idx, arrowJSON(t, arrow.BinaryTypes.String, `["x", "y\"z"]`))
	}
	for _, c := range []struct {
		name string
		arr  func() arrow.Array
		want []string
	}{
		{"int8", func() arrow.Array { return arrowJSON(t, arrow.PrimitiveTypes.Int8, `[-128, 127, null]`) }, []string{"-128", "127", "null"}},
		{"int16", func() arrow.Array { return arrowJSON(t, arrow.PrimitiveTypes.Int16, `[-32768, null]`) }, []string{"-32768", "null"}},
		{"int32", func() arrow.Array { return arrowJSON(t, arrow.PrimitiveTypes.Int32, `[2147483647, null]`) }, []string{"2147483647", "null"}},
		{"int64", func() arrow.Array {
			return arrowJSON(t, arrow.PrimitiveTypes.Int64, `[-9223372036854775808, 9223372036854775807, 0, null]`)
		}, []string{"-9223372036854775808", "9223372036854775807", "0", "null"}},
		{"uint8", func() arrow.Array { return arrowJSON(t, arrow.PrimitiveTypes.Uint8, `[255, null]`) }, []string{"255", "null"}},
		{"uint16", func() arrow.Array { return arrowJSON(t, arrow.PrimitiveTypes.Uint16, `[65535]`) }, []string{"65535"}},
		{"uint32", func() arrow.Array { return arrowJSON(t, arrow.PrimitiveTypes.Uint32, `[4294967295]`) }, []string{"4294967295"}},
		{"uint64", func() arrow.Array {
			return arrowJSON(t, arrow.PrimitiveTypes.Uint64, `[18446744073709551615, 0, null]`)
		}, []string{"18446744073709551615", "0", "null"}},
		{"float64", func() arrow.Array {
			b := array.NewFloat64Builder(mem)
			b.AppendValues([]float64{1, math.Copysign(0, -1), 0.1, 1e21, 1e20, 1e-7, 1e-6, 123456789.125, 5e-324, math.MaxFloat64, -2.5e-10}, nil)
			b.AppendNull()
			return b.NewArray()
		}, []string{"1.0", "-0.0", "0.1", "1e+21", "100000000000000000000.0", "1e-7", "0.000001", "123456789.125", "5e-324", "1.7976931348623157e+308", "-2.5e-10", "null"}},
		{"float32", func() arrow.Array {
			b := array.NewFloat32Builder(mem)
			b.AppendValues([]float32{0.1, 16777216, 1e21, math.MaxFloat32, 1e-7, -3.25}, nil)
			b.AppendNull()
			return b.NewArray()
		}, []string{"0.1", "16777216.0", "1e+21", "3.4028235e+38", "1e-7", "-3.25", "null"}},
		{"float16", f16, []string{"1.5", "65504.0", "-0.25", "null"}},
		{"bool", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Boolean, `[true, false, null]`) }, []string{"true", "false", "null"}},
		{"string", func() arrow.Array {
			b := array.NewStringBuilder(mem)
			b.AppendValues([]string{"a\"b\\c", "\x01\t\n\r\b\f\x1f", "<&>", "é€😀", "bad\xffutf8\xc3", "\u2028\u2029", ""}, nil)
			b.AppendNull()
			return b.NewArray()
		}, []string{`"a\"b\\c"`, `"\u0001\t\n\r\b\f\u001f"`, `"<&>"`, `"é€😀"`, `"bad\ufffdutf8\ufffd"`, `"\u2028\u2029"`, `""`, "null"}},
		{"large_string", func() arrow.Array { return arrowJSON(t, arrow.BinaryTypes.LargeString, `["x\ny", null]`) }, []string{`"x\ny"`, "null"}},
		{"string_view", func() arrow.Array {
			return arrowJSON(t, arrow.BinaryTypes.StringView, `["short", "a string longer than twelve bytes", null]`)
		}, []string{`"short"`, `"a string longer than twelve bytes"`, "null"}},
		{"binary", func() arrow.Array {
			b := array.NewBinaryBuilder(mem, arrow.BinaryTypes.Binary)
			b.AppendValues([][]byte{{0, 1, 2, 250}, {}}, nil)
			b.AppendNull()
			return b.NewArray()
		}, []string{`"AAEC+g=="`, `""`, "null"}},
		{"large_binary", func() arrow.Array {
			b := array.NewBinaryBuilder(mem, arrow.BinaryTypes.LargeBinary)
			b.Append([]byte("hi"))
			return b.NewArray()
		}, []string{`"aGk="`}},
		{"binary_view", func() arrow.Array {
			b := array.NewBinaryViewBuilder(mem)
			b.Append([]byte("hello"))
			b.AppendNull()
			return b.NewArray()
		}, []string{`"aGVsbG8="`, "null"}},
		{"fixed_size_binary", func() arrow.Array {
			b := array.NewFixedSizeBinaryBuilder(mem, &arrow.FixedSizeBinaryType{ByteWidth: 3})
			b.Append([]byte{255, 254, 253})
			b.AppendNull()
			return b.NewArray()
		}, []string{`"//79"`, "null"}},
		{"date32", func() arrow.Array {
			return arrowJSON(t, arrow.FixedWidthTypes.Date32, `["2024-01-02", "1969-12-31", "2000-02-29", "0001-01-01", null]`)
		}, []string{`"2024-01-02"`, `"1969-12-31"`, `"2000-02-29"`, `"0001-01-01"`, "null"}},
		{"date64", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Date64, `["2024-01-02", null]`) }, []string{`"2024-01-02"`, "null"}},
		{"timestamp_s_naive", func() arrow.Array {
			return arrowJSON(t, &arrow.TimestampType{Unit: arrow.Second}, `[1704164645, null]`)
		}, []string{`"2024-01-02T03:04:05"`, "null"}},
		{"timestamp_ms_utc", func() arrow.Array {
			return arrowJSON(t, &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"}, `[1704164645123, -1, 0]`)
		}, []string{`"2024-01-02T03:04:05.123Z"`, `"1969-12-31T23:59:59.999Z"`, `"1970-01-01T00:00:00.000Z"`}},
		{"timestamp_us_paris", func() arrow.Array {
			return arrowJSON(t, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "Europe/Paris"}, `[1704164645123456, 1720000000000000]`)
		}, []string{`"2024-01-02T04:04:05.123456+01:00"`, `"2024-07-03T11:46:40.000000+02:00"`}},
		{"timestamp_ns_offset", func() arrow.Array {
			return arrowJSON(t, &arrow.TimestampType{Unit: arrow.Nanosecond, TimeZone: "-05:30"}, `[1704164645000000001]`)
		}, []string{`"2024-01-01T21:34:05.000000001-05:30"`}},
		{"time32_s", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Time32s, `["01:02:03", null]`) }, []string{`"01:02:03"`, "null"}},
		{"time32_ms", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Time32ms, `["23:59:59.004"]`) }, []string{`"23:59:59.004"`}},
		{"time64_us", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Time64us, `["01:02:03.000005"]`) }, []string{`"01:02:03.000005"`}},
		{"time64_ns", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Time64ns, `["00:00:00.123456789"]`) }, []string{`"00:00:00.123456789"`}},
		{"duration_ms", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Duration_ms, `[1500, -3, null]`) }, []string{`"1500ms"`, `"-3ms"`, "null"}},
		{"duration_s", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Duration_s, `[90]`) }, []string{`"90s"`}},
		{"duration_us", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Duration_us, `[7]`) }, []string{`"7us"`}},
		{"duration_ns", func() arrow.Array { return arrowJSON(t, arrow.FixedWidthTypes.Duration_ns, `[9]`) }, []string{`"9ns"`}},
		{"decimal128", func() arrow.Array {
			return arrowJSON(t, &arrow.Decimal128Type{Precision: 10, Scale: 2}, `["-12.50", "0.05", "12345678.90", null]`)
		}, []string{"-12.50", "0.05", "12345678.90", "null"}},
		{"decimal128_int", func() arrow.Array {
			return arrowJSON(t, &arrow.Decimal128Type{Precision: 38, Scale: 0}, `["99999999999999999999999999999999999999"]`)
		}, []string{"99999999999999999999999999999999999999"}},
		{"decimal256", func() arrow.Array {
			return arrowJSON(t, &arrow.Decimal256Type{Precision: 50, Scale: 3}, `["-1234567890123456789012345678901234567890.125"]`)
		}, []string{"-1234567890123456789012345678901234567890.125"}},
		{"decimal32", func() arrow.Array { return arrowJSON(t, &arrow.Decimal32Type{Precision: 5, Scale: 1}, `["-9.5"]`) }, []string{"-9.5"}},
		{"decimal64", func() arrow.Array { return arrowJSON(t, &arrow.Decimal64Type{Precision: 12, Scale: 4}, `["3.1416"]`) }, []string{"3.1416"}},
		{"month_interval", func() arrow.Array {
			b := array.NewMonthIntervalBuilder(mem)
			b.Append(14)
			b.AppendNull()
			return b.NewArray()
		}, []string{"14", "null"}},
		{"day_time_interval", func() arrow.Array {
			return arrowJSON(t, arrow.FixedWidthTypes.DayTimeInterval, `[{"days": 1, "milliseconds": -500}]`)
		}, []string{`{"days":1,"milliseconds":-500}`}},
		{"month_day_nano_interval", func() arrow.Array {
			return arrowJSON(t, arrow.FixedWidthTypes.MonthDayNanoInterval, `[{"months": 2, "days": 3, "nanoseconds": 4}, null]`)
		}, []string{`{"months":2,"days":3,"nanoseconds":4}`, "null"}},
		{"dictionary", dict, []string{`"y\"z"`, `"x"`, "null", `"y\"z"`}},
		{"null", func() arrow.Array { return array.NewNull(2) }, []string{"null", "null"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			arr := c.arr()
			defer arr.Release()
			f := frame.FromColumns([]string{"v"}, arr)
			if err := f.Err(); err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := Write(&b, f, WithFormat(NDJSON)); err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			for _, v := range c.want {
				want.WriteString(`{"v":` + v + "}\n")
			}
			if b.String() != want.String() {
				t.Errorf("got\n%s\nwant\n%s", b.String(), want.String())
			}
			st, err := f.Tensor()
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstToValue(t, st, jsonMatcher{}, WithFormat(NDJSON))
			checkAgainstToValue(t, st, jsonMatcher{omitNulls: true})
		})
	}
}

// TestWriteDatesFarOff: dates beyond years 0..9999 are ISO 8601 expanded
// years, the proleptic Gregorian calendar throughout.
func TestWriteDatesFarOff(t *testing.T) {
	for _, c := range []struct {
		days int64
		want string
	}{
		{0, "1970-01-01"},
		{2932896, "9999-12-31"},
		{2932897, "+10000-01-01"},
		{-719162, "0001-01-01"},
		{-719163, "0000-12-31"},
		{-719529, "-0001-12-31"},
		{-719529 - 365*999 - 242, "-1000-12-31"},
	} {
		if got := string(appendDate(nil, c.days)); got != c.want {
			t.Errorf("%d: got %s, want %s", c.days, got, c.want)
		}
	}
}

// TestWriteStringsMatchEncodingJSON: strings are escaped byte for byte
// as encoding/json escapes them, HTML-safe or not.
func TestWriteStringsMatchEncodingJSON(t *testing.T) {
	cases := []string{"", "plain", "\"\\/", "<script>&amp;</script>", "\x00\x07\x1f\x7f", "é\u2028\u2029\U0001F600",
		"\xff\xfe", "a\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", strings.Repeat("x", 100) + "\n"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		var enc bytes.Buffer
		e := stdjson.NewEncoder(&enc)
		e.SetEscapeHTML(false)
		if err := e.Encode(s); err != nil {
			t.Fatal(err)
		}
		if got, want := string(appendString(nil, s, false)), strings.TrimSuffix(enc.String(), "\n"); got != want {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
		if got, want := string(appendString(nil, []byte(s), false)), strings.TrimSuffix(enc.String(), "\n"); got != want {
			t.Errorf("%q as bytes: got %s, want %s", s, got, want)
		}
		html, _ := stdjson.Marshal(s)
		if got := string(appendString(nil, s, true)); got != string(html) {
			t.Errorf("%q HTML-safe: got %s, want %s", s, got, html)
		}
	}
}

// TestWriteFloatsRoundTrip: random floats of every magnitude are written
// as encoding/json writes them (plus ".0" on a plain form without a
// fraction) and parse back to the same bits.
func TestWriteFloatsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 200000 {
		var f64 float64
		switch i % 6 {
		case 4: // a short decimal, as data holds them (appendShortFloat's path)
			digits := strconv.FormatInt(r.Int64N(1<<(1+r.IntN(55))), 10)
			k := r.IntN(len(digits) + 3)
			text := digits + "e-" + strconv.Itoa(k)
			f64, _ = strconv.ParseFloat(text, 64)
			if r.IntN(2) == 0 {
				f64 = -f64
			}
		case 5: // around the fast path's bounds
			f64 = math.Ldexp(1+r.Float64(), 40+r.IntN(14)) / float64Pow10[r.IntN(7)]
			if r.IntN(2) == 0 {
				f64 = math.Nextafter(f64, math.Inf(1))
			}
		case 0:
			f64 = math.Float64frombits(r.Uint64())
		case 1:
			f64 = float64(r.Int64N(1e6)) * math.Pow(10, float64(r.IntN(40)-20))
		case 2:
			f64 = float64(r.Int64N(1 << 53))
		default:
			f64 = r.NormFloat64()
		}
		if !finite(f64) {
			continue
		}
		for _, bits := range []int{64, 32} {
			f := f64
			var std []byte
			if bits == 32 {
				f = float64(float32(f64))
				if !finite(f) {
					continue
				}
				std, _ = stdjson.Marshal(float32(f))
			} else {
				std, _ = stdjson.Marshal(f)
			}
			got := string(appendFloat(nil, f, bits))
			want := string(std)
			if !strings.ContainsAny(want, ".e") {
				want += ".0"
			}
			if got != want {
				t.Fatalf("%v (%d bits): got %s, want %s", f, bits, got, want)
			}
			back, err := strconv.ParseFloat(got, bits)
			if err != nil || math.Float64bits(back) != math.Float64bits(f) {
				t.Fatalf("%s parses to %v (%v), want %v", got, back, err, f)
			}
		}
	}
}

// nestedRecords hold nulls at every level: a null leaf, list, structure
// and list of structures, null structures inside a list, empty lists, a
// list of lists with a null inner list, and a column null in every row.
var nestedRecords = []any{
	map[string]any{"id": int64(1), "tags": []any{"a", "b"}, "addr": map[string]any{"city": "x", "zip": nil},
		"pts": []any{map[string]any{"x": 1.5}, nil, map[string]any{"x": nil}}, "mat": []any{[]any{int64(1), int64(2)}, []any{}}, "opt": nil},
	map[string]any{"id": int64(2), "tags": nil, "addr": nil, "pts": []any{}, "mat": nil, "opt": nil},
	map[string]any{"id": nil, "tags": []any{}, "addr": map[string]any{"city": nil, "zip": "75001"}, "pts": nil, "mat": []any{[]any{int64(3)}, nil}},
}

// TestWriteNested writes nested columns as nested JSON, each null where it
// is, and WithOmitNulls leaves out exactly the null fields.
func TestWriteNested(t *testing.T) {
	st := structured.Must(structured.FromValue(nestedRecords))
	for _, c := range []struct {
		name string
		opts []Option
		want string
	}{
		{"ndjson", []Option{WithFormat(NDJSON)}, `{"addr":{"city":"x","zip":null},"id":1,"mat":[[1,2],[]],"opt":null,"pts":[{"x":1.5},null,{"x":null}],"tags":["a","b"]}
{"addr":null,"id":2,"mat":null,"opt":null,"pts":[],"tags":null}
{"addr":{"city":null,"zip":"75001"},"id":null,"mat":[[3],null],"opt":null,"pts":null,"tags":[]}
`},
		{"omit nulls", []Option{WithFormat(NDJSON), WithOmitNulls(true)}, `{"addr":{"city":"x"},"id":1,"mat":[[1,2],[]],"pts":[{"x":1.5},null,{}],"tags":["a","b"]}
{"id":2,"pts":[]}
{"addr":{"zip":"75001"},"mat":[[3],null],"tags":[]}
`},
		{"array", nil, `[{"addr":{"city":"x","zip":null},"id":1,"mat":[[1,2],[]],"opt":null,"pts":[{"x":1.5},null,{"x":null}],"tags":["a","b"]},{"addr":null,"id":2,"mat":null,"opt":null,"pts":[],"tags":null},{"addr":{"city":null,"zip":"75001"},"id":null,"mat":[[3],null],"opt":null,"pts":null,"tags":[]}]
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := writeTensorString(t, st, c.opts...); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
	checkAgainstToValue(t, st, jsonMatcher{}, WithFormat(NDJSON))
	checkAgainstToValue(t, st, jsonMatcher{omitNulls: true}, WithFormat(Array))
}

// TestWriteInnerDims: a Dense column with fixed inner dimensions and a
// Ragged one with a uniform inner dimension and null lists are nested
// arrays.
func TestWriteInnerDims(t *testing.T) {
	vals := arrowJSON(t, arrow.PrimitiveTypes.Int32, `[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, null]`)
	dense := structured.Must(structured.NewDense(vals, 2, 3, 2))
	p := structured.Must(structured.PartitionFromSplits([]int64{0, 1, 1, 3}))
	p = structured.Must(p.WithValidity([]bool{true, false, true}))
	u := structured.Must(structured.PartitionFromUniform(2, structured.Unknown, 3))
	ragged := structured.Must(structured.NewRagged(arrowJSON(t, arrow.PrimitiveTypes.Float64, `[0.5, 1, 2, 3, 4, null]`), p, u))
	p2 := structured.Must(structured.PartitionFromSplits([]int64{0, 2, 3}))
	ragged2 := structured.Must(structured.NewRagged(arrowJSON(t, arrow.PrimitiveTypes.Float64, `[0.5, 1, 2, 3, 4, null]`), p2, u))
	st := structured.Must(structured.FromFields([]structured.FieldValue{{Name: "d", Value: dense}, {Name: "r", Value: ragged2}}, 1))
	want := `{"d":[[1,2],[3,4],[5,6]],"r":[[0.5,1.0],[2.0,3.0]]}
{"d":[[7,8],[9,10],[11,null]],"r":[[4.0,null]]}
`
	if got := writeTensorString(t, st, WithFormat(NDJSON)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	checkAgainstToValue(t, st, jsonMatcher{})
	st = structured.Must(structured.FromFields([]structured.FieldValue{{Name: "r", Value: ragged}}, 1))
	want = `{"r":[[0.5,1.0]]}
{"r":null}
{"r":[[2.0,3.0],[4.0,null]]}
`
	if got := writeTensorString(t, st, WithFormat(NDJSON)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	checkAgainstToValue(t, st, jsonMatcher{})
	checkAgainstToValue(t, st, jsonMatcher{omitNulls: true})
}

// TestWriteMaps: a map column is an object per row (null maps null, empty
// maps {}); keys that are not strings are their JSON text in a string.
func TestWriteMaps(t *testing.T) {
	recs := []any{
		map[string]any{"m": map[string]any{"a": int64(1), "b": int64(2)}},
		map[string]any{"m": map[string]any{"c": nil}},
		map[string]any{"m": nil},
		map[string]any{"m": map[string]any{}},
		map[string]any{"m": map[string]any{"d\"q": int64(4)}},
	}
	st := structured.Must(structured.FromValue(recs, structured.WithMapThreshold(2)))
	m, _ := st.Field("m")
	if mt, ok := m.(*structured.Tensor); !ok || !mt.IsMap() {
		t.Fatalf("m is not a map column: %s", st.Spec())
	}
	want := `{"m":{"a":1,"b":2}}
{"m":{"c":null}}
{"m":null}
{"m":{}}
{"m":{"d\"q":4}}
`
	if got := writeTensorString(t, st, WithFormat(NDJSON)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	checkAgainstToValue(t, st, jsonMatcher{}, WithFormat(NDJSON))
	// WithOmitNulls concerns fields, not map entries.
	if got := writeTensorString(t, st, WithFormat(NDJSON), WithOmitNulls(true)); !strings.Contains(got, `{"m":{"c":null}}`) || strings.Contains(got, `"m":null`) {
		t.Errorf("WithOmitNulls: %s", got)
	}

	// Maps in lists, structures in maps, a map in a rank-0 Tensor.
	for _, v := range []any{
		[]any{
			map[string]any{"l": []any{map[string]any{"a": int64(1), "b": int64(2), "c": int64(3)}, nil, map[string]any{}}},
			map[string]any{"l": []any{map[string]any{"d": int64(4)}}},
		},
		[]any{
			map[string]any{"m": map[string]any{"a": map[string]any{"x": 1.5}, "b": map[string]any{"x": nil}, "c": nil}},
			map[string]any{"m": map[string]any{"d": map[string]any{"x": 2.0}}},
		},
		map[string]any{"m": map[string]any{"a": "x", "b": "y", "c": nil, "d": "z", "e": "w"}},
	} {
		st := structured.Must(structured.FromValue(v, structured.WithMapThreshold(3)))
		if !strings.Contains(st.Spec().String(), "map") {
			t.Fatalf("no map column: %s", st.Spec())
		}
		checkAgainstToValue(t, st, jsonMatcher{})
		checkAgainstToValue(t, st, jsonMatcher{}, WithFormat(NDJSON))
	}

	// map<int32, string> from Arrow: keys as their text.
	sb := array.NewStructBuilder(memory.DefaultAllocator, arrow.StructOf(arrow.Field{Name: "m", Type: arrow.MapOf(arrow.PrimitiveTypes.Int32, arrow.BinaryTypes.String), Nullable: true}))
	mb := sb.FieldBuilder(0).(*array.MapBuilder)
	kb, ib := mb.KeyBuilder().(*array.Int32Builder), mb.ItemBuilder().(*array.StringBuilder)
	sb.Append(true)
	mb.Append(true)
	kb.Append(3)
	ib.Append("three")
	kb.Append(-1)
	ib.AppendNull()
	sb.Append(true)
	mb.AppendNull()
	arr := sb.NewArray()
	defer arr.Release()
	st = structured.Must(structured.FromArrow(arr))
	if m, _ := st.Field("m"); !m.(*structured.Tensor).IsMap() {
		t.Fatalf("m is not a map column: %s", st.Spec())
	}
	want = `{"m":{"3":"three","-1":null}}
{"m":null}
`
	if got := writeTensorString(t, st, WithFormat(NDJSON)); got != want {
		t.Errorf("int keys: got\n%s\nwant\n%s", got, want)
	}
}

// TestWriteRanks: rank 0 is one object (a Document), rank 1 rows, rank 2
// rows that are lists of objects; the formats each rank refuses are
// errors.
func TestWriteRanks(t *testing.T) {
	r0 := structured.Must(structured.FromValue(map[string]any{"a": int64(1), "b": []any{"x"}, "c": map[string]any{"d": nil}}))
	r1 := structured.Must(structured.FromValue([]any{map[string]any{"a": int64(1)}, map[string]any{"a": int64(2)}}))
	r0null := structured.Must(structured.FromValueSpec(map[string]any{"a": nil, "b": []any{}, "c": nil}, structured.Must(structured.ParseSpec("{a: ?int64, b: var * string, c: ?{d: int64}}"))))
	r2 := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"a": int64(1)}, map[string]any{"a": int64(2)}},
		[]any{},
		[]any{map[string]any{"a": nil}},
	}))
	if r2.Rank() != 2 {
		t.Fatalf("rank %d", r2.Rank())
	}
	for _, c := range []struct {
		name string
		st   *structured.Tensor
		opts []Option
		want string
	}{
		{"rank 0", r0, nil, `{"a":1,"b":["x"],"c":{"d":null}}` + "\n"},
		{"rank 0 document", r0, []Option{WithFormat(Document)}, `{"a":1,"b":["x"],"c":{"d":null}}` + "\n"},
		{"rank 0 ndjson", r0, []Option{WithFormat(NDJSON)}, `{"a":1,"b":["x"],"c":{"d":null}}` + "\n"},
		{"rank 0 omit nulls", r0, []Option{WithOmitNulls(true)}, `{"a":1,"b":["x"],"c":{}}` + "\n"},
		{"rank 0 null fields omitted", r0null, []Option{WithOmitNulls(true)}, `{"b":[]}` + "\n"},
		{"rank 0 null fields", r0null, nil, `{"a":null,"b":[],"c":null}` + "\n"},
		{"rank 0 indent", r0, []Option{WithIndent("", "  ")}, "{\n  \"a\": 1,\n  \"b\": [\n    \"x\"\n  ],\n  \"c\": {\n    \"d\": null\n  }\n}\n"},
		{"rank 1", r1, nil, `[{"a":1},{"a":2}]` + "\n"},
		{"rank 1 ndjson", r1, []Option{WithFormat(NDJSON)}, "{\"a\":1}\n{\"a\":2}\n"},
		{"rank 2", r2, nil, `[[{"a":1},{"a":2}],[],[{"a":null}]]` + "\n"},
		{"rank 2 ndjson", r2, []Option{WithFormat(NDJSON)}, "[{\"a\":1},{\"a\":2}]\n[]\n[{\"a\":null}]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := writeTensorString(t, c.st, c.opts...); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			checkAgainstToValue(t, c.st, jsonMatcher{}, c.opts...)
		})
	}
	for _, c := range []struct {
		st     *structured.Tensor
		format Format
		want   string
	}{
		{r0, Array, "a rank-0 Tensor is one object"},
		{r1, Document, "this Tensor has rank 1"},
		{r2, Document, "this Tensor has rank 2"},
		{r1, Format(9), "unknown Format 9"},
	} {
		var b bytes.Buffer
		err := WriteTensor(&b, c.st, WithFormat(c.format))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("rank %d as %v: err %v, want %q", c.st.Rank(), c.format, err, c.want)
		}
		if b.Len() != 0 {
			t.Errorf("rank %d as %v: wrote %q", c.st.Rank(), c.format, b.String())
		}
	}
	if err := WriteTensor(&bytes.Buffer{}, nil); err == nil {
		t.Error("nil Tensor: no error")
	}
	if err := Write(&bytes.Buffer{}, nil); err == nil {
		t.Error("nil Frame: no error")
	}
}

// TestWriteEmpty: no rows is "[]" or nothing; rows without columns are
// empty objects.
func TestWriteEmpty(t *testing.T) {
	empty := frame.FromColumns([]string{"a"}, []int64{})
	noCols := frame.FromColumns(nil)
	rowsNoCols := frame.FromTensor(structured.Must(structured.FromShape(structured.Shape{2})))
	for _, c := range []struct {
		name string
		f    *frame.Frame
		opts []Option
		want string
	}{
		{"no rows", empty, nil, "[]\n"},
		{"no rows indent", empty, []Option{WithIndent("", "  ")}, "[]\n"},
		{"no rows ndjson", empty, []Option{WithFormat(NDJSON)}, ""},
		{"no columns", noCols, nil, "[]\n"},
		{"rows without columns", rowsNoCols, nil, "[{},{}]\n"},
		{"rows without columns ndjson", rowsNoCols, []Option{WithFormat(NDJSON)}, "{}\n{}\n"},
		{"rows without columns indent", rowsNoCols, []Option{WithIndent("", " ")}, "[\n {},\n {}\n]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, c.f, c.opts...); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("got %q, want %q", b.String(), c.want)
			}
		})
	}
	if err := Write(&bytes.Buffer{}, frame.FromColumns([]string{"a"}, []int64{1}), WithFormat(Document)); err == nil {
		t.Error("a Frame as a Document: no error")
	}
}

// TestWriteIndex: a label index (named or not) and a MultiIndex are
// written as "_index_" and read back (encoding/json + FromValue +
// FromTensor) to an equal Frame; a range index writes nothing;
// WithIndexField(false) leaves the index out.
func TestWriteIndex(t *testing.T) {
	base := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome"},
		[]int64{2023, 2024, 2024},
		[]float64{11.5, 12.0, 17.5})
	for _, c := range []struct {
		name string
		f    *frame.Frame
		want string
	}{
		{"range", base, `{"city":"paris","year":2023,"temp":11.5}`},
		{"label", base.SetIndex("year"), `{"_index_":{"year":2023},"city":"paris","temp":11.5}`},
		{"unnamed label", frame.FromTensor(structured.Must(structured.FromValue([]any{
			map[string]any{"_index_": "r1", "v": int64(1)}, map[string]any{"_index_": "r2", "v": int64(2)}}))), `{"_index_":"r1","v":1}`},
		{"multi", base.SetIndex("city", "year"), `{"_index_":{"city":"paris"},"_rows_":[{"_index_":{"year":2023},"temp":11.5},{"_index_":{"year":2024},"temp":12.0}]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := c.f
			var b bytes.Buffer
			if err := Write(&b, f, WithFormat(NDJSON)); err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(b.String(), "\n")
			if first != c.want {
				t.Errorf("first row %s, want %s", first, c.want)
			}
			rows := decodeWritten(t, b.String(), NDJSON)
			back := frame.FromRecords(rows)
			if err := back.Err(); err != nil {
				t.Fatal(err)
			}
			bt, _ := back.Tensor()
			ft, _ := f.Tensor()
			if !sameRecords(bt, ft) || !index.Equal(back.Index(), f.Index()) {
				t.Errorf("read back %v %s, want %v %s", back.Index(), bt.Spec(), f.Index(), ft.Spec())
			}
			var nb bytes.Buffer
			if err := Write(&nb, f, WithFormat(NDJSON), WithIndexField(false)); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(nb.String(), "_index_") {
				t.Errorf("WithIndexField(false) wrote the index: %s", nb.String())
			}
			data, _ := f.Data()
			checkAgainstToValue(t, data, jsonMatcher{}, WithFormat(NDJSON))
		})
	}
}

// sameRecords compares two Tensors by their field names, whatever their
// order (FromValue sorts the keys of decoded maps).
func sameRecords(a, b *structured.Tensor) bool {
	names := b.FieldNames()
	if len(names) != a.NumFields() {
		return false
	}
	sa, err1 := a.WithOnly(names...)
	if err1 != nil {
		return false
	}
	return structured.Equal(sa, b)
}

// TestWriteNonFinite: NaN and ±Inf are an error naming the row and the
// path by default, null or strings by option, at any depth.
func TestWriteNonFinite(t *testing.T) {
	recs := []any{
		map[string]any{"a": 1.0, "l": []any{map[string]any{"x": 1.0}}},
		map[string]any{"a": 2.0, "l": []any{map[string]any{"x": 0.5}, map[string]any{"x": math.Inf(-1)}}},
		map[string]any{"a": math.NaN(), "l": []any{}},
	}
	st := structured.Must(structured.FromValue(recs))
	var b bytes.Buffer
	err := WriteTensor(&b, st, WithFormat(NDJSON))
	var we *WriteError
	if !errors.As(err, &we) || we.Row != 1 || we.Field != "l[1].x" || !strings.Contains(we.Msg, "-Inf") {
		t.Fatalf("err %#v", err)
	}
	if want := "json: write: row 1, field l[1].x: -Inf has no JSON form (write it as null or a string with WithNonFinite)"; err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
	for _, c := range []struct {
		p    NonFinite
		want string
	}{
		{NonFiniteNull, `{"a":1.0,"l":[{"x":1.0}]}
{"a":2.0,"l":[{"x":0.5},{"x":null}]}
{"a":null,"l":[]}
`},
		{NonFiniteString, `{"a":1.0,"l":[{"x":1.0}]}
{"a":2.0,"l":[{"x":0.5},{"x":"-Infinity"}]}
{"a":"NaN","l":[]}
`},
	} {
		if got := writeTensorString(t, st, WithFormat(NDJSON), WithNonFinite(c.p)); got != c.want {
			t.Errorf("%v: got\n%s\nwant\n%s", c.p, got, c.want)
		}
		checkAgainstToValue(t, st, jsonMatcher{nonFinite: c.p}, WithFormat(NDJSON))
	}
	// A top-level column, and float32 and float16.
	f32 := array.NewFloat32Builder(memory.DefaultAllocator)
	f32.AppendValues([]float32{1, float32(math.Inf(1))}, nil)
	a32 := f32.NewArray()
	defer a32.Release()
	f := frame.FromColumns([]string{"f"}, a32)
	err = Write(&bytes.Buffer{}, f)
	if !errors.As(err, &we) || we.Row != 1 || we.Field != "f" || !strings.Contains(err.Error(), "+Inf") {
		t.Errorf("float32: %v", err)
	}
	// In a map value: the key names the step.
	mst := structured.Must(structured.FromValue([]any{map[string]any{"m": map[string]any{"a": 1.0, "b": math.NaN(), "c": 2.0}}}, structured.WithMapThreshold(3)))
	err = WriteTensor(&bytes.Buffer{}, mst)
	if !errors.As(err, &we) || we.Row != 0 || we.Field != "m.b" {
		t.Errorf("map value: %v", err)
	}
	h := array.NewFloat16Builder(memory.DefaultAllocator)
	h.Append(float16.New(float32(math.NaN())))
	ah := h.NewArray()
	defer ah.Release()
	var hb bytes.Buffer
	if err := Write(&hb, frame.FromColumns([]string{"h"}, ah), WithNonFinite(NonFiniteString)); err != nil || hb.String() != `[{"h":"NaN"}]`+"\n" {
		t.Errorf("float16: %q %v", hb.String(), err)
	}
	if NonFiniteString.String() != "NonFiniteString" {
		t.Errorf("String: %s", NonFiniteString)
	}
}

// TestWriteIndent: an indented Array or Document is exactly what
// json.Indent makes of the compact output (strings with quotes, escapes
// and brackets included); NDJSON ignores the indent.
func TestWriteIndent(t *testing.T) {
	tensors := []*structured.Tensor{
		structured.Must(structured.FromValue(nestedRecords)),
		structured.Must(structured.FromValue([]any{map[string]any{"s{,": `a"b\`, "t": []any{`\`, "[:]", `"`, "{}"}, "e": map[string]any{}}})),
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		tensors = append(tensors, structured.Must(structured.FromValue(randomRecords(r, 1+r.IntN(4)))))
	}
	for _, st := range tensors {
		checkIndent(t, st)
	}
	r0 := structured.Must(structured.FromValue(map[string]any{"a": []any{}, "b": map[string]any{"c": "}"}}))
	checkIndent(t, r0)
}

// checkIndent compares st written with indents to json.Indent of st
// written compact.
func checkIndent(t *testing.T, st *structured.Tensor) {
	t.Helper()
	for _, c := range []struct{ prefix, indent string }{{"", "  "}, {"", "\t"}, {"// ", " "}, {">", ""}} {
		compact := writeTensorString(t, st)
		var want bytes.Buffer
		if err := stdjson.Indent(&want, []byte(strings.TrimSuffix(compact, "\n")), c.prefix, c.indent); err != nil {
			t.Fatal(err)
		}
		want.WriteByte('\n')
		if got := writeTensorString(t, st, WithIndent(c.prefix, c.indent)); got != want.String() {
			t.Errorf("%q %q: got\n%s\nwant\n%s", c.prefix, c.indent, got, want.String())
		}
		if got, want := writeTensorString(t, st, WithFormat(NDJSON), WithIndent(c.prefix, c.indent)), writeTensorString(t, st, WithFormat(NDJSON)); got != want {
			t.Errorf("NDJSON with indent: got\n%s\nwant\n%s", got, want)
		}
	}
}

// TestWriteEscapeHTML: <, > and & are plain by default and escaped by
// option, in values and in keys.
func TestWriteEscapeHTML(t *testing.T) {
	st := structured.Must(structured.FromValue([]any{map[string]any{"<k>": "a&b"}}))
	if got, want := writeTensorString(t, st), `[{"<k>":"a&b"}]`+"\n"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got, want := writeTensorString(t, st, WithEscapeHTML(true)), `[{"\u003ck\u003e":"a\u0026b"}]`+"\n"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestWriter: batches written one by one make one Array (commas between
// batches, "[]" for none) or NDJSON; Close is idempotent; calls after
// Close or an error fail.
func TestWriter(t *testing.T) {
	batch := func(from, n int) *frame.Frame {
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = int64(from + i)
		}
		return frame.FromColumns([]string{"id"}, ids)
	}
	for _, c := range []struct {
		name    string
		opts    []Option
		batches []*frame.Frame
		want    string
	}{
		{"array", nil, []*frame.Frame{batch(0, 2), batch(2, 0), batch(2, 1), batch(3, 2)}, `[{"id":0},{"id":1},{"id":2},{"id":3},{"id":4}]` + "\n"},
		{"array first empty", nil, []*frame.Frame{batch(0, 0), batch(0, 1)}, `[{"id":0}]` + "\n"},
		{"array none", nil, nil, "[]\n"},
		{"array only empty", nil, []*frame.Frame{batch(0, 0)}, "[]\n"},
		{"ndjson", []Option{WithFormat(NDJSON)}, []*frame.Frame{batch(0, 2), batch(2, 1)}, "{\"id\":0}\n{\"id\":1}\n{\"id\":2}\n"},
		{"ndjson none", []Option{WithFormat(NDJSON)}, nil, ""},
		{"indent", []Option{WithIndent("", "  ")}, []*frame.Frame{batch(0, 1), batch(1, 1)}, "[\n  {\n    \"id\": 0\n  },\n  {\n    \"id\": 1\n  }\n]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			w := NewWriter(&b, c.opts...)
			for _, f := range c.batches {
				if err := w.Write(f); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("got %q, want %q", b.String(), c.want)
			}
			if err := w.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
			if b.String() != c.want {
				t.Errorf("second Close wrote: %q", b.String())
			}
			if err := w.Write(batch(0, 1)); err == nil || !strings.Contains(err.Error(), "closed") {
				t.Errorf("Write after Close: %v", err)
			}
		})
	}

	// Tensors of every rank through one Writer.
	var b bytes.Buffer
	w := NewWriter(&b)
	r0 := structured.Must(structured.FromValue(map[string]any{"a": int64(0)}))
	r1 := structured.Must(structured.FromValue([]any{map[string]any{"a": int64(1)}}))
	for _, st := range []*structured.Tensor{r0, r1} {
		if err := w.WriteTensor(st); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil || b.String() != `[{"a":0},{"a":1}]`+"\n" {
		t.Errorf("tensors: %q %v", b.String(), err)
	}

	// An error sticks, and Close then writes nothing more.
	b.Reset()
	w = NewWriter(&b)
	nan := frame.FromColumns([]string{"x"}, []float64{1, math.NaN()})
	if err := w.Write(batch(0, 1)); err != nil {
		t.Fatal(err)
	}
	err := w.Write(nan)
	var we *WriteError
	if !errors.As(err, &we) || we.Row != 1 || we.Field != "x" {
		t.Fatalf("NaN batch: %v", err)
	}
	if err2 := w.Write(batch(1, 1)); err2 != err {
		t.Errorf("after an error: %v", err2)
	}
	if err2 := w.Close(); err2 != err {
		t.Errorf("Close after an error: %v", err2)
	}
	if err := NewWriter(&b, WithFormat(Document)).Write(batch(0, 1)); err == nil || !strings.Contains(err.Error(), "Document") {
		t.Errorf("Document Writer: %v", err)
	}
	if err := NewWriter(&b).WriteTensor(nil); err == nil {
		t.Error("nil Tensor: no error")
	}

	// A failing io.Writer.
	fw := NewWriter(failWriter{})
	if err := fw.Write(batch(0, 1)); err != nil {
		t.Fatal(err) // buffered
	}
	if err := fw.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Close on a failing writer: %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriterLarge: batches bigger than the buffer are flushed on the way
// and the output is one valid array of every row.
func TestWriterLarge(t *testing.T) {
	n := 30000
	names := make([]string, n)
	for i := range names {
		names[i] = strings.Repeat("n", i%50) + strconv.Itoa(i)
	}
	f := frame.FromColumns([]string{"name"}, names)
	var b bytes.Buffer
	w := NewWriter(&b)
	for range 3 {
		if err := w.Write(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]string
	if err := stdjson.Unmarshal(b.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3*n || rows[n+7]["name"] != names[7] {
		t.Errorf("%d rows", len(rows))
	}
}

// TestWriteFile: the format follows the extension under Auto; a failed
// write leaves no file.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	f := frame.FromColumns([]string{"a"}, []int64{1, 2})
	for _, c := range []struct {
		name string
		opts []Option
		want string
	}{
		{"x.ndjson", nil, "{\"a\":1}\n{\"a\":2}\n"},
		{"x.JSONL", nil, "{\"a\":1}\n{\"a\":2}\n"},
		{"x.json", nil, `[{"a":1},{"a":2}]` + "\n"},
		{"x.txt", nil, `[{"a":1},{"a":2}]` + "\n"},
		{"y.ndjson", []Option{WithFormat(Array)}, `[{"a":1},{"a":2}]` + "\n"},
	} {
		path := filepath.Join(dir, c.name)
		if err := WriteFile(path, f, c.opts...); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != c.want {
			t.Errorf("%s: got %q (%v), want %q", c.name, got, err, c.want)
		}
	}
	path := filepath.Join(dir, "nan.json")
	if err := WriteFile(path, frame.FromColumns([]string{"x"}, []float64{math.NaN()})); err == nil {
		t.Error("NaN: no error")
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed write left %s: %v", path, err)
	}
	if err := WriteFile(filepath.Join(dir, "no", "such", "dir.json"), f); err == nil {
		t.Error("missing directory: no error")
	}
}

// TestWriteUnsupported: a column whose type has no JSON form (a bad time
// zone here) is an error naming the field before anything is written.
func TestWriteUnsupported(t *testing.T) {
	tb := array.NewTimestampBuilder(memory.DefaultAllocator, &arrow.TimestampType{Unit: arrow.Second, TimeZone: "Mars/Olympus"})
	tb.Append(1)
	arr := tb.NewArray()
	defer arr.Release()
	st := structured.Must(structured.FromFields([]structured.FieldValue{{Name: "when", Value: structured.Must(structured.NewDense(arr))}}, 1))
	var b bytes.Buffer
	err := WriteTensor(&b, st)
	if err == nil || !strings.Contains(err.Error(), "field when") || !strings.Contains(err.Error(), "Mars/Olympus") {
		t.Errorf("err %v", err)
	}
	if b.Len() != 0 {
		t.Errorf("wrote %q", b.String())
	}
}

// TestWriteRoundTrip: random nested values → FromValue → write →
// encoding/json → FromValue give an equal Tensor, in both formats.
func TestWriteRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 300 {
		recs := randomRecords(r, 1+r.IntN(6))
		st, err := structured.FromValue(recs)
		if err != nil {
			t.Fatalf("case %d: %v", i, err) // the shapes keep one type per key
		}
		for _, format := range []Format{NDJSON, Array} {
			out := writeTensorString(t, st, WithFormat(format))
			back, err := structured.FromValue(decodeWritten(t, out, format))
			if err != nil {
				t.Fatalf("case %d: %v\n%s", i, err, out)
			}
			if !back.Equal(st) {
				t.Fatalf("case %d %v: read back\n%s\nwant\n%s\noutput\n%s", i, format, back.Spec(), st.Spec(), out)
			}
		}
	}
}

// randomRecords makes n records over a few keys whose values keep one
// type per key (ints, floats, strings, bools, lists, nested records) and
// are sometimes null or absent.
func randomRecords(r *rand.Rand, n int) []any {
	kinds := []int{r.IntN(6), r.IntN(6), r.IntN(6)}
	recs := make([]any, n)
	for i := range recs {
		m := map[string]any{}
		for k, kind := range kinds {
			switch r.IntN(8) {
			case 0:
				continue // absent
			case 1:
				m["k"+strconv.Itoa(k)] = nil
			default:
				m["k"+strconv.Itoa(k)] = randomValue(r, kind, 2)
			}
		}
		recs[i] = m
	}
	return recs
}

func randomValue(r *rand.Rand, kind, depth int) any {
	switch kind {
	case 0:
		return r.Int64() >> r.IntN(64)
	case 1:
		if r.IntN(3) == 0 {
			return float64(r.IntN(100))
		}
		return r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
	case 2:
		b := make([]byte, r.IntN(8))
		for i := range b {
			b[i] = " a\"\\\n\x01é<"[r.IntN(9)]
		}
		return strings.ToValidUTF8(string(b), "?")
	case 3:
		return r.IntN(2) == 0
	case 4:
		if depth == 0 {
			return int64(r.IntN(10))
		}
		l := make([]any, r.IntN(4))
		for i := range l {
			if r.IntN(6) == 0 {
				continue // nil item
			}
			l[i] = randomValue(r, 1, depth-1)
		}
		return l
	}
	if depth == 0 {
		return "leaf"
	}
	return map[string]any{"x": randomValue(r, 0, depth-1), "y": []any{randomValue(r, 2, depth-1)}}
}

// TestWriteParallel: rows formatted on several goroutines (small chunks
// here) give byte for byte the output of one, in every layout and across
// the batches of a Writer; an error is the first failing row's, and
// nothing after it is written.
func TestWriteParallel(t *testing.T) {
	defer func(rows, workers, direct int) {
		writeChunkRows, writeMaxWorkers, writeDirectAt = rows, workers, direct
	}(writeChunkRows, writeMaxWorkers, writeDirectAt)
	r := rand.New(rand.NewPCG(9, 10))
	st := structured.Must(structured.FromValue(randomRecords(r, 500), structured.WithMapThreshold(4)))
	layouts := [][]Option{{WithFormat(NDJSON)}, {WithFormat(Array)}, {WithIndent("", " ")}, {WithOmitNulls(true)}}
	want := make([]string, len(layouts))
	writeChunkRows, writeMaxWorkers = 1<<20, 1
	for k, opts := range layouts {
		want[k] = writeTensorString(t, st, opts...)
	}
	var batches bytes.Buffer
	w := NewWriter(&batches)
	for range 3 {
		if err := w.WriteTensor(st); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// Chunks through the encoder's buffer, and (direct 1) each handed to
	// the io.Writer as it is.
	for _, run := range [][2]int{{1, writeFlushAt}, {7, writeFlushAt}, {25, writeFlushAt}, {1, 1}, {25, 1}} {
		chunk := run[0]
		writeChunkRows, writeMaxWorkers, writeDirectAt = chunk, 4, run[1]
		if writeWorkers(st.NumRows()) < 2 {
			t.Fatalf("chunk %d: %d rows are written by one goroutine", chunk, st.NumRows())
		}
		for k, opts := range layouts {
			if got := writeTensorString(t, st, opts...); got != want[k] {
				t.Errorf("chunk %d, direct from %d bytes, %v: output differs from one goroutine's", chunk, run[1], opts)
			}
		}
		var b bytes.Buffer
		w := NewWriter(&b)
		for range 3 {
			if err := w.WriteTensor(st); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if b.String() != batches.String() {
			t.Errorf("chunk %d, direct from %d bytes: Writer output differs from one goroutine's", chunk, run[1])
		}
	}

	// The first failing row is the error, whatever goroutine meets it.
	vals := make([]float64, 5000)
	for i := range vals {
		vals[i] = float64(i)
	}
	vals[3001], vals[4500] = math.NaN(), math.Inf(1)
	f := frame.FromColumns([]string{"x"}, vals)
	for _, direct := range []int{writeFlushAt, 1} {
		writeChunkRows, writeMaxWorkers, writeDirectAt = 16, 4, direct
		var out bytes.Buffer
		err := Write(&out, f, WithFormat(NDJSON))
		var we *WriteError
		if !errors.As(err, &we) || we.Row != 3001 || we.Field != "x" {
			t.Fatalf("direct from %d bytes: err %v", direct, err)
		}
		if strings.Contains(out.String(), `"x":3001.0`) || strings.Count(out.String(), "\n") > 3001 {
			t.Errorf("direct from %d bytes: rows after the failing one were written", direct)
		}
	}

	// A failing io.Writer stops the write, chunks written directly or not.
	vals[3001], vals[4500] = 1, 2
	f = frame.FromColumns([]string{"x"}, vals)
	for _, direct := range []int{writeFlushAt, 1} {
		writeChunkRows, writeMaxWorkers, writeDirectAt = 16, 4, direct
		if err := Write(failWriter{}, f, WithFormat(NDJSON)); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("direct from %d bytes: err %v, want the io.Writer's", direct, err)
		}
	}
}

// TestAppendFixed: m·10^-k laid out digit by digit is strconv's text of
// it, for every k the writer uses and integers of every length.
func TestAppendFixed(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	ref := func(m int64, k int) string {
		neg := m < 0
		s := strconv.FormatUint(uint64(m), 10)
		if neg {
			s = strconv.FormatUint(-uint64(m), 10)
		}
		if len(s) <= k {
			s = strings.Repeat("0", k-len(s)+1) + s
		}
		s = s[:len(s)-k] + "." + s[len(s)-k:]
		if k == 0 {
			s += "0"
		}
		if neg {
			s = "-" + s
		}
		return s
	}
	ms := []int64{0, 1, -1, 9, 10, 99, 100, 123456, -1000000, 1<<50 - 1, -(1<<50 - 1), math.MaxInt64, math.MinInt64}
	for range 100000 {
		m := r.Int64N(1 << (1 + r.IntN(62)))
		if r.IntN(2) == 0 {
			m = -m
		}
		ms = append(ms, m)
	}
	for _, m := range ms {
		for k := range 7 {
			if got, want := string(appendFixed([]byte("x"), m, k)), "x"+ref(m, k); got != want {
				t.Fatalf("appendFixed(%d, %d) = %s, want %s", m, k, got, want)
			}
		}
	}
}

// TestWriteReadRoundTrip: frames written and read back with this
// package's reader are equal, index included (label, MultiIndex, nested
// columns with nulls at every level, random records), in both formats.
func TestWriteReadRoundTrip(t *testing.T) {
	base := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome"}, []int64{2023, 2024, 2024}, []float64{11.5, 12.0, 17.5})
	frames := []*frame.Frame{base, base.SetIndex("year"), base.SetIndex("city", "year"),
		frame.FromTensor(structured.Must(structured.FromValue(nestedRecords)))}
	r := rand.New(rand.NewPCG(13, 14))
	for range 100 {
		frames = append(frames, frame.FromTensor(structured.Must(structured.FromValue(randomRecords(r, 1+r.IntN(5))))))
	}
	for k, f := range frames {
		for _, format := range []Format{NDJSON, Array} {
			var b bytes.Buffer
			if err := Write(&b, f, WithFormat(format)); err != nil {
				t.Fatal(err)
			}
			back, err := Read(bytes.NewReader(b.Bytes()), WithFormat(format))
			if err != nil {
				t.Fatalf("frame %d, %v: %v\n%s", k, format, err, b.String())
			}
			ft, _ := f.Tensor()
			bt, _ := back.Tensor()
			if !ft.Equal(bt) || !index.Equal(f.Index(), back.Index()) {
				t.Errorf("frame %d, %v: read back %s (%v), want %s (%v)\n%s", k, format, bt.Spec(), back.Index(), ft.Spec(), f.Index(), b.String())
			}
		}
	}
}

// TestWriteFrameOfPieces: a frame joined from several (frame.Concat, the
// record batches of a file) is written chunk by chunk, its columns never
// joined, as the same text its joined copy gives, in every format.
func TestWriteFrameOfPieces(t *testing.T) {
	mk := func(lo, n int) *frame.Frame {
		rows := make([]any, n)
		for i := range rows {
			rows[i] = map[string]any{"id": lo + i, "tags": []any{"t"}[:i%2], "s": map[string]any{"x": lo + i}}
		}
		return frame.FromRecords(rows)
	}
	joined := func() *frame.Frame { return frame.Concat(mk(0, 3), mk(3, 1), mk(4, 5)) }
	for _, format := range []Format{Array, NDJSON} {
		pieces, whole := joined(), joined()
		for _, c := range whole.Columns() {
			if _, err := whole.Column(c); err != nil {
				t.Fatal(err)
			}
		}
		var got, want bytes.Buffer
		if err := Write(&got, pieces, WithFormat(format)); err != nil {
			t.Fatal(err)
		}
		if err := Write(&want, whole, WithFormat(format)); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("format %v: written from the pieces\n%s\njoined\n%s", format, got.String(), want.String())
		}
		if chunks, err := pieces.ColumnChunks("id"); err != nil || len(chunks) != 3 {
			t.Errorf("format %v: writing joined id (%d chunks, %v)", format, len(chunks), err)
		}
	}
}

// TestWriteErrorRowOfPieces: a write error in a frame joined from pieces
// names the row in the frame, as in the joined frame.
func TestWriteErrorRowOfPieces(t *testing.T) {
	const n = 1 << 14 // a chunk of its own (structured.Tensor.RowChunks groups smaller pieces)
	mk := func() *frame.Frame {
		return frame.Concat(frame.FromColumns([]string{"x"}, make([]float64, n)), frame.FromColumns([]string{"x"}, []float64{4, math.NaN()}))
	}
	pieces, whole := mk(), mk()
	if _, err := whole.Column("x"); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	var ep, ew *WriteError
	if !errors.As(Write(&b, pieces), &ep) || !errors.As(Write(&b, whole), &ew) {
		t.Fatal("writing a NaN gave no WriteError")
	}
	if ep.Row != n+1 || ew.Row != n+1 {
		t.Errorf("rows %d (pieces) and %d (joined), want %d", ep.Row, ew.Row, n+1)
	}
}
