package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// TransposeOption changes Transpose: WithIncludeHeader, WithHeaderName,
// WithColumnNames, WithNamesFrom, WithCast.
type TransposeOption interface{ applyTranspose(*trConfig) }

type trConfig struct {
	header     bool
	headerName string
	names      []string
	namesFrom  string
	cast       arrow.DataType
}

type trOptionFunc func(*trConfig)

func (fn trOptionFunc) applyTranspose(c *trConfig) { fn(c) }

// WithIncludeHeader(true) makes Transpose's first column the names of the
// columns transposed, a string column named "column" unless
// WithHeaderName says otherwise (Polars' include_header); false, the
// default, leaves it out.
func WithIncludeHeader(on bool) TransposeOption {
	return trOptionFunc(func(c *trConfig) { c.header = on })
}

// WithHeaderName names Transpose's header column and includes it (Polars'
// header_name).
func WithHeaderName(name string) TransposeOption {
	return trOptionFunc(func(c *trConfig) { c.header, c.headerName = true, name })
}

// WithColumnNames names Transpose's columns, one name per row of the
// frame, instead of "column_0", "column_1", ... (Polars' column_names as a
// list).
func WithColumnNames(names ...string) TransposeOption {
	return trOptionFunc(func(c *trConfig) { c.names = append([]string(nil), names...) })
}

// WithNamesFrom names Transpose's columns by the values of a column of
// the frame, cast to strings, which is then not transposed itself (Polars'
// column_names as a column's name).
func WithNamesFrom(column string) TransposeOption {
	return trOptionFunc(func(c *trConfig) { c.namesFrom = column })
}

// WithCast casts every column to dt before Transpose joins them (as
// Expr.Cast, strictly): WithCast(arrow.BinaryTypes.String) transposes
// columns of different types as strings, as Polars would.
func WithCast(dt arrow.DataType) TransposeOption {
	return trOptionFunc(func(c *trConfig) { c.cast = dt })
}

// Transpose swaps rows and columns (Polars' transpose): column j of the
// result holds row j of the frame, one row per column of the frame, in
// column order. The new columns are named "column_0", "column_1", ...,
// or by WithColumnNames or WithNamesFrom; WithIncludeHeader adds the old
// column names as a first column. The frame's index is not used (a range
// index results); ResetIndex first to transpose it as a column.
//
// A column of the result holds one value of every column of the frame,
// so their types are made one as Unpivot makes them (integer widths
// widened, integers with floats float64, kinds of strings large_string);
// any other mixture is an ErrType error naming two columns of different
// types, unless WithCast casts every column first. Columns of lists or
// structures of one type are transposed as they are.
//
// Cost: the columns are joined into one column once and each new column
// gathered from it: O(rows × columns), as the result.
func (f *Frame) Transpose(opts ...TransposeOption) *Frame {
	const op = "Transpose"
	if f.Err() != nil {
		return f
	}
	cfg := trConfig{headerName: "column"}
	for _, o := range opts {
		if o != nil {
			o.applyTranspose(&cfg)
		}
	}
	n := f.data.NumRows()
	src := f
	var names []string
	switch {
	case cfg.namesFrom != "" && cfg.names != nil:
		return failed(errorf(op, ErrArgument, "WithColumnNames and WithNamesFrom both name the columns; give one"))
	case cfg.namesFrom != "":
		var err error
		if names, err = f.transposeNames(op, cfg.namesFrom); err != nil {
			return failed(err)
		}
		if src = f.Drop(cfg.namesFrom); src.Err() != nil {
			return failed(src.Err())
		}
	case cfg.names != nil:
		if len(cfg.names) != n {
			return failed(errorf(op, ErrArgument, "%d column names for %d rows", len(cfg.names), n))
		}
		names = cfg.names
	default:
		names = make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("column_%d", i)
		}
	}
	colNames := src.data.FieldNames()
	m := len(colNames)
	vals := make([]structured.Value, m)
	for k, name := range colNames {
		v, err := src.data.Field(name)
		if err != nil {
			return failed(wrap(op, err))
		}
		if cfg.cast != nil {
			if v, err = Col(Path(name)).Cast(cfg.cast).evalFrame(op, src); err != nil {
				return failed(err)
			}
		}
		vals[k] = v
	}
	fields := make([]structured.FieldValue, 0, n+1)
	seen := make(map[string]bool, n+1)
	if cfg.header {
		header, err := unpivotNames(colNames, 1)
		if err != nil {
			return failed(wrap(op, err))
		}
		fields = append(fields, structured.FieldValue{Name: cfg.headerName, Value: header})
		seen[cfg.headerName] = true
	}
	if n > 0 {
		long, err := reshapeJoin(op, colNames, vals, nil)
		if err != nil {
			return failed(err)
		}
		pick := make([]int, m)
		for j := range n {
			if seen[names[j]] {
				return failed(errorf(op, ErrDuplicate, "two columns would be named %q", names[j]))
			}
			seen[names[j]] = true
			for k := range pick {
				pick[k] = k*n + j
			}
			col, err := structured.TakeValue(long, pick)
			if err != nil {
				return failed(wrap(op, err))
			}
			fields = append(fields, structured.FieldValue{Name: names[j], Value: col})
		}
	}
	var (
		t   *structured.Tensor
		err error
	)
	if len(fields) == 0 {
		t, err = structured.FromShape(structured.Shape{m})
	} else {
		t, err = structured.FromFieldsShape(fields, structured.Shape{m})
	}
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, rangeOf(m))
}

// transposeNames reads a column as the names of Transpose's columns.
func (f *Frame) transposeNames(op, ref string) ([]string, error) {
	v, err := Col(ref).Cast(arrow.BinaryTypes.String).evalFrame(op, f)
	if err != nil {
		return nil, err
	}
	vec := exprFromValue(v)
	if err := vec.load(); err != nil {
		return nil, wrap(op, err)
	}
	if vec.t != exprStrT {
		return nil, errorf(op, ErrType, "column %q cannot name columns", displayPath(ref))
	}
	names := make([]string, vec.n)
	for i := range names {
		if vec.isNull(i) {
			return nil, errorf(op, ErrArgument, "column %q is null at row %d: a column needs a name", displayPath(ref), i)
		}
		names[i] = vec.strs[i]
	}
	return names, nil
}
