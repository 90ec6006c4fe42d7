package display

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// colNode is a column of the header tree: a top-level field, or a field
// of a structure opened under a grouped header.
type colNode struct {
	name     string
	n        *node
	children []*colNode // the fields, when the column is open
	sub      bool       // open as sub-rows (expanded mode, a list of structures)
	depth    int        // header level, 1 for a top-level column
}

// rowKind tells what a drawn row holds.
type rowKind uint8

const (
	rowData   rowKind = iota // data row i
	rowGap                   // the … row standing for hidden rows
	rowSub                   // item j of the list-of-structures column owner, in row i
	rowSubGap                // … standing for hidden items of owner in row i
)

// drawRow is one row of the drawn table.
type drawRow struct {
	kind  rowKind
	i     int      // data row
	owner *colNode // sub rows: the column whose items they are
	j     int      // rowSub: the flat structure; rowSubGap: how many items are hidden
	pos   int      // rowSub: the item's position in its list
	last  bool     // rowSub: the last item shown of its list
}

// leaf is a column as drawn: a leaf of the header tree (a data column, an
// index level or the … column).
type leaf struct {
	anc   []*colNode // header chain, outermost first, ending with the column itself
	name  string
	dtype string
	kind  leafKind
	level int  // index level
	right bool // right-aligned: numbers
}

type leafKind uint8

const (
	leafData leafKind = iota
	leafIndex
	leafGap
)

// cellRef is what a cell shows: the value of n at i, or fixed text.
type cellRef struct {
	n    *node
	i    int
	text string
}

// table is a tensor laid out for drawing: which rows and columns show,
// and the header tree over them. Building it reads only the rows shown.
type table struct {
	o          Options
	nrows      int // data rows in all
	ncols      int // top-level columns in all
	idx        *rowIndex
	top        []*colNode // every top-level column
	left       []int      // top-level columns shown left of the gap
	right      []int      // top-level columns shown right of the gap
	shown      []int      // data rows shown; -1 is the … row
	leaves     []*leaf
	rows       []drawRow
	depth      int // header levels
	indexLeafs []*leaf
	rowsGen    int                    // counts the changes of rows, for the cache
	cache      map[*colNode]*rendered // data columns as last rendered
	indexCache []*rendered            // index levels as last rendered
	renders    int                    // columns rendered (not from the cache), for tests
}

// headTailRows returns the first head and the last tail rows of a rank-1
// tensor with more rows than both.
func headTailRows(t *structured.Tensor, head, tail int) (*structured.Tensor, error) {
	n := t.NumRows()
	h, err := t.Slice(0, structured.Span(0, head))
	if err != nil || tail == 0 {
		return h, err
	}
	e, err := t.Slice(0, structured.Span(n-tail, n))
	if err != nil {
		return nil, err
	}
	return structured.Concat(0, h, e)
}

// newTable lays t out with o, decoding its index unless o carries one.
func newTable(t *structured.Tensor, o Options) (*table, error) {
	if t == nil {
		return nil, fmt.Errorf("display: nil tensor")
	}
	data, idx := t, o.idx
	if idx == nil {
		switch {
		case t.Rank() == 0:
			var err error
			if data, err = t.ExpandDims(0); err != nil {
				return nil, fmt.Errorf("display: %w", err)
			}
		case t.Rank() > 1 || t.HasField(index.Field):
			d, x, err := index.Decode(t)
			if err != nil {
				return nil, fmt.Errorf("display: %w", err)
			}
			data, idx = d, x
		}
	}
	if data.Rank() != 1 {
		return nil, fmt.Errorf("display: a tensor of rank %d with an index; want rank 1", data.Rank())
	}
	if idx != nil && idx.NumRows() != data.NumRows() {
		return nil, fmt.Errorf("display: the index has %d rows, the tensor %d", idx.NumRows(), data.NumRows())
	}
	tb := &table{o: o, nrows: data.NumRows(), ncols: data.NumFields()}
	tb.idx = newRowIndex(idx, &tb.o)
	// Rows: all, or the head and tail around a … row. Only those are
	// laid out: the table is drawn from the head and tail rows alone
	// (structured slices them without reading the rest, even from a
	// tensor joined from many pieces), the index labelling them by their
	// positions in t.
	cut := o.MaxRows > 0 && tb.nrows > o.MaxRows
	head, tail := 0, 0
	if cut {
		head = (o.MaxRows + 1) / 2
		tail = o.MaxRows - head
		view, err := headTailRows(data, head, tail)
		if err != nil {
			return nil, fmt.Errorf("display: %w", err)
		}
		data = view
		tb.idx.skip(head, tb.nrows-head-tail)
	}
	for _, f := range data.Fields() {
		tb.top = append(tb.top, &colNode{name: f.Name, n: newNode(f.Name, f.Value, 1, o.Precision), depth: 1})
	}
	for _, c := range tb.top {
		tb.open(c)
	}
	if cut {
		for i := range head {
			tb.shown = append(tb.shown, i)
		}
		tb.shown = append(tb.shown, -1)
		for i := head; i < head+tail; i++ {
			tb.shown = append(tb.shown, i)
		}
	} else {
		for i := range tb.nrows {
			tb.shown = append(tb.shown, i)
		}
	}
	// Columns: two halves either side of where the … column goes if one
	// is needed (beyond MaxColumns, the first and last halves of it).
	nl, nr := (tb.ncols+1)/2, tb.ncols/2
	if o.MaxColumns > 0 && tb.ncols > o.MaxColumns {
		nl = (o.MaxColumns + 1) / 2
		nr = o.MaxColumns - nl
	}
	for k := range nl {
		tb.left = append(tb.left, k)
	}
	for k := tb.ncols - nr; k < tb.ncols; k++ {
		tb.right = append(tb.right, k)
	}
	tb.build()
	return tb, nil
}

// open opens c into its fields, as deep as MaxDepth allows: a structure
// under a grouped header, a list of structures into sub-rows when Expand.
func (tb *table) open(c *colNode) {
	if tb.o.MaxDepth > 0 && c.depth >= tb.o.MaxDepth {
		return
	}
	switch {
	// A one-field structure holding null structures (among the rows
	// shown: the table is laid out from those) stays inline: open, a null
	// structure and a structure whose field is null would both read null
	// ({a: null} and null differ inline).
	case c.n.isStruct() && len(c.n.fields) > 0 && !(len(c.n.fields) == 1 && c.n.t.NullN() > 0):
		for _, f := range c.n.fields {
			ch := &colNode{name: f.name, n: f, depth: c.depth + 1}
			c.children = append(c.children, ch)
			tb.open(ch)
		}
	case tb.o.Expand && c.n.isListOfStruct() && len(c.n.fields) > 0:
		// Its fields stay leaves: lists nested in the sub-rows are inline.
		c.sub = true
		for _, f := range c.n.fields {
			c.children = append(c.children, &colNode{name: f.name, n: f, depth: c.depth + 1})
		}
	}
}

// shownCols lists the top-level columns shown, in order: the left ones
// then the right ones.
func (tb *table) shownCols() []int {
	return append(append(make([]int, 0, len(tb.left)+len(tb.right)), tb.left...), tb.right...)
}

// expandable reports whether top-level column k is drawn as sub-rows:
// in expanded mode, the columns the width gives way to last.
func (tb *table) expandable(k int) bool { return tb.top[k].sub }

// anyExpandable reports whether a top-level column is drawn as sub-rows:
// dropMiddle then keeps it, so columns beyond it may show.
func (tb *table) anyExpandable() bool {
	for k := range tb.top {
		if tb.expandable(k) {
			return true
		}
	}
	return false
}

// hidden is the number of top-level columns not shown.
func (tb *table) hidden() int { return tb.ncols - len(tb.left) - len(tb.right) }

// build lists the drawn leaves and rows for the current open columns.
func (tb *table) build() {
	tb.leaves, tb.indexLeafs = nil, nil
	for k, name := range tb.idx.names {
		l := &leaf{anc: []*colNode{{name: name, depth: 1}}, name: name, dtype: tb.idx.dtypes[k], kind: leafIndex, level: k, right: tb.idx.right[k]}
		tb.leaves = append(tb.leaves, l)
		tb.indexLeafs = append(tb.indexLeafs, l)
	}
	var add func(c *colNode, anc []*colNode)
	add = func(c *colNode, anc []*colNode) {
		anc = append(anc[:len(anc):len(anc)], c)
		if len(c.children) == 0 {
			// A dtype is cut as a nested cell is (list[list[…] of a
			// deep list), so that a column can fit the width.
			l := &leaf{anc: anc, name: c.name, dtype: cut(nodeType(c.n), nestedBudget(&tb.o)), kind: leafData}
			l.right = c.n.leaf != nil && len(c.n.dims) == 0 && c.n.leaf.kind == kindNumber
			tb.leaves = append(tb.leaves, l)
			return
		}
		for _, ch := range c.children {
			add(ch, anc)
		}
	}
	// A … column stands for each run of hidden columns: the middle ones,
	// and in expanded mode those around a list of structures kept.
	gap := func() {
		tb.leaves = append(tb.leaves, &leaf{anc: []*colNode{{name: ellipsis, depth: 1}}, name: ellipsis, kind: leafGap})
	}
	next := 0
	for _, k := range tb.shownCols() {
		if k > next {
			gap()
		}
		add(tb.top[k], nil)
		next = k + 1
	}
	if next < tb.ncols {
		gap()
	}
	tb.depth = 1
	for _, l := range tb.leaves {
		tb.depth = max(tb.depth, len(l.anc))
	}
	// Rows, with the sub-rows of open lists of structures.
	var subs []*colNode
	var find func(c *colNode)
	find = func(c *colNode) {
		if c.sub {
			subs = append(subs, c)
			return
		}
		for _, ch := range c.children {
			find(ch)
		}
	}
	for _, k := range tb.shownCols() {
		find(tb.top[k])
	}
	old := tb.rows
	tb.rows = make([]drawRow, 0, len(old))
	for _, i := range tb.shown {
		if i < 0 {
			tb.rows = append(tb.rows, drawRow{kind: rowGap})
			continue
		}
		tb.rows = append(tb.rows, drawRow{kind: rowData, i: i})
		for _, c := range subs {
			tb.subRows(c, i)
		}
	}
	if !slices.Equal(old, tb.rows) {
		tb.rowsGen++
	}
}

// subRows adds the sub-rows of column c in data row i: its items, cut to
// MaxItems as lists are (the first ones, a … row, the last).
func (tb *table) subRows(c *colNode, i int) {
	if tb.structNullAbove(c, i) != nil {
		return
	}
	d := c.n.dims[0]
	if d.IsNull(i) {
		return
	}
	s, e := d.Bounds(i)
	n := e - s
	head, tail := headTail(n, tb.o.MaxItems)
	for p := 0; p < head; p++ {
		tb.rows = append(tb.rows, drawRow{kind: rowSub, i: i, owner: c, j: s + p, pos: p})
	}
	if hidden := n - head - tail; hidden > 0 {
		tb.rows = append(tb.rows, drawRow{kind: rowSubGap, i: i, owner: c, j: hidden})
	}
	for p := n - tail; p < n; p++ {
		tb.rows = append(tb.rows, drawRow{kind: rowSub, i: i, owner: c, j: s + p, pos: p})
	}
	if last := len(tb.rows) - 1; n > 0 && tb.rows[last].kind == rowSub {
		tb.rows[last].last = true
	}
}

// branch starts the index label of a sub-row: a tree line to its parent
// row, the last item's closing the branch (ASCII in the ASCII style).
func (tb *table) branch(last bool) string {
	switch {
	case tb.o.Style == ASCII && last:
		return "`- "
	case tb.o.Style == ASCII:
		return "|- "
	case last:
		return "└ "
	}
	return "├ "
}

// structNullAbove returns the outermost open structure above (or at) the
// end of chain whose row i is null, or nil.
func (tb *table) structNullAbove(c *colNode, i int) *colNode {
	for _, k := range tb.shownCols() {
		if a := nullOnPath(tb.top[k], c, i); a != nil {
			return a
		}
	}
	return nil
}

// nullOnPath walks from root toward target and returns the first open
// structure whose row i is null.
func nullOnPath(root, target *colNode, i int) *colNode {
	if root == target {
		return nil
	}
	if len(root.children) == 0 || root.sub {
		return nil
	}
	for _, ch := range root.children {
		if contains(ch, target) {
			if root.n.structNull(i) {
				return root
			}
			return nullOnPath(ch, target, i)
		}
	}
	return nil
}

func contains(c, target *colNode) bool {
	if c == target {
		return true
	}
	for _, ch := range c.children {
		if contains(ch, target) {
			return true
		}
	}
	return false
}

// ref is what leaf l shows in row r.
func (tb *table) ref(l *leaf, r drawRow) cellRef {
	switch l.kind {
	case leafGap:
		return cellRef{text: ellipsis}
	case leafIndex:
		switch r.kind {
		case rowGap:
			return cellRef{text: ellipsis}
		case rowSub:
			if l.level == len(tb.indexLeafs)-1 {
				return cellRef{text: tb.branch(r.last) + strconv.Itoa(r.pos)}
			}
			return cellRef{}
		case rowSubGap:
			if l.level == len(tb.indexLeafs)-1 {
				return cellRef{text: tb.branch(false) + ellipsis}
			}
			return cellRef{}
		}
		return cellRef{text: tb.idx.label(l.level, r.i)}
	}
	if r.kind == rowGap {
		return cellRef{text: ellipsis}
	}
	// An open structure that is null in this row: null in its first
	// column, blank in the others.
	for k := 0; k < len(l.anc)-1; k++ {
		a := l.anc[k]
		if a.sub {
			return tb.subRef(l, a, k, r)
		}
		if r.kind == rowData && a.n.structNull(r.i) {
			if firstLeaf(a) == l.anc[len(l.anc)-1] {
				return cellRef{text: "null"}
			}
			return cellRef{}
		}
	}
	if r.kind != rowData {
		return cellRef{}
	}
	return cellRef{n: l.anc[len(l.anc)-1].n, i: r.i}
}

// subRef is what leaf l, a field of the sub-rowed column a (at header
// level k), shows in row r: the list's size in its data row, the item's
// field in the item's sub-row.
func (tb *table) subRef(l *leaf, a *colNode, k int, r drawRow) cellRef {
	first := firstLeaf(a) == l.anc[len(l.anc)-1]
	switch r.kind {
	case rowData:
		if !first {
			return cellRef{}
		}
		d := a.n.dims[0]
		switch {
		case d.IsNull(r.i):
			return cellRef{text: "null"}
		default:
			s, e := d.Bounds(r.i)
			if e == s {
				return cellRef{text: "[]"}
			}
			if e-s == 1 {
				return cellRef{text: "[1 item]"}
			}
			return cellRef{text: "[" + strconv.Itoa(e-s) + " items]"}
		}
	case rowSub:
		if r.owner != a {
			return cellRef{}
		}
		if a.n.structNull(r.j) {
			if first {
				return cellRef{text: "null"}
			}
			return cellRef{}
		}
		return cellRef{n: l.anc[k+1].n, i: r.j}
	case rowSubGap:
		if r.owner == a && first {
			return cellRef{text: ellipsis + " +" + strconv.Itoa(r.j)}
		}
	}
	return cellRef{}
}

// firstLeaf is the leftmost leaf column under c.
func firstLeaf(c *colNode) *colNode {
	for len(c.children) > 0 {
		c = c.children[0]
	}
	return c
}

// openGroups lists the open columns, deepest first.
func (tb *table) openGroups() []*colNode {
	var out []*colNode
	var walk func(c *colNode)
	walk = func(c *colNode) {
		if len(c.children) == 0 {
			return
		}
		out = append(out, c)
		for _, ch := range c.children {
			walk(ch)
		}
	}
	for _, k := range tb.shownCols() {
		walk(tb.top[k])
	}
	// Deepest first; among equals, the rightmost.
	best := make([]*colNode, 0, len(out))
	for d := tb.depth; d >= 1; d-- {
		for k := len(out) - 1; k >= 0; k-- {
			if out[k].depth == d {
				best = append(best, out[k])
			}
		}
	}
	return best
}

// dropMiddle hides shown top-level columns nearest the middle, as many
// as it takes to win over cells (by the widths g measured), at least one;
// false when one column is left. In expanded mode the columns drawn as
// sub-rows are kept while other columns can go (the nearest the middle
// first), so that the mode asked for shows.
func (tb *table) dropMiddle(g *grid, over int) bool {
	if len(tb.left)+len(tb.right) <= 1 {
		return false
	}
	widths := map[*colNode]int{}
	for k, l := range tb.leaves {
		if l.kind == leafData {
			widths[l.anc[0]] += g.widths[k] + g.sepWidth()
		}
	}
	for over > 0 && len(tb.left)+len(tb.right) > 1 {
		// The side to drop from, and its columns nearest the middle
		// first.
		side, other := &tb.left, &tb.right
		if len(tb.left) <= len(tb.right) {
			side, other = other, side
		}
		at := tb.victim(*side, side == &tb.left)
		if at < 0 {
			if a := tb.victim(*other, other == &tb.left); a >= 0 {
				side, at = other, a
			} else if side == &tb.left {
				at = len(tb.left) - 1
			} else {
				at = 0
			}
		}
		k := (*side)[at]
		*side = slices.Delete(slices.Clone(*side), at, at+1)
		over -= widths[tb.top[k]]
	}
	return true
}

// victim is the position in cols (the left columns if left, else the
// right ones) of the column nearest the middle that is not expandable
// (any column when not expanded), or -1.
func (tb *table) victim(cols []int, left bool) int {
	for n := range cols {
		at := n
		if left {
			at = len(cols) - 1 - n
		}
		if !tb.o.Expand || !tb.expandable(cols[at]) {
			return at
		}
	}
	return -1
}

// dropUnshowable hides, before any fitting, the middle columns that no
// table within width could show: every column takes at least its name
// (or one cell) and a separator, so the left columns shown are at most
// the longest prefix whose names fit beside the index and the … column,
// the right ones likewise, and dropMiddle keeps the two sides within one
// of each other. Fitting a 400-column table to 80 cells then tries its
// collapses on the dozen columns that can show, not on all 400. It
// reports whether it hid any.
func (tb *table) dropUnshowable(width int) bool {
	sep := 3
	fixed := 4 + 1 + sep // borders and the … column
	if tb.o.Style == Borderless {
		sep, fixed = 2, 2+1+2
	}
	for _, name := range tb.idx.names {
		fixed += max(cells(label(name, &tb.o)), 1) + sep
	}
	lb := func(k int) int { return max(cells(label(tb.top[k].name, &tb.o)), 1) + sep }
	longest := func(ks []int, fromEnd bool) int {
		used := fixed
		for n := range ks {
			k := ks[n]
			if fromEnd {
				k = ks[len(ks)-1-n]
			}
			if used += lb(k); used > width {
				return n
			}
		}
		return len(ks)
	}
	p := longest(append(append([]int{}, tb.left...), tb.right...), false)
	r := longest(append(append([]int{}, tb.left...), tb.right...), true)
	a := min(len(tb.left), p, r+1)
	b := min(len(tb.right), r, p)
	if a == len(tb.left) && b == len(tb.right) {
		return false
	}
	tb.left = tb.left[:a]
	tb.right = tb.right[len(tb.right)-b:]
	tb.build()
	return true
}

// collapseOne shows one open column inline instead, the deepest whose
// inline cells make the table narrower than width (as measure says),
// among the sub-rowed columns if subs is set, the structures otherwise;
// false when none does.
func (tb *table) collapseOne(width int, subs bool, measure func() int) bool {
	for _, c := range tb.openGroups() {
		if c.sub != subs {
			continue
		}
		children, sub := c.children, c.sub
		c.children, c.sub = nil, false
		tb.build()
		if measure() < width {
			return true
		}
		c.children, c.sub = children, sub
		tb.build()
	}
	return false
}

// refill shows again hidden columns next to the … column, one side then
// the other, while fits says the table still fits (dropping the column
// nearest the middle may have hidden a narrow one for a wide one's sake);
// it reports whether it showed any.
func (tb *table) refill(fits func() bool) bool {
	any := false
	for side := 0; tb.hidden() > 0 && side < 2; {
		if m := tb.o.MaxColumns; m > 0 && len(tb.left)+len(tb.right) >= m {
			break
		}
		// The hidden column nearest the left edge, or the right one.
		left, right := tb.left, tb.right
		shown := map[int]bool{}
		for _, k := range tb.shownCols() {
			shown[k] = true
		}
		k := 0
		if side == 0 {
			for shown[k] {
				k++
			}
		} else {
			for k = tb.ncols - 1; shown[k]; k-- {
			}
		}
		if len(right) == 0 || k < right[0] {
			at, _ := slices.BinarySearch(left, k)
			tb.left = slices.Insert(slices.Clone(left), at, k)
		} else {
			at, _ := slices.BinarySearch(right, k)
			tb.right = slices.Insert(slices.Clone(right), at, k)
		}
		tb.build()
		if fits() {
			any = true
			continue
		}
		tb.left, tb.right = left, right
		tb.build()
		side++
	}
	return any
}

// sameOuter reports whether drawn row ri sits in the same group at index
// level (and every level above it) as the data row drawn before it, so
// that its label at that level is left blank, as pandas sparsifies a
// MultiIndex. After a … row labels show again.
func (tb *table) sameOuter(level, ri int) bool {
	if ri == 0 {
		return false
	}
	prev, cur := tb.rows[ri-1], tb.rows[ri]
	if prev.kind == rowGap || cur.kind != rowData {
		return false
	}
	for k := 0; k <= level; k++ {
		if tb.idx.group(k, prev.i) != tb.idx.group(k, cur.i) {
			return false
		}
	}
	return true
}
