package main

import (
	"github.com/structframe/structframe/display"
	_ "github.com/structframe/structframe/display/markdown" // --style markdown
	"github.com/structframe/structframe/frame"
)

// viewOptions are the display options of the command line.
type viewOptions struct {
	rows   int    // --rows: most rows shown (0: the display default)
	depth  int    // --depth: most header levels of nested columns (0: default)
	style  string // --style: box, ascii, markdown, borderless ("": box)
	expand bool   // --expand: lists of structures as sub-rows
	width  int    // --width: line width (0: the terminal's, 80 off a terminal)
}

// checkStyle validates a --style value.
func checkStyle(s string) error {
	_, err := display.ParseStyle(s)
	return err
}

// render draws a frame as a table with the display package, the command
// line's options over its defaults.
func render(f *frame.Frame, o viewOptions) (string, error) {
	if err := f.Err(); err != nil {
		return "", err
	}
	var opts []display.Option
	if o.rows > 0 {
		opts = append(opts, display.WithMaxRows(o.rows))
	}
	if o.depth > 0 {
		opts = append(opts, display.WithMaxDepth(o.depth))
	}
	if o.width > 0 {
		opts = append(opts, display.WithWidth(o.width))
	}
	if o.style != "" {
		s, err := display.ParseStyle(o.style)
		if err != nil {
			return "", err
		}
		opts = append(opts, display.WithStyle(s))
	}
	if o.expand {
		opts = append(opts, display.WithExpand(true))
	}
	return f.Text(opts...), nil
}

// renderSchema draws the schema of a frame as a tree.
func renderSchema(f *frame.Frame) (string, error) {
	if err := f.Err(); err != nil {
		return "", err
	}
	return f.SchemaTree(), nil
}
