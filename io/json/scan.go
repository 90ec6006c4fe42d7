// The tokenizer is internal/jsonscan's, shared with frame (which decodes
// strings of JSON text): these are its names in this package.

package json

import "github.com/structframe/structframe/internal/jsonscan"

// SyntaxError is a JSON syntax error: the input is not valid JSON (RFC 8259)
// at Offset, given with its 1-based Line and byte Column and a Msg saying
// what is wrong, as "invalid character 'x' after object key".
type SyntaxError = jsonscan.SyntaxError

// RecordError is an error met building a record (a top-level value, array
// element or NDJSON line) that is valid JSON but does not fit the schema: a
// field holding a number in one record and a string in another, a key the
// Spec lacks. Err names the field path; Line and Offset are where the record
// starts in the input.
type RecordError = jsonscan.RecordError

// sink receives the events of a scan: a structured.Builder's Events, or
// nopEvents, which discards them.
type sink = jsonscan.Sink

// scanner tokenizes JSON and drives a sink.
type scanner = jsonscan.Scanner

// nopEvents discards the events of a value only checked for syntax.
type nopEvents = jsonscan.NopEvents

// maxDepth is the deepest nesting of objects and arrays accepted.
const maxDepth = jsonscan.MaxDepth

func newScanner(out sink) *scanner { return jsonscan.New(out) }

// quoteChar formats c as encoding/json's errors do.
func quoteChar(c byte) string { return jsonscan.QuoteChar(c) }
