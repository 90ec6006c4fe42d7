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

// tableSpec is a rank-1 Spec with one field of each kind.
func tableSpec() *Spec {
	return &Spec{
		Shape: Shape{Unknown},
		Fields: []FieldSpec{
			{Name: "id", Type: arrow.PrimitiveTypes.Int32},
			{Name: "score", Type: arrow.PrimitiveTypes.Float32, Nullable: true},
			{Name: "tags", Type: arrow.BinaryTypes.String, Dims: Shape{Unknown}, Nullable: true},
			{Name: "emb", Type: arrow.PrimitiveTypes.Float64, Dims: Shape{3}},
			{Name: "when", Type: &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"}, Nullable: true},
			{Name: "day", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
			{Name: "c", Nullable: true, Fields: []FieldSpec{
				{Name: "x", Type: arrow.PrimitiveTypes.Uint8},
				{Name: "v", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{2}},
			}},
			{Name: "items", Dims: Shape{Unknown}, Fields: []FieldSpec{
				{Name: "n", Type: arrow.PrimitiveTypes.Int16},
				{Name: "w", Type: arrow.PrimitiveTypes.Float64, Dims: Shape{2}, Nullable: true},
			}},
		},
	}
}

const tableJSON = `[
	{"id": 1, "score": 0.5, "tags": ["a", "b"], "emb": [1, 2, 3], "when": "2024-06-01T12:00:00.250Z", "day": "2024-06-01",
	 "c": {"x": 255, "v": [1, 2]}, "items": [{"n": -3, "w": [0.5, 1]}, {"n": 4, "w": [null, 2]}]},
	{"id": 2, "emb": [4.5, 5, 6], "c": null, "items": [], "tags": null, "when": null},
	{"id": 3, "score": 2, "tags": [], "emb": [7, 8, 9], "day": null, "c": {"x": 0, "v": [3, 4]}, "items": [{"n": 7, "w": [3, 4]}]}]`

// TestFromValueSpecTable converts JSON records against a rank-1 Spec.
func TestFromValueSpecTable(t *testing.T) {
	st, err := FromValueSpec(decodeJSON(t, tableJSON), tableSpec())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st.FieldNames(), []string{"id", "score", "tags", "emb", "when", "day", "c", "items"}) {
		t.Errorf("fields %v, want the Spec's order", st.FieldNames())
	}
	noon := time.Date(2024, 6, 1, 12, 0, 0, 250e6, time.UTC)
	day := arrow.Date32FromTime(time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))
	for _, w := range []fieldWant{
		{[]string{"id"}, "dense", "int32", "[3]", []any{int32(1), int32(2), int32(3)}},
		{[]string{"score"}, "dense", "float32", "[3]", []any{float32(0.5), nil, float32(2)}},
		{[]string{"tags"}, "ragged", "string", "[3, var]", []any{[]any{"a", "b"}, nil, []any{}}},
		{[]string{"emb"}, "dense", "float64", "[3, 3]", []any{[]any{1.0, 2.0, 3.0}, []any{4.5, 5.0, 6.0}, []any{7.0, 8.0, 9.0}}},
		{[]string{"when"}, "dense", "timestamp[ms, tz=UTC]", "[3]", []any{noon, nil, nil}},
		{[]string{"day"}, "dense", "date32", "[3]", []any{day, nil, nil}},
		{[]string{"c"}, "structured", "", "[3]", []any{map[string]any{"x": uint8(255), "v": []any{int64(1), int64(2)}}, nil, map[string]any{"x": uint8(0), "v": []any{int64(3), int64(4)}}}},
		{[]string{"c", "v"}, "dense", "int64", "[3, 2]", nil},
		{[]string{"items"}, "structured", "", "[3, var]", nil},
		{[]string{"items", "n"}, "ragged", "int16", "[3, var]", []any{[]any{int16(-3), int16(4)}, []any{}, []any{int16(7)}}},
		{[]string{"items", "w"}, "ragged", "float64", "[3, var, 2]", []any{[]any{[]any{0.5, 1.0}, []any{nil, 2.0}}, []any{}, []any{[]any{3.0, 4.0}}}},
	} {
		checkField(t, st, w)
	}
	if c := field(t, st, "c").(*Tensor); !c.IsNull(1) {
		t.Errorf("c: structure 1 is not null")
	}
	// The Tensor's ToValue converts back to an equal Tensor.
	back, err := FromValueSpec(st.ToValue(), tableSpec())
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(st) {
		t.Errorf("FromValueSpec(ToValue()) differs:\n%v\n%v", back, st)
	}
}

// TestFromValueSpecEmpty gives typed fields for no rows.
func TestFromValueSpecEmpty(t *testing.T) {
	st, err := FromValueSpec([]any{}, tableSpec())
	if err != nil {
		t.Fatal(err)
	}
	if st.NumRows() != 0 || st.NumFields() != 8 {
		t.Fatalf("got %d rows and %d fields, want 0 and 8", st.NumRows(), st.NumFields())
	}
	for _, w := range []fieldWant{
		{[]string{"id"}, "dense", "int32", "[0]", []any{}},
		{[]string{"tags"}, "ragged", "string", "[0, var]", []any{}},
		{[]string{"emb"}, "dense", "float64", "[0, 3]", []any{}},
		{[]string{"c", "x"}, "dense", "uint8", "[0]", []any{}},
		{[]string{"items", "w"}, "ragged", "float64", "[0, var, 2]", []any{}},
	} {
		checkField(t, st, w)
	}
}

// TestFromValueSpecShapes covers the Spec's own dimensions and rank-0
// Specs.
func TestFromValueSpecShapes(t *testing.T) {
	leaf := []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64}}
	tests := []struct {
		name   string
		spec   *Spec
		json   string
		shape  string
		kind   string // of field a
		aShape string
	}{
		{"rank 2 fixed", &Spec{Shape: Shape{2, 3}, Fields: leaf}, `[[{"a": 1}, {"a": 2}, {"a": 3}], [{"a": 4}, {"a": 5}, {"a": 6}]]`, "[2, 3]", "dense", "[2, 3]"},
		{"rank 2 ragged", &Spec{Shape: Shape{Unknown, Unknown}, Fields: leaf}, `[[{"a": 1}], [{"a": 2}, {"a": 3}]]`, "[2, var]", "ragged", "[2, var]"},
		{"rank 2 fixed inner, unknown rows", &Spec{Shape: Shape{Unknown, 1}, Fields: leaf}, `[[{"a": 1}], [{"a": 2}]]`, "[2, 1]", "dense", "[2, 1]"},
		{"rank 1 fixed rows", &Spec{Shape: Shape{2}, Fields: leaf}, `[{"a": 1}, {"a": 2}]`, "[2]", "dense", "[2]"},
		{"rank 0", &Spec{Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{2, Unknown}}}}, `{"a": [[1], [2, 3]]}`, "[]", "ragged", "[2, var]"},
		{"rank 0 fixed", &Spec{Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{2, 2}}}}, `{"a": [[1, 2], [3, 4]]}`, "[]", "dense", "[2, 2]"},
		{"rank 0 list", &Spec{Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{Unknown}}}}, `{"a": [1, 2, 3]}`, "[]", "dense", "[3]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := decodeJSON(t, tc.json)
			st, err := FromValueSpec(v, tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			if s := st.Shape().String(); s != tc.shape {
				t.Errorf("shape %s, want %s", s, tc.shape)
			}
			checkField(t, st, fieldWant{[]string{"a"}, tc.kind, "int64", tc.aShape, nil})
			if got := st.ToValue(); !reflect.DeepEqual(got, intsFromFloats(v)) {
				t.Errorf("ToValue\n got %#v\nwant %#v", got, v)
			}
		})
	}
}

// intsFromFloats rewrites decoded JSON numbers as int64.
func intsFromFloats(v any) any {
	return mapLeaves(v, func(v any) any {
		if f, ok := v.(float64); ok {
			return int64(f)
		}
		return v
	})
}

// TestFromValueSpecRecipe converts the RFC's recipe with a rank-0 Spec:
// the fixed-length embeddings are dense.
func TestFromValueSpecRecipe(t *testing.T) {
	f64 := arrow.PrimitiveTypes.Float64
	str := arrow.BinaryTypes.String
	spec := &Spec{Fields: []FieldSpec{
		{Name: "user_embedding", Type: f64, Dims: Shape{6}},
		{Name: "recipe", Fields: []FieldSpec{
			{Name: "title", Type: str},
			{Name: "ingredients", Dims: Shape{Unknown}, Fields: []FieldSpec{
				{Name: "amount", Type: f64}, {Name: "unit", Type: str}, {Name: "name", Type: str}}},
			{Name: "user_rating", Dims: Shape{Unknown}, Fields: []FieldSpec{
				{Name: "user_embedding", Type: f64, Dims: Shape{6}}, {Name: "score", Type: f64}}},
		}},
	}}
	v := decodeJSON(t, `{"user_embedding": [0.8, 2.1, 0.3, 0.1, 9.2, 1.8],
		"recipe": {"title": "Snickerdoodle cookies",
			"ingredients": [{"amount": 3.0, "unit": "cup", "name": "flour"}, {"amount": 1.0, "unit": "cup", "name": "white sugar"}],
			"user_rating": [{"user_embedding": [0.7, 2.0, 0.3, 0.3, 5.2, 2.2], "score": 0.8},
				{"user_embedding": [1.4, 0.0, 3.1, 1.1, 1.2, 0.3], "score": 0.4}]}}`)
	st, err := FromValueSpec(v, spec)
	if err != nil {
		t.Fatal(err)
	}
	checkField(t, st, fieldWant{[]string{"user_embedding"}, "dense", "float64", "[6]", nil})
	checkField(t, st, fieldWant{[]string{"recipe", "ingredients"}, "structured", "", "[2]", nil})
	checkField(t, st, fieldWant{[]string{"recipe", "user_rating", "user_embedding"}, "dense", "float64", "[2, 6]", nil})
	if !reflect.DeepEqual(st.ToValue(), v) {
		t.Errorf("ToValue differs from the input")
	}
}

// TestFromValueSpecConversions converts values to each leaf type.
func TestFromValueSpecConversions(t *testing.T) {
	ts := time.Date(2024, 6, 1, 12, 0, 0, 123456789, time.UTC)
	tests := []struct {
		name string
		typ  arrow.DataType
		in   any
		want any
	}{
		{"int to int8", arrow.PrimitiveTypes.Int8, -128, int8(-128)},
		{"integral float to int16", arrow.PrimitiveTypes.Int16, 300.0, int16(300)},
		{"json.Number to int32", arrow.PrimitiveTypes.Int32, json.Number("7"), int32(7)},
		{"json.Number float to int64", arrow.PrimitiveTypes.Int64, json.Number("7.0"), int64(7)},
		{"int to uint16", arrow.PrimitiveTypes.Uint16, uint16(65535), uint16(65535)},
		{"max uint64", arrow.PrimitiveTypes.Uint64, uint64(math.MaxUint64), uint64(math.MaxUint64)},
		{"big float to uint64", arrow.PrimitiveTypes.Uint64, 1e19, uint64(1e19)},
		{"uint32", arrow.PrimitiveTypes.Uint32, 4e9, uint32(4e9)},
		{"int to float32", arrow.PrimitiveTypes.Float32, 3, float32(3)},
		{"float to float64", arrow.PrimitiveTypes.Float64, float32(0.5), 0.5},
		{"big uint to float64", arrow.PrimitiveTypes.Float64, uint64(1 << 63), float64(1 << 63)},
		{"string", arrow.BinaryTypes.String, "x", "x"},
		{"bytes to string", arrow.BinaryTypes.String, []byte("x"), "x"},
		{"large string", arrow.BinaryTypes.LargeString, "x", "x"},
		{"string to binary", arrow.BinaryTypes.Binary, "x", []byte("x")},
		{"large binary", arrow.BinaryTypes.LargeBinary, []byte("x"), []byte("x")},
		{"bool", arrow.FixedWidthTypes.Boolean, true, true},
		{"RFC 3339 to timestamp s", &arrow.TimestampType{Unit: arrow.Second}, "2024-06-01T14:00:00+02:00", time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)},
		{"time to timestamp ns", &arrow.TimestampType{Unit: arrow.Nanosecond}, ts, ts},
		{"time to timestamp us", arrow.FixedWidthTypes.Timestamp_us, ts, ts.Truncate(time.Microsecond)},
		{"date to timestamp", arrow.FixedWidthTypes.Timestamp_us, arrow.Date32(1), time.Date(1970, 1, 2, 0, 0, 0, 0, time.UTC)},
		{"string to date32", arrow.FixedWidthTypes.Date32, "1969-12-31", arrow.Date32(-1)},
		{"time to date32", arrow.FixedWidthTypes.Date32, time.Date(1970, 1, 3, 23, 0, 0, 0, time.UTC), arrow.Date32(2)},
		{"date32", arrow.FixedWidthTypes.Date32, arrow.Date32(5), arrow.Date32(5)},
		{"null", arrow.Null, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := &Spec{Fields: []FieldSpec{{Name: "a", Type: tc.typ}}}
			st, err := FromValueSpec(map[string]any{"a": tc.in}, spec)
			if err != nil {
				t.Fatal(err)
			}
			a := field(t, st, "a").(*Dense)
			if !arrow.TypeEqual(a.DataType(), tc.typ) {
				t.Errorf("type %v, want %v", a.DataType(), tc.typ)
			}
			if got := a.ToValue(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

// TestFromValueSpecErrors rejects values that do not match the Spec, and
// bad Specs.
func TestFromValueSpecErrors(t *testing.T) {
	i64 := arrow.PrimitiveTypes.Int64
	one := func(f FieldSpec) *Spec { return &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{f}} }
	tests := []struct {
		name string
		spec *Spec
		v    any
		kind error
		path string
		msg  string
	}{
		{"int8 range", one(FieldSpec{Name: "a", Type: arrow.PrimitiveTypes.Int8}), []any{map[string]any{"a": 1}, map[string]any{"a": 128}}, ErrSchema, "a", "value 128 at row 1 is out of range for int8"},
		{"uint8 negative", one(FieldSpec{Name: "a", Type: arrow.PrimitiveTypes.Uint8}), []any{map[string]any{"a": -1.0}}, ErrSchema, "a", "out of range for uint8"},
		{"uint64 too big", one(FieldSpec{Name: "a", Type: arrow.PrimitiveTypes.Uint64}), []any{map[string]any{"a": 2e19}}, ErrSchema, "a", "out of range for uint64"},
		{"int64 too big", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": 1e19}}, ErrSchema, "a", "out of range for int64"},
		{"uint64 into int32", one(FieldSpec{Name: "a", Type: arrow.PrimitiveTypes.Int32}), []any{map[string]any{"a": uint64(math.MaxUint64)}}, ErrSchema, "a", "out of range for int32"},
		{"fraction into int", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": 1.5}}, ErrSchema, "a", "1.5 at row 0 is not an integer"},
		{"float32 range", one(FieldSpec{Name: "a", Type: arrow.PrimitiveTypes.Float32}), []any{map[string]any{"a": 1e39}}, ErrSchema, "a", "out of range for float32"},
		{"NaN into int", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": math.NaN()}}, ErrSchema, "a", "not an integer"},
		{"string into int", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": "1"}}, ErrSchema, "a", "got string at row 0, want int64 (from the Spec)"},
		{"bool into int", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": true}}, ErrSchema, "a", "got bool"},
		{"int into string", one(FieldSpec{Name: "a", Type: arrow.BinaryTypes.String}), []any{map[string]any{"a": 1}}, ErrSchema, "a", "got int64 at row 0, want string"},
		{"bad timestamp", one(FieldSpec{Name: "a", Type: arrow.FixedWidthTypes.Timestamp_us}), []any{map[string]any{"a": "yesterday"}}, ErrSchema, "a", "not an RFC 3339 timestamp"},
		{"bad date", one(FieldSpec{Name: "a", Type: arrow.FixedWidthTypes.Date32}), []any{map[string]any{"a": "2024-13-01"}}, ErrSchema, "a", "not a YYYY-MM-DD date"},
		{"ns out of range", one(FieldSpec{Name: "a", Type: &arrow.TimestampType{Unit: arrow.Nanosecond}}), []any{map[string]any{"a": time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)}}, ErrSchema, "a", "out of range"},
		{"value into Null", one(FieldSpec{Name: "a", Type: arrow.Null}), []any{map[string]any{"a": 1}}, ErrSchema, "a", "want null"},
		{"list into leaf", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": []any{1}}}, ErrSchema, "a", "got list at row 0, want int64"},
		{"scalar into list", one(FieldSpec{Name: "a", Type: i64, Dims: Shape{Unknown}}), []any{map[string]any{"a": 1}}, ErrSchema, "a", "want list"},
		{"map into leaf", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": map[string]any{}}}, ErrSchema, "a", "got structure"},
		{"scalar into structure", one(FieldSpec{Name: "a", Fields: []FieldSpec{}}), []any{map[string]any{"a": 1}}, ErrSchema, "a", "want structure"},
		{"fixed length", one(FieldSpec{Name: "a", Type: i64, Dims: Shape{2}}), []any{map[string]any{"a": []any{1, 2}}, map[string]any{"a": []any{1}}}, ErrSchema, "a", "got a list of length 1 at row 1, want length 2"},
		{"fixed inner length", one(FieldSpec{Name: "a", Type: i64, Dims: Shape{Unknown, 2}}), []any{map[string]any{"a": []any{[]any{1, 2}, []any{3}}}}, ErrSchema, "a[1]", "length 1 at row 0, want length 2"},
		{"missing key", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": 1}, map[string]any{}}, ErrSchema, "a", "missing at row 1"},
		{"null not nullable", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": nil}}, ErrSchema, "a", "got null at row 0, but the Spec does not allow nulls"},
		{"null item not nullable", one(FieldSpec{Name: "a", Type: i64, Dims: Shape{Unknown}}), []any{map[string]any{"a": []any{nil}}}, ErrSchema, "a[0]", "does not allow nulls"},
		{"null structure not nullable", one(FieldSpec{Name: "a", Fields: []FieldSpec{{Name: "x", Type: i64}}}), []any{map[string]any{"a": nil}}, ErrSchema, "a", "does not allow nulls"},
		{"null list of fixed length not nullable", one(FieldSpec{Name: "a", Type: i64, Dims: Shape{2}}), []any{map[string]any{"a": nil}}, ErrSchema, "a", "does not allow nulls"},
		{"missing list of fixed length not nullable", one(FieldSpec{Name: "a", Type: i64, Dims: Shape{2}}), []any{map[string]any{}}, ErrSchema, "a", "missing at row 0"},
		{"null list of fixed length in a rank-0 Spec", &Spec{Fields: []FieldSpec{{Name: "a", Type: i64, Dims: Shape{2}, Nullable: true}}}, map[string]any{"a": nil}, ErrSchema, "a", "single structure"},
		{"null list in a rank-0 Spec", &Spec{Fields: []FieldSpec{{Name: "a", Type: i64, Dims: Shape{Unknown}, Nullable: true}}}, map[string]any{"a": nil}, ErrSchema, "a", "single structure"},
		{"key not in the Spec", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": 1, "b": 2}}, ErrSchema, "b", "not in the Spec at row 0 (fields: a)"},
		{"nested key not in the Spec", one(FieldSpec{Name: "c", Fields: []FieldSpec{{Name: "x", Type: i64}}}), []any{map[string]any{"c": map[string]any{"x": 1, "y": 2}}}, ErrSchema, "c.y", "not in the Spec"},
		{"null record", one(FieldSpec{Name: "a", Type: i64}), []any{map[string]any{"a": 1}, nil}, ErrSchema, "", "got null at row 1"},
		{"rank 1 Spec, map value", one(FieldSpec{Name: "a", Type: i64}), map[string]any{"a": 1}, ErrSchema, "", "the Spec has rank 1 but the value is a map"},
		{"rank 0 Spec, list value", &Spec{Fields: []FieldSpec{{Name: "a", Type: i64}}}, []any{}, ErrSchema, "", "the Spec has rank 0"},
		{"rank 2 Spec, rank 1 value", &Spec{Shape: Shape{Unknown, Unknown}, Fields: []FieldSpec{{Name: "a", Type: i64}}}, []any{map[string]any{"a": 1}}, ErrSchema, "", "got structure at row 0, want list"},
		{"rows fixed", &Spec{Shape: Shape{3}, Fields: []FieldSpec{{Name: "a", Type: i64}}}, []any{map[string]any{"a": 1}}, ErrSchema, "", "length 1, want length 3"},
		{"scalar value", one(FieldSpec{Name: "a", Type: i64}), 5, ErrSchema, "", "got int"},
		{"nil value", one(FieldSpec{Name: "a", Type: i64}), nil, ErrType, "", "got nil"},
		{"nil Spec", nil, map[string]any{}, ErrSchema, "", "nil"},
		{"duplicate field", &Spec{Fields: []FieldSpec{{Name: "a", Type: i64}, {Name: "a", Type: i64}}}, map[string]any{}, ErrPath, "a", "twice"},
		{"unsupported type", one(FieldSpec{Name: "a", Type: arrow.ListOf(i64)}), []any{}, ErrType, "a", "unsupported leaf type"},
		{"bad dimension", one(FieldSpec{Name: "a", Type: i64, Dims: Shape{-3}}), []any{}, ErrShape, "a", "dimension 0"},
		{"bad shape", &Spec{Shape: Shape{-2}}, []any{}, ErrShape, "", "dimension 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValueSpec(tc.v, tc.spec)
			if err == nil {
				t.Fatalf("no error; got %v", st)
			}
			if !errors.Is(err, tc.kind) {
				t.Errorf("error %v is not %v", err, tc.kind)
			}
			var e *Error
			if !errors.As(err, &e) || e.Op != "FromValueSpec" || e.Field != tc.path {
				t.Errorf("error %#v: want op FromValueSpec, path %q", err, tc.path)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not contain %q", err, tc.msg)
			}
		})
	}
}

// TestFromValueSpecNullable fills missing nullable keys with nulls.
func TestFromValueSpecNullable(t *testing.T) {
	spec := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{
		{Name: "a", Type: arrow.PrimitiveTypes.Int64},
		{Name: "b", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l", Type: arrow.BinaryTypes.String, Dims: Shape{Unknown}, Nullable: true},
		{Name: "c", Nullable: true, Fields: []FieldSpec{{Name: "x", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{2}}}},
	}}
	st, err := FromValueSpec([]any{map[string]any{"a": 1}, map[string]any{"a": 2, "b": "x", "l": []any{"y"}, "c": map[string]any{"x": []any{1, 2}}}}, spec)
	if err != nil {
		t.Fatal(err)
	}
	want := []any{
		map[string]any{"a": int64(1), "b": nil, "l": nil, "c": nil},
		map[string]any{"a": int64(2), "b": "x", "l": []any{"y"}, "c": map[string]any{"x": []any{int64(1), int64(2)}}},
	}
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue\n got %#v\nwant %#v", got, want)
	}
	checkField(t, st, fieldWant{[]string{"c", "x"}, "dense", "int64", "[2, 2]", nil})
}
