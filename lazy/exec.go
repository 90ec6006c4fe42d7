package lazy

import (
	"context"
	"errors"
	"iter"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// prepare checks and optimizes the query's plan. share makes its common
// subplans caches (see cache.go): Collect and Explain share them; Stream
// and Sink, which promise memory bounded by a few batches, read a part
// once per use instead.
func (q *Frame) prepare(ctx context.Context, share bool) (*node, *schemas, error) {
	if q.err != nil {
		return nil, nil, q.err
	}
	root, entries := q.root, []*cacheEntry(nil)
	if share {
		root, entries = shareCommon(ctx, q.root)
	}
	opt, sc, ok, err := optimizeShared(ctx, root, entries)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		sc = newSchemas(ctx)
		if opt, err = optimize(q.root, sc); err != nil {
			return nil, nil, err
		}
	}
	return opt, sc, nil
}

// Collect runs the query and returns its result, as the eager verbs
// would have given it on the whole data. opts set the memory limit past
// which sorts and group-bys spill to disk (WithMemoryLimit), where
// (WithTempDir), and what the run counts (WithStats).
func (q *Frame) Collect(ctx context.Context, opts ...RunOption) (*frame.Frame, error) {
	ctx = withRun(ctx, opts)
	defer runOf(ctx).enter()()
	f, err := q.collectOnce(ctx)
	if exact, ok := retry(ctx, q, err); ok {
		return exact.collectOnce(ctx)
	}
	return f, err
}

func (q *Frame) collectOnce(ctx context.Context) (*frame.Frame, error) {
	root, sc, err := q.prepare(ctx, true)
	if err != nil {
		return nil, err
	}
	return collect(ctx, root, sc)
}

// Stream runs the query and yields its result batch by batch: the rows
// of row-by-row steps as the scans read them, in bounded memory; a step
// that needs all its input (Sort, GroupBy, Join, ...) yields its result
// once it has it. An error ends the batches (yielded once, with a nil
// frame). Stopping the loop stops the scans. opts as for Collect.
func (q *Frame) Stream(ctx context.Context, opts ...RunOption) iter.Seq2[*frame.Frame, error] {
	return func(yield func(*frame.Frame, error) bool) {
		ctx := withRun(ctx, opts)
		defer runOf(ctx).enter()()
		if err := q.streamOnce(ctx, yield); err != nil {
			if exact, ok := retry(ctx, q, err); ok {
				err = exact.streamOnce(ctx, yield)
			}
			if err != nil {
				yield(nil, err)
			}
		}
	}
}

// streamOnce yields q's batches; an error before any batch was yielded is
// returned, not yielded, so that the query can run again (see
// SampledSource).
func (q *Frame) streamOnce(ctx context.Context, yield func(*frame.Frame, error) bool) error {
	root, _, err := q.prepare(ctx, false)
	if err != nil {
		return err
	}
	yielded := false
	for b, err := range run(ctx, root) {
		if err != nil {
			if !yielded {
				return err
			}
			yield(nil, err)
			return nil
		}
		yielded = true
		if !yield(b, nil) {
			return nil
		}
	}
	return nil
}

// Sink runs the query and writes its batches to w as they come, then
// closes w. opts as for Collect.
func (q *Frame) Sink(ctx context.Context, w Writer, opts ...RunOption) error {
	var werr error
	for b, err := range q.Stream(ctx, opts...) {
		if err != nil {
			werr = err
			break
		}
		if werr = w.Write(b); werr != nil {
			break
		}
	}
	return errors.Join(werr, w.Close())
}

// Schema is the result's columns, types and nesting, from the plan and
// the sources' schemas, reading no row: an error of the query (an
// unknown column, a type error) shows here first.
func (q *Frame) Schema(ctx context.Context) (*structured.Spec, error) {
	s, err := q.schemaOnce(ctx)
	if exact, ok := retry(ctx, q, err); ok {
		return exact.schemaOnce(ctx)
	}
	return s, err
}

func (q *Frame) schemaOnce(ctx context.Context) (*structured.Spec, error) {
	root, sc, err := q.prepare(ctx, false)
	if err != nil {
		return nil, err
	}
	f, err := sc.get(root)
	if err != nil {
		return nil, err
	}
	return f.Schema(), nil
}

// collect runs n and joins its batches into one frame.
func collect(ctx context.Context, n *node, sc *schemas) (*frame.Frame, error) {
	var batches []*frame.Frame
	for b, err := range run(ctx, n) {
		if err != nil {
			return nil, err
		}
		batches = append(batches, b)
	}
	switch len(batches) {
	case 0:
		return sc.get(n)
	case 1:
		return batches[0], nil
	}
	out := frame.Concat(batches...)
	return out, out.Err()
}

// run executes the plan under n as a sequence of batches.
func run(ctx context.Context, n *node) iter.Seq2[*frame.Frame, error] {
	return func(yield func(*frame.Frame, error) bool) {
		if err := ctx.Err(); err != nil {
			yield(nil, err)
			return
		}
		switch {
		case n.op == opScan:
			batches, err := n.src.Open(ctx, n.spec)
			if err != nil {
				yield(nil, err)
				return
			}
			for b, err := range batches {
				if err == nil {
					err = ctx.Err()
				}
				if !yield(b, err) || err != nil {
					return
				}
			}
		case n.op == opFrame:
			yield(n.df, nil)
		case n.op == opCache:
			yield(n.cache.get())
		case sortSpills(n):
			runSort(ctx, n, yield)
		case n.op == opWithRowIndex && streamsAll(n.inputs[0]):
			// Numbered across the batches.
			at := n.start
			for b, err := range run(ctx, n.inputs[0]) {
				if err == nil {
					if b = b.WithRowIndex(n.names[0], at); b.Err() != nil {
						err = b.Err()
					} else {
						at += b.NumRows()
					}
				}
				if !yield(b, err) || err != nil {
					return
				}
			}
		case n.op == opSlice:
			runSlice(ctx, n, yield)
		case n.op == opGroupBy && streamsAll(n.inputs[0]):
			want, err := newSchemas(ctx).get(n)
			if err != nil {
				yield(nil, err)
				return
			}
			if batches, ok := runGroupBy(ctx, n, want); ok {
				for b, err := range batches {
					if !yield(b, err) || err != nil {
						return
					}
				}
				return
			}
			runGathered(ctx, n, yield)
		case n.op == opJoin && n.buildLeft:
			batches, _ := runJoinBuildLeft(ctx, n)
			for b, err := range batches {
				if !yield(b, err) || err != nil {
					return
				}
			}
		case n.op == opJoin && n.streamsJoin():
			// The right side is built once; the left streams through it.
			right, err := collect(ctx, n.inputs[1], newSchemas(ctx))
			if err != nil {
				yield(nil, err)
				return
			}
			for b, err := range run(ctx, n.inputs[0]) {
				if err == nil {
					if b = n.apply([]*frame.Frame{b, right}); b.Err() != nil {
						err = b.Err()
					}
				}
				if !yield(b, err) || err != nil {
					return
				}
			}
		case n.op == opConcat:
			for _, in := range n.inputs {
				for b, err := range run(ctx, in) {
					if !yield(b, err) || err != nil {
						return
					}
				}
			}
		case n.streams():
			// The streaming steps down to the first that is not run
			// together on every core (morsel.go).
			steps, below := chainOf(n)
			apply := func(_ int, b *frame.Frame, _ int) (*frame.Frame, error) { return applySteps(steps, b) }
			for b, err := range morsels(ctx, below, morselWorkers(), apply) {
				if !yield(b, err) || err != nil {
					return
				}
			}
		default:
			runGathered(ctx, n, yield)
		}
	}
}

// runGathered runs a step that needs its whole input: it gathers the
// input, then applies the step.
func runGathered(ctx context.Context, n *node, yield func(*frame.Frame, error) bool) {
	in := make([]*frame.Frame, len(n.inputs))
	sc := newSchemas(ctx)
	for i, c := range n.inputs {
		var err error
		if in[i], err = collect(ctx, c, sc); err != nil {
			yield(nil, err)
			return
		}
	}
	out := n.apply(in)
	yield(out, out.Err())
}

// runSlice yields rows [start, stop) of n's input and stops reading it
// after them.
func runSlice(ctx context.Context, n *node, yield func(*frame.Frame, error) bool) {
	seen := 0
	for b, err := range run(ctx, n.inputs[0]) {
		if err != nil {
			yield(nil, err)
			return
		}
		rows := b.NumRows()
		lo, hi := max(n.start-seen, 0), rows
		if n.stop >= 0 {
			hi = min(rows, n.stop-seen)
		}
		seen += rows
		if lo < hi {
			if !yield(b.Slice(lo, hi), nil) {
				return
			}
		}
		if n.stop >= 0 && seen >= n.stop {
			return
		}
	}
}
