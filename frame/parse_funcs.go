package frame

import (
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/structframe/structframe/structured"
)

// parseFunc is a function of the textual expression language: how many
// arguments it takes and how it builds its Expr.
type parseFunc struct {
	min, max int
	build    func(p *parser, name token, args []parseArg) (Expr, error)
}

// parseFuncs returns the table of functions ParseExpr knows, by lower-case
// name. It is built on first use, not at start-up: most programs never
// parse an expression.
var parseFuncs = sync.OnceValue(buildParseFuncs)

func buildParseFuncs() map[string]parseFunc {
	funcs := map[string]parseFunc{}
	// Each area of the vocabulary registers its functions from its own
	// file: parse_funcs_*.go.
	for _, add := range []func(map[string]parseFunc){
		parseFuncsCore, parseFuncsStr, parseFuncsTemporal, parseFuncsMath, parseFuncsNested, parseFuncsStats,
		parseFuncsRolling, parseFuncsWindow,
	} {
		add(funcs)
	}
	return funcs
}

// parseOne builds a function of one argument.
func parseOne(f func(Expr) Expr) parseFunc {
	return parseFunc{1, 1, func(_ *parser, _ token, a []parseArg) (Expr, error) { return f(a[0].e), nil }}
}

// parseStrArg builds a function of a column and a constant string.
func parseStrArg(f func(Expr, string) Expr) parseFunc {
	return parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
		s, err := a[1].stringLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		return f(a[0].e, s), nil
	}}
}

// parseByType builds a function that is a list function on a list column
// (one value per row, from that row's list) and an aggregation
// elsewhere, and in GroupBy.Agg whatever the column.
func parseByType(label string, list, other func(Expr) Expr) parseFunc {
	return parseOne(func(e Expr) Expr {
		x := exprByType(label, e, list, other)
		n := x.n.(exprTyped)
		n.agg = true
		return Expr{n: n}
	})
}

// parseFuncsCore registers the aggregations, with DuckDB's names and
// semantics: count(*) (parseStarCall), count(x) the non-null values,
// count(DISTINCT x) the distinct non-null values (parseDistinct), sum,
// avg (mean), min and max (of numbers, strings, bools and temporal
// values), stddev (stddev_samp), first, last, any_value (the first
// non-null value), list (array_agg: the values, nulls kept),
// string_agg(x, sep) (sep "," by default; nulls skipped, null when there
// is no non-null value), arg_min(arg, val) and arg_max(arg, val) (min_by,
// max_by: arg on the row of the least or greatest val, among the rows
// where neither is null).
func parseFuncsCore(funcs map[string]parseFunc) {
	for name, f := range map[string]parseFunc{
		"sum":            parseByType("sum", func(e Expr) Expr { return e.List().Sum() }, exprSumSQL),
		"avg":            parseByType("avg", func(e Expr) Expr { return e.List().Mean() }, Expr.Mean),
		"min":            parseByType("min", func(e Expr) Expr { return e.List().Min() }, Expr.Min),
		"max":            parseByType("max", func(e Expr) Expr { return e.List().Max() }, Expr.Max),
		"stddev":         parseByType("stddev", func(e Expr) Expr { return e.List().agg(aggStd) }, func(e Expr) Expr { return e.Std() }),
		"count":          parseByType("count", func(e Expr) Expr { return e.List().agg(aggCount) }, Expr.Count),
		"count distinct": parseByType("count_distinct", func(e Expr) Expr { return e.List().agg(aggCountDistinct) }, parseAggOf(aggCountDistinct)),
		"first":          parseByType("first", func(e Expr) Expr { return e.List().Get(0) }, Expr.First),
		"last":           parseByType("last", func(e Expr) Expr { return e.List().Get(-1) }, Expr.Last),
		"any_value":      parseOne(parseAggOf(aggAnyValue)),
		"list":           parseOne(Expr.Implode),
		"string_agg": {1, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
			sep := ","
			if len(a) == 2 {
				var err error
				if sep, err = a[1].stringLit(p, name); err != nil {
					return Expr{}, err
				}
			}
			return a[0].e.Implode().List().join("string_agg", sep, true), nil
		}},
		"arg_min": parseArgBy(false),
		"arg_max": parseArgBy(true),
	} {
		funcs[name] = f
	}
	for alias, name := range map[string]string{
		"mean": "avg", "stddev_samp": "stddev", "array_agg": "list", "min_by": "arg_min", "max_by": "arg_max",
	} {
		funcs[alias] = funcs[name]
	}
}

// parseAggOf is the aggregation kind k of an expression.
func parseAggOf(k aggKind) func(Expr) Expr {
	return func(e Expr) Expr { return Expr{n: exprAgg{kind: k, e: e}} }
}

// parseArgBy builds arg_min(arg, val) or arg_max(arg, val).
func parseArgBy(max bool) parseFunc {
	return parseFunc{2, 2, func(_ *parser, _ token, a []parseArg) (Expr, error) {
		return Expr{n: exprArgBy{arg: a[0].e, val: a[1].e, max: max}}, nil
	}}
}

// parseStarCall reads count(*), the number of rows, after "count(": the
// current token is "*".
func (p *parser) parseStarCall(name token) (Expr, error) {
	if !strings.EqualFold(name.text, "count") {
		return Expr{}, p.errAt(p.tok.pos, "%s(*) is not a function: only count takes *", name.text)
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	if !p.isOp(")") {
		return Expr{}, p.errAt(p.tok.pos, "want ) after count(*, got %s", p.tok)
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	if p.isKeyword("over") {
		return p.parseWindowCall(name, "count_star", parseFunc{}, nil) // parse_funcs_window.go
	}
	return p.mark(Len(), name.pos), nil
}

// isDistinct reports whether the current token is the keyword DISTINCT
// opening the arguments of a call (not a column named distinct: one
// followed by ) or ,).
func (p *parser) isDistinct() bool {
	if !p.isKeyword("distinct") {
		return false
	}
	rest := strings.TrimLeft(p.src[p.pos:], " \t\r\n")
	return rest != "" && rest[0] != ')' && rest[0] != ','
}

// parseDistinct consumes DISTINCT after "name(" and returns the function
// that takes it: count(DISTINCT x) is the only one.
func (p *parser) parseDistinct(name token) (parseFunc, error) {
	fn, ok := parseFuncs()[strings.ToLower(name.text)+" distinct"]
	if !ok {
		return parseFunc{}, p.errAt(p.tok.pos, "%s takes no DISTINCT (count(DISTINCT x) does)", name.text)
	}
	return fn, p.next()
}

// parseFuncNames lists the functions for error messages.
func parseFuncNames() string {
	funcs := parseFuncs()
	names := make([]string, 0, len(funcs))
	for name := range funcs {
		if !strings.Contains(name, " ") { // "count distinct" is count(DISTINCT x)
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// stringLit is the argument as a string constant, or an error naming the
// function and the argument's offset.
func (a parseArg) stringLit(p *parser, name token) (string, error) {
	if a.tok.kind != tokString || !a.literal(p) {
		return "", p.errAt(a.tok.pos, "%s takes a string literal here", name.text)
	}
	return a.tok.text, nil
}

// intLit is the argument as an integer constant (a leading minus allowed).
func (a parseArg) intLit(p *parser, name token) (int, error) {
	text := strings.Join(strings.Fields(p.src[a.tok.pos:a.end]), "")
	i, err := strconv.ParseInt(text, 10, 32)
	if err != nil {
		return 0, p.errAt(a.tok.pos, "%s takes an integer literal here", name.text)
	}
	return int(i), nil
}

// exprByType is a node that applies list to a list column and other to
// anything else, chosen when its argument has been evaluated: the text
// "len(x)" cannot know before whether x holds strings or lists.
// More arguments, rendered after arg, may follow.
func exprByType(label string, arg Expr, list, other func(Expr) Expr, more ...Expr) Expr {
	return Expr{n: exprTyped{label: label, arg: arg, list: list, other: other, more: more}}
}

type exprTyped struct {
	label       string
	arg         Expr
	list, other func(Expr) Expr
	more        []Expr // the further arguments, for String
	agg         bool   // other is an aggregation
}

func (n exprTyped) outName() string {
	if n.arg.n == nil {
		return ""
	}
	return n.arg.n.outName()
}
func (n exprTyped) hasAgg() bool { return n.agg || n.arg.n != nil && n.arg.n.hasAgg() }
func (n exprTyped) String() string {
	var b strings.Builder
	b.WriteString(n.label + "(" + n.arg.String())
	for _, m := range n.more {
		b.WriteString(", " + m.String())
	}
	return b.String() + ")"
}

func (n exprTyped) eval(c *exprCtx) (*exprVec, error) {
	if !c.rows && n.agg {
		// In GroupBy.Agg, above the rows: mean(x) aggregates the groups.
		return n.other(n.arg).eval(c)
	}
	v, err := n.arg.eval(c)
	if err != nil {
		return nil, err
	}
	pick := n.other
	if exprIsList(v) {
		pick = n.list
	}
	// The argument is evaluated once: the chosen function reads it as a
	// value already computed.
	picked := pick(Expr{n: exprDone{v: v, src: n.arg}})
	out, err := picked.eval(c)
	if fe, ok := err.(*Error); ok {
		// An error about the chosen function is about this node.
		if rest, ok := strings.CutPrefix(fe.Msg, picked.String()+": "); ok {
			return nil, &Error{Op: fe.Op, Err: fe.Err, Msg: n.String() + ": " + rest}
		}
	}
	return out, err
}

// exprIsList reports whether an evaluated vector is a list column (of
// scalars, structures or lists).
func exprIsList(v *exprVec) bool {
	switch r := v.raw.(type) {
	case *structured.Ragged:
		return r.Rank() >= 2
	case *structured.Dense:
		return r.Rank() >= 2
	case *structured.Tensor:
		return r.Rank() >= 2
	}
	return false
}

// exprDone is an expression already evaluated, standing for src.
type exprDone struct {
	v   *exprVec
	src Expr
}

func (n exprDone) outName() string {
	if n.src.n == nil {
		return ""
	}
	return n.src.n.outName()
}
func (n exprDone) hasAgg() bool                    { return n.src.n != nil && n.src.n.hasAgg() }
func (n exprDone) String() string                  { return n.src.String() }
func (n exprDone) eval(*exprCtx) (*exprVec, error) { return n.v, nil }

// exprDoneType is the type name of an evaluated argument that is neither a
// string nor null, "" otherwise (or when e is not evaluated yet).
func exprDoneType(e Expr) string {
	d, ok := e.n.(exprDone)
	if !ok || d.v.t == exprStrT || d.v.t == exprNullT {
		return ""
	}
	return d.v.typeName()
}

// exprFailed is an expression whose evaluation is the error err.
func exprFailed(label string, e Expr, err error) Expr {
	return fn1(label, e, "", func(*exprVec) (*exprVec, error) { return nil, err })
}

// exprSumSQL is SQL's (DuckDB's) sum: null when there is no non-null
// value, where Polars' Sum gives 0.
func exprSumSQL(e Expr) Expr {
	return When(e.Count().Gt(Lit(0))).Then(e.Sum()).Otherwise(Lit(nil))
}
