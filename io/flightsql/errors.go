package flightsql

import (
	"context"
	"errors"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sentinel"
	"github.com/structframe/structframe/internal/sqlbind"
)

// ErrParameter is the cause of an error for a query parameter that cannot
// be bound (a Go type with no Arrow counterpart, a parameter Frame mixed
// with other values); it is a frame.ErrArgument for errors.Is. It is
// io/adbc's ErrParameter too: the parameters are bound by the same code.
var ErrParameter = sqlbind.ErrParameter

// ErrURI is the cause of an error for a URI [Open] does not take (another
// scheme, no port, credentials in it, TLS options for a plain
// connection); it is a frame.ErrArgument for errors.Is.
var ErrURI = sentinel.New("invalid URI", frame.ErrArgument)

// Error is an error of a call to a Flight SQL server: the operation, the
// server and the cause. Err is the cause: the server's gRPC status (read
// it with status.FromError or status.Code, which see through the Error),
// the context's error when the call's context ended (so errors.Is(err,
// context.Canceled) holds), or one of the package's sentinels. URL never
// holds credentials.
type Error struct {
	Op  string // "open", "query", "exec", "prepare", "fetch", "ingest", "close"
	URL string // the server, as grpc://host:port
	Err error
}

// Error reads "flightsql: OP on URL: cause".
func (e *Error) Error() string {
	return "flightsql: " + e.Op + " on " + e.URL + ": " + e.Err.Error()
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// wrap makes err an *Error of op on url, unless it is nil or one already;
// when ctx has ended, its error is the cause (gRPC reports a cancelled
// call as a status of its own, which errors.Is does not match against
// context.Canceled).
func wrap(ctx context.Context, op, url string, err error) error {
	var e *Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	if cerr := ctx.Err(); cerr != nil && !errors.Is(err, cerr) {
		err = cerr
	}
	return &Error{Op: op, URL: url, Err: err}
}

// newError makes err an *Error of op on url, unless it is nil or one
// already.
func newError(op, url string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Op: op, URL: url, Err: err}
}
