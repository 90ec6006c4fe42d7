// Package pipetable is the meeting point of package display, which lays
// out a Markdown (GitHub pipe) table, and package display/markdown, which
// draws it through tablewriter. display/markdown sets Draw when it is
// imported, so tablewriter and its start-up work (a width cache of about
// 660 KB, filled when the process starts) are linked only into programs
// that draw Markdown, not into every program that prints or reads a
// frame.
package pipetable

import "io"

// Table is a laid-out pipe table: cells already formatted, cut and
// escaped, one header row.
type Table struct {
	Header []string   // one cell per column
	Right  []bool     // whether each column is right-aligned
	Rows   [][]string // row by row, one cell per column
}

// Draw writes t to w as a GitHub pipe table. It is nil until package
// display/markdown is linked into the program; it is set only by that
// package's init, before main runs, so it is read without a lock.
var Draw func(w io.Writer, t Table) error
