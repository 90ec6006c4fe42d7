package display

import (
	"bytes"
	"strings"
)

// glyphs are the line characters of a style.
type glyphs struct {
	h, v, hh string // horizontal, vertical, and the header rule's horizontal
	join     func(up, down, left, right bool) string
	headRule func(b int, last bool) string // junctions of the rule under the header
}

var boxJoins = map[[4]bool]string{
	{true, true, true, true}: "┼", {true, true, true, false}: "┤", {true, true, false, true}: "├",
	{true, true, false, false}: "│", {false, false, true, true}: "─", {false, true, true, true}: "┬",
	{true, false, true, true}: "┴", {false, true, false, true}: "┌", {false, true, true, false}: "┐",
	{true, false, false, true}: "└", {true, false, true, false}: "┘", {true, false, false, false}: "│",
	{false, true, false, false}: "│", {false, false, true, false}: "─", {false, false, false, true}: "─",
}

func styleGlyphs(s Style) glyphs {
	if s == ASCII {
		return glyphs{h: "-", v: "|", hh: "=",
			join: func(up, down, left, right bool) string {
				switch {
				case (up || down) && (left || right):
					return "+"
				case up || down:
					return "|"
				case left || right:
					return "-"
				}
				return " "
			},
			headRule: func(int, bool) string { return "+" },
		}
	}
	return glyphs{h: "─", v: "│", hh: "═",
		join: func(up, down, left, right bool) string {
			if g, ok := boxJoins[[4]bool{up, down, left, right}]; ok {
				return g
			}
			return " "
		},
		headRule: func(b int, last bool) string {
			switch {
			case b == 0:
				return "╞"
			case last:
				return "╡"
			}
			return "╪"
		},
	}
}

// painter writes the lines of one grid in one style.
type painter struct {
	g          *grid
	w          *bytes.Buffer
	gl         glyphs
	borderless bool
}

// rule writes a horizontal line: junction k before column k (and after
// the last), and column k filled with fill(k) (a line or blanks).
func (p *painter) rule(junction func(k int) string, fill func(k int) string) {
	var b strings.Builder
	L := len(p.g.widths)
	for k := 0; k <= L; k++ {
		b.WriteString(junction(k))
		if k < L {
			b.WriteString(strings.Repeat(fill(k), p.g.widths[k]+2))
		}
	}
	p.w.WriteString(b.String())
	p.w.WriteByte('\n')
}

// text writes a line of cells, each already padded to its span's width,
// between vertical lines (none when borderless).
func (p *painter) text(cells []string) {
	var b strings.Builder
	if !p.borderless {
		b.WriteString(p.gl.v)
	}
	for _, c := range cells {
		b.WriteString(" ")
		b.WriteString(c)
		b.WriteString(" ")
		if !p.borderless {
			b.WriteString(p.gl.v)
		}
	}
	p.w.WriteString(b.String())
	p.w.WriteByte('\n')
}

// draw writes the table in Box, ASCII or Borderless.
//
// These are drawn here, not by tablewriter, for two reasons. The
// multi-level header: tablewriter's header is a single logical row (a
// grouped header would be faked as a body row, with no rule under it and
// the body's alignment), its horizontal merges join any equal
// neighbouring texts (blank cells above two flat columns would merge),
// its top border loses the ┬ after a merged span that is not last
// (v1.1.5), and it has no rule under a group spanning only some columns.
// And widths: tablewriter (pkg/twwidth) measures a string rune by rune,
// not by grapheme cluster, so an emoji sequence (👩‍💻) or a flag counts
// 4 cells where terminals draw 2 and the body's lines would miss the
// header's; and it switches ambiguous characters (…, box lines) to two
// cells when the locale is East Asian, so the same table would print
// differently from one machine to the next. Here every width is the
// grapheme-cluster width of displaywidth with fixed options, so output is
// deterministic (golden files) and lines meet. tablewriter draws the
// Markdown table, where pipes delimit cells and padding is cosmetic.
func (g *grid) draw(w *bytes.Buffer) error {
	tb := g.tb
	L := len(tb.leaves)
	p := &painter{g: g, w: w, gl: styleGlyphs(tb.o.Style), borderless: tb.o.Style == Borderless}
	spansAt := make([][]span, tb.depth)
	for r := range tb.depth {
		spansAt[r] = tb.spans(r)
	}
	// boundary reports whether a vertical line runs between leaves b-1
	// and b at header level r (borders always do).
	boundary := func(r, b int) bool {
		if b == 0 || b == L {
			return true
		}
		for _, sp := range spansAt[r] {
			if sp.a == b {
				return true
			}
		}
		return false
	}
	// under reports whether level r (-1: the top border) draws a line
	// over leaf k: the top border does, and a group's label does.
	under := func(r, k int) bool { return r < 0 || r < len(tb.leaves[k].anc)-1 }
	rule := func(r int) {
		p.rule(func(k int) string {
			left := k > 0 && under(r, k-1)
			right := k < L && under(r, k)
			return p.gl.join(r >= 0 && boundary(r, k), boundary(r+1, k), left, right)
		}, func(k int) string {
			if under(r, k) {
				return p.gl.h
			}
			return " "
		})
	}
	if !p.borderless {
		rule(-1)
	}
	last := tb.depth - 1
	for r := 0; r <= last; r++ {
		texts := make([]string, 0, len(spansAt[r]))
		for _, sp := range spansAt[r] {
			wd := g.spanWidth(sp.a, sp.b)
			switch {
			case sp.group:
				texts = append(texts, center(label(sp.node.name, &tb.o), wd))
			case r == last:
				texts = append(texts, pad(g.names[sp.a], wd, tb.leaves[sp.a].right))
			default:
				texts = append(texts, strings.Repeat(" ", wd))
			}
		}
		p.text(texts)
		switch {
		case r == last:
		case p.borderless:
			g.borderlessRule(w, spansAt[r])
		default:
			rule(r)
		}
	}
	texts := make([]string, L)
	for k, l := range tb.leaves {
		texts[k] = pad(l.dtype, g.widths[k], l.right)
	}
	p.text(texts)
	if !p.borderless {
		p.rule(func(k int) string { return p.gl.headRule(k, k == L) }, func(int) string { return p.gl.hh })
	}
	for ri := range tb.rows {
		for k := range tb.leaves {
			texts[k] = g.cells[k][ri]
		}
		p.text(texts)
	}
	if !p.borderless {
		p.rule(func(k int) string { return p.gl.join(true, false, k > 0, k < L) }, func(int) string { return p.gl.h })
	}
	return nil
}

// borderlessRule underlines the group labels of a level.
func (g *grid) borderlessRule(w *bytes.Buffer, spans []span) {
	var b strings.Builder
	for _, sp := range spans {
		wd := g.spanWidth(sp.a, sp.b)
		b.WriteString(" ")
		if sp.group {
			b.WriteString(strings.Repeat("─", wd))
		} else {
			b.WriteString(strings.Repeat(" ", wd))
		}
		b.WriteString(" ")
	}
	w.WriteString(b.String())
	w.WriteByte('\n')
}
