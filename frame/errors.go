package frame

import (
	"errors"
	"fmt"
)

// Sentinel errors, for errors.Is. Errors from the structured layer pass
// through wrapped, so structured.ErrSchema and the others match as well.
var (
	// ErrColumn reports a column path that names no column.
	ErrColumn = errors.New("unknown column")
	// ErrType reports a column or expression of a type the operation cannot take.
	ErrType = errors.New("type mismatch")
	// ErrShape reports lengths that disagree: columns of different lengths,
	// lists exploded together with different lengths, a mask of the wrong length.
	ErrShape = errors.New("length mismatch")
	// ErrDuplicate reports a column name that would appear twice.
	ErrDuplicate = errors.New("duplicate column")
	// ErrIndex reports a row position or label that is out of range or absent.
	ErrIndex = errors.New("bad index")
	// ErrArgument reports an argument that makes no sense on its own (a
	// negative count, an empty key list, a nil frame).
	ErrArgument = errors.New("bad argument")
)

// Error is the error type of this package: the method that failed, what
// went wrong (one of the sentinel errors, or an error of the layer below)
// and a message naming the columns involved.
type Error struct {
	Op   string // the method, e.g. "Explode"
	Kind error  // ErrColumn, ErrType, ... or a wrapped error from below
	Msg  string
}

// Error renders "frame: Op: message".
func (e *Error) Error() string {
	if e.Op == "" {
		return "frame: " + e.Msg
	}
	return "frame: " + e.Op + ": " + e.Msg
}

// Unwrap returns the kind, so errors.Is matches sentinels and wrapped errors.
func (e *Error) Unwrap() error { return e.Kind }

func errorf(op string, kind error, format string, args ...any) error {
	return &Error{Op: op, Kind: kind, Msg: fmt.Sprintf(format, args...)}
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
	return &Error{Op: op, Kind: err, Msg: err.Error()}
}
