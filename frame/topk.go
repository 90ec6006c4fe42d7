package frame

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/structframe/structframe/structured"
)

// TopK returns the k rows with the largest values of the keys (Polars'
// top_k(k, by)): by the first key, rows equal there by the second, and so
// on; the rows come largest first. A null is never preferred to a value
// (nulls come last, as Polars); rows equal on every key keep the frame's
// order, so the tie at the k-th place goes to the earlier row. Fewer rows
// than k give them all, sorted. Keys are what Sort takes (scalar columns
// or expressions of numbers, strings, bools, temporal types, decimals;
// NaN above +Inf as in Sort); a list or structure key is an ErrType
// error, no key or a negative k an ErrArgument error. Index labels follow
// their rows; every column comes along, nested ones too.
//
// Cost: each key is read once; the rows are selected with a heap of k
// rows (O(rows log k) at worst, about one comparison per row when the
// heap's last row beats most), then the k are sorted and taken.
func (f *Frame) TopK(k int, by ...Expr) *Frame {
	return f.topK("TopK", k, by, true)
}

// BottomK returns the k rows with the smallest values of the keys
// (Polars' bottom_k): as TopK, smallest first, nulls still last.
func (f *Frame) BottomK(k int, by ...Expr) *Frame {
	return f.topK("BottomK", k, by, false)
}

func (f *Frame) topK(op string, k int, by []Expr, top bool) *Frame {
	if f.Err() != nil {
		return f
	}
	if k < 0 {
		return failed(errorf(op, ErrArgument, "k = %d; it must be at least 0", k))
	}
	by, err := f.expandExprs(op, by, nil)
	if err != nil {
		return failed(err)
	}
	if len(by) == 0 {
		return failed(errorf(op, ErrArgument, "no key"))
	}
	n := f.data.NumRows()
	cols := make([]*sortKeyCol, len(by))
	for i, e := range by {
		if e.n != nil && e.n.hasAgg() {
			return failed(errorf(op, ErrArgument, "key %s aggregates; a key has one value per row", e))
		}
		v, err := e.evalFrame(op, f)
		if err != nil {
			return failed(wrap(op, err))
		}
		if cols[i], err = sortKeyOf(op, sortKeyName(e), v, n); err != nil {
			return failed(err)
		}
	}
	return f.take(op, topKRows(cols, n, k, top))
}

// topKRows returns the rows of the k first rows in the order topKCmp
// gives (largest first when top), in that order.
func topKRows(cols []*sortKeyCol, n, k int, top bool) []int {
	return topKSelect(topKKeys(cols), nil, n, k, top)
}

// topKKeys pairs each key column with whether it holds nulls.
func topKKeys(cols []*sortKeyCol) []topKKey {
	keys := make([]topKKey, len(cols))
	for i, c := range cols {
		keys[i] = topKKey{sortKeyCol: c, nulls: c.hasNulls()}
	}
	return keys
}

// topKSelect returns the k first of the rows (ascending row numbers; nil:
// 0..n-1) in the order topKCmp gives, in that order.
func topKSelect(keys []topKKey, rows []int, n, k int, top bool) []int {
	if rows != nil {
		n = len(rows)
	}
	row := func(i int) int {
		if rows == nil {
			return i
		}
		return rows[i]
	}
	k = min(k, n)
	before := func(a, b int) int { return topKCmp(keys, a, b, top) }
	if k == 0 {
		return []int{}
	}
	// heap holds the best k rows seen so far, the worst of them at the
	// root: a row enters only when it comes before the root. Rows come in
	// increasing order, so a row equal to the root on every key is later
	// than it and stays out.
	heap := make([]int, 0, k)
	for i := range k {
		heap = append(heap, row(i))
		topKUp(heap, i, before)
	}
	if c := keys[0]; len(keys) == 1 && !c.nulls && c.s == nil && c.hi == nil {
		// One key of integers: compare with the root's key held aside.
		u := c.u
		root := u[heap[0]]
		for i := k; i < n; i++ {
			r := row(i)
			if x := u[r]; (top && x > root) || (!top && x < root) {
				heap[0] = r
				topKDown(heap, 0, before)
				root = u[heap[0]]
			}
		}
	} else {
		for i := k; i < n; i++ {
			if r := row(i); before(r, heap[0]) < 0 {
				heap[0] = r
				topKDown(heap, 0, before)
			}
		}
	}
	slices.SortFunc(heap, before)
	return heap
}

// topKKey is a key column with whether it holds nulls, asked once.
type topKKey struct {
	*sortKeyCol
	nulls bool
}

// topKCmp orders rows a and b as TopK (top) or BottomK returns them:
// negative when a comes first. Nulls come after values in either
// direction; rows equal on every key by row number.
func topKCmp(keys []topKKey, a, b int, top bool) int {
	for _, c := range keys {
		if c.nulls {
			na, nb := c.isNull(a), c.isNull(b)
			switch {
			case na && nb:
				continue
			case na:
				return 1
			case nb:
				return -1
			}
		}
		var d int
		switch {
		case c.s != nil:
			d = strings.Compare(c.s[a], c.s[b])
		case c.hi != nil:
			if d = cmp.Compare(c.hi[a], c.hi[b]); d == 0 {
				d = cmp.Compare(c.u[a], c.u[b])
			}
		default:
			d = cmp.Compare(c.u[a], c.u[b])
		}
		if d != 0 {
			if top {
				return -d
			}
			return d
		}
	}
	return cmp.Compare(a, b)
}

// topKUp and topKDown keep heap a heap whose root is the row that comes
// last in before's order.
func topKUp(h []int, i int, before func(a, b int) int) {
	for i > 0 {
		p := (i - 1) / 2
		if before(h[p], h[i]) >= 0 {
			return
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func topKDown(h []int, i int, before func(a, b int) int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		c := l
		if r := l + 1; r < len(h) && before(h[r], h[l]) > 0 {
			c = r
		}
		if before(h[i], h[c]) >= 0 {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// TopK is the k largest values of e, largest first, as one list: per
// group in GroupBy.Agg (Polars' top_k there), over the whole frame
// elsewhere, where Polars gives k rows instead (Explode the list for
// them). Values come before nulls, which fill the list only when there
// are fewer than k values; equal values keep row order. e takes the types
// Sort takes; a list or structure is an ErrType error, a negative k an
// ErrArgument error. The list keeps e's type.
func (e Expr) TopK(k int) Expr { return Expr{n: exprTopK{e: e, k: k, top: true}} }

// BottomK is the k smallest values of e, smallest first, as one list;
// see TopK.
func (e Expr) BottomK(k int) Expr { return Expr{n: exprTopK{e: e, k: k}} }

// exprTopK is the TopK and BottomK aggregations.
type exprTopK struct {
	e   Expr
	k   int
	top bool
}

func (n exprTopK) outName() string {
	if n.e.n == nil {
		return ""
	}
	return n.e.n.outName()
}
func (n exprTopK) hasAgg() bool { return true }
func (n exprTopK) String() string {
	if n.top {
		return fmt.Sprintf("%s.top_k(%d)", n.e, n.k)
	}
	return fmt.Sprintf("%s.bottom_k(%d)", n.e, n.k)
}

func (n exprTopK) eval(c *exprCtx) (*exprVec, error) {
	if c.agg {
		return nil, errorf(c.op, ErrArgument, "%s: an aggregation inside an aggregation", n)
	}
	if n.k < 0 {
		return nil, errorf(c.op, ErrArgument, "%s: k must be at least 0", n)
	}
	rc := *c
	rc.rows, rc.agg = true, true
	v, err := n.e.eval(&rc)
	if err != nil {
		return nil, err
	}
	nrows := c.f.data.NumRows()
	val, err := v.toValue(nrows)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	col, err := sortKeyOf(c.op, sortKeyName(n.e), val, nrows)
	if err != nil {
		return nil, err
	}
	keys := topKKeys([]*sortKeyCol{col})
	ids, ng := c.groupIDs()
	order, sizes := (&grpGroups{ids: ids, n: ng}).order()
	picked := make([]int, 0, min(nrows, ng*n.k))
	lengths := make([]int64, ng)
	start := 0
	for g, size := range sizes {
		rows := order[start : start+int(size)]
		start += int(size)
		top := topKSelect(keys, rows, 0, n.k, n.top)
		picked = append(picked, top...)
		lengths[g] = int64(len(top))
	}
	taken, err := structured.TakeValue(val, picked)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	p, err := structured.PartitionFromLengths(lengths)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	res, err := exprNestValue(taken, p)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	out := exprFromValue(res)
	return c.aggResult(out) // one value per group, or per row under Over
}
