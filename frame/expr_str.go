package frame

import (
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// ExprStr holds the string functions of an expression: e.Str().Contains("x").
// Each maps a string column row by row; null stays null; another type is
// an ErrType error.
type ExprStr struct{ e Expr }

// Str returns the string functions of e.
func (e Expr) Str() ExprStr { return ExprStr{e: e} }

// Len is the number of characters (Unicode code points, Polars'
// len_chars) of each string, as int64.
func (s ExprStr) Len() Expr {
	return exprStrFn("str.len", s.e, "", func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprIntT, a)
		err := exprStrEach(a, func(i int, x string) { out.ints[i] = int64(utf8.RuneCountInString(x)) })
		out.valid = a.valid
		return out, err
	})
}

// Contains reports whether each string contains sub (a plain substring,
// not a pattern).
func (s ExprStr) Contains(sub string) Expr {
	return exprStrPred("str.contains", s.e, sub, strings.Contains)
}

// StartsWith reports whether each string starts with prefix.
func (s ExprStr) StartsWith(prefix string) Expr {
	return exprStrPred("str.starts_with", s.e, prefix, strings.HasPrefix)
}

// EndsWith reports whether each string ends with suffix.
func (s ExprStr) EndsWith(suffix string) Expr {
	return exprStrPred("str.ends_with", s.e, suffix, strings.HasSuffix)
}

// Lower maps each string to lower case (Unicode, strings.ToLower).
func (s ExprStr) Lower() Expr { return exprStrMap("str.to_lowercase", s.e, strings.ToLower) }

// Upper maps each string to upper case.
func (s ExprStr) Upper() Expr { return exprStrMap("str.to_uppercase", s.e, strings.ToUpper) }

func exprStrFn(label string, e Expr, extra string, fn func(a *exprVec) (*exprVec, error)) Expr {
	x := fn1(label, e, extra, func(a *exprVec) (*exprVec, error) {
		if a.t != exprStrT && a.t != exprNullT {
			return nil, fmt.Errorf("%w: %s takes a string, got %s", ErrType, label, a.typeName())
		}
		return fn(a)
	})
	f := x.n.(exprFn)
	f.lazy = true
	return Expr{n: f}
}

func exprStrPred(label string, e Expr, arg string, pred func(s, arg string) bool) Expr {
	return exprStrFn(label, e, fmt.Sprintf("%q", arg), func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprBoolT, a)
		if d, ok := a.raw.(*structured.Dense); ok && !a.loaded && d.Rank() == 1 {
			if offs, data, ok := exprStrBytes[int32](d.Values()); ok {
				// The common case in one loop, without a call per row for
				// the prefix test.
				a.valid = exprBitsOf(d.Validity())
				out.valid = a.valid
				exprStrPredOffsets(label, offs, data, arg, pred, out.bools)
				return out, nil
			}
		}
		err := exprStrEach(a, func(i int, x string) { out.bools[i] = pred(x, arg) })
		out.valid = a.valid
		return out, err
	})
}

// exprStrPredOffsets tests the strings of an Arrow string array.
func exprStrPredOffsets(label string, offs []int32, data []byte, arg string, pred func(s, arg string) bool, out []bool) {
	s := unsafe.String(unsafe.SliceData(data), len(data))
	base := offs[0]
	switch label {
	case "str.starts_with":
		for i := range out {
			x := s[offs[i]-base : offs[i+1]-base]
			out[i] = len(x) >= len(arg) && x[:len(arg)] == arg
		}
	case "str.ends_with":
		for i := range out {
			x := s[offs[i]-base : offs[i+1]-base]
			out[i] = len(x) >= len(arg) && x[len(x)-len(arg):] == arg
		}
	default:
		for i := range out {
			out[i] = pred(s[offs[i]-base:offs[i+1]-base], arg)
		}
	}
}

func exprStrMap(label string, e Expr, fn func(string) string) Expr {
	return exprStrFn(label, e, "", func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprStrT, a)
		err := exprStrEach(a, func(i int, x string) { out.strs[i] = fn(x) })
		out.valid = a.valid
		return out, err
	})
}

// exprStrEach calls fn with each row's string ("" for a null), reading an
// Arrow string or large_string column straight from its offsets and bytes
// rather than decoding it; it sets a's validity.
func exprStrEach(a *exprVec, fn func(i int, s string)) error {
	if a.t == exprNullT {
		a.valid = exprBitsNone(a.n)
		return nil
	}
	if d, ok := a.raw.(*structured.Dense); ok && !a.loaded && d.Rank() == 1 {
		if offs, data, ok := exprStrBytes[int32](d.Values()); ok {
			a.valid = exprBitsOf(d.Validity())
			exprStrOffsets(offs, data, fn)
			return nil
		}
		if offs, data, ok := exprStrBytes[int64](d.Values()); ok {
			a.valid = exprBitsOf(d.Validity())
			exprStrOffsets(offs, data, fn)
			return nil
		}
	}
	if err := a.load(); err != nil {
		return err
	}
	for i, s := range a.strs[:a.n] {
		fn(i, s)
	}
	return nil
}

func exprStrOffsets[O int32 | int64](offs []O, data []byte, fn func(i int, s string)) {
	s := unsafe.String(unsafe.SliceData(data), len(data))
	base := offs[0]
	for i := 0; i+1 < len(offs); i++ {
		fn(i, s[offs[i]-base:offs[i+1]-base])
	}
}

// exprStrBytes is the offsets and bytes of an array of strings held by
// offsets of type O (int32: string, int64: large_string): n+1 offsets,
// and the bytes from the first offset to the last, so that item i is
// data[offs[i]-offs[0]:offs[i+1]-offs[0]]. ok is false for other types.
func exprStrBytes[O int32 | int64](a arrow.Array) (offs []O, data []byte, ok bool) {
	if dtype.Of(a.DataType()).Class != dtype.ClassString {
		return nil, nil, false
	}
	if offs, data, ok = dtype.Offsets[O](a.Data()); !ok {
		return nil, nil, false
	}
	return offs, data[offs[0]:offs[len(offs)-1]], true
}

// exprStrData is exprStrBytes of an Arrow string array.
func exprStrData(a *array.String) ([]int32, []byte) {
	offs, data, _ := exprStrBytes[int32](a)
	return offs, data
}
