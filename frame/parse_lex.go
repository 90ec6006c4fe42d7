package frame

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The lexer of ParseExpr: tokens are identifiers, backquoted names,
// numbers, quoted strings and operators, each with its byte offset for
// SyntaxError.

// tokKind is the kind of a token.
type tokKind uint8

const (
	tokEOF tokKind = iota
	tokIdent
	tokQuoted // a name between backquotes or double quotes
	tokInt
	tokFloat
	tokString
	tokOp // punctuation and operators, text in tok.text
)

// token is one token: its kind, its offset and its text.
type token struct {
	kind tokKind
	pos  int
	text string // identifier, operator, or the string literal's value
	raw  string // the source text of the token
}

func (t token) String() string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokString:
		return "string " + t.raw
	}
	return strconv.Quote(t.raw)
}

// next lexes the next token into p.tok.
func (p *parser) next() error {
	p.end = p.tok.pos + len(p.tok.raw)
	s := p.src
	for p.pos < len(s) {
		r, n := utf8.DecodeRuneInString(s[p.pos:])
		if !unicode.IsSpace(r) {
			break
		}
		p.pos += n
	}
	start := p.pos
	if start >= len(s) {
		p.tok = token{kind: tokEOF, pos: start}
		return nil
	}
	c := s[start]
	switch {
	case c == '\'':
		v, end, err := p.lexSQLString(start)
		if err != nil {
			return err
		}
		p.pos = end
		p.tok = token{kind: tokString, pos: start, text: v, raw: s[start:end]}
		return nil
	case c == '"':
		// A double-quoted name, as SQL's and DuckDB's ("Release Date");
		// "" inside is a quote.
		v, end, err := p.lexQuotedName(start)
		if err != nil {
			return err
		}
		p.pos = end
		p.tok = token{kind: tokQuoted, pos: start, text: v, raw: s[start:end]}
		return nil
	case c == '`':
		end := strings.IndexByte(s[start+1:], '`')
		if end < 0 {
			return p.errAt(start, "unterminated backquoted name")
		}
		end += start + 1
		if end == start+1 {
			return p.errAt(start, "empty backquoted name")
		}
		p.pos = end + 1
		p.tok = token{kind: tokQuoted, pos: start, text: s[start+1 : end], raw: s[start : end+1]}
		return nil
	case c >= '0' && c <= '9' || c == '.' && start+1 < len(s) && s[start+1] >= '0' && s[start+1] <= '9':
		return p.lexNumber(start)
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf:
		end := start
		for end < len(s) {
			r, n := utf8.DecodeRuneInString(s[end:])
			if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			end += n
		}
		if end == start {
			r, _ := utf8.DecodeRuneInString(s[start:])
			return p.errAt(start, "unexpected character %q", r)
		}
		p.pos = end
		p.tok = token{kind: tokIdent, pos: start, text: s[start:end], raw: s[start:end]}
		return nil
	}
	for _, op := range [...]string{"::", "==", "!=", "<>", "<=", ">=", "&&", "||", "//", "=", "<", ">", "!", "+", "-", "*", "/", "%", "(", ")", ",", ".", "[", "]"} {
		if strings.HasPrefix(s[start:], op) {
			p.pos = start + len(op)
			p.tok = token{kind: tokOp, pos: start, text: op, raw: op}
			return nil
		}
	}
	r, _ := utf8.DecodeRuneInString(s[start:])
	return p.errAt(start, "unexpected character %q", r)
}

// lexQuotedName reads a double-quoted name starting at start: its text
// and the offset after its closing quote.
func (p *parser) lexQuotedName(start int) (string, int, error) {
	s := p.src
	var b strings.Builder
	for i := start + 1; i < len(s); i++ {
		if s[i] != '"' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '"' {
			b.WriteByte('"')
			i++
			continue
		}
		if b.Len() == 0 {
			return "", 0, p.errAt(start, "empty quoted name")
		}
		return b.String(), i + 1, nil
	}
	return "", 0, p.errAt(start, "unterminated quoted name")
}

// lexSQLString reads a single-quoted string as SQL (and DuckDB) does.
func (p *parser) lexSQLString(start int) (string, int, error) {
	s := p.src
	var b strings.Builder
	for i := start + 1; i < len(s); i++ {
		if s[i] != '\'' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '\'' {
			b.WriteByte('\'')
			i++
			continue
		}
		return b.String(), i + 1, nil
	}
	return "", 0, p.errAt(start, "unterminated string")
}

// lexNumber reads an integer (int64) or a float (with '.' or an exponent).
func (p *parser) lexNumber(start int) error {
	s := p.src
	end, float := start, false
	digits := func() {
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
	}
	digits()
	if end < len(s) && s[end] == '.' {
		float = true
		end++
		digits()
	}
	if end < len(s) && (s[end] == 'e' || s[end] == 'E') {
		float = true
		end++
		if end < len(s) && (s[end] == '+' || s[end] == '-') {
			end++
		}
		digits()
	}
	if end < len(s) && (s[end] == '_' || s[end] >= 'a' && s[end] <= 'z' || s[end] >= 'A' && s[end] <= 'Z') {
		return p.errAt(end, "malformed number %q", s[start:end+1])
	}
	raw := s[start:end]
	p.pos = end
	if float {
		if _, err := strconv.ParseFloat(raw, 64); err != nil {
			return p.errAt(start, "malformed number %q", raw)
		}
		p.tok = token{kind: tokFloat, pos: start, text: raw, raw: raw}
		return nil
	}
	p.tok = token{kind: tokInt, pos: start, text: raw, raw: raw}
	return nil
}
