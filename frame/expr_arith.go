package frame

import (
	"fmt"
	"math"
)

// exprOp names a binary operator.
type exprOp uint8

const (
	exprAdd exprOp = iota
	exprSub
	exprMul
	exprDiv
	exprMod
	exprEq
	exprNe
	exprLt
	exprLe
	exprGt
	exprGe
)

var exprOpNames = [...]string{"add", "sub", "mul", "div", "mod", "eq", "ne", "lt", "le", "gt", "ge"}

func (op exprOp) String() string { return exprOpNames[op] }

// Add is e + o: int64 for two integers (wrapping on overflow), float64 with
// a float, the concatenation for two strings; null where either is null.
func (e Expr) Add(o Expr) Expr { return exprArithExpr(exprAdd, e, o) }

// Sub is e - o, typed as Add.
func (e Expr) Sub(o Expr) Expr { return exprArithExpr(exprSub, e, o) }

// Mul is e * o, typed as Add.
func (e Expr) Mul(o Expr) Expr { return exprArithExpr(exprMul, e, o) }

// Div is e / o, always float64 (Polars' true division): 7 / 2 is 3.5.
func (e Expr) Div(o Expr) Expr { return exprArithExpr(exprDiv, e, o) }

// Mod is the remainder of e / o with the sign of o (floored, as Python
// and Polars, whose % agree): -7 mod 3 is 2, 7 mod -3 is -2, and
// e == FloorDiv(e, o)*o + Mod(e, o). An integer remainder by zero is null;
// a float one NaN (Polars). SQL, DuckDB, C and Go's own % truncate
// instead, giving the sign of e (-7 % 3 is -1): the text form's % and
// mod follow DuckDB there.
func (e Expr) Mod(o Expr) Expr { return exprArithExpr(exprMod, e, o) }

// Neg is -e, of e's type (int64 or float64).
func (e Expr) Neg() Expr {
	return fn1("neg", e, "", func(a *exprVec) (*exprVec, error) {
		zero := &exprVec{t: exprIntT, n: 1, scalar: true, loaded: true, ints: []int64{0}}
		if exprIsTemporal(a.dt) {
			return exprNegTemporal(a) // expr_dt_arith.go
		}
		if _, err := exprArithType(exprSub, zero, a); err != nil {
			return nil, fmt.Errorf("%w: cannot negate %s", ErrType, a.typeName())
		}
		return exprArith(exprSub, zero, a)
	})
}

func exprArithExpr(op exprOp, a, b Expr) Expr {
	return fn2(op.String(), a, b, func(x, y *exprVec) (*exprVec, error) { return exprArith(op, x, y) })
}

// exprIsNum reports an int or float type.
func exprIsNum(t exprType) bool { return t == exprIntT || t == exprFloatT }

// exprArithType is the result type of an arithmetic operator (see Expr).
func exprArithType(op exprOp, a, b *exprVec) (exprType, error) {
	if exprIsTemporal(a.dt) || exprIsTemporal(b.dt) {
		return 0, fmt.Errorf("%w: cannot %s %s and %s (no arithmetic on temporal types)", ErrType, op, a.typeName(), b.typeName())
	}
	ta, tb := a.t, b.t
	if ta == exprNullT {
		ta = tb
	}
	if tb == exprNullT {
		tb = ta
	}
	switch {
	case ta == exprNullT:
		return exprNullT, nil
	case op == exprAdd && ta == exprStrT && tb == exprStrT:
		return exprStrT, nil
	case !exprIsNum(ta) || !exprIsNum(tb):
		return 0, fmt.Errorf("%w: cannot %s %s and %s", ErrType, op, a.typeName(), b.typeName())
	case op == exprDiv || ta == exprFloatT || tb == exprFloatT:
		return exprFloatT, nil
	}
	return exprIntT, nil
}

// exprArith applies an arithmetic operator row by row.
func exprArith(op exprOp, a, b *exprVec) (*exprVec, error) {
	if exprIsTemporal(a.dt) || exprIsTemporal(b.dt) {
		return exprTemporalArith(op, a, b) // expr_dt_arith.go
	}
	t, err := exprArithType(op, a, b)
	if err != nil {
		return nil, err
	}
	out := exprNew(t, a, b)
	if t == exprNullT || a.t == exprNullT || b.t == exprNullT {
		out.valid = exprBitsNone(out.n)
		return out, nil
	}
	out.valid = exprValidAnd(a, b, out.n)
	sa, sb := a.stride(), b.stride()
	switch t {
	case exprStrT:
		for i := range out.strs {
			out.strs[i] = a.strs[i*sa] + b.strs[i*sb]
		}
	case exprIntT:
		if op == exprMod {
			out.valid = exprModInts(a.ints, b.ints, out.ints, sa, sb, out.valid, out.n)
		} else {
			exprRingLoop(op, a.ints, b.ints, out.ints, sa, sb)
		}
	case exprFloatT:
		exprFloatLoop(op, exprFloatsOf(a), exprFloatsOf(b), out.floats, sa, sb)
	}
	return out, nil
}

// exprRingLoop is the kernel of Add, Sub and Mul over int64s or float64s
// (another op writes nothing): one tight loop per operator; sa and sb are
// 0 for a broadcast operand.
func exprRingLoop[T int64 | float64](op exprOp, a, b, out []T, sa, sb int) {
	switch op {
	case exprAdd:
		for i := range out {
			out[i] = a[i*sa] + b[i*sb]
		}
	case exprSub:
		for i := range out {
			out[i] = a[i*sa] - b[i*sb]
		}
	case exprMul:
		for i := range out {
			out[i] = a[i*sa] * b[i*sb]
		}
	}
}

// exprModInts is the floored int64 remainder; a zero divisor makes the row
// null. It returns the validity.
func exprModInts(a, b, out []int64, sa, sb int, valid []byte, n int) []byte {
	for i := range out {
		y := b[i*sb]
		if y == 0 {
			if valid == nil {
				valid = exprBitsAll(n)
			} else {
				valid = append([]byte(nil), valid...)
			}
			for j := i; j < n; j++ {
				if b[j*sb] == 0 {
					valid[j/8] &^= 1 << (j % 8)
				}
			}
			for j := i; j < n; j++ {
				if y := b[j*sb]; y != 0 {
					out[j] = exprFloorMod(a[j*sa], y)
				}
			}
			return valid
		}
		out[i] = exprFloorMod(a[i*sa], y)
	}
	return valid
}

func exprFloorMod(x, y int64) int64 {
	r := x % y
	if r != 0 && (r < 0) != (y < 0) {
		r += y
	}
	return r
}

// exprFloatLoop is the float64 kernel of the arithmetic operators.
func exprFloatLoop(op exprOp, a, b, out []float64, sa, sb int) {
	switch op {
	case exprAdd, exprSub, exprMul:
		exprRingLoop(op, a, b, out, sa, sb)
	case exprDiv:
		for i := range out {
			out[i] = a[i*sa] / b[i*sb]
		}
	case exprMod:
		for i := range out {
			x, y := a[i*sa], b[i*sb]
			r := math.Mod(x, y)
			if r != 0 && (r < 0) != (y < 0) {
				r += y
			}
			out[i] = r
		}
	}
}
