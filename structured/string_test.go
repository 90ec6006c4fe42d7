package structured

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStringNulls compares the printing of null structures with
// testdata/string_nulls.golden (go test -run TestStringNulls -update
// rewrites it), and checks that a null structure and a structure whose
// fields are null print differently.
func TestStringNulls(t *testing.T) {
	cases := []struct {
		name      string
		same, not string // values whose printing must differ (JSON; not may be empty)
	}{
		{"rank 1", `[{"a": 1}, null]`, `[{"a": 1}, {"a": null}]`},
		{"rank 0", `null`, `{"a": null}`},
		{"rank 2 with a null list", `[[{"a": 1}, null], null]`, `[[{"a": 1}, {"a": null}], null]`},
		{"nested", `[{"s": {"x": 1}}, {"s": null}]`, `[{"s": {"x": 1}}, {"s": {"x": null}}]`},
		{"nested list", `[{"s": [{"x": 1}, null]}]`, `[{"s": [{"x": 1}, {"x": null}]}]`},
		{"long", `[null, {"a": 1}, {"a": 2}, {"a": 3}, {"a": 4}, {"a": 5}, null, null, null]`, ``},
	}
	spec := map[string]string{"rank 0": `?{a: ?int64}`}
	build := func(t *testing.T, name, js string) *Tensor {
		if s, ok := spec[name]; ok {
			return Must(FromValueSpec(decodeJSON(t, js), spMust(t, s)))
		}
		return Must(FromValue(decodeJSON(t, js)))
	}
	var b strings.Builder
	for _, c := range cases {
		st := build(t, c.name, c.same)
		fmt.Fprintf(&b, "== %s: %s\n%s\n", c.name, c.same, st)
		if c.not == "" {
			continue
		}
		other := build(t, c.name, c.not)
		fmt.Fprintf(&b, "== %s: %s\n%s\n", c.name, c.not, other)
		if st.String() == other.String() {
			t.Errorf("%s: %s and %s both print as\n%s", c.name, c.same, c.not, st)
		}
	}
	got := b.String()
	path := filepath.Join("testdata", "string_nulls.golden")
	if *spUpdate {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("String output differs from %s (run with -update to rewrite it):\n%s", path, got)
	}
}
