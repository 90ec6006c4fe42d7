package frame

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/structframe/structframe/structured"
)

// TestStructFunctions checks Struct, RenameFields, WithFields and Field:
// null structures stay null, names follow Polars' rules.
func TestStructFunctions(t *testing.T) {
	f := exprTestFrame(t) // n: {x: 1, y: "p"}, null, {x: null, y: "q"}, {x: 4, y: null}
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"rename", Col("n").Struct().RenameFields("a", "ü"), []any{map[string]any{"a": int64(1), "ü": "p"}, nil, map[string]any{"a": nil, "ü": "q"}, map[string]any{"a": int64(4), "ü": nil}}, nil},
		{"rename too few", Col("n").Struct().RenameFields("a"), nil, ErrArgument},
		{"rename not a structure", Col("i").Struct().RenameFields("a"), nil, ErrType},
		{"with a new field", Col("n").Struct().WithFields(Field("x").Mul(Lit(2)).Alias("x2")), []any{map[string]any{"x": int64(1), "y": "p", "x2": int64(2)}, nil, map[string]any{"x": nil, "y": "q", "x2": nil}, map[string]any{"x": int64(4), "y": nil, "x2": int64(8)}}, nil},
		{"with a replaced field and a column", Col("n").Struct().WithFields(Col("s").Alias("y")), []any{map[string]any{"x": int64(1), "y": "Apple"}, nil, map[string]any{"x": nil, "y": nil}, map[string]any{"x": int64(4), "y": "Cherry"}}, nil},
		{"with a literal", Col("n").Struct().WithFields(Lit("日本語").Alias("z")), []any{map[string]any{"x": int64(1), "y": "p", "z": "日本語"}, nil, map[string]any{"x": nil, "y": "q", "z": "日本語"}, map[string]any{"x": int64(4), "y": nil, "z": "日本語"}}, nil},
		{"with an unknown field", Col("n").Struct().WithFields(Field("nope")), nil, ErrColumn},
		{"field outside", Field("x"), nil, ErrArgument},
		{"struct", Struct(Col("i"), Col("s").Alias("name"), Lit(true).Alias("t")), []any{map[string]any{"i": int64(1), "name": "Apple", "t": true}, map[string]any{"i": int64(-7), "name": "banana", "t": true}, map[string]any{"i": nil, "name": nil, "t": true}, map[string]any{"i": int64(4), "name": "Cherry", "t": true}}, nil},
		{"struct of nested", Struct(Col("l"), Col("n")).Struct().Field("n").Struct().Field("x"), []any{int64(1), nil, nil, int64(4)}, nil},
		{"struct duplicate", Struct(Col("i"), Col("i")), nil, ErrDuplicate},
		{"struct of nothing", Struct(), nil, ErrArgument},
		{"struct of a list's items", Col("l").List().Eval(Struct(Element().Alias("v"))).List().Get(0).Struct().Field("v"), []any{int64(1), nil, nil, int64(5)}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := exprTestEval(f, tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
	if name := Struct(Col("i"), Col("s")).Name(); name != "i" {
		t.Errorf("Struct's name = %q, want the first field's", name)
	}
	if s := Struct(Col("i"), Lit(1)).String(); s != "struct(col(i), lit(1))" {
		t.Errorf("Struct renders %s", s)
	}
}

// TestMapFunctions checks Map().Keys, Values and Get over a map column
// with a null map and a missing key.
func TestMapFunctions(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"id": "a", "price": map[string]any{"EUR": 1.0, "USD": 1.1}, "cur": "EUR"},
		map[string]any{"id": "b", "price": map[string]any{"GBP": 0.9}, "cur": "GBP"},
		map[string]any{"id": "c", "price": nil, "cur": "USD"},
		map[string]any{"id": "d", "price": map[string]any{}, "cur": nil},
	}, structured.WithMapThreshold(1))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"keys", Col("price").Map().Keys(), []any{[]any{"EUR", "USD"}, []any{"GBP"}, nil, []any{}}, nil},
		{"values", Col("price").Map().Values(), []any{[]any{1.0, 1.1}, []any{0.9}, nil, []any{}}, nil},
		{"get", Col("price").Map().Get(Lit("USD")), []any{1.1, nil, nil, nil}, nil},
		{"get by row", Col("price").Map().Get(Col("cur")), []any{1.0, 0.9, nil, nil}, nil},
		{"values summed", Col("price").Map().Values().List().Sum(), []any{2.1, 0.9, nil, 0.0}, nil},
		{"not a map", Col("id").Map().Keys(), nil, ErrType},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := exprTestEval(f, tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !grpApproxEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

// TestAggregatesOfStringsAndDates checks Min and Max of strings and dates,
// over the rows and per group.
func TestAggregatesOfStringsAndDates(t *testing.T) {
	d := func(s string) any { return mustDate(t, s) }
	f := FromColumns([]string{"k", "s", "d"},
		[]any{"x", "x", "y", "y"},
		[]any{"Ünïcödé", "apple", nil, "🙂"},
		[]any{d("2024-03-10"), nil, d("2024-11-03"), d("2023-01-01")},
	)
	for _, tc := range []struct {
		e    Expr
		want []any
	}{
		{Col("s").Min(), []any{"apple"}},
		{Col("s").Max(), []any{"🙂"}},
		{Col("d").Min(), []any{d("2023-01-01")}},
		{Col("d").Max(), []any{d("2024-11-03")}},
	} {
		got, err := exprTestEval(f, tc.e)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s = %v, %v; want %v", tc.e, got, err, tc.want)
		}
	}
	g := f.GroupBy("k").Agg(Col("s").Max().Alias("s"), Col("d").Min().Alias("d"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	data, _ := g.Data()
	want := []any{map[string]any{"k": "x", "s": "Ünïcödé", "d": d("2024-03-10")}, map[string]any{"k": "y", "s": "🙂", "d": d("2023-01-01")}}
	if got := data.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("per group: %v", got)
	}
}

// mustDate is the date32 of an ISO date.
func mustDate(t *testing.T, s string) arrow.Date32 {
	t.Helper()
	tm, err := time.Parse(time.DateOnly, s)
	if err != nil {
		t.Fatal(err)
	}
	return arrow.Date32FromTime(tm)
}
