package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/structframe/structframe/structured"
)

// FuzzWrite: JSON text that encoding/json decodes to an array of objects
// becomes a Tensor (FromValue); writing it as NDJSON and as an Array (the
// first input byte picks indent and WithOmitNulls; indented output must be
// json.Indent's layout of the compact one) gives valid JSON that
// decodes to what ToValue says and, unless nulls are omitted, to a value
// FromValue turns into an equal Tensor. The only error
// allowed is a non-finite float (a number beyond float64, as 1e400).
func FuzzWrite(f *testing.F) {
	for _, s := range []string{
		`[{"a":1,"b":"x"},{"a":2.5,"c":null}]`,
		`[{"l":[1,2,[]],"m":{"k":{"z":[{"q":true}]}}},{"l":null}]`,
		`[{"s":"\u0000\"\\\u2028<>&\ud800é"},{"s":""}]`,
		`[{"n":-0},{"n":-0.0},{"n":1e-7},{"n":123456789012345678901234567890}]`,
		`[{"a":{"x":1,"y":2,"z":3}},{"a":{"w":4}},{"a":{}}]`,
		`[]`,
		`[{}]`,
		`[{"big":1e400}]`,
	} {
		f.Add(byte(0), s)
	}
	if b, err := stdjson.Marshal(nestedRecords); err == nil {
		f.Add(byte(3), string(b))
	}
	f.Fuzz(func(t *testing.T, mode byte, text string) {
		if len(text) > 4096 {
			return
		}
		d := stdjson.NewDecoder(strings.NewReader(text))
		d.UseNumber()
		var v any
		if d.Decode(&v) != nil {
			return
		}
		rows, ok := v.([]any)
		if !ok {
			return
		}
		for _, r := range rows {
			if _, ok := r.(map[string]any); !ok {
				return
			}
		}
		st, err := structured.FromValue(rows)
		if err != nil || st.Rank() != 1 {
			return
		}
		opts := []Option{WithOmitNulls(mode&1 != 0)}
		if mode&2 != 0 {
			opts = append(opts, WithIndent("", " "))
		}
		for _, format := range []Format{NDJSON, Array} {
			var b bytes.Buffer
			err := WriteTensor(&b, st, append(opts, WithFormat(format))...)
			var we *WriteError
			if errors.As(err, &we) && strings.Contains(we.Msg, "Inf has no JSON form") {
				return
			}
			if err != nil {
				t.Fatalf("%v: %v", format, err)
			}
			if mode&2 != 0 && format == Array {
				var compact, want bytes.Buffer
				if err := WriteTensor(&compact, st, WithFormat(Array), WithOmitNulls(mode&1 != 0)); err != nil {
					t.Fatal(err)
				}
				if err := stdjson.Indent(&want, compact.Bytes(), "", " "); err != nil {
					t.Fatal(err)
				}
				if want.String() != b.String() {
					t.Fatalf("indented:\n%s\nwant (json.Indent):\n%s", b.String(), want.String())
				}
			}
			got := decodeWritten(t, b.String(), format)
			if err := (jsonMatcher{omitNulls: mode&1 != 0}).match(got, st.ToValue(), "$"); err != nil {
				t.Fatalf("%v: %v\noutput:\n%s", format, err, b.String())
			}
			if mode&1 != 0 {
				continue // a field null in every row is gone: no Tensor to compare
			}
			back, err := structured.FromValue(got)
			if err != nil {
				t.Fatalf("%v: reading back: %v\n%s", format, err, b.String())
			}
			if !back.Equal(st) {
				t.Fatalf("%v: read back %s, want %s\noutput:\n%s", format, back.Spec(), st.Spec(), b.String())
			}
		}
	})
}
