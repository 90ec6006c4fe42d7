package display

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it); got:\n%s\nwant:\n%s", path, got, want)
	}
}

type textCase struct {
	name string
	t    func(testing.TB) *structured.Tensor
	opts []Option
}

// labelsEncoded is a table whose rows are labelled by a named label
// index, stored in the field "_index_" as index.Encode writes it.
func labelsEncoded(tb testing.TB) *structured.Tensor {
	city := structured.Must(structured.ValueOf([]string{"paris", "rome", "", "oslo"}))
	labels := structured.Must(index.NewLabels("city", city))
	data := fromJSON(tb, `[{"temp": 11.5, "wet": true}, {"temp": 17.25, "wet": false}, {"temp": -3, "wet": null}, {"temp": null, "wet": true}]`)
	return structured.Must(index.Encode(labels, data))
}

func textCases() []textCase {
	multiEncoded := func(tb testing.TB) *structured.Tensor {
		data, m := multi(tb)
		return structured.Must(index.Encode(m, data))
	}
	return []textCase{
		{"rfc_recipe", rfcRecipeTensor, []Option{WithWidth(100)}},
		{"rfc_recipe_expanded", rfcRecipeTensor, []Option{WithWidth(0), WithExpand(true)}},
		{"recipes_sample", sampleRecipes, []Option{WithWidth(120)}},
		{"recipes_sample_80", sampleRecipes, nil},
		{"recipes_expanded", sampleRecipes, []Option{WithWidth(120), WithExpand(true), WithMaxRows(4), WithMaxItems(3)}},
		{"people", people, nil},
		{"wide_100x20", func(tb testing.TB) *structured.Tensor { return wide(tb, 100, 20) }, nil},
		{"wide_100x20_maxcols", func(tb testing.TB) *structured.Tensor { return wide(tb, 100, 20) }, []Option{WithMaxColumns(6), WithWidth(0), WithPrecision(2)}},
		{"deep3", deep3, []Option{WithWidth(120), WithMaxString(50)}},
		{"deep3_items2", deep3, []Option{WithMaxItems(2)}},
		{"maps", maps, nil},
		{"cjk", cjk, nil},
		{"nulls_empties", nullsEmpties, []Option{WithWidth(100)}},
		{"nulls_empties_expanded", nullsEmpties, []Option{WithWidth(100), WithExpand(true)}},
		{"labels_index", labelsEncoded, nil},
		{"multiindex", multiEncoded, []Option{WithMaxRows(6)}},
		{"multiindex_all", multiEncoded, []Option{WithMaxRows(0), WithStyle(ASCII)}},
		{"anchor_box", anchor, []Option{WithWidth(100)}},
		{"anchor_ascii", anchor, []Option{WithWidth(100), WithStyle(ASCII)}},
		{"anchor_markdown", anchor, []Option{WithWidth(100), WithStyle(Markdown)}},
		{"anchor_borderless", anchor, []Option{WithWidth(100), WithStyle(Borderless)}},
		{"anchor_expanded", anchor, []Option{WithWidth(100), WithExpand(true)}},
		{"anchor_narrow", anchor, []Option{WithWidth(44)}},
		{"anchor_depth1", anchor, []Option{WithWidth(100), WithMaxDepth(1)}},
		{"anchor_no_rows", func(tb testing.TB) *structured.Tensor {
			return structured.Must(anchor(tb).Slice(0, structured.Span(0, 0)))
		}, nil},
		{"positions", func(tb testing.TB) *structured.Tensor {
			return fromJSON(tb, `[[{"name": "flour"}, {"name": "egg"}], [], [{"name": "salt"}]]`)
		}, nil},
	}
}

// TestTextGolden prints every case and compares it with its golden file;
// drawn lines must also meet: every line of a Box or ASCII table has the
// same width, within Width.
func TestTextGolden(t *testing.T) {
	for _, c := range textCases() {
		t.Run(c.name, func(t *testing.T) {
			opts := append([]Option{WithWidth(80)}, c.opts...)
			got := Text(c.t(t), opts...) + "\n"
			golden(t, c.name+".txt", got)
			o := resolve(opts)
			checkLines(t, got, o)
		})
	}
}

// checkLines checks that every line but Markdown's is at most o.Width
// cells wide (the footer's too), and that the table's lines (from the
// first border to the last) of a Box or ASCII table all have one width.
func checkLines(t *testing.T, out string, o Options) {
	t.Helper()
	if o.Style == Markdown {
		return
	}
	for _, line := range strings.Split(out, "\n") {
		if w := cells(line); o.Width > 0 && w > o.Width {
			t.Errorf("line %q is %d cells wide, over the width %d", line, w, o.Width)
		}
	}
	if o.Style != Box && o.Style != ASCII {
		return
	}
	width := -1
	for _, line := range strings.Split(out, "\n") {
		if !startsTable(line) {
			continue
		}
		w := cells(line)
		if width < 0 {
			width = w
		}
		if w != width {
			t.Errorf("line %q is %d cells wide, the table's first line %d", line, w, width)
		}
	}
	if width < 0 {
		t.Errorf("no table lines in:\n%s", out)
	}
}

func startsTable(line string) bool {
	for _, p := range []string{"┌", "│", "├", "╞", "└", "+", "|"} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// TestTextNoColumns prints a table without columns as its shape alone,
// and a nil tensor as an error.
func TestTextNoColumns(t *testing.T) {
	noFields := structured.Must(structured.FromShape(structured.Shape{3}))
	if got, want := Text(noFields), "shape: (3, 0)\n(no columns)"; got != want {
		t.Errorf("Text(no fields) = %q, want %q", got, want)
	}
	if got := HTML(noFields); !strings.Contains(got, "(no columns)") || strings.Contains(got, "<table>") {
		t.Errorf("HTML(no fields) = %q", got)
	}
	if got := Text(nil); got != "display: nil tensor" {
		t.Errorf("Text(nil) = %q", got)
	}
	if err := Fprint(io.Discard, nil); err == nil {
		t.Error("Fprint(nil) gave no error")
	}
}

// TestTextEscapesNames: a column name is data: control characters and a
// bidirectional override are escaped in the header, the group header and
// the footer, so the table keeps its lines and the terminal its colours.
func TestTextEscapesNames(t *testing.T) {
	bad := "a\nb\x1b[31m\u202e"
	row := map[string]any{bad: 1, "s": map[string]any{bad: "x"}, "pad": "a long value that pushes the table wide"}
	tt := structured.Must(structured.FromValue([]any{row}))
	for _, width := range []int{200, 30} {
		out := Text(tt, WithWidth(width))
		if strings.ContainsAny(out, "\x1b\u202e") || strings.Contains(out, "a\nb") {
			t.Errorf("width %d: a raw control character reached the table:\n%q", width, out)
		}
		if !strings.Contains(out, `a\nb\x1b[31m\u202e`) {
			t.Errorf("width %d: the escaped name is missing:\n%s", width, out)
		}
		checkLines(t, out, Options{Width: width, Style: Box})
	}
}

// TestWideNestedRendersShownColumns lays out 400 structure columns of 5
// fields: only the columns that can show are rendered, each about once
// per budget tried (not once per trial collapse of any column), and the
// table still fits and names what it hides. (About 300 and 1,000 column
// renders; without the cache over 4,000, without dropUnshowable about
// 4,800, with neither 1.7 million.)
func TestWideNestedRendersShownColumns(t *testing.T) {
	st := wideNested(t, 20, 400, 5)
	for _, o := range []Options{
		resolve([]Option{WithWidth(80), WithMaxColumns(0)}),
		resolve([]Option{WithWidth(80)}),
		resolve([]Option{WithWidth(200), WithMaxColumns(0), WithStyle(Borderless)}),
	} {
		tb, _, err := layoutText(st, o)
		if err != nil {
			t.Fatal(err)
		}
		if shown := len(tb.left) + len(tb.right); shown == 0 || tb.renders > 1500 {
			t.Errorf("width %d: %d columns rendered for %d shown", o.Width, tb.renders, shown)
		}
		out := Text(st, WithWidth(o.Width), WithMaxColumns(o.MaxColumns), WithStyle(o.Style))
		checkLines(t, out, o)
		if !strings.Contains(out, "s0") || !strings.Contains(out, "s399") || !strings.Contains(out, "400 columns") {
			t.Errorf("want the first and last columns and the count of hidden ones:\n%s", out)
		}
	}
}

// TestExpandKeepsSubRows asks for expanded mode at common widths: the
// lists of structures are kept as sub-rows while other columns give way
// (they fold back inline only when one alone is too wide).
func TestExpandKeepsSubRows(t *testing.T) {
	st := sampleRecipes(t)
	for _, width := range []int{80, 100, 120} {
		o := resolve([]Option{WithWidth(width), WithExpand(true)})
		tb, _, err := layoutText(st, o)
		if err != nil {
			t.Fatal(err)
		}
		var subs []string
		for _, k := range append(append([]int{}, tb.left...), tb.right...) {
			if tb.top[k].sub {
				subs = append(subs, tb.top[k].name)
			}
		}
		if len(subs) == 0 || subs[0] != "ingredients" {
			t.Errorf("width %d: sub-rowed columns %v, want ingredients first", width, subs)
		}
		checkLines(t, Text(st, WithWidth(width), WithExpand(true)), o)
	}
}
