package gota

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// FromDataFrame makes a Frame of a gota DataFrame: one column per gota
// column, in gota's order, NA as null (see the package documentation for
// the types). With [WithSchema] it rebuilds the nesting, lists and types
// of the Frame that [ToDataFrame] wrote; with WithSchema and
// [WithExplode], the lists written as rows. A DataFrame that carries an
// error is an error.
func FromDataFrame(df dataframe.DataFrame, opts ...Option) (*frame.Frame, error) {
	const op = opFrom
	if df.Err != nil {
		return nil, errorf(op, frame.ErrArgument, "the gota DataFrame carries an error: %v", df.Err)
	}
	names := df.Names()
	cols := make([]any, len(names))
	for i, name := range names {
		v, err := fromSeries(df.Col(name))
		if err != nil {
			return nil, errorf(op, frame.ErrType, "column %q: %v", name, err)
		}
		cols[i] = v
	}
	f := frame.FromColumns(names, cols...)
	if err := f.Err(); err != nil {
		return nil, wrap(op, err)
	}
	c := makeConfig(opts)
	switch {
	case c.schema != nil && c.explode != "":
		return implode(op, f, c.schema, c.explode)
	case c.schema != nil:
		return restore(op, f, c.schema)
	case c.explode != "":
		return nil, errorf(op, frame.ErrArgument, "WithExplode needs WithSchema to rebuild the lists")
	}
	return f, nil
}

// fromSeries converts one gota series column-wise: its typed slice (NA as
// NaN or zero) and its NA flags become an Arrow array with validity.
func fromSeries(s series.Series) (structured.Value, error) {
	n := s.Len()
	na := s.IsNaN()
	valid := make([]bool, n)
	for i, isNA := range na {
		valid[i] = !isNA
	}
	mem := memory.DefaultAllocator
	var arr arrow.Array
	switch s.Type() {
	case series.Float:
		arr = buildArray(array.NewFloat64Builder(mem), s.Float(), valid)
	case series.Int:
		vals, err := elems(s, valid, func(e series.Element) (int64, error) {
			v, err := e.Int()
			return int64(v), err
		})
		if err != nil {
			return nil, err
		}
		arr = buildArray(array.NewInt64Builder(mem), vals, valid)
	case series.Bool:
		vals, err := elems(s, valid, series.Element.Bool)
		if err != nil {
			return nil, err
		}
		arr = buildArray(array.NewBooleanBuilder(mem), vals, valid)
	case series.String:
		vals := s.Records()
		for i := range vals {
			if !valid[i] {
				vals[i] = ""
			}
		}
		arr = buildArray(array.NewStringBuilder(mem), vals, valid)
	default:
		return nil, fmt.Errorf("gota type %q is not one of int, float, bool, string", s.Type())
	}
	defer arr.Release()
	return structured.NewDense(arr)
}

// elems reads the valid elements of a gota series with get (the zero
// value at NA), naming the row of an element get refuses.
func elems[T any](s series.Series, valid []bool, get func(series.Element) (T, error)) ([]T, error) {
	vals := make([]T, len(valid))
	for i := range vals {
		if valid[i] {
			v, err := get(s.Elem(i))
			if err != nil {
				return nil, fmt.Errorf("row %d: %v", i, err)
			}
			vals[i] = v
		}
	}
	return vals, nil
}
