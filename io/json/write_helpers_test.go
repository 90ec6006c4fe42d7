package json

import (
	"bytes"
	"encoding/base64"
	stdjson "encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// Helpers of the writer's tests: build Arrow arrays, decode what was
// written and compare it with what ToValue says.

// arrowJSON builds an Arrow array of type dt from JSON text (arrow-go's
// FromJSON: dates, times and timestamps as strings).
func arrowJSON(t testing.TB, dt arrow.DataType, text string) arrow.Array {
	t.Helper()
	a, _, err := array.FromJSON(memory.DefaultAllocator, dt, strings.NewReader(text))
	if err != nil {
		t.Fatalf("FromJSON %s %s: %v", dt, text, err)
	}
	return a
}

// decodeWritten checks that out is valid JSON in the format (each NDJSON
// line on its own) and decodes it with UseNumber: the rows (NDJSON,
// Array) or the one document.
func decodeWritten(t testing.TB, out string, format Format) any {
	t.Helper()
	dec := func(s string) any {
		t.Helper()
		if !stdjson.Valid([]byte(s)) {
			t.Fatalf("not valid JSON: %q", s)
		}
		d := stdjson.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			t.Fatalf("decode %q: %v", s, err)
		}
		return v
	}
	if !strings.HasSuffix(out, "\n") && out != "" {
		t.Errorf("output does not end with a newline: %q", out)
	}
	if format != NDJSON {
		return dec(out)
	}
	rows := []any{}
	for line := range strings.Lines(out) {
		if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
			t.Fatalf("NDJSON line without its newline: %q", line)
		}
		rows = append(rows, dec(line))
	}
	return rows
}

// jsonMatcher compares decoded JSON with ToValue's Go values under the
// writer's conversions (write.go's doc): see match.
type jsonMatcher struct {
	omitNulls bool
	nonFinite NonFinite
}

// match reports how got (decoded with UseNumber) differs from the JSON form
// of want (ToValue's value), or nil.
func (m jsonMatcher) match(got, want any, path string) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: got %#v (%T), want %#v (%T): %s", path, got, got, want, want, fmt.Sprintf(format, args...))
	}
	num, isNum := got.(stdjson.Number)
	str, isStr := got.(string)
	switch w := want.(type) {
	case nil:
		if got != nil {
			return bad("want null")
		}
		return nil
	case bool:
		if got != w {
			return bad("bool")
		}
		return nil
	case int8, int16, int32, int64, uint8, uint16, uint32, uint64, arrow.MonthInterval:
		if !isNum || string(num) != fmt.Sprint(w) {
			return bad("integer text")
		}
		return nil
	case float32:
		return m.matchFloat(got, float64(w), 32, bad)
	case float64:
		return m.matchFloat(got, w, 64, bad)
	case string: // strings, and decimals written as numbers
		if (isStr && str == decodedUTF8(w)) || (isNum && string(num) == w) {
			return nil
		}
		return bad("string")
	case []byte:
		b, err := base64.StdEncoding.DecodeString(str)
		if !isStr || err != nil || !bytes.Equal(b, w) {
			return bad("base64")
		}
		return nil
	case arrow.Date32:
		if !isStr || str != w.FormattedString() {
			return bad("date")
		}
		return nil
	case time.Time:
		tm, err := parseWrittenTime(str)
		if !isStr || err != nil || !tm.Equal(w) {
			return bad("time %v", err)
		}
		return nil
	case time.Duration:
		d, err := parseWrittenDuration(str)
		if !isStr || err != nil || d != w {
			return bad("duration %v", err)
		}
		return nil
	case arrow.DayTimeInterval, arrow.MonthDayNanoInterval:
		b, _ := stdjson.Marshal(w)
		var v any
		d := stdjson.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		_ = d.Decode(&v)
		if !reflect.DeepEqual(got, v) {
			return bad("interval")
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return bad("list of %d", len(w))
		}
		for i := range w {
			if err := m.match(g[i], w[i], fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return bad("object")
		}
		for k, wv := range w {
			gv, present := g[k]
			if !present && !(m.omitNulls && wv == nil) {
				return bad("key %q missing", k)
			}
			if present && m.omitNulls && wv == nil {
				return bad("null key %q written under WithOmitNulls", k)
			}
			if err := m.match(gv, wv, path+"."+k); err != nil {
				return err
			}
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return bad("extra key %q", k)
			}
		}
		return nil
	}
	return bad("unexpected type in ToValue")
}

// matchFloat compares a written float with want under the NaN policy.
func (m jsonMatcher) matchFloat(got any, want float64, bits int, bad func(string, ...any) error) error {
	if math.IsNaN(want) || math.IsInf(want, 0) {
		switch m.nonFinite {
		case NonFiniteNull:
			if got != nil {
				return bad("non-finite as null")
			}
		case NonFiniteString:
			w := map[bool]string{true: "Infinity", false: "-Infinity"}[want > 0]
			if math.IsNaN(want) {
				w = "NaN"
			}
			if got != w {
				return bad("non-finite as %q", w)
			}
		default:
			return bad("a non-finite float was written under NonFiniteError")
		}
		return nil
	}
	num, ok := got.(stdjson.Number)
	if !ok || !strings.ContainsAny(string(num), ".e") {
		return bad("a float is written with a '.' or an exponent")
	}
	f, err := strconv.ParseFloat(string(num), bits)
	if err != nil || math.Float64bits(f) != math.Float64bits(want) {
		return bad("float bits (%v)", err)
	}
	return nil
}

// parseWrittenTime reads a written date or timestamp.
func parseWrittenTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("not a date or timestamp: %q", s)
}

// parseWrittenDuration reads a written duration ("1500ms") or time of
// day ("01:02:03.004") as a time.Duration.
func parseWrittenDuration(s string) (time.Duration, error) {
	if !strings.Contains(s, ":") {
		return time.ParseDuration(s)
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	hms, frac, _ := strings.Cut(s, ".")
	parts := strings.Split(hms, ":")
	if len(parts) != 3 {
		return 0, fmt.Errorf("not a time of day: %q", s)
	}
	var d time.Duration
	for i, unit := range []time.Duration{time.Hour, time.Minute, time.Second} {
		n, err := strconv.Atoi(parts[i])
		if err != nil {
			return 0, err
		}
		d += time.Duration(n) * unit
	}
	if frac != "" {
		n, err := strconv.Atoi((frac + "000000000")[:9])
		if err != nil {
			return 0, err
		}
		d += time.Duration(n)
	}
	if neg {
		d = -d
	}
	return d, nil
}

// writeTensorString writes t with opts, failing the test on error.
func writeTensorString(t testing.TB, st *structured.Tensor, opts ...Option) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteTensor(&b, st, opts...); err != nil {
		t.Fatalf("WriteTensor: %v", err)
	}
	return b.String()
}

// checkAgainstToValue writes st in a format and checks that the output is
// valid and decodes to st.ToValue() (the rows, or the one object).
func checkAgainstToValue(t testing.TB, st *structured.Tensor, m jsonMatcher, opts ...Option) string {
	t.Helper()
	cfg := makeConfig(opts)
	format := cfg.format
	if format == Auto {
		format = Array
		if st.Rank() == 0 {
			format = Document
		}
	}
	opts = append(opts, WithOmitNulls(m.omitNulls), WithNonFinite(m.nonFinite))
	out := writeTensorString(t, st, opts...)
	got := decodeWritten(t, out, format)
	if st.Rank() == 0 && format == NDJSON {
		if rows := got.([]any); len(rows) == 1 {
			got = rows[0]
		}
	}
	if err := m.match(got, st.ToValue(), "$"); err != nil {
		t.Errorf("%v\noutput: %s", err, out)
	}
	return out
}

// decodedUTF8 is s as encoding/json decodes what the writer made of it:
// each byte of invalid UTF-8 is U+FFFD.
func decodedUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // RuneError for an invalid byte
		i += size
	}
	return b.String()
}
