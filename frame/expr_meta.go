package frame

// Columns returns the column references e reads, in the order they first
// appear (Polars' meta.root_names): what a reader needs to read to evaluate
// e, and what a dataset reader checks to decide whether e can be evaluated
// on the partition values alone. A reference is returned as written (a
// top-level name, a dotted path or a Path).
func (e Expr) Columns() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(n exprNode)
	walk = func(n exprNode) {
		switch n := n.(type) {
		case exprCol:
			if !seen[n.ref] {
				seen[n.ref] = true
				out = append(out, n.ref)
			}
		case exprAlias:
			walk(n.e.n)
		case exprNamed:
			walk(n.e.n)
		case exprAgg:
			walk(n.e.n)
		case exprFn:
			for _, a := range n.args {
				walk(a.n)
			}
		case exprSrc:
			walk(n.e.n)
		case exprTyped:
			walk(n.arg.n)
			for _, m := range n.more {
				walk(m.n)
			}
		case exprParent:
			for _, a := range n.children() {
				walk(a.n)
			}
		}
	}
	walk(e.n)
	return out
}

// Aggregates reports whether an aggregation (Sum, Mean, Len, ...) or a
// window (Over, Shift, CumSum, Rank, a text form's OVER, ...) is part of
// e: such an expression depends on other rows than its own, so it cannot
// be evaluated batch by batch with the same result.
func (e Expr) Aggregates() bool { return e.n != nil && (e.n.hasAgg() || exprWindowed(e.n)) }

// exprWindowed reports whether an order-dependent expression or a window
// is part of n (window_funcs.go, window_over.go, window_sql.go).
func exprWindowed(n exprNode) bool {
	switch n := n.(type) {
	case exprWinNode, exprOver, exprSQLWindow:
		return true
	case exprAlias:
		return exprWindowed(n.e.n)
	case exprNamed:
		return exprWindowed(n.e.n)
	case exprAgg:
		return exprWindowed(n.e.n)
	case exprSrc:
		return exprWindowed(n.e.n)
	case exprFn:
		for _, a := range n.args {
			if a.n != nil && exprWindowed(a.n) {
				return true
			}
		}
	case exprTyped:
		if n.arg.n != nil && exprWindowed(n.arg.n) {
			return true
		}
		for _, m := range n.more {
			if m.n != nil && exprWindowed(m.n) {
				return true
			}
		}
	case exprParent:
		for _, a := range n.children() {
			if a.n != nil && exprWindowed(a.n) {
				return true
			}
		}
	}
	return false
}

// Conjuncts splits e at its top-level And operators into the expressions
// that must all be true, left to right: a.And(b).And(c) gives a, b and c.
// An expression that is not an And gives itself. A filter's conjuncts can
// be checked one by one where only some columns are known (the partition
// columns of a dataset, before any file is opened).
func (e Expr) Conjuncts() []Expr {
	n := e.n
	if s, ok := n.(exprSrc); ok {
		n = s.e.n // ParseExpr's node, keeping the source text
	}
	if fn, ok := n.(exprFn); ok && fn.label == "and" && len(fn.args) == 2 {
		return append(fn.args[0].Conjuncts(), fn.args[1].Conjuncts()...)
	}
	return []Expr{e}
}
