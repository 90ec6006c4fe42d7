package lazy

import (
	"fmt"

	"github.com/structframe/structframe/frame"
)

// Frame is a query not yet run: a plan of frame operations over a scan
// or a Frame. Its methods return new queries and never read data;
// Collect, Stream, Sink, Schema and Explain run or look at the plan. A
// Frame is immutable and safe to share between goroutines.
type Frame struct {
	root *node
	err  error
}

// From makes a query over a Frame in memory, as Polars' df.lazy().
func From(f *frame.Frame) *Frame {
	if f == nil {
		return &Frame{err: fmt.Errorf("lazy.From: nil frame")}
	}
	if err := f.Err(); err != nil {
		return &Frame{err: err}
	}
	return &Frame{root: &node{op: opFrame, df: f}}
}

// Scan makes a query reading src (what the io packages' Scan functions
// return, built on their readers).
func Scan(src Source) *Frame {
	if src == nil {
		return &Frame{err: fmt.Errorf("lazy.Scan: nil source")}
	}
	return &Frame{root: &node{op: opScan, src: src, spec: ScanSpec{Limit: -1}}}
}

// Err is the error of building the query (a nil Frame or Source); an
// error of the plan itself (an unknown column, a type error) comes from
// Schema, Explain or Collect.
func (q *Frame) Err() error { return q.err }

// then adds a node over q.
func (q *Frame) then(n *node) *Frame {
	if q.err != nil {
		return q
	}
	n.inputs = append([]*node{q.root}, n.inputs...)
	return &Frame{root: n}
}

// Filter keeps the rows where pred is true (frame.Frame.Filter).
func (q *Frame) Filter(pred frame.Expr) *Frame {
	return q.then(&node{op: opFilter, exprs: []frame.Expr{pred}})
}

// Select keeps the columns named, in that order (frame.Frame.Select).
func (q *Frame) Select(refs ...string) *Frame {
	return q.then(&node{op: opSelect, names: refs})
}

// SelectExprs computes the columns of exprs (frame.Frame.SelectExprs).
func (q *Frame) SelectExprs(exprs ...frame.Expr) *Frame {
	return q.then(&node{op: opSelectExprs, exprs: exprs})
}

// WithColumns adds or replaces columns (frame.Frame.WithColumns).
func (q *Frame) WithColumns(exprs ...frame.Expr) *Frame {
	return q.then(&node{op: opWithColumns, exprs: exprs})
}

// Drop removes columns (frame.Frame.Drop).
func (q *Frame) Drop(refs ...string) *Frame {
	return q.then(&node{op: opDrop, names: refs})
}

// Rename renames columns (frame.Frame.Rename).
func (q *Frame) Rename(oldToNew map[string]string) *Frame {
	m := make(map[string]string, len(oldToNew))
	for k, v := range oldToNew {
		m[k] = v
	}
	return q.then(&node{op: opRename, rename: m})
}

// Sort orders the rows (frame.Frame.Sort).
func (q *Frame) Sort(keys ...frame.SortKey) *Frame {
	return q.then(&node{op: opSort, keys: keys})
}

// Head keeps the first n rows; the scan stops once it has read them.
func (q *Frame) Head(n int) *Frame { return q.Slice(0, max(n, 0)) }

// Tail keeps the last n rows (frame.Frame.Tail).
func (q *Frame) Tail(n int) *Frame {
	return q.then(&node{op: opTail, stop: max(n, 0)})
}

// Slice keeps rows [start, stop) (frame.Frame.Slice); stop past the end
// keeps the rows to the end. A negative start or stop < start is an
// error of the query.
func (q *Frame) Slice(start, stop int) *Frame {
	if q.err == nil && (start < 0 || stop < start) {
		return &Frame{err: fmt.Errorf("lazy.Slice: rows [%d, %d)", start, stop)}
	}
	return q.then(&node{op: opSlice, start: start, stop: stop})
}

// Explode gives each item of the list columns a row (frame.Frame.Explode).
func (q *Frame) Explode(cols []string, opts ...frame.ExplodeOption) *Frame {
	return q.then(&node{op: opExplode, names: cols, explodeOpts: opts})
}

// Unnest replaces a struct column by its fields (frame.Frame.Unnest).
func (q *Frame) Unnest(col string, opts ...frame.UnnestOption) *Frame {
	return q.then(&node{op: opUnnest, names: []string{col}, unnestOpts: opts})
}

// Flatten replaces each struct column by its leaves as dotted columns
// (frame.Frame.Flatten); it runs batch by batch.
func (q *Frame) Flatten(opts ...frame.FlattenOption) *Frame {
	return q.then(&node{op: opFlatten, flattenOpts: opts})
}

// Unpivot turns the on columns into rows of (variable, value) beside the
// index columns (frame.Frame.Unpivot). Its rows come column by column, so
// it gathers its input first.
func (q *Frame) Unpivot(on, index []string, opts ...frame.UnpivotOption) *Frame {
	return q.then(&node{op: opUnpivot, names: on, index: index, unpivotOpts: opts})
}

// WithRowIndex adds a first column of row numbers counting from offset
// (frame.Frame.WithRowIndex), numbering the rows across batches as it
// streams.
func (q *Frame) WithRowIndex(name string, offset int) *Frame {
	return q.then(&node{op: opWithRowIndex, names: []string{name}, start: offset})
}

// Unique keeps one row per distinct subset of columns
// (frame.Frame.Unique).
func (q *Frame) Unique(subset []string, opts ...frame.UniqueOption) *Frame {
	return q.then(&node{op: opUnique, names: subset, uniqueOpts: opts})
}

// Join joins q with other (frame.Frame.Join).
func (q *Frame) Join(other *Frame, on frame.JoinOn, how frame.JoinHow, opts ...frame.JoinOption) *Frame {
	if q.err == nil && other.err != nil {
		return other
	}
	return q.then(&node{op: opJoin, inputs: []*node{other.root}, on: on, how: how, joinOpts: opts})
}

// Concat appends the rows of others after q's (frame.Concat).
func (q *Frame) Concat(others ...*Frame) *Frame {
	n := &node{op: opConcat}
	for _, o := range others {
		if o.err != nil && q.err == nil {
			return o
		}
		n.inputs = append(n.inputs, o.root)
	}
	return q.then(n)
}

// GroupBy groups the rows by key columns; Agg gives the query of one row
// per group (frame.Frame.GroupBy).
func (q *Frame) GroupBy(keys ...string) *GroupBy { return &GroupBy{q: q, keys: keys} }

// GroupBy is a grouping of a query, waiting for its aggregations.
type GroupBy struct {
	q    *Frame
	keys []string
}

// Agg computes the aggregations per group (frame.GroupBy.Agg).
func (g *GroupBy) Agg(exprs ...frame.Expr) *Frame {
	return g.q.then(&node{op: opGroupBy, names: g.keys, exprs: exprs})
}
