package gota

import (
	"errors"
	"fmt"

	"github.com/structframe/structframe/frame"
)

// Operations named in errors.
const (
	opFrom = "gota.FromDataFrame"
	opTo   = "gota.ToDataFrame"
)

// errorf makes a *frame.Error of kind (one of frame's sentinels) for op.
func errorf(op string, kind error, format string, args ...any) error {
	return &frame.Error{Op: op, Err: kind, Msg: fmt.Sprintf(format, args...)}
}

// wrap attaches op to an error from a lower layer, keeping it for
// errors.Is; a *frame.Error, which names its method already, is kept.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	var fe *frame.Error
	if errors.As(err, &fe) {
		return err
	}
	return &frame.Error{Op: op, Err: err, Msg: err.Error()}
}

// relabel gives a *frame.Error of a frame method called on the caller's
// behalf the caller's op, so the message names the function the user
// called; other errors are wrapped.
func relabel(op string, err error) error {
	var fe *frame.Error
	if errors.As(err, &fe) {
		return &frame.Error{Op: op, Err: fe.Err, Msg: fe.Msg}
	}
	return wrap(op, err)
}
