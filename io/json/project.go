package json

import (
	"fmt"
	"strings"
)

// projection is the set of keys a read keeps (WithColumns), as a tree of
// field paths: the keys of a record are looked up in kids, and a kept key
// whose node is nil keeps everything below it. Lists are transparent: the
// records inside a list of records are projected by the node of the list's
// field. A value that is not a record is kept whole.
type projection struct {
	kids map[string]*projection
}

// newProjection builds the projection of dotted paths ("a", "b.c"); a path
// element holding a dot itself is not expressible, as in [frame.Path]'s
// dotted form. No paths means no projection (nil).
func newProjection(paths []string) (*projection, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	root := &projection{kids: map[string]*projection{}}
	for _, p := range paths {
		if p == "" {
			return nil, fmt.Errorf("json: WithColumns: empty column path")
		}
		nd := root
		parts := strings.Split(p, ".")
		for i, k := range parts {
			if k == "" {
				return nil, fmt.Errorf("json: WithColumns: column path %q has an empty element", p)
			}
			child, seen := nd.kids[k]
			last := i == len(parts)-1
			switch {
			case seen && child == nil:
				// An ancestor path already keeps all of it.
			case last:
				nd.kids[k] = nil
			case !seen:
				child = &projection{kids: map[string]*projection{}}
				nd.kids[k] = child
			}
			if child == nil {
				break
			}
			nd = child
		}
	}
	return root, nil
}

// nopEvents discards the events of a skipped value.
type nopEvents struct{}

func (nopEvents) BeginRecord() error       { return nil }
func (nopEvents) EndRecord() error         { return nil }
func (nopEvents) KeyBytes([]byte) error    { return nil }
func (nopEvents) BeginList() error         { return nil }
func (nopEvents) EndList() error           { return nil }
func (nopEvents) Number([]byte) error      { return nil }
func (nopEvents) StringBytes([]byte) error { return nil }
func (nopEvents) Bool(bool) error          { return nil }
func (nopEvents) Null() error              { return nil }

// skip scans the value at s.pos, checking its syntax, without passing it to
// the sink: a key left out by the projection.
func (s *scanner) skip() error {
	out := s.out
	s.out, s.proj = nopEvents{}, nil
	err := s.value()
	s.out = out
	return err
}
