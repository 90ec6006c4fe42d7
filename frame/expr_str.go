package frame

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// ExprStr holds the string functions of an expression, named and
// behaving as Polars' str namespace: e.Str().Contains("[0-9]+").
// Each maps a string column row by row, reading the Arrow offsets and
// bytes of the column without decoding it; null stays null; another
// type is an ErrType error. A struct field is reached by its path
// (Col("s.x").Str()...), a list of strings through List().Eval.
//
// Patterns are Go regular expressions (RE2 syntax, as Polars' Rust
// regex: no backreferences, no lookaround; unlike Rust's, \w, \d, \s and
// \b are ASCII only: write \pL, \p{N} or [\p{L}\p{N}_] for letters and
// digits of any script), compiled once when the
// expression is built. An invalid pattern makes an expression whose
// evaluation fails at once, before any row is read, with an ErrArgument
// error naming the pattern and the expression. Flags go inline:
// "(?i)abc". Functions that take plain text rather than a pattern say so
// (ContainsLiteral, StartsWith, EndsWith, ReplaceLiteral, Split); for
// the others, regexp.QuoteMeta makes a pattern of plain text.
//
// Lengths and positions count characters (Unicode code points), as
// Polars does, except LenBytes. Integer results are int64, where Polars
// gives uint32.
type ExprStr struct{ e Expr }

// Str returns the string functions of e.
func (e Expr) Str() ExprStr { return ExprStr{e: e} }

// LenChars is the number of characters (Unicode code points) of each
// string, as Polars' str.len_chars.
func (s ExprStr) LenChars() Expr {
	return exprStrInt("str.len_chars", s.e, "", func(x string) int64 { return int64(utf8.RuneCountInString(x)) })
}

// LenBytes is the number of bytes of each string's UTF-8 encoding, as
// Polars' str.len_bytes.
func (s ExprStr) LenBytes() Expr {
	return exprStrInt("str.len_bytes", s.e, "", func(x string) int64 { return int64(len(x)) })
}

// ContainsLiteral reports whether each string contains sub, plain text
// (Polars' str.contains(sub, literal=True)).
func (s ExprStr) ContainsLiteral(sub string) Expr {
	return exprStrPred("str.contains_literal", s.e, sub, strings.Contains)
}

// StartsWith reports whether each string starts with prefix, plain text.
func (s ExprStr) StartsWith(prefix string) Expr {
	return exprStrPred("str.starts_with", s.e, prefix, strings.HasPrefix)
}

// EndsWith reports whether each string ends with suffix, plain text.
func (s ExprStr) EndsWith(suffix string) Expr {
	return exprStrPred("str.ends_with", s.e, suffix, strings.HasSuffix)
}

// ToLower maps each string to lower case (Unicode, as Polars'
// str.to_lowercase).
func (s ExprStr) ToLower() Expr {
	return exprStrMapAppend("str.to_lowercase", s.e, "", exprAppendLower)
}

// ToUpper maps each string to upper case (Unicode, as Polars'
// str.to_uppercase).
func (s ExprStr) ToUpper() Expr {
	return exprStrMapAppend("str.to_uppercase", s.e, "", exprAppendUpper)
}

// ToTitle maps each string to title case, as Polars' str.to_titlecase:
// the first character of each word in title case, the others in lower
// case, a word starting after any character that is neither a letter nor
// a digit ("it's o'neil" becomes "It'S O'Neil").
func (s ExprStr) ToTitle() Expr { return exprStrMap("str.to_titlecase", s.e, "", exprTitle) }

func exprTitle(x string) string {
	var b strings.Builder
	b.Grow(len(x))
	start := true
	for _, r := range x {
		if start {
			b.WriteRune(unicode.ToTitle(r))
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		start = !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}
	return b.String()
}

// Reverse reverses the characters (code points) of each string; a
// combining mark ends up before its base letter, as with any reversal by
// code point.
func (s ExprStr) Reverse() Expr {
	return exprStrMap("str.reverse", s.e, "", func(x string) string {
		if len(x) < 2 {
			return x
		}
		out := make([]byte, len(x))
		w := len(x)
		for i := 0; i < len(x); {
			_, size := utf8.DecodeRuneInString(x[i:])
			w -= size
			copy(out[w:], x[i:i+size])
			i += size
		}
		return unsafe.String(unsafe.SliceData(out), len(out))
	})
}

// exprStrFn is a string function of one argument: it checks the type,
// then runs fn, which sets the result's validity.
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

// exprStrBad is the expression of a string function whose parameters are
// wrong (an invalid pattern, say): its evaluation is err, at once,
// before its argument is evaluated.
func exprStrBad(label string, e Expr, extra string, err error) Expr {
	x := fn1(label, e, extra, nil)
	return Expr{n: exprBadArg{n: x.n, err: err}}
}

// exprBadArg is a node whose parameters were refused when it was built.
type exprBadArg struct {
	n   exprNode
	err error
}

func (n exprBadArg) outName() string { return n.n.outName() }
func (n exprBadArg) hasAgg() bool    { return n.n.hasAgg() }
func (n exprBadArg) String() string  { return n.n.String() }
func (n exprBadArg) eval(c *exprCtx) (*exprVec, error) {
	return nil, exprErr(c, n, n.err)
}

// exprStrInt maps each string to an int64.
func exprStrInt(label string, e Expr, extra string, fn func(string) int64) Expr {
	return exprStrFn(label, e, extra, func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprIntT, a)
		err := exprStrEach(a, func(i int, x string) { out.ints[i] = fn(x) })
		out.valid = a.valid
		return out, err
	})
}

// exprStrBool maps each string to a bool.
func exprStrBool(label string, e Expr, extra string, fn func(string) bool) Expr {
	return exprStrFn(label, e, extra, func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprBoolT, a)
		err := exprStrEach(a, func(i int, x string) { out.bools[i] = fn(x) })
		out.valid = a.valid
		return out, err
	})
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

// exprStrMap maps each string to a string, written one after the other
// into the bytes of the result's Arrow array (no Go string per row is
// kept).
func exprStrMap(label string, e Expr, extra string, fn func(string) string) Expr {
	return exprStrMapAppend(label, e, extra, func(dst []byte, x string) []byte { return append(dst, fn(x)...) })
}

// exprStrMapAppend is exprStrMap for a function that appends its result
// to dst: a case map or a replacement then allocates nothing per row.
func exprStrMapAppend(label string, e Expr, extra string, fn func(dst []byte, s string) []byte) Expr {
	return exprStrFn(label, e, extra, func(a *exprVec) (*exprVec, error) {
		var items exprStrItems
		items.reserve(len(exprStrRawData(a))+a.n, a.n)
		err := exprStrEach(a, func(i int, x string) {
			if !exprBitNull(a.valid, i) {
				items.data = fn(items.data, x)
			}
			items.offs = append(items.offs, int64(len(items.data)))
		})
		if err != nil {
			return nil, err
		}
		if a.t == exprNullT {
			return exprNew(exprNullT, a), nil
		}
		arr := items.arrayValid(a.valid)
		defer arr.Release()
		d, err := structured.NewDense(arr)
		if err != nil {
			return nil, err
		}
		out := exprFromValue(d)
		if out.scalar = a.scalar; out.scalar {
			// A function of a literal is a literal, which kernels read
			// decoded (strs[0]).
			return out, out.load()
		}
		return out, nil
	})
}

// exprAppendUpper appends s in upper case (Go's ToUpper), ASCII in place.
func exprAppendUpper(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return append(dst, strings.ToUpper(s)...)
		}
	}
	n := len(dst)
	dst = append(dst, s...)
	for i, c := range dst[n:] {
		if 'a' <= c && c <= 'z' {
			dst[n+i] = c - ('a' - 'A')
		}
	}
	return dst
}

// exprAppendLower appends s in lower case (Go's ToLower), ASCII in place.
func exprAppendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return append(dst, strings.ToLower(s)...)
		}
	}
	n := len(dst)
	dst = append(dst, s...)
	for i, c := range dst[n:] {
		if 'A' <= c && c <= 'Z' {
			dst[n+i] = c + ('a' - 'A')
		}
	}
	return dst
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

// exprStrItems accumulates the string items of a list result: their
// bytes one after the other and their offsets, to become one Arrow
// string array without a Go string per item.
type exprStrItems struct {
	offs   []int64
	offs32 []int32 // the offsets, when made as int32 (then offs is nil)
	data   []byte
}

func (b *exprStrItems) add(s string) {
	if b.offs == nil {
		b.offs = []int64{0}
	}
	b.data = append(b.data, s...)
	b.offs = append(b.offs, int64(len(b.data)))
}

// reserve makes room for about items pieces of bytes bytes in all.
func (b *exprStrItems) reserve(bytes, items int) {
	if b.offs == nil {
		b.offs = make([]int64, 1, items+1)
	}
	if cap(b.data) < bytes {
		b.data = make([]byte, 0, bytes)
	}
}

// exprStrRawData is the bytes of a string column read as is (not yet
// decoded), or nil.
func exprStrRawData(a *exprVec) []byte {
	d, ok := a.raw.(*structured.Dense)
	if !ok || a.loaded || d.Rank() != 1 {
		return nil
	}
	if _, data, ok := exprStrBytes[int32](d.Values()); ok {
		return data
	}
	if _, data, ok := exprStrBytes[int64](d.Values()); ok {
		return data
	}
	return nil
}

// n is the number of items so far.
func (b *exprStrItems) n() int64 { return int64(max(len(b.offs)-1, 0)) }

// array builds the items as a string array (large_string past 2 GiB).
func (b *exprStrItems) array() arrow.Array { return b.arrayValid(nil) }

// arrayValid is array with a validity bitmap (nil: no null).
func (b *exprStrItems) arrayValid(valid []byte) arrow.Array {
	if b.offs == nil && b.offs32 == nil {
		b.offs = []int64{0}
	}
	n := len(b.offs) - 1
	if b.offs32 != nil {
		n = len(b.offs32) - 1
	}
	var (
		bitmap *memory.Buffer
		nulls  int
	)
	if valid != nil {
		if nulls = n - bitutil.CountSetBits(valid, 0, n); nulls > 0 {
			bitmap = memory.NewBufferBytes(valid)
		}
	}
	var data arrow.ArrayData
	if b.offs32 != nil {
		data = array.NewData(arrow.BinaryTypes.String, n, []*memory.Buffer{bitmap, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(b.offs32)), memory.NewBufferBytes(b.data)}, nil, nulls, 0)
	} else if len(b.data) <= 1<<31-1 {
		offs := make([]int32, len(b.offs))
		for i, o := range b.offs {
			offs[i] = int32(o)
		}
		data = array.NewData(arrow.BinaryTypes.String, n, []*memory.Buffer{bitmap, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offs)), memory.NewBufferBytes(b.data)}, nil, nulls, 0)
	} else {
		data = array.NewData(arrow.BinaryTypes.LargeString, n, []*memory.Buffer{bitmap, memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(b.offs)), memory.NewBufferBytes(b.data)}, nil, nulls, 0)
	}
	defer data.Release()
	return array.MakeFromData(data)
}

// exprStrList makes the list<string> result of a string function over a:
// row r holds items [splits[r], splits[r+1]), null where a is null. It is
// a Ragged of one string array cut by one partition.
func exprStrList(a *exprVec, splits []int64, items *exprStrItems) (*exprVec, error) {
	p, err := structured.PartitionFromSplits(splits)
	if err != nil {
		return nil, err
	}
	if a.valid != nil {
		valid := make([]bool, a.n)
		for i := range valid {
			valid[i] = !a.isNull(i)
		}
		if p, err = p.WithValidity(valid); err != nil {
			return nil, err
		}
	}
	arr := items.array()
	defer arr.Release()
	r, err := structured.NewRagged(arr, p)
	if err != nil {
		return nil, err
	}
	out := exprFromValue(r)
	out.scalar = a.scalar
	return out, nil
}
