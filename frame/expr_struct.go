package frame

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
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

// RenameFields renames the fields of each structure, in order (Polars'
// struct.rename_fields): names has one name per field. Null structures
// stay null; no field is copied.
func (s ExprStruct) RenameFields(names ...string) Expr {
	return fn1("struct.rename_fields", s.e, fmt.Sprintf("%q", names), func(a *exprVec) (*exprVec, error) {
		t, err := exprStructOf("struct.rename_fields", a)
		if err != nil {
			return nil, err
		}
		if len(names) != t.NumFields() {
			return nil, fmt.Errorf("%w: struct.rename_fields takes %d names for the fields %s, got %d", ErrArgument, t.NumFields(), columnList(t.FieldNames()), len(names))
		}
		fields := t.Fields()
		for i := range fields {
			fields[i].Name = names[i]
		}
		return exprStructBuild(fields, t.NumRows(), t.Validity())
	})
}

// WithFields adds fields to each structure, or replaces those of the same
// name, keeping the others in place (Polars' struct.with_fields): each
// expression's Name is its field's name. Inside them, Field(name) reads a
// field of the structure itself, and Col a column of the frame:
//
//	Col("point").Struct().WithFields(Field("x").Mul(Lit(2)).Alias("x2"))
//
// A null structure stays null.
func (s ExprStruct) WithFields(exprs ...Expr) Expr {
	extra := make([]string, len(exprs))
	for i, e := range exprs {
		extra[i] = e.String()
	}
	return Expr{n: exprFn{label: "struct.with_fields", args: []Expr{s.e}, extra: strings.Join(extra, ", "), hidden: true, fn: func(c *exprCtx, args []*exprVec) (*exprVec, error) {
		t, err := exprStructOf("struct.with_fields", args[0])
		if err != nil {
			return nil, err
		}
		fields := t.Fields()
		fc := *c
		fc.elem = t
		for _, e := range exprs {
			v, err := e.eval(&fc)
			if err != nil {
				return nil, err
			}
			val, err := v.toValue(t.NumRows())
			if err != nil {
				return nil, err
			}
			if val.NumRows() != t.NumRows() {
				return nil, fmt.Errorf("%w: field %q has %d rows, the structures %d", ErrShape, e.Name(), val.NumRows(), t.NumRows())
			}
			fields = exprSetField(fields, e.Name(), val)
		}
		return exprStructBuild(fields, t.NumRows(), t.Validity())
	}}}
}

// exprSetField replaces the field named name, or appends it.
func exprSetField(fields []structured.FieldValue, name string, v structured.Value) []structured.FieldValue {
	for i := range fields {
		if fields[i].Name == name {
			fields[i].Value = v
			return fields
		}
	}
	return append(fields, structured.FieldValue{Name: name, Value: v})
}

// Field is the field name of the structure inside Struct().WithFields
// (Polars' pl.field): Col("s").Struct().WithFields(Field("a").Add(Field("b")).Alias("c")).
// It is Element().Struct().Field(name): there Element() stands for the
// structure.
func Field(name string) Expr { return Element().Struct().Field(name) }

// Struct makes a structure column of the expressions, each a field named
// by its Name (Polars' pl.struct): Struct(Col("x"), Col("y").Alias("z"))
// has the fields x and z. No structure is null; a literal is repeated on
// every row. Two fields of one name are an ErrDuplicate error.
//
// Struct, a function, and Expr.Struct, the method giving the structure
// functions of an expression, do not clash: Go keeps package functions
// and methods apart.
func Struct(exprs ...Expr) Expr {
	names := make([]string, len(exprs))
	for i, e := range exprs {
		names[i] = e.Name()
	}
	return Expr{n: exprCall{exprFn{label: "struct", args: exprs, fn: func(_ *exprCtx, vs []*exprVec) (*exprVec, error) {
		if len(vs) == 0 {
			return nil, fmt.Errorf("%w: struct takes at least one expression", ErrArgument)
		}
		n, scalar := exprRows(vs...)
		fields := make([]structured.FieldValue, len(vs))
		seen := map[string]bool{}
		for i, v := range vs {
			if seen[names[i]] {
				return nil, fmt.Errorf("%w: two fields named %q (name one with Alias)", ErrDuplicate, names[i])
			}
			seen[names[i]] = true
			val, err := v.toValue(n)
			if err != nil {
				return nil, err
			}
			fields[i] = structured.FieldValue{Name: names[i], Value: val}
		}
		out, err := exprStructBuild(fields, n, structured.Bitmap{})
		if err != nil {
			return nil, err
		}
		out.scalar = scalar
		return out, nil
	}}}}
}

// exprCall is a function of its arguments rendered as a call,
// struct(col(a), col(b)), not as a method of the first.
type exprCall struct{ exprFn }

func (n exprCall) String() string {
	args := make([]string, len(n.args))
	for i, a := range n.args {
		args[i] = a.String()
	}
	return n.label + "(" + strings.Join(args, ", ") + ")"
}

func (n exprCall) eval(c *exprCtx) (*exprVec, error) {
	out, err := n.exprFn.eval(c)
	if fe, ok := err.(*Error); ok {
		// exprFn names itself by its method rendering: name the call.
		if rest, ok := strings.CutPrefix(fe.Msg, n.exprFn.String()+": "); ok {
			return nil, &Error{Op: fe.Op, Err: fe.Err, Msg: n.String() + ": " + rest}
		}
	}
	return out, err
}

// exprStructOf is the structure column of a vector, or an ErrType error.
func exprStructOf(label string, a *exprVec) (*structured.Tensor, error) {
	t, ok := a.raw.(*structured.Tensor)
	if !ok || t.Rank() != 1 {
		return nil, fmt.Errorf("%w: %s takes a structure column, got %s", ErrType, label, a.typeName())
	}
	return t, nil
}

// exprStructBuild makes a structure column of n rows of fields, null where
// valid is: the fields' arrays are shared.
func exprStructBuild(fields []structured.FieldValue, n int, valid structured.Bitmap) (*exprVec, error) {
	t, err := structured.FromFieldsShape(fields, structured.Shape{n})
	if err != nil {
		return nil, err
	}
	if valid.NullN() > 0 {
		if t, err = exprWithValidity(t, valid); err != nil {
			return nil, err
		}
	}
	return exprFromValue(t), nil
}

// exprWithValidity gives a rank-1 Tensor the null structures of valid,
// through its Arrow struct array (no field is copied).
func exprWithValidity(t *structured.Tensor, valid structured.Bitmap) (*structured.Tensor, error) {
	arr, err := t.ToArrow()
	if err != nil {
		return nil, err
	}
	defer arr.Release()
	n, d := t.NumRows(), arr.Data()
	bits := make([]byte, bitutil.BytesForBits(int64(d.Offset()+n)))
	src, off := valid.Bytes()
	bitutil.CopyBitmap(src, off, n, bits, d.Offset())
	data := array.NewData(d.DataType(), n, []*memory.Buffer{memory.NewBufferBytes(bits)}, d.Children(), valid.NullN(), d.Offset())
	defer data.Release()
	st := array.MakeFromData(data)
	defer st.Release()
	return structured.FromArrow(st)
}
