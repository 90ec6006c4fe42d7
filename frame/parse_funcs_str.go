package frame

import (
	"fmt"
	"strings"
)

// parseFuncsStr registers the string functions of the text form.
func parseFuncsStr(funcs map[string]parseFunc) {
	funcs["len"] = parseFunc{0, 1, func(_ *parser, _ token, a []parseArg) (Expr, error) {
		if len(a) == 0 {
			return Len(), nil
		}
		return exprByType("len", a[0].e, func(e Expr) Expr { return e.List().Len() }, func(e Expr) Expr {
			if t := exprDoneType(e); t != "" {
				return exprFailed("len", e, fmt.Errorf("%w: len takes a string or a list, got %s", ErrType, t))
			}
			return e.Str().Len()
		}), nil
	}}
	funcs["contains"] = parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
		item := a[1].e
		sub, isStr := "", a[1].tok.kind == tokString && a[1].literal(p)
		if isStr {
			sub = a[1].tok.text
		}
		itemText := strings.TrimSpace(p.src[a[1].tok.pos:a[1].end])
		return exprByType("contains", a[0].e,
			func(e Expr) Expr { return e.List().Contains(item) },
			func(e Expr) Expr {
				if t := exprDoneType(e); t != "" {
					return exprFailed("contains", e, fmt.Errorf("%w: contains takes a string or a list, got %s", ErrType, t))
				}
				if !isStr {
					return exprFailed("contains", e, fmt.Errorf("%w: contains on a string takes a string literal, got %s", ErrType, itemText))
				}
				return e.Str().Contains(sub)
			}, item), nil
	}}
	funcs["startswith"] = parseStrArg(func(e Expr, s string) Expr { return e.Str().StartsWith(s) })
	funcs["endswith"] = parseStrArg(func(e Expr, s string) Expr { return e.Str().EndsWith(s) })
	funcs["lower"] = parseOne(func(e Expr) Expr { return e.Str().Lower() })
	funcs["upper"] = parseOne(func(e Expr) Expr { return e.Str().Upper() })
	funcs["starts_with"] = funcs["startswith"]
	funcs["ends_with"] = funcs["endswith"]
	funcs["length"] = funcs["len"]
}
