package frame

import (
	"fmt"
	"unsafe"
)

// exprBoolBytesOf views bools as the bytes 0 and 1 Go stores them as.
func exprBoolBytesOf(bs []bool) []uint8 {
	if len(bs) == 0 {
		return nil
	}
	return unsafe.Slice((*uint8)(unsafe.Pointer(&bs[0])), len(bs))
}

// And is e AND o in Kleene's three-valued logic, as SQL: false if either
// side is false, true if both are true, null otherwise.
func (e Expr) And(o Expr) Expr {
	return fn2("and", e, o, func(a, b *exprVec) (*exprVec, error) { return exprKleene(true, a, b) })
}

// Or is e OR o in Kleene's logic: true if either side is true, false if
// both are false, null otherwise.
func (e Expr) Or(o Expr) Expr {
	return fn2("or", e, o, func(a, b *exprVec) (*exprVec, error) { return exprKleene(false, a, b) })
}

// Not is NOT e; null stays null.
func (e Expr) Not() Expr {
	return fn1("not", e, "", func(a *exprVec) (*exprVec, error) {
		if err := exprWantBool("not", a); err != nil {
			return nil, err
		}
		out := exprNew(exprBoolT, a)
		if a.t == exprNullT {
			out.valid = exprBitsNone(out.n)
			return out, nil
		}
		for i, x := range a.bools[:out.n] {
			out.bools[i] = !x
		}
		out.valid = a.valid
		return out, nil
	})
}

func exprWantBool(op string, vs ...*exprVec) error {
	for _, v := range vs {
		if v.t != exprBoolT && v.t != exprNullT {
			return fmt.Errorf("%w: %s takes bool operands, got %s", ErrType, op, v.typeName())
		}
	}
	return nil
}

// exprKleene is And (and true) or Or (and false) over two bool vectors.
func exprKleene(and bool, a, b *exprVec) (*exprVec, error) {
	name := "or"
	if and {
		name = "and"
	}
	if err := exprWantBool(name, a, b); err != nil {
		return nil, err
	}
	out := exprNew(exprBoolT, a, b)
	sa, sb := a.stride(), b.stride()
	ab, bb := a.bools, b.bools
	if a.t == exprNullT {
		ab, sa = []bool{false}, 0
	}
	if b.t == exprNullT {
		bb, sb = []bool{false}, 0
	}
	if a.valid == nil && b.valid == nil {
		// Bytes, not bools: & and | have no branch to mispredict.
		o, x, y := exprBoolBytesOf(out.bools), exprBoolBytesOf(ab), exprBoolBytesOf(bb)
		if and {
			for i := range o {
				o[i] = x[i*sa] & y[i*sb]
			}
		} else {
			for i := range o {
				o[i] = x[i*sa] | y[i*sb]
			}
		}
		return out, nil
	}
	x, vx := exprBoolOperand(a, out.n)
	y, vy := exprBoolOperand(b, out.n)
	out.valid = exprKleeneBits(and, exprBoolBytesOf(out.bools), x, vx, y, vy, out.n)
	return out, nil
}
