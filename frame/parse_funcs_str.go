package frame

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// parseFuncsStr registers the string functions of the text form. They
// take DuckDB's names and semantics, which differ from Polars' (and so
// from ExprStr's) in places, each said below: substr counts from 1,
// regexp_extract gives "" where nothing matches, lpad and rpad cut a
// longer string, trim removes only space separators. Patterns,
// separators, counts and options are literals (a pattern is compiled
// once, when the text is parsed); the string they apply to may be any
// expression. A null string gives null.
func parseFuncsStr(funcs map[string]parseFunc) {
	// len(x), length(x): the characters of a string, the items of a list;
	// len() alone the number of rows.
	funcs["len"] = parseFunc{0, 1, func(_ *parser, _ token, a []parseArg) (Expr, error) {
		if len(a) == 0 {
			return Len(), nil
		}
		return exprByType("len", a[0].e, func(e Expr) Expr { return e.List().Len() }, func(e Expr) Expr {
			if t := exprDoneType(e); t != "" {
				return exprFailed("len", e, fmt.Errorf("%w: len takes a string or a list, got %s", ErrType, t))
			}
			return e.Str().LenChars()
		}), nil
	}}
	funcs["length"] = funcs["len"]
	// strlen(s): the bytes of a string's UTF-8 encoding.
	funcs["strlen"] = parseOne(func(e Expr) Expr { return e.Str().LenBytes() })
	// contains(x, 'sub'): DuckDB's contains, a plain substring of a string
	// (not a pattern: regexp_matches takes one), or an item of a list.
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
				return e.Str().ContainsLiteral(sub)
			}, item), nil
	}}
	// starts_with(s, 'p'), ends_with(s, 's'): plain prefix and suffix.
	funcs["starts_with"] = parseStrArg(func(e Expr, s string) Expr { return e.Str().StartsWith(s) })
	funcs["ends_with"] = parseStrArg(func(e Expr, s string) Expr { return e.Str().EndsWith(s) })
	// lower(s), upper(s), reverse(s) (by character). Case maps are
	// Unicode's simple mappings, as DuckDB's: upper('ß') is ẞ (Polars'
	// str.to_uppercase gives SS, Go's ToUpper keeps ß).
	funcs["lower"] = parseOne(func(e Expr) Expr { return e.Str().ToLower() })
	funcs["upper"] = parseOne(func(e Expr) Expr { return exprStrMap("upper", e, "", exprUpperSQL) })
	funcs["reverse"] = parseOne(func(e Expr) Expr { return e.Str().Reverse() })
	// replace(s, 'from', 'to'): every occurrence of plain text; an empty
	// 'from' changes nothing (DuckDB).
	funcs["replace"] = parseFunc{3, 3, func(p *parser, name token, a []parseArg) (Expr, error) {
		lits, err := parseStrLits(p, name, a[1:])
		if err != nil {
			return Expr{}, err
		}
		if lits[0] == "" {
			// DuckDB leaves the string as it is; Go's ReplaceAll would
			// put the replacement between every two characters.
			return a[0].e.Str().ReplaceAllLiteral("", ""), nil
		}
		return a[0].e.Str().ReplaceAllLiteral(lits[0], lits[1]), nil
	}}
	// regexp_matches(s, 'pattern'[, 'options']): whether the pattern
	// matches anywhere in s (a partial match, as DuckDB's; Polars'
	// str.contains too). Options: i (ignore case), c (case-sensitive, the
	// default), s (. matches a newline), m, n, p (it does not, the
	// default), l (the pattern is plain text).
	funcs["regexp_matches"] = parseFunc{2, 3, func(p *parser, name token, a []parseArg) (Expr, error) {
		pattern, _, err := parseRegexArgs(p, name, a, 2, false)
		if err != nil {
			return Expr{}, err
		}
		return a[0].e.Str().Contains(pattern), nil
	}}
	// regexp_extract(s, 'pattern'[, group[, 'options']]): capture group
	// group (0, the default, is the whole match) of the first match, and
	// "" where the pattern does not match (DuckDB's rule; Polars'
	// str.extract gives null).
	funcs["regexp_extract"] = parseFunc{2, 4, func(p *parser, name token, a []parseArg) (Expr, error) {
		pattern, group, err := parseRegexGroup(p, name, a)
		if err != nil {
			return Expr{}, err
		}
		return exprStrExtract("regexp_extract", a[0].e, pattern, group, true), nil
	}}
	// regexp_extract_all(s, 'pattern'[, group[, 'options']]): capture
	// group group of every non-overlapping match, a list of strings.
	funcs["regexp_extract_all"] = parseFunc{2, 4, func(p *parser, name token, a []parseArg) (Expr, error) {
		pattern, group, err := parseRegexGroup(p, name, a)
		if err != nil {
			return Expr{}, err
		}
		return exprStrExtractAll("regexp_extract_all", a[0].e, pattern, group), nil
	}}
	// regexp_replace(s, 'pattern', 'replacement'[, 'options']): the first
	// match replaced, or every match with the option g. In the
	// replacement \1 ... \9 stand for a capture group and \0 for the
	// whole match, as in DuckDB (Polars and ExprStr.Replace write $1);
	// \\ is a backslash, and $ stands for itself. Single-quoted strings
	// are SQL's (a backslash is itself), so regexp_replace(s, '(\d+)',
	// '<\1>') is written as in DuckDB.
	funcs["regexp_replace"] = parseFunc{3, 4, func(p *parser, name token, a []parseArg) (Expr, error) {
		repl, err := a[2].stringLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		pattern, global, err := parseRegexArgs(p, name, append(a[:2:2], a[3:]...), 2, true)
		if err != nil {
			return Expr{}, err
		}
		value := parseDuckReplacement(repl)
		if global {
			return a[0].e.Str().ReplaceAll(pattern, value), nil
		}
		return a[0].e.Str().Replace(pattern, value), nil
	}}
	// string_split(s, 'sep'): s cut at every sep (plain text) into a list
	// of strings; an empty sep cuts between characters.
	funcs["string_split"] = parseStrArg(func(e Expr, s string) Expr { return e.Str().Split(s) })
	// trim(s[, 'chars']), ltrim, rtrim: without chars, DuckDB removes the
	// space separators (Unicode category Zs: ' ', no-break space...) but
	// not tabs or newlines, where Polars' strip_chars removes all white
	// space; with chars, any of its characters.
	for fn, ends := range map[string][2]bool{"trim": {true, true}, "ltrim": {true, false}, "rtrim": {false, true}} {
		funcs[fn] = parseFunc{1, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
			if len(a) == 2 {
				chars, err := a[1].stringLit(p, name)
				if err != nil {
					return Expr{}, err
				}
				if chars == "" { // nothing to remove
					return exprStrMap(fn, a[0].e, `""`, func(x string) string { return x }), nil
				}
				return exprStrMap(fn, a[0].e, fmt.Sprintf("%q", chars), exprStripper(chars, ends[0], ends[1])), nil
			}
			isZs := func(r rune) bool { return unicode.Is(unicode.Zs, r) }
			return exprStrMap(fn, a[0].e, "", func(x string) string {
				if ends[0] {
					x = strings.TrimLeftFunc(x, isZs)
				}
				if ends[1] {
					x = strings.TrimRightFunc(x, isZs)
				}
				return x
			}), nil
		}}
	}
	// lpad(s, count, 'fill'), rpad: s padded on the left (right) with fill,
	// repeated, to count characters, and cut to its first count characters
	// when longer (DuckDB's rule; Polars' pad_start leaves it).
	for fn, left := range map[string]bool{"lpad": true, "rpad": false} {
		funcs[fn] = parseFunc{3, 3, func(p *parser, name token, a []parseArg) (Expr, error) {
			width, err := a[1].intLit(p, name)
			if err != nil {
				return Expr{}, err
			}
			fill, err := a[2].stringLit(p, name)
			if err != nil {
				return Expr{}, err
			}
			return exprStrPadDuck(fn, a[0].e, width, fill, left), nil
		}}
	}
	// substr(s, start[, length]), substring: length characters from
	// character start, counted from 1 (DuckDB's rule; Polars' str.slice
	// and ExprStr.Slice count from 0). A negative start counts from the
	// end (-1 the last character), start 0 is one before the first, a
	// negative length takes the characters before start, no length means
	// to the end.
	funcs["substr"] = parseFunc{2, 3, func(p *parser, name token, a []parseArg) (Expr, error) {
		start, err := a[1].intLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		length, has := 0, len(a) == 3
		if has {
			if length, err = a[2].intLit(p, name); err != nil {
				return Expr{}, err
			}
		}
		extra := fmt.Sprint(start)
		if has {
			extra += fmt.Sprintf(", %d", length)
		}
		return exprStrMap("substr", a[0].e, extra, func(x string) string { return exprDuckSubstr(x, start, length, has) }), nil
	}}
	funcs["substring"] = funcs["substr"]
	// left(s, n), right(s, n): the first (last) n characters, or all but
	// the last (first) -n when n is negative.
	funcs["left"] = parseIntArg(func(e Expr, n int) Expr { return e.Str().Head(n) })
	funcs["right"] = parseIntArg(func(e Expr, n int) Expr { return e.Str().Tail(n) })
	// strpos(s, 'sub'), instr: the position of the first occurrence of sub
	// (plain text) in characters from 1, 0 where it does not occur.
	funcs["strpos"] = parseStrArg(func(e Expr, sub string) Expr {
		return exprStrInt("strpos", e, fmt.Sprintf("%q", sub), func(x string) int64 {
			j := strings.Index(x, sub)
			if j < 0 {
				return 0
			}
			return int64(utf8.RuneCountInString(x[:j])) + 1
		})
	})
	funcs["instr"] = funcs["strpos"]
	// concat(a, b, ...): the values written as text one after the other,
	// nulls skipped (DuckDB's rule; Polars' concat_str propagates them by
	// default). concat_ws('sep', a, b, ...): with sep between them, nulls
	// and their separators skipped.
	funcs["concat"] = parseFunc{1, parseVariadic, func(_ *parser, _ token, a []parseArg) (Expr, error) {
		return ConcatStr("", true, parseExprs(a)...), nil
	}}
	funcs["concat_ws"] = parseFunc{2, parseVariadic, func(p *parser, name token, a []parseArg) (Expr, error) {
		sep, err := a[0].stringLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		return ConcatStr(sep, true, parseExprs(a[1:])...), nil
	}}
}

// parseVariadic is the max of a function that takes any number of
// arguments from its min.
const parseVariadic = -1

// parseExprs is the expressions of arguments.
func parseExprs(a []parseArg) []Expr {
	out := make([]Expr, len(a))
	for i, x := range a {
		out[i] = x.e
	}
	return out
}

// parseIntArg builds a function of a column and a constant integer.
func parseIntArg(f func(Expr, int) Expr) parseFunc {
	return parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
		n, err := a[1].intLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		return f(a[0].e, n), nil
	}}
}

// parseStrLits is the arguments as string constants.
func parseStrLits(p *parser, name token, a []parseArg) ([]string, error) {
	out := make([]string, len(a))
	for i, x := range a {
		s, err := x.stringLit(p, name)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// parseRegexArgs reads the pattern (argument 1) and, at position opt,
// DuckDB's options of a regexp_ function, giving the pattern with the
// options written into it and whether the option g (global) was given
// (allowed only where global).
func parseRegexArgs(p *parser, name token, a []parseArg, opt int, global bool) (string, bool, error) {
	pattern, err := a[1].stringLit(p, name)
	if err != nil {
		return "", false, err
	}
	if len(a) <= opt {
		return pattern, false, nil
	}
	opts, err := a[opt].stringLit(p, name)
	if err != nil {
		return "", false, err
	}
	flags, g := "", false
	for _, c := range opts {
		switch c {
		case 'c', 'm', 'n', 'p': // the defaults
		case 'i':
			flags += "i"
		case 's':
			flags += "s"
		case 'l':
			pattern = regexp.QuoteMeta(pattern)
		case 'g':
			if !global {
				return "", false, p.errAt(a[opt].tok.pos, "%s takes no option g", name.text)
			}
			g = true
		default:
			return "", false, p.errAt(a[opt].tok.pos, "%s: unknown option %q (options: c, i, s, m, n, p, l%s)", name.text, c, map[bool]string{true: ", g"}[global])
		}
	}
	if flags != "" {
		pattern = "(?" + flags + ")" + pattern
	}
	return pattern, g, nil
}

// parseRegexGroup reads the arguments of regexp_extract and
// regexp_extract_all: s, pattern[, group[, options]].
func parseRegexGroup(p *parser, name token, a []parseArg) (string, int, error) {
	group := 0
	if len(a) >= 3 {
		var err error
		if group, err = a[2].intLit(p, name); err != nil {
			return "", 0, err
		}
	}
	pattern, _, err := parseRegexArgs(p, name, a, 3, false)
	return pattern, group, err
}

// parseDuckReplacement turns DuckDB's replacement text (\1 a group, \\ a
// backslash) into Go's (${1}, $$ a dollar).
func parseDuckReplacement(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '$':
			b.WriteString("$$")
		case c == '\\' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			b.WriteString("${" + s[i+1:i+2] + "}")
			i++
		case c == '\\' && i+1 < len(s) && s[i+1] == '\\':
			b.WriteByte('\\')
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// exprStrPadDuck is DuckDB's lpad (left) and rpad: x padded with fill,
// repeated, to width characters, or cut to its first width characters.
// An empty fill pads nothing.
func exprStrPadDuck(label string, e Expr, width int, fill string, left bool) Expr {
	return exprStrMap(label, e, fmt.Sprintf("%d, %q", width, fill), func(x string) string {
		if width <= 0 {
			return ""
		}
		n := utf8.RuneCountInString(x)
		if n >= width {
			return exprSubstr(x, 0, width)
		}
		if fill == "" {
			return x
		}
		var pad strings.Builder
		for k := n; k < width; {
			for _, r := range fill {
				if k == width {
					break
				}
				pad.WriteRune(r)
				k++
			}
		}
		if left {
			return pad.String() + x
		}
		return x + pad.String()
	})
}

// exprDuckSubstr is DuckDB's substring of x: length characters from the
// 1-based start (see the text form's substr); has is false when no length
// is given (to the end).
func exprDuckSubstr(x string, start, length int, has bool) string {
	if !has {
		length = utf8.RuneCountInString(x) + 1
	}
	if length == 0 || x == "" {
		return ""
	}
	size := utf8.RuneCountInString(x)
	var lo, hi int
	switch {
	case start > 0:
		lo = min(size, start-1)
	case start < 0:
		lo = max(size+start, 0)
	default: // one before the first character
		length--
		if length <= 0 {
			return ""
		}
	}
	if length > 0 {
		hi = min(size, lo+length)
	} else {
		hi, lo = lo, max(0, lo+length)
	}
	if lo >= hi {
		return ""
	}
	return exprSubstr(x, lo, hi-lo)
}

// exprUpperSQL is DuckDB's upper: Go's simple case mapping, and ß (which
// has none in Go's tables) as capital ẞ, as DuckDB's utf8proc maps it.
func exprUpperSQL(s string) string {
	u := strings.ToUpper(s)
	if strings.Contains(u, "ß") {
		u = strings.ReplaceAll(u, "ß", "ẞ")
	}
	return u
}
