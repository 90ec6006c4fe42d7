package frame

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// The list functions below give a list per row (Slice, Head, Tail, Sort,
// Unique, Reverse, Concat, Eval, Filter) or a value per row (ArgMin,
// ArgMax, Any, All). A list result is built once for the whole column: the
// kept items are gathered with one Take of the flat items (none when every
// item is kept in place) and cut by a new row partition of the input's
// offset width (int32 offsets for a list, int64 for a large_list), null
// where the input list is null. Items may be of any type: scalars, lists
// (a list<list<T>>) or structures (a list of structs), except where said.

// Slice keeps, of each list, length items from offset (Polars'
// list.slice): a negative offset counts from the end of the list, and the
// window is clipped to the list, so Slice(-5, 3) of [1 2 3] is [1]. A
// negative length takes every item from offset to the end (Polars'
// length=None). The text form's list_slice is DuckDB's, 1-based and
// inclusive: list_slice(l, 2, 3) is Slice(1, 2).
func (l ExprList) Slice(offset, length int) Expr {
	return exprListFn("list.slice", l.e, fmt.Sprintf("%d, %d", offset, length), func(ls *exprList) (*exprVec, error) {
		return ls.pick(func(start, end int, idx []int) []int {
			lo, hi := exprSliceBounds(int64(offset), int64(length), int64(end-start))
			for k := start + int(lo); k < start+int(hi); k++ {
				idx = append(idx, k)
			}
			return idx
		})
	})
}

// exprSliceBounds clips the window of length items from offset (from the
// end when negative; to the end when length is negative) to a list of n
// items, as Polars' slice_offsets: [lo, hi).
func exprSliceBounds(offset, length, n int64) (lo, hi int64) {
	if length < 0 {
		length = math.MaxInt64 / 2
	}
	if offset < 0 {
		offset += n
	}
	lo, hi = offset, offset+min(length, math.MaxInt64/2)
	return min(max(lo, 0), n), min(max(hi, 0), n)
}

// Head keeps the first n items of each list (all of a shorter one).
// A negative n is an ErrArgument error.
func (l ExprList) Head(n int) Expr {
	if n < 0 {
		return exprFailed("list.head", l.e, fmt.Errorf("%w: list.head takes n >= 0, got %d", ErrArgument, n))
	}
	return l.Slice(0, n)
}

// Tail keeps the last n items of each list (all of a shorter one).
// A negative n is an ErrArgument error.
func (l ExprList) Tail(n int) Expr {
	if n < 0 {
		return exprFailed("list.tail", l.e, fmt.Errorf("%w: list.tail takes n >= 0, got %d", ErrArgument, n))
	}
	return exprListFn("list.tail", l.e, fmt.Sprint(n), func(ls *exprList) (*exprVec, error) {
		return ls.pick(func(start, end int, idx []int) []int {
			for k := max(start, end-n); k < end; k++ {
				idx = append(idx, k)
			}
			return idx
		})
	})
}

// Reverse reverses the items of each list.
func (l ExprList) Reverse() Expr {
	return exprListFn("list.reverse", l.e, "", func(ls *exprList) (*exprVec, error) {
		return ls.pick(func(start, end int, idx []int) []int {
			for k := end - 1; k >= start; k-- {
				idx = append(idx, k)
			}
			return idx
		})
	})
}

// Sort sorts the items of each list, smallest first or, descending,
// largest first (Polars' list.sort), with Sort's order of values (NaN
// above +Inf, strings by their bytes); nulls go first, or last with
// nullsLast (Polars' default is first; DuckDB's list_sort puts them last).
// The items must be scalars that Frame.Sort takes as keys.
func (l ExprList) Sort(descending, nullsLast bool) Expr {
	extra := fmt.Sprintf("descending=%t, nulls_last=%t", descending, nullsLast)
	return exprListFn("list.sort", l.e, extra, func(ls *exprList) (*exprVec, error) {
		nItems := int(ls.splits[ls.n])
		key, err := exprItemKey("list.sort", ls, nItems)
		if err != nil {
			return nil, err
		}
		rows := &sortKeyCol{u: make([]uint64, nItems), n: nItems}
		for k, r := range ls.rowIDs() {
			rows.u[k] = uint64(r)
		}
		nulls := sortNullsFirst
		if nullsLast {
			nulls = sortNullsLast
		}
		perm := sortPerm([]*sortKeyCol{rows, key}, []SortKey{{}, {desc: descending, nulls: nulls}}, nItems)
		return ls.take(perm, ls.splits)
	})
}

// exprItemKey reads the items of a list column as a sort key: they must
// be scalars.
func exprItemKey(op string, ls *exprList, nItems int) (*sortKeyCol, error) {
	d, ok := ls.items.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		return nil, fmt.Errorf("%w: %s takes a list of scalars, got items of shape %s", ErrType, op, ls.items.Shape())
	}
	return sortKeyOf(op, "item", d, nItems)
}

// Unique keeps the first of each distinct item of each list, in the
// order of first appearance (Polars' list.unique(maintain_order=True));
// null is one value. Items may be scalars, structures or lists of them.
// The text form's list_distinct (DuckDB's) also drops the nulls.
func (l ExprList) Unique() Expr {
	return exprListFn("list.unique", l.e, "", func(ls *exprList) (*exprVec, error) {
		nItems := int(ls.splits[ls.n])
		ids := ls.rowIDs()
		h := make([]uint64, nItems)
		for k, r := range ids {
			h[k] = grpMix(uint64(r) + 1)
		}
		eqv, err := grpHashValue("item", ls.items, h)
		if err != nil {
			return nil, err
		}
		eqRow := func(i, j int) bool { return ids[i] == ids[j] }
		g := grpBuild(nItems, h, []grpEq{eqRow, eqv})
		idx := g.firstRows() // ascending: groups are numbered by first appearance
		splits := make([]int64, ls.n+1)
		for _, k := range idx {
			splits[ids[k]+1]++
		}
		for r := 0; r < ls.n; r++ {
			splits[r+1] += splits[r]
		}
		return ls.take(idx, splits)
	})
}

// ArgMin is the position in each list (from 0, int64) of its least item,
// the first one when several are equal; null for a null or empty list or
// one of only nulls. The items must be scalars with an order.
func (l ExprList) ArgMin() Expr { return l.argExtreme("list.arg_min", false) }

// ArgMax is the position in each list of its greatest item (see ArgMin).
func (l ExprList) ArgMax() Expr { return l.argExtreme("list.arg_max", true) }

func (l ExprList) argExtreme(label string, greatest bool) Expr {
	return exprListFn(label, l.e, "", func(ls *exprList) (*exprVec, error) {
		key, err := exprItemKey(label, ls, int(ls.splits[ls.n]))
		if err != nil {
			return nil, err
		}
		out := &exprVec{t: exprIntT, n: ls.n, loaded: true, ints: make([]int64, ls.n), valid: exprBitsAll(ls.n)}
		for r := 0; r < ls.n; r++ {
			best := -1
			for k := int(ls.splits[r]); k < int(ls.splits[r+1]); k++ {
				if key.isNull(k) {
					continue
				}
				if best < 0 || exprKeyCmp(key, k, best) != 0 && (exprKeyCmp(key, k, best) > 0) == greatest {
					best = k
				}
			}
			if best < 0 || exprBitNull(ls.valid, r) {
				bitutil.ClearBit(out.valid, r)
				continue
			}
			out.ints[r] = int64(best) - ls.splits[r]
		}
		return out, nil
	})
}

// exprKeyCmp compares items i and j of a key.
func exprKeyCmp(k *sortKeyCol, i, j int) int {
	switch {
	case k.s != nil:
		return exprCmp(k.s[i], k.s[j])
	case k.hi != nil && k.hi[i] != k.hi[j]:
		return exprCmp(k.hi[i], k.hi[j])
	}
	return exprCmp(k.u[i], k.u[j])
}

func exprCmp[T string | uint64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// exprBitNull reports whether slot i of a validity bitmap (nil: all
// valid) is null.
func exprBitNull(valid []byte, i int) bool {
	return valid != nil && !bitutil.BitIsSet(valid, i)
}

// Any reports whether some item of each list of bools is true; false for
// an empty list, null for a null list; null items are skipped (Polars'
// list.any).
func (l ExprList) Any() Expr { return l.anyAll("list.any", true) }

// All reports whether every item of each list of bools is true; true for
// an empty list, null for a null list; null items are skipped (Polars'
// list.all).
func (l ExprList) All() Expr { return l.anyAll("list.all", false) }

func (l ExprList) anyAll(label string, anyTrue bool) Expr {
	return exprListFn(label, l.e, "", func(ls *exprList) (*exprVec, error) {
		items := exprFromValue(ls.items)
		if err := items.load(); err != nil {
			return nil, err
		}
		if items.t != exprBoolT && items.t != exprNullT {
			return nil, fmt.Errorf("%w: %s takes a list of bools, got items of %s", ErrType, label, items.typeName())
		}
		out := &exprVec{t: exprBoolT, n: ls.n, loaded: true, bools: make([]bool, ls.n), valid: ls.valid}
		for r := range out.bools {
			res := !anyTrue
			for k := ls.splits[r]; k < ls.splits[r+1]; k++ {
				if items.t == exprNullT || items.isNull(int(k)) {
					continue
				}
				if items.bools[k] == anyTrue {
					res = anyTrue
					break
				}
			}
			out.bools[r] = res
		}
		return out, nil
	})
}

// Concat concatenates, row by row, the lists of e and of others (Polars'
// concat_list): [1 2] and [3] give [1 2 3]. The items must be of one
// type. A row is null where any of the lists is null (Polars' rule; the
// text form's list_concat, DuckDB's, skips null lists instead).
func (l ExprList) Concat(others ...Expr) Expr {
	return exprListConcat("list.concat", append([]Expr{l.e}, others...), false)
}

// exprListConcat concatenates lists row by row; with skipNulls a null list
// counts as an empty one and no row is null.
func exprListConcat(label string, args []Expr, skipNulls bool) Expr {
	return Expr{n: exprFn{label: label, args: args, fn: func(_ *exprCtx, vs []*exprVec) (*exprVec, error) {
		n, _ := exprRows(vs...)
		lists := make([]*exprList, len(vs))
		var parts []structured.Value
		bases := make([]int, len(vs))
		base, wide := 0, false
		for i, v := range vs {
			if v.t == exprNullT {
				continue // null lists
			}
			if v.scalar {
				val, err := v.toValue(n)
				if err != nil {
					return nil, err
				}
				v = exprFromValue(val)
			}
			ls, err := exprListOf(v)
			if err != nil {
				return nil, err
			}
			lists[i], bases[i], wide = ls, base, wide || ls.wide
			parts = append(parts, ls.items)
			base += ls.items.NumRows()
		}
		if len(parts) == 0 {
			return &exprVec{t: exprNullT, n: n, loaded: true, valid: exprBitsNone(n)}, nil
		}
		items := parts[0]
		if len(parts) > 1 {
			var err error
			if items, err = structured.ConcatValues(parts...); err != nil {
				return nil, err
			}
		}
		idx := make([]int, 0, items.NumRows())
		splits := make([]int64, n+1)
		var valid []byte
		for r := 0; r < n; r++ {
			null := false
			for _, ls := range lists {
				null = null || ls == nil || exprBitNull(ls.valid, r)
			}
			if null && !skipNulls {
				if valid == nil {
					valid = exprBitsAll(n)
				}
				bitutil.ClearBit(valid, r)
			} else {
				for i, ls := range lists {
					if ls == nil || exprBitNull(ls.valid, r) {
						continue
					}
					for k := ls.splits[r]; k < ls.splits[r+1]; k++ {
						idx = append(idx, bases[i]+int(k))
					}
				}
			}
			splits[r+1] = int64(len(idx))
		}
		out := &exprList{n: n, items: items, wide: wide}
		return out.takeValid(idx, splits, valid)
	}}}
}

// pick builds a list column keeping, of each non-null list, the items
// choose appends to idx (positions in the flat items, between start and
// end, in the order wanted).
func (ls *exprList) pick(choose func(start, end int, idx []int) []int) (*exprVec, error) {
	idx := make([]int, 0, ls.splits[ls.n])
	splits := make([]int64, ls.n+1)
	for r := 0; r < ls.n; r++ {
		if !exprBitNull(ls.valid, r) {
			idx = choose(int(ls.splits[r]), int(ls.splits[r+1]), idx)
		}
		splits[r+1] = int64(len(idx))
	}
	return ls.take(idx, splits)
}

// take builds the list column whose row r holds the items
// idx[splits[r]:splits[r+1]] of ls's items, null where ls is.
func (ls *exprList) take(idx []int, splits []int64) (*exprVec, error) {
	return ls.takeValid(idx, splits, ls.valid)
}

func (ls *exprList) takeValid(idx []int, splits []int64, valid []byte) (*exprVec, error) {
	items := ls.items
	if !exprIdentity(idx, items.NumRows()) {
		var err error
		if items, err = structured.TakeValue(items, idx); err != nil {
			return nil, err
		}
	}
	return exprListBuild(items, splits, valid, ls.wide)
}

// exprIdentity reports whether idx is 0, 1, ..., n-1: the items are kept
// as they are, shared.
func exprIdentity(idx []int, n int) bool {
	if len(idx) != n {
		return false
	}
	for i, k := range idx {
		if k != i {
			return false
		}
	}
	return true
}

// exprListBuild makes a list column of the rows items cut by splits
// (starting at 0), null where valid says so: int32 offsets unless wide
// (or too many items for them), as Arrow's list and large_list.
func exprListBuild(items structured.Value, splits []int64, valid []byte, wide bool) (*exprVec, error) {
	n := len(splits) - 1
	var (
		p   *structured.RowPartition
		err error
	)
	if !wide && splits[n] <= math.MaxInt32 {
		s32 := make([]int32, n+1)
		for i, x := range splits {
			s32[i] = int32(x)
		}
		p, err = structured.PartitionFromSplits(s32)
	} else {
		p, err = structured.PartitionFromSplits(splits)
	}
	if err != nil {
		return nil, err
	}
	if valid != nil && bitutil.CountSetBits(valid, 0, n) < n {
		bs := make([]bool, n)
		for i := range bs {
			bs[i] = bitutil.BitIsSet(valid, i)
		}
		if p, err = p.WithValidity(bs); err != nil {
			return nil, err
		}
	}
	v, err := exprNestValue(items, p)
	if err != nil {
		return nil, err
	}
	return exprFromValue(v), nil
}
