// Package simplere matches the regular expressions most string columns
// are searched with (a literal, character classes and their repetitions,
// ^ and $: `_[0-9]+$`, `[A-Z]{3}-\d{4}`, `^\s+`) several times faster
// than Go's regexp, with the same results.
//
// Go's regexp runs a backtracker or an NFA per call, which costs a few
// hundred nanoseconds even on a short string that matches at once. A
// pattern of this package's subset needs neither: Compile accepts it only
// when, at every step, at most one way forward can succeed (a repetition
// is followed by the end of the text or by something its characters
// cannot start), so that a match from a start position is found in one
// pass with no backtracking, and is the one Go's leftmost-first semantics
// choose. Every other pattern is refused (ok false) and the caller keeps
// regexp. Start positions are tried as regexp tries them, rune by rune
// (an invalid byte is one rune, U+FFFD), and FindAll and ReplaceAll follow
// regexp's rules for empty matches.
package simplere

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// Matcher is a compiled pattern of the subset.
type Matcher struct {
	items []item
	first string // a literal every match starts with ("" when none)
}

type itemKind uint8

const (
	kindLit   itemKind = iota // a literal string
	kindClass                 // a set of runes, repeated min to max times
	kindBegin                 // the beginning of the text (^)
	kindEnd                   // the end of the text ($)
)

type item struct {
	kind     itemKind
	lit      string
	set      *runeSet
	min, max int // repetitions of set; max < 0: no bound
	lazy     bool
}

// variable reports whether the item may match more than one way.
func (it *item) variable() bool { return it.kind == kindClass && it.min != it.max }

// Compile compiles a pattern of Go's regexp syntax (as regexp.Compile
// reads it), or reports ok false when the pattern is outside the subset
// or invalid.
func Compile(pattern string) (m *Matcher, ok bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	var items []item
	if !flatten(re, &items) {
		return nil, false
	}
	items = mergeLiterals(items)
	for i := range items {
		it := &items[i]
		if !it.variable() || i == len(items)-1 {
			continue
		}
		if !disjoint(it.set, &items[i+1]) {
			return nil, false
		}
	}
	m = &Matcher{items: items}
	if len(items) > 0 && items[0].kind == kindLit {
		m.first = items[0].lit
	}
	return m, true
}

// flatten appends the items of a parsed pattern, or reports false when a
// part is outside the subset.
func flatten(re *syntax.Regexp, out *[]item) bool {
	switch re.Op {
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !flatten(sub, out) {
				return false
			}
		}
		return true
	case syntax.OpCapture:
		return flatten(re.Sub[0], out) // groups are not reported
	case syntax.OpEmptyMatch:
		return true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return false
		}
		for _, r := range re.Rune {
			if r == utf8.RuneError {
				return false // an invalid byte reads as U+FFFD; its bytes do not
			}
		}
		*out = append(*out, item{kind: kindLit, lit: string(re.Rune)})
		return true
	case syntax.OpBeginText:
		*out = append(*out, item{kind: kindBegin})
		return true
	case syntax.OpEndText:
		*out = append(*out, item{kind: kindEnd})
		return true
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		set, ok := setOf(re)
		if !ok {
			return false
		}
		*out = append(*out, item{kind: kindClass, set: set, min: 1, max: 1})
		return true
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		set, ok := setOf(re.Sub[0])
		if !ok {
			return false
		}
		it := item{kind: kindClass, set: set, lazy: re.Flags&syntax.NonGreedy != 0}
		switch re.Op {
		case syntax.OpStar:
			it.min, it.max = 0, -1
		case syntax.OpPlus:
			it.min, it.max = 1, -1
		case syntax.OpQuest:
			it.min, it.max = 0, 1
		default:
			it.min, it.max = re.Min, re.Max
		}
		if it.max == 0 {
			return true // x{0} matches the empty string
		}
		*out = append(*out, it)
		return true
	}
	return false
}

// setOf is the rune set of a pattern that matches one rune: a class, any
// rune, or a literal of one rune; ok is false otherwise.
func setOf(re *syntax.Regexp) (*runeSet, bool) {
	switch re.Op {
	case syntax.OpCharClass:
		return newRuneSet(re.Rune), true
	case syntax.OpAnyChar:
		return newRuneSet([]rune{0, utf8.MaxRune}), true
	case syntax.OpAnyCharNotNL:
		return newRuneSet([]rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune}), true
	case syntax.OpLiteral:
		if len(re.Rune) != 1 || re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		r := re.Rune[0]
		return newRuneSet([]rune{r, r}), true
	case syntax.OpCapture:
		return setOf(re.Sub[0])
	}
	return nil, false
}

// mergeLiterals joins consecutive literals into one.
func mergeLiterals(items []item) []item {
	out := items[:0]
	for _, it := range items {
		if n := len(out); n > 0 && it.kind == kindLit && out[n-1].kind == kindLit {
			out[n-1].lit += it.lit
			continue
		}
		out = append(out, it)
	}
	return out
}

// disjoint reports whether no text the next item can match starts with a
// rune of set: then a repetition of set before it can only succeed by
// taking every rune of set it can, so it needs no backtracking. The end
// of the text follows only the repetition that reaches it.
func disjoint(set *runeSet, next *item) bool {
	switch next.kind {
	case kindEnd:
		return true
	case kindLit:
		r, _ := utf8.DecodeRuneInString(next.lit)
		return !set.has(r)
	case kindClass:
		return next.min >= 1 && set.disjointFrom(next.set)
	}
	return false
}

// MatchString reports whether s holds a match.
func (m *Matcher) MatchString(s string) bool {
	_, _, ok := m.find(s, 0)
	return ok
}

// FindStringIndex is the position of the leftmost match in s, as
// regexp's FindStringIndex.
func (m *Matcher) FindStringIndex(s string) (loc []int) {
	start, end, ok := m.find(s, 0)
	if !ok {
		return nil
	}
	return []int{start, end}
}

// CountAll is the number of successive non-overlapping matches, as
// len(regexp.FindAllStringIndex(s, -1)).
func (m *Matcher) CountAll(s string) int {
	n := 0
	m.all(s, func(int, int) { n++ })
	return n
}

// AppendAllIndex appends the positions of the successive non-overlapping
// matches, start and end, as regexp's FindAllStringIndex lists them.
func (m *Matcher) AppendAllIndex(dst []int, s string) []int {
	m.all(s, func(start, end int) { dst = append(dst, start, end) })
	return dst
}

// all calls deliver with each match regexp's allMatches delivers.
func (m *Matcher) all(s string, deliver func(start, end int)) {
	for pos, prevEnd := 0, -1; pos <= len(s); {
		start, end, ok := m.find(s, pos)
		if !ok {
			return
		}
		accept := true
		if end == pos {
			// An empty match right after the previous match is not one.
			if start == prevEnd {
				accept = false
			}
			if pos < len(s) {
				pos += width(s, pos)
			} else {
				pos = len(s) + 1
			}
		} else {
			pos = end
		}
		prevEnd = end
		if accept {
			deliver(start, end)
		}
	}
}

// AppendReplaceAll appends s with every match replaced by repl, taken
// as it is (no $ expansion), as regexp's ReplaceAllLiteralString.
func (m *Matcher) AppendReplaceAll(dst []byte, s, repl string) []byte {
	lastEnd, search := 0, 0
	for search <= len(s) {
		start, end, ok := m.find(s, search)
		if !ok {
			break
		}
		dst = append(dst, s[lastEnd:start]...)
		// No replacement for an empty match right after another match.
		if end > lastEnd || start == 0 {
			dst = append(dst, repl...)
		}
		lastEnd = end
		w := 0
		if search < len(s) {
			w = width(s, search)
		}
		switch {
		case search+w > end:
			search += w
		case search+1 > end:
			search++
		default:
			search = end
		}
	}
	return append(dst, s[lastEnd:]...)
}

// find is the leftmost match starting at or after from.
func (m *Matcher) find(s string, from int) (start, end int, ok bool) {
	if len(m.items) > 0 && m.items[0].kind == kindBegin {
		if from > 0 {
			return 0, 0, false
		}
		end, ok = m.matchAt(s, 0)
		return 0, end, ok
	}
	for pos := from; pos <= len(s); {
		if m.first != "" {
			k := strings.Index(s[pos:], m.first)
			if k < 0 {
				return 0, 0, false
			}
			pos += k
		}
		if end, ok := m.matchAt(s, pos); ok {
			return pos, end, true
		}
		if pos == len(s) {
			break
		}
		pos += width(s, pos)
	}
	return 0, 0, false
}

// matchAt matches the items from position pos, returning the end.
func (m *Matcher) matchAt(s string, pos int) (int, bool) {
	last := len(m.items) - 1
	for i := range m.items {
		it := &m.items[i]
		switch it.kind {
		case kindBegin:
			if pos != 0 {
				return 0, false
			}
		case kindEnd:
			if pos != len(s) {
				return 0, false
			}
		case kindLit:
			if !strings.HasPrefix(s[pos:], it.lit) {
				return 0, false
			}
			pos += len(it.lit)
		case kindClass:
			limit := it.max
			if i == last && it.lazy {
				limit = it.min // nothing follows: the fewest repetitions
			}
			if limit < 0 {
				limit = len(s) // never reached: a rune takes a byte at least
			}
			set, n := it.set, 0
			for n < limit && pos < len(s) {
				if c := s[pos]; c < utf8.RuneSelf {
					if set.ascii[c>>6]&(1<<(c&63)) == 0 {
						break
					}
					pos++
				} else {
					r, w := utf8.DecodeRuneInString(s[pos:])
					if !set.has(r) {
						break
					}
					pos += w
				}
				n++
			}
			if n < it.min {
				return 0, false
			}
		}
	}
	return pos, true
}

// width is the width of the rune at s[pos:] as regexp steps over it: 1
// for an ASCII byte or an invalid one.
func width(s string, pos int) int {
	if s[pos] < utf8.RuneSelf {
		return 1
	}
	_, w := utf8.DecodeRuneInString(s[pos:])
	return w
}
