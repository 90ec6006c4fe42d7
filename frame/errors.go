package frame

import (
	"errors"
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Sentinel errors, for errors.Is. Those of a cause the structured layer
// has are its sentinels, the same values, so that an error matches
// frame.ErrType and structured.ErrType alike whichever layer found it;
// errors from the structured layer pass through wrapped, so its other
// sentinels (structured.ErrSchema, ...) match as well.
var (
	// ErrColumn reports a column path that names no column: it is
	// structured.ErrPath, in a frame's words (its columns are the
	// Tensor's fields).
	ErrColumn = structured.ErrPath
	// ErrType reports a column or expression of a type the operation
	// cannot take: structured.ErrType.
	ErrType = structured.ErrType
	// ErrShape reports lengths that disagree: columns of different lengths,
	// lists exploded together with different lengths, a mask of the wrong
	// length: structured.ErrShape.
	ErrShape = structured.ErrShape
	// ErrDuplicate reports a column name that would appear twice.
	ErrDuplicate = errors.New("duplicate column")
	// ErrIndex reports a row position or label that is out of range or
	// absent: structured.ErrIndex (index.ErrNotFound, a label absent from
	// the index, is one).
	ErrIndex = structured.ErrIndex
	// ErrArgument reports an argument that makes no sense on its own (a
	// negative count, an empty key list, a nil frame).
	ErrArgument = errors.New("bad argument")
)

// Error is the error type of this package, shaped as structured.Error: the
// method that failed, the cause (one of the sentinel errors, or an error
// of the layer below), which Unwrap returns, and a message naming the
// columns involved.
type Error struct {
	Op  string // the method, e.g. "Explode"
	Err error  // ErrColumn, ErrType, ... or a wrapped error from below
	Msg string
}

// Error renders "frame: Op: message".
func (e *Error) Error() string {
	if e.Op == "" {
		return "frame: " + e.Msg
	}
	return "frame: " + e.Op + ": " + e.Msg
}

// Unwrap returns the cause, so errors.Is matches sentinels and wrapped errors.
func (e *Error) Unwrap() error { return e.Err }

func errorf(op string, kind error, format string, args ...any) error {
	return &Error{Op: op, Err: kind, Msg: fmt.Sprintf(format, args...)}
}

// wrap attaches op to an error from a lower layer, keeping it for errors.Is.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	var fe *Error
	if errors.As(err, &fe) {
		return err
	}
	return &Error{Op: op, Err: err, Msg: err.Error()}
}
