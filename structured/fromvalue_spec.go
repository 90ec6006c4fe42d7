package structured

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
)

// FromValueSpec builds a Tensor from nested Go values (as [FromValue] takes
// them) against an explicit Spec instead of inferring the schema
// (from_pyval with a typespec).
//
// Shape. The Spec's rank must match the depth of the maps: a rank-0 Spec
// takes a map, a rank-r Spec r levels of lists around maps. A fixed
// dimension of Spec.Shape requires lists of exactly that length and gives
// a uniform row partition; Unknown dimensions are ragged. An empty list
// with a rank-1 Spec gives 0 rows whose fields have the Spec's types.
//
// Fields. Fields come in the Spec's order. A key that is not in the Spec
// is an error. A missing key or a nil value is null if the field is
// Nullable, else an error. A field's Dims add its own dimensions: a fixed
// size requires lists of exactly that length (else an error naming path
// and row), Unknown allows any length. A leaf is stored dense (*Dense)
// when its parent's dimensions (beyond the outermost, the number of rows)
// and its Dims are all fixed, ragged (*Ragged, with uniform partitions for
// the fixed dimensions) otherwise; a nested structure gives a nested
// *Tensor whose row partitions follow the same rule. A null list of fixed
// length is a null row of its uniform row partition holding its length in
// null placeholder items, as Arrow's fixed_size_list does (the leaf is then
// ragged); a valid record lacking such a field has a null list there. A
// list field of a rank-0 structure cannot be null: its length is the
// field's number of rows. The Tensor's own structures and its lists below
// the outermost (a rank-r Spec's lists of depth 1 to r-1) may be null only
// if Spec.Nullable is set (a rank-0 Spec then takes nil for a null
// structure).
//
// Values are converted to the field's Arrow type or rejected with an
// ErrSchema error naming the path and row: integers to any integer type
// that holds them (range checked) and to floats; float64 values that are
// integral to integer types (JSON decodes every number as float64), range
// checked too; json.Number as a number; strings to String and Binary,
// []byte to Binary and String; strings in RFC 3339 form and time.Time to
// Timestamp (in the type's unit); "YYYY-MM-DD" strings, time.Time and
// arrow.Date32 to Date32; bool to Boolean; integers, floats and numeric
// strings to Decimal128 (at its scale, precision checked). Supported leaf
// types: Int8 to Int64, Uint8 to Uint64, Float32, Float64, Decimal128,
// String, LargeString, Binary, LargeBinary, Boolean, Timestamp, Date32 and
// Null. A map field ([FieldSpec.Map], map<string, T>) takes a map (a
// record whose keys are data): one entry per key. With ConflictJSONText
// a String field takes values of any kind as their JSON text.
//
// Go types FromValue does not read directly are first turned into maps,
// lists and scalars by reflection.
func FromValueSpec(v any, spec *Spec, opts ...Option) (*Tensor, error) {
	return fromValueSpec(v, spec, defaultChunking, opts...)
}

func fromValueSpec(v any, spec *Spec, chunks chunking, opts ...Option) (*Tensor, error) {
	const op = "FromValueSpec"
	if spec == nil {
		return nil, errorf(op, ErrSchema, "", "the Spec is nil")
	}
	if !readsDirectly(v) {
		rv, err := reflectValue(v, "")
		if err != nil {
			return nil, err
		}
		v = rv
	}
	rank := len(spec.Shape)
	switch x := v.(type) {
	case nil:
		if rank != 0 || !spec.Nullable {
			return nil, errorf(op, ErrType, "", "got nil: FromValueSpec builds a Tensor from a map or a list of maps")
		}
	case map[string]any:
		if rank != 0 {
			return nil, errorf(op, ErrSchema, "", "the Spec has rank %d but the value is a map (rank 0)", rank)
		}
	case []any, []map[string]any:
		if rank == 0 {
			return nil, errorf(op, ErrSchema, "", "the Spec has rank 0 (one structure) but the value is a list")
		}
		n := 0
		if l, ok := x.([]any); ok {
			n = len(l)
		} else {
			n = len(x.([]map[string]any))
		}
		if d := spec.Shape[0]; d != Unknown && d >= 0 && n != d {
			return nil, errorf(op, ErrSchema, "", "got a list of length %d, want length %d (from the Spec)", n, d)
		}
	default:
		want := "lists of maps"
		if rank == 0 {
			want = "a map"
		}
		return nil, errorf(op, ErrSchema, "", "got %T: the Spec has rank %d, wanting %s", v, rank, want)
	}
	b := newBuilder(op, spec, makeOptions(opts), chunks)
	if err := b.reset(); err != nil {
		return nil, err
	}
	return b.buildValue(v)
}

// specRoot builds the node tree a Spec describes: the top-level lists of
// its shape around the struct node of its fields.
func specRoot(spec *Spec) (*vnode, error) {
	for i, d := range spec.Shape {
		if d < 0 && d != Unknown {
			return nil, errSpec(ErrShape, "", "dimension %d of the shape is %d", i, d)
		}
	}
	rank := len(spec.Shape)
	cur, err := specStruct(spec.Fields, rank, nil)
	if err != nil {
		return nil, err
	}
	cur.spec.nullable = spec.Nullable
	for i := rank - 1; i >= 0; i-- {
		// The outermost list is the value itself, never null.
		cur = specList(cur, spec.Shape[i], spec.Nullable && i > 0, false)
	}
	return cur, nil
}

// specList wraps child in a list node of the given fixed length (or
// Unknown).
func specList(child *vnode, fixed int, nullable, rootList bool) *vnode {
	nd := &vnode{kind: kindList, child: child, spec: &nodeSpec{nullable: nullable, fixed: fixed, rootList: rootList}}
	if fixed == Unknown {
		nd.splits = []int64{0}
	}
	return nd
}

// specStruct builds a struct node for fields of a structure of the given
// rank.
func specStruct(fields []FieldSpec, rank int, path *fieldPath) (*vnode, error) {
	nd := &vnode{kind: kindStruct, children: make(map[string]*vnode, len(fields)), spec: &nodeSpec{fixed: Unknown}}
	for i := range fields {
		f := &fields[i]
		fpath := path.child(f.Name)
		if f.Name == "" {
			return nil, errSpec(ErrPath, path.String(), "field %d has an empty name", i)
		}
		if nd.children[f.Name] != nil {
			return nil, errSpec(ErrPath, fpath.String(), "field given twice")
		}
		c, err := specField(f, rank, fpath)
		if err != nil {
			return nil, err
		}
		c.idx = len(nd.kids)
		nd.children[f.Name] = c
		nd.names = append(nd.names, f.Name)
		nd.kids = append(nd.kids, c)
		if c.spec.required {
			nd.spec.nreq++
		}
		if c.spec.nullFixed {
			nd.spec.nfixed++
		}
	}
	return nd, nil
}

// specField builds the node chain of one field of a structure of the
// given rank: a list node per dimension of Dims, then a leaf or struct.
func specField(f *FieldSpec, rank int, path *fieldPath) (*vnode, error) {
	for i, d := range f.Dims {
		if d < 0 && d != Unknown {
			return nil, errSpec(ErrShape, path.String(), "dimension %d of Dims is %d", i, d)
		}
	}
	var cur *vnode
	if f.IsStruct() {
		st, err := specStruct(f.Fields, rank+len(f.Dims), path)
		if err != nil {
			return nil, err
		}
		st.spec.nullable = f.Nullable
		cur = st
	} else {
		lf, err := specLeaf(f.Type, f.Nullable, path)
		if err != nil {
			return nil, err
		}
		cur = lf
	}
	if f.Map {
		if !f.isMapSpec() || f.Dims[len(f.Dims)-1] != Unknown {
			return nil, errSpec(ErrSchema, path.String(), "a map field has the fields key and value and ends its Dims with Unknown")
		}
		if k := f.Fields[0].Type; k == nil || k.ID() != arrow.STRING {
			name := "a structure"
			if k != nil {
				name = typeName(k)
			}
			return nil, errSpec(ErrType, path.String(), "map keys built from values are strings, not %s", name)
		}
	}
	for i := len(f.Dims) - 1; i >= 0; i-- {
		cur = specList(cur, f.Dims[i], f.Nullable, i == 0 && rank == 0)
		if f.Map && i == len(f.Dims)-1 {
			cur.kind = kindMap
		}
	}
	// Fields that cannot hold a null must be present in every record.
	nullable := f.Nullable || len(f.Dims) == 0 && cur.kind == kindNull
	cur.spec.required = !nullable || len(f.Dims) > 0 && rank == 0
	cur.spec.nullFixed = f.Nullable && rank > 0 && len(f.Dims) > 0 && f.Dims[0] != Unknown
	return cur, nil
}

// specLeaf builds a leaf node for an Arrow type.
func specLeaf(dt arrow.DataType, nullable bool, path *fieldPath) (*vnode, error) {
	nd := &vnode{kind: kindLeaf, spec: &nodeSpec{nullable: nullable, fixed: Unknown}}
	nd.dtype = dt
	switch dt.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		nd.typ = storeInt64
	case arrow.FLOAT32, arrow.FLOAT64:
		nd.typ = storeFloat64
		nd.spec.float32 = dt.ID() == arrow.FLOAT32
	case arrow.STRING, arrow.LARGE_STRING:
		nd.typ = storeString
		nd.large = dt.ID() == arrow.LARGE_STRING
	case arrow.BINARY, arrow.LARGE_BINARY:
		nd.typ = storeBinary
		nd.large = dt.ID() == arrow.LARGE_BINARY
	case arrow.BOOL:
		nd.typ = storeBool
	case arrow.TIMESTAMP:
		nd.typ = storeTimestamp
	case arrow.DATE32:
		nd.typ = storeDate32
	case arrow.DECIMAL128:
		nd.typ = storeDecimal
	case arrow.NULL:
		nd.kind = kindNull
		nd.spec.nullable = true
		return nd, nil
	default:
		return nil, errSpec(ErrType, path.String(), "unsupported leaf type %s", dt)
	}
	nd.initLeaf(0)
	return nd, nil
}

// errSpec reports a bad Spec.
func errSpec(kind error, path, format string, args ...any) error {
	return &Error{Op: "FromValueSpec", Field: path, Err: kind, Msg: "Spec: " + fmt.Sprintf(format, args...)}
}
