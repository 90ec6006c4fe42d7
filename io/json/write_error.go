package json

import (
	"fmt"
	"strconv"
)

// WriteError is a value that cannot be written as JSON, such as a NaN under
// [NonFiniteError]: it names the row of the frame or tensor being written
// and the field path down to the value, list positions included, as
// "ingredients[2].amount". It has no cause to unwrap: Msg says what is
// wrong.
type WriteError struct {
	Row   int    // row of the Frame or Tensor given to the call (0-based); 0 for a rank-0 Tensor
	Field string // field path within the row, as "ingredients[2].amount"
	Msg   string // what is wrong
}

func (e *WriteError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("json: write: row %d: %s", e.Row, e.Msg)
	}
	return fmt.Sprintf("json: write: row %d, field %s: %s", e.Row, e.Field, e.Msg)
}

// writeValueError is a WriteError on its way up the writer tree: each structure
// and list it passes through puts its step in front of the path, and the
// row loop sets the row. Only failing writes build it.
func writeValueError(msg string) error { return &WriteError{Msg: msg} }

// inField puts a field name in front of err's path.
func inField(err error, name string) error {
	if e, ok := err.(*WriteError); ok {
		switch {
		case e.Field == "":
			e.Field = name
		case e.Field[0] == '[':
			e.Field = name + e.Field
		default:
			e.Field = name + "." + e.Field
		}
	}
	return err
}

// atItem puts a list position in front of err's path.
func atItem(err error, k int) error {
	if e, ok := err.(*WriteError); ok {
		step := "[" + strconv.Itoa(k) + "]"
		if e.Field == "" || e.Field[0] == '[' {
			e.Field = step + e.Field
		} else {
			e.Field = step + "." + e.Field
		}
	}
	return err
}

// shiftRow adds n to err's row: an error of a chunk of rows that starts at
// row n (see writeChunks).
func shiftRow(err error, n int) error {
	if e, ok := err.(*WriteError); ok && n != 0 {
		e.Row += n
	}
	return err
}

// atRow sets err's row.
func atRow(err error, row int) error {
	if e, ok := err.(*WriteError); ok {
		e.Row = row
	}
	return err
}
