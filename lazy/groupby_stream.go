package lazy

import (
	"context"
	"fmt"
	"iter"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// partialAgg is one aggregation of a group-by split into parts that
// batches compute on their own and that combine: a sum of sums, a sum
// of counts, a least of least values; a mean is a sum and a count.
type partialAgg struct {
	name  string // the output column
	kind  string // sum, count, len, min, max, mean
	arg   frame.Expr
	parts []string // the partial columns: one, or sum and count for mean
}

// splitAggs splits a group-by's aggregations into partialAggs, or ok
// false when one of them does not split (a median, a window, an
// expression over aggregations).
func splitAggs(exprs []frame.Expr) (aggs []partialAgg, ok bool) {
	for i, e := range exprs {
		info := e.Inspect()
		name := e.Name()
		if info.Op == "alias" {
			info = info.Args[0].Inspect()
		}
		a := partialAgg{name: name, kind: info.Op}
		switch info.Op {
		case "len":
		case "sum", "count", "min", "max", "mean":
			if len(info.Args) != 1 || info.Args[0].Aggregates() {
				return nil, false
			}
			a.arg = info.Args[0]
		default:
			return nil, false
		}
		a.parts = []string{fmt.Sprintf("__part%d", i)}
		if a.kind == "mean" {
			a.parts = append(a.parts, fmt.Sprintf("__part%dn", i))
		}
		aggs = append(aggs, a)
	}
	return aggs, len(aggs) > 0
}

// partials are the aggregations of a batch, one column per part.
func partials(aggs []partialAgg) []frame.Expr {
	var out []frame.Expr
	for _, a := range aggs {
		switch a.kind {
		case "len":
			out = append(out, frame.Len().Alias(a.parts[0]))
		case "sum":
			out = append(out, a.arg.Sum().Alias(a.parts[0]))
		case "count":
			out = append(out, a.arg.Count().Alias(a.parts[0]))
		case "min":
			out = append(out, a.arg.Min().Alias(a.parts[0]))
		case "max":
			out = append(out, a.arg.Max().Alias(a.parts[0]))
		case "mean":
			out = append(out, a.arg.Cast(arrow.PrimitiveTypes.Float64).Sum().Alias(a.parts[0]), a.arg.Count().Alias(a.parts[1]))
		}
	}
	return out
}

// combines are the aggregations of partial frames into one.
func combines(aggs []partialAgg) []frame.Expr {
	var out []frame.Expr
	for _, a := range aggs {
		for _, p := range a.parts {
			c := frame.Col(p)
			switch a.kind {
			case "min":
				out = append(out, c.Min().Alias(p))
			case "max":
				out = append(out, c.Max().Alias(p))
			default:
				out = append(out, c.Sum().Alias(p))
			}
		}
	}
	return out
}

// partialFlush is the rows of partial results held before they are
// combined into one row per group: the memory a streaming group-by holds
// is about the groups, not the rows read.
var partialFlush = 1 << 16

// runGroupBy is a group-by over a stream: each batch is aggregated on
// its own into partial results, which are combined whenever they grow,
// and finished into the output columns at the end; the groups come in
// the order they first appear, as the eager GroupBy gives them, and the
// columns are cast to the eager result's types. ok is false when the
// aggregations do not split.
func runGroupBy(ctx context.Context, n *node, want *frame.Frame) (iter.Seq2[*frame.Frame, error], bool) {
	aggs, ok := splitAggs(n.exprs)
	if !ok || !streamsAll(n.inputs[0]) {
		return nil, false
	}
	return func(yield func(*frame.Frame, error) bool) {
		var held []*frame.Frame
		rows := 0
		combine := func() error {
			all := frame.Concat(held...)
			c := all.GroupBy(n.names...).Agg(combines(aggs)...)
			if err := c.Err(); err != nil {
				return err
			}
			held, rows = []*frame.Frame{c}, c.NumRows()
			return nil
		}
		for b, err := range run(ctx, n.inputs[0]) {
			if err != nil {
				yield(nil, err)
				return
			}
			p := b.GroupBy(n.names...).Agg(partials(aggs)...)
			if err := p.Err(); err != nil {
				yield(nil, err)
				return
			}
			held = append(held, p)
			if rows += p.NumRows(); rows > partialFlush && len(held) > 1 {
				if err := combine(); err != nil {
					yield(nil, err)
					return
				}
			}
		}
		if len(held) == 0 {
			yield(want, nil)
			return
		}
		if err := combine(); err != nil {
			yield(nil, err)
			return
		}
		outs := make([]frame.Expr, 0, len(n.names)+len(aggs))
		for _, k := range want.Columns()[:len(want.Columns())-len(aggs)] {
			outs = append(outs, frame.Col(k))
		}
		for i, a := range aggs {
			var e frame.Expr
			if a.kind == "mean" {
				sum, cnt := frame.Col(a.parts[0]), frame.Col(a.parts[1])
				e = frame.When(cnt.Gt(frame.Lit(int64(0)))).Then(sum.Div(cnt)).Otherwise(frame.Lit(nil))
			} else {
				e = frame.Col(a.parts[0])
			}
			if s, err := want.Column(want.Columns()[len(want.Columns())-len(aggs)+i]); err == nil {
				if l, ok := s.Value().(structured.Leaf); ok {
					e = e.Cast(l.DataType())
				}
			}
			outs = append(outs, e.Alias(a.name))
		}
		out := held[0].SelectExprs(outs...)
		yield(out, out.Err())
	}, true
}

// streamsAll reports whether the plan under n runs batch by batch to
// its scans (no step gathers its whole input).
func streamsAll(n *node) bool {
	switch {
	case n.op == opScan, n.op == opFrame:
		return true
	case n.op == opConcat, n.op == opSlice, n.streams():
		for _, c := range n.inputs {
			if !streamsAll(c) {
				return false
			}
		}
		return true
	}
	return false
}
