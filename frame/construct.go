package frame

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// FromTensor makes a Frame of a Tensor. A rank-1 Tensor's fields are the
// columns; a field "_index_" becomes the index (see package index for the
// forms it takes, MultiIndexes included). Nothing is copied.
func FromTensor(t *structured.Tensor) *Frame {
	const op = "FromTensor"
	if t == nil {
		return failed(errorf(op, ErrArgument, "nil tensor"))
	}
	data, idx, err := index.Decode(t)
	if err != nil {
		return failed(wrap(op, err))
	}
	return newFrame(op, data, idx)
}

// FromColumns makes a Frame of named columns, in the order given. A column
// is a structured.Value (shared, not copied) or Go data that
// structured.ValueOf takes: a slice of scalars ([]int64, []float64,
// []string, []bool, []time.Time, ...: numbers keep their Go type, and
// []byte is a uint8 column), of slices (a list column), of maps
// or structs (a nested column) or of any. Every column has the same number
// of rows; names must be distinct.
func FromColumns(names []string, columns ...any) *Frame {
	const op = "FromColumns"
	if len(names) != len(columns) {
		return failed(errorf(op, ErrArgument, "%d names for %d columns", len(names), len(columns)))
	}
	fields := make([]structured.FieldValue, len(names))
	seen := make(map[string]int, len(names))
	for i, name := range names {
		if name == index.Field {
			return failed(errorf(op, ErrArgument, "column %d is named %q, the index's field; use SetIndex", i, name))
		}
		if j, dup := seen[name]; dup {
			return failed(errorf(op, ErrDuplicate, "column %q is given twice (positions %d and %d)", name, j, i))
		}
		seen[name] = i
		v, err := columnValue(columns[i])
		if err != nil {
			return failed(errorf(op, err, "column %q: %v", name, err))
		}
		if v.Rank() < 1 {
			return failed(errorf(op, ErrShape, "column %q is a scalar; a column needs one value per row", name))
		}
		if i > 0 && v.NumRows() != fields[0].Value.NumRows() {
			return failed(errorf(op, ErrShape, "column %q has %d rows, column %q %d", name, v.NumRows(), names[0], fields[0].Value.NumRows()))
		}
		fields[i] = structured.FieldValue{Name: name, Value: v}
	}
	var (
		t   *structured.Tensor
		err error
	)
	if len(fields) == 0 {
		t, err = structured.FromShape(structured.Shape{0})
	} else {
		t, err = structured.FromFields(fields, 1)
	}
	if err != nil {
		return failed(wrap(op, err))
	}
	return FromTensor(t)
}

func columnValue(c any) (structured.Value, error) {
	switch v := c.(type) {
	case nil:
		return nil, fmt.Errorf("%w: nil column", ErrArgument)
	case Series:
		if v.err != nil {
			return nil, v.err
		}
		return columnValue(v.Value())
	case *Series:
		if v == nil {
			return nil, fmt.Errorf("%w: nil *Series", ErrArgument)
		}
		return columnValue(*v)
	case structured.Value:
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
			return nil, fmt.Errorf("%w: nil %T", ErrArgument, v)
		}
		return v, nil
	case arrow.Array:
		return structured.NewDense(v)
	case []byte: // a uint8 column here, not one binary value
		return fixedColumn(v, arrow.PrimitiveTypes.Uint8)
	case []int8:
		return fixedColumn(v, arrow.PrimitiveTypes.Int8)
	case []int16:
		return fixedColumn(v, arrow.PrimitiveTypes.Int16)
	case []int32:
		return fixedColumn(v, arrow.PrimitiveTypes.Int32)
	case []int64:
		return fixedColumn(v, arrow.PrimitiveTypes.Int64)
	case []uint16:
		return fixedColumn(v, arrow.PrimitiveTypes.Uint16)
	case []uint32:
		return fixedColumn(v, arrow.PrimitiveTypes.Uint32)
	case []uint64:
		return fixedColumn(v, arrow.PrimitiveTypes.Uint64)
	case []float32:
		return fixedColumn(v, arrow.PrimitiveTypes.Float32)
	case []float64:
		return fixedColumn(v, arrow.PrimitiveTypes.Float64)
	case []string:
		arr := buildArray(array.NewStringBuilder(memory.DefaultAllocator), v, nil)
		defer arr.Release()
		return structured.NewDense(arr)
	}
	return structured.ValueOf(c)
}

// fixedColumn makes a column of a Go slice of fixed-width numbers, keeping
// its type (an []int32 is an int32 column) and copying it once.
func fixedColumn[T arrow.FixedWidthType](vals []T, dt arrow.DataType) (structured.Value, error) {
	buf := memory.NewBufferBytes(arrow.GetBytes(slices.Clone(vals)))
	data := array.NewData(dt, len(vals), []*memory.Buffer{nil, buf}, nil, 0, 0)
	defer data.Release()
	arr := array.MakeFromData(data)
	defer arr.Release()
	return structured.NewDense(arr)
}

// FromRecords makes a Frame of records: a []map[string]any, []any of maps,
// or what encoding/json decodes. Keys are unioned (a missing key is null),
// columns come in first-seen order, nested maps and lists become nested
// and list columns; opts change the inference rules (structured.Option).
func FromRecords(records any, opts ...structured.Option) *Frame {
	const op = "FromRecords"
	t, err := structured.FromValue(records, opts...)
	if err != nil {
		return failed(wrap(op, err))
	}
	if t.Rank() != 1 {
		return failed(errorf(op, ErrShape, "records make a tensor of rank %d; want a list of records (rank 1)", t.Rank()))
	}
	return FromTensor(t)
}

// FromStructs makes a Frame of a slice of Go structs: exported fields (and
// `structframe` tags) are the columns in field order; nested structs,
// slices and maps become nested, list and map columns.
func FromStructs(structs any, opts ...structured.Option) *Frame {
	const op = "FromStructs"
	t, err := structured.FromValue(structs, opts...)
	if err != nil {
		return failed(wrap(op, err))
	}
	if t.Rank() != 1 {
		return failed(errorf(op, ErrShape, "structs make a tensor of rank %d; want a slice of structs (rank 1)", t.Rank()))
	}
	return FromTensor(t)
}

// FromRecordBatch makes a Frame over an Arrow record batch without copying
// its buffers; a column "_index_" becomes the index. The caller may
// Release rec at once: the Frame holds its own references.
func FromRecordBatch(rec arrow.RecordBatch) *Frame {
	const op = "FromRecordBatch"
	if rec == nil {
		return failed(errorf(op, ErrArgument, "nil record batch"))
	}
	t, err := structured.FromRecordBatch(rec)
	if err != nil {
		return failed(wrap(op, err))
	}
	return FromTensor(t)
}

// Tensor returns the Tensor that carries the Frame whole: the columns, and
// the index in the field "_index_" unless it is a range index. Writers
// take this Tensor, and FromTensor gives the Frame back.
func (f *Frame) Tensor() (*structured.Tensor, error) {
	if err := f.Err(); err != nil {
		return nil, err
	}
	t, err := index.Encode(f.idx, f.data)
	if err != nil {
		return nil, wrap("Tensor", err)
	}
	return t, nil
}

// ToRecordBatch returns the Frame as an Arrow record batch (the index as
// the column "_index_"), sharing the Frame's buffers; Release it when done.
func (f *Frame) ToRecordBatch() (arrow.RecordBatch, error) {
	t, err := f.Tensor()
	if err != nil {
		return nil, err
	}
	rec, err := t.ToRecordBatch()
	return rec, wrap("ToRecordBatch", err)
}
