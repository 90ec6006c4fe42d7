package display

import (
	"strconv"
	"strings"
	"unicode"
)

// cellWriter renders one value inline, as it reads in a cell: lists as
// [a, b, … +3, z], structures as {name: value, …}, maps as {"key": value},
// strings quoted, nulls as null, so that null, [], {} and "" differ.
// Lists and maps show at most k items (the first ones, then … with the
// count hidden, then the last), structures at most k+2 fields, k being
// the limit of their nesting level; every cut closes its brackets.
type cellWriter struct {
	b       strings.Builder
	ks      [maxDeep + 1]int // items per list at each nesting level
	str     int              // cells per string; <= 0 for no limit
	deep    int              // dimensions and structures opened so far
	reached int              // the deepest level opened
	cutoff  int              // levels opened at most: deeper values show as […] or {…}
}

// all is "no limit" for a level's items.
const all = 1 << 30

func (w *cellWriter) k() int { return w.ks[w.deep] }

// open enters one nesting level.
func (w *cellWriter) open() {
	w.deep++
	w.reached = max(w.reached, w.deep)
}

// shrink lowers one level's limit so the next rendering is shorter:
// inner levels first down to one item, then outer ones; then each inner
// level to none (a structure then shows its first field), inner first.
// It reports false when nothing is left to lower.
func (w *cellWriter) shrink() bool {
	for d := w.reached; d >= 0; d-- {
		if w.ks[d] > 1 {
			if w.ks[d] > 8 {
				w.ks[d] = 8
			} else {
				w.ks[d]--
			}
			return true
		}
	}
	for d := w.reached; d >= 1; d-- {
		if w.ks[d] > 0 {
			w.ks[d] = 0
			return true
		}
	}
	// The outermost level keeps its first item: a cell of [… +2] says
	// nothing, so a cell may rather be wider than its budget.
	return false
}

// maxDeep stops runaway nesting in a cell: deeper values show as […] or
// {…}. A table too wide otherwise lowers it (Options.cutoff).
const maxDeep = 16

// value writes the value of n at its dimension level, position i.
func (w *cellWriter) value(n *node, level, i int) {
	if level < len(n.dims) {
		d := n.dims[level]
		if d.IsNull(i) {
			w.b.WriteString("null")
			return
		}
		s, e := d.Bounds(i)
		if n.isMap && level == len(n.dims)-1 {
			w.seq('{', '}', s, e, func(j int) { w.entry(n, j) })
			return
		}
		w.seq('[', ']', s, e, func(j int) { w.value(n, level+1, j) })
		return
	}
	if n.leaf != nil {
		if n.leaf.null(i) {
			w.b.WriteString("null")
			return
		}
		txt := n.leaf.text(i)
		if n.leaf.kind == kindText {
			w.b.WriteString(strconv.Quote(cut(txt, w.str)))
			return
		}
		w.b.WriteString(txt)
		return
	}
	if n.t.IsNull(i) {
		w.b.WriteString("null")
		return
	}
	if w.deep >= w.cutoff {
		w.b.WriteString("{…}")
		return
	}
	k := w.k()
	w.open()
	defer func() { w.deep-- }()
	w.b.WriteByte('{')
	shown := len(n.fields)
	if shown > k+2 || (k == 0 && shown > 1) {
		shown = k + 1
	}
	for f := 0; f < shown; f++ {
		if f > 0 {
			w.b.WriteString(", ")
		}
		w.b.WriteString(fieldName(n.fields[f].name))
		w.b.WriteString(": ")
		w.value(n.fields[f], 0, i)
	}
	if hidden := len(n.fields) - shown; hidden > 0 {
		if shown > 0 {
			w.b.WriteString(", ")
		}
		w.b.WriteString(ellipsis + " +" + strconv.Itoa(hidden))
	}
	w.b.WriteByte('}')
}

// entry writes map entry j as key: value.
func (w *cellWriter) entry(n *node, j int) {
	w.value(n.fields[0], 0, j)
	w.b.WriteString(": ")
	w.value(n.fields[1], 0, j)
}

// seq writes items [s, e) between open and close, cut to the first
// max(k-1, 1) and the last one around … +hidden.
func (w *cellWriter) seq(open, close byte, s, e int, item func(j int)) {
	if w.deep >= w.cutoff {
		w.b.WriteByte(open)
		w.b.WriteString(ellipsis)
		w.b.WriteByte(close)
		return
	}
	k := w.k()
	w.open()
	defer func() { w.deep-- }()
	w.b.WriteByte(open)
	n := e - s
	head, tail := headTail(n, k)
	for j := 0; j < head; j++ {
		if j > 0 {
			w.b.WriteString(", ")
		}
		item(s + j)
	}
	if hidden := n - head - tail; hidden > 0 {
		if head > 0 {
			w.b.WriteString(", ")
		}
		w.b.WriteString(ellipsis + " +" + strconv.Itoa(hidden))
	}
	for j := e - tail; j < e; j++ {
		w.b.WriteString(", ")
		item(j)
	}
	w.b.WriteByte(close)
}

// fieldName is a structure's field name as a cell shows it: bare when it
// is an identifier, quoted otherwise.
func fieldName(name string) string {
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return strconv.Quote(name)
		}
	}
	if name == "" {
		return `""`
	}
	return name
}

// cellText renders the value of n at row i for a cell of at most budget
// cells (0: no limit). A scalar is its item: strings unquoted (but "" for
// the empty string, and control characters escaped) and cut to MaxString
// or the budget, whichever is less.
// A nested value is rendered inline with MaxItems items per list, then
// with fewer until it fits the budget, inner lists giving way first so
// that the outer shape stays readable; a value that does not fit even as
// [… +n] is shown so, still closing its brackets.
func cellText(n *node, i int, o *Options, budget int) string {
	if len(n.dims) == 0 && n.leaf != nil {
		if n.leaf.null(i) {
			return "null"
		}
		txt := n.leaf.text(i)
		if n.leaf.kind == kindText {
			if txt == "" {
				return `""`
			}
			lim := o.MaxString
			if budget > 0 && (lim <= 0 || budget < lim) {
				lim = budget // a column cut to fit the width
			}
			txt = cut(escapeControls(txt), lim)
		}
		return txt
	}
	w := cellWriter{str: o.MaxString, cutoff: maxDeep}
	if o.cutoff > 0 {
		w.cutoff = o.cutoff
	}
	if budget > 0 {
		// Strings inside a value share its budget with their neighbours.
		w.str = max(min(w.str, budget/3), 10)
		if o.MaxString <= 0 {
			w.str = max(budget/3, 10)
		}
	}
	k := o.MaxItems
	if k < 0 {
		k = all
	}
	for d := range w.ks {
		w.ks[d] = k
	}
	for {
		w.b.Reset()
		w.deep, w.reached = 0, 0
		w.value(n, 0, i)
		s := w.b.String()
		if budget <= 0 || cells(s) <= budget || !w.shrink() {
			return s
		}
	}
}

// escapeControls writes control characters (newlines, tabs) as Go escapes
// so that a cell stays on one line.
func escapeControls(s string) string {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && !unicode.IsPrint(r) && r != 0x200d) { // 0x200d joins emoji
			q := strconv.Quote(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}

// label is a column or group name as a header shows it: control and
// bidirectional-override characters escaped (a name is data too), cut to
// MaxString cells.
func label(name string, o *Options) string {
	return cut(escapeControls(name), max(o.MaxString, 0))
}

// headTail is how many of n items a cut to k shows at the head and at the
// tail: all when they fit; else the first k-1 and the last (the first
// one alone for k = 1, none for k = 0), the rest counted as hidden.
func headTail(n, k int) (head, tail int) {
	switch {
	case k < 0 || n <= k:
		return n, 0
	case k == 0:
		return 0, 0
	case k == 1:
		return 1, 0
	}
	return k - 1, 1
}
