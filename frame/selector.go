package frame

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// Selectors. A column reference may name several top-level columns at
// once, as in Polars:
//
//   - a regular expression: a reference that starts with ^ and ends with
//     $ (Col("^price_.*$"), Select("^price_.*$")) selects the top-level
//     columns whose whole name it matches (Go's regexp, RE2 syntax, as
//     Polars' Rust regex). A column whose name is exactly the reference is
//     that column, not a pattern.
//   - a type class: ColsByType(TypeNumeric, TypeString) selects the
//     columns of those classes (Polars' cs.numeric(), cs.string()...).
//   - every column: All() (Polars' pl.all()).
//
// Exclude removes columns from a selection (Polars' exclude):
// All().Exclude("id"), Col(ColsByType(TypeFloat)).Exclude("^tmp_.*$").
//
// Wherever a column list is taken, a selector stands for its columns, in
// the frame's column order: Select, Drop and GroupBy take it as a string;
// an expression that reads one, in SelectExprs, WithColumns,
// GroupBy.Agg, GroupByExprs or Sort (By, Asc, Desc), expands to one
// expression per column, named after it (Polars' expansion):
//
//	df.SelectExprs(Col("^score_.*$").Mean())     // one mean per score_ column
//	df.WithColumns(Col(ColsByType(TypeFloat)).Round(2))
//	df.GroupBy("city").Agg(All().Sum())          // every column but the key
//
// In GroupBy.Agg the keys are left out of an expansion, as in Polars. An
// expression may use one selector (as many times as it likes: every use
// is the same column); two different selectors in one expression are an
// ErrArgument error, as is a selector where one column is wanted (Filter,
// a Lit-only context). A selector that matches nothing expands to no
// column. An invalid pattern is an ErrArgument error naming it, reported
// before any row is read.

// TypeClass is a class of column types a selector chooses by (see
// ColsByType), read from the types' facts (internal/dtype's classes).
type TypeClass uint8

const (
	// TypeNumeric is integers, floats and decimals (Polars' cs.numeric()).
	TypeNumeric TypeClass = iota + 1
	// TypeInteger is signed and unsigned integers of every width.
	TypeInteger
	// TypeFloat is float16, float32 and float64.
	TypeFloat
	// TypeString is string, large_string, string_view and dictionaries of
	// strings (Polars' cs.string() leaves its categoricals out; here a
	// dictionary of strings computes as strings, so it is one).
	TypeString
	// TypeTemporal is dates, times, timestamps and durations.
	TypeTemporal
	// TypeBoolean is bool.
	TypeBoolean
	// TypeNested is lists, structures and maps.
	TypeNested
	// TypeList is list columns (of any item, structures too).
	TypeList
	// TypeStruct is structure columns.
	TypeStruct
)

var typeClassNames = [...]string{"", "numeric", "integer", "float", "string", "temporal", "boolean", "nested", "list", "struct"}

func (c TypeClass) String() string {
	if int(c) < len(typeClassNames) {
		return typeClassNames[c]
	}
	return fmt.Sprintf("TypeClass(%d)", c)
}

// selMark starts a selector reference made by ColsByType, All or
// Exclude; selSep separates its excluded references.
const (
	selMark = "\x01"
	selSep  = "\x02"
)

// ColsByType is a reference to every top-level column of one of the
// classes, in the frame's column order, for Select, Drop, GroupBy and Col
// (see Selectors above): df.Select(ColsByType(TypeNumeric)).
func ColsByType(classes ...TypeClass) string {
	var b strings.Builder
	b.WriteString(selMark + "t")
	for _, c := range classes {
		b.WriteByte(byte('0' + c))
	}
	return b.String()
}

// All is every column (Polars' pl.all()); its Exclude leaves some out.
func All() Expr { return Col(selMark + "*") }

// Exclude removes columns from the selector e reads (Polars' exclude): refs
// are names, patterns (^...$) or ColsByType references. On an expression
// that reads no selector it is an ErrArgument error.
func (e Expr) Exclude(refs ...string) Expr {
	if c, ok := e.n.(exprCol); ok && selIs(c.ref) {
		ref := c.ref
		if !strings.HasPrefix(ref, selMark) {
			ref = selMark + "r" + ref
		}
		for _, r := range refs {
			ref += selSep + r
		}
		return Col(ref)
	}
	return Expr{n: exprExclude{e: e, refs: refs}}
}

// exprExclude is Exclude above an expression: its exclusions apply when
// the expression's selector expands.
type exprExclude struct {
	e    Expr
	refs []string
}

func (n exprExclude) outName() string  { return n.e.n.outName() }
func (n exprExclude) hasAgg() bool     { return n.e.n.hasAgg() }
func (n exprExclude) children() []Expr { return []Expr{n.e} }
func (n exprExclude) String() string {
	return fmt.Sprintf("%s.exclude(%s)", n.e, strings.Join(n.refs, ", "))
}
func (n exprExclude) eval(c *exprCtx) (*exprVec, error) {
	return nil, errorf(c.op, ErrArgument, "%s: exclude applies to a selector, expanded by SelectExprs, WithColumns, GroupBy.Agg or Sort", n)
}

// selIs reports whether a reference is a selector (not checking whether
// a column is named so).
func selIs(ref string) bool {
	return strings.HasPrefix(ref, selMark) || len(ref) >= 2 && ref[0] == '^' && ref[len(ref)-1] == '$'
}

// selOf reports whether ref is a selector in f: a selector no column is
// named after.
func (f *Frame) selOf(ref string) bool { return selIs(ref) && !f.data.HasField(ref) }

// selDisplay renders a selector reference for names and messages.
func selDisplay(ref string) string {
	if !strings.HasPrefix(ref, selMark) {
		return ref
	}
	parts := strings.Split(ref[len(selMark):], selSep)
	var s string
	switch body := parts[0]; {
	case body == "*":
		s = "*"
	case strings.HasPrefix(body, "r"):
		s = body[1:]
	case strings.HasPrefix(body, "t"):
		names := make([]string, 0, len(body)-1)
		for _, c := range body[1:] {
			names = append(names, TypeClass(c-'0').String())
		}
		if len(names) == 1 {
			s = "cs." + names[0] + "()"
		} else {
			s = "cs.by_type(" + strings.Join(names, ", ") + ")"
		}
	}
	if len(parts) > 1 {
		ex := make([]string, len(parts)-1)
		for k, p := range parts[1:] {
			ex[k] = selDisplay(p)
		}
		s += ".exclude(" + strings.Join(ex, ", ") + ")"
	}
	return s
}

// selColumns lists the top-level columns a selector reference names, in
// order, less those of excl (and of the reference's own exclusions).
func (f *Frame) selColumns(op, ref string, excl []string) ([]string, error) {
	body := ref
	if strings.HasPrefix(ref, selMark) {
		parts := strings.Split(ref[len(selMark):], selSep)
		body = parts[0]
		excl = append(parts[1:len(parts):len(parts)], excl...)
		switch {
		case body == "*":
		case strings.HasPrefix(body, "r"):
			body = body[1:]
		}
	}
	var match func(name string) bool
	switch {
	case body == "*":
		match = func(string) bool { return true }
	case strings.HasPrefix(body, "^"):
		re, err := regexp.Compile(body)
		if err != nil {
			return nil, errorf(op, ErrArgument, "invalid column pattern %q: %v", body, err)
		}
		match = re.MatchString
	case strings.HasPrefix(body, "t"):
		classes := make([]TypeClass, 0, len(body)-1)
		for _, c := range body[1:] {
			classes = append(classes, TypeClass(c-'0'))
		}
		match = func(name string) bool { return f.selHasClass(name, classes) }
	default:
		return nil, errorf(op, ErrArgument, "malformed selector %q", selDisplay(ref))
	}
	drop := map[string]bool{}
	for _, x := range excl {
		if f.selOf(x) {
			names, err := f.selColumns(op, x, nil)
			if err != nil {
				return nil, err
			}
			for _, name := range names {
				drop[name] = true
			}
			continue
		}
		drop[displayPath(x)] = true
	}
	var out []string
	for _, name := range f.data.FieldNames() {
		if match(name) && !drop[name] {
			out = append(out, name)
		}
	}
	return out, nil
}

// selHasClass reports whether a top-level column is of one of the classes.
func (f *Frame) selHasClass(name string, classes []TypeClass) bool {
	chunks, err := f.data.FieldChunks(name)
	if err != nil || len(chunks) == 0 {
		return false
	}
	var list, strct bool
	var facts dtype.Facts
	switch v := chunks[0].(type) {
	case *structured.Dense:
		if v.Rank() == 1 {
			facts = dtype.ValueFacts(v.DataType())
		} else {
			list = true
		}
	case *structured.Ragged:
		list = true
	case *structured.Tensor:
		strct, list = v.Rank() == 1, v.Rank() > 1
	}
	for _, c := range classes {
		var ok bool
		switch c {
		case TypeNumeric:
			ok = facts.Numeric() || facts.Class == dtype.ClassDecimal
		case TypeInteger:
			ok = facts.Integer()
		case TypeFloat:
			ok = facts.Class == dtype.ClassFloat
		case TypeString:
			ok = facts.Class == dtype.ClassString
		case TypeTemporal:
			ok = facts.Temporal()
		case TypeBoolean:
			ok = facts.Class == dtype.ClassBool
		case TypeNested:
			ok = list || strct || facts.Class == dtype.ClassNested
		case TypeList:
			ok = list
		case TypeStruct:
			ok = strct
		}
		if ok {
			return true
		}
	}
	return false
}

// expandRefs replaces the selectors among refs by the columns they name.
func (f *Frame) expandRefs(op string, refs []string) ([]string, error) {
	var out []string
	for k, ref := range refs {
		if !f.selOf(ref) {
			if out != nil {
				out = append(out, ref)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(refs)), refs[:k]...)
		}
		names, err := f.selColumns(op, ref, nil)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			out = append(out, Path(name))
		}
	}
	if out == nil {
		return refs, nil
	}
	return out, nil
}

// expandExprs replaces each expression that reads a selector by one
// expression per column it names, leaving out the columns of skip.
func (f *Frame) expandExprs(op string, exprs []Expr, skip map[string]bool) ([]Expr, error) {
	var out []Expr
	for k, e := range exprs {
		sel, err := f.exprSelector(op, e)
		if err != nil {
			return nil, err
		}
		if sel == "" {
			if out != nil {
				out = append(out, e)
			}
			continue
		}
		if out == nil {
			out = append(make([]Expr, 0, len(exprs)), exprs[:k]...)
		}
		inner, excl := e, []string(nil)
		if x, ok := e.n.(exprExclude); ok {
			inner, excl = x.e, x.refs
		}
		names, err := f.selColumns(op, sel, excl)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			if !skip[name] {
				out = append(out, Expr{n: exprBound{e: inner, sel: sel, col: name}})
			}
		}
	}
	if out == nil {
		return exprs, nil
	}
	return out, nil
}

// exprSelector is the one selector e reads, "" for none.
func (f *Frame) exprSelector(op string, e Expr) (string, error) {
	sel := ""
	for _, ref := range e.Columns() {
		if !f.selOf(ref) {
			continue
		}
		if sel != "" && sel != ref {
			return "", errorf(op, ErrArgument, "%s reads two selectors, %s and %s: an expression expands over one", e, selDisplay(sel), selDisplay(ref))
		}
		sel = ref
	}
	if _, ok := e.n.(exprExclude); ok && sel == "" {
		return "", errorf(op, ErrArgument, "%s: exclude applies to a selector (All, ColsByType or a ^pattern$)", e)
	}
	return sel, nil
}

// exprBound is an expression over a selector bound to one of its columns.
type exprBound struct {
	e        Expr
	sel, col string
}

func (n exprBound) outName() string {
	name := n.e.n.outName()
	if name == displayPath(n.sel) {
		return n.col
	}
	return name
}
func (n exprBound) hasAgg() bool { return n.e.n.hasAgg() }
func (n exprBound) String() string {
	return strings.ReplaceAll(n.e.String(), "col("+displayPath(n.sel)+")", "col("+n.col+")")
}
func (n exprBound) eval(c *exprCtx) (*exprVec, error) {
	bc := *c
	bc.selRef, bc.selCol = n.sel, n.col
	return n.e.eval(&bc)
}

// selResolve is the column reference an exprCol reads in c: a selector
// bound by an expansion reads its column; one that is not is an error.
func (c *exprCtx) selResolve(ref string) (string, error) {
	if !c.f.selOf(ref) {
		return ref, nil
	}
	if ref == c.selRef {
		return Path(c.selCol), nil
	}
	return "", errorf(c.op, ErrArgument, "column selector %s names several columns: use it in Select, SelectExprs, WithColumns, GroupBy.Agg or Sort, which expand it", displayPath(ref))
}

// expandSortKeys replaces each key over a selector by one key per column,
// in the same direction.
func (f *Frame) expandSortKeys(op string, keys []SortKey) ([]SortKey, error) {
	var out []SortKey
	for k, key := range keys {
		sel, err := f.exprSelector(op, key.expr)
		if err != nil {
			return nil, err
		}
		if sel == "" {
			if out != nil {
				out = append(out, key)
			}
			continue
		}
		exprs, err := f.expandExprs(op, []Expr{key.expr}, nil)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = append(make([]SortKey, 0, len(keys)), keys[:k]...)
		}
		for _, e := range exprs {
			key.expr = e
			out = append(out, key)
		}
	}
	if out == nil {
		return keys, nil
	}
	return out, nil
}
