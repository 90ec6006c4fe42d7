package gota

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// ToDataFrame converts the Frame to a gota DataFrame (see the package
// documentation for what each type becomes): the index as leading
// columns, structures as dotted columns, lists as JSON text or, by
// [WithExplode], as rows. The error names the column that cannot be
// converted.
func ToDataFrame(f *frame.Frame, opts ...Option) (dataframe.DataFrame, error) {
	const op = opTo
	if err := f.Err(); err != nil {
		return dataframe.DataFrame{}, err
	}
	flat, err := flatColumns(op, f, makeConfig(opts))
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	cols := make([]series.Series, 0, len(flat))
	for _, fv := range flat {
		s, err := toSeries(fv.Name, fv.Value)
		if err != nil {
			return dataframe.DataFrame{}, errorf(op, frame.ErrType, "column %q: %v", fv.Name, err)
		}
		cols = append(cols, s)
	}
	df := dataframe.New(cols...)
	if df.Err != nil {
		return dataframe.DataFrame{}, errorf(op, frame.ErrArgument, "gota: %v", df.Err)
	}
	return df, nil
}

// flatColumns makes the flat columns ToDataFrame writes: the index as
// leading columns, structures as dotted columns, lists as JSON text.
func flatColumns(op string, f *frame.Frame, c config) ([]structured.FieldValue, error) {
	if f.Index().NumLevels() > 0 {
		if f = f.ResetIndex(); f.Err() != nil {
			return nil, wrap(op, f.Err())
		}
	}
	if c.explode != "" {
		var err error
		if f, err = explode(op, f, c.explode); err != nil {
			return nil, err
		}
	}
	if f = f.Flatten(frame.WithSeparator(sep)); f.Err() != nil {
		return nil, wrap(op, f.Err())
	}
	data, err := f.Data()
	if err != nil {
		return nil, wrap(op, err)
	}
	fields := data.Fields()
	for i, fv := range fields {
		switch v := fv.Value.(type) {
		case *structured.Dense:
			if v.Rank() == 1 {
				continue
			}
		}
		text, err := jsonText(fv.Value)
		if err != nil {
			return nil, errorf(op, frame.ErrType, "column %q: %v", fv.Name, err)
		}
		fields[i].Value = text
	}
	return fields, nil
}

// jsonText renders each row of a list column as its JSON text (null for
// a null list).
func jsonText(v structured.Value) (structured.Value, error) {
	rows, _ := v.ToValue().([]any)
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.Reserve(len(rows))
	for _, r := range rows {
		if r == nil {
			b.AppendNull()
			continue
		}
		text, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		b.BinaryBuilder.Append(text)
	}
	arr := b.NewArray()
	defer arr.Release()
	return structured.NewDense(arr)
}

// toSeries converts one flat leaf column: typed slices when there are no
// nulls, []any with nil for nulls otherwise (gota's only way to write NA).
func toSeries(name string, v structured.Value) (series.Series, error) {
	d, ok := v.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		return series.Series{}, fmt.Errorf("the column is not flat (rank %d)", v.Rank())
	}
	arr := d.Values()
	n := arr.Len()
	nulls := arr.NullN() > 0
	f := dtype.Of(arr.DataType())
	switch f.Class {
	case dtype.ClassFloat:
		vals, _ := dtype.Float64s(arr.Data(), nil)
		return floatSeries(name, n, nulls, arr.IsNull, func(i int) float64 { return vals[i] }), nil
	case dtype.ClassSigned:
		vals, _ := dtype.Int64s(arr.Data(), nil)
		return intSeries(name, n, nulls, arr.IsNull, func(i int) (int, bool) { return int(vals[i]), true })
	case dtype.ClassUnsigned:
		vals, _ := dtype.Uint64s(arr.Data(), nil)
		return intSeries(name, n, nulls, arr.IsNull, func(i int) (int, bool) { return int(vals[i]), vals[i] <= math.MaxInt64 })
	case dtype.ClassBool:
		a := arr.(*array.Boolean)
		if !nulls {
			vals := make([]bool, n)
			for i := range vals {
				vals[i] = a.Value(i)
			}
			return series.New(vals, series.Bool, name), nil
		}
		vals := make([]any, n)
		for i := range vals {
			if a.IsValid(i) {
				vals[i] = a.Value(i)
			}
		}
		return series.New(vals, series.Bool, name), nil
	}
	// Strings and every other leaf type: text, null as NA.
	strs, err := texts(d)
	if err != nil {
		return series.Series{}, err
	}
	if !nulls {
		return series.New(strs, series.String, name), nil
	}
	vals := make([]any, n)
	for i := range vals {
		if !d.IsNull(i) {
			vals[i] = strs[i]
		}
	}
	return series.New(vals, series.String, name), nil
}

// floatSeries makes a gota Float series of n values read by at, NaN (NA)
// where isNull says so.
func floatSeries(name string, n int, nulls bool, isNull func(int) bool, at func(int) float64) series.Series {
	vals := make([]float64, n)
	for i := range vals {
		if nulls && isNull(i) {
			vals[i] = math.NaN()
			continue
		}
		vals[i] = at(i)
	}
	return series.New(vals, series.Float, name)
}

// intSeries makes a gota Int series of n values read by at (false: the
// value does not fit gota's int, an error naming the row), NA where
// isNull says so.
func intSeries(name string, n int, nulls bool, isNull func(int) bool, at func(int) (int, bool)) (series.Series, error) {
	if !nulls {
		vals := make([]int, n)
		for i := range vals {
			v, ok := at(i)
			if !ok {
				return series.Series{}, fmt.Errorf("row %d: value does not fit gota's int", i)
			}
			vals[i] = v
		}
		return series.New(vals, series.Int, name), nil
	}
	vals := make([]any, n)
	for i := range vals {
		if isNull(i) {
			continue
		}
		v, ok := at(i)
		if !ok {
			return series.Series{}, fmt.Errorf("row %d: value does not fit gota's int", i)
		}
		vals[i] = v
	}
	return series.New(vals, series.Int, name), nil
}

// texts renders a leaf column as text: strings as they are, times in
// RFC 3339, decimals exactly, other types as Go prints their value.
func texts(d *structured.Dense) ([]string, error) {
	if strs, err := d.Strings(); err == nil {
		return strs, nil
	}
	n := d.Size()
	out := make([]string, n)
	for i := range out {
		if d.IsNull(i) {
			continue
		}
		switch x := d.Item(i).(type) {
		case time.Time:
			out[i] = x.Format(time.RFC3339Nano)
		case arrow.Date32:
			out[i] = x.FormattedString()
		case []byte:
			out[i] = string(x)
		default:
			out[i] = fmt.Sprint(x)
		}
	}
	return out, nil
}
