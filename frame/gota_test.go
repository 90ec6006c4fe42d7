package frame

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/structured"
)

// gotaFixture has every gota type, NA in each, and names out of
// alphabetical order.
func gotaFixture() dataframe.DataFrame {
	return dataframe.New(
		series.New([]any{"b", nil, "", "x y"}, series.String, "s"),
		series.New([]any{1, nil, -3, math.MaxInt64}, series.Int, "i"),
		series.New([]any{0.1 + 0.2, nil, 1e-9, math.Inf(-1)}, series.Float, "f"),
		series.New([]any{true, false, nil, true}, series.Bool, "b"),
	)
}

func TestFromGota(t *testing.T) {
	df := gotaFixture()
	f := FromGota(df)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if got := f.Schema().String(); got != "4 * {s: ?string, i: ?int64, f: ?float64, b: ?bool}" {
		t.Errorf("Schema = %s", got)
	}
	want := []any{
		map[string]any{"s": "b", "i": int64(1), "f": 0.1 + 0.2, "b": true},
		map[string]any{"s": nil, "i": nil, "f": nil, "b": false},
		map[string]any{"s": "", "i": int64(-3), "f": 1e-9, "b": nil},
		map[string]any{"s": "x y", "i": int64(math.MaxInt64), "f": math.Inf(-1), "b": true},
	}
	if got := f.data.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("values = %#v\nwant %#v", got, want)
	}
	back, err := f.ToGota()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Names(), df.Names()) || !reflect.DeepEqual(back.Types(), df.Types()) {
		t.Errorf("names/types = %v %v, want %v %v", back.Names(), back.Types(), df.Names(), df.Types())
	}
	if !reflect.DeepEqual(back.Maps(), df.Maps()) {
		t.Errorf("gota → frame → gota:\n%v\nwant\n%v", back.Maps(), df.Maps())
	}
	for _, name := range df.Names() {
		if got, want := back.Col(name).IsNaN(), df.Col(name).IsNaN(); !reflect.DeepEqual(got, want) {
			t.Errorf("column %s NA = %v, want %v", name, got, want)
		}
	}
}

func TestToGotaTypes(t *testing.T) {
	f := FromColumns(
		[]string{"i32", "u8", "f32", "nan", "list", "big"},
		[]int32{1, -2}, []uint8{7, 255}, []float32{1.5, -0.25}, []float64{math.NaN(), 2},
		[][]int64{{1, 2}, nil}, []uint64{1, math.MaxUint64},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ToGota(); err == nil {
		t.Fatal("uint64 above MaxInt64: want an error")
	}
	df, err := f.Drop("big").ToGota()
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]any{
		{"i32": 1, "u8": 7, "f32": 1.5, "nan": nil, "list": "[1,2]"},
		{"i32": -2, "u8": 255, "f32": -0.25, "nan": 2.0, "list": nil},
	}
	if got := df.Maps(); !reflect.DeepEqual(got, want) {
		t.Errorf("Maps = %#v\nwant %#v", got, want)
	}
	if got := df.Types(); !reflect.DeepEqual(got, []series.Type{series.Int, series.Int, series.Float, series.Float, series.String}) {
		t.Errorf("Types = %v", got)
	}
}

func TestGotaSchemaRestoresTypes(t *testing.T) {
	spec, err := structured.ParseSpec("3 * {id: ?int32, price: ?decimal(10, 2), tags: ?var * string, m: ?map<string, int64>, day: ?date32, when: ?timestamp[us, tz=UTC]}")
	if err != nil {
		t.Fatal(err)
	}
	tensor, err := structured.FromValueSpec([]any{
		map[string]any{"id": 1, "price": "12.50", "tags": []any{"a", "b"}, "m": map[string]any{"k": 1}, "day": "2024-01-02", "when": "2024-01-02T03:04:05.123456Z"},
		map[string]any{"id": nil, "price": nil, "tags": nil, "m": nil, "day": nil, "when": nil},
		map[string]any{"id": -3, "price": "-0.01", "tags": []any{}, "m": map[string]any{}, "day": "1969-12-31", "when": "1960-02-03T00:00:00Z"},
	}, spec)
	if err != nil {
		t.Fatal(err)
	}
	f := FromTensor(tensor)
	df, err := f.ToGota()
	if err != nil {
		t.Fatal(err)
	}
	wantTypes := []series.Type{series.Int, series.String, series.String, series.String, series.String, series.String}
	if got := df.Types(); !reflect.DeepEqual(got, wantTypes) {
		t.Errorf("gota types = %v, want %v", got, wantTypes)
	}
	plain := FromGota(df)
	if got := plain.Schema().String(); got != "3 * {id: ?int64, price: ?string, tags: ?string, m: ?string, day: ?string, when: ?string}" {
		t.Errorf("without a schema: %s", got)
	}
	back := FromGota(df, GotaSchema(f.Schema()))
	if err := back.Err(); err != nil {
		t.Fatal(err)
	}
	if !back.data.Equal(f.data) {
		t.Errorf("frame → gota → frame with its schema:\n%v\nwant\n%v", back.data, f.data)
	}
}

func TestToGotaIndex(t *testing.T) {
	f := FromColumns([]string{"city", "year", "n"}, []string{"a", "a", "b"}, []int64{1, 2, 1}, []float64{1, 2, 3}).SetIndex("city", "year")
	df, err := f.ToGota()
	if err != nil {
		t.Fatal(err)
	}
	if got := df.Names(); !reflect.DeepEqual(got, []string{"city", "year", "n"}) {
		t.Errorf("names = %v: the MultiIndex levels should lead", got)
	}
	back := FromGota(df).SetIndex("city", "year")
	if err := back.Err(); err != nil {
		t.Fatal(err)
	}
	a, _ := f.Tensor()
	b, _ := back.Tensor()
	if !a.Equal(b) {
		t.Errorf("round trip with a MultiIndex:\n%v\nwant\n%v", b, a)
	}
}

func TestGotaNested(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"title": "soup", "recipe": map[string]any{"time": 30.5, "tags": []any{"hot"}},
			"ingredients": []any{map[string]any{"name": "leek", "qty": int64(2)}, map[string]any{"name": "salt", "qty": nil}}},
		map[string]any{"title": "cake", "recipe": map[string]any{"time": nil, "tags": []any{}},
			"ingredients": []any{}},
		map[string]any{"title": "tea", "recipe": map[string]any{"time": 3.0, "tags": nil},
			"ingredients": nil},
	}, structured.WithFieldOrder(structured.FirstSeen))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	df, err := f.ToGota()
	if err != nil {
		t.Fatal(err)
	}
	wantNames := []string{"ingredients.name", "ingredients.qty", "recipe.tags", "recipe.time", "title"}
	if got := df.Names(); !reflect.DeepEqual(got, wantNames) {
		t.Errorf("gota names = %v, want %v", got, wantNames)
	}
	if got := df.Col("ingredients.qty").Records(); !reflect.DeepEqual(got, []string{"[2,null]", "[]", "NaN"}) {
		t.Errorf("ingredients.qty = %q", got)
	}
	back := FromGota(df, GotaSchema(f.Schema()))
	if err := back.Err(); err != nil {
		t.Fatal(err)
	}
	if !back.data.Equal(f.data) {
		t.Errorf("nested frame → gota → frame:\n%v\nwant\n%v", back.data, f.data)
	}
}

// A Spec that does not describe the gota frame is an error naming the
// column, never a silent partial frame.
func TestGotaSchemaMismatch(t *testing.T) {
	df := dataframe.New(
		series.New([]string{"[1,2]", "not json"}, series.String, "l"),
		series.New([]int{1, 2}, series.Int, "n"),
	)
	for _, tc := range []struct {
		spec string
		kind error
		want string
	}{
		{"2 * {l: var * int64, n: int64}", ErrType, `column "l"`},
		{"2 * {l: string, missing: int64}", ErrColumn, `"missing"`},
		{"2 * var * {n: int64}", ErrArgument, "rank 2"},
	} {
		spec, err := structured.ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		err = FromGota(df, GotaSchema(spec)).Err()
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %v naming %s", tc.spec, err, tc.kind, tc.want)
		}
	}
}
