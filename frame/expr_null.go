package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// IsNull is true where e is null: a null item, a null list or a null
// structure. It is never null itself.
func (e Expr) IsNull() Expr {
	return fn1("is_null", e, "", func(a *exprVec) (*exprVec, error) { return exprNullTest(a, true) })
}

// IsNotNull is true where e is not null.
func (e Expr) IsNotNull() Expr {
	return fn1("is_not_null", e, "", func(a *exprVec) (*exprVec, error) { return exprNullTest(a, false) })
}

func exprNullTest(a *exprVec, null bool) (*exprVec, error) {
	out := exprNew(exprBoolT, a)
	valid := a.valid
	if a.t == exprOtherT && a.raw != nil {
		valid = exprRowValidity(a.raw)
	}
	for i := range out.bools {
		isNull := a.t == exprNullT || (valid != nil && !bitutil.BitIsSet(valid, i))
		out.bools[i] = isNull == null
	}
	return out, nil
}

// exprRowValidity is the validity of a value's outer rows: its items'
// for a vector, its outer lists' for a ragged leaf, its structures' for a
// rank-1 Tensor; nil when no row is null.
func exprRowValidity(v structured.Value) []byte {
	switch v := v.(type) {
	case *structured.Dense:
		if v.Rank() == 1 {
			return exprBitsOf(v.Validity())
		}
	case *structured.Ragged:
		return exprBitsOf(v.RowPartitions()[0].Validity())
	case *structured.Tensor:
		if v.Rank() == 1 {
			return exprBitsOf(v.Validity())
		}
		return exprBitsOf(v.RowPartitions()[0].Validity())
	}
	return nil
}

// FillNull replaces the nulls of e by the value of o on that row (o is
// usually a Lit). Types promote as for Add: an int column filled with a
// float becomes float64; other mixtures are an ErrType error.
// FillNullWith fills by a strategy instead (forward, backward, the mean,
// ...).
func (e Expr) FillNull(o Expr) Expr {
	return fn2("fill_null", e, o, exprFillNull)
}

func exprFillNull(a, b *exprVec) (*exprVec, error) {
	if b.t == exprNullT || (a.valid == nil && a.t != exprNullT) {
		return a, nil
	}
	t := a.t
	switch {
	case a.t == exprNullT:
		t = b.t
	case a.t == b.t:
	case exprIsNum(a.t) && exprIsNum(b.t):
		t = exprFloatT
	default:
		return nil, fmt.Errorf("%w: cannot fill nulls of %s with %s", ErrType, a.typeName(), b.typeName())
	}
	if t == exprOtherT {
		return nil, fmt.Errorf("%w: cannot fill nulls of %s", ErrType, a.typeName())
	}
	if exprIsTemporal(a.dt) || exprIsTemporal(b.dt) {
		if a.t != exprNullT && (b.dt == nil || a.dt == nil || a.dt.ID() != b.dt.ID()) {
			return nil, fmt.Errorf("%w: cannot fill nulls of %s with %s", ErrType, a.typeName(), b.typeName())
		}
	}
	out := exprNew(t, a, b)
	// Integers promote to int64 (a fill value need not fit the column's
	// narrower type); temporal types keep theirs.
	if exprIsTemporal(a.dt) {
		out.dt = a.dt
	} else if a.t == exprNullT && exprIsTemporal(b.dt) {
		out.dt = b.dt
	}
	sa, sb := a.stride(), b.stride()
	an := a.t == exprNullT
	var af, bf []float64
	if t == exprFloatT {
		if !an {
			af = exprFloatsOf(a)
		}
		bf = exprFloatsOf(b)
	}
	switch t {
	case exprIntT:
		exprFillLoop(out.ints, a.ints, b.ints, sa, sb, a, an)
	case exprFloatT:
		exprFillLoop(out.floats, af, bf, sa, sb, a, an)
	case exprBoolT:
		exprFillLoop(out.bools, a.bools, b.bools, sa, sb, a, an)
	case exprStrT:
		exprFillLoop(out.strs, a.strs, b.strs, sa, sb, a, an)
	}
	if b.valid != nil && !(b.scalar && !b.isNull(0)) {
		valid := exprBitsAll(out.n)
		for i := 0; i < out.n; i++ {
			if (an || a.isNull(i)) && b.isNull(i) {
				valid[i/8] &^= 1 << (i % 8)
			}
		}
		out.valid = valid
	}
	return out, nil
}

// exprFillLoop is FillNull's kernel over one type: out takes b's row where
// av is null (every row when allNull), else a's.
func exprFillLoop[T any](out, a, b []T, sa, sb int, av *exprVec, allNull bool) {
	for i := range out {
		if allNull || av.isNull(i) {
			out[i] = b[i*sb]
		} else {
			out[i] = a[i*sa]
		}
	}
}
