package structured

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"unicode/utf8"
)

// FuzzBuilderJSON drives a Builder from JSON text through the test
// tokenizer, with options picked by the first argument. It must never
// panic; what it accepts must be valid, survive Arrow and the Spec string,
// and (without map inference or JSON text) equal what FromValue builds from
// the same JSON decoded by encoding/json.
func FuzzBuilderJSON(f *testing.F) {
	for _, s := range []string{
		`{"a": 1, "c": "x"} {"a": 2, "b": true}`,
		`{"u": {"x": 1}} {"u": {"y": 1.5}} {"u": null}`,
		`{"l": [{"a": 1}, {"b": [1, 2]}]}`,
		`{"t": {"en": "hi", "fr": "salut", "de": "hallo"}} {"t": {"es": "hola"}} {"t": null}`,
		`{"m": {"k1": {"x": 1}, "k2": {"x": 2, "y": "a"}}} {"m": {"k3": {}}}`,
		`{"a": 1} {"a": "x"} {"a": {"b": [1, "two"]}} {"a": null} {"a": [true, 1.5]}`,
		`{"a": 9007199254740993} {"a": 0.5}`,
		`{"a": 1} {"a": 18446744073709551616} {"a": -5}`,
		`[{"a": 1}, {"a": 2}] [] null`,
		`{"l": []} {"l": null} {} {"l": [1]}`,
		`{"a": {"b": {"c": [[1], [], null]}}}`,
	} {
		for _, o := range []byte{0, 2, 4, 8, 16, 6} {
			f.Add(o, []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, o byte, data []byte) {
		threshold := int(o & 3)
		appearance := 0.0
		if threshold != 0 {
			appearance = 0.4
		}
		opts := fuzzOptions(o, threshold, appearance)
		b := Must(NewBuilder(nil, opts...))
		err := scanJSON(b, data)
		var st *Tensor
		if err == nil {
			st, err = b.Finish()
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) && !errors.Is(err, errScan) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if err := st.Validate(); err != nil {
			t.Fatalf("Validate: %v\n%s", err, data)
		}
		if st.NumRows() > 0 {
			arr, err := st.ToArrow()
			if err != nil {
				t.Fatalf("ToArrow: %v", err)
			}
			back, err := FromArrow(arr)
			arr.Release()
			if err != nil || !Equal(back, st) {
				t.Fatalf("Arrow round trip: %v\n%v\n%v", err, back, st)
			}
		}
		spec := st.Spec()
		if parsed, err := ParseSpec(spec.String()); err != nil || !parsed.Equal(spec) {
			t.Fatalf("ParseSpec(%s): %v, %v", spec, parsed, err)
		}
		if o&4 != 0 || threshold != 0 || !utf8.Valid(data) {
			return // (encoding/json replaces invalid UTF-8; the Builder stores strings as given)
		}
		// The same rows through encoding/json and FromValue.
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		rows := []any{}
		for {
			var v any
			if err := dec.Decode(&v); err != nil {
				break
			}
			rows = append(rows, v)
		}
		if len(rows) != st.NumRows() {
			return // the test tokenizer took something encoding/json did not
		}
		fv, err := FromValue(rows, opts...)
		if err != nil {
			if o&8 != 0 {
				return // strict keys: Go maps give keys in another order
			}
			t.Fatalf("FromValue refused what the Builder took: %v\n%s", err, data)
		}
		if !Equal(fv, st) {
			t.Fatalf("FromValue and the Builder differ:\n%v\n%v", fv, st)
		}
		if !reflect.DeepEqual(fv.ToValue(), st.ToValue()) {
			t.Fatalf("ToValue differs")
		}
	})
}

// fuzzOptions turns bits of a fuzz byte into Builder options: bit 2
// ConflictJSONText, bit 3 strict keys, bit 4 sorted fields; the map rules
// are given.
func fuzzOptions(o byte, threshold int, appearance float64) []Option {
	opts := []Option{WithMapThreshold(threshold), WithMapAppearance(appearance)}
	if o&4 != 0 {
		opts = append(opts, WithConflicts(ConflictJSONText))
	}
	if o&8 != 0 {
		opts = append(opts, WithStrictKeys(true))
	}
	if o&16 != 0 {
		opts = append(opts, WithFieldOrder(Sorted))
	}
	return opts
}
