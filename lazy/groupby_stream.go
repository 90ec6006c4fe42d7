package lazy

import (
	"context"
	"fmt"
	"iter"
	"slices"

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

// rowPartials are the partial columns of each row on its own, in the
// order of partials (a row's sum is its value, its count 1 or 0, its
// mean's sum and count likewise): a batch whose rows are nearly all
// groups of their own is not grouped before it is combined. types are
// the partial columns' types when grouped, to which these are cast.
func rowPartials(aggs []partialAgg, types []arrow.DataType) []frame.Expr {
	var out []frame.Expr
	i := 0
	add := func(e frame.Expr, name string) {
		out = append(out, e.Cast(types[i]).Alias(name))
		i++
	}
	for _, a := range aggs {
		switch a.kind {
		case "len":
			add(frame.Lit(int64(1)), a.parts[0])
		case "sum", "min", "max":
			add(a.arg, a.parts[0])
		case "count":
			add(a.arg.IsNotNull(), a.parts[0])
		case "mean":
			add(a.arg.Cast(arrow.PrimitiveTypes.Float64), a.parts[0])
			add(a.arg.IsNotNull(), a.parts[1])
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

// firstRow is the partial column of each group's first row in the input:
// the groups of spilled partitions are put back in that order.
const firstRow = "__structframe_first_row"

// spillPartitions is the number of partitions a group-by's partial
// groups are spilled to: finishing one at a time needs a sixteenth of
// the memory.
const spillPartitions = 16

// runGroupBy is a group-by over a stream: each batch is aggregated on
// its own into partial results, which are combined whenever they grow,
// and finished into the output columns at the end; the groups come in
// the order they first appear, as the eager GroupBy gives them, and the
// columns are cast to the eager result's types. ok is false when the
// aggregations do not split.
//
// When the combined groups pass a quarter of the memory limit, they are
// written to temporary files, partitioned by a hash of their keys; at
// the end each partition's groups are combined on their own, and the
// partitions' groups put back in the order they first appeared.
func runGroupBy(ctx context.Context, n *node, want *frame.Frame) (iter.Seq2[*frame.Frame, error], bool) {
	aggs, ok := splitAggs(n.exprs)
	if !ok || !streamsAll(n.inputs[0]) {
		return nil, false
	}
	partial := append(partials(aggs), frame.Col(firstRow).Min().Alias(firstRow))
	combined := append(combines(aggs), frame.Col(firstRow).Min().Alias(firstRow))
	return func(yield func(*frame.Frame, error) bool) {
		cfg := runOf(ctx)
		budget := cfg.memoryLimit / 4
		var (
			held      []*frame.Frame
			rows      int // rows held
			stateRows int // rows of the groups combined last
			heldBytes int64
			parts     []*spillFile
		)
		var split []*spillFile // the partitions of partitions split again (see finish)
		defer func() {
			for _, p := range append(parts, split...) {
				p.remove()
			}
		}()
		combine := func() error {
			all := frame.Concat(held...)
			c := all.GroupBy(n.names...).Agg(combined...)
			if err := c.Err(); err != nil {
				return err
			}
			held, rows, stateRows, heldBytes = []*frame.Frame{c}, c.NumRows(), c.NumRows(), frameBytes(c)
			return nil
		}
		// Each batch is grouped on its own by one of the workers (the
		// steps below the group-by first). Its rows are numbered
		// seq<<32 + i, in the order of the input whatever a step did to
		// their count, for the order the groups first appeared.
		steps, below := chainOf(n.inputs[0])
		workers := morselWorkers()
		// perRow: a worker's partial columns of each row, for batches not
		// grouped (see rowPartials); batches counts the batches it took.
		perRow, batches := make([][]frame.Expr, workers), make([]int, workers)
		group := func(w int, b *frame.Frame, seq int) (*frame.Frame, error) {
			b, err := applySteps(steps, b)
			if err != nil {
				return nil, err
			}
			b = b.WithColumns(frame.Lit(frame.NewSeries(firstRow, batchRowIDs(seq, b.NumRows()))))
			batches[w]++
			var p *frame.Frame
			if perRow[w] != nil && batches[w]%8 != 0 {
				p = b.SelectExprs(perRow[w]...)
			} else {
				p = b.GroupBy(n.names...).Agg(partial...)
				// Nearly a group a row: the next batches go to the
				// combine ungrouped (every eighth is grouped again to
				// see whether that still holds).
				perRow[w] = nil
				if 2*p.NumRows() > b.NumRows() && b.NumRows() >= 1024 {
					perRow[w] = rowExprs(n.names, aggs, p, b)
				}
			}
			return p, p.Err()
		}
		for p, err := range morsels(ctx, below, workers, group) {
			if err != nil {
				yield(nil, err)
				return
			}
			held = append(held, p)
			// Combined when the partial rows pass the groups combined
			// last time (and partialFlush): each combine at least halves
			// the rows held, so that many groups are not regrouped at
			// every batch.
			rows += p.NumRows()
			heldBytes += frameBytes(p)
			if (rows > partialFlush && rows > 2*stateRows || heldBytes > budget) && len(held) > 1 {
				if err := combine(); err != nil {
					yield(nil, err)
					return
				}
				if heldBytes > budget {
					spilled, err := spillGroups(cfg, &parts, held[0], n.names, 0)
					if err != nil {
						yield(nil, err)
						return
					}
					if spilled {
						held, rows, stateRows, heldBytes = nil, 0, 0, 0
					}
				}
			}
		}
		if len(held) == 0 && parts == nil {
			yield(want, nil)
			return
		}
		if len(held) > 0 {
			if err := combine(); err != nil {
				yield(nil, err)
				return
			}
		}
		var groups *frame.Frame
		if len(held) > 0 {
			groups = held[0]
		}
		if parts != nil {
			// The groups held go to their partitions too; each partition
			// is then combined alone.
			if groups != nil {
				if _, err := spillGroups(cfg, &parts, groups, n.names, 0); err != nil {
					yield(nil, err)
					return
				}
			}
			var done []*frame.Frame
			// finish combines each partition alone; one past the budget
			// is first split again, by the next bits of the keys' hash.
			var finish func(parts []*spillFile, depth int) error
			finish = func(parts []*spillFile, depth int) error {
				for _, p := range parts {
					if p.size() > max(budget, minSplitBytes) && depth+1 < maxSpillDepth {
						var (
							sub     []*spillFile
							pending []*frame.Frame
							bytes   int64
						)
						flush := func() error { // a write per partition for many frames read
							if len(pending) == 0 {
								return nil
							}
							_, err := spillGroups(cfg, &sub, frame.Concat(pending...), n.names, depth+1)
							pending, bytes = pending[:0], 0
							return err
						}
						for f, err := range p.frames() {
							if err != nil {
								return err
							}
							pending = append(pending, f)
							if bytes += frameBytes(f); bytes > max(budget, minSplitBytes) {
								if err := flush(); err != nil {
									return err
								}
							}
						}
						if err := flush(); err != nil {
							return err
						}
						p.remove() // done with: its file descriptor too
						split = append(split, sub...)
						if err := finish(sub, depth+1); err != nil {
							return err
						}
						continue
					}
					held = held[:0]
					for f, err := range p.frames() {
						if err != nil {
							return err
						}
						held = append(held, f)
					}
					if len(held) == 0 {
						continue
					}
					p.remove()
					if err := combine(); err != nil {
						return err
					}
					done = append(done, held[0])
				}
				return nil
			}
			if err := finish(parts, 0); err != nil {
				yield(nil, err)
				return
			}
			groups = frame.Concat(done...).Sort(frame.Asc(firstRow))
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
		out := groups.SelectExprs(outs...)
		yield(out, out.Err())
	}, true
}

// rowExprs are the expressions making the partial frame of a batch's
// rows ungrouped, with the columns and types of grouped, the partial
// frame of batch b; nil when the group keys are not columns of b (a
// path into a struct, an expression).
func rowExprs(keys []string, aggs []partialAgg, grouped, b *frame.Frame) []frame.Expr {
	cols := grouped.Columns()
	if len(cols) != len(keys)+countParts(aggs)+1 {
		return nil
	}
	var types []arrow.DataType
	for _, c := range cols[len(keys):] {
		s, err := grouped.Column(c)
		if err != nil {
			return nil
		}
		l, ok := s.Value().(structured.Leaf)
		if !ok {
			return nil
		}
		types = append(types, l.DataType())
	}
	var out []frame.Expr
	for i, k := range keys {
		if cols[i] != k || !slices.Contains(b.Columns(), k) {
			return nil
		}
		out = append(out, frame.Col(k))
	}
	out = append(out, rowPartials(aggs, types)...)
	return append(out, frame.Col(firstRow).Cast(types[len(types)-1]))
}

// countParts is the partial columns of aggs.
func countParts(aggs []partialAgg) int {
	n := 0
	for _, a := range aggs {
		n += len(a.parts)
	}
	return n
}

// batchRowIDs numbers the n rows of the batch seq in the order of the
// input, whatever the steps before did to their count: seq<<32 + i.
func batchRowIDs(seq, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(seq)<<32 | int64(i)
	}
	return out
}

// minSplitBytes is the least a partition's file holds for it to be split
// again (a variable for tests): smaller ones are combined whatever the
// limit.
var minSplitBytes int64 = 1 << 20

// maxSpillDepth is how many times a group-by's partitions are split: a
// partition of 16^-maxSpillDepth of the groups is combined however
// large.
const maxSpillDepth = 4

// keyHash is the FNV-1a hash of a row's key bytes; the partitions of
// depth d are its bits 4d to 4d+3.
func keyHash(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// spillGroups writes the groups g to the partition files (made on the
// first call) by a hash of the bytes of their keys. spilled is false,
// and nothing written, when the keys have no byte form (a list or struct
// key): the groups stay in memory.
func spillGroups(cfg *runConfig, parts *[]*spillFile, g *frame.Frame, keys []string, depth int) (spilled bool, err error) {
	sk := make([]frame.SortKey, len(keys))
	for i, k := range keys {
		sk[i] = frame.Asc(k)
	}
	rk, err := g.SortRowKeys(sk...)
	if err != nil {
		return false, nil
	}
	if *parts == nil {
		for range spillPartitions {
			f, err := newSpillFile(cfg)
			if err != nil {
				return false, err
			}
			*parts = append(*parts, f)
		}
	}
	rows := make([][]int, spillPartitions)
	for i := range rk.Len() {
		p := keyHash(rk.Row(i)) >> (4 * depth) % spillPartitions
		rows[p] = append(rows[p], i)
	}
	for p, r := range rows {
		if len(r) == 0 {
			continue
		}
		if err := (*parts)[p].write(g.Take(r)); err != nil {
			return false, err
		}
	}
	return true, nil
}

// streamsAll reports whether the plan under n runs batch by batch to
// its scans (no step gathers its whole input).
func streamsAll(n *node) bool {
	switch {
	case n.op == opScan, n.op == opFrame, n.op == opCache:
		return true
	case n.op == opConcat, n.op == opSlice, n.op == opWithRowIndex, n.streams():
		for _, c := range n.inputs {
			if !streamsAll(c) {
				return false
			}
		}
		return true
	}
	return false
}
