package frame

import (
	"cmp"
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/structured"
)

// Eq is e == o: a bool, null where either side is null (see Expr for the
// types that compare).
func (e Expr) Eq(o Expr) Expr { return exprCmpExpr(exprEq, e, o) }

// Ne is e != o.
func (e Expr) Ne(o Expr) Expr { return exprCmpExpr(exprNe, e, o) }

// Lt is e < o.
func (e Expr) Lt(o Expr) Expr { return exprCmpExpr(exprLt, e, o) }

// Le is e <= o.
func (e Expr) Le(o Expr) Expr { return exprCmpExpr(exprLe, e, o) }

// Gt is e > o.
func (e Expr) Gt(o Expr) Expr { return exprCmpExpr(exprGt, e, o) }

// Ge is e >= o.
func (e Expr) Ge(o Expr) Expr { return exprCmpExpr(exprGe, e, o) }

func exprCmpExpr(op exprOp, a, b Expr) Expr {
	e := fn2(op.String(), a, b, func(x, y *exprVec) (*exprVec, error) {
		if out, ok := exprCmpStrScalar(op, x, y); ok {
			return out, nil
		}
		for _, v := range []*exprVec{x, y} {
			if err := v.load(); err != nil {
				return nil, err
			}
		}
		return exprCompare(op, x, y)
	})
	f := e.n.(exprFn)
	f.lazy = true
	return Expr{n: f}
}

// exprCmpStrScalar compares an Arrow string column with a string literal
// straight from the column's offsets and bytes, without decoding it into
// Go strings; ok is false for other operands.
func exprCmpStrScalar(op exprOp, a, b *exprVec) (*exprVec, bool) {
	col, lit, swapped := a, b, false
	if a.scalar {
		col, lit, swapped = b, a, true
	}
	d, isDense := col.raw.(*structured.Dense)
	if !isDense || col.loaded || col.scalar || d.Rank() != 1 || !lit.scalar || lit.t != exprStrT || lit.isNull(0) {
		return nil, false
	}
	arr, isStr := d.Values().(*array.String)
	if !isStr {
		return nil, false
	}
	if swapped {
		switch op {
		case exprLt:
			op = exprGt
		case exprLe:
			op = exprGe
		case exprGt:
			op = exprLt
		case exprGe:
			op = exprLe
		}
	}
	out := exprNew(exprBoolT, col)
	out.valid = exprBitsOf(d.Validity())
	offs, data := exprStrData(arr)
	x := lit.strs[0]
	str := unsafe.String(unsafe.SliceData(data), len(data))
	base := offs[0]
	for i := range out.bools {
		out.bools[i] = exprCmpResult(op, strings.Compare(str[offs[i]-base:offs[i+1]-base], x))
	}
	return out, true
}

// exprCompare compares row by row.
func exprCompare(op exprOp, a, b *exprVec) (*exprVec, error) {
	if a.t == exprNullT || b.t == exprNullT {
		if a.t == exprOtherT || b.t == exprOtherT {
			return nil, fmt.Errorf("%w: cannot compare %s and %s", ErrType, a.typeName(), b.typeName())
		}
		out := exprNew(exprBoolT, a, b)
		out.valid = exprBitsNone(out.n)
		return out, nil
	}
	ta, tb := exprIsTemporal(a.dt), exprIsTemporal(b.dt)
	if ta || tb {
		var err error
		if a, b, err = exprAlignTemporal(a, b); err != nil {
			return nil, exprAlignErr(a, b, err)
		}
	}
	// An int literal a float64 holds exactly compares with floats as a float.
	if a.t == exprFloatT && b.t == exprIntT && b.scalar && exprExactFloat(b.ints[0]) {
		b = &exprVec{t: exprFloatT, n: 1, scalar: true, loaded: true, floats: []float64{float64(b.ints[0])}, valid: b.valid}
	}
	if b.t == exprFloatT && a.t == exprIntT && a.scalar && exprExactFloat(a.ints[0]) {
		a = &exprVec{t: exprFloatT, n: 1, scalar: true, loaded: true, floats: []float64{float64(a.ints[0])}, valid: a.valid}
	}
	out := exprNew(exprBoolT, a, b)
	out.valid = exprValidAnd(a, b, out.n)
	sa, sb := a.stride(), b.stride()
	switch {
	case a.t == exprIntT && b.t == exprIntT:
		exprCmpLoop(op, a.ints, b.ints, out.bools, sa, sb)
	case a.t == exprFloatT && b.t == exprFloatT:
		exprCmpLoop(op, a.floats, b.floats, out.bools, sa, sb)
	case a.t == exprIntT && b.t == exprFloatT:
		exprCmpMixed(op, a.ints, b.floats, out.bools, sa, sb, false)
	case a.t == exprFloatT && b.t == exprIntT:
		exprCmpMixed(op, b.ints, a.floats, out.bools, sb, sa, true)
	case a.t == exprStrT && b.t == exprStrT:
		exprCmpLoop(op, a.strs, b.strs, out.bools, sa, sb)
	case a.t == exprBoolT && b.t == exprBoolT:
		exprCmpLoop(op, exprBoolBytesOf(a.bools), exprBoolBytesOf(b.bools), out.bools, sa, sb)
	default:
		return nil, fmt.Errorf("%w: cannot compare %s and %s", ErrType, a.typeName(), b.typeName())
	}
	return out, nil
}

// exprExactFloat reports whether float64 holds x exactly.
func exprExactFloat(x int64) bool { return x >= -1<<53 && x <= 1<<53 }

// exprCmpLoop is the comparison kernel of one ordered type.
func exprCmpLoop[T cmp.Ordered](op exprOp, a, b []T, out []bool, sa, sb int) {
	switch op {
	case exprEq:
		for i := range out {
			out[i] = a[i*sa] == b[i*sb]
		}
	case exprNe:
		for i := range out {
			out[i] = a[i*sa] != b[i*sb]
		}
	case exprLt:
		for i := range out {
			out[i] = a[i*sa] < b[i*sb]
		}
	case exprLe:
		for i := range out {
			out[i] = a[i*sa] <= b[i*sb]
		}
	case exprGt:
		for i := range out {
			out[i] = a[i*sa] > b[i*sb]
		}
	case exprGe:
		for i := range out {
			out[i] = a[i*sa] >= b[i*sb]
		}
	}
}

// exprCmpMixed compares ints with floats exactly; swapped means the float
// is the left operand.
func exprCmpMixed(op exprOp, is []int64, fs []float64, out []bool, si, sf int, swapped bool) {
	for i := range out {
		f := fs[i*sf]
		if math.IsNaN(f) {
			out[i] = op == exprNe
			continue
		}
		c := exprCmpIntFloat(is[i*si], f)
		if swapped {
			c = -c
		}
		out[i] = exprCmpResult(op, c)
	}
}

func exprCmpResult(op exprOp, c int) bool {
	switch op {
	case exprEq:
		return c == 0
	case exprNe:
		return c != 0
	case exprLt:
		return c < 0
	case exprLe:
		return c <= 0
	case exprGt:
		return c > 0
	}
	return c >= 0
}

// exprCmpIntFloat compares an int64 with a float64 (not NaN) exactly.
func exprCmpIntFloat(i int64, f float64) int {
	const two63 = 9.223372036854775808e18
	if f >= two63 {
		return -1
	}
	if f < -two63 {
		return 1
	}
	t := int64(f) // truncated toward zero, in range
	if i != t {
		return cmp.Compare(i, t)
	}
	switch fr := f - float64(t); {
	case fr > 0:
		return -1
	case fr < 0:
		return 1
	}
	return 0
}

// exprAlignTemporal makes two temporal operands comparable: the same
// type, or a literal converted to the column's type (a time.Time to a
// timestamp of any unit or a date, an arrow.Date32 to a timestamp).
func exprAlignTemporal(a, b *exprVec) (*exprVec, *exprVec, error) {
	if a.dt != nil && b.dt != nil && arrow.TypeEqual(a.dt, b.dt) {
		return a, b, nil
	}
	if x, y, ok, err := exprAlignTemporalMore(a, b); ok { // expr_dt_arith.go
		return x, y, err
	}
	if b.scalar && b.t == exprIntT && exprIsTemporal(a.dt) && exprIsTemporal(b.dt) {
		nb, err := exprConvertTemporal(b, a.dt)
		return a, nb, err
	}
	if a.scalar && a.t == exprIntT && exprIsTemporal(a.dt) && exprIsTemporal(b.dt) {
		na, err := exprConvertTemporal(a, b.dt)
		return na, b, err
	}
	return a, b, fmt.Errorf("%w: different types", ErrType)
}

// exprConvertTemporal converts a timestamp[us] or date32 scalar to dt.
func exprConvertTemporal(v *exprVec, dt arrow.DataType) (*exprVec, error) {
	var micros int64
	switch v.dt.ID() {
	case arrow.TIMESTAMP:
		unit := v.dt.(*arrow.TimestampType).Unit
		micros = v.ints[0] * exprUnitMicros(unit)
	case arrow.DATE32:
		micros = v.ints[0] * 86400e6
	default:
		return nil, fmt.Errorf("%w: %s", ErrType, v.dt)
	}
	var x int64
	switch dt.ID() {
	case arrow.TIMESTAMP:
		unit := dt.(*arrow.TimestampType).Unit
		if unit == arrow.Nanosecond {
			x = micros * 1000
		} else {
			x = micros / exprUnitMicros(unit)
		}
	case arrow.DATE32:
		x = micros / 86400e6
	case arrow.DATE64:
		x = micros / 1000
	default:
		return nil, fmt.Errorf("%w: %s", ErrType, dt)
	}
	out := *v
	out.ints, out.dt = []int64{x}, dt
	return &out, nil
}

func exprUnitMicros(u arrow.TimeUnit) int64 {
	switch u {
	case arrow.Second:
		return 1e6
	case arrow.Millisecond:
		return 1e3
	}
	return 1
}
