package frame

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// ExprStruct holds the functions of a structure column: e.Struct().Field("x").
type ExprStruct struct{ e Expr }

// Struct returns the structure functions of e.
func (e Expr) Struct() ExprStruct { return ExprStruct{e: e} }

// Field is the field name of each structure, named name (as Polars'
// struct.field); a null structure gives a null. Col("s").Struct().Field("x")
// is the column Col("s.x") refers to.
func (s ExprStruct) Field(name string) Expr {
	inner := fn1("struct.field", s.e, fmt.Sprintf("%q", name), func(a *exprVec) (*exprVec, error) {
		t, ok := a.raw.(*structured.Tensor)
		if !ok || t.Rank() != 1 {
			return nil, fmt.Errorf("%w: struct.field takes a structure column, got %s", ErrType, a.typeName())
		}
		if !t.HasField(name) {
			return nil, fmt.Errorf("%w: field %q not found (fields: %s)", ErrColumn, name, columnList(t.FieldNames()))
		}
		v, err := t.Field(name)
		if err != nil {
			return nil, err
		}
		out := exprFromValue(v)
		if t.NullN() > 0 && out.t != exprOtherT {
			if err := out.load(); err != nil {
				return nil, err
			}
			out.valid = exprValidAnd(out, &exprVec{n: out.n, valid: exprBitsOf(t.Validity())}, out.n)
			out.raw = nil
		}
		return out, nil
	})
	return Expr{n: exprNamed{e: inner, name: name}}
}

// exprNamed gives its expression a name without showing it in String.
type exprNamed struct {
	e    Expr
	name string
}

func (n exprNamed) outName() string                   { return n.name }
func (n exprNamed) hasAgg() bool                      { return n.e.n.hasAgg() }
func (n exprNamed) String() string                    { return n.e.String() }
func (n exprNamed) eval(c *exprCtx) (*exprVec, error) { return n.e.eval(c) }
