// Package jsonscan is the JSON tokenizer of the module: a hand-written
// Scanner over a []byte that drives a *structured.Builder (or any Sink)
// with one event per token, never building a map[string]any. io/json
// reads files with it, frame decodes strings of JSON text with it.
//
// Figures: BenchmarkScanRecipes over the first 50 MiB (cut at a line end) of
// /tmp/benchdata/recipes.ndjson, in memory, Go 1.26.8, linux/amd64, a 2-core
// VM shared with other work (load average ~2.2, so the spread is wide):
//
//	go test -run '^$' -bench BenchmarkScanRecipes -benchtime 3x -count 5 -cpu 1 -benchmem ./io/json
//
//	                                      median MB/s  (min-max)   allocs/op
//	tokenize (no-op Sink)                      657     (511-807)   0
//	scan into a Builder + Finish               260     (168-279)   567
//	encoding/json (Decoder, UseNumber) into
//	  any per line + structured.FromValue       31     (25-35)     9,974,288
//
// The tokenizer is about 8x the encoding/json path end to end; with the Builder
// behind it, the Builder's number parsing and column growth (memmove) dominate.
//
// Decisions (RFC 8259 conformance):
//
//   - Invalid UTF-8 inside a string is rejected with a *SyntaxError (RFC 8259
//     §8.1: JSON text MUST be UTF-8). encoding/json accepts it (Valid says true)
//     and replaces each bad byte with U+FFFD when decoding; this is the one
//     deliberate difference from encoding/json.Valid. Invalid bytes outside
//     strings are invalid characters in both.
//   - A \u escape of a lone surrogate (a high surrogate not followed by a \u
//     escape of a low one, or a lone low surrogate) is accepted and decoded as
//     U+FFFD, as encoding/json does: it is grammatical JSON (RFC 8259 §8.2
//     leaves its meaning to the reader), and it keeps agreement with
//     encoding/json.Valid and Unmarshal.
//   - Nesting deeper than MaxDepth (10,000 objects and arrays, the limit of
//     encoding/json) is a *SyntaxError "exceeded max depth", never a stack
//     overflow.
//   - A key given twice in one object is valid syntax here (RFC 8259 §4: names
//     SHOULD be unique); the Builder refuses the record with an error naming
//     the field and the row, where encoding/json keeps the last value.
//   - A byte order mark is an invalid character, as in encoding/json.
//   - In NDJSON every line holds one whole value: a value may not continue on
//     the next line; blank (whitespace-only) lines are skipped and "\r\n" line
//     ends are accepted.

package jsonscan

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/structframe/structframe/internal/jsonnum"
)

// MaxDepth is the deepest nesting of objects and arrays accepted, the limit of
// encoding/json.
const MaxDepth = 10000

// Sink receives the events of a scan: a structured.Builder's Events (an
// interface value that calls the Builder's engine directly), or nopEvents,
// which discards them (skipped values, tests and benchmarks).
type Sink interface {
	BeginRecord() error
	EndRecord() error
	KeyBytes(name []byte) error
	BeginList() error
	EndList() error
	Number(text []byte) error
	StringBytes(v []byte) error
	Bool(v bool) error
	Null() error
}

// NumberSink is a Sink that takes a number as the Scanner scans it (the
// Builder): its digits are then read once, as the scanner checks them.
type NumberSink interface {
	ScannedNumber(text []byte, n *jsonnum.Num) error
}

// SyntaxError is a JSON syntax error: the input is not valid JSON (RFC 8259)
// at Offset.
type SyntaxError struct {
	Line   int    // 1-based line of Offset
	Column int    // 1-based column of Offset, in bytes
	Offset int64  // 0-based byte offset of the error in the input
	Msg    string // what is wrong, as "invalid character 'x' after object key"
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("json: line %d, column %d (offset %d): %s", e.Line, e.Column, e.Offset, e.Msg)
}

// RecordError is an error met building a record (a top-level value, array
// element or NDJSON line) that is valid JSON but does not fit the schema: a
// field holding a number in one record and a string in another, a key the
// Spec lacks. Err names the field path; Line and Offset are where the record
// starts in the input.
type RecordError struct {
	Line   int   // 1-based line where the record starts
	Offset int64 // 0-based byte offset where the record starts
	Err    error // the Builder's error, naming the field path
}

func (e *RecordError) Error() string {
	return fmt.Sprintf("json: record at line %d (offset %d): %v", e.Line, e.Offset, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// Scanner tokenizes JSON and drives a Sink. Its scratch buffer (unescaped
// strings) is reused from one string to the next: a string or key passed to
// the Sink is valid only during the call.
type Scanner struct {
	Out  Sink        // where the events go
	Proj *Projection // keys to keep (nil: all)

	full     []byte // the whole input, for line numbers
	data     []byte // full, or full cut at the end of the current NDJSON line
	pos      int
	depth    int
	rowStart int  // offset of the current record, for RecordError
	ndjson   bool // end of data is the end of a line, not of the input
	scratch  []byte
	stack    []byte      // skip's open containers, by closing bracket
	nums     NumberSink  // Out, if it takes numbers scanned
	num      jsonnum.Num // the number scanned, for nums (not on the heap each time)

	// Where full starts in the whole input, when it is one block of it:
	// errors report positions in the whole input.
	base     int64 // byte offset
	baseLine int   // 1-based line
	baseCol  int   // 1-based column
}

// New returns a Scanner sending its events to out.
func New(out Sink) *Scanner { return &Scanner{Out: out, baseLine: 1, baseCol: 1} }

// at says where the next input given to the Scanner starts in the whole
// input.
func (s *Scanner) At(base int64, line, col int) {
	s.base, s.baseLine, s.baseCol = base, line, col
}

func (s *Scanner) reset(data []byte, pos int) {
	s.full, s.data, s.pos, s.depth, s.ndjson = data, data, pos, 0, false
	s.nums, _ = s.Out.(NumberSink)
}

// scanValue scans one value from data[pos:] (leading whitespace skipped) as
// one row of the Sink and returns the offset just after it.
func (s *Scanner) ScanValue(data []byte, pos int) (int, error) {
	s.reset(data, pos)
	s.skipSpace()
	if s.pos >= len(s.data) {
		return s.pos, s.eof()
	}
	s.rowStart = s.pos
	err := s.value()
	return s.pos, err
}

// scanDocument scans data as one JSON text: one value, as one row of the Sink,
// with nothing but whitespace around it.
func (s *Scanner) ScanDocument(data []byte) error {
	pos, err := s.ScanValue(data, 0)
	if err != nil {
		return err
	}
	return s.end(pos, "after top-level value")
}

// end checks that only whitespace follows pos.
func (s *Scanner) end(pos int, what string) error {
	s.pos = pos
	s.skipSpace()
	if s.pos < len(s.data) {
		return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" "+what)
	}
	return nil
}

// scanArray scans data as one JSON array whose elements are the rows of the
// Sink (the array itself gives no event).
func (s *Scanner) ScanArray(data []byte) error {
	s.reset(data, 0)
	s.skipSpace()
	if s.pos >= len(s.data) {
		return s.eof()
	}
	if s.data[s.pos] != '[' {
		return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" looking for beginning of array")
	}
	s.pos++
	s.depth = 1
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		return s.end(s.pos+1, "after top-level value")
	}
	for {
		if s.pos >= len(s.data) {
			return s.eof()
		}
		s.rowStart = s.pos
		if err := s.value(); err != nil {
			return err
		}
		s.skipSpace()
		if s.pos >= len(s.data) {
			return s.eof()
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.skipSpace()
		case ']':
			return s.end(s.pos+1, "after top-level value")
		default:
			return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" after array element")
		}
	}
}

// scanNDJSON scans data as NDJSON: one value per line, each one row of the
// Sink. Blank lines are skipped; a line may end in "\r\n".
func (s *Scanner) ScanNDJSON(data []byte) error {
	s.reset(data, 0)
	s.ndjson = true
	for pos := 0; pos < len(data); {
		end := bytes.IndexByte(data[pos:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += pos
		}
		s.data, s.pos, s.depth = data[:end], pos, 0
		s.skipSpace()
		if s.pos < end {
			s.rowStart = s.pos
			if err := s.value(); err != nil {
				return err
			}
			if err := s.end(s.pos, "after top-level value"); err != nil {
				return err
			}
		}
		pos = end + 1
	}
	s.data = data
	return nil
}

// scanElements scans data as a run of elements of a top-level array, each
// one row of the Sink: "v, v, v," as the reader cuts an array between
// two commas. The first run starts just after the '[' (later ones just
// after a comma); the last one ends with the array's ']' (or with the
// input, which is then cut short).
func (s *Scanner) ScanElements(data []byte, first, last bool) error {
	s.reset(data, 0)
	s.depth = 1
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' && last {
		if !first {
			return s.syntax(s.pos, "invalid character ']' looking for beginning of value")
		}
		return nil // []
	}
	for s.pos < len(s.data) {
		s.rowStart = s.pos
		if err := s.value(); err != nil {
			return err
		}
		s.skipSpace()
		if s.pos >= len(s.data) {
			break
		}
		switch c := s.data[s.pos]; {
		case c == ']' && last:
			return nil
		case c != ',':
			return s.syntax(s.pos, "invalid character "+QuoteChar(c)+" after array element")
		}
		s.pos++
		s.skipSpace()
		if s.pos < len(s.data) && s.data[s.pos] == ']' && last {
			return s.syntax(s.pos, "invalid character ']' looking for beginning of value")
		}
	}
	if last {
		return s.eof()
	}
	return nil
}

// scanStream scans data as JSON values one after another, separated by
// whitespace or nothing (as encoding/json.Decoder reads them), each one row
// of the Sink: concatenated or pretty-printed documents.
func (s *Scanner) ScanStream(data []byte) error {
	s.reset(data, 0)
	for {
		s.skipSpace()
		if s.pos >= len(s.data) {
			return nil
		}
		s.rowStart = s.pos
		s.depth = 0
		if err := s.value(); err != nil {
			return err
		}
		if s.pos < len(s.data) && !isDelim(s.data[s.pos]) && !isDelim(s.data[s.pos-1]) {
			// Two scalars need space between them: 12 is one number.
			return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" after top-level value")
		}
	}
}

// isDelim reports whether c ends or starts a value by itself: a value that
// ends in it (or before it) cannot run into the next one.
func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '{', '}', '[', ']', '"':
		return true
	}
	return false
}

func (s *Scanner) skipSpace() {
	if s.pos < len(s.data) && s.data[s.pos] > ' ' {
		return // most often: no space between tokens
	}
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\n', '\t', '\r':
			s.pos++
		default:
			return
		}
	}
}

// value scans the value at s.pos (no leading whitespace).
func (s *Scanner) value() error {
	if s.pos >= len(s.data) {
		return s.eof()
	}
	switch c := s.data[s.pos]; c {
	case '{':
		return s.object()
	case '[':
		return s.array()
	case '"':
		v, err := s.str()
		if err != nil {
			return err
		}
		return s.emit(s.Out.StringBytes(v))
	case 't':
		if err := s.literal("true"); err != nil {
			return err
		}
		return s.emit(s.Out.Bool(true))
	case 'f':
		if err := s.literal("false"); err != nil {
			return err
		}
		return s.emit(s.Out.Bool(false))
	case 'n':
		if err := s.literal("null"); err != nil {
			return err
		}
		return s.emit(s.Out.Null())
	default:
		if c == '-' || c >= '0' && c <= '9' {
			return s.number()
		}
		return s.syntax(s.pos, "invalid character "+QuoteChar(c)+" looking for beginning of value")
	}
}

func (s *Scanner) literal(lit string) error {
	for i := 1; i < len(lit); i++ {
		p := s.pos + i
		if p >= len(s.data) {
			return s.eof()
		}
		if s.data[p] != lit[i] {
			return s.syntax(p, "invalid character "+QuoteChar(s.data[p])+" in literal "+lit+" (expecting "+QuoteChar(lit[i])+")")
		}
	}
	s.pos += len(lit)
	return nil
}

func (s *Scanner) object() error {
	s.depth++
	if s.depth > MaxDepth {
		return s.syntax(s.pos, "exceeded max depth")
	}
	s.pos++
	if err := s.emit(s.Out.BeginRecord()); err != nil {
		return err
	}
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		s.depth--
		return s.emit(s.Out.EndRecord())
	}
	for {
		if s.pos >= len(s.data) {
			return s.eof()
		}
		if s.data[s.pos] != '"' {
			return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" looking for beginning of object key string")
		}
		k, err := s.str()
		if err != nil {
			return err
		}
		proj, keep := s.Proj, true
		if proj != nil {
			s.Proj, keep = proj.lookup(k)
		}
		if keep {
			if err := s.emit(s.Out.KeyBytes(k)); err != nil {
				return err
			}
		}
		s.skipSpace()
		if s.pos >= len(s.data) {
			return s.eof()
		}
		if s.data[s.pos] != ':' {
			return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" after object key")
		}
		s.pos++
		s.skipSpace()
		if keep {
			err = s.value()
		} else {
			err = s.skip()
		}
		s.Proj = proj
		if err != nil {
			return err
		}
		s.skipSpace()
		if s.pos >= len(s.data) {
			return s.eof()
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.skipSpace()
		case '}':
			s.pos++
			s.depth--
			return s.emit(s.Out.EndRecord())
		default:
			return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" after object key:value pair")
		}
	}
}

func (s *Scanner) array() error {
	s.depth++
	if s.depth > MaxDepth {
		return s.syntax(s.pos, "exceeded max depth")
	}
	s.pos++
	if err := s.emit(s.Out.BeginList()); err != nil {
		return err
	}
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		s.depth--
		return s.emit(s.Out.EndList())
	}
	for {
		if err := s.value(); err != nil {
			return err
		}
		s.skipSpace()
		if s.pos >= len(s.data) {
			return s.eof()
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.skipSpace()
		case ']':
			s.pos++
			s.depth--
			return s.emit(s.Out.EndList())
		default:
			return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" after array element")
		}
	}
}

func isDigit(c byte) bool { return c-'0' <= 9 }

// number scans -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? and passes its
// text to the Sink, with its value scanned when the Sink takes it.
func (s *Scanner) number() error {
	start := s.pos
	if s.nums == nil {
		end, ok := jsonnum.End(s.data, start)
		if !ok {
			_, err := s.numberEnd() // the error, as precise as it can be
			return err
		}
		s.pos = end
		return s.emit(s.Out.Number(s.data[start:end]))
	}
	end := s.num.Scan(s.data, start)
	if !s.num.OK {
		_, err := s.numberEnd()
		return err
	}
	s.pos = end
	return s.emit(s.nums.ScannedNumber(s.data[start:end], &s.num))
}

// numberEnd checks the number at s.pos and returns where it ends.
func (s *Scanner) numberEnd() (int, error) {
	data, i := s.data, s.pos
	if data[i] == '-' {
		i++
		if i >= len(data) {
			return 0, s.eof()
		}
	}
	switch c := data[i]; {
	case c == '0':
		i++
	case c >= '1' && c <= '9':
		i++
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	default:
		return 0, s.syntax(i, "invalid character "+QuoteChar(c)+" in numeric literal")
	}
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) {
			return 0, s.eof()
		}
		if !isDigit(data[i]) {
			return 0, s.syntax(i, "invalid character "+QuoteChar(data[i])+" after decimal point in numeric literal")
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) {
			return 0, s.eof()
		}
		if !isDigit(data[i]) {
			return 0, s.syntax(i, "invalid character "+QuoteChar(data[i])+" in exponent of numeric literal")
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	return i, nil
}

// plain[c] is true for the bytes a string holds as they are: not '"', '\\',
// a control character or a non-ASCII byte (checked as UTF-8).
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// special flags (with the high bit of its byte) each byte of w that a
// string cannot hold as it is: '"', '\\', < 0x20 and >= 0x80.
func special(w uint64) uint64 {
	q := w ^ (lsb * '"')
	b := w ^ (lsb * '\\')
	m := (q - lsb) &^ q
	m |= (b - lsb) &^ b
	m |= (w - lsb*0x20) &^ w
	m |= w
	return m & msb
}

// str scans the string at s.pos (a '"') and returns its value: a slice of the
// input when it has no escape, else the scratch buffer.
func (s *Scanner) str() ([]byte, error) {
	data := s.data
	start := s.pos + 1
	i := start
	for {
		// Eight bytes at a time while none is special: each of '"', '\\',
		// < 0x20 and >= 0x80 sets the high bit of its byte of m.
		for i+8 <= len(data) {
			if m := special(binary.LittleEndian.Uint64(data[i:])); m != 0 {
				// The lowest flagged byte is special (a borrow only
				// flags bytes above a special one).
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i >= len(data) {
			return nil, s.eof()
		}
		c := data[i]
		if plain[c] {
			i++
			continue
		}
		switch {
		case c == '"':
			s.pos = i + 1
			return data[start:i], nil
		case c == '\\':
			s.scratch = append(s.scratch[:0], data[start:i]...)
			s.pos = i
			return s.escaped()
		case c < 0x20:
			return nil, s.syntax(i, "invalid character "+QuoteChar(c)+" in string literal")
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				return nil, s.syntax(i, "invalid UTF-8 in string")
			}
			i += size
		}
	}
}

// escaped scans the rest of a string from the escape at s.pos, decoding it
// after what scratch holds.
func (s *Scanner) escaped() ([]byte, error) {
	data := s.data
	i := s.pos
	for i < len(data) {
		c := data[i]
		if plain[c] {
			s.scratch = append(s.scratch, c)
			i++
			continue
		}
		switch {
		case c == '"':
			s.pos = i + 1
			return s.scratch, nil
		case c == '\\':
			if i+1 >= len(data) {
				return nil, s.eof()
			}
			e := data[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				s.scratch = append(s.scratch, e)
			case 'b':
				s.scratch = append(s.scratch, '\b')
			case 'f':
				s.scratch = append(s.scratch, '\f')
			case 'n':
				s.scratch = append(s.scratch, '\n')
			case 'r':
				s.scratch = append(s.scratch, '\r')
			case 't':
				s.scratch = append(s.scratch, '\t')
			case 'u':
				r, err := s.hex4(i)
				if err != nil {
					return nil, err
				}
				i += 4
				if utf16.IsSurrogate(r) {
					// A pair decodes to one rune; anything else is U+FFFD
					// and what follows is read on its own.
					r2 := rune(-1)
					if i+6 <= len(data) && data[i] == '\\' && data[i+1] == 'u' {
						if v, err := s.hex4(i + 2); err == nil {
							r2 = v
						}
					}
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						r = d
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				s.scratch = utf8.AppendRune(s.scratch, r)
			default:
				return nil, s.syntax(i-1, "invalid character "+QuoteChar(e)+" in string escape code")
			}
		case c < 0x20:
			return nil, s.syntax(i, "invalid character "+QuoteChar(c)+" in string literal")
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				return nil, s.syntax(i, "invalid UTF-8 in string")
			}
			s.scratch = append(s.scratch, data[i:i+size]...)
			i += size
		}
	}
	return nil, s.eof()
}

// hex4 reads the four hex digits of a \u escape at i.
func (s *Scanner) hex4(i int) (rune, error) {
	var r rune
	for j := i; j < i+4; j++ {
		if j >= len(s.data) {
			return 0, s.eof()
		}
		c := s.data[j]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, s.syntax(j, "invalid character "+QuoteChar(c)+" in \\u hexadecimal character escape")
		}
		r = r<<4 | rune(c)
	}
	return r, nil
}

// emit wraps an error of the Sink with the record's line.
func (s *Scanner) emit(err error) error {
	if err == nil {
		return nil
	}
	return s.recordError(err)
}

// recordError is err, met in the current record, with its line. Kept
// out of line, so that emit inlines.
//
//go:noinline
func (s *Scanner) recordError(err error) error {
	line, _ := s.lineCol(s.rowStart)
	return &RecordError{Line: line, Offset: s.base + int64(s.rowStart), Err: err}
}

func (s *Scanner) syntax(off int, msg string) error {
	line, col := s.lineCol(off)
	return &SyntaxError{Line: line, Column: col, Offset: s.base + int64(off), Msg: msg}
}

func (s *Scanner) eof() error {
	if s.ndjson && len(s.data) < len(s.full) {
		return s.syntax(len(s.data), "unexpected end of line")
	}
	return s.syntax(len(s.data), "unexpected end of JSON input")
}

// lineCol gives the 1-based line and byte column of off in the whole input.
func (s *Scanner) lineCol(off int) (line, col int) {
	if off > len(s.full) {
		off = len(s.full)
	}
	nl := bytes.Count(s.full[:off], []byte{'\n'})
	col = off - (bytes.LastIndexByte(s.full[:off], '\n') + 1) + 1
	if nl == 0 {
		col += s.baseCol - 1
	}
	return s.baseLine + nl, col
}

// QuoteChar formats c as encoding/json's errors do: 'x'.
func QuoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	q := strconv.Quote(string(rune(c)))
	return "'" + q[1:len(q)-1] + "'"
}
