package frame

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/hugepage"
	"github.com/structframe/structframe/internal/simplere"
	"github.com/structframe/structframe/structured"
)

// exprRe is a compiled pattern with a literal every match contains (""
// when there is none to tell): a row without it is known not to match
// by a substring search, much faster than the regular expression's
// machine, so most rows of a selective pattern never reach it.
type exprRe struct {
	*regexp.Regexp
	must string
	fast *simplere.Matcher // the same pattern matched without backtracking, when it can be; else nil
}

// MatchString reports whether x holds a match.
func (re *exprRe) MatchString(x string) bool {
	if re.fast != nil {
		return re.fast.MatchString(x)
	}
	return re.Regexp.MatchString(x)
}

// FindStringIndex is the position of the leftmost match in x, or nil.
func (re *exprRe) FindStringIndex(x string) []int {
	if re.fast != nil {
		return re.fast.FindStringIndex(x)
	}
	return re.Regexp.FindStringIndex(x)
}

// FindAllStringIndex is the positions of the successive matches in x.
func (re *exprRe) FindAllStringIndex(x string, n int) [][]int {
	if re.fast == nil || n >= 0 {
		return re.Regexp.FindAllStringIndex(x, n)
	}
	flat := re.fast.AppendAllIndex(nil, x)
	if len(flat) == 0 {
		return nil
	}
	out := make([][]int, len(flat)/2)
	for k := range out {
		out[k] = flat[2*k : 2*k+2 : 2*k+2]
	}
	return out
}

// countAll is the number of successive matches in x.
func (re *exprRe) countAll(x string) int {
	if re.fast != nil {
		return re.fast.CountAll(x)
	}
	return len(re.Regexp.FindAllStringIndex(x, -1))
}

// mayMatch reports whether x may hold a match: false only when it lacks
// the literal every match contains.
func (re *exprRe) mayMatch(x string) bool {
	return re.must == "" || strings.Contains(x, re.must)
}

// exprRegex compiles the pattern of a string function, or gives the
// error that the expression will report, naming the pattern.
func exprRegex(pattern string) (*exprRe, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("%w: invalid pattern %q: %v", ErrArgument, pattern, err)
	}
	out := &exprRe{Regexp: re}
	out.fast, _ = simplere.Compile(pattern)
	if tree, err := syntax.Parse(pattern, syntax.Perl); err == nil {
		out.must = exprMustLiteral(tree.Simplify())
	}
	return out, nil
}

// exprMustLiteral is the longest case-sensitive literal that every match
// of a parsed pattern contains, among those found at its top level (in a
// sequence, a group, or a repetition of at least one), "" when there is
// none.
func exprMustLiteral(re *syntax.Regexp) string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return ""
		}
		return string(re.Rune)
	case syntax.OpCapture, syntax.OpPlus:
		return exprMustLiteral(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return exprMustLiteral(re.Sub[0])
		}
	case syntax.OpConcat:
		best := ""
		for _, sub := range re.Sub {
			if lit := exprMustLiteral(sub); len(lit) > len(best) {
				best = lit
			}
		}
		return best
	}
	return ""
}

// Contains reports whether each string holds a match of pattern, a
// regular expression matched anywhere in the string (Polars'
// str.contains; anchor it with ^ and $ to match the whole string). For
// plain text use ContainsLiteral.
func (s ExprStr) Contains(pattern string) Expr {
	const label = "str.contains"
	extra := fmt.Sprintf("%q", pattern)
	re, err := exprRegex(pattern)
	if err != nil {
		return exprStrBad(label, s.e, extra, err)
	}
	if lit, complete := re.LiteralPrefix(); complete {
		// A pattern without any operator is a substring test.
		return exprStrPred(label, s.e, lit, strings.Contains)
	}
	return exprStrBool(label, s.e, extra, func(x string) bool { return re.mayMatch(x) && re.MatchString(x) })
}

// Find is the position, in characters from 0, of the first match of
// pattern in each string, null where there is none (Polars' str.find).
func (s ExprStr) Find(pattern string) Expr {
	const label = "str.find"
	extra := fmt.Sprintf("%q", pattern)
	re, err := exprRegex(pattern)
	if err != nil {
		return exprStrBad(label, s.e, extra, err)
	}
	return exprStrFn(label, s.e, extra, func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprIntT, a)
		out.valid = exprBitsAll(out.n)
		err := exprStrEach(a, func(i int, x string) {
			if a.isNull(i) {
				exprBitClear(out.valid, i)
				return
			}
			var loc []int
			if re.mayMatch(x) {
				loc = re.FindStringIndex(x)
			}
			if loc == nil {
				exprBitClear(out.valid, i)
				return
			}
			out.ints[i] = int64(utf8.RuneCountInString(x[:loc[0]]))
		})
		return out, err
	})
}

// exprBitClear marks row i null in a bitmap.
func exprBitClear(valid []byte, i int) { valid[i/8] &^= 1 << (i % 8) }

// CountMatches is the number of non-overlapping matches of pattern in
// each string (Polars' str.count_matches).
func (s ExprStr) CountMatches(pattern string) Expr {
	const label = "str.count_matches"
	extra := fmt.Sprintf("%q", pattern)
	re, err := exprRegex(pattern)
	if err != nil {
		return exprStrBad(label, s.e, extra, err)
	}
	return exprStrInt(label, s.e, extra, func(x string) int64 {
		if !re.mayMatch(x) {
			return 0
		}
		return int64(re.countAll(x))
	})
}

// Extract is capture group group of the first match of pattern in each
// string (Polars' str.extract; group 0 is the whole match, 1 the first
// parenthesised group), null where the pattern does not match or the
// group takes no part in the match. A group the pattern does not have is
// an ErrArgument error, reported before any row is read.
func (s ExprStr) Extract(pattern string, group int) Expr {
	return exprStrExtract("str.extract", s.e, pattern, group, false)
}

// exprStrGroup compiles pattern and checks that it has the group.
func exprStrGroup(pattern string, group int) (*exprRe, error) {
	re, err := exprRegex(pattern)
	if err == nil && (group < 0 || group > re.NumSubexp()) {
		err = fmt.Errorf("%w: pattern %q has no group %d (it has %d)", ErrArgument, pattern, group, re.NumSubexp())
	}
	return re, err
}

// exprStrExtract is Extract, giving "" rather than null where the pattern
// does not match when emptyOnMiss (DuckDB's regexp_extract).
func exprStrExtract(label string, e Expr, pattern string, group int, emptyOnMiss bool) Expr {
	extra := fmt.Sprintf("%q, %d", pattern, group)
	re, err := exprStrGroup(pattern, group)
	if err != nil {
		return exprStrBad(label, e, extra, err)
	}
	return exprStrFn(label, e, extra, func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprStrT, a)
		out.valid = exprBitsAll(out.n)
		err := exprStrEach(a, func(i int, x string) {
			if a.isNull(i) {
				exprBitClear(out.valid, i)
				return
			}
			var loc []int
			if re.mayMatch(x) {
				loc = re.FindStringSubmatchIndex(x)
			}
			if loc == nil || loc[2*group] < 0 {
				if !emptyOnMiss {
					exprBitClear(out.valid, i)
				}
				return
			}
			out.strs[i] = x[loc[2*group]:loc[2*group+1]]
		})
		return out, err
	})
}

// ExtractAll is every non-overlapping match of pattern in each string, a
// list of strings (Polars' str.extract_all): an empty list where nothing
// matches, null for a null string.
func (s ExprStr) ExtractAll(pattern string) Expr {
	return exprStrExtractAll("str.extract_all", s.e, pattern, 0)
}

// exprStrExtractAll is ExtractAll taking capture group group of each
// match ("" where the group takes no part in it).
func exprStrExtractAll(label string, e Expr, pattern string, group int) Expr {
	extra := fmt.Sprintf("%q", pattern)
	if group != 0 {
		extra += fmt.Sprintf(", %d", group)
	}
	re, err := exprStrGroup(pattern, group)
	if err != nil {
		return exprStrBad(label, e, extra, err)
	}
	return exprStrFn(label, e, extra, func(a *exprVec) (*exprVec, error) {
		splits := make([]int64, a.n+1)
		var items exprStrItems
		err := exprStrEach(a, func(i int, x string) {
			if !a.isNull(i) && re.mayMatch(x) {
				if group == 0 {
					for _, loc := range re.FindAllStringIndex(x, -1) {
						items.add(x[loc[0]:loc[1]])
					}
				}
				for _, loc := range exprSubmatches(re, x, group) {
					if loc[2*group] < 0 {
						items.add("")
					} else {
						items.add(x[loc[2*group]:loc[2*group+1]])
					}
				}
			}
			splits[i+1] = items.n()
		})
		if err != nil {
			return nil, err
		}
		return exprStrList(a, splits, &items)
	})
}

// exprSubmatches is the submatch positions of every match of re in x
// when group is a capture group, nil for group 0 (read by the caller
// without the groups, more cheaply).
func exprSubmatches(re *exprRe, x string, group int) [][]int {
	if group == 0 {
		return nil
	}
	return re.FindAllStringSubmatchIndex(x, -1)
}

// Replace replaces the first match of pattern in each string with value,
// in which $1 or ${name} stand for a capture group (Polars'
// str.replace(pattern, value, n=1); write ${1}x for group 1 followed by
// x, and $$ for a dollar sign). For plain text use ReplaceLiteral.
func (s ExprStr) Replace(pattern, value string) Expr {
	return exprStrReplace("str.replace", s.e, pattern, value, 1)
}

// ReplaceAll replaces every non-overlapping match of pattern in each
// string with value, expanded as in Replace (Polars'
// str.replace_all). For plain text use ReplaceAllLiteral.
func (s ExprStr) ReplaceAll(pattern, value string) Expr {
	return exprStrReplace("str.replace_all", s.e, pattern, value, -1)
}

func exprStrReplace(label string, e Expr, pattern, value string, n int) Expr {
	extra := fmt.Sprintf("%q, %q", pattern, value)
	re, err := exprRegex(pattern)
	if err != nil {
		return exprStrBad(label, e, extra, err)
	}
	literal := !strings.Contains(value, "$") // no group to expand
	if n < 0 {
		return exprStrMapAppend(label, e, extra, func(dst []byte, x string) []byte {
			switch {
			case !re.mayMatch(x):
				return append(dst, x...)
			case literal && re.fast != nil:
				return re.fast.AppendReplaceAll(dst, x, value)
			}
			return append(dst, re.ReplaceAllString(x, value)...)
		})
	}
	return exprStrMapAppend(label, e, extra, func(dst []byte, x string) []byte {
		if !re.mayMatch(x) {
			return append(dst, x...)
		}
		var loc []int
		if literal {
			loc = re.FindStringIndex(x)
		} else {
			loc = re.FindStringSubmatchIndex(x)
		}
		if loc == nil {
			return append(dst, x...)
		}
		dst = append(dst, x[:loc[0]]...)
		if literal {
			dst = append(dst, value...)
		} else {
			dst = re.ExpandString(dst, value, x, loc)
		}
		return append(dst, x[loc[1]:]...)
	})
}

// ReplaceLiteral replaces the first occurrence of old in each string
// with value, both plain text (Polars' str.replace(old, value,
// literal=True)).
func (s ExprStr) ReplaceLiteral(old, value string) Expr {
	return exprStrMap("str.replace_literal", s.e, fmt.Sprintf("%q, %q", old, value), func(x string) string {
		return strings.Replace(x, old, value, 1)
	})
}

// ReplaceAllLiteral replaces every non-overlapping occurrence of old in
// each string with value, both plain text (Polars'
// str.replace_all(old, value, literal=True)).
func (s ExprStr) ReplaceAllLiteral(old, value string) Expr {
	return exprStrMap("str.replace_all_literal", s.e, fmt.Sprintf("%q, %q", old, value), func(x string) string {
		return strings.ReplaceAll(x, old, value)
	})
}

// Split cuts each string at every occurrence of sep, plain text, into a
// list of strings (Polars' str.split): "a,,b" gives ["a", "", "b"], ""
// gives [""], and an empty sep cuts between characters. A null string
// gives a null list.
func (s ExprStr) Split(sep string) Expr {
	return exprStrSplit("str.split", s.e, fmt.Sprintf("%q", sep), sep, -1)
}

// SplitN is Split into at most n items, the last one holding the rest of
// the string ("a,b,c" by "," with n = 2 gives ["a", "b,c"]), as Go's
// strings.SplitN and Polars' str.splitn; Polars gives a structure of n
// fields, padded with nulls, where this gives a list of up to n items
// (List().Get(i) takes item i, null where it is missing). n must be at
// least 1.
func (s ExprStr) SplitN(sep string, n int) Expr {
	extra := fmt.Sprintf("%q, %d", sep, n)
	if n < 1 {
		return exprStrBad("str.splitn", s.e, extra, fmt.Errorf("%w: splitn takes n >= 1, got %d", ErrArgument, n))
	}
	return exprStrSplit("str.splitn", s.e, extra, sep, n)
}

func exprStrSplit(label string, e Expr, extra, sep string, n int) Expr {
	return exprStrFn(label, e, extra, func(a *exprVec) (*exprVec, error) {
		if len(sep) == 1 && n < 0 {
			if out, ok, err := exprSplitByte(a, sep[0]); ok {
				return out, err
			}
		}
		splits := make([]int64, a.n+1)
		var items exprStrItems
		if data := exprStrRawData(a); data != nil && sep != "" {
			// The pieces hold the text less the separators: reserve it
			// once rather than grow by doubling (a copy per doubling).
			items.reserve(len(data), bytes.Count(data, []byte(sep))+a.n)
		}
		err := exprStrEach(a, func(i int, x string) {
			if !a.isNull(i) {
				exprSplitInto(&items, x, sep, n)
			}
			splits[i+1] = items.n()
		})
		if err != nil {
			return nil, err
		}
		return exprStrList(a, splits, &items)
	})
}

// exprSplitByte is Split at a one-byte separator of a stored string
// column (32-bit offsets), or ok false for any other vector. The items'
// offsets and bytes are sized once (the separators are counted first)
// and become the Arrow buffers of the result. The bytes are read and
// copied eight at a time: each step copies a word, finds the first
// separator in it (a bit trick, no loop over its bytes) and moves to the
// byte after it, or past the word when it holds none.
func exprSplitByte(a *exprVec, sep byte) (*exprVec, bool, error) {
	d, isDense := a.raw.(*structured.Dense)
	if a.loaded || a.scalar || !isDense || d.Rank() != 1 {
		return nil, false, nil
	}
	offs, data, ok := exprStrBytes[int32](d.Values())
	if !ok {
		return nil, false, nil
	}
	a.valid = exprBitsOf(d.Validity())
	n := len(offs) - 1
	itemOffs := hugepage.Filled[int32](bytes.Count(data, []byte{sep}) + n + 1)
	out := hugepage.Filled[byte](len(data) + 8) // + 8: a word is stored whole
	splits := make([]int64, n+1)
	k, w := exprSplitWords(offs, data, a.valid, sep, itemOffs, out, splits)
	items := &exprStrItems{offs32: itemOffs[:k+1], data: out[:w]}
	v, err := exprStrList(a, splits, items)
	return v, true, err
}

// exprSplitWords cuts the rows of offs and data (less offs[0]) at sep
// into the items of itemOffs and out, and the rows' first items into
// splits; null rows (by valid) have none. It returns the number of
// items and of their bytes.
func exprSplitWords(offs []int32, data, valid []byte, sep byte, itemOffs []int32, out []byte, splits []int64) (k, w int) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	seps := uint64(sep) * ones
	base := offs[0]
	for i := range len(offs) - 1 {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			splits[i+1] = int64(k)
			continue
		}
		p, end := int(offs[i]-base), int(offs[i+1]-base)
		for p < end {
			if p+8 > len(data) { // the last bytes: one at a time
				for _, c := range data[p:end] {
					if c == sep {
						k++
						itemOffs[k] = int32(w)
						continue
					}
					out[w] = c
					w++
				}
				break
			}
			x := binary.LittleEndian.Uint64(data[p:])
			binary.LittleEndian.PutUint64(out[w:], x)
			// The high bit of each byte equal to sep; above the first
			// such byte, borrows may set others, never below it.
			y := x ^ seps
			m := (y - ones) &^ y & highs
			if rest := end - p; rest < 8 {
				m &= 1<<(8*rest) - 1 // bytes of this row only
			}
			if m == 0 {
				step := min(8, end-p)
				w += step
				p += step
				continue
			}
			j := bits.TrailingZeros64(m) >> 3
			w += j
			k++
			itemOffs[k] = int32(w)
			p += j + 1
		}
		k++
		itemOffs[k] = int32(w)
		splits[i+1] = int64(k)
	}
	return k, w
}

// exprSplitInto adds the pieces of x cut at sep (at most n, n < 0: all)
// to items, without a slice of pieces per row.
func exprSplitInto(items *exprStrItems, x, sep string, n int) {
	if sep == "" {
		for k := 0; x != "" && (n < 0 || k < n-1); k++ {
			_, size := utf8.DecodeRuneInString(x)
			items.add(x[:size])
			x = x[size:]
		}
		if x != "" {
			items.add(x)
		}
		return
	}
	for k := 0; n < 0 || k < n-1; k++ {
		j := strings.Index(x, sep)
		if j < 0 {
			break
		}
		items.add(x[:j])
		x = x[j+len(sep):]
	}
	items.add(x)
}
