package display_test

import (
	"fmt"
	"testing"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/structured"
)

// TestSpecTreeIsTree: a Tensor's Spec renders as the Tensor does.
func TestSpecTreeIsTree(t *testing.T) {
	for _, v := range []any{
		[]any{map[string]any{"a": 1, "b": []any{map[string]any{"c": "x"}}}, map[string]any{"a": nil, "b": nil}},
		[]any{map[string]any{"m": []any{[]any{1.5}, []any{}}}},
		[]any{},
	} {
		st, err := structured.FromValue(v)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := display.SpecTree(st.Spec()), display.Tree(st); got != want {
			t.Errorf("SpecTree:\n%s\nTree:\n%s", got, want)
		}
	}
	if got := display.SpecTree(nil); got != "<nil>" {
		t.Errorf("SpecTree(nil) = %q", got)
	}
}

// A schema given as a Spec (here parsed from its text) printed as a tree.
func ExampleSpecTree() {
	spec, err := structured.ParseSpec("1000 * {id: int64, user: ?{name: string, tags: var * string}}")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(display.SpecTree(spec))
	// Output:
	// shape: [1000]
	// ├── id: int64
	// └── user: ?{2}
	//     ├── name: string
	//     └── tags: var * string
}
