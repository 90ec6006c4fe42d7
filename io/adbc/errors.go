package adbc

import (
	"context"
	"errors"

	"github.com/structframe/structframe/internal/sqlbind"
)

// ErrParameter is the cause of an error for a query parameter that cannot
// be bound (a Go type with no Arrow counterpart, a parameter Frame mixed
// with other values); it is a frame.ErrArgument for errors.Is. It is
// io/flightsql's ErrParameter too: the parameters are bound by the same code.
var ErrParameter = sqlbind.ErrParameter

// Error is an error of a call through an ADBC connection: the operation
// and the cause. Err is the cause: the driver's error (an adbc.Error,
// which errors.As finds, with its status code and the server's details),
// the context's error when the call's context ended (so errors.Is(err,
// context.Canceled) holds), or one of the package's sentinels.
type Error struct {
	Op  string // "query", "exec", "prepare", "fetch", "ingest", "close", "connect"
	Err error
}

// Error reads "adbc: OP: cause".
func (e *Error) Error() string { return "adbc: " + e.Op + ": " + e.Err.Error() }

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// wrap makes err an *Error of op, unless it is nil or one already; when
// ctx has ended, its error is the cause (a driver reports a cancelled
// call in its own terms, which errors.Is does not match against
// context.Canceled).
func wrap(ctx context.Context, op string, err error) error {
	var e *Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	if cerr := ctx.Err(); cerr != nil && !errors.Is(err, cerr) {
		err = cerr
	}
	return &Error{Op: op, Err: err}
}
