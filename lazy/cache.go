package lazy

import (
	"context"
	"slices"
	"sync"

	"github.com/structframe/structframe/frame"
)

// A query that uses one of its parts twice, a frame joined to its own
// group-by (q.Join(q.GroupBy("city").Agg(...), ...)) or concatenated
// with a filter of itself, would read that part twice. The planner finds
// such common subplans (Polars' comm_subplan_elim) and runs each once:
// the part becomes a CACHE node that every use reads, computed the first
// time one asks and kept in memory for the others. Its scans read the
// columns its uses need together, and stop after the most rows any use
// needs.

// cacheEntry is one common subplan of a query's run.
type cacheEntry struct {
	id   int   // numbered from 1, for Explain
	uses int   // the plan's edges into it
	plan *node // the subplan as written (its own common parts cached too)

	// What the uses need, gathered by the optimizer: the top-level
	// columns (allCols: every one), and the rows (allRows: all, else at
	// most rows; rowUses counts the uses that said).
	cols    []string
	allCols bool
	rows    int
	allRows bool
	rowUses int

	// The filters of each use that had some (filterUses counts all the
	// uses the optimizer saw): when every use filters, the cache keeps
	// the rows one of them keeps.
	conds      []frame.Expr
	filterUses int
	unfiltered bool // a use reads every row

	run *node           // plan optimized for those needs; nil until finished
	ctx context.Context // the query's: the first use computes the cache for all

	once sync.Once
	f    *frame.Frame
	err  error
}

// shareCommon replaces each node the plan under root reaches by more
// than one path (a Frame used twice) by a CACHE node over it, one per
// shared node, and returns the entries, the innermost first. A frame in
// memory (From) is not cached: it is read once already.
func shareCommon(ctx context.Context, root *node) (*node, []*cacheEntry) {
	refs := map[*node]int{}
	var count func(n *node)
	count = func(n *node) {
		for _, c := range n.inputs {
			if refs[c]++; refs[c] == 1 {
				count(c)
			}
		}
	}
	count(root)
	var entries []*cacheEntry
	done := map[*node]*node{}
	var rebuild func(n *node) *node
	rebuild = func(n *node) *node {
		if r, ok := done[n]; ok {
			return r
		}
		r := n
		if len(n.inputs) > 0 {
			ins := make([]*node, len(n.inputs))
			changed := false
			for i, c := range n.inputs {
				ins[i] = rebuild(c)
				changed = changed || ins[i] != c
			}
			if changed {
				r = n.with(ins...)
			}
		}
		if refs[n] > 1 && n.op != opFrame {
			e := &cacheEntry{id: len(entries) + 1, uses: refs[n], plan: r, ctx: ctx}
			entries = append(entries, e)
			r = &node{op: opCache, cache: e}
		}
		done[n] = r
		return r
	}
	return rebuild(root), entries
}

// needCols records that a use of the cache reads need (nil: every
// column).
func (e *cacheEntry) needCols(need []string) {
	if need == nil {
		e.allCols = true
		return
	}
	for _, c := range need {
		// The column a path reads, or the column of that name: after
		// Flatten, "pt.u" is a top-level name (finish keeps those that
		// exist).
		for _, r := range []string{rootOf(c), c} {
			if !slices.Contains(e.cols, r) {
				e.cols = append(e.cols, r)
			}
		}
	}
}

// needFilter records the conditions a use of the cache pushed down to it
// (none: the use reads every row).
func (e *cacheEntry) needFilter(conds []frame.Expr) {
	e.filterUses++
	if len(conds) == 0 {
		e.unfiltered = true
		return
	}
	e.conds = append(e.conds, and(conds))
}

// rowFilter is the disjunction of the uses' filters, when every use has
// one.
func (e *cacheEntry) rowFilter() (frame.Expr, bool) {
	if e.filterUses != e.uses || e.unfiltered || len(e.conds) == 0 {
		return frame.Expr{}, false
	}
	or := e.conds[0]
	for _, c := range e.conds[1:] {
		or = or.Or(c)
	}
	return or, true
}

// needRows records that a use of the cache reads at most limit of its
// rows (-1: all).
func (e *cacheEntry) needRows(limit int) {
	e.rowUses++
	if limit < 0 {
		e.allRows = true
		return
	}
	e.rows = max(e.rows, limit)
}

// finish optimizes the subplan for what its uses need, gathered while
// the plan above it was optimized: only their columns (in the subplan's
// order), only their rows. narrow false optimizes it whole.
func (e *cacheEntry) finish(sc *schemas, narrow bool) error {
	p := e.plan
	if or, ok := e.rowFilter(); ok && narrow {
		p = &node{op: opFilter, inputs: []*node{p}, exprs: []frame.Expr{or}}
	}
	if narrow && !e.allCols {
		all, err := sc.get(p)
		if err != nil {
			return err
		}
		var keep []string
		for _, c := range all.Columns() {
			if slices.Contains(e.cols, c) {
				keep = append(keep, c)
			}
		}
		if len(keep) < len(all.Columns()) {
			p = &node{op: opSelect, inputs: []*node{p}, names: keep}
		}
	}
	if narrow && !e.allRows && e.rowUses == e.uses {
		p = &node{op: opSlice, inputs: []*node{p}, start: 0, stop: e.rows}
	}
	run, err := optimize(p, sc)
	if err != nil {
		return err
	}
	if run.op == opSelect {
		// A Select the scans below now do themselves goes.
		in, err1 := sc.get(run.inputs[0])
		out, err2 := sc.get(run)
		if err1 == nil && err2 == nil && sameColumns(in, out) {
			run = run.inputs[0]
		}
	}
	e.run = run
	return nil
}

// get computes the subplan the first time it is asked for and returns
// the frame every use reads. It runs under the query's context, not the
// asking use's: a use that stops early (under a Head) cancels its own
// steps, and the others still need the cache.
func (e *cacheEntry) get() (*frame.Frame, error) {
	e.once.Do(func() { e.f, e.err = collect(e.ctx, e.run, newSchemas(e.ctx)) })
	return e.f, e.err
}

// optimizeShared optimizes a plan whose common subplans shareCommon
// made caches of: the plan, then each cache for what its uses need (the
// outermost first: a cache's own plan may use inner ones). If the
// narrowed caches would change the result's columns (a use the planner
// cannot see into), the caches are optimized whole instead; ok is false
// when that too changes them (the plan then runs without caches). sc,
// returned, holds the schemas of the plan as it will run.
func optimizeShared(ctx context.Context, root *node, entries []*cacheEntry) (opt *node, sc *schemas, ok bool, err error) {
	sc = newSchemas(ctx)
	want, err := sc.get(root)
	if err != nil {
		return nil, nil, false, err
	}
	if opt, err = optimize(root, sc); err != nil || len(entries) == 0 {
		return opt, sc, true, err
	}
	for _, narrow := range []bool{true, false} {
		for i := len(entries) - 1; i >= 0; i-- {
			if err := entries[i].finish(sc, narrow); err != nil {
				return nil, nil, false, err
			}
		}
		run := newSchemas(ctx)
		if got, err := run.get(opt); err == nil && sameColumns(got, want) {
			return opt, run, true, nil
		}
	}
	return nil, nil, false, nil
}
