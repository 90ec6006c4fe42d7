package display

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/structframe/structframe/structured"
)

// Text renders t as a table for a terminal: a shape line, a header with
// column names and short dtypes (nested structures under grouped headers),
// the index column(s), the rows (head and tail around a … row when there
// are more than MaxRows) and a footer saying what is hidden.
//
// t is a rank-1 tensor whose rows are the table's rows. Its row labels
// are, in this order: the index given by WithIndex (t then holds only
// data; this is how a frame prints); else the field "_index_" decoded by
// index.Decode (a leaf or a one-field structure for a label index; the
// nested "_index_"/"_rows_" form index.Encode writes, or a multi-field
// "_index_" structure, for a MultiIndex, whose levels become one index
// column each, repeated outer labels left blank); else row numbers. A
// tensor of rank L >= 2 is shown as its rows under a MultiIndex of
// positions (index.Decode's reading); a rank-0 tensor as one row.
//
// Printing reads only the rows it shows (and, for a MultiIndex decoded
// from "_index_", what index.Decode reads): a 10-million-row tensor
// prints as fast as a 10-row one. A tensor Text cannot show gives the
// error's text.
func Text(t *structured.Tensor, opts ...Option) string {
	var b strings.Builder
	if err := Fprint(&b, t, opts...); err != nil {
		return err.Error()
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Fprint writes Text's table to w, ending with a newline.
func Fprint(w io.Writer, t *structured.Tensor, opts ...Option) error {
	o := resolve(opts)
	tb, g, err := layoutText(t, o)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "shape: (%d, %d)\n", tb.nrows, tb.ncols)
	if o.Style == Markdown {
		err = g.drawMarkdown(&b)
	} else {
		err = g.draw(&b)
	}
	if err != nil {
		return err
	}
	if f := tb.footer(); f != "" {
		b.WriteString(f)
		b.WriteByte('\n')
	}
	out := b.Bytes()
	if o.Style == Borderless {
		out = trimLines(out)
	}
	_, err = w.Write(out)
	return err
}

// layoutText lays t out and fits it to o.Width: first nested headers
// collapse to inline cells, deepest first, where that makes the table
// narrower (sub-rows of expanded mode last of all); then inline nested
// cells get a smaller budget (down to MaxString+10); then middle columns
// give way to the … column; then sub-rows fold back inline; a single
// column left too wide gets a smaller budget still.
func layoutText(t *structured.Tensor, o Options) (*table, *grid, error) {
	tb, err := newTable(t, o)
	if err != nil {
		return nil, nil, err
	}
	var esc func(string) string
	if o.Style == Markdown {
		esc = escapeMarkdown
	}
	budget := nestedBudget(&o)
	dropped := false
	for {
		g := newGrid(tb, budget, esc)
		over := g.width() - o.Width
		if o.Width <= 0 || over <= 0 {
			if dropped && tb.refill(func() bool { return newGrid(tb, budget, esc).width() <= o.Width }) {
				g = newGrid(tb, budget, esc)
			}
			return tb, g, nil
		}
		measure := func() int { return newGrid(tb, budget, esc).width() }
		if tb.collapseOne(g.width(), false, measure) {
			continue
		}
		if floor := max(o.MaxString, 16) + 10; budget == 0 || budget > floor {
			budget = max(budget-over, floor)
			continue
		}
		if tb.dropMiddle() {
			tb.build()
			dropped = true
			continue
		}
		if tb.collapseOne(g.width(), true, measure) {
			continue
		}
		if nb := max(budget-over, 8); nb < budget {
			budget = nb
			continue
		}
		return tb, g, nil
	}
}

// footer says what is hidden: rows and top-level columns, naming the
// hidden columns.
func (tb *table) footer() string {
	var parts []string
	if shown := tb.dataRowsShown(); shown < tb.nrows {
		parts = append(parts, fmt.Sprintf("%s rows, %s shown", thousands(tb.nrows), thousands(shown)))
	}
	if h := tb.hidden(); h > 0 {
		names := make([]string, 0, 6)
		for k := len(tb.left); k < tb.ncols-len(tb.right); k++ {
			if len(names) == 5 {
				names = append(names, ellipsis)
				break
			}
			names = append(names, tb.top[k].name)
		}
		parts = append(parts, fmt.Sprintf("%s columns, %s shown (hidden: %s)", thousands(tb.ncols), thousands(tb.ncols-h), strings.Join(names, ", ")))
	}
	return strings.Join(parts, "; ")
}

func (tb *table) dataRowsShown() int {
	n := 0
	for _, i := range tb.shown {
		if i >= 0 {
			n++
		}
	}
	return n
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	lead := len(s) % 3
	if lead > 0 {
		b.WriteString(s[:lead])
	}
	for k := lead; k < len(s); k += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[k : k+3])
	}
	return b.String()
}

// escapeMarkdown keeps a pipe inside a Markdown cell.
func escapeMarkdown(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// trimLines drops trailing spaces of every line (Borderless pads its last
// column).
func trimLines(b []byte) []byte {
	lines := bytes.Split(b, []byte("\n"))
	for k, l := range lines {
		lines[k] = bytes.TrimRight(l, " ")
	}
	return bytes.Join(lines, []byte("\n"))
}

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
	if L == 0 {
		w.WriteString("(no columns)\n")
		return nil
	}
	borderless := tb.o.Style == Borderless
	gl := styleGlyphs(tb.o.Style)
	// boundary reports whether a vertical line runs between leaves b-1
	// and b at header level r (borders always do).
	spansAt := make([][]span, tb.depth)
	for r := range tb.depth {
		spansAt[r] = g.spans(r)
	}
	boundary := func(r, b int) bool {
		if b == 0 || b == L || r < 0 {
			return true
		}
		for _, sp := range spansAt[r] {
			if sp.a == b {
				return true
			}
		}
		return false
	}
	// seg reports whether level r draws a rule under leaf k (it is a
	// group's label there).
	seg := func(r, k int) bool { return r < len(tb.leaves[k].anc)-1 }
	rule := func(r int) {
		// The line under level r (r = -1: the top border).
		var b strings.Builder
		for k := 0; k <= L; k++ {
			left := k > 0 && (r < 0 || seg(r, k-1))
			right := k < L && (r < 0 || seg(r, k))
			up := r >= 0 && boundary(r, k)
			down := boundary(r+1, k)
			b.WriteString(gl.join(up, down, left, right))
			if k < L {
				fill := " "
				if right {
					fill = gl.h
				}
				b.WriteString(strings.Repeat(fill, g.widths[k]+2))
			}
		}
		w.WriteString(b.String())
		w.WriteByte('\n')
	}
	textLine := func(cellsOf func(sp span) string, r int) {
		var b strings.Builder
		if !borderless {
			b.WriteString(gl.v)
		}
		for _, sp := range spansAt[r] {
			b.WriteString(" ")
			b.WriteString(cellsOf(sp))
			b.WriteString(" ")
			if !borderless {
				b.WriteString(gl.v)
			}
		}
		w.WriteString(b.String())
		w.WriteByte('\n')
	}
	if !borderless {
		rule(-1)
	}
	last := tb.depth - 1
	for r := 0; r <= last; r++ {
		textLine(func(sp span) string {
			wd := g.spanWidth(sp.a, sp.b)
			switch {
			case sp.group:
				return center(cut(sp.node.name, max(tb.o.MaxString, 0)), wd)
			case r == last:
				return pad(g.names[sp.a], wd, tb.leaves[sp.a].right)
			}
			return strings.Repeat(" ", wd)
		}, r)
		if r < last {
			if borderless {
				g.borderlessRule(w, spansAt[r])
			} else {
				rule(r)
			}
		}
	}
	textLine(func(sp span) string { return pad(tb.leaves[sp.a].dtype, g.widths[sp.a], tb.leaves[sp.a].right) }, last)
	if !borderless {
		var b strings.Builder
		for k := 0; k <= L; k++ {
			b.WriteString(gl.headRule(k, k == L))
			if k < L {
				b.WriteString(strings.Repeat(gl.hh, g.widths[k]+2))
			}
		}
		w.WriteString(b.String())
		w.WriteByte('\n')
	}
	for ri := range tb.rows {
		var b strings.Builder
		if !borderless {
			b.WriteString(gl.v)
		}
		for k := range tb.leaves {
			b.WriteString(" ")
			b.WriteString(g.cells[k][ri])
			b.WriteString(" ")
			if !borderless {
				b.WriteString(gl.v)
			}
		}
		w.WriteString(b.String())
		w.WriteByte('\n')
	}
	if !borderless {
		var b strings.Builder
		for k := 0; k <= L; k++ {
			b.WriteString(gl.join(true, false, k > 0, k < L))
			if k < L {
				b.WriteString(strings.Repeat(gl.h, g.widths[k]+2))
			}
		}
		w.WriteString(b.String())
		w.WriteByte('\n')
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

// newWriter returns a tablewriter.Table that writes cells as they are:
// no header formatting, trimming or wrapping, since the cells come
// aligned and cut to their widths.
func newWriter(w io.Writer, r tw.Renderer, aligns []tw.Align) *tablewriter.Table {
	return tablewriter.NewTable(w,
		tablewriter.WithRenderer(r),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithTrimSpace(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
	)
}

func (g *grid) aligns() []tw.Align {
	out := make([]tw.Align, len(g.tb.leaves))
	for k, l := range g.tb.leaves {
		out[k] = tw.AlignLeft
		if l.right {
			out[k] = tw.AlignRight
		}
	}
	return out
}

// drawMarkdown writes a GitHub pipe table through tablewriter's Markdown
// renderer: Markdown has one header row, so a nested column is named by
// its dotted path, with its dtype after it.
func (g *grid) drawMarkdown(w *bytes.Buffer) error {
	tb := g.tb
	header := make([]string, len(tb.leaves))
	for k, l := range tb.leaves {
		names := make([]string, 0, len(l.anc))
		for _, a := range l.anc {
			names = append(names, a.name)
		}
		h := escapeMarkdown(strings.Join(names, "."))
		if l.dtype != "" {
			h += " (" + escapeMarkdown(l.dtype) + ")"
		}
		header[k] = h
	}
	t := newWriter(w, renderer.NewMarkdown(), g.aligns())
	t.Header(header)
	for ri := range tb.rows {
		row := make([]string, len(tb.leaves)) // tablewriter keeps the slice
		for k := range tb.leaves {
			row[k] = g.cells[k][ri]
		}
		if err := t.Append(row); err != nil {
			return fmt.Errorf("display: %w", err)
		}
	}
	if err := t.Render(); err != nil {
		return fmt.Errorf("display: %w", err)
	}
	return nil
}
