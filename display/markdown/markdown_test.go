package markdown

import (
	"strings"
	"testing"

	"github.com/structframe/structframe/internal/pipetable"
)

// TestDraw: importing the package sets pipetable.Draw, which writes a
// pipe table with the alignment row saying which columns are right-aligned
// and the cells as they come (spaces and escapes kept).
func TestDraw(t *testing.T) {
	if pipetable.Draw == nil {
		t.Fatal("pipetable.Draw is not set by the package's init")
	}
	var b strings.Builder
	err := pipetable.Draw(&b, pipetable.Table{
		Header: []string{"name (str)", "n (i64)"},
		Right:  []bool{false, true},
		Rows:   [][]string{{`a\|b`, "  1"}, {"東京", "333"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("want a header, an alignment row and 2 rows:\n%s", b.String())
	}
	want := []string{"name (str)", "n (i64)", `a\|b`, "  1", "東京", "333"}
	for _, w := range want {
		if !strings.Contains(b.String(), w) {
			t.Errorf("no %q in:\n%s", w, b.String())
		}
	}
	align := strings.ReplaceAll(lines[1], " ", "")
	if cells := strings.Split(strings.Trim(align, "|"), "|"); len(cells) != 2 ||
		strings.HasSuffix(cells[0], ":") || !strings.HasSuffix(cells[1], ":") {
		t.Errorf("alignment row %q: want the first column left, the second right", lines[1])
	}
}
