package build

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind is what an error reports; structured wraps each kind in its
// sentinel error of the same name.
type Kind uint8

const (
	// KindSchema: values that do not share one schema, or do not match
	// the Spec (structured.KindSchema).
	KindSchema Kind = iota + 1
	// KindType: a Go value or type that cannot be converted
	// (structured.KindType).
	KindType
	// KindPath: a field name that cannot be one, or a field given twice in
	// a Spec (structured.KindPath).
	KindPath
	// KindShape: a dimension of a Spec that is not a length
	// (structured.KindShape).
	KindShape
	// KindMergeConflict: two Builders whose rows Merge cannot join as one
	// pass would (structured.ErrMergeConflict).
	KindMergeConflict
)

// Error is an error of a Builder or a walker: the operation, the field
// path with list positions (as in "recipe.ingredients[3].amount"), what
// kind of error it is and what is wrong, the row included in the message
// ("got string at row 7, want float64"). The caller turns it into its own
// error type with the same fields (see [Config.Errors]).
type Error struct {
	Op   string
	Path string
	Kind Kind
	Msg  string
}

// Error renders "Op: field path: message", as the caller's errors do.
func (e *Error) Error() string {
	s := ""
	if e.Op != "" {
		s = e.Op + ": "
	}
	if e.Path != "" {
		s += "field " + ClipMiddle(e.Path, MaxErrorPath) + ": "
	}
	return s + ClipMiddle(e.Msg, MaxErrorMsg)
}

// Bounds, in bytes, of what an error holds: the caller renders its errors
// within the same bounds.
const (
	MaxErrorPath = 256  // the field path
	MaxErrorMsg  = 1024 // the message
)

// ClipMiddle returns s if it has at most n bytes, else its start and end
// around "…", n bytes in all, cut between UTF-8 characters. The end is
// kept longer: the innermost steps of a path say most.
func ClipMiddle(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const ellipsis = "…"
	head := (n - len(ellipsis)) / 3
	tail := len(s) - (n - len(ellipsis) - head)
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return s[:head] + ellipsis + s[tail:]
}

// errorf builds an *Error, clipping its path and message so that a huge
// one is not kept.
func errorf(op string, kind Kind, path string, format string, args ...any) *Error {
	return &Error{Op: op, Path: ClipMiddle(path, MaxErrorPath), Kind: kind, Msg: ClipMiddle(fmt.Sprintf(format, args...), MaxErrorMsg)}
}

// errStep is one step of an error's position: a field name or a list index.
type errStep struct {
	name string
	idx  int
}

// buildError is an error found while walking the values. Its position is
// collected on the way back up (innermost first), so the walk pays nothing
// for it when there is no error.
type buildError struct {
	kind Kind
	msg  string
	segs []errStep // innermost first
}

func (e *buildError) field(name string) *buildError {
	e.segs = append(e.segs, errStep{name: name, idx: -1})
	return e
}

// path renders the position as in "recipe.ingredients[3].amount".
func (e *buildError) path() string {
	var b strings.Builder
	for i := len(e.segs) - 1; i >= 0; i-- {
		s := e.segs[i]
		if s.idx >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.idx))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	return b.String()
}
