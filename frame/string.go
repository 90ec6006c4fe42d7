package frame

import (
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
// (display.Markdown for a README), expanded sub-rows.
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
