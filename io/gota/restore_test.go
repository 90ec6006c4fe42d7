package gota

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

func TestWithSchemaRestoresTypes(t *testing.T) {
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
	f := frame.FromTensor(tensor)
	df, err := ToDataFrame(f)
	if err != nil {
		t.Fatal(err)
	}
	wantTypes := []series.Type{series.Int, series.String, series.String, series.String, series.String, series.String}
	if got := df.Types(); !reflect.DeepEqual(got, wantTypes) {
		t.Errorf("gota types = %v, want %v", got, wantTypes)
	}
	plain, err := FromDataFrame(df)
	if err != nil {
		t.Fatal(err)
	}
	if got := plain.Schema().String(); got != "3 * {id: ?int64, price: ?string, tags: ?string, m: ?string, day: ?string, when: ?string}" {
		t.Errorf("without a schema: %s", got)
	}
	back, err := FromDataFrame(df, WithSchema(f.Schema()))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := data(t, back), data(t, f); !got.Equal(want) {
		t.Errorf("frame → gota → frame with its schema:\n%v\nwant\n%v", got, want)
	}
}

func TestWithSchemaNested(t *testing.T) {
	f := frame.FromRecords([]any{
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
	df, err := ToDataFrame(f)
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
	back, err := FromDataFrame(df, WithSchema(f.Schema()))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := data(t, back), data(t, f); !got.Equal(want) {
		t.Errorf("nested frame → gota → frame:\n%v\nwant\n%v", got, want)
	}
}

// A Spec that does not describe the gota frame is an error naming the
// column, never a silent partial frame.
func TestWithSchemaMismatch(t *testing.T) {
	df := dataframe.New(
		series.New([]string{"[1,2]", "not json"}, series.String, "l"),
		series.New([]int{1, 2}, series.Int, "n"),
	)
	for _, tc := range []struct {
		spec string
		kind error
		want string
	}{
		{"2 * {l: var * int64, n: int64}", frame.ErrType, `column "l"`},
		{"2 * {l: string, missing: int64}", frame.ErrColumn, `"missing"`},
		{"2 * var * {n: int64}", frame.ErrArgument, "rank 2"},
	} {
		spec, err := structured.ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		f, err := FromDataFrame(df, WithSchema(spec))
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %v naming %s", tc.spec, err, tc.kind, tc.want)
		}
		if f != nil {
			t.Errorf("%s: a frame with the error: %v", tc.spec, f)
		}
	}
}
