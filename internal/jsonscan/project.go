package jsonscan

// Projection is the set of keys a scan keeps, as a tree of field paths:
// the keys of a record are looked up in Kids, and a kept key whose node
// is nil keeps everything below it. Lists are transparent: the records
// inside a list of records are projected by the node of the list's
// field. A value that is not a record is kept whole. A key left out is
// still checked for syntax, and gives no event.
type Projection struct {
	Kids map[string]*Projection
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

// skip scans the value at s.pos, checking its syntax, without passing it to
// the sink: a key left out by the projection.
func (s *Scanner) skip() error {
	out := s.Out
	s.Out, s.Proj = NopEvents{}, nil
	err := s.value()
	s.Out = out
	return err
}
