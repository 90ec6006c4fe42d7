package structured

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/structframe/structframe/structured/internal/build"
)

// ParseSpec reads a Spec written as [Spec.String] or [Spec.Tree] print it,
// for schemas written by hand:
//
//	spec, err := structured.ParseSpec(`var * {id: int64, tags: ?var * string, pos: 3 * float64}`)
//
// ParseSpec(s.String()) and ParseSpec(s.Tree()) equal s for every Spec whose
// leaves have the types listed in [Spec.String]. Spaces, tabs and newlines
// may go between tokens; within braces fields are separated by a comma, a
// newline or both, and a trailing comma is allowed. Errors say where, as
// "at column 17" (or "at line 3, column 5" for several lines): ErrSchema
// for a syntax error, ErrType for an unknown type name, ErrPath for an
// empty or repeated field name; their Path is the field being read. A ?
// before the whole Spec sets [Spec.Nullable].
//
// Structures may nest at most 10,000 deep (as encoding/json allows), a
// deeper text is an ErrSchema error; time and memory grow linearly with
// the text, and errors quote at most a few dozen bytes of it.
func ParseSpec(text string) (*Spec, error) {
	p := &specParser{src: text, multiline: strings.Contains(text, "\n")}
	p.skipSpace(true)
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	if !t.IsStruct() {
		return nil, p.errAt(t.itemPos, ErrSchema, "a Spec is a structure {...}, possibly with dimensions before it, got the type %s", typeName(t.Type))
	}
	p.skipSpace(true)
	if p.pos < len(p.src) {
		return nil, p.errAt(p.pos, ErrSchema, "unexpected %s after the Spec", p.describe(p.pos))
	}
	return &Spec{Shape: t.Dims, Fields: t.Fields, Nullable: t.Nullable}, nil
}

// specParser reads a Spec's text; pos is the byte offset of the next
// unread byte. names is the path of the field being read, rendered only
// for an error, so that deep nesting costs memory linear in the text.
type specParser struct {
	src       string
	pos       int
	multiline bool
	names     []string
}

// maxSpecNesting bounds how deep structures nest in a Spec's text: as
// deep as the values a Builder takes.
const maxSpecNesting = build.MaxNesting

// parsedType is a field's type as read: a FieldSpec without a name, and
// where its item type starts.
type parsedType struct {
	FieldSpec
	itemPos int
}

// errAt builds an error at byte offset pos, in the field being read.
func (p *specParser) errAt(pos int, kind error, format string, args ...any) error {
	return errorf("ParseSpec", kind, p.path(), "%s: %s", p.where(pos), fmt.Sprintf(format, args...))
}

// path renders the path of the field being read. Only the innermost
// names that fit maxErrorPath bytes are rendered, after "…", so that an
// error deep down costs no more than one near the top.
func (p *specParser) path() string {
	const ellipsis = "…"
	n, first := 0, len(p.names)
	for first > 1 && n+len(p.names[first-1])+1 <= maxErrorPath-len(ellipsis) {
		first--
		n += len(p.names[first]) + 1
	}
	if first == 1 && n+len(p.names[0]) <= maxErrorPath {
		first = 0
	}
	path := strings.Join(p.names[first:], ".")
	if first > 0 {
		path = ellipsis + "." + path
	}
	return path
}

// where renders byte offset pos as "at column C" or, for a text of
// several lines, "at line L, column C" (counted from 1, in characters).
func (p *specParser) where(pos int) string {
	before := p.src[:pos]
	line := strings.Count(before, "\n") + 1
	col := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:]) + 1
	if !p.multiline {
		return fmt.Sprintf("at column %d", col)
	}
	return fmt.Sprintf("at line %d, column %d", line, col)
}

// describe names what is at pos, for messages: a word, a character or the
// end of the text.
func (p *specParser) describe(pos int) string {
	if pos >= len(p.src) {
		return "end of text"
	}
	if ok, _ := p.identAt(pos, true); ok {
		end := pos
		for {
			ok, n := p.identAt(end, true)
			if !ok {
				break
			}
			end += n
		}
		return quoteInput(p.src[pos:end])
	}
	r, _ := utf8.DecodeRuneInString(p.src[pos:])
	if r == '\n' {
		return "end of line"
	}
	return strconv.QuoteRune(r)
}

func isIdentByte(c byte, digits bool) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || digits && c >= '0' && c <= '9'
}

// identAt reports whether an identifier (ASCII or Unicode letters, digits
// and _, not starting with a digit) starts at pos, or continues there if
// digits is set, and the length of its character there.
func (p *specParser) identAt(pos int, digits bool) (bool, int) {
	if pos >= len(p.src) {
		return false, 0
	}
	if c := p.src[pos]; c < utf8.RuneSelf {
		return isIdentByte(c, digits), 1
	}
	r, n := utf8.DecodeRuneInString(p.src[pos:])
	return unicode.IsLetter(r), n
}

// skipSpace skips spaces and tabs, and newlines too if newlines is set.
func (p *specParser) skipSpace(newlines bool) {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\r':
		case '\n':
			if !newlines {
				return
			}
		default:
			return
		}
		p.pos++
	}
}

// peek returns the next byte, or 0 at the end.
func (p *specParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// ident reads an identifier, or returns "" if there is none at pos.
func (p *specParser) ident() string {
	start := p.pos
	if ok, _ := p.identAt(start, false); !ok {
		return ""
	}
	for {
		ok, n := p.identAt(p.pos, true)
		if !ok {
			return p.src[start:p.pos]
		}
		p.pos += n
	}
}

// parseType reads [?] dims item, where dims are "N *" or "var *" and item
// a structure or a leaf type.
func (p *specParser) parseType() (parsedType, error) {
	var t parsedType
	if p.peek() == '?' {
		t.Nullable = true
		p.pos++
		p.skipSpace(true)
	}
	for {
		start := p.pos
		c := p.peek()
		switch {
		case c == '?':
			return t, p.errAt(start, ErrSchema, "? goes before the whole type of a field, as in ?var * int64; a field's nullability covers all of its levels")
		case c >= '0' && c <= '9':
			for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
				p.pos++
			}
			d, err := strconv.Atoi(p.src[start:p.pos])
			if err != nil {
				return t, p.errAt(start, ErrSchema, "dimension %s is too large", build.ClipMiddle(p.src[start:p.pos], maxErrorQuote))
			}
			if err := p.star(build.ClipMiddle(p.src[start:p.pos], maxErrorQuote)); err != nil {
				return t, err
			}
			t.Dims = append(t.Dims, d)
		case c == '{':
			t.itemPos = start
			fields, err := p.parseStruct()
			if err != nil {
				return t, err
			}
			t.Fields = fields
			return t, nil
		case p.ident() != "":
			name := p.src[start:p.pos]
			if name == "var" {
				if err := p.star("var"); err != nil {
					return t, err
				}
				t.Dims = append(t.Dims, Unknown)
				continue
			}
			if name == "map" && p.peek() == '<' {
				t.itemPos = start
				return p.mapType(t)
			}
			t.itemPos = start
			dt, err := p.leafType(name, start)
			if err != nil {
				return t, err
			}
			t.Type = dt
			return t, nil
		default:
			return t, p.errAt(start, ErrSchema, "want a dimension (a number or var), a type or {, got %s", p.describe(start))
		}
	}
}

// mapType reads <K, V> after map, completing t, whose dimensions were
// read before.
func (p *specParser) mapType(t parsedType) (parsedType, error) {
	open := p.pos
	if len(p.names) >= maxSpecNesting {
		return t, p.errAt(open, ErrSchema, "types nested more than %d levels deep", maxSpecNesting)
	}
	p.pos++ // <
	p.skipSpace(true)
	p.names = append(p.names, "key")
	key, err := p.parseType()
	if err == nil && (key.Type == nil || key.Nullable || len(key.Dims) > 0) {
		err = p.errAt(open+1, ErrSchema, "a map's key is a scalar type that is not nullable, as in map<string, float64>")
	}
	p.names = p.names[:len(p.names)-1]
	if err != nil {
		return t, err
	}
	p.skipSpace(true)
	if p.peek() != ',' {
		return t, p.errAt(p.pos, ErrSchema, "want , after the key type of map<K, V>, got %s", p.describe(p.pos))
	}
	p.pos++
	p.skipSpace(true)
	p.names = append(p.names, "value")
	val, err := p.parseType()
	p.names = p.names[:len(p.names)-1]
	if err != nil {
		return t, err
	}
	p.skipSpace(true)
	if p.peek() != '>' {
		return t, p.errAt(p.pos, ErrSchema, "want > to close map<K, V>, got %s", p.describe(p.pos))
	}
	p.pos++
	key.Name, val.Name = "key", "value"
	t.Fields = []FieldSpec{key.FieldSpec, val.FieldSpec}
	t.Dims = append(t.Dims, Unknown)
	t.Map = true
	return t, nil
}

// star reads the " * " after a dimension.
func (p *specParser) star(dim string) error {
	p.skipSpace(true)
	if p.peek() != '*' {
		return p.errAt(p.pos, ErrSchema, "want * after the dimension %s, got %s", dim, p.describe(p.pos))
	}
	p.pos++
	p.skipSpace(true)
	return nil
}

// parseStruct reads {field, field, ...}.
func (p *specParser) parseStruct() ([]FieldSpec, error) {
	open := p.pos
	if len(p.names) >= maxSpecNesting {
		return nil, p.errAt(open, ErrSchema, "structures nested more than %d levels deep", maxSpecNesting)
	}
	p.pos++ // {
	p.skipSpace(true)
	fields := []FieldSpec{}
	seen := map[string]bool{}
	for {
		if p.peek() == '}' {
			p.pos++
			return fields, nil
		}
		if p.pos >= len(p.src) {
			return nil, p.errAt(open, ErrSchema, "unclosed {")
		}
		f, err := p.parseField(seen)
		if err != nil {
			return nil, err
		}
		fields = append(fields, f)
		p.skipSpace(false)
		switch p.peek() {
		case ',', '\n':
			p.pos++
			p.skipSpace(true)
		case '}':
		case 0:
			return nil, p.errAt(open, ErrSchema, "unclosed {")
		default:
			return nil, p.errAt(p.pos, ErrSchema, "want , or } after field %s, got %s", build.ClipMiddle(quoteName(f.Name), maxErrorQuote), p.describe(p.pos))
		}
	}
}

// parseField reads name: type; seen holds the names of the fields read
// before it in the same structure, to which it adds its own. The name is
// on p.names while its type is read.
func (p *specParser) parseField(seen map[string]bool) (FieldSpec, error) {
	start := p.pos
	var name string
	switch c := p.peek(); {
	case c == '"':
		end, ok := stringEnd(p.src, start)
		if !ok {
			return FieldSpec{}, p.errAt(start, ErrSchema, "unterminated quoted field name")
		}
		s, err := strconv.Unquote(p.src[start:end])
		if err != nil {
			return FieldSpec{}, p.errAt(start, ErrSchema, "bad quoted field name %s", build.ClipMiddle(p.src[start:end], maxErrorQuote))
		}
		name, p.pos = s, end
	case p.ident() != "":
		name = p.src[start:p.pos]
	default:
		return FieldSpec{}, p.errAt(start, ErrSchema, "want a field name, got %s", p.describe(start))
	}
	p.names = append(p.names, name)
	defer func() { p.names = p.names[:len(p.names)-1] }()
	if seen[name] {
		return FieldSpec{}, p.errAt(start, ErrPath, "field given twice")
	}
	seen[name] = true
	p.skipSpace(true)
	if p.peek() != ':' {
		return FieldSpec{}, p.errAt(p.pos, ErrSchema, "want : after the field name, got %s", p.describe(p.pos))
	}
	p.pos++
	p.skipSpace(true)
	t, err := p.parseType()
	if err != nil {
		return FieldSpec{}, err
	}
	t.Name = name
	return t.FieldSpec, nil
}

// stringEnd returns the offset just past the Go string literal starting
// with the quote at src[start].
func stringEnd(src string, start int) (int, bool) {
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		case '\n':
			return 0, false
		}
	}
	return 0, false
}
