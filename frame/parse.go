package frame

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseExpr parses the textual form of an expression, for command lines
// and configuration files where Go code cannot be written:
//
//	est_time < 30 and contains(title, 'soup')
//	len(ingredients) >= 5 || recipe.rating is null
//	mean(ratings.score) > 4.5 and not vegetarian
//
// The grammar, loosest binding first:
//
//	or       a or b
//	and      a and b, a && b
//	not      not a, !a
//	compare  a == b (or =), a != b (or <>), <, <=, >, >=, a is null, a is not null,
//	         a in (b, c, ...), a in list, a not in ...,
//	         a between lo and hi, a not between lo and hi (both ends included)
//	         (a == null and a != null are refused: they are null on every
//	         row, so write a is null, a is not null)
//	add      a + b, a - b, a || b (concatenation of strings, or of lists, as DuckDB)
//	mul      a * b, a / b, a // b, a % b  (// and % truncate as DuckDB: -7 // 2 = -3, -7 % 3 = -1)
//	unary    -a
//	postfix  a[i]                 item i of a list, 1-based as DuckDB's (a[1] the
//	                              first, a[-1] the last, a[0] null)
//	         a[i].name            a field of item i, a list of structures
//	         a::type              CAST(a AS type), DuckDB's type names
//	primary  42, 4.5, 1e3, 'text' (SQL's: a backslash is itself, '' a quote),
//	         true, false, null,
//	         a column path (title, recipe.title, `odd name`.x or "odd name".x), f(args), (a),
//	         case when c then a [when ...] [else b] end, case x when v then a ... end,
//	         CAST(a AS type), TRY_CAST(a AS type), DATE '2024-01-15',
//	         TIMESTAMP '2024-01-15 10:00:00', TIME '10:00', INTERVAL 3 DAY
//
// Keywords and function names are case-insensitive; a column whose name is
// a keyword or is not an identifier is written between backquotes or, as
// in SQL, double quotes ("Release Date"; strings take single quotes). The
// functions are those of Expr, ExprStr, ExprList and ExprStruct:
//
//	len(x), length(x)      characters of a string, items of a list
//	contains(x, y)         substring of a string (y a string literal), or item of a list
//	starts_with, ends_with, lower, upper, strlen, reverse, replace, trim, ltrim,
//	rtrim, lpad, rpad, substr, substring, left, right, strpos, instr, concat,
//	concat_ws, string_split, regexp_matches, regexp_extract, regexp_extract_all,
//	regexp_replace         DuckDB's string functions (see parseFuncsStr)
//	sum, avg (mean), min, max, stddev, count, count(DISTINCT x), first, last(x)
//	                       of each row's list for a list (count: its non-null
//	                       items; first, last: its first and last item),
//	                       else aggregations over the rows
//	count(*), len()        the number of rows
//	any_value(x), list(x), string_agg(x, ','), arg_min(arg, val), arg_max(arg, val)
//	                       aggregations (see parseFuncsCore)
//	list_extract(l, i), list_slice(l, 1, 3), list_sort(l), list_reverse_sort(l),
//	list_distinct(l), list_unique(l), list_reverse(l), list_concat(a, b),
//	list_contains(l, x), array_length(l), array_to_string(l, ', '),
//	list_transform(l, x -> x * 2), list_filter(l, x -> x > 0)
//	                       list functions, DuckDB's (1-based positions; see
//	                       parseFuncsNested); a lambda's parameter is each
//	                       item, x.name a field of it
//	struct_extract(s, 'name')              field of a structure
//	year, quarter, month, week, day, dayofweek (Sunday 0, as DuckDB), isodow,
//	dayofyear, hour, minute, second, epoch(t), date_trunc('month', t),
//	date_part('year', t), strftime(t, fmt), strptime(s, fmt), try_strptime
//	abs, round, floor, ceil, sqrt, pow, ln, log10, exp, greatest, least,
//	coalesce, ifnull, nullif, if(c, a, b)  maths and conditionals (see parseFuncsMath)
//	f(args) OVER ([PARTITION BY a, ...] [ORDER BY b [DESC] [NULLS FIRST], ...]
//	             [ROWS|RANGE BETWEEN start AND end])
//	                       window functions: row_number(), rank(), dense_rank(),
//	                       percent_rank(), cume_dist(), ntile(n), lag, lead,
//	                       first_value, last_value, and the aggregations over
//	                       a window (see parseFuncsWindow)
//
// Names and semantics are DuckDB's, where the Go API takes Polars': x[1]
// and list_extract(x, 1) are List().Get(0), list_slice(l, 2, 3) is
// List().Slice(1, 2), list_sort puts nulls last (List().Sort chooses),
// count(DISTINCT x) does not count null (Expr.NUnique does), list_concat
// skips null lists (List().Concat gives null).
//
// The functions that depend on the type of their argument (len, contains
// and the aggregations) choose when the expression is evaluated, on the
// column they meet; in GroupBy.Agg the aggregations aggregate the groups'
// rows, lists or not. A malformed input is a *SyntaxError giving the byte
// offset of the problem; an error evaluating the expression (a type
// mismatch, found only on the data) quotes the part of the text at fault
// and its offset.
func ParseExpr(s string) (Expr, error) {
	p := &parser{src: s}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	if p.tok.kind == tokEOF {
		return Expr{}, p.errAt(0, "empty expression")
	}
	e, err := p.parseOr()
	if err != nil {
		return Expr{}, err
	}
	if p.tok.kind != tokEOF {
		return Expr{}, p.errAt(p.tok.pos, "unexpected %s after the expression", p.tok)
	}
	if _, ok := e.n.(exprSrc); !ok {
		// A column or literal alone keeps its text too, for Filter's
		// message on a predicate that is not bool.
		e = p.mark(e, 0)
	}
	return e, nil
}

// MustParseExpr is ParseExpr that panics on a malformed input, for
// expressions written in the program's own source, as regexp.MustCompile.
func MustParseExpr(s string) Expr {
	e, err := ParseExpr(s)
	if err != nil {
		panic(err)
	}
	return e
}

// SyntaxError is a malformed expression text: what is wrong and the byte
// offset in the input where it was found.
type SyntaxError struct {
	Input  string // the expression text
	Offset int    // 0-based byte offset of the problem in Input
	Msg    string
}

// Error renders "expression: offset N: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("expression: offset %d: %s", e.Offset, e.Msg)
}

// Caret renders the input with a caret under the offset, for command
// lines: two lines, the text and the pointer. A long input is cut to
// caretRadius bytes either side of the offset, with … where it is cut.
func (e *SyntaxError) Caret() string {
	in := strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || r == '\r' {
			return ' '
		}
		return r
	}, e.Input)
	before, after := excerptAround(in, e.Offset, caretRadius)
	return before + after + "\n" + strings.Repeat(" ", utf8.RuneCountInString(before)) + "^"
}

// caretRadius is how much of the input Caret shows either side of the offset.
const caretRadius = 30

// excerptAround is s cut to about radius bytes either side of off, at rune
// boundaries: the part before off and the part from off, with "…" where
// text was left out.
func excerptAround(s string, off, radius int) (before, after string) {
	off = min(max(off, 0), len(s))
	lo, hi := max(off-radius, 0), min(off+radius, len(s))
	for lo > 0 && !utf8.RuneStart(s[lo]) {
		lo--
	}
	for hi < len(s) && !utf8.RuneStart(s[hi]) {
		hi++
	}
	before, after = s[lo:off], s[off:hi]
	if lo > 0 {
		before = "…" + before
	}
	if hi < len(s) {
		after += "…"
	}
	return before, after
}

// maxParseDepth bounds the nesting of parentheses, calls and prefix
// operators (not, -), each counted once, so a hostile input cannot
// exhaust the stack.
const maxParseDepth = 200

// parser is a recursive-descent parser over a one-token lookahead.
type parser struct {
	src   string
	pos   int // next byte to lex
	tok   token
	end   int // the offset after the last token consumed
	depth int
	// lambdas are the parameters of the lambdas (x -> ...) being parsed,
	// innermost last: in a lambda's body its parameter is Element().
	lambdas []string
}

func (p *parser) errAt(off int, format string, args ...any) error {
	return &SyntaxError{Input: p.src, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// isOp reports whether the current token is one of the operators.
func (p *parser) isOp(ops ...string) bool {
	if p.tok.kind != tokOp {
		return false
	}
	for _, op := range ops {
		if p.tok.text == op {
			return true
		}
	}
	return false
}

// isKeyword reports whether the current token is the keyword kw.
func (p *parser) isKeyword(kw string) bool {
	return p.tok.kind == tokIdent && strings.EqualFold(p.tok.text, kw)
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxParseDepth {
		return p.errAt(p.tok.pos, "expression nested deeper than %d", maxParseDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// binaryOps maps the operators of one precedence level (their token
// text, keywords included) to the methods that combine two operands.
type binaryOps map[string]func(a, b Expr) Expr

var (
	orOps  = binaryOps{"or": Expr.Or}
	andOps = binaryOps{"and": Expr.And, "&&": Expr.And}
	addOps = binaryOps{"+": Expr.Add, "-": Expr.Sub, "||": exprConcatOp}
	mulOps = binaryOps{"*": Expr.Mul, "/": Expr.Div, "//": exprIntDiv, "%": exprRem} // % and // truncate, as DuckDB
)

// parseLeft parses operand (op operand)* for the operators of one level,
// folding to the left: a - b - c is (a - b) - c.
func (p *parser) parseLeft(ops binaryOps, operand func() (Expr, error)) (Expr, error) {
	start := p.tok.pos
	left, err := operand()
	if err != nil {
		return Expr{}, err
	}
	for {
		key := p.tok.text
		switch p.tok.kind {
		case tokIdent:
			key = strings.ToLower(key) // keywords: and, AND
		case tokOp:
		default:
			return left, nil
		}
		combine, ok := ops[key]
		if !ok {
			return left, nil
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		right, err := operand()
		if err != nil {
			return Expr{}, err
		}
		left = p.mark(combine(left, right), start)
	}
}

func (p *parser) parseOr() (Expr, error)  { return p.parseLeft(orOps, p.parseAnd) }
func (p *parser) parseAnd() (Expr, error) { return p.parseLeft(andOps, p.parseNot) }
func (p *parser) parseAdd() (Expr, error) { return p.parseLeft(addOps, p.parseMul) }
func (p *parser) parseMul() (Expr, error) { return p.parseLeft(mulOps, p.parseUnary) }

func (p *parser) parseNot() (Expr, error) {
	if p.isKeyword("not") || p.isOp("!") {
		if err := p.enter(); err != nil {
			return Expr{}, err
		}
		defer p.leave()
		start := p.tok.pos
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		e, err := p.parseNot()
		if err != nil {
			return Expr{}, err
		}
		return p.mark(e.Not(), start), nil
	}
	return p.parseCompare()
}

// compareOps maps each comparison operator to its method.
var compareOps = map[string]func(a, b Expr) Expr{
	"==": Expr.Eq, "=": Expr.Eq, "!=": Expr.Ne, "<>": Expr.Ne,
	"<": Expr.Lt, "<=": Expr.Le, ">": Expr.Gt, ">=": Expr.Ge,
}

func (p *parser) parseCompare() (Expr, error) {
	leftStart := p.tok.pos
	left, err := p.parseAdd()
	if err != nil {
		return Expr{}, err
	}
	if p.isKeyword("is") {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		negate := p.isKeyword("not")
		if negate {
			if err := p.next(); err != nil {
				return Expr{}, err
			}
		}
		if !p.isKeyword("null") {
			return Expr{}, p.errAt(p.tok.pos, "want null after is, got %s", p.tok)
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		if negate {
			left = left.IsNotNull()
		} else {
			left = left.IsNull()
		}
	} else if p.isKeyword("between") {
		between, err := p.parseBetween(left, false)
		if err != nil {
			return Expr{}, err
		}
		left = between
	} else if p.isKeyword("in") || p.isKeyword("not") {
		in, err := p.parseIn(left)
		if err != nil {
			return Expr{}, err
		}
		left = in
	} else if op, ok := compareOps[p.tok.text]; ok && p.tok.kind == tokOp {
		opTok := p.tok
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		rightStart := p.tok.pos
		right, err := p.parseAdd()
		if err != nil {
			return Expr{}, err
		}
		if err := p.checkNullCompare(opTok, left, leftStart, right, rightStart); err != nil {
			return Expr{}, err
		}
		left = op(left, right)
	} else {
		return left, nil
	}
	left = p.mark(left, leftStart)
	if _, ok := compareOps[p.tok.text]; (ok && p.tok.kind == tokOp) || p.isKeyword("is") || p.isKeyword("in") || p.isKeyword("not") || p.isKeyword("between") {
		return Expr{}, p.errAt(p.tok.pos, "comparisons do not chain: put parentheses or and between them")
	}
	return left, nil
}

// checkNullCompare refuses x == null and x != null (either side): by
// Kleene's logic they are null on every row, so a filter would silently
// keep nothing; is null and is not null are what is meant.
func (p *parser) checkNullCompare(op token, left Expr, leftStart int, right Expr, rightStart int) error {
	if op.text != "==" && op.text != "=" && op.text != "!=" && op.text != "<>" {
		return nil
	}
	off := -1
	if isNullLit(right) {
		off = rightStart
	} else if isNullLit(left) {
		off = leftStart
	}
	if off < 0 {
		return nil
	}
	want := "is null"
	if op.text == "!=" || op.text == "<>" {
		want = "is not null"
	}
	other := strings.TrimSpace(p.src[leftStart:op.pos])
	if off == leftStart {
		other = strings.TrimSpace(p.src[rightStart:p.end])
	}
	if len(other) > maxQuotedSource {
		other = "x"
	}
	return p.errAt(off, "%s null is never true (a comparison with null is null on every row): write %s %s", op.text, other, want)
}

// isNullLit reports whether e is the literal null.
func isNullLit(e Expr) bool {
	l, ok := e.n.(exprLit)
	return ok && l.v == nil
}

// parseIn reads "in (a, b, ...)", "in list" or their "not in" forms after
// left: a value among several (left equal to one of them), or an item of a
// list column (list.contains).
func (p *parser) parseIn(left Expr) (Expr, error) {
	negate := p.isKeyword("not")
	if negate {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		if p.isKeyword("between") {
			return p.parseBetween(left, true)
		}
		if !p.isKeyword("in") {
			return Expr{}, p.errAt(p.tok.pos, "want in after not (or between), got %s", p.tok)
		}
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	var out Expr
	var consts []any // the values while all are non-null constants
	if p.isOp("(") {
		open := p.tok.pos
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		for k := 0; !p.isOp(")"); k++ {
			if k > 0 {
				if !p.isOp(",") {
					return Expr{}, p.errAt(p.tok.pos, "want , or ) to close the ( at offset %d, got %s", open, p.tok)
				}
				if err := p.next(); err != nil {
					return Expr{}, err
				}
			}
			v, err := p.parseAdd()
			if err != nil {
				return Expr{}, err
			}
			consts = parseInConst(consts, k, v)
			if k == 0 {
				out = left.Eq(v)
			} else {
				out = out.Or(left.Eq(v))
			}
		}
		if out.n == nil {
			return Expr{}, p.errAt(p.tok.pos, "in () needs at least one value")
		}
		if consts != nil {
			out = left.IsIn(consts)
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
	} else {
		list, err := p.parseAdd()
		if err != nil {
			return Expr{}, err
		}
		out = list.List().Contains(left)
	}
	if negate {
		out = out.Not()
	}
	return out, nil
}

func (p *parser) parseUnary() (Expr, error) {
	if !p.isOp("-") {
		return p.parsePostfix()
	}
	if err := p.enter(); err != nil {
		return Expr{}, err
	}
	defer p.leave()
	start := p.tok.pos
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	// A negative number is one literal (so -9223372036854775808 fits).
	if p.tok.kind == tokInt || p.tok.kind == tokFloat {
		tok := p.tok
		lit, err := p.number("-" + tok.text)
		if err != nil {
			return Expr{}, err
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		return p.postfix(lit, start)
	}
	e, err := p.parseUnary()
	if err != nil {
		return Expr{}, err
	}
	return p.mark(e.Neg(), start), nil
}

func (p *parser) parsePostfix() (Expr, error) {
	start := p.tok.pos
	e, err := p.parsePrimary()
	if err != nil {
		return Expr{}, err
	}
	return p.postfix(e, start)
}

// postfix applies the [i] list indexes after a primary, and the .name
// field accesses after an index: ingredients[1].name is the name of each
// row's first ingredient.
// start is the offset of the primary.
func (p *parser) postfix(e Expr, start int) (Expr, error) {
	indexed := false
	for p.isOp("[") || indexed && p.isOp(".") {
		if p.isOp(".") {
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
			e = p.mark(e, start)
			continue
		}
		indexed = true
		open := p.tok.pos
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		neg := p.isOp("-")
		if neg {
			if err := p.next(); err != nil {
				return Expr{}, err
			}
		}
		if p.tok.kind != tokInt {
			return Expr{}, p.errAt(p.tok.pos, "want an integer index after [, got %s", p.tok)
		}
		i, err := strconv.ParseInt(p.tok.text, 10, 32)
		if err != nil {
			return Expr{}, p.errAt(p.tok.pos, "index %s is too large", p.tok.raw)
		}
		if neg {
			i = -i
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		if !p.isOp("]") {
			return Expr{}, p.errAt(p.tok.pos, "want ] to close the [ at offset %d, got %s", open, p.tok)
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		e = p.mark(parseListIndex(e, int(i)), start)
	}
	return p.parseDoubleColon(e, start) // x::type, parse_funcs_temporal.go
}

// number makes the literal of a number's text (with its sign).
func (p *parser) number(text string) (Expr, error) {
	if p.tok.kind == tokFloat {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return Expr{}, p.errAt(p.tok.pos, "malformed number %q", text)
		}
		return Lit(f), nil
	}
	i, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return Expr{}, p.errAt(p.tok.pos, "integer %s does not fit int64", text)
	}
	return Lit(i), nil
}

func (p *parser) parsePrimary() (Expr, error) {
	tok := p.tok
	switch tok.kind {
	case tokEOF:
		return Expr{}, p.errAt(tok.pos, "unexpected end of input, want a value")
	case tokInt, tokFloat:
		e, err := p.number(tok.text)
		if err != nil {
			return Expr{}, err
		}
		return e, p.next()
	case tokString:
		return Lit(tok.text), p.next()
	case tokQuoted:
		return p.parsePath()
	case tokIdent:
		switch strings.ToLower(tok.text) {
		case "true":
			return Lit(true), p.next()
		case "false":
			return Lit(false), p.next()
		case "null":
			return Lit(nil), p.next()
		case "and", "or", "not", "is", "in", "between", "when", "then", "else", "end":
			return Expr{}, p.errAt(tok.pos, "unexpected keyword %s, want a value", tok.text)
		case "case":
			return p.parseCase()
		}
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		if e, ok, err := p.parseTypedPrimary(tok); ok { // parse_funcs_temporal.go
			return e, err
		}
		if p.isOp("(") {
			return p.parseCall(tok)
		}
		return p.parsePathFrom(tok)
	case tokOp:
		if tok.text == "(" {
			if err := p.enter(); err != nil {
				return Expr{}, err
			}
			defer p.leave()
			if err := p.next(); err != nil {
				return Expr{}, err
			}
			e, err := p.parseOr()
			if err != nil {
				return Expr{}, err
			}
			if !p.isOp(")") {
				return Expr{}, p.errAt(p.tok.pos, "want ) to close the ( at offset %d, got %s", tok.pos, p.tok)
			}
			return e, p.next()
		}
	}
	return Expr{}, p.errAt(tok.pos, "unexpected %s, want a value", tok)
}

// parsePath reads a column path starting at the current token.
func (p *parser) parsePath() (Expr, error) {
	tok := p.tok
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	return p.parsePathFrom(tok)
}

// parsePathFrom reads the rest of a column path whose first piece, first,
// has been consumed: .name or .`name` pieces.
func (p *parser) parsePathFrom(first token) (Expr, error) {
	if p.isLambdaParam(first) {
		return p.parseLambdaPath(first)
	}
	pieces, quoted := []string{first.text}, first.kind == tokQuoted
	for p.isOp(".") {
		if err := p.next(); err != nil {
			return Expr{}, err
		}
		if p.tok.kind != tokIdent && p.tok.kind != tokQuoted {
			return Expr{}, p.errAt(p.tok.pos, "want a field name after '.', got %s", p.tok)
		}
		pieces = append(pieces, p.tok.text)
		quoted = quoted || p.tok.kind == tokQuoted
		if err := p.next(); err != nil {
			return Expr{}, err
		}
	}
	if len(pieces) == 1 && strings.HasPrefix(first.raw, `"`) {
		return Expr{n: exprCol{ref: Path(pieces...), quoted: pieces[0]}}, nil
	}
	if quoted {
		return Col(Path(pieces...)), nil
	}
	return Col(strings.Join(pieces, ".")), nil
}

// parseCall reads the arguments of a function call whose name has been
// consumed; the current token is "(".
func (p *parser) parseCall(name token) (Expr, error) {
	if err := p.enter(); err != nil {
		return Expr{}, err
	}
	defer p.leave()
	fn, ok := parseFuncs()[strings.ToLower(name.text)]
	if !ok {
		return Expr{}, p.errAt(name.pos, "unknown function %s (functions: %s)", name.text, parseFuncNames())
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	if p.isOp("*") {
		return p.parseStarCall(name)
	}
	key := strings.ToLower(name.text)
	if p.isDistinct() {
		distinct, err := p.parseDistinct(name)
		if err != nil {
			return Expr{}, err
		}
		fn, key = distinct, key+" distinct"
	}
	var args []parseArg
	for !p.isOp(")") {
		if len(args) > 0 {
			if !p.isOp(",") {
				return Expr{}, p.errAt(p.tok.pos, "want , or ) in the arguments of %s, got %s", name.text, p.tok)
			}
			if err := p.next(); err != nil {
				return Expr{}, err
			}
		}
		tok := p.tok
		e, lambda, err := p.parseCallArg()
		if err != nil {
			return Expr{}, err
		}
		args = append(args, parseArg{e: e, tok: tok, end: p.tok.pos, lambda: lambda})
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	if len(args) < fn.min || fn.max >= 0 && len(args) > fn.max {
		want := fmt.Sprint(fn.min)
		if fn.max < 0 {
			want = fmt.Sprintf("at least %d", fn.min)
		} else if fn.max != fn.min {
			want = fmt.Sprintf("%d to %d", fn.min, fn.max)
		}
		return Expr{}, p.errAt(name.pos, "%s takes %s arguments, got %d", name.text, want, len(args))
	}
	if err := p.checkLambdas(name, args); err != nil {
		return Expr{}, err
	}
	if p.isKeyword("over") {
		return p.parseWindowCall(name, key, fn, args) // parse_funcs_window.go
	}
	e, err := fn.build(p, name, args)
	if err != nil {
		return Expr{}, err
	}
	return p.mark(e, name.pos), nil
}

// parseArg is one argument of a call: the expression, its first token
// (for the functions that want a literal) and where it ends.
type parseArg struct {
	e      Expr
	tok    token
	end    int
	lambda string // the parameter of a lambda argument (x -> x * 2), whose body is e
}

// literal reports whether the argument is a single literal token.
func (a parseArg) literal(p *parser) bool {
	return a.end == a.tok.pos+len(a.tok.raw) || strings.TrimSpace(p.src[a.tok.pos:a.end]) == a.tok.raw
}

// mark ties e to its source text, from start to the last token consumed,
// so that an error evaluating it quotes what the user wrote.
func (p *parser) mark(e Expr, start int) Expr {
	return Expr{n: exprSrc{e: e, text: p.src[start:max(start, p.end)], off: start}}
}

// exprSrc is a parsed expression with the text it was parsed from. It
// evaluates, renders and names as its expression does; only its errors
// differ: the message of an error in e itself names the text and its
// offset instead of e's rendering, col(id).lt(lit("a")) becoming
// `id < 'a'` (offset 0).
type exprSrc struct {
	e    Expr
	text string // the source text of e
	off  int    // its byte offset in the input
}

func (n exprSrc) outName() string { return n.e.n.outName() }
func (n exprSrc) hasAgg() bool    { return n.e.n.hasAgg() }
func (n exprSrc) String() string  { return n.e.String() }
func (n exprSrc) eval(c *exprCtx) (*exprVec, error) {
	v, err := n.e.eval(c)
	if err != nil {
		return nil, n.explain(err)
	}
	return v, nil
}

// explain rewrites an error about e (one whose message starts with e's
// rendering) to name the source text; other errors, about a part of e
// (already rewritten by that part's exprSrc) or a column, pass unchanged.
func (n exprSrc) explain(err error) error {
	fe, ok := err.(*Error)
	if !ok {
		return err
	}
	rest, ok := strings.CutPrefix(fe.Msg, n.e.String()+": ")
	if !ok {
		return err
	}
	return &Error{Op: fe.Op, Err: fe.Err, Msg: fmt.Sprintf("%s (offset %d): %s", quoteSource(n.text), n.off, rest)}
}

// exprSource renders e for a message: the source text of a parsed
// expression, quoted, else its Go rendering.
func exprSource(e Expr) string {
	if s, ok := e.n.(exprSrc); ok {
		return quoteSource(strings.TrimSpace(s.text))
	}
	return e.String()
}

// maxQuotedSource is the most bytes of source text an error quotes.
const maxQuotedSource = 60

// quoteSource renders source text for a message: between backquotes (as
// %q when it holds one), its middle cut with … when it is long.
func quoteSource(s string) string {
	if len(s) > maxQuotedSource {
		head, tail := maxQuotedSource/2, len(s)-maxQuotedSource/2
		for head > 0 && !utf8.RuneStart(s[head]) {
			head--
		}
		for tail < len(s) && !utf8.RuneStart(s[tail]) {
			tail++
		}
		s = s[:head] + "…" + s[tail:]
	}
	if strings.ContainsAny(s, "`\n\r\t") {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}
