package structured

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/structframe/structframe/structured/internal/build"
)

// Sentinel errors, for errors.Is. Every error returned by this package wraps
// one of them inside an [*Error] that names the field path and position.
//
// They are the sentinels of the whole module: the packages above use the
// same values for the same causes (frame.ErrType is ErrType, and
// frame.ErrColumn is ErrPath in a frame's words) and make their narrower
// causes wrap them (index.ErrNotFound is an ErrIndex, csv.ErrType an
// ErrType), so that errors.Is(err, structured.ErrIndex) holds for a bad
// index or label whichever layer reports it.
var (
	// ErrSchema reports values that do not share one schema: a field with two
	// dtypes, two ranks, or two sets of nested fields, or a value that does
	// not match a Spec.
	ErrSchema = errors.New("schema mismatch")
	// ErrPath reports a field path that does not exist or cannot be followed.
	ErrPath = errors.New("bad field path")
	// ErrShape reports field values whose outer dimensions disagree.
	ErrShape = errors.New("shape mismatch")
	// ErrIndex reports an index that is out of range or of the wrong kind.
	ErrIndex = errors.New("bad index")
	// ErrPartition reports invalid row partition encodings.
	ErrPartition = errors.New("invalid row partition")
	// ErrType reports a Go or Arrow type that cannot be converted, or a
	// value of a type the operation cannot take.
	ErrType = errors.New("type mismatch")
	// ErrData reports a leaf's Arrow array whose buffers contradict its
	// layout (offsets out of order or beyond their data, string views
	// beyond their buffers, dictionary indices beyond the dictionary, a
	// null count the bitmap does not give), as [Tensor.Validate] finds it.
	ErrData = errors.New("invalid Arrow data")
)

// Error is the error type of this package. Field is the field path with
// positions, as in "recipe.ingredients[3].amount" (empty for the whole
// value); Err is the cause, one of the sentinel errors (or the error of a
// function the operation called), which Unwrap returns; Msg says what is
// wrong. The error types of the other packages have the same shape: Op,
// then where (Path for a file, Field for a field path, Row, Line, Column
// and Offset for a position), then Err.
type Error struct {
	Op    string // the operation, e.g. "FromValue"
	Field string // field path with row positions
	Err   error  // ErrSchema, ErrPath, ...
	Msg   string
}

// Error renders "structured: Op: field path: message". A path longer than
// 256 bytes or a message longer than 1024 bytes (deep values, long names
// or quoted input) is cut in the middle with "…", so that an error stays
// readable, and small, whatever the input.
func (e *Error) Error() string {
	s := "structured: "
	if e.Op != "" {
		s += e.Op + ": "
	}
	if e.Field != "" {
		s += "field " + build.ClipMiddle(e.Field, maxErrorPath) + ": "
	}
	return s + build.ClipMiddle(e.Msg, maxErrorMsg)
}

// Bounds, in bytes, of what an error renders.
const (
	maxErrorPath  = build.MaxErrorPath // the field path
	maxErrorMsg   = build.MaxErrorMsg  // the message
	maxErrorQuote = 64                 // a piece of input quoted in a message
)

// quoteInput quotes a piece of user input for a message, as %q does,
// clipped to maxErrorQuote bytes.
func quoteInput(s string) string {
	return strconv.Quote(build.ClipMiddle(s, maxErrorQuote))
}

// Unwrap returns the cause, so errors.Is(err, ErrSchema) works.
func (e *Error) Unwrap() error { return e.Err }

// errorf builds an *Error, clipping its path and message as Error renders
// them so that a huge one is not kept either.
func errorf(op string, kind error, path string, format string, args ...any) error {
	return &Error{Op: op, Field: build.ClipMiddle(path, maxErrorPath), Err: kind, Msg: build.ClipMiddle(fmt.Sprintf(format, args...), maxErrorMsg)}
}

// joinPath appends a field name to a rendered path.
func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// indexPath appends a position to a rendered path.
func indexPath(path string, i int) string {
	return fmt.Sprintf("%s[%d]", path, i)
}

// inRange panics unless 0 <= i < n. Methods without an error result (such
// as IsNull) treat an index out of range as a slice index does: it is a
// bug in the caller, not a property of the data.
func inRange(method string, i, n int) {
	if uint(i) >= uint(n) {
		panic(fmt.Sprintf("structured: %s: index %d out of range [0, %d)", method, i, n))
	}
}
