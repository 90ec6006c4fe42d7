package frame

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Conditionals and membership: When/Then/Otherwise, Coalesce,
// MaxHorizontal and MinHorizontal choose, row by row, among several
// expressions, IsIn and IsBetween test a value against others.
//
// # Types of a choice
//
// The expressions a choice picks from (the Then values and Otherwise,
// Coalesce's and the horizontal functions' arguments) take one type, as
// in Polars: integers alone give int64 (the type of the columns when they
// share one, int32 say), integers and floats float64, strings strings,
// bools bools, a date or timestamp its own type (a time.Time or
// arrow.Date32 literal converted to the column's); a null (Lit(nil)) takes
// the others' type. Any other mixture, a string and an integer say, is an
// ErrType error naming both types (Polars would make the integer a
// string). Lists and structures are an ErrType error.

// ExprWhen is a condition waiting for its value: When(cond) or
// ExprThen.When(cond). Its Then gives the value on the rows where the
// condition is true.
type ExprWhen struct {
	conds, thens []Expr
}

// ExprThen is a When/Then chain (Polars' when/then): one more When adds
// a branch, Otherwise ends it with the value of the rows no condition
// took. The chain is also an Expr as it stands (the embedded Expr), in
// which the rows no condition took are null.
type ExprThen struct {
	Expr
	conds, thens []Expr
}

// When starts a conditional expression (Polars' pl.when, SQL's CASE
// WHEN):
//
//	When(Col("x").Lt(Lit(0))).Then(Lit("neg")).When(Col("x").Eq(Lit(0))).Then(Lit("zero")).Otherwise(Lit("pos"))
//
// Each row takes the value of the first branch whose condition is true
// on that row; a condition that is null on a row counts as false there
// (Polars, SQL), so the row goes on to the next branch or to Otherwise.
// Conditions are bool expressions (else an ErrType error); every branch
// is evaluated over all rows, then picked from. The result is named after
// the first Then value (Polars' rule; Alias names it otherwise), and its
// type follows the rules above.
func When(cond Expr) ExprWhen { return ExprWhen{conds: []Expr{cond}} }

// Then gives the value of the rows where the condition is true.
func (w ExprWhen) Then(value Expr) ExprThen {
	t := ExprThen{conds: w.conds, thens: append(append([]Expr(nil), w.thens...), value)}
	t.Expr = exprWhenExpr(t.conds, t.thens, Expr{})
	return t
}

// When adds a branch, tried on the rows no earlier condition took.
func (t ExprThen) When(cond Expr) ExprWhen {
	return ExprWhen{conds: append(append([]Expr(nil), t.conds...), cond), thens: t.thens}
}

// Otherwise ends the chain: the value of the rows no condition took.
func (t ExprThen) Otherwise(value Expr) Expr { return exprWhenExpr(t.conds, t.thens, value) }

// exprWhenExpr is the node of a chain: args are cond, then pairs and the
// otherwise value (Lit(nil) when there is none).
func exprWhenExpr(conds, thens []Expr, otherwise Expr) Expr {
	args := make([]Expr, 0, 2*len(conds)+1)
	for k := range conds {
		args = append(args, thens[k], conds[k])
	}
	hasOtherwise := otherwise.n != nil
	if !hasOtherwise {
		otherwise = Lit(nil)
	}
	args = append(args, otherwise)
	n := exprFn{label: "when", args: args, fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
		return exprWhenEval(v)
	}}
	return Expr{n: exprWhenNode{exprFn: n, otherwise: hasOtherwise}}
}

// exprParent is a node whose operands are expressions, for the walks over
// a tree (Expr.Columns) that do not know the node.
type exprParent interface{ children() []Expr }

// exprWhenNode renders a chain as Polars does; the Then values come
// first among its arguments so that it is named after the first.
type exprWhenNode struct {
	exprFn
	otherwise bool
}

func (n exprWhenNode) children() []Expr { return n.args }

// outName is the first Then value's name (Polars': a literal there names
// the result "literal" whatever the conditions read).
func (n exprWhenNode) outName() string {
	if n.args[0].n == nil {
		return ""
	}
	return n.args[0].n.outName()
}

func (n exprWhenNode) String() string {
	var b strings.Builder
	for k := 0; k+1 < len(n.args); k += 2 {
		fmt.Fprintf(&b, "when(%s).then(%s).", n.args[k+1], n.args[k])
	}
	s := strings.TrimSuffix(b.String(), ".")
	if n.otherwise {
		s += fmt.Sprintf(".otherwise(%s)", n.args[len(n.args)-1])
	}
	return s
}

// eval is exprFn's, with errors naming this node's rendering.
func (n exprWhenNode) eval(c *exprCtx) (*exprVec, error) {
	v, err := n.exprFn.eval(c)
	if err != nil {
		return nil, exprRename(err, n.exprFn.String(), n.String())
	}
	return v, nil
}

// exprRename rewrites an error's message naming an expression by from to
// name it by to.
func exprRename(err error, from, to string) error {
	if fe, ok := err.(*Error); ok {
		if rest, ok := strings.CutPrefix(fe.Msg, from+": "); ok {
			return &Error{Op: fe.Op, Err: fe.Err, Msg: to + ": " + rest}
		}
	}
	return err
}

func exprWhenEval(v []*exprVec) (*exprVec, error) {
	nb := len(v) / 2
	vals := make([]*exprVec, 0, nb+1)
	for k := 0; k < nb; k++ {
		if err := exprWantBool("when", v[2*k+1]); err != nil {
			return nil, err
		}
		vals = append(vals, v[2*k])
	}
	vals = append(vals, v[len(v)-1])
	out, err := exprChooseType("when/then/otherwise", vals, v...)
	if err != nil {
		return nil, err
	}
	// choice[i] is the branch row i takes: the first true condition,
	// nb (otherwise) when none is. Conditions are read last to first, so
	// each overwrites the later ones.
	choice := make([]uint16, out.n)
	for i := range choice {
		choice[i] = uint16(nb)
	}
	for k := nb - 1; k >= 0; k-- {
		c := v[2*k+1]
		if c.t == exprNullT {
			continue
		}
		sc := c.stride()
		for i := range choice {
			if c.bools[i*sc] && (c.valid == nil || !c.isNull(i)) {
				choice[i] = uint16(k)
			}
		}
	}
	return exprChoose(out, vals, choice)
}

// exprChooseType checks that vals take one type (see the rules above) and
// returns an empty result of that type, shaped over all of shape, with
// vals converted in place to it (ints to floats, temporal literals to
// the columns' type).
func exprChooseType(label string, vals []*exprVec, shape ...*exprVec) (*exprVec, error) {
	t := exprNullT
	var dt arrow.DataType
	var first *exprVec
	sameDT := true
	for _, x := range vals {
		if x.t == exprNullT {
			continue
		}
		if x.t == exprOtherT {
			return nil, fmt.Errorf("%w: %s cannot take %s", ErrType, label, x.typeName())
		}
		if first == nil {
			first, t, dt = x, x.t, x.dt
			continue
		}
		tempA, tempB := exprIsTemporal(first.dt), exprIsTemporal(x.dt)
		switch {
		case tempA || tempB:
			if !tempA || !tempB {
				return nil, fmt.Errorf("%w: %s cannot mix %s and %s", ErrType, label, first.typeName(), x.typeName())
			}
			if !arrow.TypeEqual(first.dt, x.dt) && !x.scalar && !first.scalar {
				return nil, fmt.Errorf("%w: %s cannot mix %s and %s", ErrType, label, first.typeName(), x.typeName())
			}
			if first.scalar && !x.scalar {
				first, dt = x, x.dt
			}
		case x.t == t:
		case exprIsNum(x.t) && exprIsNum(t):
			t = exprFloatT
		default:
			return nil, fmt.Errorf("%w: %s cannot mix %s and %s", ErrType, label, first.typeName(), x.typeName())
		}
		if x.dt == nil || dt == nil || !arrow.TypeEqual(x.dt, dt) {
			sameDT = false
		}
	}
	if first != nil && exprIsTemporal(dt) {
		for k, x := range vals {
			if x.t != exprNullT && !arrow.TypeEqual(x.dt, dt) {
				cv, err := exprConvertTemporal(x, dt)
				if err != nil {
					return nil, fmt.Errorf("%w: %s cannot mix %s and %s", ErrType, label, x.typeName(), exprArrowName(dt))
				}
				vals[k] = cv
			}
		}
	}
	out := exprNew(t, shape...)
	switch {
	case exprIsTemporal(dt):
		out.dt = dt
	case t == exprIntT && sameDT:
		out.dt = dt
	case t == exprFloatT:
		for k, x := range vals {
			if x.t == exprIntT {
				vals[k] = &exprVec{t: exprFloatT, n: x.n, scalar: x.scalar, loaded: true, floats: exprFloatsOf(x), valid: x.valid}
			}
		}
	}
	return out, nil
}

// exprChoose fills out, row i from vals[choice[i]], and its validity.
func exprChoose(out *exprVec, vals []*exprVec, choice []uint16) (*exprVec, error) {
	if out.t == exprNullT {
		return out, nil
	}
	strides := make([]int, len(vals))
	anyNull := false
	for k, x := range vals {
		strides[k] = x.stride()
		if x.t == exprNullT || x.valid != nil {
			anyNull = true
		}
	}
	switch out.t {
	case exprIntT:
		exprChooseLoop(out.ints, exprSlices(vals, func(x *exprVec) []int64 { return x.ints }), strides, choice)
	case exprFloatT:
		exprChooseLoop(out.floats, exprSlices(vals, func(x *exprVec) []float64 { return x.floats }), strides, choice)
	case exprBoolT:
		exprChooseLoop(out.bools, exprSlices(vals, func(x *exprVec) []bool { return x.bools }), strides, choice)
	case exprStrT:
		exprChooseLoop(out.strs, exprSlices(vals, func(x *exprVec) []string { return x.strs }), strides, choice)
	}
	if anyNull {
		valid := exprBitsAll(out.n)
		nulls := 0
		for i, k := range choice {
			x := vals[k]
			if x.t == exprNullT || x.isNull(i) {
				valid[i/8] &^= 1 << (i % 8)
				nulls++
			}
		}
		if nulls > 0 {
			out.valid = valid
		}
	}
	return out, nil
}

// exprSlices is the typed slice of each vector; a null vector reads as
// one zero value (its rows are null anyway).
func exprSlices[T any](vals []*exprVec, get func(*exprVec) []T) [][]T {
	out := make([][]T, len(vals))
	for k, x := range vals {
		if x.t == exprNullT {
			out[k] = make([]T, 1)
			continue
		}
		out[k] = get(x)
	}
	return out
}

// exprChooseLoop is the gather of a choice over one type.
func exprChooseLoop[T any](out []T, srcs [][]T, strides []int, choice []uint16) {
	if len(srcs) == 2 {
		a, b, sa, sb := srcs[0], srcs[1], strides[0], strides[1]
		for i, k := range choice {
			if k == 0 {
				out[i] = a[i*sa]
			} else {
				out[i] = b[i*sb]
			}
		}
		return
	}
	for i, k := range choice {
		out[i] = srcs[k][i*strides[k]]
	}
}

// Coalesce is, on each row, the value of the first expression not null
// there (Polars' coalesce, SQL's COALESCE); null when all are. The
// expressions take one type (see When). It is named after its first
// expression.
func Coalesce(exprs ...Expr) Expr {
	if len(exprs) == 0 {
		return exprFailed("coalesce", Lit(nil), fmt.Errorf("%w: coalesce of no expression", ErrArgument))
	}
	return Expr{n: exprFuncNode{exprFn{label: "coalesce", args: exprs, fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
		vals := append([]*exprVec(nil), v...)
		out, err := exprChooseType("coalesce", vals, v...)
		if err != nil {
			return nil, err
		}
		last := uint16(len(vals) - 1)
		choice := make([]uint16, out.n)
		for i := range choice {
			choice[i] = last
		}
		for k := len(vals) - 2; k >= 0; k-- {
			x := vals[k]
			if x.t == exprNullT {
				continue
			}
			for i := range choice {
				if !x.isNull(i) {
					choice[i] = uint16(k)
				}
			}
		}
		return exprChoose(out, vals, choice)
	}}}}
}

// exprFuncNode renders an exprFn as a function call of all its
// arguments, label(a, b, c), rather than as a method of the first.
type exprFuncNode struct{ exprFn }

func (n exprFuncNode) children() []Expr { return n.args }

// outName is the first argument's name (Polars').
func (n exprFuncNode) outName() string {
	if n.args[0].n == nil {
		return ""
	}
	return n.args[0].n.outName()
}

func (n exprFuncNode) String() string {
	parts := make([]string, len(n.args))
	for k, a := range n.args {
		parts[k] = a.String()
	}
	return n.label + "(" + strings.Join(parts, ", ") + ")"
}

func (n exprFuncNode) eval(c *exprCtx) (*exprVec, error) {
	v, err := n.exprFn.eval(c)
	if err != nil {
		return nil, exprRename(err, n.exprFn.String(), n.String())
	}
	return v, nil
}

// MaxHorizontal is, on each row, the largest value of the expressions
// (Polars' max_horizontal; the text form's greatest, DuckDB's name),
// nulls skipped: null only where all are null. The expressions take one
// type (see When); strings compare bytewise, false < true, and NaN is
// larger than every number (the order Sort uses). It is named after its
// first expression.
func MaxHorizontal(exprs ...Expr) Expr { return exprHorizontal("max_horizontal", true, exprs) }

// MinHorizontal is, on each row, the smallest value of the expressions
// (Polars' min_horizontal; the text form's least), nulls skipped, typed
// as MaxHorizontal; NaN is chosen only where every value is NaN or null.
func MinHorizontal(exprs ...Expr) Expr { return exprHorizontal("min_horizontal", false, exprs) }

func exprHorizontal(label string, max bool, exprs []Expr) Expr {
	if len(exprs) == 0 {
		return exprFailed(label, Lit(nil), fmt.Errorf("%w: %s of no expression", ErrArgument, label))
	}
	return Expr{n: exprFuncNode{exprFn{label: label, args: exprs, fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
		vals := append([]*exprVec(nil), v...)
		out, err := exprChooseType(label, vals, v...)
		if err != nil {
			return nil, err
		}
		if out.t == exprNullT {
			return out, nil
		}
		// choice[i] is the best non-null value so far; none: len(vals).
		none := uint16(len(vals))
		choice := make([]uint16, out.n)
		for i := range choice {
			choice[i] = none
		}
		for k, x := range vals {
			if x.t == exprNullT {
				continue
			}
			switch out.t {
			case exprIntT:
				exprBestLoop(choice, uint16(k), x, exprSlices(vals, func(x *exprVec) []int64 { return x.ints }), vals, max, exprLess[int64])
			case exprFloatT:
				exprBestLoop(choice, uint16(k), x, exprSlices(vals, func(x *exprVec) []float64 { return x.floats }), vals, max, exprLessNaN)
			case exprStrT:
				exprBestLoop(choice, uint16(k), x, exprSlices(vals, func(x *exprVec) []string { return x.strs }), vals, max, exprLess[string])
			case exprBoolT:
				exprBestLoop(choice, uint16(k), x, exprSlices(vals, func(x *exprVec) []bool { return x.bools }), vals, max, func(a, b bool) bool { return !a && b })
			}
		}
		// Rows where all are null take the last argument, null or not
		// null there: it is null there.
		vals = append(vals, &exprVec{t: exprNullT, n: 1, scalar: true})
		return exprChoose(out, vals, choice)
	}}}}
}

func exprLess[T int64 | string](a, b T) bool { return a < b }

// exprLessNaN orders floats with NaN above +Inf.
func exprLessNaN(a, b float64) bool {
	if math.IsNaN(a) {
		return false
	}
	return math.IsNaN(b) || a < b
}

// exprBestLoop updates choice with vector k where it beats the current
// best (max: greater; else smaller) and is not null.
func exprBestLoop[T any](choice []uint16, k uint16, x *exprVec, srcs [][]T, vals []*exprVec, max bool, less func(a, b T) bool) {
	none := uint16(len(vals))
	src, sx := srcs[k], x.stride()
	for i, c := range choice {
		if x.isNull(i) {
			continue
		}
		if c == none {
			choice[i] = k
			continue
		}
		cur := srcs[c][i*vals[c].stride()]
		v := src[i*sx]
		if max && less(cur, v) || !max && less(v, cur) {
			choice[i] = k
		}
	}
}

// Closed says which ends of an interval belong to it, for IsBetween.
type Closed uint8

const (
	// ClosedBoth includes both ends: lo <= x <= hi (Polars' default,
	// SQL's BETWEEN).
	ClosedBoth Closed = iota
	// ClosedLeft includes the lower end: lo <= x < hi.
	ClosedLeft
	// ClosedRight includes the upper end: lo < x <= hi.
	ClosedRight
	// ClosedNone includes neither: lo < x < hi.
	ClosedNone
)

// String names the interval's closed ends, as Polars does ("both", "left"...).
func (c Closed) String() string {
	return [...]string{"both", "left", "right", "none"}[c&3]
}

// IsBetween is true where lo <= e <= hi, the ends included as closed
// says (Polars' is_between; the text form's BETWEEN is ClosedBoth). It is
// the And of the two comparisons in Kleene's logic, as Polars and SQL:
// null where e is null, false where one comparison is false even if the
// other is null (a null bound). Types compare as for Lt; lo > hi is false
// everywhere.
func (e Expr) IsBetween(lo, hi Expr, closed Closed) Expr {
	loOp, hiOp := exprGe, exprLe
	if closed == ClosedRight || closed == ClosedNone {
		loOp = exprGt
	}
	if closed == ClosedLeft || closed == ClosedNone {
		hiOp = exprLt
	}
	return Expr{n: exprFn{label: "is_between", args: []Expr{e, lo, hi}, extra: closed.String(), fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
		a, err := exprCompare(loOp, v[0], v[1])
		if err != nil {
			return nil, err
		}
		b, err := exprCompare(hiOp, v[0], v[2])
		if err != nil {
			return nil, err
		}
		return exprKleene(true, a, b)
	}}}
}

// IsIn is true where e's value is one of values (Polars' is_in). values
// is either a Go slice of constants ([]int64, []int, []float64,
// []string, []bool, []time.Time, []any of those...), tested through a
// hash set built once per evaluation, or an Expr of a list column, each
// row's value tested against that row's list (ExprList.Contains). A null
// value of e gives null; nulls among values match nothing (Polars'
// default, nulls_equal false), so the result is true or false elsewhere.
// SQL's and the text form's x IN (a, b, NULL) differ: null where no value
// matches and one is null. Integers and floats compare by value (1 is in
// []float64{1.0}); other mixtures, a string column against numbers say,
// are an ErrType error.
func (e Expr) IsIn(values any) Expr {
	if x, ok := values.(Expr); ok {
		return x.List().Contains(e)
	}
	rv := reflect.ValueOf(values)
	if !rv.IsValid() || (rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array) {
		return exprFailed("is_in", e, fmt.Errorf("%w: is_in takes a slice or a list expression, got %T", ErrArgument, values))
	}
	lits := make([]*exprVec, 0, rv.Len())
	parts := make([]string, 0, rv.Len())
	for k := 0; k < rv.Len(); k++ {
		x := rv.Index(k).Interface()
		v, err := exprScalar(x)
		if err != nil {
			return exprFailed("is_in", e, err)
		}
		lits = append(lits, v)
		parts = append(parts, fmt.Sprint(x))
	}
	return fn1("is_in", e, "["+strings.Join(parts, ", ")+"]", func(a *exprVec) (*exprVec, error) {
		return exprIsIn(a, lits)
	})
}

func exprIsIn(a *exprVec, lits []*exprVec) (*exprVec, error) {
	out := exprNew(exprBoolT, a)
	if a.t == exprNullT {
		out.valid = exprBitsNone(out.n)
		return out, nil
	}
	if a.t == exprOtherT {
		return nil, fmt.Errorf("%w: is_in cannot test %s", ErrType, a.typeName())
	}
	out.valid = a.valid
	bad := func(l *exprVec) error {
		return fmt.Errorf("%w: is_in cannot look for %s among %s values", ErrType, a.typeName(), l.typeName())
	}
	switch a.t {
	case exprIntT:
		set := map[int64]struct{}{}
		for _, l := range lits {
			switch {
			case l.t == exprNullT:
			case exprIsTemporal(a.dt) != exprIsTemporal(l.dt):
				return nil, bad(l)
			case exprIsTemporal(a.dt):
				cv, err := exprConvertTemporal(l, a.dt)
				if err != nil {
					return nil, bad(l)
				}
				set[cv.ints[0]] = struct{}{}
			case l.t == exprIntT:
				set[l.ints[0]] = struct{}{}
			case l.t == exprFloatT:
				f := l.floats[0]
				if f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 {
					set[int64(f)] = struct{}{}
				}
			default:
				return nil, bad(l)
			}
		}
		for i, x := range a.ints[:out.n] {
			_, out.bools[i] = set[x]
		}
	case exprFloatT:
		set := map[float64]struct{}{}
		for _, l := range lits {
			switch l.t {
			case exprNullT:
			case exprFloatT:
				set[l.floats[0]] = struct{}{}
			case exprIntT:
				if exprIsTemporal(l.dt) {
					return nil, bad(l)
				}
				set[float64(l.ints[0])] = struct{}{}
			default:
				return nil, bad(l)
			}
		}
		for i, x := range a.floats[:out.n] {
			_, out.bools[i] = set[x]
		}
	case exprStrT:
		set := map[string]struct{}{}
		for _, l := range lits {
			switch l.t {
			case exprNullT:
			case exprStrT:
				set[l.strs[0]] = struct{}{}
			default:
				return nil, bad(l)
			}
		}
		for i, x := range a.strs[:out.n] {
			_, out.bools[i] = set[x]
		}
	case exprBoolT:
		var has [2]bool
		for _, l := range lits {
			switch l.t {
			case exprNullT:
			case exprBoolT:
				if l.bools[0] {
					has[1] = true
				} else {
					has[0] = true
				}
			default:
				return nil, bad(l)
			}
		}
		for i, x := range a.bools[:out.n] {
			if x {
				out.bools[i] = has[1]
			} else {
				out.bools[i] = has[0]
			}
		}
	}
	return out, nil
}
