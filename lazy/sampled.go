package lazy

import (
	"context"
	"errors"
)

// SampledSource is a Source whose schema comes from the first rows of its
// input (the first batch of a JSON file), as Polars' and DuckDB's scans
// infer it: one pass over the input instead of two. A later row that does
// not fit that schema (a new key, a number where the sample held strings,
// a float where it held integers) makes its batches fail.
//
// A query over such sources runs again on the sources' Exact versions
// when it fails before any batch has left it (always for Collect; for
// Stream and Sink, while nothing has been yielded or written), and when
// the sampled schemas make the plan an error (a column the first rows
// lack): the result is the one the whole input's schema gives.
type SampledSource interface {
	Source
	// Exact is the same source with the schema of its whole input, read
	// before its rows.
	Exact() Source
}

// Sampled makes a SampledSource of s, whose Exact is exact(); s may be a
// PathSource (the result then is one too).
func Sampled(s Source, exact func() Source) Source {
	if p, ok := s.(PathSource); ok {
		return &sampledPath{PathSource: p, exact: exact}
	}
	return &sampled{Source: s, exact: exact}
}

type sampled struct {
	Source
	exact func() Source
}

func (s *sampled) Exact() Source { return s.exact() }

type sampledPath struct {
	PathSource
	exact func() Source
}

func (s *sampledPath) Exact() Source { return s.exact() }

// exactPlan is the plan under n with every sampled source replaced by its
// Exact; ok is false when n has none. A node the plan reaches by two
// paths is rebuilt once, so that it stays one (a common subplan, see
// cache.go) and its source's Exact is asked once.
func exactPlan(n *node) (_ *node, ok bool) {
	return exactPlanOf(n, map[*node]*node{})
}

func exactPlanOf(n *node, done map[*node]*node) (_ *node, ok bool) {
	if r, seen := done[n]; seen {
		return r, r != n
	}
	if n.op == opScan {
		if s, isSampled := n.src.(SampledSource); isSampled {
			c := n.with()
			c.src = s.Exact()
			done[n] = c
			return c, true
		}
		done[n] = n
		return n, false
	}
	inputs := make([]*node, len(n.inputs))
	for i, in := range n.inputs {
		var changed bool
		inputs[i], changed = exactPlanOf(in, done)
		ok = ok || changed
	}
	if !ok {
		done[n] = n
		return n, false
	}
	r := n.with(inputs...)
	done[n] = r
	return r, true
}

// retry reports whether a query that failed with err runs again on the
// plan of exactPlan: it has sampled sources, and err is not the context's.
func retry(ctx context.Context, q *Frame, err error) (*Frame, bool) {
	if err == nil || ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil, false
	}
	root, ok := exactPlan(q.root)
	if !ok {
		return nil, false
	}
	c := *q
	c.root = root
	return &c, true
}
