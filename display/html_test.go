package display

import (
	"strings"
	"testing"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

func htmlCases() []textCase {
	return []textCase{
		{"anchor", anchor, nil},
		{"anchor_expanded", anchor, []Option{WithExpand(true)}},
		{"recipes_sample", sampleRecipes, []Option{WithMaxRows(4)}},
		{"rfc_recipe", rfcRecipeTensor, nil},
		{"nulls_empties", nullsEmpties, nil},
		{"cjk", cjk, nil},
		{"multiindex", func(tb testing.TB) *structured.Tensor {
			data, m := multi(tb)
			return structured.Must(index.Encode(m, data))
		}, []Option{WithMaxRows(6)}},
		{"escaping", escaping, nil},
		{"wide_100x20", func(tb testing.TB) *structured.Tensor { return wide(tb, 100, 20) }, []Option{WithMaxColumns(6)}},
	}
}

// escaping holds markup in names and values: it must come out as text.
func escaping(tb testing.TB) *structured.Tensor {
	return fromJSON(tb, `[{"<b>name</b>": "<script>alert('x')</script>", "a&b": {"\"q\"": ["</td>", "&amp;"]}}]`)
}

func TestHTMLGolden(t *testing.T) {
	for _, c := range htmlCases() {
		t.Run(c.name, func(t *testing.T) {
			got := HTML(c.t(t), c.opts...)
			// The stylesheet opens every table; the golden files keep
			// the rest.
			body, ok := strings.CutPrefix(got, htmlStyle)
			if !ok {
				t.Errorf("the HTML does not start with the stylesheet:\n%s", got)
			}
			golden(t, c.name+".html", body)
			if strings.Contains(got, "<script>") {
				t.Errorf("unescaped markup in:\n%s", got)
			}
		})
	}
}

// TestHTMLStructure checks the table's shape without a browser: every
// row has one cell per drawn column and the header rows cover them all.
func TestHTMLStructure(t *testing.T) {
	for _, c := range htmlCases() {
		t.Run(c.name, func(t *testing.T) {
			page := HTML(c.t(t), c.opts...)
			doc := parseTable(t, page)
			for k, row := range doc.body {
				if len(row) != doc.columns {
					t.Errorf("body row %d has %d cells, the header %d columns", k, len(row), doc.columns)
				}
			}
		})
	}
}

// TestHTMLDeepValue checks that the unfolded view of a value nested 60
// levels deep stops at maxDeep levels, as cells do.
func TestHTMLDeepValue(t *testing.T) {
	out := HTML(fromJSON(t, deepJSON(60)), WithMaxDepth(1))
	pre := out[strings.Index(out, "<pre>"):strings.Index(out, "</pre>")]
	if lines := strings.Count(pre, "\n") + 1; lines > 2*maxDeep+2 {
		t.Errorf("the unfolded view has %d lines, want at most %d:\n%s", lines, 2*maxDeep+2, pre)
	}
	if !strings.Contains(pre, "{…}") {
		t.Errorf("the unfolded view does not end in {…}:\n%s", pre)
	}
}
