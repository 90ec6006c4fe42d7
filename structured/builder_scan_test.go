package structured

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// scanJSON is a small JSON tokenizer that drives a Builder the way the
// JSON reader does: straight from the bytes, one event per token, no
// values built in between. It reads a sequence of top-level values (an
// NDJSON file, or whitespace-separated values); each is one row. It is a
// test driver (key order kept, strings with escapes decoded), not a
// validating parser.
func scanJSON(b *Builder, data []byte) error {
	s := &jsonScanner{b: b, data: data}
	for {
		s.space()
		if s.pos >= len(s.data) {
			return nil
		}
		if err := s.value(); err != nil {
			return err
		}
	}
}

type jsonScanner struct {
	b       *Builder
	data    []byte
	pos     int
	scratch []byte
}

var errScan = errors.New("bad JSON")

func (s *jsonScanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

func (s *jsonScanner) value() error {
	s.space()
	if s.pos >= len(s.data) {
		return errScan
	}
	switch c := s.data[s.pos]; c {
	case '{':
		s.pos++
		if err := s.b.BeginRecord(); err != nil {
			return err
		}
		s.space()
		if s.pos < len(s.data) && s.data[s.pos] == '}' {
			s.pos++
			return s.b.EndRecord()
		}
		for {
			s.space()
			key, err := s.str()
			if err != nil {
				return err
			}
			if err := s.b.KeyBytes(key); err != nil {
				return err
			}
			s.space()
			if s.pos >= len(s.data) || s.data[s.pos] != ':' {
				return errScan
			}
			s.pos++
			if err := s.value(); err != nil {
				return err
			}
			s.space()
			if s.pos >= len(s.data) {
				return errScan
			}
			if s.data[s.pos] == ',' {
				s.pos++
				continue
			}
			if s.data[s.pos] != '}' {
				return errScan
			}
			s.pos++
			return s.b.EndRecord()
		}
	case '[':
		s.pos++
		if err := s.b.BeginList(); err != nil {
			return err
		}
		s.space()
		if s.pos < len(s.data) && s.data[s.pos] == ']' {
			s.pos++
			return s.b.EndList()
		}
		for {
			if err := s.value(); err != nil {
				return err
			}
			s.space()
			if s.pos >= len(s.data) {
				return errScan
			}
			if s.data[s.pos] == ',' {
				s.pos++
				continue
			}
			if s.data[s.pos] != ']' {
				return errScan
			}
			s.pos++
			return s.b.EndList()
		}
	case '"':
		v, err := s.str()
		if err != nil {
			return err
		}
		return s.b.StringBytes(v)
	case 't', 'f', 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if len(s.data)-s.pos >= len(lit) && string(s.data[s.pos:s.pos+len(lit)]) == lit {
				s.pos += len(lit)
				switch lit {
				case "true":
					return s.b.Bool(true)
				case "false":
					return s.b.Bool(false)
				}
				return s.b.Null()
			}
		}
		return errScan
	default:
		start := s.pos
		for s.pos < len(s.data) {
			c := s.data[s.pos]
			if c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
				s.pos++
				continue
			}
			break
		}
		if s.pos == start {
			return errScan
		}
		return s.b.Number(s.data[start:s.pos])
	}
}

// str reads a string at s.pos; the bytes are valid until the next call.
func (s *jsonScanner) str() ([]byte, error) {
	if s.pos >= len(s.data) || s.data[s.pos] != '"' {
		return nil, errScan
	}
	s.pos++
	start := s.pos
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case '"':
			v := s.data[start:s.pos]
			s.pos++
			return v, nil
		case '\\':
			return s.escaped(start)
		}
		s.pos++
	}
	return nil, errScan
}

// escaped reads the rest of a string with escapes, decoding into scratch.
func (s *jsonScanner) escaped(start int) ([]byte, error) {
	s.scratch = append(s.scratch[:0], s.data[start:s.pos]...)
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch c {
		case '"':
			s.pos++
			return s.scratch, nil
		case '\\':
			if s.pos+1 >= len(s.data) {
				return nil, errScan
			}
			e := s.data[s.pos+1]
			s.pos += 2
			switch e {
			case 'n':
				s.scratch = append(s.scratch, '\n')
			case 't':
				s.scratch = append(s.scratch, '\t')
			case 'r':
				s.scratch = append(s.scratch, '\r')
			case 'b':
				s.scratch = append(s.scratch, '\b')
			case 'f':
				s.scratch = append(s.scratch, '\f')
			case 'u':
				if s.pos+4 > len(s.data) {
					return nil, errScan
				}
				r, err := strconv.ParseUint(string(s.data[s.pos:s.pos+4]), 16, 16)
				if err != nil {
					return nil, errScan
				}
				s.pos += 4
				s.scratch = utf8.AppendRune(s.scratch, rune(r))
			default:
				s.scratch = append(s.scratch, e)
			}
		default:
			s.scratch = append(s.scratch, c)
			s.pos++
		}
	}
	return nil, errScan
}
