package gota

import (
	"errors"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// explode adds the row number and explodes col with positions: the rows
// ToDataFrame writes for WithExplode. f has a range index.
func explode(op string, f *frame.Frame, col string) (*frame.Frame, error) {
	rows := make([]int64, f.NumRows())
	for i := range rows {
		rows[i] = int64(i)
	}
	arr := buildArray(array.NewInt64Builder(memory.DefaultAllocator), rows, nil)
	defer arr.Release()
	v, err := structured.NewDense(arr)
	if err != nil {
		return nil, wrap(op, err)
	}
	data, err := f.Data()
	if err != nil {
		return nil, err
	}
	if data.HasField(RowColumn) {
		return nil, errorf(op, frame.ErrDuplicate, "WithExplode adds the column %q, which the frame has", RowColumn)
	}
	fields := append([]structured.FieldValue{{Name: RowColumn, Value: v}}, data.Fields()...)
	g, err := frameOf(op, f.NumRows(), fields)
	if err != nil {
		return nil, err
	}
	g = g.Explode([]string{col}, frame.WithPosition(PositionColumn))
	if err := g.Err(); err != nil {
		return nil, err
	}
	return g, nil
}

// implode reads what ToDataFrame wrote with WithExplode: it restores the
// exploded frame's types (the list column col as its items, _row_ and
// _pos_ as int64), nests the items back into lists by _row_ with their
// positions, and takes the other columns from each row's first line.
func implode(op string, f *frame.Frame, spec *structured.Spec, col string) (*frame.Frame, error) {
	at := slices.IndexFunc(spec.Fields, func(fs structured.FieldSpec) bool { return fs.Name == col })
	if at < 0 || len(spec.Fields[at].Dims) == 0 || spec.Fields[at].Map {
		return nil, errorf(op, frame.ErrColumn, "WithExplode column %q is not a list column of the Spec", col)
	}
	item := spec.Fields[at]
	item.Dims = item.Dims[1:]
	item.Nullable = true
	exploded := &structured.Spec{Shape: spec.Shape, Fields: []structured.FieldSpec{
		{Name: RowColumn, Type: arrow.PrimitiveTypes.Int64},
		{Name: PositionColumn, Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	}}
	exploded.Fields = append(exploded.Fields, spec.Fields[:at]...)
	exploded.Fields = append(exploded.Fields, item)
	exploded.Fields = append(exploded.Fields, spec.Fields[at+1:]...)
	g, err := restore(op, f, exploded)
	if err != nil {
		return nil, err
	}
	nested := g.Select(RowColumn, PositionColumn, col).NestPositions(col, PositionColumn, RowColumn)
	parents := g.Drop(col, PositionColumn).Unique([]string{RowColumn})
	if err := errors.Join(nested.Err(), parents.Err()); err != nil {
		return nil, wrap(op, err)
	}
	nestedData, _ := nested.Data()
	lists, err := nestedData.Field(col, col)
	if err != nil {
		return nil, wrap(op, err)
	}
	parentData, _ := parents.Data()
	fields := parentData.Fields()[1:] // without _row_
	fields = slices.Insert(fields, at, structured.FieldValue{Name: col, Value: lists})
	return frameOf(op, parents.NumRows(), fields)
}
