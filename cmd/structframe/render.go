package main

import (
	"fmt"
	"strings"

	"github.com/structframe/structframe/frame"
)

// viewOptions are the display options of the command line.
type viewOptions struct {
	rows   int    // --rows: most rows shown (0: the display default)
	depth  int    // --depth: most header levels of nested columns
	style  string // --style: box, ascii, markdown, borderless
	expand bool   // --expand: lists of structures as sub-rows
	width  int    // --width: line width (0: the terminal's)
}

// styles are the names --style takes.
var styles = []string{"box", "ascii", "markdown", "borderless"}

// checkStyle validates a --style value.
func checkStyle(s string) error {
	for _, name := range styles {
		if strings.EqualFold(s, name) {
			return nil
		}
	}
	return fmt.Errorf("unknown style %q (want %s)", s, strings.Join(styles, ", "))
}

// render draws a frame as a table. Until the display package is on the
// main branch this uses Frame.String, which takes no options; the
// options are validated all the same.
func render(f *frame.Frame, o viewOptions) (string, error) {
	if err := f.Err(); err != nil {
		return "", err
	}
	return f.String(), nil
}

// renderSchema draws the schema of a frame as a tree.
func renderSchema(f *frame.Frame) (string, error) {
	if err := f.Err(); err != nil {
		return "", err
	}
	return f.Schema().Tree(), nil
}
