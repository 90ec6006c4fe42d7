package frame

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Element is the item of a list inside List().Eval and List().Filter
// (Polars' pl.element()): Col("tags").List().Eval(Element().Str().ToUpper())
// upper-cases every tag. It stands for all the items of the column at
// once, so the expression runs once over the flat items with the same
// kernels as over a column, not once per row. Outside Eval and Filter it
// is an ErrArgument error.
func Element() Expr { return Expr{n: exprElement{}} }

// exprElement is the items of the list Eval is evaluating.
type exprElement struct{}

func (exprElement) outName() string { return "" }
func (exprElement) hasAgg() bool    { return false }
func (exprElement) String() string  { return "element()" }
func (exprElement) eval(c *exprCtx) (*exprVec, error) {
	if c.elem == nil {
		return nil, errorf(c.op, ErrArgument, "element() is used outside List().Eval and List().Filter")
	}
	if !c.rows {
		return nil, errorf(c.op, ErrArgument, "element() is used outside an aggregation in an expression of List().Eval that aggregates (aggregate it, e.g. Element().Sum())")
	}
	return exprFromValue(c.elem), nil
}

// Eval evaluates e over the items of each list, e reading them with
// Element() (Polars' list.eval), and gives the lists of the results:
// Eval(Element().Mul(Lit(2))) doubles every item, and a string, maths or
// date function applies to lists of strings, numbers or dates the same
// way. e runs once over all the items of the column, not per row, and the
// result keeps the input's row partition (its null and empty lists
// too). When e aggregates (Element().Sum(), Element().Max().Sub(Element().Min()))
// each list reduces to a list of one value, as in Polars; a
// non-aggregated Element() beside an aggregation is then an error. e may
// refer to no column (Col) of the frame.
//
// The text form's list_transform(l, x -> x * 2) is Eval.
func (l ExprList) Eval(e Expr) Expr {
	return Expr{n: exprFn{label: "list.eval", args: []Expr{l.e}, extra: e.String(), fn: func(c *exprCtx, args []*exprVec) (*exprVec, error) {
		ls, err := exprListArg(args[0])
		if ls == nil {
			return exprNullLists(args[0]), err
		}
		v, agg, err := ls.evalItems(c, e)
		if err != nil {
			return nil, err
		}
		out, err := ls.evalResult(v, agg)
		if out != nil {
			out.scalar = args[0].scalar
		}
		return out, err
	}}}
}

// evalResult builds Eval's lists from the values e gave: one per item, or
// one per list when e aggregates.
func (ls *exprList) evalResult(v *exprVec, agg bool) (*exprVec, error) {
	if !agg {
		val, err := v.toValue(int(ls.splits[ls.n]))
		if err != nil {
			return nil, err
		}
		return exprListBuild(val, ls.splits, ls.valid, ls.wide)
	}
	// One value per list: a list of one item, none for a null list.
	val, err := v.toValue(ls.n)
	if err != nil {
		return nil, err
	}
	idx := make([]int, 0, ls.n)
	splits := make([]int64, ls.n+1)
	for r := 0; r < ls.n; r++ {
		if !exprBitNull(ls.valid, r) {
			idx = append(idx, r)
		}
		splits[r+1] = int64(len(idx))
	}
	one := &exprList{n: ls.n, items: val, valid: ls.valid, wide: ls.wide}
	return one.take(idx, splits)
}

// Filter keeps the items of each list where pred, an expression over
// Element() giving bools, is true (null drops the item, as Frame.Filter
// drops a row); Polars' list.filter. The text form's
// list_filter(l, x -> x > 0) is Filter.
func (l ExprList) Filter(pred Expr) Expr {
	return Expr{n: exprFn{label: "list.filter", args: []Expr{l.e}, extra: pred.String(), fn: func(c *exprCtx, args []*exprVec) (*exprVec, error) {
		ls, err := exprListArg(args[0])
		if ls == nil {
			return exprNullLists(args[0]), err
		}
		if pred.n != nil && pred.n.hasAgg() {
			return nil, fmt.Errorf("%w: the predicate of list.filter gives one value per item; it may not aggregate", ErrArgument)
		}
		v, _, err := ls.evalItems(c, pred)
		if err != nil {
			return nil, err
		}
		if err := v.load(); err != nil {
			return nil, err
		}
		if v.t != exprBoolT && v.t != exprNullT {
			return nil, fmt.Errorf("%w: the predicate of list.filter gives %s, not bool", ErrType, v.typeName())
		}
		keep := func(k int) bool { return v.t == exprBoolT && !v.isNull(k) && v.bools[k*v.stride()] }
		out, err := ls.pick(func(start, end int, idx []int) []int {
			for k := start; k < end; k++ {
				if keep(k) {
					idx = append(idx, k)
				}
			}
			return idx
		})
		if out != nil {
			out.scalar = args[0].scalar
		}
		return out, err
	}}}
}

// exprListArg takes a list argument apart; nil without an error for a
// column of only nulls.
func exprListArg(a *exprVec) (*exprList, error) {
	if a.t == exprNullT {
		return nil, nil
	}
	return exprListOf(a)
}

// exprNullLists is the result of a list function over a column of only
// nulls: nulls.
func exprNullLists(a *exprVec) *exprVec {
	return &exprVec{t: exprNullT, n: a.n, scalar: a.scalar, loaded: true, valid: exprBitsNone(a.n)}
}

// evalItems evaluates e over the flat items of the lists, Element() being
// the items: at row level, or when e aggregates, per list (the lists are
// the groups of a GroupBy over the items). agg reports the latter.
func (ls *exprList) evalItems(c *exprCtx, e Expr) (v *exprVec, agg bool, err error) {
	nItems := int(ls.splits[ls.n])
	t, err := structured.FromShape(structured.Shape{nItems})
	if err != nil {
		return nil, false, err
	}
	ic := &exprCtx{op: c.op, f: &Frame{data: t}, rows: true, elem: ls.items}
	agg = e.n != nil && e.n.hasAgg()
	if agg {
		ic.grp, ic.rows = &grpGroups{ids: ls.rowIDs(), n: ls.n}, false
	} else {
		// An order-dependent function (Shift, CumSum, Rank) runs within
		// each list, as Polars' list.eval.
		starts := make([]int, ls.n+1)
		for r, s := range ls.splits[:ls.n+1] {
			starts[r] = int(s)
		}
		ic.win = &winParts{starts: starts}
	}
	if v, err = e.eval(ic); err != nil {
		return nil, false, err
	}
	want := nItems
	if agg {
		want = ls.n
	}
	if !v.scalar && v.n != want {
		return nil, false, fmt.Errorf("%w: %s gives %d values for %d items", ErrShape, e, v.n, want)
	}
	return v, agg, nil
}
