package frame

import (
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// This file holds the rewrites of expression trees a query planner needs
// (Polars' optimizer does the same on its expression arena): references
// renamed, to move a filter below a Rename, and constants folded, so that
// x > 1 + 2 reaches a Parquet reader as x > 3, a comparison its row-group
// statistics can rule out.

// exprOperands returns the operands of n and a function building n again
// over other operands (as many, in the same order). ok is false for a node
// the rewrites do not know: a walk must then leave the whole tree as it is.
func exprOperands(n exprNode) (ops []Expr, rebuild func([]Expr) exprNode, ok bool) {
	same := func([]Expr) exprNode { return n }
	switch n := n.(type) {
	case exprCol, exprLit, exprLen, exprIntervalLit:
		return nil, same, true
	case exprAlias:
		return []Expr{n.e}, func(a []Expr) exprNode { n.e = a[0]; return n }, true
	case exprNamed:
		return []Expr{n.e}, func(a []Expr) exprNode { n.e = a[0]; return n }, true
	case exprSrc:
		// The source text stays: it is what the user wrote, and what an
		// error should quote.
		return []Expr{n.e}, func(a []Expr) exprNode { n.e = a[0]; return n }, true
	case exprAgg:
		return []Expr{n.e}, func(a []Expr) exprNode { n.e = a[0]; return n }, true
	case exprTopK:
		return []Expr{n.e}, func(a []Expr) exprNode { n.e = a[0]; return n }, true
	case exprFn:
		if n.hidden {
			return nil, nil, false
		}
		return n.args, func(a []Expr) exprNode { n.args = a; return n }, true
	case exprWhenNode:
		return n.args, func(a []Expr) exprNode { n.args = a; return n }, true
	case exprFuncNode:
		return n.args, func(a []Expr) exprNode { n.args = a; return n }, true
	case exprCall:
		return n.args, func(a []Expr) exprNode { n.args = a; return n }, true
	case exprWinNode:
		return n.args, func(a []Expr) exprNode { n.args = a; return n }, true
	}
	// Not rebuilt: exprTyped (its list and other functions hold its
	// further operands), exprSrcless (its rendering and its check's are
	// kept as text), windows, selectors and the other nodes.
	return nil, nil, false
}

// exprRewrite rebuilds n bottom-up: each node, its operands rewritten
// first, goes through f. ok is false when the tree holds a node
// exprOperands does not know, or f refuses one.
func exprRewrite(n exprNode, f func(exprNode) (exprNode, bool)) (exprNode, bool) {
	if n == nil {
		return nil, true
	}
	ops, rebuild, ok := exprOperands(n)
	if !ok {
		return n, false
	}
	if len(ops) > 0 {
		out := make([]Expr, len(ops))
		for i, o := range ops {
			r, ok := exprRewrite(o.n, f)
			if !ok {
				return n, false
			}
			out[i] = Expr{n: r}
		}
		n = rebuild(out)
	}
	return f(n)
}

// RenameColumns returns e with each column reference ref replaced by
// rename(ref) — a planner moving e below a Rename (or a join's suffixes)
// refers to the columns by their names there. rename's ok false, or a part
// of e whose references cannot be rewritten (a window, a selector), makes
// RenameColumns return e unchanged and false; the planner then leaves e
// where it is. The result names its column as e does when e's name comes
// from an Alias; otherwise it takes the new leftmost reference's name, as
// the expression written with that name would.
func (e Expr) RenameColumns(rename func(ref string) (string, bool)) (Expr, bool) {
	n, ok := exprRewrite(e.n, func(n exprNode) (exprNode, bool) {
		c, isCol := n.(exprCol)
		if !isCol {
			return n, true
		}
		ref, ok := rename(c.ref)
		if !ok {
			return n, false
		}
		if ref != c.ref {
			c = exprCol{ref: ref} // (a quoted name's hint is about the old name)
		}
		return c, true
	})
	if !ok {
		return e, false
	}
	return Expr{n: n}, true
}

// Simplify folds the constant parts of e: each sub-expression that reads
// no column and aggregates nothing (1 + 2, DATE '2024-01-01' + INTERVAL 3
// DAY, upper('a')) is evaluated once and replaced by its literal, so that
// col("x") > 1 + 2 becomes col("x") > 3. A part whose value is null or of
// a type no literal holds, or whose evaluation fails, is kept as written
// (its error then comes when the query runs, as before). The result
// evaluates to the same values as e, under the same name.
func (e Expr) Simplify() Expr {
	one := FromColumns([]string{"_"}, []int64{0})
	n, ok := exprRewrite(e.n, func(n exprNode) (exprNode, bool) {
		switch n.(type) {
		case exprLit, exprIntervalLit, exprAlias, exprNamed, exprLen:
			return n, true // (a name must stay; len() reads the rows)
		}
		x := Expr{n: n}
		if len(x.Columns()) > 0 || x.Aggregates() || exprReadsRows(n) {
			return n, true
		}
		if lit, ok := exprFold(x, one); ok {
			return exprLit{v: lit}, true
		}
		return n, true
	})
	if !ok {
		// A node the walk does not know: nothing below it is folded, but
		// its siblings might be; folding is an optimisation, so e as
		// written is as good an answer.
		return e
	}
	return Expr{n: n}
}

// exprReadsRows reports whether n reads the rows of the frame without a
// column reference: len(), element() or a Series, whose value depends on
// the frame it is evaluated over.
func exprReadsRows(n exprNode) bool {
	switch n.(type) {
	case exprLen, exprElement, exprSeries:
		return true
	}
	ops, _, ok := exprOperands(n)
	if !ok {
		return true
	}
	for _, o := range ops {
		if o.n != nil && exprReadsRows(o.n) {
			return true
		}
	}
	return false
}

// exprPlainRaw reports whether a vector's stored value, if it has one,
// is of a type a literal gives (utf8, int64, float64, bool): another (a
// cast to large_string, int8, a dictionary) would not survive folding.
func exprPlainRaw(raw structured.Value) bool {
	if raw == nil {
		return true
	}
	d, ok := raw.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		return false
	}
	switch d.Values().DataType().ID() {
	case arrow.STRING, arrow.INT64, arrow.FLOAT64, arrow.BOOL:
		return true
	}
	return false
}

// exprFold evaluates a constant expression over a one-row frame and
// returns its value as a literal Lit takes, giving the same vector; ok is
// false when there is no such literal.
func exprFold(e Expr, one *Frame) (any, bool) {
	v, err := e.eval(&exprCtx{op: "Simplify", f: one, rows: true})
	if err != nil || v == nil || !v.scalar || v.n != 1 || v.nullN() > 0 || !exprPlainRaw(v.raw) {
		return nil, false
	}
	if err := v.load(); err != nil || !v.loaded {
		return nil, false
	}
	switch {
	case v.t == exprBoolT && v.dt == nil && len(v.bools) == 1:
		return v.bools[0], true
	case v.t == exprFloatT && v.dt == nil && len(v.floats) == 1:
		return v.floats[0], true
	case v.t == exprStrT && v.dt == nil && len(v.strs) == 1:
		return v.strs[0], true
	case v.t == exprIntT && len(v.ints) == 1:
		x := v.ints[0]
		switch {
		case v.dt == nil:
			return x, true
		case arrow.TypeEqual(v.dt, arrow.FixedWidthTypes.Duration_ns):
			return time.Duration(x), true
		case arrow.TypeEqual(v.dt, arrow.FixedWidthTypes.Date32):
			return arrow.Date32(x), true
		case arrow.TypeEqual(v.dt, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}):
			return time.UnixMicro(x).UTC(), true
		}
	}
	return nil, false
}
