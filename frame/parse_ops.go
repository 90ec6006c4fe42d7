package frame

import (
	"errors"
	"fmt"
	"strings"
)

// exprConcatOp is DuckDB's a || b: the concatenation of two lists when a
// is a list, else of two strings, a non-string operand written as text
// ('x' || 1 is "x1"); null when either side is null.
func exprConcatOp(a, b Expr) Expr {
	return exprByType("||", a,
		func(l Expr) Expr { return l.List().Concat(b) },
		func(s Expr) Expr { return ConcatStr("", false, s, b) }, b)
}

// exprIntDiv is DuckDB's a // b: integer division truncated toward zero
// for two integers (-7 // 2 is -3; a zero divisor gives null), and plain
// division when either side is a float (-7.5 // 2 is -3.75). Polars'
// and Python's // (Expr.FloorDiv) round toward minus infinity instead.
func exprIntDiv(e, o Expr) Expr {
	return fn2("intdiv", e, o, func(a, b *exprVec) (*exprVec, error) {
		if a.t != exprIntT || b.t != exprIntT {
			return exprArith(exprDiv, a, b)
		}
		out := exprNew(exprIntT, a, b)
		out.valid = exprIntByZero(a, b, out, func(x, y int64) int64 { return x / y })
		return out, nil
	})
}

// quotedNameHint adds to a column's not-found error, for a name written
// between double quotes (SQL's way, "Release Date"), that strings take
// single quotes: the user may have meant the text.
func quotedNameHint(err error, name string) error {
	fe, ok := err.(*Error)
	if !ok || !errors.Is(err, ErrColumn) {
		return err
	}
	hint := *fe
	hint.Msg = fmt.Sprintf("%s; a string is written between single quotes: '%s'", fe.Msg, strings.ReplaceAll(name, "'", "''"))
	return &hint
}
