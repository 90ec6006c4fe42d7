package jsonscan

import "github.com/structframe/structframe/internal/jsonnum"

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
// projection reads.
func (s *Scanner) skip() error {
	data := s.data
	stack := s.stack[:0]
	defer func() { s.stack = stack[:0] }()
	for {
		// A value starts at s.pos.
		if s.pos >= len(data) {
			return s.eof()
		}
		switch c := data[s.pos]; {
		case c == '{' || c == '[':
			s.depth++
			if s.depth > MaxDepth {
				return s.syntax(s.pos, "exceeded max depth")
			}
			s.pos++
			s.skipSpace()
			closing := c + 2 // '}' or ']'
			if s.pos < len(data) && data[s.pos] == closing {
				s.pos++
				s.depth--
				break // an empty one: a value ended
			}
			stack = append(stack, closing)
			if closing == '}' {
				if err := s.skipKey(); err != nil {
					return err
				}
			}
			continue
		case c == '"':
			if _, err := s.str(); err != nil {
				return err
			}
		case c == 't':
			if err := s.literal("true"); err != nil {
				return err
			}
		case c == 'f':
			if err := s.literal("false"); err != nil {
				return err
			}
		case c == 'n':
			if err := s.literal("null"); err != nil {
				return err
			}
		case c == '-' || isDigit(c):
			end, ok := jsonnum.End(data, s.pos)
			if !ok {
				_, err := s.numberEnd() // the error, as precise as it can be
				return err
			}
			s.pos = end
		default:
			return s.syntax(s.pos, "invalid character "+QuoteChar(c)+" looking for beginning of value")
		}
		// A value ended: close the containers it ends, up to a comma.
		for {
			if len(stack) == 0 {
				return nil
			}
			s.skipSpace()
			if s.pos >= len(data) {
				return s.eof()
			}
			closing, c := stack[len(stack)-1], data[s.pos]
			if c == ',' {
				s.pos++
				s.skipSpace()
				if closing == '}' {
					if err := s.skipKey(); err != nil {
						return err
					}
				}
				break
			}
			if c != closing {
				if closing == '}' {
					return s.syntax(s.pos, "invalid character "+QuoteChar(c)+" after object key:value pair")
				}
				return s.syntax(s.pos, "invalid character "+QuoteChar(c)+" after array element")
			}
			s.pos++
			s.depth--
			stack = stack[:len(stack)-1]
		}
	}
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
