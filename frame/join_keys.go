package frame

import (
	"errors"
	"fmt"
	"math"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// joinKey is one key of one side of a join: a column reference, or an
// expression computed over the side's rows.
type joinKey struct {
	ref    string
	e      Expr
	isExpr bool
}

// joinKeyOfExpr is the key an expression gives: a plain column reference
// (Col("a")) is the column itself, as Polars takes pl.col("a"); anything
// else is computed.
func joinKeyOfExpr(e Expr) joinKey {
	if c, ok := e.n.(exprCol); ok && !selIs(c.ref) {
		return joinKey{ref: c.ref}
	}
	return joinKey{e: e, isExpr: true}
}

// joinKeysOfRefs makes column keys.
func joinKeysOfRefs(refs []string) []joinKey {
	out := make([]joinKey, len(refs))
	for i, r := range refs {
		out[i] = joinKey{ref: r}
	}
	return out
}

// joinKeysOfExprs makes expression keys.
func joinKeysOfExprs(exprs []Expr) []joinKey {
	out := make([]joinKey, len(exprs))
	for i, e := range exprs {
		out[i] = joinKeyOfExpr(e)
	}
	return out
}

// String renders the key for messages: the column's path or the expression.
func (k joinKey) String() string {
	if k.isExpr {
		return k.e.String()
	}
	return displayPath(k.ref)
}

// joinSide is the keys of one side of a join, resolved.
type joinSide struct {
	keys  []*sortKeyCol
	paths [][]string         // the column's path, nil for an expression key
	vals  []structured.Value // the key values, one row per row
	exprs bool               // some key is an expression
}

// joinResolve reads the key pairs of on over f (left) and other (right);
// what names them in messages ("key", "by key"). Paired keys must be of
// one family once integers are widened (see Join); a uint64 key paired with
// a signed one is read as int64, an error when it holds a larger value.
func joinResolve(op, what string, f, other *Frame, left, right []joinKey) (l, r joinSide, err error) {
	l, err = joinSideOf(op, "left "+what, f, left)
	if err != nil {
		return l, r, err
	}
	r, err = joinSideOf(op, "right "+what, other, right)
	if err != nil {
		return l, r, err
	}
	for i := range left {
		lk, rk := l.keys[i], r.keys[i]
		if lk.class == rk.class || lk.class == "null" || rk.class == "null" {
			continue
		}
		if err := joinUnifyInts(lk, rk); err != nil {
			return l, r, errorf(op, ErrType, "%s types differ: %v", what, err)
		}
		if lk.class != rk.class {
			return l, r, errorf(op, ErrType, "%s types differ: left %q is %s, right %q is %s",
				what, left[i], lk.dt, right[i], rk.dt)
		}
	}
	return l, r, nil
}

// joinSideOf resolves the keys of one side: column references through
// f.column, expressions evaluated over f's rows.
func joinSideOf(op, what string, f *Frame, keys []joinKey) (joinSide, error) {
	n := f.data.NumRows()
	s := joinSide{
		keys:  make([]*sortKeyCol, len(keys)),
		paths: make([][]string, len(keys)),
		vals:  make([]structured.Value, len(keys)),
	}
	for i, k := range keys {
		var (
			v   structured.Value
			err error
		)
		if k.isExpr {
			s.exprs = true
			if k.e.n != nil && k.e.n.hasAgg() {
				return s, errorf(op, ErrArgument, "%s %s aggregates; a key has one value per row", what, k.e)
			}
			if v, err = k.e.evalFrame(op, f); err != nil {
				return s, errorf(op, errors.Unwrap(err), "%s %s: %s", what, k.e, joinMsg(err))
			}
		} else {
			if s.paths[i], v, err = f.column(op, k.ref); err != nil {
				return s, errorf(op, ErrColumn, "%s: %s", what, joinMsg(err))
			}
		}
		s.vals[i] = v
		if s.keys[i], err = sortKeyOf(op, k.String(), v, n); err != nil {
			return s, errorf(op, errors.Unwrap(err), "%s %s", what, joinMsg(err))
		}
	}
	return s, nil
}

// joinUnifyInts lets a uint64 key meet a key of the other integer types
// (class "int"): when that one is unsigned, both are read as uint64;
// when it is signed, the uint64 key is read as int64, an error naming
// the value when it holds one above MaxInt64. Other pairs are left as
// they are. The keys' values are copied, never changed in place (a
// uint64 key's values are the Arrow buffer).
func joinUnifyInts(lk, rk *sortKeyCol) error {
	ik, uk := lk, rk
	if lk.class == "uint64" {
		ik, uk = rk, lk
	}
	if ik.class != "int" || uk.class != "uint64" {
		return nil
	}
	if dtype.Of(ik.dt).Class == dtype.ClassUnsigned {
		u := make([]uint64, len(ik.u))
		for i, x := range ik.u {
			u[i] = x ^ (1 << 63) // its value, as it is never negative
		}
		ik.u, ik.class = u, "uint64"
		return nil
	}
	u := make([]uint64, len(uk.u))
	for i, x := range uk.u {
		if x > math.MaxInt64 && !uk.isNull(i) {
			return fmt.Errorf("%s key %q holds %d at row %d, beyond the int64 range of the %s key %q (cast one of them)",
				uk.dt, uk.name, x, i, ik.dt, ik.name)
		}
		u[i] = dtype.SortKeyInt(int64(x))
	}
	uk.u, uk.class = u, "int"
	return nil
}
