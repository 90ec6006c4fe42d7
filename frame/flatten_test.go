package frame

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/structframe/structframe/structured"
)

func flatRecord(t testing.TB) *Frame {
	t.Helper()
	f := FromRecords([]any{
		map[string]any{
			"id":   int64(1),
			"user": map[string]any{"name": "ann", "home": map[string]any{"city": "Oslo", "geo": map[string]any{"lat": 59.9, "lon": 10.7}}},
			"ing":  []any{map[string]any{"name": "salt", "qty": map[string]any{"amount": 1.0, "unit": "g"}}, map[string]any{"name": "egg", "qty": map[string]any{"amount": 2.0, "unit": "pc"}}},
			"days": []any{[]any{map[string]any{"h": int64(1), "m": int64(5)}}, []any{}},
			"tags": []any{"a"},
		},
		map[string]any{
			"id":   int64(2),
			"user": map[string]any{"name": "bob", "home": map[string]any{"city": nil, "geo": map[string]any{"lat": nil, "lon": 0.5}}},
			"ing":  []any{},
			"days": nil,
			"tags": nil,
		},
	}).Select("id", "user", "ing", "days", "tags")
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFlatten(t *testing.T) {
	f := flatRecord(t)
	g := f.Flatten()
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	wantCols := []string{"id", "user.home.city", "user.home.geo.lat", "user.home.geo.lon", "user.name", "ing.name", "ing.qty.amount", "ing.qty.unit", "days.h", "days.m", "tags"}
	if got := g.Columns(); !reflect.DeepEqual(got, wantCols) {
		t.Errorf("columns = %v\nwant %v", got, wantCols)
	}
	for col, want := range map[string][]any{
		"user.home.geo.lat": {59.9, nil},
		"ing.qty.unit":      {[]any{"g", "pc"}, []any{}},
		"days.h":            {[]any{[]any{int64(1)}, []any{}}, nil},
	} {
		s, err := g.Column(col)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ToValue(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", col, got, want)
		}
	}
	// No copy: a leaf of the flat frame is the nested leaf.
	a, _ := f.data.Field("ing", "qty", "amount")
	b, _ := g.data.Field("ing.qty.amount")
	if a != b {
		t.Error("Flatten copied ing.qty.amount")
	}
	if got := f.Flatten(WithSeparator("/")).Columns()[1]; got != "user/home/city" {
		t.Errorf("separator: %s", got)
	}
	// Round trip.
	back := g.Unflatten()
	if err := back.Err(); err != nil {
		t.Fatal(err)
	}
	if got, want := back.data.ToValue(), f.data.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("Unflatten(Flatten) = %v\nwant %v", got, want)
	}
	if got, want := back.Schema().String(), f.Schema().String(); got != want {
		t.Errorf("Unflatten(Flatten) schema\n got %s\nwant %s", got, want)
	}
	back = f.Flatten(WithSeparator("__")).Unflatten(WithSeparator("__"))
	if got, want := back.data.ToValue(), f.data.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("with separator __: %v", got)
	}
}

func TestFlattenNullParents(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"a": map[string]any{"b": map[string]any{"c": int64(1), "l": []any{int64(1)}}}, "xs": []any{map[string]any{"v": int64(1)}, nil}},
		map[string]any{"a": map[string]any{"b": nil}, "xs": nil},
		map[string]any{"a": nil, "xs": []any{}},
	})
	g := f.Flatten()
	want := []any{
		map[string]any{"a.b.c": int64(1), "a.b.l": []any{int64(1)}, "xs.v": []any{int64(1), nil}},
		map[string]any{"a.b.c": nil, "a.b.l": nil, "xs.v": nil},
		map[string]any{"a.b.c": nil, "a.b.l": nil, "xs.v": []any{}},
	}
	if got := g.data.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	// Unflatten keeps structures valid: parent nulls stay leaf nulls.
	back := g.Unflatten().data.ToValue().([]any)
	if got, want := back[2].(map[string]any)["a"], map[string]any{"b": map[string]any{"c": nil, "l": nil}}; !reflect.DeepEqual(got, want) {
		t.Errorf("row 2 a = %v, want %v", got, want)
	}
}

func TestFlattenErrorsAndEdges(t *testing.T) {
	// A dotted column beside the structure it would come out of.
	f := FromColumns([]string{"a", "a.b"}, []map[string]any{{"b": int64(1)}}, []int64{2})
	if err := f.Flatten().Err(); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), `"a.b"`) {
		t.Errorf("collision: %v", err)
	}
	if err := FromColumns([]string{"a", "a.b"}, []int64{1}, []int64{2}).Unflatten().Err(); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("prefix collision: %v", err)
	}
	if err := FromColumns([]string{"a.b", "a"}, []int64{1}, []int64{2}).Unflatten().Err(); !errors.Is(err, ErrDuplicate) {
		t.Errorf("prefix collision after: %v", err)
	}
	// Names with empty pieces stay.
	g := FromColumns([]string{".a", "b..c", "d.e"}, []int64{1}, []int64{2}, []int64{3}).Unflatten()
	if got := g.Columns(); !reflect.DeepEqual(got, []string{".a", "b..c", "d"}) {
		t.Errorf("columns %v", got)
	}
	// Struct of lists with different lengths stays a struct of lists.
	sl := FromColumns([]string{"s.x", "s.y"}, [][]int64{{1, 2}, {}}, [][]int64{{1}, {2}}).Unflatten()
	if got := sl.Schema().String(); got != "2 * {s: {x: var * int64, y: var * int64}}" {
		t.Errorf("struct of lists: %s", got)
	}
	// Maps are kept.
	m := FromRecords([]any{map[string]any{"m": map[string]any{"a": int64(1), "b": int64(2)}}}, structured.WithMapThreshold(1))
	if got := m.Flatten().Schema().String(); got != "1 * {m: map<string, int64>}" {
		t.Errorf("map: %s", got)
	}
	// A map inside a structure, and inside a list of structures, comes back.
	sm := FromRecords([]any{
		map[string]any{"s": map[string]any{"m": map[string]any{"a": int64(1), "b": int64(2)}}, "l": []any{map[string]any{"m": map[string]any{"c": int64(3), "g": int64(7), "h": int64(8)}}}},
		map[string]any{"s": map[string]any{"m": map[string]any{"d": int64(4), "e": int64(5), "f": int64(6)}}, "l": []any{}},
	}, structured.WithMapThreshold(2))
	if err := sm.Err(); err != nil {
		t.Fatal(err)
	}
	flat := sm.Flatten()
	if got, want := flat.Schema().String(), "2 * {\"l.m\": var * map<string, int64>, \"s.m\": map<string, int64>}"; got != want {
		t.Errorf("maps flattened: %s, want %s", got, want)
	}
	if got, want := flat.Unflatten().Schema().String(), sm.Schema().String(); got != want {
		t.Errorf("maps unflattened: %s, want %s", got, want)
	}
	// Empty frames.
	for _, e := range []*Frame{FromColumns(nil), flatRecord(t).Slice(0, 0)} {
		fl := e.Flatten()
		if err := fl.Err(); err != nil {
			t.Fatal(err)
		}
		if err := fl.Unflatten().Err(); err != nil {
			t.Fatal(err)
		}
	}
	if err := FromColumns(nil).Flatten(WithSeparator("")).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("empty separator: %v", err)
	}
	if err := FromColumns(nil).Unflatten(WithSeparator("")).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("empty separator: %v", err)
	}
}

// TestFlattenProperty checks on random frames that Flatten's columns are
// the leaves a naive walk of ToValue finds, and that Unflatten undoes
// Flatten when no structure is null, on frames built every way (randWays).
func TestFlattenProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { flattenProperty(t, w) })
	}
}

func flattenProperty(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(1, 2+uint64(w)))
	checked := 0
	defer func() {
		if checked < 10 {
			t.Errorf("only %d round trips checked", checked)
		}
	}()
	for iter := range 80 {
		nulls := iter%2 == 1
		f, s := nestRandFrame(rng, rng.IntN(6), nulls)
		f = randBuild(t, rng, f, w)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		if n := f.NumRows(); n > 1 && iter%3 == 0 {
			f = f.Slice(1, n) // partitions that do not start at 0
		}
		g := f.Flatten()
		if err := g.Err(); err != nil {
			t.Fatalf("iter %d: %v\n%s", iter, err, f)
		}
		rows, _ := f.data.ToValue().([]any)
		flat, _ := g.data.ToValue().([]any)
		for i, r := range rows {
			want := map[string]any{}
			flatNaive(want, "", r, f.data)
			if !reflect.DeepEqual(flat[i], want) {
				t.Fatalf("iter %d row %d: got %v\nwant %v\nschema %s", iter, i, flat[i], want, f.Schema())
			}
		}
		if !nulls && !slices.ContainsFunc(s.types, func(c *nestSchema) bool { return flatAmbiguous(c, false) }) {
			checked++
			back := g.Unflatten()
			if got, want := back.data.ToValue(), f.data.ToValue(); !reflect.DeepEqual(got, want) && f.NumRows() > 0 {
				t.Fatalf("iter %d: round trip\n got %v\nwant %v\nschema %s", iter, got, want, f.Schema())
			}
		}
	}
}

// flatNaive flattens one Go row: structures (not lists of them) into
// dotted keys; lists of structures into one list per leaf.
func flatNaive(out map[string]any, prefix string, v any, t *structured.Tensor) {
	m, _ := v.(map[string]any)
	for _, name := range t.FieldNames() {
		fv, _ := t.Field(name)
		key := prefix + name // prefix: "" at the top, else the parent's path and "."
		var x any
		if m != nil {
			x = m[name]
		}
		if st, ok := fv.(*structured.Tensor); ok && !st.IsMap() && st.NumFields() > 0 {
			if st.Rank() == t.Rank() {
				flatNaive(out, key+".", x, st)
				continue
			}
			// A list of structures (maybe nested lists): each leaf as lists.
			sub := map[string]any{}
			flatNaiveList(sub, key+".", x, st, st.Rank()-t.Rank())
			for k, v := range sub {
				out[k] = v
			}
			continue
		}
		out[key] = x
	}
}

// flatNaiveList flattens x, depth levels of lists around structures of t,
// into one nested list per leaf.
func flatNaiveList(out map[string]any, prefix string, x any, t *structured.Tensor, depth int) {
	leaves := map[string]any{}
	flatNaive(leaves, prefix, nil, t) // the leaf names
	for k := range leaves {
		out[k] = flatPick(x, depth, func(item any) any {
			one := map[string]any{}
			flatNaive(one, prefix, item, t)
			return one[k]
		})
	}
}

// flatPick maps fn over the items depth levels of lists down, keeping nulls.
func flatPick(x any, depth int, fn func(any) any) any {
	if depth == 0 {
		return fn(x)
	}
	l, ok := x.([]any)
	if !ok {
		return nil
	}
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = flatPick(e, depth-1, fn)
	}
	return out
}

// flatAmbiguous reports whether a schema holds what Unflatten cannot tell
// from the flat columns (see its doc): a structure (not a list item)
// holding lists, or a list of lists of structures with one leaf.
func flatAmbiguous(s *nestSchema, plainStruct bool) bool {
	switch s.kind {
	case "list":
		if plainStruct {
			return true
		}
		if s.elem.kind == "list" && flatHasStruct(s.elem) {
			return true
		}
		return flatAmbiguous(s.elem, false)
	case "struct":
		for _, c := range s.types {
			if flatAmbiguous(c, true) {
				return true
			}
		}
	}
	return false
}

func flatHasStruct(s *nestSchema) bool {
	switch s.kind {
	case "list":
		return flatHasStruct(s.elem)
	case "struct":
		return true
	}
	return false
}
