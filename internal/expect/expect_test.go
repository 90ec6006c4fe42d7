package expect

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestCanonicalDiff: ToValue's Go values compare equal to their canonical
// JSON, and each kind of difference is reported with its path.
func TestCanonicalDiff(t *testing.T) {
	got := Canonical([]any{map[string]any{
		"i": int64(3), "f": float32(0.5), "t": time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.FixedZone("x", 3600)),
		"d": arrow.Date32(1), "dur": 2 * time.Millisecond, "b": []byte("ab"), "l": []any{nil, int32(4)},
	}})
	want := []any{map[string]any{
		"i": json.Number("3.0"), "f": json.Number("0.5"), "t": "2024-01-02T02:04:05.123456Z",
		"d": "1970-01-02", "dur": json.Number("2000000"), "b": "ab", "l": []any{nil, json.Number("4")},
	}}
	if d := Diff(got, want); d != "" {
		t.Fatal(d)
	}
	for _, c := range []struct {
		got, want any
		path      string
	}{
		{[]any{json.Number("1")}, []any{json.Number("2")}, "[0]"},
		{map[string]any{"a": []any{}}, map[string]any{"a": []any{nil}}, ".a"},
		{map[string]any{"a": nil}, map[string]any{"b": nil}, "no key"},
		{Canonical(uint8(1)), "1", ": got"},
		{Canonical(struct{}{}), "x", "unexpected Go type"},
	} {
		if d := Diff(c.got, c.want); !strings.Contains(d, c.path) {
			t.Errorf("Diff(%v, %v) = %q, want it to name %q", c.got, c.want, d, c.path)
		}
	}
}
