package display

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/structframe/structframe/structured"
)

// FuzzText prints tables made from arbitrary JSON with arbitrary limits:
// no input may panic, every drawn line must meet the others (one width),
// and HTML must tile its header.
func FuzzText(f *testing.F) {
	for _, seed := range []string{
		`[{"id": 1, "name": "ann", "addr": {"city": "Oslo", "zip": null}, "tags": ["a", "b", "c", "d", "e"]}]`,
		`[{"grid": [[{"x": 1, "t": ["a"]}], [], null]}, {"grid": null}]`,
		`[{"m": {"a": 1, "b": 2, "c": 3}}, {"m": {}}, {"m": null}]`,
		`[{"s": "東京👩‍💻e\u0301", "n": 1e300}, {"s": "", "n": -0.0001}]`,
		`[{"a": {"b": {"c": {"d": [1, 2, 3]}}}}, {"a": null}]`,
		`{"x": [1, 2], "y": {"z": "w"}}`,
		`[[{"a": 1}], [], [{"a": 2}, {"a": 3}]]`,
	} {
		f.Add([]byte(seed), uint8(40), uint8(3), uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, width, items, style uint8, expand bool) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		st, err := structured.FromValue(v, structured.WithMapThreshold(3))
		if err != nil {
			return
		}
		opts := []Option{WithWidth(int(width)), WithMaxItems(int(items%8) - 1), WithStyle(Style(style % 4)),
			WithExpand(expand), WithMaxRows(6), WithMaxString(12)}
		out := Text(st, opts...)
		if Style(style%4) == Box || Style(style%4) == ASCII {
			lineWidths(t, out)
		}
		page := HTML(st, opts...)
		if strings.Contains(page, "<table>") {
			parseTable(t, page)
		}
	})
}

// lineWidths checks that the table's lines all have one width.
func lineWidths(t *testing.T, out string) {
	t.Helper()
	width := -1
	for _, line := range strings.Split(out, "\n") {
		if !startsTable(line) {
			continue
		}
		if width < 0 {
			width = cells(line)
		}
		if w := cells(line); w != width {
			t.Fatalf("line %q is %d cells wide, the first %d:\n%s", line, w, width, out)
		}
	}
}
