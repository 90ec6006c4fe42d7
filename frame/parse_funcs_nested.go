package frame

import (
	"fmt"
	"strings"

	"github.com/structframe/structframe/structured"
)

// parseFuncsNested registers the list and structure functions of the text
// form, with DuckDB's names and semantics: positions are 1-based
// (list_extract(l, 1) is the first item, -1 the last, 0 none) and
// list_slice's bounds inclusive; list_sort puts nulls last; list_distinct
// drops nulls (keeping the first of each value, in order, where DuckDB
// gives no order) and list_unique counts the distinct non-null items;
// list_concat skips a null list; list_transform and list_filter take a
// lambda, x -> expression, whose parameter is each item (Element());
// list_avg, list_min and list_max of an empty list are null and list_count
// counts the non-null items, as DuckDB's.
func parseFuncsNested(funcs map[string]parseFunc) {
	for name, f := range map[string]parseFunc{
		"list_slice":        {3, 3, parseListSlice},
		"list_sort":         {1, 3, parseListSort(false)},
		"list_reverse_sort": {1, 2, parseListSort(true)},
		"list_distinct":     parseOne(func(e Expr) Expr { return parseListDistinct(e) }),
		"list_unique":       parseOne(func(e Expr) Expr { return parseListDistinct(e).List().Len() }),
		"list_reverse":      parseOne(func(e Expr) Expr { return e.List().Reverse() }),
		"list_concat": {2, 1 << 16, func(_ *parser, _ token, a []parseArg) (Expr, error) {
			args := make([]Expr, len(a))
			for i := range a {
				args[i] = a[i].e
			}
			return exprListConcat("list_concat", args, true), nil
		}},
		"list_contains": {2, 2, func(_ *parser, _ token, a []parseArg) (Expr, error) {
			return a[0].e.List().Contains(a[1].e), nil
		}},
		"list_extract": {2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
			i, err := a[1].intLit(p, name)
			if err != nil {
				return Expr{}, err
			}
			return parseListIndex(a[0].e, i), nil
		}},
		"array_length":   parseOne(func(e Expr) Expr { return e.List().Len() }),
		"list_transform": {2, 2, parseLambdaCall(ExprList.Eval)},
		"list_filter":    {2, 2, parseLambdaCall(ExprList.Filter)},
		"list_avg":       parseOne(func(e Expr) Expr { return e.List().Mean() }),
		"list_min":       parseOne(func(e Expr) Expr { return e.List().Min() }),
		"list_max":       parseOne(func(e Expr) Expr { return e.List().Max() }),
		"list_count":     parseOne(func(e Expr) Expr { return e.List().agg(aggCount) }),
		"struct_extract": parseStrArg(func(e Expr, s string) Expr { return e.Struct().Field(s) }),
		"array_to_string": parseStrArg(func(e Expr, s string) Expr {
			return e.List().Join(s)
		}),
	} {
		funcs[name] = f
	}
	for alias, name := range map[string]string{
		"list_has": "list_contains", "array_contains": "list_contains", "array_has": "list_contains",
		"list_element": "list_extract", "array_extract": "list_extract",
		"list_cat": "list_concat", "array_concat": "list_concat", "array_cat": "list_concat",
		"list_apply": "list_transform", "array_transform": "list_transform", "array_apply": "list_transform",
		"array_filter": "list_filter", "array_slice": "list_slice", "array_sort": "list_sort",
		"array_reverse_sort": "list_reverse_sort", "array_distinct": "list_distinct", "array_unique": "list_unique",
		"array_reverse": "list_reverse",
	} {
		funcs[alias] = funcs[name]
	}
}

// parseLambdaFuncs are the functions that take a lambda argument.
var parseLambdaFuncs = map[string]bool{
	"list_transform": true, "list_apply": true, "array_transform": true, "array_apply": true,
	"list_filter": true, "array_filter": true,
}

// parseListIndex is item i of each list, 1-based as DuckDB's x[i] and
// list_extract: 1 the first, -1 the last, 0 and beyond the ends null.
func parseListIndex(e Expr, i int) Expr {
	switch {
	case i > 0:
		return e.List().Get(i - 1)
	case i < 0:
		return e.List().Get(i)
	}
	return exprListFn("list_extract", e, "0", func(ls *exprList) (*exprVec, error) {
		rows := make([]int, ls.n)
		for r := range rows {
			rows[r] = structured.NullRow
		}
		v, err := structured.TakeValueNullable(ls.items, rows)
		if err != nil {
			return nil, err
		}
		return exprFromValue(v), nil
	})
}

// parseListSlice builds list_slice(l, begin, end): DuckDB's, 1-based and
// inclusive, a negative bound counting from the end (-1 the last item),
// begin 0 the first item, bounds clipped to the list.
func parseListSlice(p *parser, name token, a []parseArg) (Expr, error) {
	begin, err := a[1].intLit(p, name)
	if err != nil {
		return Expr{}, err
	}
	end, err := a[2].intLit(p, name)
	if err != nil {
		return Expr{}, err
	}
	return exprListFn("list_slice", a[0].e, fmt.Sprintf("%d, %d", begin, end), func(ls *exprList) (*exprVec, error) {
		return ls.pick(func(start, stop int, idx []int) []int {
			lo, hi := duckSliceBounds(begin, end, stop-start)
			for k := start + lo; k < start+hi; k++ {
				idx = append(idx, k)
			}
			return idx
		})
	}), nil
}

// duckSliceBounds is the window [lo, hi) of list_slice(l, begin, end) over
// a list of n items.
func duckSliceBounds(begin, end, n int) (lo, hi int) {
	if begin < 0 {
		begin += n + 1
	}
	if end < 0 {
		end += n + 1
	}
	lo, hi = max(begin, 1)-1, min(end, n)
	if hi < lo {
		return 0, 0
	}
	return lo, hi
}

// parseListSort builds list_sort(l[, 'ASC'|'DESC'[, 'NULLS FIRST'|'NULLS
// LAST']]) and list_reverse_sort(l[, nulls]): ascending (descending for
// the reverse) with nulls last by default, as DuckDB.
func parseListSort(reverse bool) func(p *parser, name token, a []parseArg) (Expr, error) {
	return func(p *parser, name token, a []parseArg) (Expr, error) {
		desc, nullsLast := reverse, true
		rest := a[1:]
		if !reverse && len(rest) > 0 {
			order, err := rest[0].stringLit(p, name)
			if err != nil {
				return Expr{}, err
			}
			switch strings.ToUpper(strings.TrimSpace(order)) {
			case "ASC":
			case "DESC":
				desc = true
			default:
				return Expr{}, p.errAt(rest[0].tok.pos, "%s takes 'ASC' or 'DESC' here, got %q", name.text, order)
			}
			rest = rest[1:]
		}
		if len(rest) > 0 {
			nulls, err := rest[0].stringLit(p, name)
			if err != nil {
				return Expr{}, err
			}
			switch strings.Join(strings.Fields(strings.ToUpper(nulls)), " ") {
			case "NULLS LAST":
			case "NULLS FIRST":
				nullsLast = false
			default:
				return Expr{}, p.errAt(rest[0].tok.pos, "%s takes 'NULLS FIRST' or 'NULLS LAST' here, got %q", name.text, nulls)
			}
		}
		return a[0].e.List().Sort(desc, nullsLast), nil
	}
}

// parseListDistinct is DuckDB's list_distinct: the distinct non-null items.
func parseListDistinct(e Expr) Expr {
	return e.List().Filter(Element().IsNotNull()).List().Unique()
}

// parseLambdaCall builds list_transform(l, x -> body) or list_filter(l,
// x -> pred): the second argument must be a lambda.
func parseLambdaCall(f func(ExprList, Expr) Expr) func(p *parser, name token, a []parseArg) (Expr, error) {
	return func(p *parser, name token, a []parseArg) (Expr, error) {
		if a[1].lambda == "" {
			return Expr{}, p.errAt(a[1].tok.pos, "%s takes a lambda here, as x -> x * 2", name.text)
		}
		return f(a[0].e.List(), a[1].e), nil
	}
}

// parseCallArg reads one argument of a call: an expression, or a lambda
// "ident -> body" (DuckDB's), whose body sees ident as Element(); lambda
// is then the parameter.
func (p *parser) parseCallArg() (e Expr, lambda string, err error) {
	if p.tok.kind != tokIdent || !strings.HasPrefix(strings.TrimLeft(p.src[p.pos:], " \t\r\n"), "->") {
		e, err = p.parseOr()
		return e, "", err
	}
	param := p.tok
	for range 3 { // the parameter, - and >
		if err := p.next(); err != nil {
			return Expr{}, "", err
		}
	}
	p.lambdas = append(p.lambdas, param.text)
	defer func() { p.lambdas = p.lambdas[:len(p.lambdas)-1] }()
	e, err = p.parseOr()
	return e, param.text, err
}

// isLambdaParam reports whether a path's first piece is the parameter of
// a lambda being parsed.
func (p *parser) isLambdaParam(first token) bool {
	if first.kind != tokIdent {
		return false
	}
	for _, l := range p.lambdas {
		if strings.EqualFold(l, first.text) {
			return true
		}
	}
	return false
}

// parseLambdaPath reads a path starting at a lambda's parameter: the item
// (Element()), and .name pieces its fields. An outer lambda's parameter
// inside an inner lambda is an error: Element() is the inner item.
func (p *parser) parseLambdaPath(first token) (Expr, error) {
	if !strings.EqualFold(p.lambdas[len(p.lambdas)-1], first.text) {
		return Expr{}, p.errAt(first.pos, "%s is the parameter of an outer lambda: an inner lambda reads only its own parameter", first.text)
	}
	e := Element()
	for p.isOp(".") {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		if p.tok.kind != tokIdent && p.tok.kind != tokQuoted {
			return Expr{}, p.errAt(p.tok.pos, "want a field name after '.', got %s", p.tok)
		}
		e = e.Struct().Field(p.tok.text)
		if err := p.next(); err != nil {
			return Expr{}, err
		}
	}
	return e, nil
}

// checkLambdas refuses a lambda given to a function that takes none.
func (p *parser) checkLambdas(name token, args []parseArg) error {
	if parseLambdaFuncs[strings.ToLower(name.text)] {
		return nil
	}
	for _, a := range args {
		if a.lambda != "" {
			return p.errAt(a.tok.pos, "%s takes no lambda (list_transform and list_filter do)", name.text)
		}
	}
	return nil
}
