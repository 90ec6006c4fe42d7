package display

import (
	"fmt"
	"strings"
	"sync"

	"github.com/structframe/structframe/index"
)

// Style is how a table is drawn.
type Style int

const (
	// Box draws the table with Unicode box-drawing lines (the default).
	Box Style = iota
	// ASCII draws the table with +, - and |, for terminals and logs that
	// cannot show box drawing.
	ASCII
	// Markdown writes a GitHub pipe table through tablewriter: one header
	// row (nested columns are named by their dotted paths), escaped pipes,
	// no width limit. Its padding follows tablewriter's widths (rune by
	// rune, so an emoji sequence pads short; ambiguous characters such as
	// … two cells under an East Asian locale): renderers ignore padding.
	// Its drawing is in package display/markdown, which a program imports
	// (import _ "github.com/structframe/structframe/display/markdown") to
	// print it; without that import a Markdown table is an error saying
	// so. This keeps tablewriter's start-up work out of programs that do
	// not draw Markdown.
	Markdown
	// Borderless draws no lines at all, as pandas prints.
	Borderless
)

var styleNames = [...]string{Box: "box", ASCII: "ascii", Markdown: "markdown", Borderless: "borderless"}

// String is the style's name, as ParseStyle reads it.
func (s Style) String() string {
	if s >= 0 && int(s) < len(styleNames) {
		return styleNames[s]
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// ParseStyle reads a style name: "box", "ascii", "markdown" or
// "borderless" (any case), as command-line flags give them.
func ParseStyle(s string) (Style, error) {
	for i, name := range styleNames {
		if strings.EqualFold(s, name) {
			return Style(i), nil
		}
	}
	return Box, fmt.Errorf("display: unknown style %q (want box, ascii, markdown or borderless)", s)
}

// Options say how much of a table is shown and how. Every limit counts
// what is shown; what is cut is said, never dropped silently.
type Options struct {
	// MaxRows is the most rows shown: beyond it, the first and last
	// MaxRows/2 rows around a … row. 0 or less shows every row.
	MaxRows int
	// MaxColumns is the most top-level columns shown: beyond it, the first
	// and last halves around a … column. 0 or less: as many as Width allows.
	MaxColumns int
	// Width is the most terminal cells a line may take: nested headers
	// collapse to inline cells, then middle columns give way to a …
	// column until the table fits. 0 or less: no limit. Markdown tables,
	// made for documents that wrap or scroll them, take no width limit.
	Width int
	// MaxItems is the most items shown of a list, map or structure inside
	// a cell (the first ones, … with the count hidden, the last), and of
	// the sub-rows of a list in expanded mode. Less than 0 shows all.
	MaxItems int
	// MaxString is the most terminal cells of a string before it is cut
	// with …. 0 or less: never cut.
	MaxString int
	// Precision is the number of digits after the decimal point of
	// floating-point numbers; less than 0 prints the shortest text that
	// reads back as the same number, rounded to 6 decimals when it has
	// more (0.333333, as pandas and Polars show it).
	Precision int
	// MaxDepth is the most header levels a nested structure column opens
	// into: deeper structures are shown inline as {name: value, ...}.
	// 1 shows every structure inline; 0 or less: no limit.
	MaxDepth int
	// Style is how lines are drawn.
	Style Style
	// Expand draws list-of-structure columns as sub-rows under their
	// parent row, one per item, rather than inline. When the width
	// cannot hold every column, the other columns give way first (a …
	// column for each run hidden); a list of structures folds back
	// inline only when the sub-rows alone are too wide.
	Expand bool

	// idx labels the rows when set by WithIndex (the tensor then holds
	// only data).
	idx index.Index
	// cutoff, when above 0, is the most nesting levels an inline cell
	// opens (maxDeep otherwise): the text layout's last resort against a
	// value nested deeper than the width holds.
	cutoff int
}

// Option changes one of the Options of a call.
type Option func(*Options)

// WithMaxRows sets Options.MaxRows.
func WithMaxRows(n int) Option { return func(o *Options) { o.MaxRows = n } }

// WithMaxColumns sets Options.MaxColumns.
func WithMaxColumns(n int) Option { return func(o *Options) { o.MaxColumns = n } }

// WithWidth sets Options.Width.
func WithWidth(n int) Option { return func(o *Options) { o.Width = n } }

// WithMaxItems sets Options.MaxItems.
func WithMaxItems(n int) Option { return func(o *Options) { o.MaxItems = n } }

// WithMaxString sets Options.MaxString.
func WithMaxString(n int) Option { return func(o *Options) { o.MaxString = n } }

// WithPrecision sets Options.Precision.
func WithPrecision(n int) Option { return func(o *Options) { o.Precision = n } }

// WithMaxDepth sets Options.MaxDepth.
func WithMaxDepth(n int) Option { return func(o *Options) { o.MaxDepth = n } }

// WithStyle sets Options.Style.
func WithStyle(s Style) Option { return func(o *Options) { o.Style = s } }

// WithExpand sets Options.Expand.
func WithExpand(on bool) Option { return func(o *Options) { o.Expand = on } }

// WithIndex gives the row index of the tensor's rows, for callers that
// keep the index apart from the data (a frame does): the tensor is then
// shown as it is, with no "_index_" field decoded. The index must label
// every row of the tensor.
func WithIndex(idx index.Index) Option { return func(o *Options) { o.idx = idx } }

// builtin are the defaults before SetDefaults: Polars' row and string
// limits, the terminal's width.
func builtin() Options {
	return Options{
		MaxRows:    10,
		MaxColumns: 20,
		Width:      terminalWidth(),
		MaxItems:   4,
		MaxString:  30,
		Precision:  -1,
		MaxDepth:   4,
		Style:      Box,
	}
}

var (
	defaultsMu sync.RWMutex
	defaults   *Options // nil until first use or SetDefaults
)

// Defaults returns the package-level defaults every call starts from:
// 10 rows, 20 columns, the terminal's width (measured on the first call;
// 80 when standard output is not a terminal, and in tests, so that golden
// outputs do not depend on the terminal), 4 items, 30-cell strings,
// shortest floats, 4 header levels, Box, not expanded; or what
// SetDefaults made of them.
func Defaults() Options {
	defaultsMu.RLock()
	d := defaults
	defaultsMu.RUnlock()
	if d != nil {
		return *d
	}
	defaultsMu.Lock()
	defer defaultsMu.Unlock()
	if defaults == nil {
		o := builtin()
		defaults = &o
	}
	return *defaults
}

// SetDefaults changes the package-level defaults (a notebook's or a
// program's preference, as pandas' set_option); later calls start from
// them. It is safe to call from several goroutines. WithIndex is not
// kept: an index belongs to one table.
func SetDefaults(opts ...Option) {
	o := Defaults()
	for _, opt := range opts {
		opt(&o)
	}
	o.idx = nil
	defaultsMu.Lock()
	defaults = &o
	defaultsMu.Unlock()
}

// resolve applies opts over the defaults.
func resolve(opts []Option) Options {
	o := Defaults()
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}
