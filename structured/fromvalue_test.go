package structured

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// decodeJSON decodes a JSON text into an `any`, as encoding/json does
// (numbers are float64).
func decodeJSON(tb testing.TB, s string) any {
	tb.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		tb.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}

// field returns the value at a path, failing the test if there is none.
func field(tb testing.TB, t *Tensor, path ...string) Value {
	tb.Helper()
	v, err := t.Field(path...)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// splitsOf renders partitions' row splits, outermost first.
func splitsOf(parts []*RowPartition) [][]int64 {
	out := make([][]int64, len(parts))
	for i, p := range parts {
		out[i] = append([]int64{}, p.RowSplits()...)
	}
	return out
}

// fieldWant describes one field value expected by a test.
type fieldWant struct {
	path  []string
	kind  string // dense, ragged, structured
	dtype string // leaf type name
	shape string
	value any // ToValue, if not nil
}

func checkField(t *testing.T, st *Tensor, w fieldWant) {
	t.Helper()
	v := field(t, st, w.path...)
	name := strings.Join(w.path, ".")
	if k := kindName(v); k != w.kind {
		t.Errorf("%s: kind %s, want %s", name, k, w.kind)
	}
	if s := v.Shape().String(); s != w.shape {
		t.Errorf("%s: shape %s, want %s", name, s, w.shape)
	}
	if l, ok := v.(Leaf); ok && w.dtype != "" && typeName(l.DataType()) != w.dtype {
		t.Errorf("%s: dtype %s, want %s", name, typeName(l.DataType()), w.dtype)
	}
	if w.value != nil && !reflect.DeepEqual(v.ToValue(), w.value) {
		t.Errorf("%s: ToValue\n got %#v\nwant %#v", name, v.ToValue(), w.value)
	}
}

// TestFromValueExamples converts the construction examples of the API
// reference and the RFC.
func TestFromValueExamples(t *testing.T) {
	tests := []struct {
		name   string
		v      any
		shape  string
		names  []string
		splits [][]int64
		fields []fieldWant
	}{
		{
			name:  "api s1: a scalar StructuredTensor describing a single person",
			v:     map[string]any{"age": 82, "nicknames": []any{"Bob", "Bobby"}},
			shape: "[]", names: []string{"age", "nicknames"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"age"}, "dense", "int64", "[]", int64(82)},
				{[]string{"nicknames"}, "dense", "string", "[2]", []any{"Bob", "Bobby"}},
			},
		},
		{
			name: "api s2: a vector StructuredTensor describing three people",
			v: []any{
				map[string]any{"age": 12, "nicknames": []any{"Josaphine"}},
				map[string]any{"age": 82, "nicknames": []any{"Bob", "Bobby"}},
				map[string]any{"age": 42, "nicknames": []any{"Elmo"}},
			},
			shape: "[3]", names: []string{"age", "nicknames"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"age"}, "dense", "int64", "[3]", []any{int64(12), int64(82), int64(42)}},
				{[]string{"nicknames"}, "ragged", "string", "[3, var]", []any{[]any{"Josaphine"}, []any{"Bob", "Bobby"}, []any{"Elmo"}}},
			},
		},
		{
			name:  "from_pyval docstring: a dense vector and a ragged matrix",
			v:     map[string]any{"a": []any{1, 2, 3}, "b": []any{[]any{4, 5}, []any{6, 7}}},
			shape: "[]", names: []string{"a", "b"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"a"}, "dense", "int64", "[3]", []any{int64(1), int64(2), int64(3)}},
				{[]string{"b"}, "ragged", "int64", "[2, var]", []any{[]any{int64(4), int64(5)}, []any{int64(6), int64(7)}}},
			},
		},
		{
			name: "api shoes: a nested structure per row",
			v: decodeJSON(t, `[
				{"age": 12, "nicknames": ["Josaphine"], "shoes": {"sizes": [8.0, 7.5, 7.5]}},
				{"age": 82, "nicknames": ["Bob", "Bobby"], "shoes": {"sizes": [11.0, 11.5, 12.0]}},
				{"age": 42, "nicknames": ["Elmo"], "shoes": {"sizes": [9.0, 9.5, 10.0]}}]`),
			shape: "[3]", names: []string{"age", "nicknames", "shoes"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"shoes"}, "structured", "", "[3]", nil},
				{[]string{"shoes", "sizes"}, "ragged", "float64", "[3, var]", []any{[]any{8.0, 7.5, 7.5}, []any{11.0, 11.5, 12.0}, []any{9.0, 9.5, 10.0}}},
			},
		},
		{
			name:  "api merge_dims: empty rows in a rank-2 Tensor",
			v:     decodeJSON(t, `[[{"foo": 12}, {"foo": 33}], [], [{"foo": 99}]]`),
			shape: "[3, var]", names: []string{"foo"}, splits: [][]int64{{0, 2, 2, 3}},
			fields: []fieldWant{
				{[]string{"foo"}, "ragged", "float64", "[3, var]", []any{[]any{12.0, 33.0}, []any{}, []any{99.0}}},
			},
		},
		{
			name:  "api promote: lists of structures in rows",
			v:     decodeJSON(t, `[{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}]}, {"docs": [{"tokens": [7]}]}]`),
			shape: "[2]", names: []string{"docs"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"docs"}, "structured", "", "[2, var]", nil},
				{[]string{"docs", "tokens"}, "ragged", "float64", "[2, var, var]", []any{[]any{[]any{1.0, 2.0}, []any{3.0}}, []any{[]any{7.0}}}},
			},
		},
		{
			name:  "api to_pyval",
			v:     []any{map[string]any{"a": 1}, map[string]any{"a": 2}, map[string]any{"a": 3}},
			shape: "[3]", names: []string{"a"}, splits: [][]int64{},
			fields: []fieldWant{{[]string{"a"}, "dense", "int64", "[3]", []any{int64(1), int64(2), int64(3)}}},
		},
		{
			name:  "rfc st_scalar",
			v:     map[string]any{"x": "foo", "y": []any{[]any{1, 2}, []any{3}}},
			shape: "[]", names: []string{"x", "y"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"x"}, "dense", "string", "[]", "foo"},
				{[]string{"y"}, "ragged", "int64", "[2, var]", []any{[]any{int64(1), int64(2)}, []any{int64(3)}}},
			},
		},
		{
			name: "rfc st_vector",
			v: decodeJSON(t, `[{"x": "foo", "y": [[1, 2], [3]]},
				{"x": "bar", "y": [[4], [5, 6]]},
				{"x": "baz", "y": [[7, 8, 9]]}]`),
			shape: "[3]", names: []string{"x", "y"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"x"}, "dense", "string", "[3]", []any{"foo", "bar", "baz"}},
				{[]string{"y"}, "ragged", "float64", "[3, var, var]", decodeJSON(t, `[[[1, 2], [3]], [[4], [5, 6]], [[7, 8, 9]]]`)},
			},
		},
		{
			name: "rfc st_matrix: rectangular lists of structures are still ragged",
			v: decodeJSON(t, `[[{"x": "foo", "y": [[1, 2], [3]]}, {"x": "bar", "y": [[4], [5, 6]]}],
				[{"x": "baz", "y": [[7, 8, 9]]}, {"x": "raz", "y": []}]]`),
			shape: "[2, var]", names: []string{"x", "y"}, splits: [][]int64{{0, 2, 4}},
			fields: []fieldWant{
				{[]string{"x"}, "ragged", "string", "[2, var]", decodeJSON(t, `[["foo", "bar"], ["baz", "raz"]]`)},
				{[]string{"y"}, "ragged", "float64", "[2, var, var, var]", decodeJSON(t, `[[[[1, 2], [3]], [[4], [5, 6]]], [[[7, 8, 9]], []]]`)},
			},
		},
		{
			name: "rfc recipe",
			v: decodeJSON(t, `{
				"user_embedding": [0.8, 2.1, 0.3, 0.1, 9.2, 1.8],
				"recipe": {
					"title": "Snickerdoodle cookies",
					"est_time": 55.0,
					"ingredients": [
						{"amount": 3.0, "unit": "cup", "name": "flour"},
						{"amount": 1.0, "unit": "cup", "name": "white sugar"},
						{"amount": 0.5, "unit": "cup", "name": "brown sugar"},
						{"amount": 1.0, "unit": "cup", "name": "butter"},
						{"amount": 1.0, "unit": "teaspoon", "name": "cinnamon"},
						{"amount": 2.0, "unit": "teaspoon", "name": "cream of tartar"}],
					"step": [
						{"description": "Preheat oven to 350 degrees F."},
						{"description": "Whisk together the flour, cinnamon, baking soda, salt, ..."}],
					"user_rating": [
						{"user_embedding": [0.7, 2.0, 0.3, 0.3, 5.2, 2.2], "score": 0.8},
						{"user_embedding": [1.4, 0.0, 3.1, 1.1, 1.2, 0.3], "score": 0.4}]}}`),
			shape: "[]", names: []string{"recipe", "user_embedding"}, splits: [][]int64{},
			fields: []fieldWant{
				{[]string{"user_embedding"}, "dense", "float64", "[6]", []any{0.8, 2.1, 0.3, 0.1, 9.2, 1.8}},
				{[]string{"recipe"}, "structured", "", "[]", nil},
				{[]string{"recipe", "title"}, "dense", "string", "[]", "Snickerdoodle cookies"},
				{[]string{"recipe", "est_time"}, "dense", "float64", "[]", 55.0},
				{[]string{"recipe", "ingredients"}, "structured", "", "[6]", nil},
				{[]string{"recipe", "ingredients", "name"}, "dense", "string", "[6]", []any{"flour", "white sugar", "brown sugar", "butter", "cinnamon", "cream of tartar"}},
				{[]string{"recipe", "ingredients", "amount"}, "dense", "float64", "[6]", []any{3.0, 1.0, 0.5, 1.0, 1.0, 2.0}},
				{[]string{"recipe", "step"}, "structured", "", "[2]", nil},
				{[]string{"recipe", "step", "description"}, "dense", "string", "[2]", nil},
				{[]string{"recipe", "user_rating"}, "structured", "", "[2]", nil},
				{[]string{"recipe", "user_rating", "score"}, "dense", "float64", "[2]", []any{0.8, 0.4}},
				{[]string{"recipe", "user_rating", "user_embedding"}, "ragged", "float64", "[2, var]", nil},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValue(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if s := st.Shape().String(); s != tc.shape {
				t.Errorf("shape %s, want %s", s, tc.shape)
			}
			if !reflect.DeepEqual(st.FieldNames(), tc.names) {
				t.Errorf("fields %v, want %v", st.FieldNames(), tc.names)
			}
			if got := splitsOf(st.RowPartitions()); !reflect.DeepEqual(got, tc.splits) {
				t.Errorf("row splits %v, want %v", got, tc.splits)
			}
			for _, w := range tc.fields {
				checkField(t, st, w)
			}
			if got := st.ToValue(); !reflect.DeepEqual(got, normalizeInts(tc.v)) {
				t.Errorf("ToValue\n got %#v\nwant %#v", got, tc.v)
			}
		})
	}
}

// mapLeaves rebuilds a nested []any / map[string]any value with f applied
// to every other value.
func mapLeaves(v any, f func(any) any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mapLeaves(e, f)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = mapLeaves(e, f)
		}
		return out
	}
	return f(v)
}

// normalizeInts rewrites Go ints as int64, as ToValue returns them.
func normalizeInts(v any) any {
	return mapLeaves(v, func(v any) any {
		if i, ok := v.(int); ok {
			return int64(i)
		}
		return v
	})
}

// TestFromValueEightCopies builds the "8 copies of x" Tensors of the API
// reference: exact row splits (never uniform), fields ragged on the shared
// partitions.
func TestFromValueEightCopies(t *testing.T) {
	x := func() any { return map[string]any{"a": 1, "b": []any{"foo", "bar", "baz"}} }
	row := func(n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = x()
		}
		return out
	}
	tests := []struct {
		name           string
		v              []any
		shape          string
		splits         [][]int64
		aShape, bShape string
	}{
		{"s1", []any{row(4), row(4)}, "[2, var]", [][]int64{{0, 4, 8}}, "[2, var]", "[2, var, var]"},
		{"s2", []any{row(2), row(2), row(2), row(2)}, "[4, var]", [][]int64{{0, 2, 4, 6, 8}}, "[4, var]", "[4, var, var]"},
		{"s3", []any{row(3), row(0), row(4), row(1)}, "[4, var]", [][]int64{{0, 3, 3, 7, 8}}, "[4, var]", "[4, var, var]"},
		{"s4", []any{[]any{row(2), row(2)}, []any{row(2), row(2)}}, "[2, var, var]", [][]int64{{0, 2, 4}, {0, 2, 4, 6, 8}}, "[2, var, var]", "[2, var, var, var]"},
		{"s5", []any{[]any{row(2), row(1)}, []any{row(2)}, []any{row(2), row(1)}}, "[3, var, var]", [][]int64{{0, 2, 3, 5}, {0, 2, 3, 5, 7, 8}}, "[3, var, var]", "[3, var, var, var]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValue(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if s := st.Shape().String(); s != tc.shape {
				t.Errorf("shape %s, want %s", s, tc.shape)
			}
			parts := st.RowPartitions()
			if got := splitsOf(parts); !reflect.DeepEqual(got, tc.splits) {
				t.Errorf("row splits %v, want %v", got, tc.splits)
			}
			if st.Size() != 8 {
				t.Errorf("size %d, want 8", st.Size())
			}
			for _, p := range parts {
				if p.IsUniform() {
					t.Errorf("partition %v is uniform; from_pyval partitions come from splits", p)
				}
			}
			checkField(t, st, fieldWant{[]string{"a"}, "ragged", "int64", tc.aShape, nil})
			checkField(t, st, fieldWant{[]string{"b"}, "ragged", "string", tc.bShape, nil})
			// Every field shares the Tensor's partition objects.
			for _, name := range []string{"a", "b"} {
				fp := field(t, st, name).(*Ragged).RowPartitions()
				for i, p := range parts {
					if fp[i] != p {
						t.Errorf("field %s: partition %d is not the Tensor's own", name, i)
					}
				}
			}
			if !reflect.DeepEqual(st.ToValue(), normalizeInts(tc.v)) {
				t.Errorf("ToValue differs from the input")
			}
		})
	}
}

// TestFromValueFieldKinds checks the kind of a field by its total rank.
func TestFromValueFieldKinds(t *testing.T) {
	tests := []struct {
		name  string
		json  string
		path  []string
		kind  string
		shape string
	}{
		{"rank 0: scalar", `{"a": 1}`, []string{"a"}, "dense", "[]"},
		{"rank 0: list", `{"a": [1, 2]}`, []string{"a"}, "dense", "[2]"},
		{"rank 0: rectangular matrix is ragged", `{"a": [[1, 2], [3, 4]]}`, []string{"a"}, "ragged", "[2, var]"},
		{"rank 0: empty list", `{"a": []}`, []string{"a"}, "dense", "[0]"},
		{"rank 1: scalar", `[{"a": 1}]`, []string{"a"}, "dense", "[1]"},
		{"rank 1: list", `[{"a": [1, 2]}, {"a": [3, 4]}]`, []string{"a"}, "ragged", "[2, var]"},
		{"rank 1: structure", `[{"a": {"b": 1}}]`, []string{"a"}, "structured", "[1]"},
		{"rank 1: structure field", `[{"a": {"b": 1}}]`, []string{"a", "b"}, "dense", "[1]"},
		{"rank 1: list of structures", `[{"a": [{"b": 1}]}]`, []string{"a"}, "structured", "[1, var]"},
		{"rank 1: list of structures field", `[{"a": [{"b": 1}]}]`, []string{"a", "b"}, "ragged", "[1, var]"},
		{"rank 2: scalar", `[[{"a": 1}]]`, []string{"a"}, "ragged", "[1, var]"},
		{"rank 0: nested structure in a structure", `{"a": {"b": {"c": [1]}}}`, []string{"a", "b", "c"}, "dense", "[1]"},
		{"rank 0: list of lists of structures", `{"a": [[{"b": 1}], []]}`, []string{"a", "b"}, "ragged", "[2, var]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValue(decodeJSON(t, tc.json))
			if err != nil {
				t.Fatal(err)
			}
			checkField(t, st, fieldWant{tc.path, tc.kind, "", tc.shape, nil})
		})
	}
}

// TestFromValueErrors covers the limitations table of the RFC and the
// error table of the research notes, adapted to nulls and free field names.
func TestFromValueErrors(t *testing.T) {
	tests := []struct {
		name string
		v    any
		kind error
		path string
		msg  []string // substrings of the message
	}{
		{"two dtypes", decodeJSON(t, `[{"a": 1}, {"a": "hello"}]`), ErrSchema, "a",
			[]string{"field a: got string at row 1, want float64 (first seen at row 0)"}},
		{"two dtypes (Go ints)", []any{map[string]any{"a": 1}, map[string]any{"a": "hello"}}, ErrSchema, "a",
			[]string{"got string at row 1, want int64 (first seen at row 0)"}},
		{"two ranks", decodeJSON(t, `[{"b": [1, 2, 3]}, {"b": [[1, 2], [3, 4]]}]`), ErrSchema, "b[0]",
			[]string{"got list at row 1, want float64"}},
		{"structure vs list of structures", decodeJSON(t, `[{"c": {"x": 1}}, {"c": [{"x": 1}]}]`), ErrSchema, "c",
			[]string{"got list at row 1, want structure (first seen at row 0)"}},
		{"scalar vs structure", decodeJSON(t, `[{"c": 1}, {"c": {"x": 1}}]`), ErrSchema, "c",
			[]string{"got structure at row 1, want float64"}},
		{"structure vs scalar", decodeJSON(t, `[{"c": {"x": 1}}, {"c": 1}]`), ErrSchema, "c",
			[]string{"got float64 at row 1, want structure"}},
		{"dicts at different depths", decodeJSON(t, `[{}, [{}]]`), ErrSchema, "",
			[]string{"got list at row 1, want structure"}},
		{"scalar where a list of dicts is expected", decodeJSON(t, `[[{}], 5]`), ErrSchema, "",
			[]string{"got float64 at row 1, want list"}},
		{"empty list deeper than scalars", decodeJSON(t, `{"a": [1, []]}`), ErrSchema, "a[1]", []string{"got list, want float64"}},
		{"scalar in a list of lists", decodeJSON(t, `[{"a": [[1], [2]]}, {"a": [[3], 4]}]`), ErrSchema, "a[1]",
			[]string{"got float64 at row 1, want list"}},
		{"mixed leaves deep", decodeJSON(t, `{"r": [{"i": [{"amount": 1}, {"amount": "x"}]}]}`), ErrSchema, "r[0].i[1].amount",
			[]string{"got string, want float64"}},
		{"rank-2 position", decodeJSON(t, `[[{"a": 1}], [{"a": 2}, {"a": true}]]`), ErrSchema, "[1].a",
			[]string{"got bool at row 1, want float64"}},
		{"string vs binary", []any{map[string]any{"a": "x"}, map[string]any{"a": []byte("y")}}, ErrSchema, "a",
			[]string{"got binary at row 1, want string"}},
		{"time vs date", []any{map[string]any{"a": time.Unix(0, 0)}, map[string]any{"a": arrow.Date32(1)}}, ErrSchema, "a",
			[]string{"got date32 at row 1, want timestamp"}},
		{"bad json.Number", map[string]any{"a": json.Number("twelve")}, ErrType, "a", []string{`"twelve" is not a number`}},
		{"json.Number beyond decimal128", map[string]any{"a": json.Number("123456789012345678901234567890123456789")}, ErrSchema, "a", []string{"more than 38 digits"}},
		{"json.Number hex", map[string]any{"a": json.Number("0x10")}, ErrType, "a", []string{"not a number"}},
		{"unsupported type", map[string]any{"a": make(chan int)}, ErrType, "a", nil},
		{"top-level scalar", 5.0, ErrType, "", []string{"use ValueOf"}},
		{"top-level string", "x", ErrType, "", []string{"use ValueOf"}},
		{"top-level nil", nil, ErrType, "", []string{"got nil"}},
		{"top-level nil map", map[string]any(nil), ErrType, "", []string{"nil"}},
		{"list of scalars", decodeJSON(t, `[1, 2]`), ErrType, "", []string{"use ValueOf"}},
		{"lists of scalars", decodeJSON(t, `[[], [1, 2]]`), ErrType, "", []string{"use ValueOf"}},
		{"typed list of scalars", []string{"a"}, ErrType, "", []string{"use ValueOf"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValue(tc.v)
			if err == nil {
				t.Fatalf("no error; got %v", st)
			}
			if !errors.Is(err, tc.kind) {
				t.Errorf("error %v is not %v", err, tc.kind)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T is not an *Error", err)
			}
			if e.Op != "FromValue" || e.Field != tc.path {
				t.Errorf("op %q path %q, want FromValue %q (%v)", e.Op, e.Field, tc.path, err)
			}
			for _, m := range tc.msg {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q does not contain %q", err, m)
				}
			}
		})
	}
}

// TestFromValueNotErrors lists values TensorFlow rejects or that look
// suspicious but that FromValue accepts.
func TestFromValueNotErrors(t *testing.T) {
	tests := []struct {
		name string
		json string
		want fieldWant
	}{
		{"null value", `{"a": null}`, fieldWant{[]string{"a"}, "dense", "null", "[]", nil}},
		{"underscore name", `{"_": 5}`, fieldWant{[]string{"_"}, "dense", "float64", "[]", 5.0}},
		{"dash in a name", `{"a-b": 1}`, fieldWant{[]string{"a-b"}, "dense", "float64", "[]", 1.0}},
		{"space in a name", `[{"first name": "Ada"}]`, fieldWant{[]string{"first name"}, "dense", "string", "[1]", []any{"Ada"}}},
		{"missing key", `[{"a": 1, "b": 2}, {"a": 3}]`, fieldWant{[]string{"b"}, "dense", "float64", "[2]", []any{2.0, nil}}},
		{"missing key first", `[{"a": 3}, {"a": 1, "b": 2}]`, fieldWant{[]string{"b"}, "dense", "float64", "[2]", []any{nil, 2.0}}},
		{"missing nested key", `[{"c": {"x": 1, "y": 2}}, {"c": {"y": 1}}]`, fieldWant{[]string{"c", "x"}, "dense", "float64", "[2]", []any{1.0, nil}}},
		{"ints and floats", `[{"a": 1}, {"a": 2.5}]`, fieldWant{[]string{"a"}, "dense", "float64", "[2]", []any{1.0, 2.5}}},
		{"empty and full lists", `[{"a": [1]}, {"a": []}]`, fieldWant{[]string{"a"}, "ragged", "float64", "[2, var]", []any{[]any{1.0}, []any{}}}},
		{"lists of empty dicts", `[{}, {}]`, fieldWant{nil, "structured", "", "[2]", []any{map[string]any{}, map[string]any{}}}},
		{"empty rows", `[[], [{"a": 1}]]`, fieldWant{[]string{"a"}, "ragged", "float64", "[2, var]", []any{[]any{}, []any{1.0}}}},
		{"only empty lists: rank 1", `[]`, fieldWant{nil, "structured", "", "[0]", []any{}}},
		{"only empty lists: rank 2", `[[], []]`, fieldWant{nil, "structured", "", "[2, var]", []any{[]any{}, []any{}}}},
		{"only empty lists: rank 3", `[[[]], []]`, fieldWant{nil, "structured", "", "[2, var, var]", []any{[]any{[]any{}}, []any{}}}},
		{"null structures only", `[null, null]`, fieldWant{nil, "structured", "", "[2]", []any{nil, nil}}},
		{"empty list field", `{"a": []}`, fieldWant{[]string{"a"}, "dense", "null", "[0]", []any{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := decodeJSON(t, tc.json)
			st, err := FromValue(v)
			if err != nil {
				t.Fatal(err)
			}
			checkField(t, st, tc.want)
		})
	}
}

// TestFromValueWidening checks how a field's type settles.
func TestFromValueWidening(t *testing.T) {
	tests := []struct {
		name  string
		v     any
		path  []string
		dtype string
		kind  string
		value any
	}{
		{"int then float", []any{map[string]any{"a": 1}, map[string]any{"a": 2.5}}, []string{"a"}, "float64", "dense", []any{1.0, 2.5}},
		{"float then int", []any{map[string]any{"a": 2.5}, map[string]any{"a": int8(-3)}}, []string{"a"}, "float64", "dense", []any{2.5, -3.0}},
		{"null, int, float", []any{map[string]any{"a": nil}, map[string]any{"a": 1}, map[string]any{"a": 2.5}}, []string{"a"}, "float64", "dense", []any{nil, 1.0, 2.5}},
		{"widen after nulls", []any{map[string]any{"a": 1}, map[string]any{"a": nil}, map[string]any{"a": 0.5}}, []string{"a"}, "float64", "dense", []any{1.0, nil, 0.5}},
		{"widen inside lists", map[string]any{"a": []any{[]any{1, 2}, []any{2.5}}}, []string{"a"}, "float64", "ragged", []any{[]any{1.0, 2.0}, []any{2.5}}},
		{"empty lists take the later type", []any{map[string]any{"a": []any{}}, map[string]any{"a": []any{"x"}}}, []string{"a"}, "string", "ragged", []any{[]any{}, []any{"x"}}},
		{"nulls take the later type", []any{map[string]any{"a": nil}, map[string]any{"a": nil}, map[string]any{"a": true}}, []string{"a"}, "bool", "dense", []any{nil, nil, true}},
		{"nulls then lists", []any{map[string]any{"a": nil}, map[string]any{"a": []any{1}}}, []string{"a"}, "int64", "ragged", []any{nil, []any{int64(1)}}},
		{"nulls then structures", []any{map[string]any{"a": nil}, map[string]any{"a": map[string]any{"b": 1}}}, []string{"a", "b"}, "int64", "dense", []any{nil, int64(1)}},
		{"null lists then lists of lists", []any{map[string]any{"a": []any{nil}}, map[string]any{"a": []any{[]any{"x"}}}}, []string{"a"}, "string", "ragged", []any{[]any{nil}, []any{[]any{"x"}}}},
		{"all null stays Null", []any{map[string]any{"a": nil}, map[string]any{"a": nil}}, []string{"a"}, "null", "dense", []any{nil, nil}},
		{"all empty stays Null", []any{map[string]any{"a": []any{}}, map[string]any{"a": []any{}}}, []string{"a"}, "null", "ragged", []any{[]any{}, []any{}}},
		{"Go integer widths", []any{map[string]any{"a": int8(1)}, map[string]any{"a": uint16(2)}, map[string]any{"a": int32(3)}, map[string]any{"a": uint64(4)}, map[string]any{"a": uint(5)}, map[string]any{"a": int16(6)}, map[string]any{"a": uint32(7)}, map[string]any{"a": uint8(8)}, map[string]any{"a": int64(9)}},
			[]string{"a"}, "int64", "dense", []any{int64(1), int64(2), int64(3), int64(4), int64(5), int64(6), int64(7), int64(8), int64(9)}},
		{"float32", map[string]any{"a": float32(0.5)}, []string{"a"}, "float64", "dense", 0.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValue(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			v := field(t, st, tc.path...)
			if k := kindName(v); k != tc.kind {
				t.Errorf("kind %s, want %s", k, tc.kind)
			}
			if d := typeName(v.(Leaf).DataType()); d != tc.dtype {
				t.Errorf("dtype %s, want %s", d, tc.dtype)
			}
			if got := v.ToValue(); !reflect.DeepEqual(got, tc.value) {
				t.Errorf("ToValue %#v, want %#v", got, tc.value)
			}
		})
	}
}

// TestFromValueNulls keeps nulls at each level and gives them back.
func TestFromValueNulls(t *testing.T) {
	tests := []struct {
		name  string
		json  string
		check func(t *testing.T, st *Tensor)
	}{
		{"null item", `[{"a": 1}, {"a": null}]`, func(t *testing.T, st *Tensor) {
			a := field(t, st, "a").(*Dense)
			if a.NullN() != 1 || !a.IsNull(1) {
				t.Errorf("a: nulls %d, want item 1 null", a.NullN())
			}
		}},
		{"null list", `[{"a": [1]}, {"a": null}, {"a": []}]`, func(t *testing.T, st *Tensor) {
			p := field(t, st, "a").(*Ragged).RowPartitions()[0]
			if p.NullN() != 1 || !p.IsNull(1) || p.IsNull(2) {
				t.Errorf("a: null rows %d, want row 1 null and row 2 empty", p.NullN())
			}
		}},
		{"null item in a list", `[{"a": [1, null]}]`, func(t *testing.T, st *Tensor) {
			if n := field(t, st, "a").(*Ragged).NullN(); n != 1 {
				t.Errorf("a: %d null items, want 1", n)
			}
		}},
		{"null nested structure", `[{"a": {"x": 1}}, {"a": null}]`, func(t *testing.T, st *Tensor) {
			a := field(t, st, "a").(*Tensor)
			if a.NullN() != 1 || !a.IsNull(1) {
				t.Errorf("a: %d null structures, want structure 1 null", a.NullN())
			}
		}},
		{"null top-level structure", `[{"a": 1}, null]`, func(t *testing.T, st *Tensor) {
			if st.NullN() != 1 || !st.IsNull(1) || st.IsNull(0) {
				t.Errorf("%d null structures, want row 1 null", st.NullN())
			}
		}},
		{"null structure first", `[null, {"a": 1}]`, func(t *testing.T, st *Tensor) {
			if !st.IsNull(0) {
				t.Errorf("row 0 is not null")
			}
		}},
		{"null list in the Tensor's shape", `[[{"a": 1}], null, []]`, func(t *testing.T, st *Tensor) {
			p := st.RowPartitions()[0]
			if !p.IsNull(1) || p.IsNull(2) {
				t.Errorf("partition %v: want row 1 null, row 2 empty", p)
			}
			if fp := field(t, st, "a").(*Ragged).RowPartitions()[0]; fp != p {
				t.Errorf("field a does not share the partition")
			}
		}},
		{"null structure in a list of structures", `[{"l": [{"x": 1}, null]}]`, func(t *testing.T, st *Tensor) {
			l := field(t, st, "l").(*Tensor)
			if l.NullN() != 1 || !l.IsNull(1) {
				t.Errorf("l: want structure 1 null")
			}
		}},
		{"null list of structures", `[{"l": [{"x": 1}]}, {"l": null}]`, func(t *testing.T, st *Tensor) {
			l := field(t, st, "l").(*Tensor)
			if !l.RowPartitions()[0].IsNull(1) {
				t.Errorf("l: want row 1 null")
			}
		}},
		{"nulls in a rank-0 value", `{"a": null, "b": [null, [1]], "c": {"d": null}}`, func(t *testing.T, st *Tensor) {
			if p := field(t, st, "b").(*Ragged).RowPartitions()[0]; !p.IsNull(0) {
				t.Errorf("b: want row 0 null")
			}
		}},
		{"nulls under a null structure", `[{"c": {"x": [1], "y": {"z": 1}}}, {"c": null}]`, func(t *testing.T, st *Tensor) {
			c := field(t, st, "c").(*Tensor)
			if !c.IsNull(1) {
				t.Errorf("c: want row 1 null")
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := decodeJSON(t, tc.json)
			st, err := FromValue(v)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, st)
			if got := st.ToValue(); !reflect.DeepEqual(got, v) {
				t.Errorf("ToValue\n got %#v\nwant %#v", got, v)
			}
		})
	}
}

// TestFromValueGoTypes converts the Go types FromValue reads directly.
func TestFromValueGoTypes(t *testing.T) {
	ts := time.Date(2024, 6, 1, 12, 30, 0, 123456000, time.UTC)
	var nilMap map[string]any
	tests := []struct {
		name  string
		v     any
		path  []string
		dtype string
		value any
	}{
		{"json.Number int", map[string]any{"a": json.Number("12")}, []string{"a"}, "int64", int64(12)},
		{"json.Number float", map[string]any{"a": json.Number("1.5")}, []string{"a"}, "float64", 1.5},
		{"json.Number mixed", map[string]any{"a": []any{json.Number("1"), json.Number("1e3")}}, []string{"a"}, "float64", []any{1.0, 1000.0}},
		{"json.Number past int64", map[string]any{"a": json.Number("12345678901234567890")}, []string{"a"}, "decimal(38, 0)", "12345678901234567890"},
		{"uint64 past int64", map[string]any{"a": uint64(math.MaxUint64)}, []string{"a"}, "decimal(38, 0)", "18446744073709551615"},
		{"time.Time", map[string]any{"t": ts}, []string{"t"}, "timestamp[us, tz=UTC]", ts},
		{"time.Time in another zone", map[string]any{"t": ts.In(time.FixedZone("X", 3600))}, []string{"t"}, "timestamp[us, tz=UTC]", ts},
		{"arrow.Date32", map[string]any{"d": arrow.Date32(19875)}, []string{"d"}, "date32", arrow.Date32(19875)},
		{"[]byte", map[string]any{"b": []byte("hi")}, []string{"b"}, "binary", []byte("hi")},
		{"bool", map[string]any{"b": true}, []string{"b"}, "bool", true},
		{"[]string", map[string]any{"s": []string{"x", "y"}}, []string{"s"}, "string", []any{"x", "y"}},
		{"[]int", map[string]any{"s": []int{1, 2}}, []string{"s"}, "int64", []any{int64(1), int64(2)}},
		{"[]int64", map[string]any{"s": []int64{3}}, []string{"s"}, "int64", []any{int64(3)}},
		{"[]float64", map[string]any{"s": []float64{0.5}}, []string{"s"}, "float64", []any{0.5}},
		{"[]bool", map[string]any{"s": []bool{true, false}}, []string{"s"}, "bool", []any{true, false}},
		{"nil []string is a null list", []any{map[string]any{"s": []string{"x"}}, map[string]any{"s": []string(nil)}}, []string{"s"}, "string", []any{[]any{"x"}, nil}},
		{"[]map[string]any", map[string]any{"l": []map[string]any{{"x": 1}, nilMap}}, []string{"l", "x"}, "int64", []any{int64(1), nil}},
		{"top-level []map[string]any", []map[string]any{{"x": 1}, {"x": 2}}, []string{"x"}, "int64", []any{int64(1), int64(2)}},
		{"nil map is a null structure", []any{map[string]any{"c": map[string]any{"x": 1}}, map[string]any{"c": nilMap}}, []string{"c", "x"}, "int64", []any{int64(1), nil}},
		{"many bools", map[string]any{"b": []bool{true, false, true, true, false, false, true, false, true, true}}, []string{"b"}, "bool",
			[]any{true, false, true, true, false, false, true, false, true, true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValue(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			v := field(t, st, tc.path...)
			if d := typeName(v.(Leaf).DataType()); d != tc.dtype {
				t.Errorf("dtype %s, want %s", d, tc.dtype)
			}
			if got := v.ToValue(); !reflect.DeepEqual(got, tc.value) {
				t.Errorf("ToValue %#v, want %#v", got, tc.value)
			}
		})
	}
}

// TestFromValueStrings builds string columns with nulls and multi-byte text.
func TestFromValueStrings(t *testing.T) {
	v := []any{
		map[string]any{"s": "héllo", "l": []any{"a", "", nil}},
		map[string]any{"s": nil, "l": nil},
		map[string]any{"s": "", "l": []any{"日本"}},
	}
	st, err := FromValue(v)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.ToValue(); !reflect.DeepEqual(got, v) {
		t.Errorf("ToValue\n got %#v\nwant %#v", got, v)
	}
	strs, err := field(t, st, "s").(*Dense).Strings()
	if err != nil || !reflect.DeepEqual(strs, []string{"héllo", "", ""}) {
		t.Errorf("Strings %q, %v", strs, err)
	}
}

// TestFromValueTimeRoundTrip gives UTC microsecond times back unchanged.
func TestFromValueTimeRoundTrip(t *testing.T) {
	v := []any{
		map[string]any{"t": time.Date(1969, 12, 31, 23, 59, 59, 999999000, time.UTC), "d": arrow.Date32(-1)},
		map[string]any{"t": nil, "d": arrow.Date32(0)},
	}
	st, err := FromValue(v)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.ToValue(); !reflect.DeepEqual(got, v) {
		t.Errorf("ToValue\n got %#v\nwant %#v", got, v)
	}
}

// TestValueOf checks the kind ValueOf chooses.
func TestValueOf(t *testing.T) {
	tests := []struct {
		name  string
		v     any
		kind  string
		dtype string
		shape string
		value any
	}{
		{"int scalar", 5, "dense", "int64", "[]", int64(5)},
		{"string scalar", "x", "dense", "string", "[]", "x"},
		{"nil", nil, "dense", "null", "[]", nil},
		{"flat list", []any{1, 2.5}, "dense", "float64", "[2]", []any{1.0, 2.5}},
		{"typed flat list", []string{"a", "b"}, "dense", "string", "[2]", []any{"a", "b"}},
		{"empty list", []any{}, "dense", "null", "[0]", []any{}},
		{"list of nulls", []any{nil, nil}, "dense", "null", "[2]", []any{nil, nil}},
		{"matrix is ragged", []any{[]any{1, 2}, []any{3, 4}}, "ragged", "int64", "[2, var]", []any{[]any{int64(1), int64(2)}, []any{int64(3), int64(4)}}},
		{"ragged", []any{[]any{1}, []any{}, nil}, "ragged", "int64", "[3, var]", []any{[]any{int64(1)}, []any{}, nil}},
		{"empty lists", []any{[]any{}, []any{}}, "ragged", "null", "[2, var]", []any{[]any{}, []any{}}},
		{"rank 3", []any{[]any{[]any{"a"}}, []any{}}, "ragged", "string", "[2, var, var]", []any{[]any{[]any{"a"}}, []any{}}},
		{"map", map[string]any{"a": 1}, "structured", "", "[]", map[string]any{"a": int64(1)}},
		{"list of maps", []any{map[string]any{"a": 1}}, "structured", "", "[1]", []any{map[string]any{"a": int64(1)}}},
		{"empty lists then maps", []any{[]any{}, []any{map[string]any{"a": 1}}}, "structured", "", "[2, var]", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := ValueOf(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if k := kindName(v); k != tc.kind {
				t.Errorf("kind %s, want %s", k, tc.kind)
			}
			if l, ok := v.(Leaf); ok && typeName(l.DataType()) != tc.dtype {
				t.Errorf("dtype %s, want %s", typeName(l.DataType()), tc.dtype)
			}
			if s := v.Shape().String(); s != tc.shape {
				t.Errorf("shape %s, want %s", s, tc.shape)
			}
			if tc.value != nil && !reflect.DeepEqual(v.ToValue(), tc.value) {
				t.Errorf("ToValue %#v, want %#v", v.ToValue(), tc.value)
			}
		})
	}
	for _, bad := range []any{[]any{1, "x"}, []any{[]any{1}, 2}, []any{1, map[string]any{}}} {
		if _, err := ValueOf(bad); !errors.Is(err, ErrSchema) {
			t.Errorf("ValueOf(%v): got %v, want ErrSchema", bad, err)
		}
	}
}

// TestFromValueAllocations checks that the leaves wrap the builder's Go
// slices: allocations grow with the columns, not with the values.
func TestFromValueAllocations(t *testing.T) {
	rows := make([]any, 20000)
	for i := range rows {
		rows[i] = map[string]any{"i": float64(i), "s": "abc", "l": []any{1.5, 2.5}, "n": map[string]any{"b": true}}
	}
	allocs := testing.AllocsPerRun(2, func() {
		if _, err := FromValue(rows); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 400 {
		t.Errorf("%v allocations for 20000 rows; they should grow with the columns, not the values", allocs)
	}
}

// TestFromValueLargeNulls back-fills many nulls before the first value.
func TestFromValueLargeNulls(t *testing.T) {
	rows := make([]any, 1000)
	for i := range rows {
		rows[i] = map[string]any{"a": nil, "l": nil, "c": nil}
	}
	rows[999] = map[string]any{"a": "x", "l": []any{1}, "c": map[string]any{"z": []any{true}}}
	st, err := FromValue(rows)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.ToValue(); !reflect.DeepEqual(got, normalizeInts(rows)) {
		t.Errorf("ToValue differs")
	}
	if n := field(t, st, "a").(*Dense).NullN(); n != 999 {
		t.Errorf("a: %d nulls, want 999", n)
	}
}

// TestFromValueDeterministic gives the same Tensor whatever the map order.
func TestFromValueDeterministic(t *testing.T) {
	v := decodeJSON(t, `[{"b": 1, "a": [1, 2], "c": {"y": "x", "x": null}}, {"c": {"x": 1}, "a": [], "b": 2}]`)
	first := Must(FromValue(v))
	if !reflect.DeepEqual(first.FieldNames(), []string{"a", "b", "c"}) {
		t.Errorf("fields %v, want sorted", first.FieldNames())
	}
	for range 20 {
		if st := Must(FromValue(v)); !st.Equal(first) || st.String() != first.String() {
			t.Fatalf("FromValue is not deterministic:\n%v\n%v", st, first)
		}
	}
}

// TestFromValueString prints a Tensor built from JSON.
func TestFromValueString(t *testing.T) {
	st := Must(FromValue(decodeJSON(t, `[{"age": 12, "nicknames": ["Josaphine"]}, {"age": 82, "nicknames": ["Bob", "Bobby"]}]`)))
	want := "<StructuredTensor shape=[2] fields={\n  age: float64 [12, 82]\n  nicknames: string [2, var] [[\"Josaphine\"], [\"Bob\", \"Bobby\"]]\n}>"
	if st.String() != want {
		t.Errorf("got\n%s\nwant\n%s", st, want)
	}
}

// TestFromValueReflection sends Go types the builder does not read
// directly through reflection, at the top level and nested.
func TestFromValueReflection(t *testing.T) {
	type point struct {
		X int     `structframe:"x"`
		Y float32 `structframe:"y"`
	}
	st, err := FromValue(map[string]any{"p": point{1, 0.5}, "ps": []point{{2, 1}}, "m": map[string]int{"k": 3}, "ptr": &point{4, 2}})
	if err != nil {
		t.Fatal(err)
	}
	checkField(t, st, fieldWant{[]string{"p", "x"}, "dense", "int64", "[]", int64(1)})
	checkField(t, st, fieldWant{[]string{"ps", "y"}, "dense", "float64", "[1]", []any{1.0}})
	checkField(t, st, fieldWant{[]string{"m", "k"}, "dense", "int64", "[]", int64(3)})
	checkField(t, st, fieldWant{[]string{"ptr", "x"}, "dense", "int64", "[]", int64(4)})

	v, err := ValueOf([]int32{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := v.(*Dense); !ok || !reflect.DeepEqual(d.ToValue(), []any{int64(1), int64(2)}) {
		t.Errorf("ValueOf([]int32) = %v", v)
	}
	v, err = ValueOf([]point{{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := v.(*Tensor); !ok || p.Shape().String() != "[1]" || !reflect.DeepEqual(p.FieldNames(), []string{"x", "y"}) {
		t.Errorf("ValueOf([]point) = %v", v)
	}
	if _, err := ValueOf(make(chan int)); !errors.Is(err, ErrType) {
		t.Errorf("ValueOf(chan): got %v, want ErrType", err)
	}

	spec := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "x", Type: arrow.PrimitiveTypes.Int16}, {Name: "y", Type: arrow.PrimitiveTypes.Float64}}}
	st, err = FromValueSpec([]point{{1, 2}, {3, 4}}, spec)
	if err != nil {
		t.Fatal(err)
	}
	checkField(t, st, fieldWant{[]string{"x"}, "dense", "int16", "[2]", []any{int16(1), int16(3)}})
	if _, err := FromValueSpec(make(chan int), spec); !errors.Is(err, ErrType) {
		t.Errorf("FromValueSpec(chan): got %v, want ErrType", err)
	}
}

// TestFromValueCycle rejects a map holding itself instead of overflowing
// the stack.
func TestFromValueCycle(t *testing.T) {
	m := map[string]any{"a": 1}
	m["self"] = m
	l := []any{nil}
	l[0] = l
	for _, v := range []any{m, []any{m}, map[string]any{"l": l}} {
		if _, err := FromValue(v); !errors.Is(err, ErrType) || !strings.Contains(err.Error(), "levels deep") {
			t.Errorf("got %v, want an ErrType for the cycle", err)
		}
	}
	if _, err := ValueOf(l); !errors.Is(err, ErrType) {
		t.Errorf("ValueOf: got %v, want an ErrType for the cycle", err)
	}
}
