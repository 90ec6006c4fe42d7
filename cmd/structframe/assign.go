package main

import (
	"errors"
	"strings"

	"github.com/structframe/structframe/frame"
)

// The arguments of with and group-by's agg are lists of NAME=EXPR,
// separated by ';'. An expression may hold ';' and '=' itself (==, <=,
// a string literal 'a;b=c', a function call), so both are split at the
// top level only: outside quotes ('...', "...", `...`) and outside
// parentheses and brackets.

// assignment is one NAME=EXPR of with or agg.
type assignment struct {
	name string
	expr string
}

// splitTop cuts s at each top-level occurrence of sep (see above); the
// pieces are trimmed and empty ones dropped ("a=1;" is one piece). An
// unterminated quote or an unbalanced bracket is left for the expression
// parser to report: the rest of s is one piece.
func splitTop(s string, sep byte) []string {
	var out []string
	start := 0
	add := func(piece string) {
		if piece = strings.TrimSpace(piece); piece != "" {
			out = append(out, piece)
		}
	}
	for i := 0; i < len(s); i++ {
		if j, ok := skipNested(s, i); ok {
			i = j
			continue
		}
		if s[i] == sep {
			add(s[start:i])
			start = i + 1
		}
	}
	add(s[start:])
	return out
}

// skipNested reports whether a quote or an opening bracket starts at i,
// and if so the offset of its end (the closing quote or bracket, or the
// last byte of s when it is not closed).
func skipNested(s string, i int) (int, bool) {
	switch c := s[i]; c {
	case '\'', '"', '`':
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '\\':
				if c != '`' {
					j++
				}
			case c:
				return j, true
			}
		}
		return len(s) - 1, true
	case '(', '[', '{':
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '\'', '"', '`':
				j, _ = skipNested(s, j)
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
				if depth == 0 {
					return j, true
				}
			}
		}
		return len(s) - 1, true
	}
	return i, false
}

// assignAt is the offset of the '=' that ends NAME in NAME=EXPR: the
// first top-level '=' that is not part of ==, <=, >=, !=, := or =>; -1
// when there is none.
func assignAt(s string) int {
	for i := 0; i < len(s); i++ {
		if j, ok := skipNested(s, i); ok {
			i = j
			continue
		}
		if s[i] != '=' {
			continue
		}
		if i+1 < len(s) && (s[i+1] == '=' || s[i+1] == '>') {
			i++
			continue
		}
		if i > 0 && strings.IndexByte("<>!=:", s[i-1]) >= 0 {
			continue
		}
		return i
	}
	return -1
}

// parseAssignments reads with's or agg's argument: NAME=EXPR pieces
// separated by top-level ';'. NAME may be quoted with backquotes or
// quotes for a name that is not a plain word.
func parseAssignments(verb, arg string) ([]assignment, error) {
	pieces := splitTop(arg, ';')
	if len(pieces) == 0 {
		return nil, usagef("%s: no NAME=EXPR in %q", verb, arg)
	}
	out := make([]assignment, len(pieces))
	for k, piece := range pieces {
		at := assignAt(piece)
		if at < 0 {
			return nil, usagef("%s: want NAME=EXPR, got %q", verb, piece)
		}
		name := strings.TrimSpace(piece[:at])
		if len(name) >= 2 && strings.IndexByte("`'\"", name[0]) >= 0 && name[len(name)-1] == name[0] {
			name = name[1 : len(name)-1]
		} else if name == "" {
			return nil, usagef("%s: no NAME before = in %q", verb, piece)
		}
		expr := strings.TrimSpace(piece[at+1:])
		if expr == "" {
			return nil, usagef("%s: no expression after %s=", verb, name)
		}
		out[k] = assignment{name: name, expr: expr}
	}
	return out, nil
}

// parseExprs parses the expressions of with's or agg's argument, each
// named by its NAME (Expr.Alias).
func parseExprs(verb, arg string) ([]frame.Expr, []assignment, error) {
	as, err := parseAssignments(verb, arg)
	if err != nil {
		return nil, nil, err
	}
	out := make([]frame.Expr, len(as))
	for k, a := range as {
		e, err := parseExpr(verb+": "+a.name, a.expr)
		if err != nil {
			return nil, nil, err
		}
		out[k] = e.Alias(a.name)
	}
	return out, as, nil
}

// parseExpr parses an expression of a verb, a syntax error a usage error
// showing where in the text it is.
func parseExpr(what, text string) (frame.Expr, error) {
	e, err := frame.ParseExpr(text)
	if err != nil {
		var se *frame.SyntaxError
		if errors.As(err, &se) {
			return frame.Expr{}, usagef("%s: offset %d: %s: %s", what, se.Offset, se.Msg, quoteAt(se.Input, se.Offset))
		}
		return frame.Expr{}, usagef("%s: %v", what, err)
	}
	return e, nil
}

// groupBy runs group-by: the keys (select's list; none for the whole
// frame, whose expressions must then all aggregate) and the
// aggregations.
func groupBy(f *frame.Frame, s step) (*frame.Frame, error) {
	keys, exprs, err := groupArgs(s)
	if err != nil {
		return nil, err
	}
	if len(keys) > 0 {
		return f.GroupBy(keys...).Agg(exprs...), nil
	}
	return f.SelectExprs(exprs...), nil
}

// groupArgs are a group-by's keys and aggregations; without keys, every
// aggregation must aggregate (the whole input is one group).
func groupArgs(s step) ([]string, []frame.Expr, error) {
	exprs, as, err := parseExprs("group-by", s.aggs)
	if err != nil {
		return nil, nil, err
	}
	keys := splitList(s.arg)
	if len(keys) == 0 {
		for k, e := range exprs {
			if !e.Aggregates() {
				return nil, nil, usagef("group-by without keys aggregates the whole input, and %s=%s does not aggregate (sum, mean, min, max, count...)", as[k].name, as[k].expr)
			}
		}
	}
	return keys, exprs, nil
}
