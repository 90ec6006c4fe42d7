package frame

import (
	"strings"
	"testing"

	"github.com/structframe/structframe/display"
)

// TestStringAndHTML checks that a frame prints its index and columns
// through display, and that a frame holding an error prints the error
// (escaped in HTML).
func TestStringAndHTML(t *testing.T) {
	f := FromColumns([]string{"city", "temp"}, []string{"paris", "<rome>"}, []float64{11.5, 17})
	labelled := f.SetIndex("city")
	bad := f.Filter(Col("<nope>").Gt(Lit(1)))
	for _, c := range []struct {
		name, got string
		want      []string
	}{
		{"String", labelled.String(), []string{"shape: (2, 1)", "│ city", "paris", "<rome>", "11.5", "17.0"}},
		{"Text", labelled.Text(display.WithStyle(display.ASCII)), []string{"+===", "| paris"}},
		{"HTML", labelled.HTML(), []string{"<th>city</th>", "<th>paris</th>", "&lt;rome&gt;", `<td class="sf-num">11.5</td>`}},
		{"HTMLWith", f.HTMLWith(display.WithMaxRows(1)), []string{"2 rows, 1 shown"}},
		{"SchemaTree", f.SchemaTree(), []string{"├── city: string", "└── temp: float64"}},
		{"error String", bad.String(), []string{"frame error:", `"<nope>" not found`}},
		{"error HTML", bad.HTML(), []string{"<pre>frame error:", "&#34;&lt;nope&gt;&#34; not found"}},
		{"error SchemaTree", bad.SchemaTree(), []string{"frame error:"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.got, w) {
				t.Errorf("%s lacks %q:\n%s", c.name, w, c.got)
			}
		}
	}
	if got := bad.HTML(); strings.Contains(got, "<nope>") {
		t.Errorf("HTML of an error left markup unescaped: %s", got)
	}
}
