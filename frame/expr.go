package frame

import "github.com/structframe/structframe/structured"

// Expr is an expression over the columns of a Frame, evaluated a column at
// a time. Col names a column.
type Expr struct {
	ref string
}

// Col refers to a column by reference (see Path for names with dots).
func Col(ref string) Expr { return Expr{ref: ref} }

// String renders the expression.
func (e Expr) String() string { return "col(" + displayPath(e.ref) + ")" }

// evalFrame evaluates e over f's rows: a value of rank >= 1 with one row
// per row of f.
func (e Expr) evalFrame(op string, f *Frame) (structured.Value, error) {
	_, v, err := f.column(op, e.ref)
	return v, err
}
