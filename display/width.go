package display

import (
	"strconv"
	"strings"

	"github.com/clipperhouse/displaywidth"
)

// fallbackWidth is the line width when no terminal says otherwise.
const fallbackWidth = 80

// ellipsis marks every cut: of rows, columns, items and strings.
const ellipsis = "…"

// cells is the width of s in terminal cells: East Asian wide characters
// take two, combining marks and zero-width joiners none, an emoji sequence
// two (grapheme clusters, as the displaywidth package measures them, the
// library tablewriter measures with too).
func cells(s string) int { return displaywidth.String(s) }

// cut shortens s to at most max cells, ending in … when it was cut. It
// cuts between grapheme clusters, so no combining mark loses its base.
func cut(s string, max int) string {
	if max <= 0 || cells(s) <= max {
		return s
	}
	return displaywidth.TruncateString(s, max, ellipsis)
}

// pad fills s with spaces to w cells, on the left when right is set.
func pad(s string, w int, right bool) string {
	n := w - cells(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}

// center places s in the middle of w cells (the extra space on the right).
func center(s string, w int) string {
	n := w - cells(s)
	if n <= 0 {
		return s
	}
	return strings.Repeat(" ", n/2) + s + strings.Repeat(" ", n-n/2)
}

func itoa(n int) string { return strconv.Itoa(n) }
