package frame

import (
	"errors"
	"math"
	"reflect"
	"testing"
)

func TestDescribe(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"name": "soup", "time": int64(30), "ingredients": []any{
			map[string]any{"item": "leek", "amount": 2.0},
			map[string]any{"item": "salt", "amount": nil},
		}, "tags": []any{"hot"}, "meta": map[string]any{"by": "ann"}},
		map[string]any{"name": "cake", "time": int64(60), "ingredients": []any{}, "tags": nil, "meta": nil},
		map[string]any{"name": nil, "time": nil, "ingredients": []any{
			map[string]any{"item": "egg", "amount": 4.0},
		}, "tags": []any{"a", "b"}, "meta": map[string]any{"by": nil}},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	d := f.Describe()
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	rows := d.data.ToValue().([]any)
	byPath := map[string]map[string]any{}
	var paths []any
	for _, r := range rows {
		m := r.(map[string]any)
		byPath[m["path"].(string)] = m
		paths = append(paths, m["path"])
	}
	if want := []any{"ingredients", "ingredients.amount", "ingredients.item", "meta", "meta.by", "name", "tags", "time"}; !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths = %v, want %v", paths, want)
	}
	check := func(path, col string, want any) {
		t.Helper()
		got := byPath[path][col]
		if g, ok := got.(float64); ok {
			if w, ok := want.(float64); ok && math.Abs(g-w) < 1e-12 {
				return
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s.%s = %#v, want %#v", path, col, got, want)
		}
	}
	check("time", "type", "int64")
	check("time", "n_unique", nil)
	check("ingredients.item", "n_unique", int64(3))
	check("tags", "n_unique", int64(3))
	check("meta", "n_unique", nil)
	check("time", "count", int64(2))
	check("time", "null_count", int64(1))
	check("time", "mean", 45.0)
	check("time", "std", math.Sqrt(450))
	check("time", "min", 30.0)
	check("time", "max", 60.0)
	check("time", "25%", 30.0)
	check("time", "50%", 60.0) // nearest: position 0.5 rounds up, as Polars
	check("name", "50%", nil)
	check("ingredients.amount", "75%", 4.0)
	check("time", "len_min", nil)
	check("name", "mean", nil)
	check("name", "count", int64(2))
	check("ingredients", "count", int64(3))
	check("ingredients", "len_min", int64(0))
	check("ingredients", "len_max", int64(2))
	check("ingredients", "len_mean", 1.0)
	check("ingredients", "share_empty", 1.0/3)
	check("ingredients", "share_null", 0.0)
	check("ingredients.amount", "type", "var * float64")
	check("ingredients.amount", "count", int64(2))
	check("ingredients.amount", "null_count", int64(1))
	check("ingredients.amount", "mean", 3.0)
	check("ingredients.amount", "len_max", int64(2))
	check("meta", "type", "{by: ?string}")
	check("meta", "count", int64(2))
	check("meta", "null_count", int64(1))
	check("meta", "len_min", nil)
	check("meta.by", "count", int64(1))
	check("tags", "share_null", 1.0/3)
	check("tags", "len_mean", 1.5)
	check("tags", "len_min", int64(1))
	pct := f.Select("time").Describe(WithPercentiles(0.1, 0.025)).Drop("type")
	if got, want := pct.Columns(), []string{"path", "count", "null_count", "n_unique", "mean", "std", "min", "10%", "2.5%", "max",
		"len_min", "len_mean", "len_max", "share_empty", "share_null"}; !reflect.DeepEqual(got, want) {
		t.Errorf("WithPercentiles: columns %v, want %v", got, want)
	}
	for _, bad := range [][]float64{{1.5}, {0.5, 0.5}, {math.NaN()}} {
		if err := f.Describe(WithPercentiles(bad...)).Err(); !errors.Is(err, ErrArgument) {
			t.Errorf("WithPercentiles(%v): err = %v, want ErrArgument", bad, err)
		}
	}
	if got := f.Describe(WithPercentiles()).NumColumns(); got != 14 {
		t.Errorf("WithPercentiles(): %d columns, want 14", got)
	}
	empty := FromColumns(nil).Describe()
	if r, c := empty.NumRows(), empty.NumColumns(); r != 0 || c != 17 || empty.Err() != nil {
		t.Errorf("empty: %d×%d %v", r, c, empty.Err())
	}
}
