package frame

// ExprInfo describes the root node of an expression, for code that
// translates expressions into another form: a dataset reader turning the
// comparisons of a filter (Col("x").Gt(Lit(3))) into Parquet row-group
// predicates, which the statistics of each row group can rule out.
type ExprInfo struct {
	// Op is what the root does: "col" (a column reference), "lit" (a
	// constant), "alias", "len", an aggregation ("sum", "mean", "min",
	// "max", "count", "first", "last", "n_unique", "std", "implode"), an
	// element-wise operator or function as String renders it ("eq", "ne",
	// "lt", "le", "gt", "ge", "and", "or", "not", "is_null", "cast",
	// "add", ...), "other" for a node it does not describe, or "" for the
	// zero Expr.
	Op string
	// Args are the operands, left to right: none for "col" and "lit".
	Args []Expr
	// Column is the reference of a "col", as Col was given it (a name, a
	// dotted path or a Path).
	Column string
	// Value is the value of a "lit", as Lit was given it.
	Value any
}

// Inspect describes the root node of e (see ExprInfo); its operands are
// inspected in turn.
func (e Expr) Inspect() ExprInfo {
	switch n := e.n.(type) {
	case nil:
		return ExprInfo{}
	case exprCol:
		return ExprInfo{Op: "col", Column: n.ref}
	case exprLit:
		return ExprInfo{Op: "lit", Value: n.v}
	case exprAlias:
		return ExprInfo{Op: "alias", Args: []Expr{n.e}}
	case exprNamed:
		return n.e.Inspect()
	case exprSrc: // ParseExpr's node: the expression parsed
		return n.e.Inspect()
	case exprLen:
		return ExprInfo{Op: "len"}
	case exprAgg:
		return ExprInfo{Op: aggNames[n.kind], Args: []Expr{n.e}}
	case exprFn:
		return ExprInfo{Op: n.label, Args: append([]Expr(nil), n.args...)}
	}
	return ExprInfo{Op: "other"}
}
