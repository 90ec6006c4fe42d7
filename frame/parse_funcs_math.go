package frame

import (
	"fmt"
	"math"
)

// parseFuncsMath registers the mathematical, conditional and cast
// functions of the text form, with DuckDB's names and semantics:
//
//	abs(x), sign(x)          sign is an integer, 0 for NaN (DuckDB; Sign keeps floats)
//	round(x[, n])            half away from zero (DuckDB; Round defaults to half to even)
//	floor(x), ceil(x), ceiling(x)
//	sqrt, cbrt, exp, ln(x)   ln is base e
//	log(x), log10(x)         base 10 (DuckDB's log; Polars' log is base e)
//	log(b, x), log2(x)       base b, base 2
//	pow(x, y), power(x, y)   always a float (DuckDB; Pow keeps integers)
//	mod(x, y), x % y         truncated: the sign of x, -7 % 3 = -1 (DuckDB, SQL;
//	                         Mod is floored, as Polars and Python: 2)
//	sin, cos, tan, asin, acos, atan(x), atan2(y, x), pi(), degrees(x), radians(x)
//	isnan(x), isinf(x), isfinite(x)
//	greatest(a, b, ...), least(a, b, ...)   nulls skipped (DuckDB, MaxHorizontal)
//	coalesce(a, b, ...), ifnull(a, b), nullif(a, b), if(c, a, b)
//
// Results are IEEE 754's (NaN, ±Inf) as in DuckDB, which also refuses
// some inputs; so do these functions, with an ErrArgument error naming
// the row: sqrt of a negative number, ln, log, log2 and log10 of zero or
// of a negative number, asin and acos out of [-1, 1], sin, cos and tan of
// ±Inf. ceil and floor keep integers as integers (DuckDB makes them
// doubles of the same value).
func parseFuncsMath(funcs map[string]parseFunc) {
	notNeg := func(x float64) string {
		if x < 0 {
			return "a negative number"
		}
		return ""
	}
	positive := func(x float64) string {
		switch {
		case x == 0:
			return "zero"
		case x < 0:
			return "a negative number"
		}
		return ""
	}
	unit := func(x float64) string {
		if x < -1 || x > 1 {
			return "a number outside [-1, 1]"
		}
		return ""
	}
	finite := func(x float64) string {
		if math.IsInf(x, 0) {
			return "an infinite number"
		}
		return ""
	}
	checked := func(e func(Expr) Expr, label string, bad func(float64) string) parseFunc {
		return parseOne(func(x Expr) Expr { return sqlChecked(label, x, bad, e) })
	}
	two := func(f func(a, b Expr) Expr) parseFunc {
		return parseFunc{2, 2, func(_ *parser, _ token, a []parseArg) (Expr, error) { return f(a[0].e, a[1].e), nil }}
	}
	many := func(f func(...Expr) Expr) parseFunc {
		return parseFunc{1, 1 << 16, func(_ *parser, _ token, a []parseArg) (Expr, error) {
			exprs := make([]Expr, len(a))
			for k := range a {
				exprs[k] = a[k].e
			}
			return f(exprs...), nil
		}}
	}
	for name, f := range map[string]parseFunc{
		"abs":   parseOne(Expr.Abs),
		"sign":  parseOne(sqlSign),
		"floor": parseOne(Expr.Floor),
		"ceil":  parseOne(Expr.Ceil),
		"round": {1, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
			n := 0
			if len(a) == 2 {
				var err error
				if n, err = a[1].intLit(p, name); err != nil {
					return Expr{}, err
				}
			}
			return a[0].e.Round(n, HalfAwayFromZero), nil
		}},
		"sqrt":  checked(Expr.Sqrt, "sqrt", notNeg),
		"cbrt":  parseOne(Expr.Cbrt),
		"exp":   parseOne(Expr.Exp),
		"ln":    checked(func(e Expr) Expr { return e.Log(math.E) }, "ln", positive),
		"log2":  checked(func(e Expr) Expr { return e.Log(2) }, "log2", positive),
		"log10": checked(Expr.Log10, "log10", positive),
		"log": {1, 2, func(_ *parser, _ token, a []parseArg) (Expr, error) {
			if len(a) == 1 {
				return sqlChecked("log", a[0].e, positive, Expr.Log10), nil
			}
			// log(b, x): x in base b; b a constant.
			return sqlLogBase(a[0].e, a[1].e), nil
		}},
		"pow": two(func(x, y Expr) Expr {
			return Expr{n: exprFuncNode{exprFn{label: "pow", args: []Expr{x, y}, fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
				return exprFloat2("pow", v[0], v[1], math.Pow)
			}}}}
		}),
		"mod":     two(exprRem),
		"sin":     checked(Expr.Sin, "sin", finite),
		"cos":     checked(Expr.Cos, "cos", finite),
		"tan":     checked(Expr.Tan, "tan", finite),
		"asin":    checked(Expr.Arcsin, "asin", unit),
		"acos":    checked(Expr.Arccos, "acos", unit),
		"atan":    parseOne(Expr.Arctan),
		"atan2":   two(Arctan2),
		"degrees": parseOne(Expr.Degrees),
		"radians": parseOne(Expr.Radians),
		"pi": {0, 0, func(*parser, token, []parseArg) (Expr, error) {
			return Lit(math.Pi), nil
		}},
		"isnan":    parseOne(Expr.IsNaN),
		"isinf":    parseOne(Expr.IsInfinite),
		"isfinite": parseOne(Expr.IsFinite),
		"greatest": many(MaxHorizontal),
		"least":    many(MinHorizontal),
		"coalesce": many(Coalesce),
		"ifnull":   two(func(a, b Expr) Expr { return Coalesce(a, b) }),
		"nullif": two(func(a, b Expr) Expr {
			return When(a.Eq(b)).Then(Lit(nil)).Otherwise(a).Alias(a.Name())
		}),
		"if": {3, 3, func(_ *parser, _ token, a []parseArg) (Expr, error) {
			return When(a[0].e).Then(a[1].e).Otherwise(a[2].e), nil
		}},
	} {
		funcs[name] = f
	}
	funcs["ceiling"] = funcs["ceil"]
	funcs["power"] = funcs["pow"]
}

// sqlChecked is f(x) refusing, as DuckDB, the rows where bad names what
// is wrong with x: an ErrArgument error naming the function, the value
// and the row.
func sqlChecked(label string, x Expr, bad func(float64) string, f func(Expr) Expr) Expr {
	checked := fn1(label+"_domain", x, "", func(a *exprVec) (*exprVec, error) {
		if err := exprWantNum(label, a); err != nil {
			return nil, err
		}
		if a.t != exprNullT {
			xs := exprFloatsOf(a)
			for i, v := range xs[:a.n] {
				if what := bad(v); what != "" && !a.isNull(i) {
					return nil, fmt.Errorf("%w: %s of %s (%v) at row %d", ErrArgument, label, what, v, i)
				}
			}
		}
		return a, nil
	})
	// Render as f(x) alone: the check is not part of the value.
	return Expr{n: exprSrcless{e: f(checked), text: f(x).String(), check: checked.String()}}
}

// exprSrcless evaluates e but renders as text, and so do its errors,
// those of its check node (rendered check) too.
type exprSrcless struct {
	e           Expr
	text, check string
}

func (n exprSrcless) outName() string  { return n.e.n.outName() }
func (n exprSrcless) hasAgg() bool     { return n.e.n.hasAgg() }
func (n exprSrcless) String() string   { return n.text }
func (n exprSrcless) children() []Expr { return []Expr{n.e} }
func (n exprSrcless) eval(c *exprCtx) (*exprVec, error) {
	v, err := n.e.eval(c)
	if err != nil {
		return nil, exprRename(exprRename(err, n.e.String(), n.text), n.check, n.text)
	}
	return v, nil
}

// sqlLogBase is DuckDB's log(b, x): the logarithm of x in base b, both
// refused at zero or below.
func sqlLogBase(b, x Expr) Expr {
	return Expr{n: exprFuncNode{exprFn{label: "log", args: []Expr{b, x}, fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
		for k, a := range v {
			if err := exprWantNum("log", a); err != nil {
				return nil, err
			}
			if a.t == exprNullT {
				continue
			}
			for i, y := range exprFloatsOf(a)[:a.n] {
				if y <= 0 && !a.isNull(i) {
					what := [...]string{"base", "value"}[k]
					return nil, fmt.Errorf("%w: log of a %s %v <= 0 at row %d", ErrArgument, what, y, i)
				}
			}
		}
		return exprFloat2("log", v[0], v[1], func(b, x float64) float64 { return math.Log(x) / math.Log(b) })
	}}}}
}

// sqlSign is DuckDB's sign: an integer -1, 0 or 1, 0 for NaN.
func sqlSign(x Expr) Expr {
	return fn1("sign", x, "", func(a *exprVec) (*exprVec, error) {
		if err := exprWantNum("sign", a); err != nil {
			return nil, err
		}
		out := exprNew(exprIntT, a)
		if a.t == exprNullT {
			out.valid = exprBitsNone(out.n)
			return out, nil
		}
		out.valid = a.valid
		if a.t == exprIntT {
			for i, v := range a.ints[:out.n] {
				switch {
				case v > 0:
					out.ints[i] = 1
				case v < 0:
					out.ints[i] = -1
				}
			}
			return out, nil
		}
		for i, v := range a.floats[:out.n] {
			switch {
			case v > 0:
				out.ints[i] = 1
			case v < 0:
				out.ints[i] = -1
			}
		}
		return out, nil
	})
}

// parseBetween reads "between lo and hi" after left (the current token is
// between): SQL's closed interval, IsBetween(lo, hi, ClosedBoth); negate
// for "not between".
func (p *parser) parseBetween(left Expr, negate bool) (Expr, error) {
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	lo, err := p.parseAdd()
	if err != nil {
		return Expr{}, err
	}
	if !p.isKeyword("and") {
		return Expr{}, p.errAt(p.tok.pos, "want and in between ... and ..., got %s", p.tok)
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	hi, err := p.parseAdd()
	if err != nil {
		return Expr{}, err
	}
	out := left.IsBetween(lo, hi, ClosedBoth)
	if negate {
		out = out.Not()
	}
	return out, nil
}

// parseCase reads SQL's CASE (the current token is case):
//
//	CASE WHEN c1 THEN a [WHEN c2 THEN b ...] [ELSE d] END
//	CASE x WHEN v1 THEN a [WHEN v2 THEN b ...] [ELSE d] END
//
// a When/Then/Otherwise chain (x = v1 for the second form; a null x
// matches no WHEN); without ELSE the rows no WHEN took are null.
func (p *parser) parseCase() (Expr, error) {
	if err := p.enter(); err != nil {
		return Expr{}, err
	}
	defer p.leave()
	open := p.tok.pos
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	var operand Expr
	if !p.isKeyword("when") {
		x, err := p.parseOr()
		if err != nil {
			return Expr{}, err
		}
		operand = x
	}
	var chain ExprThen
	for k := 0; p.isKeyword("when"); k++ {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		cond, err := p.parseOr()
		if err != nil {
			return Expr{}, err
		}
		if operand.n != nil {
			cond = operand.Eq(cond)
		}
		if !p.isKeyword("then") {
			return Expr{}, p.errAt(p.tok.pos, "want then after the condition of when, got %s", p.tok)
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		value, err := p.parseOr()
		if err != nil {
			return Expr{}, err
		}
		if k == 0 {
			chain = When(cond).Then(value)
		} else {
			chain = chain.When(cond).Then(value)
		}
	}
	if chain.n == nil {
		return Expr{}, p.errAt(p.tok.pos, "want when in the case at offset %d, got %s", open, p.tok)
	}
	out := chain.Expr
	if p.isKeyword("else") {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		value, err := p.parseOr()
		if err != nil {
			return Expr{}, err
		}
		out = chain.Otherwise(value)
	}
	if !p.isKeyword("end") {
		return Expr{}, p.errAt(p.tok.pos, "want when, else or end to close the case at offset %d, got %s", open, p.tok)
	}
	return out, p.next()
}

// parseInConst adds the k-th value of an IN list to consts while every
// value is a non-null constant (nil once one is not): such a list is
// tested with IsIn's hash set, which gives what the Or of equalities gives
// when no value is null (SQL's null for x IN (1, NULL) needs the Or).
func parseInConst(consts []any, k int, v Expr) []any {
	if k > 0 && consts == nil {
		return nil
	}
	l, ok := v.n.(exprLit)
	if !ok || l.v == nil {
		return nil
	}
	return append(consts, l.v)
}
