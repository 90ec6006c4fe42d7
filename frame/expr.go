package frame

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/hugepage"
	"github.com/structframe/structframe/structured"
)

// Expr is an expression over the columns of a Frame, in the model of
// Polars: one immutable value serves Filter, WithColumns, SelectExprs, Sort
// keys and GroupBy.Agg. Build one with Col (a column by reference, nested
// paths too), Lit (a constant) and the methods below; nothing is evaluated
// until a Frame method runs it. Evaluation works a column at a time with
// typed kernels over Go slices that alias the Arrow buffers, never a row at
// a time through any.
//
// # Types and promotion
//
// Every integer type (int8..int64, uint8..uint64; a uint64 above
// MaxInt64 is an ErrType error naming its row) computes as int64 and
// every float type (float32, float64) as float64; strings (string,
// large_string, string_view, dictionaries of strings) as Go strings sharing
// the column's bytes; bool as bool. A column passed through unchanged keeps
// its Arrow type and its buffers. Add, Sub, Mul and Mod promote as
// follows (rows: left operand, columns: right operand; null is Lit(nil) or
// a column of Arrow type null, which gives nulls of the other side's type):
//
//	op      int       float     bool      string    null
//	int     int64     float64   ErrType   ErrType   int64 (null)
//	float   float64   float64   ErrType   ErrType   float64 (null)
//	bool    ErrType   ErrType   ErrType   ErrType   ErrType
//	string  ErrType   ErrType   ErrType   (*)       (*)
//
// In detail:
//
//   - Add, Sub, Mul, Mod and Neg of integers give int64 and wrap around on
//     overflow, as Go and Polars do; with a float operand they give float64.
//     Mod by an integer zero is null. (*) Add of two strings concatenates
//     (null with a null); the other operators refuse strings.
//   - Div always gives float64 (Polars' truediv): 7 / 2 = 3.5, x / 0 = ±Inf
//     or NaN as IEEE 754 says.
//   - Eq, Ne, Lt, Le, Gt, Ge give bool. int against float compares exactly
//     (an int64 beyond 2^53 is not rounded to a float first); strings
//     compare with strings (bytewise, as Go does), floats as IEEE 754 says
//     (NaN equals nothing), bools with bools
//     (false < true), dates and timestamps with the same type or a time.Time
//     literal. Anything else, a string against a number say, is an ErrType
//     error naming both sides.
//   - Temporal columns (date32, date64, timestamp, duration, time32/64)
//     compare with their type, a literal or a string in ISO 8601 (parsed
//     as the column's type); their arithmetic is Polars' (timestamp -
//     timestamp a duration, timestamp ± duration a timestamp, see
//     ExprDt), anything else on them an ErrType error.
//   - Decimals, binaries, lists and structures pass through unchanged and
//     take the functions made for them (List, Struct, IsNull, aggregations
//     First, Last, Implode, Count, NUnique); arithmetic or comparison on them
//     is an ErrType error.
//
// # Nulls
//
// Nulls propagate as in SQL and Polars: an arithmetic or comparison result
// is null where either operand is null (validity is the bitwise AND of the
// operands' Arrow bitmaps). And and Or follow Kleene's three-valued logic
// (false And null = false, true Or null = true, otherwise null); Not of null
// is null. IsNull and IsNotNull are never null. FillNull replaces nulls.
// Filter keeps the rows where the predicate is true: null drops the row.
//
// # Names
//
// The column an expression makes is named by Alias, else after its leftmost
// column reference (Polars' rule): Col("a").Add(Col("b")) is "a",
// Lit(1).Add(Col("b")) is "b", a Lit alone is "literal", and a struct
// field access Col("s").Struct().Field("x") is "x".
//
// # Aggregations
//
// Sum, Mean, Min, Max, Std, Count, NUnique, First, Last and Implode reduce
// their rows: per group in GroupBy.Agg, to one value in SelectExprs (which
// then gives one row when every expression aggregates) and WithColumns or
// Sort (where the value is repeated on every row). So do the statistics
// Median, Quantile, Var, Skew, Kurtosis, Mode, Product, ArgMin, ArgMax and
// ApproxNUnique, and Corr and Cov of two expressions. Over a list column,
// the aggregations but First, Last and Implode take every item of the
// rows' lists; those take the rows themselves. Len counts rows.
// Expressions may combine aggregations: Col("a").Sum().Div(Len()).
//
// # Windows
//
// Over evaluates an expression within the groups of key columns (Polars'
// over, SQL's OVER (PARTITION BY ...)): an aggregation inside reduces
// each group and gives every row its group's value,
// Col("x").Sub(Col("x").Mean()).Over("g"). Shift, Diff, PctChange,
// CumSum, CumProd, CumMin, CumMax, CumCount, Rank and RowNumber depend
// on the order of the rows: they run over the frame in row order, within
// each group of Over (in row order, or in the order OverExprs'
// WithOrderBy gives), within each group in GroupBy.Agg and within each
// list in List().Eval.
type Expr struct {
	n exprNode
}

// exprNode is one node of an expression tree.
type exprNode interface {
	// eval evaluates the node in a context: over the rows of a frame, or
	// over the groups of a GroupBy.
	eval(c *exprCtx) (*exprVec, error)
	// outName is the name the result takes: the leftmost column's, or ""
	// when no column is referred to.
	outName() string
	// String renders the node.
	String() string
	// hasAgg reports whether an aggregation is part of the node.
	hasAgg() bool
}

// exprCtx is where an expression is evaluated.
type exprCtx struct {
	op   string
	f    *Frame
	grp  *grpGroups       // nil outside GroupBy.Agg: the whole frame is one group
	rows bool             // at row level: outside GroupBy, or inside an aggregation
	agg  bool             // inside an aggregation (which may not nest)
	elem structured.Value // the flat items Element() reads, inside List().Eval and List().Filter
	win  *winParts        // the parts and order Over set for order-dependent expressions; nil: the frame in row order
	over bool             // inside Over: grp are its groups, and an aggregation gives each row its group's value
	wins *winCache        // the groupings of the Over nodes of one verb's expressions, shared by them (nil: none kept)

	selRef, selCol string // a selector bound to one of its columns (see exprBound)
}

// Col refers to a column by reference: a top-level name, a dotted path
// into nested columns, or a Path.
func Col(ref string) Expr { return Expr{n: exprCol{ref: ref}} }

// Lit is a constant, broadcast to every row: nil (a null of no type), a
// bool, any Go integer (int64; a uint64 above MaxInt64 is an error when
// evaluated), float32 or float64 (float64), a string, a time.Time (a
// timestamp[us, UTC]), an arrow.Date32 or a time.Duration (a
// duration[ns]).
//
// Lit of a Series (or *Series) is that column, as Polars' lit(Series):
// its rows are the frame's rows in order (its own index is not aligned),
// it is named after the Series, and a Series of one row is repeated on
// every row. This adds a column of Go data to a frame:
//
//	df.WithColumns(Lit(NewSeries("flag", []bool{true, false, true})))
//
// A Series of another length is an ErrShape error naming both counts.
func Lit(v any) Expr {
	switch s := v.(type) {
	case Series:
		return Expr{n: exprSeries{s: s}}
	case *Series:
		if s != nil {
			return Expr{n: exprSeries{s: *s}}
		}
	}
	return Expr{n: exprLit{v: v}}
}

// Len counts the rows: the rows of each group in GroupBy.Agg (pandas'
// size), the rows of the frame elsewhere.
func Len() Expr { return Expr{n: exprLen{}} }

// CountRows is Len, named as SQL's COUNT(*).
func CountRows() Expr { return Len() }

// Alias names the column the expression makes.
func (e Expr) Alias(name string) Expr { return Expr{n: exprAlias{e: e, name: name}} }

// String renders the expression, as col(a).add(lit(1)).
func (e Expr) String() string {
	if e.n == nil {
		return "<empty expression>"
	}
	return e.n.String()
}

// Name is the name of the column the expression makes (see Expr).
func (e Expr) Name() string {
	if e.n == nil {
		return ""
	}
	if name := e.n.outName(); name != "" {
		return name
	}
	return "literal"
}

// eval evaluates the expression in a context, wrapping kernel errors with
// the operation and the expression.
func (e Expr) eval(c *exprCtx) (*exprVec, error) {
	if e.n == nil {
		return nil, errorf(c.op, ErrArgument, "empty expression (use Col, Lit or Len)")
	}
	return e.n.eval(c)
}

// evalLoaded is eval with the result's typed slice decoded.
func (e Expr) evalLoaded(c *exprCtx) (*exprVec, error) {
	v, err := e.eval(c)
	if err != nil {
		return nil, err
	}
	if err := v.load(); err != nil {
		return nil, exprErr(c, e, err)
	}
	return v, nil
}

// exprErr attaches the operation and the expression to a kernel error,
// keeping its kind for errors.Is.
func exprErr(c *exprCtx, e fmt.Stringer, err error) error {
	if _, ok := err.(*Error); ok {
		return err
	}
	return &Error{Op: c.op, Err: err, Msg: fmt.Sprintf("%s: %v", e, err)}
}

// evalFrame evaluates e over f's rows: a value of rank >= 1 with one row
// per row of f (a literal or an aggregation is repeated on every row).
func (e Expr) evalFrame(op string, f *Frame) (structured.Value, error) {
	c := &exprCtx{op: op, f: f, rows: true}
	v, err := e.eval(c)
	if err != nil {
		return nil, err
	}
	out, err := v.toValue(f.data.NumRows())
	if err != nil {
		return nil, exprErr(c, e, err)
	}
	return out, nil
}

// exprCol is a column reference.
type exprCol struct {
	ref    string
	quoted string // the name as written between double quotes in the text form, for a hint
}

func (n exprCol) outName() string { return displayPath(n.ref) }
func (n exprCol) String() string  { return "col(" + displayPath(n.ref) + ")" }
func (n exprCol) hasAgg() bool    { return false }

func (n exprCol) eval(c *exprCtx) (*exprVec, error) {
	if !c.rows {
		return nil, errorf(c.op, ErrArgument, "column %q is used outside an aggregation in GroupBy.Agg (aggregate it, e.g. Col(%q).First(), or make it a key)", displayPath(n.ref), displayPath(n.ref))
	}
	ref, err := c.selResolve(n.ref)
	if err != nil {
		return nil, err
	}
	path, v, err := c.f.column(c.op, ref)
	if err != nil {
		if n.quoted != "" {
			return nil, quotedNameHint(err, n.quoted)
		}
		return nil, err
	}
	out := exprFromValue(v)
	if len(path) > 1 && out.t != exprOtherT {
		// A leaf under null structures is null there, whatever its own
		// bitmap says (Arrow lets a struct's child hold values under a null slot).
		if err := exprMaskParents(c.f.data, path, out); err != nil {
			return nil, exprErr(c, n, err)
		}
	}
	return out, nil
}

// exprMaskParents ANDs the null structures along path into a leaf's validity.
func exprMaskParents(t *structured.Tensor, path []string, v *exprVec) error {
	cur := t
	for _, name := range path[:len(path)-1] {
		next, err := cur.Field(name)
		if err != nil {
			return err
		}
		nt, ok := next.(*structured.Tensor)
		if !ok || nt.Rank() != 1 {
			return nil
		}
		if nt.NullN() > 0 {
			if err := v.load(); err != nil {
				return err
			}
			pv := &exprVec{n: v.n, valid: exprBitsOf(nt.Validity())}
			v.valid = exprValidAnd(v, pv, v.n)
			v.raw = nil
		}
		cur = nt
	}
	return nil
}

// exprLit is a constant.
type exprLit struct{ v any }

func (n exprLit) outName() string { return "" }
func (n exprLit) hasAgg() bool    { return false }
func (n exprLit) String() string {
	if s, ok := n.v.(string); ok {
		return fmt.Sprintf("lit(%q)", s)
	}
	return fmt.Sprintf("lit(%v)", n.v)
}

func (n exprLit) eval(c *exprCtx) (*exprVec, error) {
	out, err := exprScalar(n.v)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	return out, nil
}

// exprScalar makes a one-row vector of a Go value.
func exprScalar(x any) (*exprVec, error) {
	v := &exprVec{n: 1, scalar: true, loaded: true}
	switch x := x.(type) {
	case nil:
		v.t, v.valid = exprNullT, exprBitsNone(1)
	case bool:
		v.t, v.bools = exprBoolT, []bool{x}
	case int, int8, int16, int32, int64:
		v.t, v.ints = exprIntT, []int64{reflect.ValueOf(x).Int()}
	case uint, uint8, uint16, uint32, uint64:
		u := reflect.ValueOf(x).Uint()
		if u > math.MaxInt64 {
			return nil, fmt.Errorf("%w: literal %d does not fit int64", ErrType, u)
		}
		v.t, v.ints = exprIntT, []int64{int64(u)}
	case float32:
		v.t, v.floats = exprFloatT, []float64{float64(x)}
	case float64:
		v.t, v.floats = exprFloatT, []float64{x}
	case string:
		v.t, v.strs = exprStrT, []string{x}
	case time.Duration:
		v.t, v.ints, v.dt = exprIntT, []int64{int64(x)}, arrow.FixedWidthTypes.Duration_ns
	case time.Time:
		v.t, v.ints, v.dt = exprIntT, []int64{x.UnixMicro()}, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}
	case arrow.Date32:
		v.t, v.ints, v.dt = exprIntT, []int64{int64(x)}, arrow.FixedWidthTypes.Date32
	default:
		return nil, fmt.Errorf("%w: literal of Go type %T (want nil, bool, an integer, a float, a string, time.Time, arrow.Date32 or time.Duration)", ErrType, x)
	}
	return v, nil
}

// exprAlias names its expression's result.
type exprAlias struct {
	e    Expr
	name string
}

func (n exprAlias) outName() string { return n.name }
func (n exprAlias) hasAgg() bool    { return n.e.n != nil && n.e.n.hasAgg() }
func (n exprAlias) String() string  { return fmt.Sprintf("%s.alias(%q)", n.e, n.name) }
func (n exprAlias) eval(c *exprCtx) (*exprVec, error) {
	return n.e.eval(c)
}

// exprFn is an element-wise function of its arguments, evaluated first: the
// node of every operator and function that maps rows to rows.
type exprFn struct {
	label string // rendering: label(args...) or args[0].label(args[1:]...)
	args  []Expr
	extra string // rendered after the arguments, for constant parameters
	lazy  bool   // fn decodes its arguments itself (see exprVec.load)
	// hidden: fn evaluates expressions of its own besides args
	// (Struct().WithFields), which the rewrites of expr_rewrite.go
	// cannot see: they leave the node as it is.
	hidden bool
	fn     func(c *exprCtx, args []*exprVec) (*exprVec, error)
}

func (n exprFn) outName() string {
	for _, a := range n.args {
		if a.n == nil {
			continue
		}
		if name := a.n.outName(); name != "" {
			return name
		}
	}
	return ""
}

func (n exprFn) hasAgg() bool {
	for _, a := range n.args {
		if a.n != nil && a.n.hasAgg() {
			return true
		}
	}
	return false
}

func (n exprFn) String() string {
	var b strings.Builder
	if len(n.args) > 0 {
		b.WriteString(n.args[0].String())
		b.WriteString(".")
	}
	b.WriteString(n.label)
	b.WriteString("(")
	for i, a := range n.args[min(1, len(n.args)):] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.String())
	}
	if n.extra != "" {
		if len(n.args) > 1 {
			b.WriteString(", ")
		}
		b.WriteString(n.extra)
	}
	b.WriteString(")")
	return b.String()
}

func (n exprFn) eval(c *exprCtx) (*exprVec, error) {
	args := make([]*exprVec, len(n.args))
	for i, a := range n.args {
		eval := a.evalLoaded
		if n.lazy {
			eval = a.eval
		}
		v, err := eval(c)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	if len(args) > 1 {
		if err := exprSameRows(args); err != nil {
			return nil, exprErr(c, n, err)
		}
	}
	out, err := n.fn(c, args)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	return out, nil
}

// exprSameRows checks that non-scalar operands have one length (an
// aggregation beside a column in GroupBy.Agg does not).
func exprSameRows(args []*exprVec) error {
	n := -1
	for _, a := range args {
		if a.scalar {
			continue
		}
		if n >= 0 && a.n != n {
			return fmt.Errorf("%w: operands of %d and %d rows", ErrShape, n, a.n)
		}
		n = a.n
	}
	return nil
}

// fn1 and fn2 build element-wise nodes of one and two operands.
func fn1(label string, e Expr, extra string, fn func(a *exprVec) (*exprVec, error)) Expr {
	return Expr{n: exprFn{label: label, args: []Expr{e}, extra: extra, fn: func(_ *exprCtx, a []*exprVec) (*exprVec, error) { return fn(a[0]) }}}
}

func fn2(label string, a, b Expr, fn func(a, b *exprVec) (*exprVec, error)) Expr {
	return Expr{n: exprFn{label: label, args: []Expr{a, b}, fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) { return fn(v[0], v[1]) }}}
}

// exprNew makes the vector of a result over operands: n rows (1 and scalar
// when every operand is), type t, validity set by the caller.
func exprNew(t exprType, vs ...*exprVec) *exprVec {
	n, scalar := exprRows(vs...)
	out := &exprVec{t: t, n: n, scalar: scalar, loaded: true}
	switch t {
	case exprIntT:
		out.ints = hugepage.Filled[int64](n)
	case exprFloatT:
		out.floats = hugepage.Filled[float64](n)
	case exprBoolT:
		out.bools = make([]bool, n)
	case exprStrT:
		out.strs = make([]string, n)
	case exprNullT:
		out.valid = exprBitsNone(n)
	}
	return out
}

// exprFloatsOf reads an int or float vector as float64s (ints converted).
func exprFloatsOf(v *exprVec) []float64 {
	if v.t == exprFloatT {
		return v.floats
	}
	out := make([]float64, len(v.ints))
	for i, x := range v.ints {
		out[i] = float64(x)
	}
	return out
}
