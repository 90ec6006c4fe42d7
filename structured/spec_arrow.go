package structured

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow"
)

// Spec <-> Arrow. The mapping is the one [Tensor.ToArrow] and [FromArrow]
// use (see [ArrowType]), read from the Spec alone:
//
//	field dimension 6 (fixed)   <-> fixed_size_list<6>
//	field dimension 0           --> list (Arrow has no fixed_size_list of 0)
//	field dimension var         <-> large_list (int64 splits, as FromValue
//	                                and FromValueSpec build them); list and
//	                                map read as var too
//	nested structure            <-> struct
//	Nullable                    <-> Arrow's Nullable flag on the field and on
//	                                the elements of each of its list levels
//	Spec.Nullable (rank >= 2)   <-> the Nullable flag on the elements of the
//	                                outer list levels ([Spec.ArrowType])
//
// A rank-1 Spec's Nullable (null top-level structures) has no Arrow
// counterpart: a record batch cannot hold null rows, and a struct array's
// own validity is not part of its type. ArrowSchema and
// SpecFromArrowSchema ignore it, as do ArrowType and SpecFromArrowType for
// rank 1.

// ArrowSchema returns the Arrow schema of record batches holding data of a
// rank-1 Spec: one field per field of s, in order, typed as
// [Tensor.ArrowSchema] types them except that var dimensions are always
// large_list (a Tensor whose splits are int32, as read from Arrow list
// arrays, has list there) and that Nullable flags come from the Spec
// (Tensor.ArrowSchema marks every field nullable). The number of rows is
// not part of an Arrow schema, nor is s.Nullable (a record batch has no
// null rows). Leaf types other than those [FromArrow] reads give an
// ErrType error naming the field, and a rank other than 1 an ErrShape
// error.
func (s *Spec) ArrowSchema() (*arrow.Schema, error) {
	const op = "Spec.ArrowSchema"
	if s == nil {
		return nil, errorf(op, ErrSchema, "", "the Spec is nil")
	}
	if len(s.Shape) != 1 {
		return nil, errorf(op, ErrShape, "", "a record batch schema needs a rank-1 Spec, got rank %d", len(s.Shape))
	}
	fields, err := arrowFields(op, s.Fields, "")
	if err != nil {
		return nil, err
	}
	return arrow.NewSchema(fields, nil), nil
}

// ArrowType returns the Arrow type of the array [Tensor.ToArrow] gives for
// a Tensor of Spec s of rank >= 1: a struct for rank 1, wrapped in one list
// level per further dimension of the shape (fixed_size_list for a fixed
// size, large_list for var), whose elements are nullable if s.Nullable is
// set (null lists and structures below the outermost list; for rank 1
// s.Nullable has no place in the type). Fields map as [Spec.ArrowSchema]
// maps them. A rank-0 Spec is an ErrShape error: ToArrow gives a rank-0
// Tensor the type of a one-row rank-1 Tensor.
func (s *Spec) ArrowType() (arrow.DataType, error) {
	const op = "Spec.ArrowType"
	if s == nil {
		return nil, errorf(op, ErrSchema, "", "the Spec is nil")
	}
	if len(s.Shape) == 0 {
		return nil, errorf(op, ErrShape, "", "a rank-0 Spec has no Arrow type of its own: its Tensor converts as one row of rank 1")
	}
	if err := checkDims(op, "shape", s.Shape, true); err != nil {
		return nil, err
	}
	fields, err := arrowFields(op, s.Fields, "")
	if err != nil {
		return nil, err
	}
	return wrapLists(op, "", arrow.StructOf(fields...), s.Shape[1:], s.Nullable)
}

// arrowFields returns the Arrow fields of a structure's fields.
func arrowFields(op string, fields []FieldSpec, path string) ([]arrow.Field, error) {
	out := make([]arrow.Field, len(fields))
	seen := make(map[string]bool, len(fields))
	for i := range fields {
		f := &fields[i]
		fpath := joinPath(path, f.Name)
		if seen[f.Name] {
			return nil, errorf(op, ErrPath, fpath, "field %d: field names must be distinct, got %q twice", i, f.Name)
		}
		seen[f.Name] = true
		var typ arrow.DataType
		dims := f.Dims
		if f.isMapSpec() {
			sub, err := arrowFields(op, f.Fields, fpath)
			if err != nil {
				return nil, err
			}
			if sub[0].Nullable {
				return nil, errorf(op, ErrSchema, fpath+".key", "map keys cannot be nullable")
			}
			typ, dims = arrow.MapOfFields(sub[0], sub[1]), dims[:len(dims)-1]
		} else if f.IsStruct() {
			sub, err := arrowFields(op, f.Fields, fpath)
			if err != nil {
				return nil, err
			}
			typ = arrow.StructOf(sub...)
		} else {
			if err := checkLeafType(op, fpath, f.Type); err != nil {
				return nil, err
			}
			typ = f.Type
		}
		typ, err := wrapLists(op, fpath, typ, dims, f.Nullable)
		if err != nil {
			return nil, err
		}
		out[i] = arrow.Field{Name: f.Name, Type: typ, Nullable: f.Nullable}
	}
	return out, nil
}

// wrapLists wraps typ in one list level per dimension, outermost first.
func wrapLists(op, path string, typ arrow.DataType, dims Shape, nullable bool) (arrow.DataType, error) {
	for i := len(dims) - 1; i >= 0; i-- {
		elem := arrow.Field{Name: "item", Type: typ, Nullable: nullable}
		switch d := dims[i]; {
		case d == Unknown:
			typ = arrow.LargeListOfField(elem)
		case d == 0:
			typ = arrow.ListOfField(elem)
		case d < 0:
			return nil, errorf(op, ErrShape, path, "dimension %d is %d", i, d)
		case d > math.MaxInt32:
			return nil, errorf(op, ErrShape, path, "dimension %d is %d, too long for an Arrow fixed_size_list", i, d)
		default:
			typ = arrow.FixedSizeListOfField(int32(d), elem)
		}
	}
	return typ, nil
}

// SpecFromArrowSchema returns the rank-1 Spec of the Tensor [FromRecordBatch]
// builds from record batches of schema sc: Shape [Unknown] (an Arrow
// schema has no row count) and one FieldSpec per field in order. List
// levels become Dims: list, large_list and map (read as a list of {key,
// value} structures) give Unknown, fixed_size_list its size. A struct gives
// nested Fields, a list of structs nested Fields with Dims [Unknown]. A
// field is Nullable when Arrow marks it or any of its list elements
// nullable. Leaf types FromArrow does not read give an ErrType error naming
// the field; empty or repeated names an ErrPath error.
//
// The Spec is not Nullable: a record batch has no null rows.
// SpecFromArrowSchema(s.ArrowSchema()) equals s for a rank-1 Spec s with
// Unknown rows, no dimension of size 0 and Nullable unset.
func SpecFromArrowSchema(sc *arrow.Schema) (*Spec, error) {
	const op = "SpecFromArrowSchema"
	if sc == nil {
		return nil, errorf(op, ErrType, "", "schema is nil")
	}
	fields, err := specFieldsFromArrow(op, sc.Fields(), "")
	if err != nil {
		return nil, err
	}
	return &Spec{Shape: Shape{Unknown}, Fields: fields}, nil
}

// SpecFromArrowType returns the Spec of the Tensor [FromArrow] builds from
// an array of type dt: a struct gives a rank-1 Spec, each level of list,
// large_list or fixed_size_list around it one more rank (Unknown for list
// levels, the size for fixed_size_list; the outermost dimension, the
// number of rows, is Unknown). The Spec is Nullable when the elements of
// any of those list levels are nullable; a struct type gives a Spec that
// is not (the array's own validity, its null rows, is not part of its
// type). Fields map as [SpecFromArrowSchema] maps them. Other types give
// an ErrType error.
func SpecFromArrowType(dt arrow.DataType) (*Spec, error) {
	const op = "SpecFromArrowType"
	if dt == nil {
		return nil, errorf(op, ErrType, "", "type is nil")
	}
	shape := Shape{Unknown}
	dims, nullable, inner := peelListTypes(dt)
	shape = append(shape, dims...)
	st, ok := inner.(*arrow.StructType)
	if !ok {
		return nil, errorf(op, ErrType, "", "need a struct type or lists of struct types, got %s", dt)
	}
	fields, err := specFieldsFromArrow(op, st.Fields(), "")
	if err != nil {
		return nil, err
	}
	return &Spec{Shape: shape, Fields: fields, Nullable: nullable}, nil
}

// peelListTypes strips the list levels off dt, returning their dimensions,
// whether any level's elements are nullable, and the innermost type.
func peelListTypes(dt arrow.DataType) (dims Shape, nullable bool, inner arrow.DataType) {
	for {
		switch l := dt.(type) {
		case *arrow.FixedSizeListType:
			dims = append(dims, int(l.Len()))
			nullable = nullable || l.ElemField().Nullable
			dt = l.Elem()
		case *arrow.ListType:
			dims, nullable, dt = append(dims, Unknown), nullable || l.ElemField().Nullable, l.Elem()
		case *arrow.LargeListType:
			dims, nullable, dt = append(dims, Unknown), nullable || l.ElemField().Nullable, l.Elem()
		case *arrow.MapType: // a list of {key, value} structures
			dims, nullable, dt = append(dims, Unknown), nullable || l.ElemField().Nullable, l.Elem()
		case *arrow.ListViewType: // decoded to list by FromArrow
			dims, nullable, dt = append(dims, Unknown), nullable || l.ElemField().Nullable, l.Elem()
		case *arrow.LargeListViewType: // decoded to large_list by FromArrow
			dims, nullable, dt = append(dims, Unknown), nullable || l.ElemField().Nullable, l.Elem()
		case arrow.ExtensionType: // read as its storage
			dt = l.StorageType()
		case *arrow.RunEndEncodedType: // expanded to its values
			dt = l.Encoded()
		default:
			return dims, nullable, dt
		}
	}
}

// innermostMap reports whether the innermost list level of dt is a map.
func innermostMap(dt arrow.DataType) bool {
	isMap := false
	for {
		switch l := dt.(type) {
		case *arrow.FixedSizeListType:
			dt, isMap = l.Elem(), false
		case *arrow.ListType:
			dt, isMap = l.Elem(), false
		case *arrow.LargeListType:
			dt, isMap = l.Elem(), false
		case *arrow.MapType:
			dt, isMap = l.Elem(), true
		case *arrow.ListViewType: // read as list
			dt, isMap = l.Elem(), false
		case *arrow.LargeListViewType: // read as large_list
			dt, isMap = l.Elem(), false
		case arrow.ExtensionType: // read as its storage
			dt = l.StorageType()
		case *arrow.RunEndEncodedType: // expanded to its values
			dt = l.Encoded()
		default:
			return isMap
		}
	}
}

// specFieldsFromArrow converts the fields of an Arrow struct or schema.
func specFieldsFromArrow(op string, fields []arrow.Field, path string) ([]FieldSpec, error) {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	if err := checkNames(op, path, names); err != nil {
		return nil, err
	}
	out := make([]FieldSpec, len(fields))
	for i, af := range fields {
		fpath := joinPath(path, af.Name)
		dims, nullable, inner := peelListTypes(af.Type)
		fs := FieldSpec{Name: af.Name, Dims: dims, Nullable: af.Nullable || nullable, Map: innermostMap(af.Type)}
		if st, ok := inner.(*arrow.StructType); ok {
			sub, err := specFieldsFromArrow(op, st.Fields(), fpath)
			if err != nil {
				return nil, err
			}
			fs.Fields = sub
		} else {
			if err := checkLeafType(op, fpath, inner); err != nil {
				return nil, err
			}
			fs.Type = inner
		}
		out[i] = fs
	}
	return out, nil
}
