package display

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/structframe/structframe/structured"
)

// FuzzText prints tables made from arbitrary JSON with arbitrary limits:
// no input may panic, every drawn line must meet the others (one width),
// no line (the footer's too; Markdown has no width limit) may be wider
// than a width of at least minFuzzWidth, and HTML must tile its header.
func FuzzText(f *testing.F) {
	for _, seed := range []string{
		`[{"id": 1, "name": "ann", "addr": {"city": "Oslo", "zip": null}, "tags": ["a", "b", "c", "d", "e"]}]`,
		`[{"grid": [[{"x": 1, "t": ["a"]}], [], null]}, {"grid": null}]`,
		`[{"m": {"a": 1, "b": 2, "c": 3}}, {"m": {}}, {"m": null}]`,
		`[{"s": "東京👩‍💻e\u0301", "n": 1e300}, {"s": "", "n": -0.0001}]`,
		`[{"a": {"b": {"c": {"d": [1, 2, 3]}}}}, {"a": null}]`,
		`{"x": [1, 2], "y": {"z": "w"}}`,
		`[[{"a": 1}], [], [{"a": 2}, {"a": 3}]]`,
		deepJSON(60),
		`[{"l": [{"a_field_name_longer_than_any_width_allows_in_a_cell_of_the_table": 1}]}]`,
		`[{"l": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]], "m": [{"k": {"x": [[[[[[[[2]]]]]]]]}}]}]`,
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
		if w := int(width); w >= minFuzzWidth && Style(style%4) != Markdown {
			for _, line := range strings.Split(out, "\n") {
				if cells(line) > w {
					t.Fatalf("line %q is %d cells wide, over the width %d:\n%s", line, cells(line), w, out)
				}
			}
		}
		page := HTML(st, opts...)
		if strings.Contains(page, "<table>") {
			parseTable(t, page)
		}
	})
}

// minFuzzWidth is the least width FuzzText holds a table to: narrower,
// an index column, the … column and one cell cut as far as cells go
// (a list keeps its first item, a string 10 cells) may not fit.
const minFuzzWidth = 40

// deepJSON is a record holding a structure nested n levels deep.
func deepJSON(n int) string {
	return `[{"x": 1, "n": ` + strings.Repeat(`{"a": `, n) + `1` + strings.Repeat(`}`, n) + `}]`
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
