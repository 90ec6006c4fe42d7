package display

import "strings"

// grid is a table's text: every cell of every drawn row, aligned and
// measured, ready to draw in a Style.
type grid struct {
	tb     *table
	cells  [][]string // [leaf][row], padded to the leaf's width once pad ran
	widths []int      // per leaf, in terminal cells
	names  []string   // per leaf: the header text of its last level
}

// nestedBudget is the most cells an inline nested value may take.
func nestedBudget(o *Options) int {
	if o.MaxString <= 0 {
		return 0
	}
	return max(2*o.MaxString, 20)
}

// newGrid renders the cells of tb's drawn rows, unpadded (pad pads them
// for drawing; the layout only measures). Numbers are right-aligned with
// their decimal points in one column; text is left-aligned. A column
// rendered before with the same budget, cutoff and rows is taken from
// tb's cache: fitting a wide table to the width tries one change at a
// time, and only the changed column needs rendering again.
func newGrid(tb *table, budget int, esc func(string) string) *grid {
	g := &grid{tb: tb}
	for _, l := range tb.leaves {
		c := tb.column(l, budget, esc)
		g.cells = append(g.cells, c.col)
		g.widths = append(g.widths, c.width)
		g.names = append(g.names, c.name)
	}
	g.fitGroups(esc)
	return g
}

// rendered is a leaf column's text as newGrid measured it, and what it
// was rendered with.
type rendered struct {
	budget, cutoff, rowsGen int
	col                     []string
	name                    string
	width                   int
}

// column renders leaf l's cells (or takes them from the cache). Data
// columns are cached by their header node, index levels by level; the
// … column is not worth it.
func (tb *table) column(l *leaf, budget int, esc func(string) string) rendered {
	var slot *rendered
	switch l.kind {
	case leafData:
		if tb.cache == nil {
			tb.cache = map[*colNode]*rendered{}
		}
		c := l.anc[len(l.anc)-1]
		if tb.cache[c] == nil {
			tb.cache[c] = &rendered{}
		}
		slot = tb.cache[c]
	case leafIndex:
		for len(tb.indexCache) <= l.level {
			tb.indexCache = append(tb.indexCache, &rendered{})
		}
		slot = tb.indexCache[l.level]
	}
	if slot != nil && slot.col != nil && slot.budget == budget && slot.cutoff == tb.o.cutoff && slot.rowsGen == tb.rowsGen {
		return *slot
	}
	tb.renders++
	col := make([]string, len(tb.rows))
	for r, row := range tb.rows {
		ref := tb.ref(l, row)
		if l.kind == leafIndex && l.level < len(tb.indexLeafs)-1 && tb.sameOuter(l.level, r) {
			ref = cellRef{}
		}
		s := ref.text
		if ref.n != nil {
			s = cellText(ref.n, ref.i, &tb.o, budget)
		}
		if esc != nil {
			s = esc(s)
		}
		col[r] = s
	}
	if l.right {
		alignPoints(col)
	}
	name := label(l.name, &tb.o)
	dtype := l.dtype
	if esc != nil {
		name, dtype = esc(name), esc(dtype)
	}
	w := max(cells(name), cells(dtype))
	for _, s := range col {
		w = max(w, cells(s))
	}
	out := rendered{budget: budget, cutoff: tb.o.cutoff, rowsGen: tb.rowsGen, col: col, name: name, width: w}
	if slot != nil {
		*slot = out
	}
	return out
}

// pad pads every cell to its column's width, for drawing.
func (g *grid) pad() {
	padded := make([][]string, len(g.cells))
	for k, l := range g.tb.leaves {
		padded[k] = make([]string, len(g.cells[k]))
		for r, s := range g.cells[k] {
			padded[k][r] = pad(s, g.widths[k], l.right)
		}
	}
	g.cells = padded
}

// alignPoints pads numbers on the right so that their decimal points (or
// their ends, for integers) line up once the column is right-aligned.
func alignPoints(col []string) {
	frac := func(s string) int {
		if i := strings.IndexByte(s, '.'); i >= 0 && isNumber(s) {
			return len(s) - i
		}
		return 0
	}
	most := 0
	for _, s := range col {
		most = max(most, frac(s))
	}
	if most == 0 {
		return
	}
	for r, s := range col {
		if isNumber(s) {
			col[r] = s + strings.Repeat(" ", most-frac(s))
		}
	}
}

// isNumber reports whether s is a number's text (not null, …, NaN).
func isNumber(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	if c == '-' || c == '+' {
		if len(s) == 1 {
			return false
		}
		c = s[1]
	}
	return c >= '0' && c <= '9' || c == 'i'
}

// sepWidth is the width between two cell texts: " │ " or two spaces.
func (g *grid) sepWidth() int {
	if g.tb.o.Style == Borderless {
		return 2
	}
	return 3
}

// spanWidth is the width of leaves [a, b) drawn side by side.
func (g *grid) spanWidth(a, b int) int {
	w := 0
	for k := a; k < b; k++ {
		w += g.widths[k]
	}
	return w + (b-a-1)*g.sepWidth()
}

// fitGroups widens the last column of each group whose label is wider
// than its columns.
func (g *grid) fitGroups(esc func(string) string) {
	for level := g.tb.depth - 2; level >= 0; level-- {
		for _, sp := range g.tb.spans(level) {
			if !sp.group {
				continue
			}
			lb := label(sp.node.name, &g.tb.o)
			if esc != nil {
				lb = esc(lb)
			}
			if need := cells(lb) - g.spanWidth(sp.a, sp.b); need > 0 {
				g.widths[sp.b-1] += need
			}
		}
	}
}

// span is a run of leaves [a, b) that share one header cell at a level:
// a group (an open column) or a column's own cell.
type span struct {
	a, b  int
	group bool
	node  *colNode
}

// spans lists the header cells of a level, left to right. A column whose
// header chain ends above the level takes the level's cell as blank space
// above its name, which sits on the last level.
func (tb *table) spans(level int) []span {
	var out []span
	for k, l := range tb.leaves {
		var id *colNode
		group := level < len(l.anc)-1
		if group {
			id = l.anc[level]
		} else {
			id = l.anc[len(l.anc)-1]
		}
		if n := len(out); n > 0 && out[n-1].node == id {
			out[n-1].b = k + 1
			continue
		}
		out = append(out, span{a: k, b: k + 1, group: group, node: id})
	}
	return out
}

// width is the width of a drawn line.
func (g *grid) width() int {
	if len(g.widths) == 0 {
		return 0
	}
	w := g.spanWidth(0, len(g.widths))
	if g.tb.o.Style == Borderless {
		return w + 2
	}
	return w + 4
}
