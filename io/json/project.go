package json

import (
	"fmt"
	"strings"

	"github.com/structframe/structframe/internal/jsonscan"
)

// projection is the set of keys a read keeps (WithColumns): the
// scanner's (see jsonscan.Projection).
type projection = jsonscan.Projection

// newProjection builds the projection of dotted paths ("a", "b.c"); a path
// element holding a dot itself is not expressible, as in [frame.Path]'s
// dotted form. No paths means no projection (nil).
func newProjection(paths []string) (*projection, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	root := &projection{Kids: map[string]*projection{}}
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
			child, seen := nd.Kids[k]
			last := i == len(parts)-1
			switch {
			case seen && child == nil:
				// An ancestor path already keeps all of it.
			case last:
				nd.Kids[k] = nil
			case !seen:
				child = &projection{Kids: map[string]*projection{}}
				nd.Kids[k] = child
			}
			if child == nil {
				break
			}
			nd = child
		}
	}
	return root, nil
}
