package display

import (
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// parsedTable is an HTML table read back: its number of columns (from
// the header's spans) and the text of every body cell.
type parsedTable struct {
	columns int
	header  [][]string
	body    [][]string
}

// parseTable reads the first table of page, checking that its header
// rows (with colspan and rowspan) tile a rectangle.
func parseTable(t *testing.T, page string) parsedTable {
	t.Helper()
	root, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var table *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		if table != nil {
			return
		}
		if n.Type == html.ElementNode && n.Data == "table" {
			table = n
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			find(c)
		}
	}
	find(root)
	if table == nil {
		t.Fatalf("no table in:\n%s", page)
	}
	var out parsedTable
	var rows []*html.Node
	var section []string
	var walk func(n *html.Node, sec string)
	walk = func(n *html.Node, sec string) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch c.Data {
			case "thead", "tbody":
				walk(c, c.Data)
			case "tr":
				rows = append(rows, c)
				section = append(section, sec)
			}
		}
	}
	walk(table, "")
	// Lay the header out on a grid to count its columns.
	occupied := map[[2]int]bool{}
	hr := 0
	for k, tr := range rows {
		var cells []string
		col := 0
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || (c.Data != "td" && c.Data != "th") {
				continue
			}
			text := textOf(c)
			cells = append(cells, text)
			if section[k] != "thead" {
				continue
			}
			for occupied[[2]int{hr, col}] {
				col++
			}
			cs, rs := attrInt(c, "colspan"), attrInt(c, "rowspan")
			for dr := range rs {
				for dc := range cs {
					if occupied[[2]int{hr + dr, col + dc}] {
						t.Errorf("header cell %q overlaps another at row %d column %d", text, hr+dr, col+dc)
					}
					occupied[[2]int{hr + dr, col + dc}] = true
				}
			}
			col += cs
		}
		if section[k] == "thead" {
			width := 0
			for occupied[[2]int{hr, width}] {
				width++
			}
			if hr == 0 {
				out.columns = width
			} else if width != out.columns {
				t.Errorf("header row %d covers %d columns, row 0 %d", hr, width, out.columns)
			}
			out.header = append(out.header, cells)
			hr++
			continue
		}
		out.body = append(out.body, cells)
	}
	return out
}

func attrInt(n *html.Node, name string) int {
	for _, a := range n.Attr {
		if a.Key == name {
			if v, err := strconv.Atoi(a.Val); err == nil && v > 0 {
				return v
			}
		}
	}
	return 1
}

// textOf is a cell's visible text when its details are closed: the
// summary of a <details>, all text otherwise.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "details" {
				for s := c.FirstChild; s != nil; s = s.NextSibling {
					if s.Type == html.ElementNode && s.Data == "summary" {
						walk(s)
					}
				}
				continue
			}
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}
