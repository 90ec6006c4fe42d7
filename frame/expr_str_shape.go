package frame

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Strip removes leading and trailing characters from each string: white
// space (Unicode's) when chars is "", else any of the characters of chars
// (Polars' str.strip_chars; strip_chars(None) is Strip("")).
func (s ExprStr) Strip(chars string) Expr {
	return exprStrMap("str.strip_chars", s.e, fmt.Sprintf("%q", chars), exprStripper(chars, true, true))
}

// StripStart is Strip at the start of each string only (Polars'
// str.strip_chars_start).
func (s ExprStr) StripStart(chars string) Expr {
	return exprStrMap("str.strip_chars_start", s.e, fmt.Sprintf("%q", chars), exprStripper(chars, true, false))
}

// StripEnd is Strip at the end of each string only (Polars'
// str.strip_chars_end).
func (s ExprStr) StripEnd(chars string) Expr {
	return exprStrMap("str.strip_chars_end", s.e, fmt.Sprintf("%q", chars), exprStripper(chars, false, true))
}

func exprStripper(chars string, start, end bool) func(string) string {
	switch {
	case chars == "" && start && end:
		return strings.TrimSpace
	case chars == "" && start:
		return func(x string) string { return strings.TrimLeftFunc(x, unicode.IsSpace) }
	case chars == "":
		return func(x string) string { return strings.TrimRightFunc(x, unicode.IsSpace) }
	case start && end:
		return func(x string) string { return strings.Trim(x, chars) }
	case start:
		return func(x string) string { return strings.TrimLeft(x, chars) }
	}
	return func(x string) string { return strings.TrimRight(x, chars) }
}

// PadStart pads each string on the left with fill up to width characters
// (Polars' str.pad_start); a string already as long is left as it is.
func (s ExprStr) PadStart(width int, fill rune) Expr {
	return exprStrMap("str.pad_start", s.e, fmt.Sprintf("%d, %q", width, fill), func(x string) string {
		n := utf8.RuneCountInString(x)
		if n >= width {
			return x
		}
		return strings.Repeat(string(fill), width-n) + x
	})
}

// PadEnd pads each string on the right with fill up to width characters
// (Polars' str.pad_end); a string already as long is left as it is.
func (s ExprStr) PadEnd(width int, fill rune) Expr {
	return exprStrMap("str.pad_end", s.e, fmt.Sprintf("%d, %q", width, fill), func(x string) string {
		n := utf8.RuneCountInString(x)
		if n >= width {
			return x
		}
		return x + strings.Repeat(string(fill), width-n)
	})
}

// ZFill pads each string on the left with zeros up to width characters,
// after its leading sign if it has one (Polars' str.zfill: "-12" gives
// "-0012" at width 5, "+1" gives "+001" at width 4); a string already as
// long is left as it is.
func (s ExprStr) ZFill(width int) Expr {
	return exprStrMap("str.zfill", s.e, strconv.Itoa(width), func(x string) string {
		n := utf8.RuneCountInString(x)
		if n >= width {
			return x
		}
		zeros := strings.Repeat("0", width-n)
		if x != "" && (x[0] == '-' || x[0] == '+') {
			return x[:1] + zeros + x[1:]
		}
		return zeros + x
	})
}

// Slice is the part of each string from character offset, length
// characters long (Polars' str.slice): a negative offset counts from the
// end, a negative length means to the end of the string, and the part of
// the window outside the string is dropped ("abc" sliced at -5 for 3
// gives "a"). Positions are characters, not bytes. The text form's
// substr counts from 1, as DuckDB's.
func (s ExprStr) Slice(offset, length int) Expr {
	return exprStrMap("str.slice", s.e, fmt.Sprintf("%d, %d", offset, length), func(x string) string {
		return exprSubstr(x, offset, length)
	})
}

// Head is the first n characters of each string, or all but the last -n
// when n is negative (Polars' str.head).
func (s ExprStr) Head(n int) Expr {
	return exprStrMap("str.head", s.e, strconv.Itoa(n), func(x string) string {
		if n >= 0 {
			return exprSubstr(x, 0, n)
		}
		return exprSubstr(x, 0, max(utf8.RuneCountInString(x)+n, 0))
	})
}

// Tail is the last n characters of each string, or all but the first -n
// when n is negative (Polars' str.tail).
func (s ExprStr) Tail(n int) Expr {
	return exprStrMap("str.tail", s.e, strconv.Itoa(n), func(x string) string {
		if n == 0 {
			return "" // exprSubstr reads offset -0 as 0, the whole string
		}
		return exprSubstr(x, -n, -1)
	})
}

// exprSubstr is the window [offset, offset+length) of x's characters
// (offset < 0 from the end, length < 0 to the end) clipped to x.
func exprSubstr(x string, offset, length int) string {
	if length == 0 || x == "" {
		return ""
	}
	lo := offset
	if offset < 0 {
		lo = utf8.RuneCountInString(x) + offset
	}
	hi := -1 // to the end
	if length >= 0 {
		hi = lo + length
		if hi <= 0 {
			return ""
		}
	}
	lo = max(lo, 0)
	// Walk the characters once: the byte positions of lo and hi.
	start, k := len(x), 0
	for i := range x {
		if k == lo {
			start = i
		}
		if hi >= 0 && k == hi {
			return x[start:i]
		}
		k++
	}
	if lo >= k {
		return ""
	}
	return x[start:]
}

// ConcatStr concatenates the values of exprs row by row with sep between
// them, as Polars' pl.concat_str: strings as they are, integers and
// booleans written out (42, true), floats as strconv's shortest form. A
// null makes the row null unless ignoreNulls, which skips it (and its
// separator); a row of only nulls is then "". The result is named after
// the first column referred to.
func ConcatStr(sep string, ignoreNulls bool, exprs ...Expr) Expr {
	extra := fmt.Sprintf("sep=%q, ignore_nulls=%t", sep, ignoreNulls)
	if len(exprs) == 0 {
		return Expr{n: exprBadArg{n: exprFn{label: "concat_str", extra: extra}, err: fmt.Errorf("%w: concat_str takes at least one expression", ErrArgument)}}
	}
	return Expr{n: exprFn{label: "concat_str", args: exprs, extra: extra, fn: func(_ *exprCtx, args []*exprVec) (*exprVec, error) {
		texts := make([][]string, len(args))
		for k, a := range args {
			t, err := exprTexts(a)
			if err != nil {
				return nil, fmt.Errorf("concat_str argument %d: %w", k+1, err)
			}
			texts[k] = t
		}
		out := exprNew(exprStrT, args...)
		if !ignoreNulls {
			valid := args[0]
			for _, a := range args[1:] {
				valid = &exprVec{n: out.n, valid: exprValidAnd(valid, a, out.n)}
			}
			out.valid = valid.valid
			if valid.scalar && valid.isNull(0) {
				out.valid = exprBitsNone(out.n)
			}
		}
		var b strings.Builder
		for i := range out.strs {
			if out.isNull(i) {
				continue
			}
			b.Reset()
			first := true
			for k, a := range args {
				if a.isNull(i) {
					continue
				}
				if !first {
					b.WriteString(sep)
				}
				first = false
				b.WriteString(texts[k][i*a.stride()])
			}
			out.strs[i] = b.String()
		}
		return out, nil
	}}}
}

// exprTexts is the text of each row of a string, integer, bool or float
// vector (loaded), "" for a null.
func exprTexts(a *exprVec) ([]string, error) {
	if exprIsTemporal(a.dt) {
		return nil, fmt.Errorf("%w: cannot write %s as text here (cast it to a string first)", ErrType, a.typeName())
	}
	n := len(a.ints) + len(a.floats) + len(a.bools) + len(a.strs)
	switch a.t {
	case exprStrT:
		return a.strs, nil
	case exprNullT:
		return make([]string, a.n), nil
	case exprIntT:
		out := make([]string, n)
		for i, x := range a.ints {
			out[i] = strconv.FormatInt(x, 10)
		}
		return out, nil
	case exprFloatT:
		out := make([]string, n)
		for i, x := range a.floats {
			out[i] = strconv.FormatFloat(x, 'g', -1, 64)
		}
		return out, nil
	case exprBoolT:
		out := make([]string, n)
		for i, x := range a.bools {
			out[i] = strconv.FormatBool(x)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: cannot write %s as text", ErrType, a.typeName())
}
