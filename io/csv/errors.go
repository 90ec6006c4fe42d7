package csv

import (
	"errors"
	"fmt"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sentinel"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

// ErrOption is the cause of an error for an invalid option; it is a
// frame.ErrArgument for errors.Is.
var ErrOption = sentinel.New("csv: invalid option", frame.ErrArgument)

// Causes of a *ParseError, to test with errors.Is.
var (
	// ErrFieldCount: a record has more fields than the header, or fewer
	// without WithPadRows.
	ErrFieldCount = errors.New("wrong number of fields")
	// ErrQuote: a quoted field is not closed, text follows its closing
	// quote, or (WithStrict) a quote appears in an unquoted field.
	ErrQuote = errors.New("bad quoting")
	// ErrType: a cell does not parse as its column's type; a
	// structured.ErrType (frame.ErrType) for errors.Is.
	ErrType = sentinel.New("value does not fit the column's type", structured.ErrType)
	// ErrUTF8: (WithStrict) a string cell is not valid UTF-8.
	ErrUTF8 = errors.New("invalid UTF-8")
	// ErrHeader: the header is unusable (too many columns, a projected or
	// typed column it does not have).
	ErrHeader = errors.New("bad header")
)

// Causes of errors about the input as a whole, to test with errors.Is.
var (
	// ErrNotText: the input is not CSV text but a binary format the
	// reader does not read (Parquet, Arrow, zip, xz, ...), or binary data
	// (a NUL byte in its header line). The message names what it looks
	// like and what reads it: "looks like a Parquet file, not CSV text;
	// read it with io/parquet".
	ErrNotText = sniff.ErrNotText
	// ErrTooLarge: a gzip or zstd input decompresses to more bytes than
	// WithMaxDecompressed allows.
	ErrTooLarge = sniff.ErrTooLarge
)

// ParseError is an error in the input, as encoding/csv's: where it is and
// why, in the fields every error type of the module names them by. Line
// is the 1-based line of the input where the cell is (lines counted by
// '\n', quoted ones included), Column the 1-based field number in its
// record, Offset the byte offset of the cell in the input, Field the
// column's name ("" when it has none yet), Err the cause (ErrType,
// ErrQuote, ...), which Unwrap returns.
type ParseError struct {
	Line   int
	Column int
	Offset int64
	Field  string
	Err    error
}

func (e *ParseError) Error() string {
	s := fmt.Sprintf("csv: line %d, column %d", e.Line, e.Column)
	if e.Field != "" {
		s += fmt.Sprintf(" (%q)", e.Field)
	}
	return s + fmt.Sprintf(", byte %d: %v", e.Offset, e.Err)
}

// Unwrap returns the cause.
func (e *ParseError) Unwrap() error { return e.Err }

func (c *config) bad(format string, args ...any) {
	if c.badOpt == "" {
		c.badOpt = fmt.Sprintf(format, args...)
	}
}

func (c *config) err() error {
	if c.badOpt != "" {
		return fmt.Errorf("%w: %s", ErrOption, c.badOpt)
	}
	if c.quote != 0 && c.quote == c.delim {
		return fmt.Errorf("%w: the quote and the delimiter are both %q", ErrOption, c.delim)
	}
	if c.comment != 0 && (c.comment == c.delim || c.comment == c.quote) {
		return fmt.Errorf("%w: the comment byte %q is also the delimiter or the quote", ErrOption, c.comment)
	}
	return nil
}
