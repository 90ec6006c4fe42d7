package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// UnpivotOption changes Unpivot: WithVariableName, WithValueName.
type UnpivotOption interface{ applyUnpivot(*unpConfig) }

type unpConfig struct {
	variable, value string
}

type unpOptionFunc func(*unpConfig)

func (fn unpOptionFunc) applyUnpivot(c *unpConfig) { fn(c) }

// WithVariableName names Unpivot's column of column names ("variable"
// unless set), as Polars' variable_name.
func WithVariableName(name string) UnpivotOption {
	return unpOptionFunc(func(c *unpConfig) { c.variable = name })
}

// WithValueName names Unpivot's column of values ("value" unless set), as
// Polars' value_name.
func WithValueName(name string) UnpivotOption {
	return unpOptionFunc(func(c *unpConfig) { c.value = name })
}

// Unpivot turns columns into rows, wide data into long (Polars' unpivot,
// pandas' melt): for each on column, in order, every row of the frame
// gives a row of the index columns, a string column "variable" holding
// the on column's name and a column "value" holding its value:
//
//	wide.Unpivot([]string{"jan", "feb"}, []string{"city"})
//
// gives (city, variable, value) rows, the jan values first, then feb. An
// empty on (nil or empty) takes every column that is not an index column,
// as Polars' on=None; an empty index keeps none. The result has a range
// index and len(on) × NumRows rows.
//
// The on columns become one column, so their types are made one, as
// Polars makes them: integers of different widths take the widest (signed
// and unsigned together int64), integers and floats float64, strings of
// different Arrow types large_string, a column of Arrow type null any
// other's type. A conversion that would lose a value (an int64 beyond
// 2^53 to float64) is an error naming the column and row. Other mixtures
// (a number and a string, a bool and a number) are an ErrType error naming
// both columns and both types, where Polars would turn everything into
// strings: Cast the columns first to have that. Lists and structures are
// unpivoted when all the on columns share their type exactly.
//
// Unpivot of a Pivot gives the long rows back, up to their order and the
// nulls of the missing pairs (see Pivot).
func (f *Frame) Unpivot(on, index []string, opts ...UnpivotOption) *Frame {
	const op = "Unpivot"
	if f.Err() != nil {
		return f
	}
	cfg := unpConfig{variable: "variable", value: "value"}
	for _, o := range opts {
		if o != nil {
			o.applyUnpivot(&cfg)
		}
	}
	var err error
	if index, err = f.expandRefs(op, index); err != nil {
		return failed(err)
	}
	if on, err = f.expandRefs(op, on); err != nil {
		return failed(err)
	}
	idxNames := make([]string, len(index))
	idxVals := make([]structured.Value, len(index))
	used := make(map[string]bool, len(index)+2)
	for k, ref := range index {
		_, v, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		idxNames[k], idxVals[k] = displayPath(ref), v
		if used[idxNames[k]] {
			return failed(errorf(op, ErrDuplicate, "index column %q is given twice", idxNames[k]))
		}
		used[idxNames[k]] = true
	}
	if len(on) == 0 {
		for _, name := range f.data.FieldNames() {
			if !used[name] {
				on = append(on, name)
			}
		}
	}
	onNames := make([]string, len(on))
	onVals := make([]structured.Value, len(on))
	for k, ref := range on {
		_, v, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		onNames[k], onVals[k] = displayPath(ref), v
	}
	for _, name := range []string{cfg.variable, cfg.value} {
		if used[name] {
			return failed(errorf(op, ErrDuplicate, "the column %q is already an index column; use WithVariableName or WithValueName", name))
		}
		used[name] = true
	}
	n := f.data.NumRows()
	m := len(on)
	fields := make([]structured.FieldValue, 0, len(index)+2)
	// Index columns: rows 0..n-1, once per on column.
	rows := make([]int, n*m)
	for k := range m {
		for i := range n {
			rows[k*n+i] = i
		}
	}
	for k, v := range idxVals {
		taken, err := structured.TakeValue(v, rows)
		if err != nil {
			return failed(wrap(op, err))
		}
		fields = append(fields, structured.FieldValue{Name: idxNames[k], Value: taken})
	}
	variable, err := unpivotNames(onNames, n)
	if err != nil {
		return failed(wrap(op, err))
	}
	fields = append(fields, structured.FieldValue{Name: cfg.variable, Value: variable})
	value, err := reshapeJoin(op, onNames, onVals, nil)
	if err != nil {
		return failed(err)
	}
	fields = append(fields, structured.FieldValue{Name: cfg.value, Value: value})
	t, err := structured.FromFieldsShape(fields, structured.Shape{n * m})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, rangeOf(n*m))
}

// unpivotNames is the variable column: each name repeated n times.
func unpivotNames(names []string, n int) (structured.Value, error) {
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	size := 0
	for _, s := range names {
		size += len(s) * n
	}
	b.Reserve(len(names) * n)
	b.ReserveData(size)
	for _, s := range names {
		for range n {
			b.Append(s)
		}
	}
	arr := b.NewArray()
	defer arr.Release()
	return structured.NewDense(arr)
}

// reshapeJoin joins columns (each a value of rank >= 1) end to end into
// one, after making their types one (see Unpivot); rows, when not nil,
// picks the rows of each column first (Transpose takes one row at a time).
func reshapeJoin(op string, names []string, vals []structured.Value, rows []int) (structured.Value, error) {
	to, err := reshapeCommonType(op, names, vals)
	if err != nil {
		return nil, err
	}
	parts := make([]structured.Value, 0, len(vals))
	for k, v := range vals {
		if to != nil {
			if d, ok := v.(*structured.Dense); ok && d.Rank() == 1 && !arrow.TypeEqual(d.DataType(), to) {
				if v, err = reshapeCast(d, to); err != nil {
					return nil, errorf(op, ErrType, "column %q: %v", names[k], err)
				}
			}
		}
		if rows != nil {
			if v, err = structured.TakeValue(v, rows); err != nil {
				return nil, wrap(op, err)
			}
		}
		parts = append(parts, v)
	}
	if len(parts) == 0 {
		arr := array.NewNull(0)
		defer arr.Release()
		return structured.NewDense(arr)
	}
	out, err := structured.ConcatValues(parts...)
	if err != nil {
		return nil, errorf(op, ErrType, "columns %s cannot be joined into one: %v", columnList(names), err)
	}
	return out, nil
}

// reshapeCommonType is the type the scalar columns vals are converted to
// before they are joined: nil when they are joined as they are (one type,
// or lists and structures, which structured.ConcatValues checks).
func reshapeCommonType(op string, names []string, vals []structured.Value) (arrow.DataType, error) {
	var (
		to    arrow.DataType
		toCol int
		same  = true
	)
	for k, v := range vals {
		d, ok := v.(*structured.Dense)
		if !ok || d.Rank() != 1 {
			continue
		}
		dt := d.DataType()
		if dt.ID() == arrow.NULL {
			continue
		}
		if to == nil {
			to, toCol = dt, k
			continue
		}
		if arrow.TypeEqual(to, dt) {
			continue
		}
		same = false
		wider, ok := reshapeWider(to, dt)
		if !ok {
			return nil, errorf(op, ErrType, "column %q is %s and column %q is %s: they cannot make one column (Cast one first)", names[toCol], exprArrowName(to), names[k], exprArrowName(dt))
		}
		if !arrow.TypeEqual(wider, to) {
			to, toCol = wider, k
		}
	}
	if same {
		// One type (and null columns): structured.ConcatValues takes them as they are.
		return nil, nil
	}
	return to, nil
}

// reshapeWider is the type two scalar types join in: the wider of one
// kind of number, int64 for signed and unsigned integers, float64 for
// integers and floats, large_string for two kinds of string.
func reshapeWider(a, b arrow.DataType) (arrow.DataType, bool) {
	if catIsString(a) && catIsString(b) {
		return catWider(a, b), true
	}
	fa, fb := dtype.Of(a), dtype.Of(b)
	if !fa.Numeric() || !fb.Numeric() {
		return nil, false
	}
	switch {
	case fa.Class == fb.Class:
		return catWider(a, b), true
	case fa.Class == dtype.ClassFloat || fb.Class == dtype.ClassFloat:
		return arrow.PrimitiveTypes.Float64, true
	}
	return arrow.PrimitiveTypes.Int64, true
}

// reshapeCast converts a scalar column to the common type.
func reshapeCast(d *structured.Dense, to arrow.DataType) (structured.Value, error) {
	if d.DataType().ID() == arrow.NULL {
		return d, nil
	}
	if catIsString(to) {
		return catCast(d, to)
	}
	arr, err := dtype.Convert(d.Values(), to)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrType, err)
	}
	defer arr.Release()
	return structured.NewDense(arr)
}
