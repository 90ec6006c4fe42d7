package display

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// markdownSample holds what widths disagree on: an emoji sequence (one
// grapheme, two cells, four runes' worth to a rune-by-rune count), CJK
// text and cuts ending in … (two cells under an East Asian locale).
func markdownSample(tb testing.TB) string {
	st := fromJSON(tb, `[
		{"who": "👩‍💻 dev", "n": 1, "note": "a long note that is surely cut by MaxString"},
		{"who": "東京", "n": 22, "note": "b"},
		{"who": "x", "n": 333, "note": "e\u0301"}
	]`)
	return Text(st, WithStyle(Markdown), WithMaxString(20))
}

// TestMarkdownAligned checks that every line of a Markdown table is as
// wide as the others, by the grapheme-cluster widths terminals draw.
func TestMarkdownAligned(t *testing.T) {
	out := markdownSample(t)
	lines := strings.Split(out, "\n")[1:] // after the shape line
	for _, l := range lines {
		if cells(l) != cells(lines[0]) {
			t.Errorf("line %q is %d cells wide, the header %d:\n%s", l, cells(l), cells(lines[0]), out)
		}
	}
}

// TestMarkdownIgnoresLocale prints the table again in a process whose
// locale is East Asian: the output must not change.
func TestMarkdownIgnoresLocale(t *testing.T) {
	if os.Getenv("SF_MARKDOWN_CHILD") == "1" {
		os.Stdout.WriteString(markdownSample(t) + "\n") // the test framework writes PASS after it
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMarkdownIgnoresLocale$")
	cmd.Env = append(os.Environ(), "SF_MARKDOWN_CHILD=1", "LANG=ja_JP.UTF-8", "LC_ALL=ja_JP.UTF-8", "RUNEWIDTH_EASTASIAN=1")
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v", err)
	}
	want := markdownSample(t)
	if !strings.HasPrefix(string(got), want+"\n") {
		t.Errorf("East Asian locale:\n%s\nwant:\n%s", got, want)
	}
}
