package display

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/structframe/structframe/internal/pipetable"
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
	if o.Style == Markdown && pipetable.Draw == nil {
		return errNoMarkdown
	}
	tb, g, err := layoutText(t, o)
	if err != nil {
		return err
	}
	g.pad()
	var b bytes.Buffer
	fmt.Fprintf(&b, "shape: (%d, %d)\n", tb.nrows, tb.ncols)
	switch {
	case tb.ncols == 0:
		b.WriteString("(no columns)\n")
	case o.Style == Markdown:
		err = g.drawMarkdown(&b)
	default:
		err = g.draw(&b)
	}
	if err != nil {
		return err
	}
	if f := tb.footer(o.Width); f != "" {
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
// give way to the … column (in expanded mode, columns drawn as sub-rows
// last); then sub-rows fold back inline; a single
// column left too wide gets a smaller budget still, then fewer nesting
// levels.
func layoutText(t *structured.Tensor, o Options) (*table, *grid, error) {
	if o.Style == Markdown {
		o.Width = 0 // its one header row of dotted paths is not the box table's
	}
	tb, err := newTable(t, o)
	if err != nil {
		return nil, nil, err
	}
	var esc func(string) string
	if o.Style == Markdown {
		esc = escapeMarkdown
	}
	budget := nestedBudget(&o)
	dropped := o.Width > 0 && !tb.anyExpandable() && tb.dropUnshowable(o.Width)
	for {
		g := newGrid(tb, budget, esc)
		over := g.width() - o.Width
		if o.Width <= 0 || over <= 0 {
			if dropped && tb.refill(func() bool { return newGrid(tb, budget, esc).width() <= o.Width }) {
				g = newGrid(tb, budget, esc)
			}
			if wider := regrow(budget, nestedBudget(&o), func(b int) bool { return newGrid(tb, b, esc).width() <= o.Width }); wider > budget {
				budget, g = wider, newGrid(tb, wider, esc)
			}
			return tb, g, nil
		}
		measure := func() int { return newGrid(tb, budget, esc).width() }
		if tb.collapseOne(g.width(), false, measure) {
			continue
		}
		if floor := 20; budget == 0 || budget > floor {
			budget = max(budget-over, floor)
			continue
		}
		if tb.dropMiddle(g, over) {
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
		// Last, depth: a value nested deeper than the width holds (a
		// structure of one-field structures has no items to give up)
		// shows {…} or […] from the deepest level up, the outermost
		// level staying open.
		if c := tb.o.cutoff; c == 0 || c > 1 {
			if c == 0 {
				c = maxDeep
			}
			tb.o.cutoff = c - 1
			continue
		}
		return tb, g, nil
	}
}

// regrow returns the largest nested-cell budget in (budget, most] whose
// table still fits, or budget: once columns are settled, cells cut to
// make room take back whatever room is left (a binary search, the width
// growing with the budget).
func regrow(budget, most int, fits func(int) bool) int {
	if budget <= 0 || most <= budget {
		return budget
	}
	lo, hi := budget, most // fits(lo); find the largest fitting in (lo, hi]
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// footer says what is hidden: rows and top-level columns, naming the
// hidden columns (as many as fit). Its parts share a line when they fit
// width (0: no limit), else take a line each.
func (tb *table) footer(width int) string {
	fits := func(s string) bool { return width <= 0 || cells(s) <= width }
	var parts []string
	if shown := tb.dataRowsShown(); shown < tb.nrows {
		parts = append(parts, fmt.Sprintf("%s rows, %s shown", thousands(tb.nrows), thousands(shown)))
	}
	if h := tb.hidden(); h > 0 {
		var names []string
		shown := map[int]bool{}
		for _, k := range tb.shownCols() {
			shown[k] = true
		}
		for k := range tb.ncols {
			if !shown[k] {
				names = append(names, escapeControls(tb.top[k].name))
			}
		}
		head := fmt.Sprintf("%s columns, %s shown", thousands(tb.ncols), thousands(tb.ncols-h))
		cols := head
		for n := min(len(names), 5); n > 0; n-- {
			list := strings.Join(names[:n], ", ")
			if n < len(names) {
				list += ", " + ellipsis
			}
			if c := head + " (hidden: " + list + ")"; fits(c) {
				cols = c
				break
			}
		}
		parts = append(parts, cols)
	}
	if line := strings.Join(parts, "; "); fits(line) {
		return line
	}
	return strings.Join(parts, "\n")
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

// errNoMarkdown is Fprint's error for the Markdown style in a program
// that has not linked its drawing.
var errNoMarkdown = errors.New(`display: the Markdown style is drawn by package display/markdown; import it: import _ "github.com/structframe/structframe/display/markdown"`)

// drawMarkdown writes a GitHub pipe table through pipetable.Draw
// (package display/markdown): Markdown has one header row, so a nested
// column is named by its dotted path, with its dtype after it.
func (g *grid) drawMarkdown(w *bytes.Buffer) error {
	tb := g.tb
	t := pipetable.Table{
		Header: make([]string, len(tb.leaves)),
		Right:  make([]bool, len(tb.leaves)),
		Rows:   make([][]string, len(tb.rows)),
	}
	for k, l := range tb.leaves {
		names := make([]string, 0, len(l.anc))
		for _, a := range l.anc {
			names = append(names, a.name)
		}
		h := escapeMarkdown(escapeControls(strings.Join(names, ".")))
		if l.dtype != "" {
			h += " (" + escapeMarkdown(l.dtype) + ")"
		}
		t.Header[k], t.Right[k] = h, l.right
	}
	for ri := range tb.rows {
		row := make([]string, len(tb.leaves))
		for k := range tb.leaves {
			row[k] = g.cells[k][ri]
		}
		t.Rows[ri] = row
	}
	return pipetable.Draw(w, t)
}
