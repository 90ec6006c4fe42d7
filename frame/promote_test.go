package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestPromoteBroadcast(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"title": "soup", "recipe": map[string]any{"ing": []any{map[string]any{"name": "salt"}, map[string]any{"name": "leek"}}, "by": "ann"}, "ing": []any{map[string]any{"name": "a"}}},
		map[string]any{"title": "cake", "recipe": nil, "ing": nil},
		map[string]any{"title": "tea", "recipe": map[string]any{"ing": []any{}, "by": nil}, "ing": []any{}},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		got  *Frame
		col  string
		want []any
		err  error
		msg  string
	}{
		{name: "promote to top", got: f.Promote("ing.name", "names"), col: "names", want: []any{[]any{"a"}, nil, []any{}}},
		{name: "promote into a structure", got: f.Promote("recipe.ing.name", "names"), col: "recipe.names", want: []any{[]any{"salt", "leek"}, nil, []any{}}},
		{name: "promote top-level", got: f.Promote("title", "x"), err: ErrArgument},
		{name: "promote unknown", got: f.Promote("ing.nope", "x"), err: ErrColumn, msg: `"ing.nope"`},
		{name: "promote taken", got: f.Promote("ing.name", "title"), err: ErrDuplicate, msg: `"title"`},
		{name: "promote empty name", got: f.Promote("ing.name", ""), err: ErrArgument},
		{name: "broadcast down", got: f.Broadcast("title", "ing.title"), col: "ing.title", want: []any{[]any{"soup"}, nil, []any{}}},
		{name: "broadcast two levels", got: f.Broadcast("title", "recipe.ing.title"), col: "recipe.ing.title", want: []any{[]any{"soup", "soup"}, nil, []any{}}},
		{name: "broadcast nested source", got: f.Broadcast("recipe.by", "recipe.ing.by"), col: "recipe.ing.by", want: []any{[]any{"ann", "ann"}, nil, []any{}}},
		{name: "broadcast up", got: f.Broadcast("recipe.by", "ing.by"), err: ErrArgument, msg: "not below"},
		{name: "broadcast exists", got: f.Broadcast("title", "ing.name"), err: ErrDuplicate, msg: `"ing.name"`},
		{name: "broadcast into a leaf", got: f.Broadcast("title", "title.x"), err: ErrType},
		{name: "broadcast unknown source", got: f.Broadcast("nope", "ing.x"), err: ErrColumn},
		{name: "broadcast unknown parent", got: f.Broadcast("title", "nope.x"), err: ErrColumn},
		{name: "broadcast top-level target", got: f.Broadcast("title", "t2"), err: ErrArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if tc.err != nil {
				if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("err = %v, want %v mentioning %s", err, tc.err, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s, err := tc.got.Column(tc.col)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.ToValue(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s = %v, want %v", tc.col, got, tc.want)
			}
		})
	}
	// Broadcast then Explode and Unnest: each ingredient knows its recipe.
	g := f.Broadcast("title", "ing.title").Drop("title").Explode([]string{"ing"}, WithNullAs(ExplodeDrop), WithEmptyAs(ExplodeDrop)).Unnest("ing")
	if got, want := g.data.ToValue(), []any{map[string]any{"recipe": map[string]any{"by": "ann", "ing": []any{map[string]any{"name": "salt"}, map[string]any{"name": "leek"}}}, "name": "a", "title": "soup"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("broadcast, explode, unnest: %v", got)
	}
	// Empty frames.
	if err := f.Slice(0, 0).Promote("ing.name", "n").Broadcast("title", "ing.t").Err(); err != nil {
		t.Error(err)
	}
}
