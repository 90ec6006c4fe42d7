package frame

import (
	"errors"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

func atRecipes(t testing.TB) *Frame {
	t.Helper()
	ing := func(amount float64, unit, name string) any {
		return map[string]any{"amount": amount, "unit": unit, "name": name}
	}
	f := FromRecords([]any{
		map[string]any{"title": "soup", "ingredients": []any{ing(100, "g", "leek"), ing(1, "l", "water"), ing(5, "g", "salt")}, "steps": []any{"cut", "boil", "salt", "serve"}},
		map[string]any{"title": "cake", "ingredients": []any{ing(200, "g", "flour")}, "steps": []any{"mix"}},
		map[string]any{"title": "tea", "ingredients": []any{ing(1, "cup", "water"), nil}, "steps": []any{}},
	}).Select("title", "ingredients", "steps")
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// atEq returns a bool mask of a string list column's shape: item == s.
func atEq(t testing.TB, v structured.Value, s string) structured.Leaf {
	t.Helper()
	r := v.(*structured.Ragged)
	strs, err := r.Strings()
	if err != nil {
		t.Fatal(err)
	}
	b := array.NewBooleanBuilder(memory.DefaultAllocator)
	for i, x := range strs {
		b.AppendValues([]bool{x == s && !r.IsNull(i)}, nil)
	}
	m, err := structured.NewRagged(b.NewArray(), r.RowPartitions()...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAt(t *testing.T) {
	f := atRecipes(t)
	units, _ := f.Column("ingredients.unit")
	grams := atEq(t, units.Value(), "g")
	tests := []struct {
		name string
		keys []any
		want any // a Go value, or the ToValue of a Frame's data or a Series
		kind string
		err  error
	}{
		{name: "first ingredient of the first two", keys: []any{Rows(0, 2), "ingredients", 0}, kind: "frame",
			want: []any{map[string]any{"amount": 100.0, "unit": "g", "name": "leek"}, map[string]any{"amount": 200.0, "unit": "g", "name": "flour"}}},
		{name: "first ingredient name of all", keys: []any{"ingredients", 0, "name"}, kind: "series", want: []any{"leek", "flour", "water"}},
		{name: "names of all", keys: []any{"ingredients", "name"}, kind: "series", want: []any{[]any{"leek", "water", "salt"}, []any{"flour"}, []any{"water", nil}}},
		{name: "last two steps", keys: []any{Rows(0, 3), "steps", structured.From(-2)}, kind: "series", want: []any{[]any{"salt", "serve"}, []any{"mix"}, []any{}}},
		{name: "every other step reversed", keys: []any{structured.All, "steps", structured.All.By(-2)}, kind: "series", want: []any{[]any{"serve", "boil"}, []any{"mix"}, []any{}}},
		{name: "grams, ragged mask", keys: []any{"ingredients", "amount", grams}, kind: "series", want: []any{[]any{100.0, 5.0}, []any{200.0}, []any{}}},
		{name: "grams, mask then field", keys: []any{"ingredients", grams, "name"}, kind: "series", want: []any{[]any{"leek", "salt"}, []any{"flour"}, []any{}}},
		{name: "gather per row", keys: []any{"steps", [][]int{{-1, 0}, {0}, {}}}, kind: "series", want: []any{[]any{"serve", "cut"}, []any{"mix"}, []any{}}},
		{name: "one cell", keys: []any{0, "ingredients", 1, "name"}, want: "water"},
		{name: "one cell, int64 row", keys: []any{int64(-3), "title"}, want: "soup"},
		{name: "one list", keys: []any{1, "steps"}, want: []any{"mix"}},
		{name: "one row", keys: []any{-1, "title"}, want: "tea"},
		{name: "whole row", keys: []any{1}, want: map[string]any{"title": "cake", "ingredients": []any{map[string]any{"amount": 200.0, "unit": "g", "name": "flour"}}, "steps": []any{"mix"}}},
		{name: "rows by mask", keys: []any{[]bool{true, false, true}, "title"}, kind: "series", want: []any{"soup", "tea"}},
		{name: "rows by position", keys: []any{[]int{2, 0, 2}, "title"}, kind: "series", want: []any{"tea", "soup", "tea"}},
		{name: "rows with a step", keys: []any{structured.S("::-2"), "title"}, kind: "series", want: []any{"tea", "soup"}},
		{name: "rows only", keys: []any{Rows(1, 2)}, kind: "frame", want: []any{map[string]any{"title": "cake", "ingredients": []any{map[string]any{"amount": 200.0, "unit": "g", "name": "flour"}}, "steps": []any{"mix"}}}},
		{name: "item out of range", keys: []any{"steps", 0}, err: ErrIndex},
		{name: "row out of range", keys: []any{3}, err: ErrIndex},
		{name: "mask length", keys: []any{[]bool{true}}, err: ErrShape},
		{name: "unknown column", keys: []any{"nope"}, err: ErrColumn},
		{name: "unknown field", keys: []any{"ingredients", "nope"}, err: ErrColumn},
		{name: "field of a leaf", keys: []any{"title", "x"}, err: ErrArgument},
		{name: "bad key", keys: []any{1.5}, err: ErrArgument},
		{name: "bad inner key", keys: []any{"steps", 1.5}, err: ErrArgument},
		{name: "too many ints", keys: []any{"title", 0}, err: ErrIndex},
		{name: "mask rank", keys: []any{"steps", structured.Must(structured.ValueOf([]bool{true, false, true}))}, err: ErrShape},
		{name: "nil mask", keys: []any{"steps", (*structured.Ragged)(nil)}, err: ErrArgument},
		{name: "mask type", keys: []any{"steps", units}, err: ErrType},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := f.At(tc.keys...)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch tc.kind {
			case "frame":
				g, ok := got.(*Frame)
				if !ok {
					t.Fatalf("got a %T, want a *Frame", got)
				}
				got = g.data.ToValue()
			case "series":
				s, ok := got.(Series)
				if !ok {
					t.Fatalf("got a %T, want a Series", got)
				}
				got = s.ToValue()
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
	s, _ := f.At("ingredients", "name")
	if name := s.(Series).Name(); name != "ingredients.name" {
		t.Errorf("series name %q", name)
	}
	e, err := FromColumns(nil).At(structured.All)
	if err != nil || e.(*Frame).NumRows() != 0 {
		t.Errorf("empty frame: %v %v", e, err)
	}
}
