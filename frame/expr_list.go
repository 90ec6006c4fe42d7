package frame

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// ExprList holds the functions of a list column (a ragged column, or a
// fixed-size one; of scalars, structures or lists): e.List().Mean(). Each
// gives one value per row (Len, Get, Sum, ..., Contains, ArgMin, Any) or
// one list per row (Slice, Sort, Unique, Eval, Filter, Concat, ...),
// computed from the column's row partition and its flat items, never row
// by row through Go values. The rules, as Polars':
//
//   - a null list gives null, whatever the function;
//   - an empty list gives Len 0, Sum 0, Contains false, Join "", Any false,
//     All true, an empty list for the functions giving lists, and null for
//     Mean, Min, Max, Get, ArgMin and ArgMax;
//   - null items are skipped by Sum, Mean, Min, Max, ArgMin, ArgMax, Any,
//     All and Join, and are items for Len, Slice, Sort, Unique and Eval.
//
// The text form (ParseExpr) names them as DuckDB does, 1-based where
// positions are concerned: list_extract, list_slice, list_sort,
// list_distinct, list_transform, ...
type ExprList struct{ e Expr }

// List returns the list functions of e.
func (e Expr) List() ExprList { return ExprList{e: e} }

// Len is the number of items of each list (int64).
func (l ExprList) Len() Expr {
	return exprListFn("list.len", l.e, "", func(ls *exprList) (*exprVec, error) {
		out := &exprVec{t: exprIntT, n: ls.n, loaded: true, ints: make([]int64, ls.n), valid: ls.valid}
		for r := range out.ints {
			out.ints[r] = ls.splits[r+1] - ls.splits[r]
		}
		return out, nil
	})
}

// Get is item i of each list (i < 0 counts from the end), null where the
// list is shorter or null; the items may be of any type.
func (l ExprList) Get(i int) Expr {
	return exprListFn("list.get", l.e, fmt.Sprint(i), func(ls *exprList) (*exprVec, error) {
		rows := make([]int, ls.n)
		for r := range rows {
			start, end := ls.splits[r], ls.splits[r+1]
			k := start + int64(i)
			if i < 0 {
				k = end + int64(i)
			}
			if k < start || k >= end {
				rows[r] = structured.NullRow
			} else {
				rows[r] = int(k)
			}
		}
		v, err := structured.TakeValueNullable(ls.items, rows)
		if err != nil {
			return nil, err
		}
		return exprFromValue(v), nil
	})
}

// Sum is the sum of each list's items (0 for an empty list).
func (l ExprList) Sum() Expr { return l.agg(aggSum) }

// Mean is the mean of each list's items as float64.
func (l ExprList) Mean() Expr { return l.agg(aggMean) }

// Min is the least item of each list.
func (l ExprList) Min() Expr { return l.agg(aggMin) }

// Max is the greatest item of each list.
func (l ExprList) Max() Expr { return l.agg(aggMax) }

func (l ExprList) agg(kind aggKind) Expr {
	return exprListFn("list."+aggNames[kind], l.e, "", func(ls *exprList) (*exprVec, error) {
		items := exprFromValue(ls.items)
		if err := items.load(); err != nil {
			return nil, err
		}
		out, err := aggApply(kind, items, ls.rowIDs(), ls.n)
		if err != nil {
			return nil, err
		}
		out.valid = exprValidAnd(out, &exprVec{n: ls.n, valid: ls.valid}, ls.n)
		return out, nil
	})
}

// Contains reports whether each list holds the value of item on its row
// (usually a Lit); null for a null list or a null item value. Items and
// value may be of any type that compares: numbers (an int equals the same
// float), strings, bools, dates and timestamps by comparison, and
// structures or lists, item by item, by equality.
func (l ExprList) Contains(item Expr) Expr {
	return Expr{n: exprFn{label: "list.contains", args: []Expr{l.e, item}, fn: func(_ *exprCtx, args []*exprVec) (*exprVec, error) {
		ls, err := exprListArg(args[0])
		if ls == nil {
			return exprNullLists(args[0]), err
		}
		out := &exprVec{t: exprBoolT, n: ls.n, loaded: true, bools: make([]bool, ls.n)}
		x := args[1]
		if x.t == exprOtherT && x.raw != nil { // a structure or a list: its rows' validity
			x = &exprVec{n: x.n, scalar: x.scalar, valid: exprRowValidity(x.raw)}
		}
		out.valid = exprValidAnd(&exprVec{n: ls.n, valid: ls.valid}, x, ls.n)
		return out, ls.firstEqual(args[1], out.bools, nil)
	}}}
}

// firstEqual sets found[r] where list r holds the value x has on row r
// (a scalar x: on every row), and pos[r] (when pos is not nil) to the
// flat position of the first such item. Items with a comparison kernel
// compare as Eq does (an int equals the same float); structures and
// lists are hashed with the values as one column and compared by
// equality.
func (ls *exprList) firstEqual(x *exprVec, found []bool, pos []int) error {
	items := exprFromValue(ls.items)
	if err := items.load(); err != nil {
		return err
	}
	if items.t == exprOtherT || x.t == exprOtherT {
		return ls.firstEqualHashed(x, found, pos)
	}
	ids := ls.rowIDs()
	if !x.scalar {
		xv, err := x.toValue(ls.n)
		if err != nil {
			return err
		}
		rows := make([]int, len(ids))
		for k, r := range ids {
			rows[k] = int(r)
		}
		taken, err := structured.TakeValue(xv, rows)
		if err != nil {
			return err
		}
		x = exprFromValue(taken)
		if err := x.load(); err != nil {
			return err
		}
	}
	eq, err := exprCompare(exprEq, items, x)
	if err != nil {
		return err
	}
	for k, r := range ids {
		if eq.bools[k*eq.stride()] && !eq.isNull(k) && !found[r] {
			found[r] = true
			if pos != nil {
				pos[r] = k
			}
		}
	}
	return nil
}

// firstEqualHashed is firstEqual for items without a comparison kernel
// (structures, lists).
func (ls *exprList) firstEqualHashed(x *exprVec, found []bool, pos []int) error {
	xv, err := x.toValue(ls.n)
	if err != nil {
		return err
	}
	all, err := structured.ConcatValues(ls.items, xv)
	if err != nil {
		return fmt.Errorf("%w: a value of another type than the items: %v", ErrType, err)
	}
	eq, err := grpHashValue("item", all, make([]uint64, all.NumRows()))
	if err != nil {
		return err
	}
	nItems := int(ls.splits[ls.n])
	for r := 0; r < ls.n; r++ {
		for k := int(ls.splits[r]); k < int(ls.splits[r+1]); k++ {
			if eq(k, nItems+r) {
				found[r] = true
				if pos != nil {
					pos[r] = k
				}
				break
			}
		}
	}
	return nil
}

// Join concatenates the strings of each list with sep between them, null
// items skipped.
func (l ExprList) Join(sep string) Expr { return l.join("list.join", sep, false) }

// join is Join; with noneNull a list without a non-null item gives null
// (DuckDB's string_agg), not "".
func (l ExprList) join(label, sep string, noneNull bool) Expr {
	return exprListFn(label, l.e, fmt.Sprintf("%q", sep), func(ls *exprList) (*exprVec, error) {
		items := exprFromValue(ls.items)
		if err := items.load(); err != nil {
			return nil, err
		}
		if items.t != exprStrT && items.t != exprNullT {
			return nil, fmt.Errorf("%w: list.join takes a list of strings, got items of %s", ErrType, items.typeName())
		}
		out := &exprVec{t: exprStrT, n: ls.n, loaded: true, strs: make([]string, ls.n), valid: ls.valid}
		var b strings.Builder
		for r := range out.strs {
			b.Reset()
			first := true
			for k := ls.splits[r]; k < ls.splits[r+1]; k++ {
				if items.t == exprNullT || items.isNull(int(k)) {
					continue
				}
				if !first {
					b.WriteString(sep)
				}
				first = false
				b.WriteString(items.strs[k])
			}
			out.strs[r] = b.String()
			if first && noneNull && !exprBitNull(out.valid, r) {
				if out.valid == nil {
					out.valid = exprBitsAll(ls.n)
				} else if len(ls.valid) > 0 && &out.valid[0] == &ls.valid[0] { // still shared with the lists
					out.valid = append([]byte(nil), out.valid...)
				}
				bitutil.ClearBit(out.valid, r)
			}
		}
		return out, nil
	})
}

// exprList is a list column taken apart: n rows, row r holding the items
// [splits[r], splits[r+1]) of items, null where valid says so.
type exprList struct {
	n      int
	splits []int64
	items  structured.Value // the flat items, a vector (or a Tensor of structures, or lists of a list<list>)
	valid  []byte
	wide   bool // the offsets are int64 (large_list): results keep them so
}

// rowIDs is the row of each item.
func (ls *exprList) rowIDs() []int32 {
	ids := make([]int32, ls.splits[ls.n])
	for r := 0; r < ls.n; r++ {
		for k := ls.splits[r]; k < ls.splits[r+1]; k++ {
			ids[k] = int32(r)
		}
	}
	return ids
}

// exprListOf takes a list column apart: a ragged leaf of rank >= 2 (a list
// of lists has lists as items), a dense one of shape [n, k, ...], or a
// Tensor of rank >= 2 (a list of structures, or a map's entries).
func exprListOf(a *exprVec) (*exprList, error) {
	switch v := a.raw.(type) {
	case *structured.Ragged:
		if v.Rank() < 2 {
			break
		}
		parts := v.RowPartitions()
		p := parts[0]
		var items structured.Value
		var err error
		if len(parts) > 1 {
			items, err = structured.NewRagged(v.Values(), parts[1:]...)
		} else {
			items, err = structured.NewDense(v.Values())
		}
		if err != nil {
			return nil, err
		}
		return &exprList{n: v.NumRows(), splits: p.RowSplits(), items: items, valid: exprBitsOf(p.Validity()), wide: exprWidePartition(p)}, nil
	case *structured.Dense:
		if v.Rank() < 2 {
			break
		}
		shape := v.Shape()
		k := shape[1]
		splits := make([]int64, v.NumRows()+1)
		for r := range splits {
			splits[r] = int64(r * k)
		}
		items, err := structured.NewDense(v.Values(), append([]int{v.NumRows() * k}, shape[2:]...)...)
		if err != nil {
			return nil, err
		}
		return &exprList{n: v.NumRows(), splits: splits, items: items}, nil
	case *structured.Tensor:
		if v.Rank() < 2 {
			break
		}
		flat, err := v.MergeDims(0, 1)
		if err != nil {
			return nil, err
		}
		p := v.RowPartitions()[0]
		return &exprList{n: v.NumRows(), splits: p.RowSplits(), items: flat, valid: exprBitsOf(p.Validity()), wide: exprWidePartition(p)}, nil
	}
	return nil, fmt.Errorf("%w: a list function takes a list column, got %s", ErrType, a.typeName())
}

// exprWidePartition reports whether a partition has int64 splits (an
// Arrow large_list).
func exprWidePartition(p *structured.RowPartition) bool {
	return !p.IsUniform() && p.DType().ID() == arrow.INT64
}

func exprListFn(label string, e Expr, extra string, fn func(ls *exprList) (*exprVec, error)) Expr {
	return fn1(label, e, extra, func(a *exprVec) (*exprVec, error) {
		if a.t == exprNullT {
			// A column of only nulls (of Arrow type null): null lists.
			return &exprVec{t: exprNullT, n: a.n, scalar: a.scalar, loaded: true, valid: exprBitsNone(a.n)}, nil
		}
		ls, err := exprListOf(a)
		if err != nil {
			return nil, err
		}
		out, err := fn(ls)
		if out != nil {
			out.scalar = a.scalar
		}
		return out, err
	})
}
