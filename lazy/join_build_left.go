package lazy

import (
	"context"
	"fmt"
	"iter"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// RowCounter is a Source that knows how many rows it holds without
// reading them (a Parquet footer): the planner's statistics, used to
// build a join on its smaller side.
type RowCounter interface {
	Source
	// RowCount is the source's rows; ok is false when unknown.
	RowCount(ctx context.Context) (rows int64, ok bool)
}

// rowsAtMost is an upper bound of the rows n gives, from the sources'
// counts; ok is false when no bound is known (a text file, an explode, a
// join).
func rowsAtMost(ctx context.Context, n *node) (int64, bool) {
	switch n.op {
	case opFrame:
		return int64(n.df.NumRows()), true
	case opCache:
		if n.cache.run != nil {
			return rowsAtMost(ctx, n.cache.run)
		}
		return rowsAtMost(ctx, n.cache.plan)
	case opScan:
		c, ok := n.src.(RowCounter)
		if !ok {
			return 0, false
		}
		rows, ok := c.RowCount(ctx)
		if ok && n.spec.Limit >= 0 {
			rows = min(rows, int64(n.spec.Limit))
		}
		return rows, ok
	case opSlice:
		rows, ok := rowsAtMost(ctx, n.inputs[0])
		switch {
		case n.stop < 0:
			return rows, ok
		case !ok:
			return int64(n.stop - n.start), true
		}
		return min(rows, int64(n.stop-n.start)), true
	case opTail:
		if rows, ok := rowsAtMost(ctx, n.inputs[0]); ok {
			return min(rows, int64(n.stop)), true
		}
		return int64(n.stop), true
	case opFilter, opSelect, opSelectExprs, opWithColumns, opDrop, opRename, opSort, opGroupBy, opUnique, opWithRowIndex, opFlatten, opUnnest:
		return rowsAtMost(ctx, n.inputs[0])
	case opConcat:
		var total int64
		for _, c := range n.inputs {
			rows, ok := rowsAtMost(ctx, c)
			if !ok {
				return 0, false
			}
			total += rows
		}
		return total, true
	}
	return 0, false
}

// buildLeftRatio is how many times the left side's rows (at most) the
// right side must hold for a join to build on its left side.
const buildLeftRatio = 4

// buildsLeft reports whether the join n builds its hash table on its
// left side and streams its right one: an inner, semi or anti join whose
// left side is known to be several times smaller than its right one (by
// the sources' row counts), the right side streaming. The right side is
// then never held whole.
func buildsLeft(ctx context.Context, n *node) bool {
	switch n.how {
	case frame.Inner, frame.Semi, frame.Anti:
	default:
		return false
	}
	if !n.streamsJoin() || !streamsAll(n.inputs[1]) {
		return false
	}
	left, okL := rowsAtMost(ctx, n.inputs[0])
	right, okR := rowsAtMost(ctx, n.inputs[1])
	return okL && okR && right > buildLeftRatio*max(left, 1)
}

// Row numbers carried through a join built on its left side.
const (
	leftRow  = "__structframe_left_row"
	rightRow = "__structframe_right_row"
)

// runJoinBuildLeft runs the join n with its left side gathered and its
// right side streamed through it batch by batch, giving what the join
// gives the other way round (Frame.Join's order: the left rows in order,
// a row's matches in right order). Inner: each batch's matches carry the
// left and right row numbers, and are sorted by them at the end. Semi
// and anti: the left rows matched by some batch are noted, and the left
// side filtered at the end. ok is false when the row numbers cannot be
// added (a column of that name): the usual way runs then.
func runJoinBuildLeft(ctx context.Context, n *node) (iter.Seq2[*frame.Frame, error], bool) {
	return func(yield func(*frame.Frame, error) bool) {
		left, err := collect(ctx, n.inputs[0], newSchemas(ctx))
		if err != nil {
			yield(nil, err)
			return
		}
		numbered := left.WithRowIndex(leftRow, 0)
		if err := numbered.Err(); err != nil {
			yield(nil, err)
			return
		}
		var parts []*frame.Frame
		matched := make([]bool, left.NumRows())
		at := 0
		for b, err := range run(ctx, n.inputs[1]) {
			if err != nil {
				yield(nil, err)
				return
			}
			if n.how == frame.Inner {
				p := numbered.Join(b.WithRowIndex(rightRow, at), n.on, frame.Inner)
				if err := p.Err(); err != nil {
					yield(nil, err)
					return
				}
				parts = append(parts, p)
			} else {
				rows, err := rowNumbers32(numbered.Join(b, n.on, frame.Semi))
				if err != nil {
					yield(nil, err)
					return
				}
				for _, r := range rows {
					matched[r] = true
				}
			}
			at += b.NumRows()
		}
		var out *frame.Frame
		if n.how == frame.Inner {
			if len(parts) == 0 {
				want, err := newSchemas(ctx).get(n)
				yield(want, err)
				return
			}
			out = frame.Concat(parts...).Sort(frame.Asc(leftRow), frame.Asc(rightRow)).Drop(leftRow, rightRow)
		} else {
			keep := make([]int, 0, len(matched))
			for i, m := range matched {
				if m == (n.how == frame.Semi) {
					keep = append(keep, i)
				}
			}
			out = left.Take(keep)
		}
		yield(out, out.Err())
	}, true
}

// rowNumbers32 are the left row numbers (WithRowIndex's uint32) of the
// rows of f.
func rowNumbers32(f *frame.Frame) ([]uint32, error) {
	if err := f.Err(); err != nil {
		return nil, err
	}
	s, err := f.Column(leftRow)
	if err != nil {
		return nil, err
	}
	d, ok := s.Value().(*structured.Dense)
	if !ok {
		return nil, fmt.Errorf("lazy: join: row numbers of type %T", s.Value())
	}
	a, ok := d.Values().(*array.Uint32)
	if !ok {
		return nil, fmt.Errorf("lazy: join: row numbers of type %s", d.DataType())
	}
	return a.Uint32Values(), nil
}
