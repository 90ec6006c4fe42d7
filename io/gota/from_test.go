package gota

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// fixture has every gota type, NA in each, and names out of alphabetical
// order.
func fixture() dataframe.DataFrame {
	return dataframe.New(
		series.New([]any{"b", nil, "", "x y"}, series.String, "s"),
		series.New([]any{1, nil, -3, math.MaxInt64}, series.Int, "i"),
		series.New([]any{0.1 + 0.2, nil, 1e-9, math.Inf(-1)}, series.Float, "f"),
		series.New([]any{true, false, nil, true}, series.Bool, "b"),
	)
}

// data is f's columns, or the test stops with f's error.
func data(t *testing.T, f *frame.Frame) *structured.Tensor {
	t.Helper()
	d, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestFromDataFrame(t *testing.T) {
	df := fixture()
	f, err := FromDataFrame(df)
	if err != nil {
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
	if got := data(t, f).ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("values = %#v\nwant %#v", got, want)
	}
	back, err := ToDataFrame(f)
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
