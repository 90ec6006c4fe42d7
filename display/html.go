package display

import (
	"html"
	"strconv"
	"strings"

	"github.com/structframe/structframe/structured"
)

// htmlStyle is the stylesheet every HTML table carries (a notebook shows
// each output alone). Colours are inherited from the page and lines are
// translucent grey, so the table reads on light and dark themes alike;
// the few tints it adds switch with prefers-color-scheme.
const htmlStyle = `<style>
.sf-frame { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; color: inherit; }
.sf-frame table { border-collapse: collapse; color: inherit; background: transparent; }
.sf-frame th, .sf-frame td { border: 1px solid rgba(128, 128, 128, 0.35); padding: 2px 6px; text-align: left; vertical-align: top; }
.sf-frame thead th { vertical-align: bottom; background: rgba(128, 128, 128, 0.10); }
.sf-frame thead th.sf-group { text-align: center; }
.sf-frame tr.sf-dtype th { font-weight: normal; opacity: 0.65; }
.sf-frame td.sf-num, .sf-frame th.sf-num { text-align: right; white-space: pre; font-variant-numeric: tabular-nums; }
.sf-frame tbody th { font-weight: normal; opacity: 0.8; }
.sf-frame tr.sf-sub th { padding-left: 1.5em; }
.sf-frame tr.sf-gap td, .sf-frame tr.sf-gap th, .sf-frame td.sf-gap { text-align: center; opacity: 0.6; }
.sf-frame .sf-null { opacity: 0.55; font-style: italic; }
.sf-frame details > summary { cursor: pointer; }
.sf-frame details pre { margin: 2px 0 0 0; font: inherit; }
.sf-frame .sf-shape, .sf-frame .sf-footer { opacity: 0.75; margin: 2px 0; }
@media (prefers-color-scheme: dark) {
  .sf-frame thead th { background: rgba(160, 160, 160, 0.16); }
}
</style>
`

// htmlItems is how many items per list the unfolded view of a cell
// shows: a big list stays bounded even opened.
const htmlItems = 100

// HTML renders t as an HTML table for a notebook (gophernotes shows a
// value's HTML() string; in GoNB, gonbui.DisplayHTML(display.HTML(t))).
// It shows what Text shows, cut the same way (MaxRows, MaxColumns,
// MaxItems, MaxString, MaxDepth, Expand; Width is left to the browser,
// which scrolls): nested structures under header cells with colspan, the
// index as row headers, and nested values inline; a value cut in its
// cell opens, in a <details> element, onto a fuller indented view (up to
// 100 items per list). Every text is HTML-escaped; there is no
// JavaScript. A tensor HTML cannot show gives the error, escaped, in a
// <pre>.
func HTML(t *structured.Tensor, opts ...Option) string {
	o := resolve(opts)
	tb, err := newTable(t, o)
	if err != nil {
		return "<pre>" + html.EscapeString(err.Error()) + "</pre>"
	}
	var b strings.Builder
	b.WriteString(htmlStyle)
	b.WriteString(`<div class="sf-frame">`)
	b.WriteString(`<div class="sf-shape">shape: (` + strconv.Itoa(tb.nrows) + ", " + strconv.Itoa(tb.ncols) + ")</div>\n")
	if tb.ncols == 0 {
		b.WriteString("<div>(no columns)</div>\n</div>\n")
		return b.String()
	}
	b.WriteString("<table>\n<thead>\n")
	last := tb.depth - 1
	for r := 0; r <= last; r++ {
		b.WriteString("<tr>")
		for _, sp := range tb.spans(r) {
			l := tb.leaves[sp.a]
			switch {
			case sp.group:
				b.WriteString(`<th class="sf-group" colspan="` + strconv.Itoa(sp.b-sp.a) + `">` + html.EscapeString(cut(sp.node.name, max(o.MaxString, 0))) + "</th>")
			case r == len(l.anc)-1:
				b.WriteString(`<th` + numClass(l.right))
				if span := tb.depth - r; span > 1 {
					b.WriteString(` rowspan="` + strconv.Itoa(span) + `"`)
				}
				b.WriteString(">" + html.EscapeString(cut(l.name, max(o.MaxString, 0))) + "</th>")
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString(`<tr class="sf-dtype">`)
	for _, l := range tb.leaves {
		b.WriteString("<th" + numClass(l.right) + ">" + html.EscapeString(l.dtype) + "</th>")
	}
	b.WriteString("</tr>\n</thead>\n<tbody>\n")
	cells := make([][]string, len(tb.leaves))
	for k, l := range tb.leaves {
		cells[k] = tb.htmlColumn(l)
	}
	for ri, row := range tb.rows {
		switch row.kind {
		case rowGap:
			b.WriteString(`<tr class="sf-gap">`)
		case rowSub, rowSubGap:
			b.WriteString(`<tr class="sf-sub">`)
		default:
			b.WriteString("<tr>")
		}
		for k, l := range tb.leaves {
			tag := "td"
			if l.kind == leafIndex {
				tag = "th"
			}
			class := numClass(l.right)
			if l.kind == leafGap {
				class = ` class="sf-gap"`
			}
			b.WriteString("<" + tag + class + ">" + cells[k][ri] + "</" + tag + ">")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	if f := tb.footer(0); f != "" {
		b.WriteString(`<div class="sf-footer">` + html.EscapeString(f) + "</div>\n")
	}
	b.WriteString("</div>\n")
	return b.String()
}

func numClass(right bool) string {
	if right {
		return ` class="sf-num"`
	}
	return ""
}

// htmlColumn renders the cells of leaf l in every drawn row, as HTML.
func (tb *table) htmlColumn(l *leaf) []string {
	texts := make([]string, len(tb.rows))
	refs := make([]cellRef, len(tb.rows))
	for ri, row := range tb.rows {
		ref := tb.ref(l, row)
		if l.kind == leafIndex && l.level < len(tb.indexLeafs)-1 && tb.sameOuter(l.level, ri) {
			ref = cellRef{}
		}
		refs[ri] = ref
		texts[ri] = ref.text
		if ref.n != nil {
			texts[ri] = cellText(ref.n, ref.i, &tb.o, nestedBudget(&tb.o))
		}
	}
	if l.right {
		alignPoints(texts)
	}
	out := make([]string, len(tb.rows))
	for ri, ref := range refs {
		s := html.EscapeString(texts[ri])
		if texts[ri] == "null" && (ref.n != nil || ref.text == "null") {
			s = `<span class="sf-null">null</span>`
		}
		if ref.n != nil && (len(ref.n.dims) > 0 || ref.n.leaf == nil) {
			if full := prettyValue(ref.n, ref.i, &tb.o); full != texts[ri] {
				s = "<details><summary>" + s + "</summary><pre>" + html.EscapeString(full) + "</pre></details>"
			}
		}
		out[ri] = s
	}
	return out
}

// prettyValue renders a nested value on several lines, indented, with up
// to htmlItems items per list and strings up to four times MaxString: the
// view a <details> cell opens onto. A value short enough stays on one line.
func prettyValue(n *node, i int, o *Options) string {
	p := prettyWriter{o: o}
	p.value(n, 0, i, "")
	return p.b.String()
}

type prettyWriter struct {
	b strings.Builder
	o *Options
}

// oneLine is the value on one line with the unfolded limits.
func (p *prettyWriter) oneLine(n *node, level, i int) string {
	w := cellWriter{str: p.str(), cutoff: maxDeep}
	for d := range w.ks {
		w.ks[d] = htmlItems
	}
	w.deep = 0
	if level == 0 {
		w.value(n, 0, i)
		return w.b.String()
	}
	w.value(n, level, i)
	return w.b.String()
}

func (p *prettyWriter) str() int {
	if p.o.MaxString <= 0 {
		return 0
	}
	return 4 * p.o.MaxString
}

const prettyLine = 72

func (p *prettyWriter) value(n *node, level, i int, indent string) {
	if one := p.oneLine(n, level, i); cells(one)+len(indent) <= prettyLine {
		p.b.WriteString(one)
		return
	}
	// As deep as a cell goes (maxDeep levels), no deeper: a 60-level
	// structure would indent its last lines by 120 columns.
	if len(indent)/2 >= maxDeep {
		switch {
		case level < len(n.dims) && !(n.isMap && level == len(n.dims)-1):
			p.b.WriteString("[" + ellipsis + "]")
		default:
			p.b.WriteString("{" + ellipsis + "}")
		}
		return
	}
	inner := indent + "  "
	if level < len(n.dims) {
		d := n.dims[level]
		s, e := d.Bounds(i)
		isMap := n.isMap && level == len(n.dims)-1
		open, close := "[", "]"
		if isMap {
			open, close = "{", "}"
		}
		p.b.WriteString(open + "\n")
		shown := min(e-s, htmlItems)
		for j := s; j < s+shown; j++ {
			p.b.WriteString(inner)
			if isMap {
				p.value(n.fields[0], 0, j, inner)
				p.b.WriteString(": ")
				p.value(n.fields[1], 0, j, inner)
			} else {
				p.value(n, level+1, j, inner)
			}
			p.b.WriteString(",\n")
		}
		if hidden := e - s - shown; hidden > 0 {
			p.b.WriteString(inner + ellipsis + " +" + strconv.Itoa(hidden) + "\n")
		}
		p.b.WriteString(indent + close)
		return
	}
	// A structure (a leaf fits on one line: its string is cut).
	p.b.WriteString("{\n")
	for _, f := range n.fields {
		p.b.WriteString(inner + fieldName(f.name) + ": ")
		p.value(f, 0, i, inner)
		p.b.WriteString(",\n")
	}
	p.b.WriteString(indent + "}")
}
