package frame

import (
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// WithColumns adds or replaces top-level columns computed by expressions
// (Polars' with_columns, pandas' assign): a column whose name (see Expr:
// Alias, else the leftmost column) exists is replaced in place, others are
// appended in the order given. Every expression sees the frame as it was
// before the call. An aggregation is repeated on every row:
//
//	df.WithColumns(Col("scores").List().Mean().Alias("avg"), Col("price").Mul(Lit(2)))
//
// Two expressions of one name are an ErrDuplicate error.
func (f *Frame) WithColumns(exprs ...Expr) *Frame {
	const op = "WithColumns"
	if f.Err() != nil {
		return f
	}
	cols, _, err := exprColumns(op, f, exprs, false)
	if err != nil {
		return failed(err)
	}
	if t, ok := setColumns(f.data, cols); ok {
		return f.with(t, f.idx)
	}
	fields := f.data.Fields()
	pos := make(map[string]int, len(fields))
	for i, fv := range fields {
		pos[fv.Name] = i
	}
	for _, c := range cols {
		if i, ok := pos[c.Name]; ok {
			fields[i] = c
			continue
		}
		fields = append(fields, c)
	}
	return f.withColumns(op, fields)
}

// setColumns sets cols as top-level fields of t, each replacing the
// field of its name in place or appended after the others, through
// structured's updates, which leave the other fields as they are (a field
// of a frame joined from pieces stays in pieces). It reports false when
// two of cols share a name, which WithColumns refuses on its own path,
// and for a Tensor with null rows, whose nulls that path gives its
// columns.
func setColumns(t *structured.Tensor, cols []structured.FieldValue) (*structured.Tensor, bool) {
	if t.NullN() != 0 {
		return nil, false
	}
	updates := make([]structured.Update, len(cols))
	seen := make(map[string]bool, len(cols))
	for k, c := range cols {
		if seen[c.Name] {
			return nil, false
		}
		seen[c.Name] = true
		updates[k] = structured.SetField(c.Value, c.Name)
	}
	out, err := t.WithUpdates(updates...)
	return out, err == nil
}

// SelectExprs makes a frame of exactly the given expressions, in order
// (Polars' select): Col("a") shares column a, other expressions compute
// new columns. When every expression aggregates (Col("x").Sum(), Len())
// the result has one row and a range index; otherwise aggregations are
// repeated on every row and the index is kept.
func (f *Frame) SelectExprs(exprs ...Expr) *Frame {
	const op = "SelectExprs"
	if f.Err() != nil {
		return f
	}
	cols, allScalar, err := exprColumns(op, f, exprs, true)
	if err != nil {
		return failed(err)
	}
	if allScalar && len(exprs) > 0 {
		t, err := structured.FromFieldsShape(cols, structured.Shape{1})
		if err != nil {
			return failed(wrap(op, err))
		}
		return f.with(t, index.NewRange(1))
	}
	return f.withColumns(op, cols)
}

// exprColumns evaluates expressions over f's rows into named columns of
// f's length (or of one row each, when scalarOK and every one is a scalar).
func exprColumns(op string, f *Frame, exprs []Expr, scalarOK bool) ([]structured.FieldValue, bool, error) {
	exprs, err := f.expandExprs(op, exprs, nil)
	if err != nil {
		return nil, false, err
	}
	c := &exprCtx{op: op, f: f, rows: true, wins: &winCache{}} // Over's groupings, shared by the expressions
	// Names first: the expressions before the first duplicate are
	// evaluated, and the duplicate reported only if they all succeed, as
	// one pass in order would.
	seen := make(map[string]int, len(exprs))
	var dupErr error
	for i, e := range exprs {
		name := e.Name()
		if j, dup := seen[name]; dup {
			dupErr = errorf(op, ErrDuplicate, "expressions %d (%s) and %d (%s) both make column %q; use Alias", j, exprs[j], i, e, name)
			exprs = exprs[:i]
			break
		}
		seen[name] = i
	}
	vecs := make([]*exprVec, len(exprs))
	vals := make([]structured.Value, len(exprs))
	errs := make([]error, len(exprs))
	eval := func(i int) {
		ic := *c // each expression its own context
		v, err := exprs[i].eval(&ic)
		if err == nil && !v.scalar {
			// Materialised here, on the expression's goroutine.
			vals[i], err = v.toValue(f.data.NumRows())
			if err != nil {
				err = exprErr(&ic, exprs[i], err)
			}
		}
		vecs[i], errs[i] = v, err
	}
	exprsEach(len(exprs), f.data.NumRows(), eval, errs)
	for _, err := range errs {
		if err != nil {
			return nil, false, err
		}
	}
	if dupErr != nil {
		return nil, false, dupErr
	}
	allScalar := true
	for _, v := range vecs {
		allScalar = allScalar && v.scalar
	}
	n := f.data.NumRows()
	if scalarOK && allScalar {
		n = 1
	}
	cols := make([]structured.FieldValue, len(exprs))
	for i, v := range vecs {
		val := vals[i]
		if val == nil {
			var err error
			if val, err = v.toValue(n); err != nil {
				return nil, false, exprErr(c, exprs[i], err)
			}
		}
		cols[i] = structured.FieldValue{Name: exprs[i].Name(), Value: val}
	}
	return cols, allScalar, nil
}
