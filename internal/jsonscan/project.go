package jsonscan

import (
	"encoding/binary"
	"math/bits"

	"github.com/structframe/structframe/internal/jsonnum"
)

// Projection is the set of keys a scan keeps, as a tree of field paths:
// the keys of a record are looked up in Kids, and a kept key whose node
// is nil keeps everything below it. Lists are transparent: the records
// inside a list of records are projected by the node of the list's
// field. A value that is not a record is kept whole. A key left out is
// still checked for syntax, and gives no event.
type Projection struct {
	Kids map[string]*Projection

	// The keys of Kids and their nodes as slices, set by Compile: a
	// record's keys are then looked up by their length and bytes, without
	// hashing (most keys of a narrow projection are misses).
	names []string
	kids  []*Projection
}

// Compile prepares p and the nodes below it for the scan, once they are
// built; a Projection not compiled is looked up in its maps. It must not
// be changed afterwards.
func (p *Projection) Compile() {
	if p == nil {
		return
	}
	p.names, p.kids = nil, nil
	for _, c := range p.Kids {
		c.Compile()
	}
	if len(p.Kids) > maxLinearKeys {
		return // a map finds one of many keys the faster
	}
	p.names, p.kids = make([]string, 0, len(p.Kids)), make([]*Projection, 0, len(p.Kids))
	for k, c := range p.Kids {
		p.names = append(p.names, k)
		p.kids = append(p.kids, c)
	}
}

// maxLinearKeys is the most keys a compiled node looks up in order.
const maxLinearKeys = 8

// lookup is Kids[string(k)].
func (p *Projection) lookup(k []byte) (*Projection, bool) {
	if p.names == nil {
		c, ok := p.Kids[string(k)]
		return c, ok
	}
	for i, name := range p.names {
		if len(name) == len(k) && name == string(k) {
			return p.kids[i], true
		}
	}
	return nil, false
}

// NopEvents is a Sink that discards the events: a value only checked
// for syntax, or skipped.
type NopEvents struct{}

// BeginRecord does nothing.
func (NopEvents) BeginRecord() error { return nil }

// EndRecord does nothing.
func (NopEvents) EndRecord() error { return nil }

// KeyBytes does nothing.
func (NopEvents) KeyBytes([]byte) error { return nil }

// BeginList does nothing.
func (NopEvents) BeginList() error { return nil }

// EndList does nothing.
func (NopEvents) EndList() error { return nil }

// Number does nothing.
func (NopEvents) Number([]byte) error { return nil }

// StringBytes does nothing.
func (NopEvents) StringBytes([]byte) error { return nil }

// Bool does nothing.
func (NopEvents) Bool(bool) error { return nil }

// Null does nothing.
func (NopEvents) Null() error { return nil }

// skip scans the value at s.pos as value does, checking its syntax and
// failing with value's errors, but gives the sink nothing: a key the
// projection leaves out. It loops where value recurses and calls no
// sink method, for the skipped keys are most of the bytes a narrow
// projection reads. The position is kept in a local variable and the
// common tokens (strings of plain bytes, numbers, no whitespace) are
// scanned in place; anything else (an escape, a byte that is not ASCII,
// whitespace, an error) goes through the Scanner's own methods, which
// check it and word the errors as value does.
func (s *Scanner) skip() error {
	data := s.data
	stack := s.stack[:0]
	defer func() { s.stack = stack[:0] }()
	pos := s.pos
	for {
		// A value starts at pos.
		if pos >= len(data) {
			s.pos = pos
			return s.eof()
		}
		c := data[pos]
		switch {
		case c == '"':
			end := plainStringEnd(data, pos)
			if end < 0 {
				s.pos = pos
				if _, err := s.str(); err != nil {
					return err
				}
				end = s.pos
			}
			pos = end
		case c == '{' || c == '[':
			s.depth++
			if s.depth > MaxDepth {
				return s.syntax(pos, "exceeded max depth")
			}
			pos++
			if pos < len(data) && data[pos] <= ' ' {
				s.pos = pos
				s.skipSpace()
				pos = s.pos
			}
			closing := c + 2 // '}' or ']'
			if pos < len(data) && data[pos] == closing {
				pos++
				s.depth--
				break // an empty one: a value ended
			}
			stack = append(stack, closing)
			if closing == '}' {
				var err error
				if pos, err = s.skipKeyAt(pos); err != nil {
					return err
				}
			}
			continue
		case c == '-' || isDigit(c):
			end, ok := jsonnum.End(data, pos)
			if !ok {
				s.pos = pos
				_, err := s.numberEnd() // the error, as precise as it can be
				return err
			}
			pos = end
		case c == 't' || c == 'f' || c == 'n':
			s.pos = pos
			var err error
			switch c {
			case 't':
				err = s.literal("true")
			case 'f':
				err = s.literal("false")
			default:
				err = s.literal("null")
			}
			if err != nil {
				return err
			}
			pos = s.pos
		default:
			if c <= ' ' {
				s.pos = pos
				s.skipSpace()
				if s.pos > pos { // whitespace (a control character is not)
					pos = s.pos
					continue
				}
			}
			return s.syntax(pos, "invalid character "+QuoteChar(c)+" looking for beginning of value")
		}
		// A value ended: close the containers it ends, up to a comma.
		for {
			if len(stack) == 0 {
				s.pos = pos
				return nil
			}
			if pos < len(data) && data[pos] <= ' ' {
				s.pos = pos
				s.skipSpace()
				pos = s.pos
			}
			if pos >= len(data) {
				s.pos = pos
				return s.eof()
			}
			closing, c := stack[len(stack)-1], data[pos]
			if c == ',' {
				pos++
				if closing == '}' {
					var err error
					if pos, err = s.skipKeyAt(pos); err != nil {
						return err
					}
				} else if pos < len(data) && data[pos] <= ' ' {
					s.pos = pos
					s.skipSpace()
					pos = s.pos
				}
				break
			}
			if c != closing {
				if closing == '}' {
					return s.syntax(pos, "invalid character "+QuoteChar(c)+" after object key:value pair")
				}
				return s.syntax(pos, "invalid character "+QuoteChar(c)+" after array element")
			}
			pos++
			s.depth--
			stack = stack[:len(stack)-1]
		}
	}
}

// plainStringEnd returns the offset just after the string at data[i] (a
// '"') when it holds only plain bytes (printable ASCII, no escape), -1
// otherwise (or when it is not closed), for the Scanner's str to check.
func plainStringEnd(data []byte, i int) int {
	i++
	for i+8 <= len(data) {
		if m := special(binary.LittleEndian.Uint64(data[i:])); m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			if data[i] == '"' {
				return i + 1
			}
			return -1
		}
		i += 8
	}
	for ; i < len(data); i++ {
		if c := data[i]; !plain[c] {
			if c == '"' {
				return i + 1
			}
			return -1
		}
	}
	return -1
}

// skipKeyAt scans an object's key at pos (after space), its colon, and
// the space around them, returning where the value starts: skipKey with the
// position given and returned, a plain key scanned in place.
func (s *Scanner) skipKeyAt(pos int) (int, error) {
	data := s.data
	if pos < len(data) && data[pos] <= ' ' {
		s.pos = pos
		s.skipSpace()
		pos = s.pos
	}
	if pos < len(data) && data[pos] == '"' {
		if end := plainStringEnd(data, pos); end >= 0 && end < len(data) && data[end] == ':' {
			pos = end + 1
			if pos < len(data) && data[pos] <= ' ' {
				s.pos = pos
				s.skipSpace()
				pos = s.pos
			}
			return pos, nil
		}
	}
	s.pos = pos
	if err := s.skipKey(); err != nil {
		return 0, err
	}
	return s.pos, nil
}

// skipKey scans an object's key and its colon, and the space after them.
func (s *Scanner) skipKey() error {
	if s.pos >= len(s.data) {
		return s.eof()
	}
	if s.data[s.pos] != '"' {
		return s.syntax(s.pos, "invalid character "+QuoteChar(s.data[s.pos])+" looking for beginning of object key string")
	}
	if _, err := s.str(); err != nil {
		return err
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
	return nil
}
