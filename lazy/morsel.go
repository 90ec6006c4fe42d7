package lazy

import (
	"context"
	"fmt"
	"iter"
	"runtime"
	"runtime/debug"

	"github.com/structframe/structframe/frame"
)

// The streaming steps of a plan run on every core, morsel by morsel (as
// DuckDB's and Polars' streaming engines do): the batches of the source
// are handed, in order, to a worker each; the workers run the steps
// above the source (filters, projections, explodes, a group-by's partial
// aggregation) on their batches at the same time, and the results are
// taken back in the source's order. The query's result is the same as
// one goroutine gives: same batches, same order, the first error in
// order; only the time differs.

// chainOf splits the streaming steps at the top of the plan n (those
// that map each batch to a batch, see node.streams) from the node below
// them: steps in the order they apply (the lowest first).
func chainOf(n *node) (steps []*node, below *node) {
	for n.streams() && len(n.inputs) == 1 {
		steps = append(steps, n)
		n = n.inputs[0]
	}
	for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
		steps[i], steps[j] = steps[j], steps[i]
	}
	return steps, n
}

// applySteps runs steps on one batch.
func applySteps(steps []*node, b *frame.Frame) (*frame.Frame, error) {
	for _, s := range steps {
		if b = s.apply([]*frame.Frame{b}); b.Err() != nil {
			return nil, b.Err()
		}
	}
	return b, nil
}

// morselFunc is the work of one batch: worker is the worker's number
// (0 to workers-1, for state a worker keeps to itself), seq the number
// of batches the source gave before b.
type morselFunc func(worker int, b *frame.Frame, seq int) (*frame.Frame, error)

// morselWorkers is the number of workers of a stage: GOMAXPROCS.
func morselWorkers() int { return runtime.GOMAXPROCS(0) }

// protect runs fn, turning its panic into an error: on a worker's
// goroutine, nothing above could recover it.
func protect(fn morselFunc, w int, b *frame.Frame, seq int) (out *frame.Frame, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("lazy: panic in a batch's steps: %v\n%s", p, debug.Stack())
		}
	}()
	return fn(w, b, seq)
}

// morsels runs fn over the batches of below's results on workers
// goroutines and yields the results in order. At most about three
// batches per worker are in flight (two waiting in order, one in the
// worker's hands), so memory stays bounded whatever the source's size. When the consumer stops, or an error is yielded, the source is
// cancelled and morsels returns without waiting for it (a reader blocked
// in its next batch sees the cancellation on its own).
func morsels(ctx context.Context, below *node, workers int, fn morselFunc) iter.Seq2[*frame.Frame, error] {
	return func(yield func(*frame.Frame, error) bool) {
		if workers <= 1 || below.op == opFrame || below.op == opCache || below.op == opScan && below.spec.Limit >= 0 {
			// One batch, or a scan that stops after a few rows (under a
			// Head): reading ahead for the workers would read more.
			seq := 0
			for b, err := range run(ctx, below) {
				if err == nil {
					b, err = fn(0, b, seq)
					seq++
				}
				if !yield(b, err) || err != nil {
					return
				}
			}
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		type result struct {
			b   *frame.Frame
			err error
		}
		type job struct {
			b   *frame.Frame
			seq int
			out chan result
		}
		jobs := make(chan job)
		order := make(chan chan result, 2*workers) // the results to come, in order
		go func() {
			defer close(order)
			defer close(jobs)
			seq := 0
			for b, err := range run(ctx, below) {
				out := make(chan result, 1)
				select {
				case order <- out:
				case <-ctx.Done():
					return
				}
				if err != nil {
					out <- result{err: err}
					return
				}
				select {
				case jobs <- job{b: b, seq: seq, out: out}:
				case <-ctx.Done():
					out <- result{err: ctx.Err()}
					return
				}
				seq++
			}
		}()
		for w := range workers {
			go func() {
				for j := range jobs {
					b, err := protect(fn, w, j.b, j.seq)
					j.out <- result{b, err}
				}
			}()
		}
		for out := range order {
			r := <-out
			if !yield(r.b, r.err) || r.err != nil {
				return
			}
		}
		if err := ctx.Err(); err != nil {
			yield(nil, err) // (the source stopped when the query was cancelled)
		}
	}
}
