// Package sentinel makes the sentinel errors of the packages above
// structured. Each package names the causes it reports in its own words,
// and each cause that is a case of one of structured's sentinels
// (ErrSchema, ErrPath, ErrShape, ErrIndex, ErrType, ...) wraps it, so that
// errors.Is matches an error against the sentinel of the package that
// returned it and against the structured one of its kind, whichever layer
// the caller knows.
package sentinel

// New returns a sentinel error whose text is text and which errors.Is also
// matches against kind (nil: none). Its text does not repeat kind's: a
// message built with %w reads as before.
func New(text string, kind error) error { return &sentinel{text: text, kind: kind} }

type sentinel struct {
	text string
	kind error
}

func (e *sentinel) Error() string { return e.text }

// Unwrap returns the lower sentinel, for errors.Is and errors.As.
func (e *sentinel) Unwrap() error { return e.kind }
