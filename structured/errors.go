package structured

import (
	"errors"
	"fmt"
)

// Sentinel errors, for errors.Is. Every error returned by this package wraps
// one of them inside an [*Error] that names the field path and position.
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
	// ErrType reports a Go or Arrow type that cannot be converted.
	ErrType = errors.New("unsupported type")
)

// Error is the error type of this package. Path is the field path with
// positions, as in "recipe.ingredients[3].amount" (empty for the whole
// value); Kind is one of the sentinel errors; Msg says what is wrong.
type Error struct {
	Op   string // the operation, e.g. "FromValue"
	Path string // field path with row positions
	Kind error  // ErrSchema, ErrPath, ...
	Msg  string
}

// Error renders "structured: Op: field path: message".
func (e *Error) Error() string {
	s := "structured: "
	if e.Op != "" {
		s += e.Op + ": "
	}
	if e.Path != "" {
		s += "field " + e.Path + ": "
	}
	return s + e.Msg
}

// Unwrap returns the sentinel kind, so errors.Is(err, ErrSchema) works.
func (e *Error) Unwrap() error { return e.Kind }

func errorf(op string, kind error, path string, format string, args ...any) error {
	return &Error{Op: op, Path: path, Kind: kind, Msg: fmt.Sprintf(format, args...)}
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
