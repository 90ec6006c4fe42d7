package lazy

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/structframe/structframe/frame"
)

// schemas computes and remembers the schema of each node of a plan: a
// frame of no rows with the node's output columns, made by running each
// node's eager verb on its inputs' empty frames. An error of the plan
// (an unknown column, a type error) shows here, before any row is read.
type schemas struct {
	ctx context.Context
	of  map[*node]*frame.Frame
}

func newSchemas(ctx context.Context) *schemas {
	return &schemas{ctx: ctx, of: map[*node]*frame.Frame{}}
}

func (s *schemas) get(n *node) (*frame.Frame, error) {
	if f, ok := s.of[n]; ok {
		return f, nil
	}
	var f *frame.Frame
	switch n.op {
	case opScan:
		all, err := n.src.Schema(s.ctx)
		if err != nil {
			return nil, err
		}
		f = all
		if n.spec.Columns != nil {
			f = all.Select(n.spec.Columns...)
			if ps, ok := n.src.(PathSource); ok && hasPath(n.spec.Columns) {
				if f, err = ps.ProjectedSchema(s.ctx, n.spec.Columns); err != nil {
					return nil, err
				}
			}
		}
	case opFrame:
		f = n.df.Head(0)
	case opCache:
		p := n.cache.run
		if p == nil {
			p = n.cache.plan
		}
		var err error
		if f, err = s.get(p); err != nil {
			return nil, err
		}
	default:
		in := make([]*frame.Frame, len(n.inputs))
		for i, c := range n.inputs {
			var err error
			if in[i], err = s.get(c); err != nil {
				return nil, err
			}
		}
		f = n.apply(in)
	}
	if err := f.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", opNames[n.op], err)
	}
	s.of[n] = f
	return f, nil
}

// sameColumns reports whether two schemas have the same columns, in the
// same order, of the same types and nesting.
func sameColumns(a, b *frame.Frame) bool {
	if !slices.Equal(a.Columns(), b.Columns()) {
		return false
	}
	sa, sb := a.Schema(), b.Schema()
	return sa != nil && sb != nil && sa.Equal(sb)
}

// hasPath reports whether a dotted path is among cols.
func hasPath(cols []string) bool {
	for _, c := range cols {
		if strings.Contains(c, ".") {
			return true
		}
	}
	return false
}
