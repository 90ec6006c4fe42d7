package frame

import (
	"html"

	"github.com/structframe/structframe/display"
)

// String renders the Frame as a table for a terminal, with the display
// package's defaults (display.SetDefaults changes them): the shape, a
// header with names and dtypes (nested structures under grouped headers),
// the index, the first and last rows around a … row, and a footer saying
// what is hidden. It reads only the rows it shows. A Frame holding an
// error prints the error.
func (f *Frame) String() string { return f.Text() }

// Text renders the Frame as String does, with options: rows, columns,
// width, list items, string length, float precision, header depth, style
// (display.Markdown for a README, drawn once package display/markdown is
// imported), expanded sub-rows.
func (f *Frame) Text(opts ...display.Option) string {
	if err := f.Err(); err != nil {
		return "frame error: " + err.Error()
	}
	return display.Text(f.data, append(opts, display.WithIndex(f.idx))...)
}

// SchemaTree renders the columns' schema as a tree, one field per line,
// nested fields under their structure (display.Tree).
func (f *Frame) SchemaTree() string {
	if err := f.Err(); err != nil {
		return "frame error: " + err.Error()
	}
	return display.Tree(f.data)
}

// HTML renders the Frame as an HTML table for a notebook, with the display
// package's defaults: gophernotes shows a value's HTML() automatically,
// and in GoNB gonbui.DisplayHTML(df.HTML()) shows it. Nested structures
// sit under header cells with colspan, long lists fold into <details>;
// no JavaScript. A Frame holding an error renders the error.
func (f *Frame) HTML() string { return f.HTMLWith() }

// HTMLWith renders the Frame as HTML does, with options (rows, columns,
// list items, string length, precision, depth, expanded sub-rows).
func (f *Frame) HTMLWith(opts ...display.Option) string {
	if err := f.Err(); err != nil {
		return "<pre>frame error: " + html.EscapeString(err.Error()) + "</pre>"
	}
	return display.HTML(f.data, append(opts, display.WithIndex(f.idx))...)
}
