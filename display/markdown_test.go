package display

import (
	"errors"
	"strings"
	"testing"

	_ "github.com/structframe/structframe/display/markdown" // draws the Markdown style
	"github.com/structframe/structframe/internal/pipetable"
)

// TestMarkdownTable: the Markdown style is a pipe table a renderer reads:
// one header row of dotted paths with dtypes, an alignment row, one line
// per row with as many cells, pipes inside values escaped; CJK and
// combining marks pad to one width (outside an East Asian locale).
func TestMarkdownTable(t *testing.T) {
	st := fromJSON(t, `[
		{"who": "a|b", "n": 1, "s": {"x": "東京", "y": 1}},
		{"who": "e\u0301", "n": 22, "s": {"x": "plain", "y": 2}},
		{"who": "x", "n": 333, "s": null}
	]`)
	out := Text(st, WithStyle(Markdown))
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "shape: (3, 3)") {
		t.Fatalf("first line %q", lines[0])
	}
	table := lines[1:]
	if len(table) != 5 {
		t.Fatalf("want a header, an alignment row and 3 rows:\n%s", out)
	}
	for _, want := range []string{"s.x (str)", "n (f64)", `a\|b`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	pipes := func(l string) int { return strings.Count(l, "|") - strings.Count(l, `\|`) }
	for _, l := range table {
		if pipes(l) != pipes(table[0]) {
			t.Errorf("line %q has %d cells' pipes, the header %d", l, pipes(l), pipes(table[0]))
		}
		if cells(l) != cells(table[0]) {
			t.Errorf("line %q is %d cells wide, the header %d:\n%s", l, cells(l), cells(table[0]), out)
		}
	}
}

// TestMarkdownWithoutItsPackage: in a program that has not imported
// display/markdown, a Markdown table is an error naming the import, and
// the other styles draw as before.
func TestMarkdownWithoutItsPackage(t *testing.T) {
	draw := pipetable.Draw
	pipetable.Draw = nil
	defer func() { pipetable.Draw = draw }()
	st := fromJSON(t, `[{"a": 1}]`)
	var b strings.Builder
	if err := Fprint(&b, st, WithStyle(Markdown)); !errors.Is(err, errNoMarkdown) {
		t.Fatalf("Fprint: %v, want errNoMarkdown", err)
	}
	if b.Len() != 0 {
		t.Errorf("Fprint wrote %q before its error", b.String())
	}
	const imp = `import _ "github.com/structframe/structframe/display/markdown"`
	if out := Text(st, WithStyle(Markdown)); !strings.Contains(out, imp) {
		t.Errorf("Text says %q, not how to import the style", out)
	}
	if out := Text(st, WithStyle(ASCII)); !strings.Contains(out, "+") || strings.Contains(out, "markdown") {
		t.Errorf("ASCII without display/markdown:\n%s", out)
	}
}
