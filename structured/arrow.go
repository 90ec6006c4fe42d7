package structured

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow"
)

// Arrow mapping, used by ToArrow, ToRecordBatch, FromArrow and
// FromRecordBatch (both directions, recursively):
//
//	Tensor of rank 1            <-> struct array (Tensor validity = struct validity)
//	Tensor of rank r >= 2       <-> r-1 levels of list arrays around a struct array
//	dense leaf [n]              <-> plain array
//	dense leaf [n, 6]           <-> fixed_size_list<6>
//	ragged leaf, per partition  <-> list (int32 splits), large_list (int64
//	                                splits), fixed_size_list (uniform)
//	nested Tensor field         <-> struct (same rank as its parent) or
//	                                list(s) of struct (higher rank)
//
// A field's dimensions shared with its parent are not repeated: the parent's
// struct array already has one slot per structure.

// ownParts returns the partitions of a value's dimensions that its parent,
// of the given rank, does not already describe: the parts beyond the first
// rank-1. A rank-0 parent describes none, so a value of rank >= 1 in it
// gains an outer uniform partition of one row holding its nrows rows (its
// whole value is one slot of the parent's length-1 struct array). nrows is
// Unknown for a rank-0 value.
func ownParts(nrows int, parts []*RowPartition, rank int) []*RowPartition {
	if rank == 0 {
		if nrows == Unknown {
			return nil
		}
		return append([]*RowPartition{mustUniform(nrows, 1)}, parts...)
	}
	return parts[rank-1:]
}

// listType is the Arrow list type of one partition level around elem:
// fixed_size_list for a uniform partition, list for int32 splits and
// large_list for int64 splits. Arrow has no fixed_size_list of length 0, so
// a uniform partition of length 0 becomes a list of empty lists.
func listType(op, path string, elem arrow.DataType, p *RowPartition) (arrow.DataType, error) {
	switch {
	case p.uniform > math.MaxInt32:
		return nil, errorf(op, ErrShape, path, "uniform row length %d does not fit an Arrow fixed_size_list", p.uniform)
	case p.uniform > 0:
		return arrow.FixedSizeListOf(int32(p.uniform), elem), nil
	case p.uniform == 0 || p.s32 != nil:
		return arrow.ListOf(elem), nil
	}
	return arrow.LargeListOf(elem), nil
}

// valueType is the Arrow type of v's slots as a field of a parent of the
// given rank: v's item type (or struct type) wrapped in one list type per
// partition of its own dimensions.
func valueType(op string, v Value, rank int, path string) (arrow.DataType, error) {
	var typ arrow.DataType
	var own []*RowPartition
	switch x := v.(type) {
	case *Tensor:
		fields := make([]arrow.Field, len(x.fields))
		for i, f := range x.fieldValues() {
			ft, err := valueType(op, f, x.rank, joinPath(path, x.names[i]))
			if err != nil {
				return nil, err
			}
			fields[i] = arrow.Field{Name: x.names[i], Type: ft, Nullable: true}
		}
		typ = arrow.StructOf(fields...)
		own = ownParts(x.nrows, x.parts, rank)
		if x.isMap && len(own) > 0 {
			mt, err := mapType(op, path, fields)
			if err != nil {
				return nil, err
			}
			typ, own = mt, own[:len(own)-1]
		}
	case Leaf:
		values, nrows, parts := leafLayout(x)
		if err := checkLeafType(op, path, values.DataType()); err != nil {
			return nil, err
		}
		typ = values.DataType()
		own = ownParts(nrows, parts, rank)
	default:
		return nil, errorf(op, ErrType, path, "unknown value kind %T", v)
	}
	for i := len(own) - 1; i >= 0; i-- {
		var err error
		if typ, err = listType(op, path, typ, own[i]); err != nil {
			return nil, err
		}
	}
	return typ, nil
}

// ArrowType returns the Arrow type [Tensor.ToArrow] gives v, without
// converting any data: the type of the array holding v's rows. A leaf of
// shape [n] has its items' type, [n, 6] fixed_size_list<6>, [n, var] a
// list; a Tensor of rank 1 is a struct, of rank 2 a list of structs. A
// rank-0 value has its item (or struct) type. It is also the type of v as a
// column of a rank-1 Tensor. Arrow's Nullable flags are always true: a
// Tensor allows nulls everywhere.
func ArrowType(v Value) (arrow.DataType, error) {
	if isNilValue(v) {
		return nil, errorf("ArrowType", ErrType, "", "value is nil")
	}
	return valueType("ArrowType", v, min(v.Rank(), 1), "")
}

// ArrowSchema returns the schema of the record batch [Tensor.ToRecordBatch]
// builds, without converting any data: one nullable field per field of the
// rank-1 Tensor, in order, typed as [ArrowType] says.
func (t *Tensor) ArrowSchema() (*arrow.Schema, error) {
	const op = "ArrowSchema"
	if t.rank != 1 {
		return nil, errorf(op, ErrShape, "", "a record batch schema needs a rank-1 Tensor, got rank %d", t.rank)
	}
	fields := make([]arrow.Field, len(t.fields))
	for i, f := range t.fieldValues() {
		ft, err := valueType(op, f, 1, t.names[i])
		if err != nil {
			return nil, err
		}
		fields[i] = arrow.Field{Name: t.names[i], Type: ft, Nullable: true}
	}
	return arrow.NewSchema(fields, nil), nil
}
