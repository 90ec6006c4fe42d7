package structured

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// FuzzFromValue feeds decoded JSON to FromValue and ValueOf: they must not
// panic, and what they accept must come back from ToValue unchanged, up to
// keys missing from some records, which come back with a nil value.
func FuzzFromValue(f *testing.F) {
	for _, s := range []string{
		`{"age": 82, "nicknames": ["Bob", "Bobby"]}`,
		`[{"age": 12, "nicknames": ["Josaphine"]}, {"age": 82, "nicknames": ["Bob", "Bobby"]}, {"age": 42, "nicknames": ["Elmo"]}]`,
		`[[{"a": 1, "b": ["foo", "bar", "baz"]}, {"a": 1, "b": ["foo", "bar", "baz"]}], [], [{"a": 1, "b": []}]]`,
		`[[[{"a": 1, "b": ["foo"]}, {"a": 1, "b": ["x"]}], [{"a": 1, "b": []}]], [[{"a": 1, "b": ["y"]}]]]`,
		`{"a": [1, 2, 3], "b": [[4, 5], [6, 7]]}`,
		`{"x": "foo", "y": [[1, 2], [3]]}`,
		`[[{"x": "foo", "y": [[1, 2], [3]]}, {"x": "bar", "y": [[4], [5, 6]]}], [{"x": "baz", "y": [[7, 8, 9]]}, {"x": "raz", "y": []}]]`,
		`{"user_embedding": [0.8, 2.1], "recipe": {"title": "S", "ingredients": [{"amount": 3.0, "unit": "cup"}], "user_rating": [{"user_embedding": [0.7], "score": 0.8}]}}`,
		`[{"age": 12, "shoes": {"sizes": [8.0, 7.5]}}, {"age": 82, "shoes": {"sizes": [11.0]}}]`,
		`[{"a": 1}, {"a": "hello"}]`,
		`[{"b": [1, 2, 3]}, {"b": [[1, 2], [3, 4]]}]`,
		`[{"c": {"x": 1}}, {"c": {"y": 1}}]`,
		`[{"a": [1, 2]}, {"b": [3, 4]}]`,
		`[{"c": {"x": 1}}, {"c": [{"x": 1}]}]`,
		`[{"c": 1}, {"c": {"x": 1}}]`,
		`[{}, [{}]]`,
		`[[{}], 5]`,
		`{"a": null}`,
		`{"": 5}`,
		`{"_": 5, "first name": "x"}`,
		`{"a": [1, []]}`,
		`[{"a": 1, "b": 2}, {"a": 3}]`,
		`[{"a": 1}, null, {"a": null}]`,
		`[[{"a": [1, null]}], null, []]`,
		`[{"l": [{"x": 1}, null]}, {"l": null}]`,
		`[]`, `[[], []]`, `[null]`, `[1, 2]`, `5`, `null`, `"x"`,
		`[{"a": 1}, {"a": 2.5}, {"a": true}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return
		}
		want := fillMissingKeys(v)
		st, err := FromValue(v)
		if err == nil {
			if got := st.ToValue(); !reflect.DeepEqual(got, want) {
				t.Fatalf("FromValue(%s).ToValue()\n got %#v\nwant %#v", data, got, want)
			}
		}
		// Rows built in chunks and merged give the same result.
		if ct, cerr := fromValue(v, inChunks); fmt.Sprint(cerr) != fmt.Sprint(err) || err == nil && (!ct.Equal(st) || ct.String() != st.String()) {
			t.Fatalf("FromValue(%s) in chunks: %v, %v\none pass: %v, %v", data, ct, cerr, st, err)
		}
		if val, err := ValueOf(v); err == nil {
			if got := val.ToValue(); !reflect.DeepEqual(got, want) {
				t.Fatalf("ValueOf(%s).ToValue()\n got %#v\nwant %#v", data, got, want)
			}
		}
	})
}

// fillMissingKeys returns a copy of v in which every map holds every key
// seen in the maps at the same field path (list levels do not count), the
// missing ones with a nil value: what ToValue gives for a key missing from
// some records.
func fillMissingKeys(v any) any {
	keys := map[string]map[string]bool{}
	var collect func(v any, path string)
	collect = func(v any, path string) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				collect(e, path)
			}
		case map[string]any:
			if keys[path] == nil {
				keys[path] = map[string]bool{}
			}
			for k, e := range x {
				keys[path][k] = true
				collect(e, path+"\x00"+k)
			}
		}
	}
	collect(v, "")
	var fill func(v any, path string) any
	fill = func(v any, path string) any {
		switch x := v.(type) {
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = fill(e, path)
			}
			return out
		case map[string]any:
			out := make(map[string]any, len(keys[path]))
			for k := range keys[path] {
				out[k] = fill(x[k], path+"\x00"+k)
			}
			return out
		}
		return v
	}
	return fill(v, "")
}

// TestFillMissingKeys checks the fuzz target's normaliser.
func TestFillMissingKeys(t *testing.T) {
	in := decodeJSON(t, `[{"a": 1, "c": [{"x": 1}, {"y": 2}]}, {"b": [[{"x": 3}]], "c": []}]`)
	want := decodeJSON(t, `[{"a": 1, "b": null, "c": [{"x": 1, "y": null}, {"x": null, "y": 2}]}, {"a": null, "b": [[{"x": 3}]], "c": []}]`)
	if got := fillMissingKeys(in); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
