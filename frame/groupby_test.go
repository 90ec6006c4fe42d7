package frame

import (
	"errors"
	"reflect"
	"testing"
)

// grpTestRecipes is a frame with list and nested columns.
func grpTestRecipes(t *testing.T) *Frame {
	t.Helper()
	f := FromRecords([]any{
		map[string]any{"cuisine": "it", "scores": []any{8.0, 9.0}, "recipe": map[string]any{"rating": 4.0, "tags": []any{"a"}}},
		map[string]any{"cuisine": "fr", "scores": []any{}, "recipe": map[string]any{"rating": nil, "tags": []any{"b", "c"}}},
		map[string]any{"cuisine": "it", "scores": []any{7.0, nil}, "recipe": nil},
		map[string]any{"cuisine": nil, "scores": nil, "recipe": map[string]any{"rating": 2.0, "tags": []any{}}},
		map[string]any{"cuisine": "it", "scores": []any{5.0}, "recipe": map[string]any{"rating": 5.0, "tags": nil}},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestGroupByAgg(t *testing.T) {
	f := grpTestRecipes(t)
	tests := []struct {
		name string
		got  *Frame
		want []any
		err  error
	}{
		{"list items", f.GroupBy("cuisine").Agg(Col("scores").Mean(), Col("scores").Count().Alias("n"), Col("scores").Max().Alias("max"), Len()),
			[]any{
				map[string]any{"cuisine": "it", "scores": 7.25, "n": int64(4), "max": 9.0, "len": int64(3)},
				map[string]any{"cuisine": "fr", "scores": nil, "n": int64(0), "max": nil, "len": int64(1)},
				map[string]any{"cuisine": nil, "scores": nil, "n": int64(0), "max": nil, "len": int64(1)},
			}, nil},
		{"nested path", f.GroupBy("cuisine").Agg(Col("recipe.rating").Sum(), Col("recipe.rating").First().Alias("first")),
			[]any{
				map[string]any{"cuisine": "it", "recipe.rating": 9.0, "first": 4.0},
				map[string]any{"cuisine": "fr", "recipe.rating": 0.0, "first": nil},
				map[string]any{"cuisine": nil, "recipe.rating": 2.0, "first": 2.0},
			}, nil},
		{"implode list column", f.GroupBy("cuisine").Agg(Col("scores").Implode()),
			[]any{
				map[string]any{"cuisine": "it", "scores": []any{[]any{8.0, 9.0}, []any{7.0, nil}, []any{5.0}}},
				map[string]any{"cuisine": "fr", "scores": []any{[]any{}}},
				map[string]any{"cuisine": nil, "scores": []any{nil}},
			}, nil},
		{"implicit implode", f.GroupBy("cuisine").Agg(Col("recipe.tags")),
			[]any{
				map[string]any{"cuisine": "it", "recipe.tags": []any{[]any{"a"}, nil, nil}},
				map[string]any{"cuisine": "fr", "recipe.tags": []any{[]any{"b", "c"}}},
				map[string]any{"cuisine": nil, "recipe.tags": []any{[]any{}}},
			}, nil},
		{"struct key", f.Drop("recipe.tags").GroupBy("recipe").Agg(Len()).Select("len"),
			[]any{
				map[string]any{"len": int64(1)}, map[string]any{"len": int64(1)}, map[string]any{"len": int64(1)}, map[string]any{"len": int64(1)}, map[string]any{"len": int64(1)},
			}, nil},
		{"list key", f.GroupBy("scores").Agg(Col("cuisine").First()),
			[]any{
				map[string]any{"scores": []any{8.0, 9.0}, "cuisine": "it"},
				map[string]any{"scores": []any{}, "cuisine": "fr"},
				map[string]any{"scores": []any{7.0, nil}, "cuisine": "it"},
				map[string]any{"scores": nil, "cuisine": nil},
				map[string]any{"scores": []any{5.0}, "cuisine": "it"},
			}, nil},
		{"list of lists key", f.GroupBy("scores").Agg(Col("scores").Implode().Alias("all")).GroupBy("all").Agg(Len()), nil, ErrType},
		{"no keys", f.GroupBy().Agg(Len()), nil, ErrArgument},
		{"unknown key", f.GroupBy("nope").Agg(Len()), nil, ErrColumn},
		{"column outside aggregation", f.GroupBy("cuisine").Agg(Col("scores").Mean().Add(Col("recipe.rating"))), nil, ErrArgument},
		{"duplicate name", f.GroupBy("cuisine").Agg(Col("scores").Mean(), Col("scores").Max()), nil, ErrDuplicate},
		{"sticky error", f.Select("nope").GroupBy("cuisine").Agg(Len()), nil, ErrColumn},
		{"zero GroupBy", new(GroupBy).Agg(Len()), nil, ErrArgument},
		{"nil GroupBy", (*GroupBy)(nil).Agg(Len()), nil, ErrArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			d, _ := tc.got.Data()
			if got := d.ToValue(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

func TestGroupByKeysAndOrder(t *testing.T) {
	f := FromColumns([]string{"a", "b", "x"},
		[]any{int64(2), int64(1), int64(2), nil, int64(1), nil},
		[]any{"p", "q", "p", "q", "r", "q"},
		[]any{1.0, 2.0, 3.0, 4.0, nil, 6.0})
	g := f.GroupBy("a", "b").Agg(Col("x").Sum(), Col("x").NUnique().Alias("nu"), Col("x").Last().Alias("last"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	d, _ := g.Data()
	want := []any{
		map[string]any{"a": int64(2), "b": "p", "x": 4.0, "nu": int64(2), "last": 3.0},
		map[string]any{"a": int64(1), "b": "q", "x": 2.0, "nu": int64(1), "last": 2.0},
		map[string]any{"a": nil, "b": "q", "x": 10.0, "nu": int64(2), "last": 6.0},
		map[string]any{"a": int64(1), "b": "r", "x": 0.0, "nu": int64(1), "last": nil},
	}
	if got := d.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %#v\nwant %#v", got, want)
	}
	if got := g.Columns(); !reflect.DeepEqual(got, []string{"a", "b", "x", "nu", "last"}) {
		t.Errorf("Columns = %v", got)
	}
}

func TestGroupByEmpty(t *testing.T) {
	f := grpTestRecipes(t).Head(0)
	g := f.GroupBy("cuisine").Agg(Col("scores").Mean(), Col("scores").Implode().Alias("all"), Len(), Col("recipe.rating").Std().Alias("sd"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if r, c := g.NumRows(), g.NumColumns(); r != 0 || c != 5 {
		t.Fatalf("Shape = %d, %d", r, c)
	}
	if got := g.Schema().String(); got != "0 * {cuisine: string, scores: float64, all: var * var * float64, len: int64, sd: float64}" {
		t.Errorf("Schema = %s", got)
	}
	// No columns at all: one group per distinct (empty) key is impossible; no keys is an error.
	if err := FromColumns(nil).GroupBy("a").Agg(Len()).Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("0 columns: err = %v", err)
	}
}

func TestValueCountsUnique(t *testing.T) {
	f := FromColumns([]string{"k", "v", "count"},
		[]any{"b", "a", nil, "a", "b", nil, "c"},
		[]any{int64(1), int64(2), int64(3), int64(2), int64(1), int64(3), int64(9)},
		[]int64{0, 0, 0, 0, 0, 0, 0})
	vc := f.ValueCounts("k")
	if err := vc.Err(); err != nil {
		t.Fatal(err)
	}
	d, _ := vc.Data()
	want := []any{
		map[string]any{"k": "b", "count": int64(2)},
		map[string]any{"k": "a", "count": int64(2)},
		map[string]any{"k": nil, "count": int64(2)},
		map[string]any{"k": "c", "count": int64(1)},
	}
	if got := d.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ValueCounts = %#v", got)
	}
	if got := f.ValueCounts("count").Columns(); !reflect.DeepEqual(got, []string{"count", "counts"}) {
		t.Errorf("ValueCounts(count) columns = %v", got)
	}
	u := f.Unique([]string{"k"})
	s, _ := u.Column("v")
	if got := s.ToValue(); !reflect.DeepEqual(got, []any{int64(1), int64(2), int64(3), int64(9)}) {
		t.Errorf("Unique(k).v = %v", got)
	}
	if n := f.Unique(nil).NumRows(); n != 4 {
		t.Errorf("Unique() rows = %d, want 4", n)
	}
	if n := f.Unique([]string{"k", "v"}).NumRows(); n != 4 {
		t.Errorf("Unique(k, v) rows = %d, want 4", n)
	}
	if err := f.Unique([]string{"nope"}).Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("Unique(nope) err = %v", err)
	}
	if n := f.Head(0).ValueCounts("k").NumRows(); n != 0 {
		t.Errorf("ValueCounts of 0 rows: %d rows", n)
	}
	if got := FromColumns(nil).Unique(nil); got.Err() != nil || got.NumColumns() != 0 {
		t.Errorf("Unique of an empty frame: %v", got.Err())
	}
}

func TestNest(t *testing.T) {
	f := FromColumns([]string{"recipe", "ingredient", "amount"},
		[]string{"soup", "cake", "soup", "cake", "tea"},
		[]any{"leek", "flour", "water", "egg", nil},
		[]any{2.0, 0.5, 1.0, nil, 0.2})
	n := f.Nest("ingredients", "recipe")
	if err := n.Err(); err != nil {
		t.Fatal(err)
	}
	if got := n.Schema().String(); got != "3 * {recipe: string, ingredients: var * {ingredient: ?string, amount: ?float64}}" {
		t.Errorf("Schema = %s", got)
	}
	d, _ := n.Data()
	want := []any{
		map[string]any{"recipe": "soup", "ingredients": []any{
			map[string]any{"ingredient": "leek", "amount": 2.0}, map[string]any{"ingredient": "water", "amount": 1.0}}},
		map[string]any{"recipe": "cake", "ingredients": []any{
			map[string]any{"ingredient": "flour", "amount": 0.5}, map[string]any{"ingredient": "egg", "amount": nil}}},
		map[string]any{"recipe": "tea", "ingredients": []any{
			map[string]any{"ingredient": nil, "amount": 0.2}}},
	}
	if got := d.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("Nest = %#v", got)
	}
	// The nested column reads back through a path, and aggregates.
	g := n.WithColumns(Col("ingredients.amount").List().Sum().Alias("total"))
	s, err := g.Column("total")
	if err != nil || !reflect.DeepEqual(s.ToValue(), []any{3.0, 0.5, 0.2}) {
		t.Errorf("total = %v, %v", s.ToValue(), err)
	}
	for name, bad := range map[string]*Frame{
		"no keys":      f.Nest("x"),
		"unknown key":  f.Nest("x", "nope"),
		"into a key":   f.Nest("recipe", "recipe"),
		"key twice":    f.Nest("x", "recipe", "recipe"),
		"sticky error": f.Select("nope").Nest("x", "recipe"),
	} {
		if bad.Err() == nil {
			t.Errorf("%s: no error", name)
		}
	}
	empty := f.Head(0).Nest("ingredients", "recipe")
	if err := empty.Err(); err != nil || empty.NumRows() != 0 || empty.NumColumns() != 2 {
		t.Errorf("empty Nest: %v %d×%d", err, empty.NumRows(), empty.NumColumns())
	}
}

func TestFilter(t *testing.T) {
	f := exprTestFrame(t)
	tests := []struct {
		name string
		pred Expr
		rows []any // values of column i
		err  error
	}{
		{"compound", Col("i").Gt(Lit(0)).And(Col("b")), []any{int64(1), int64(4)}, nil},
		{"null dropped", Col("b"), []any{int64(1), int64(4)}, nil},
		{"not null", Col("b").Not(), []any{int64(-7)}, nil},
		{"all", Lit(true), []any{int64(1), int64(-7), nil, int64(4)}, nil},
		{"none", Lit(false), []any{}, nil},
		{"null literal", Lit(nil), []any{}, nil},
		{"agg in predicate", Col("i").Ge(Col("i").Mean()), []any{int64(1), int64(4)}, nil},
		{"list predicate", Col("l").List().Contains(Lit(5)).Or(Col("s").Str().StartsWith("A")), []any{int64(1), int64(4)}, nil},
		{"nested field", Col("n.x").IsNull(), []any{int64(-7), nil}, nil},
		{"not bool", Col("i"), nil, ErrType},
		{"unknown", Col("nope").Gt(Lit(1)), nil, ErrColumn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := f.Filter(tc.pred)
			if tc.err != nil {
				if !errors.Is(g.Err(), tc.err) {
					t.Fatalf("err = %v, want %v", g.Err(), tc.err)
				}
				return
			}
			s, err := g.Column("i")
			if err != nil {
				t.Fatal(err)
			}
			if got := s.ToValue(); !reflect.DeepEqual(got, tc.rows) {
				t.Errorf("rows = %v, want %v", got, tc.rows)
			}
			if g.NumColumns() != f.NumColumns() {
				t.Errorf("columns = %v", g.Columns())
			}
		})
	}
	if n := f.Head(0).Filter(Col("i").Gt(Lit(0))).NumRows(); n != 0 {
		t.Errorf("empty frame: %d rows", n)
	}
}

func TestWithColumnsSelectExprs(t *testing.T) {
	f := exprTestFrame(t)
	g := f.WithColumns(Col("i").Mul(Lit(2)), Col("l").List().Mean().Alias("avg"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if got := g.Columns(); !reflect.DeepEqual(got, []string{"i", "f", "s", "b", "l", "ls", "n", "avg"}) {
		t.Errorf("Columns = %v", got)
	}
	s, _ := g.Column("i")
	if got := s.ToValue(); !reflect.DeepEqual(got, []any{int64(2), int64(-14), nil, int64(8)}) {
		t.Errorf("i = %v", got)
	}
	if err := f.WithColumns(Col("i"), Col("i").Add(Lit(1))).Err(); !errors.Is(err, ErrDuplicate) {
		t.Errorf("duplicate: %v", err)
	}
	sel := f.SelectExprs(Col("s"), Col("i").Sum().Alias("total"))
	if r, c := sel.NumRows(), sel.NumColumns(); r != 4 || c != 2 {
		t.Errorf("SelectExprs shape = %d, %d", r, c)
	}
	one := f.SelectExprs(Col("i").Sum(), Col("f").Max())
	if r, c := one.NumRows(), one.NumColumns(); r != 1 || c != 2 {
		t.Errorf("aggregations: shape = %d, %d", r, c)
	}
	// Passing a column through shares it.
	a, _ := f.Column("s")
	b, _ := f.SelectExprs(Col("s")).Column("s")
	if a.Value() != b.Value() {
		t.Error("Col passed through is not shared")
	}
	empty := FromColumns(nil).WithColumns(Lit(1).Alias("one"))
	if err := empty.Err(); err != nil || empty.NumRows() != 0 || empty.NumColumns() != 1 {
		t.Errorf("WithColumns on 0x0: %v %d×%d", err, empty.NumRows(), empty.NumColumns())
	}
}

func TestGroupByExprs(t *testing.T) {
	f := grpTestRecipes(t)
	g := f.GroupByExprs(Col("scores").List().Len().Gt(Lit(1)).Alias("many"), Col("recipe.rating").IsNull()).
		Agg(Len(), Col("cuisine").Implode())
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	d, _ := g.Data()
	want := []any{
		map[string]any{"many": true, "recipe.rating": false, "len": int64(1), "cuisine": []any{"it"}},
		map[string]any{"many": false, "recipe.rating": true, "len": int64(1), "cuisine": []any{"fr"}},
		map[string]any{"many": true, "recipe.rating": true, "len": int64(1), "cuisine": []any{"it"}},
		map[string]any{"many": nil, "recipe.rating": false, "len": int64(1), "cuisine": []any{nil}},
		map[string]any{"many": false, "recipe.rating": false, "len": int64(1), "cuisine": []any{"it"}},
	}
	if got := d.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %#v\nwant %#v", got, want)
	}
	for name, bad := range map[string]struct {
		g    *Frame
		kind error
	}{
		"aggregating key": {f.GroupByExprs(Col("scores").Mean()).Agg(Len()), ErrArgument},
		"no keys":         {f.GroupByExprs().Agg(Len()), ErrArgument},
		"bad key":         {f.GroupByExprs(Col("cuisine").Add(Lit(1))).Agg(Len()), ErrType},
		"duplicate key":   {f.GroupByExprs(Col("cuisine"), Col("cuisine")).Agg(Len()), ErrDuplicate},
	} {
		if !errors.Is(bad.g.Err(), bad.kind) {
			t.Errorf("%s: err = %v, want %v", name, bad.g.Err(), bad.kind)
		}
	}
}

// TestNestInvertsExplodeUnnest: a nested frame exploded and unnested,
// then nested again, is the frame it was (no empty or null lists).
func TestNestInvertsExplodeUnnest(t *testing.T) {
	f := FromColumns([]string{"recipe", "ingredients"},
		[]string{"soup", "cake", "tea"},
		[]any{
			[]any{map[string]any{"amount": 2.0, "name": "leek"}, map[string]any{"amount": 1.0, "name": "water"}},
			[]any{map[string]any{"amount": 0.5, "name": "flour"}},
			[]any{map[string]any{"amount": nil, "name": "leaf"}, map[string]any{"amount": 0.2, "name": nil}},
		})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	flat := f.Explode([]string{"ingredients"}).Unnest("ingredients")
	if err := flat.Err(); err != nil {
		t.Fatal(err)
	}
	if got := flat.Columns(); !reflect.DeepEqual(got, []string{"recipe", "amount", "name"}) {
		t.Fatalf("flat columns = %v", got)
	}
	back := flat.Nest("ingredients", "recipe")
	if err := back.Err(); err != nil {
		t.Fatal(err)
	}
	want, _ := f.Data()
	got, _ := back.Data()
	if !reflect.DeepEqual(got.ToValue(), want.ToValue()) {
		t.Errorf("Nest(Explode+Unnest) =\n%#v\nwant\n%#v", got.ToValue(), want.ToValue())
	}
	if !got.Spec().Equal(want.Spec()) {
		t.Errorf("spec %s, want %s", got.Spec(), want.Spec())
	}
}
