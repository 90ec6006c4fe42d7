package frame

import (
	"reflect"
	"testing"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// TestNestedVerbsKeepLabels checks that a label index follows the rows:
// repeated per item by Explode, kept by Unnest, Flatten and Promote,
// selected by At.
func TestNestedVerbsKeepLabels(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"id": "a", "xs": []any{int64(1), int64(2)}, "s": map[string]any{"x": int64(1)}},
		map[string]any{"id": "b", "xs": []any{}, "s": nil},
		map[string]any{"id": "c", "xs": nil, "s": map[string]any{"x": int64(3)}},
	}).SetIndex("id")
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	labels := func(g *Frame) []any {
		t.Helper()
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		l, ok := g.Index().(*index.Labels)
		if !ok {
			t.Fatalf("index %v is not a label index", g.Index())
		}
		if l.Name() != "id" {
			t.Errorf("index name %q", l.Name())
		}
		return l.Values().ToValue().([]any)
	}
	for name, tc := range map[string]struct {
		g    *Frame
		want []any
	}{
		"explode keep":    {f.Explode([]string{"xs"}), []any{"a", "a", "b", "c"}},
		"explode drop":    {f.Explode([]string{"xs"}, WithEmptyAs(ExplodeDrop), WithNullAs(ExplodeDrop)), []any{"a", "a"}},
		"explode only":    {f.Select("xs").Explode([]string{"xs"}), []any{"a", "a", "b", "c"}},
		"unnest":          {f.Unnest("s"), []any{"a", "b", "c"}},
		"flatten":         {f.Flatten(), []any{"a", "b", "c"}},
		"unflatten":       {f.Flatten().Unflatten(), []any{"a", "b", "c"}},
		"promote":         {f.Promote("s.x", "x2"), []any{"a", "b", "c"}},
		"at rows reverse": {Must(f).atFrame(t, structured.All.By(-1)), []any{"c", "b", "a"}},
	} {
		if got := labels(tc.g); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: labels %v, want %v", name, got, tc.want)
		}
	}
	s, err := f.At([]bool{true, false, true}, "xs")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.(Series).Index().(*index.Labels).Values().ToValue(); !reflect.DeepEqual(got, []any{"a", "c"}) {
		t.Errorf("At series labels %v", got)
	}
}

// atFrame is At for keys known to give a frame.
func (f *Frame) atFrame(t *testing.T, keys ...any) *Frame {
	t.Helper()
	g, err := f.At(keys...)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Frame)
}
