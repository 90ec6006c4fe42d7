package build

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Unknown is the length of a dimension of variable length, as in
// structured.Unknown.
const Unknown = -1

// Schema is what a Spec says about the values, as the Builder reads it:
// structured.Spec's shape and fields, which structured copies into it
// once per Builder. The Builder checks and converts values against it
// (see specRoot for what each part becomes).
type Schema struct {
	Shape    []int // the outer dimensions; the first counts the rows
	Fields   []Field
	Nullable bool // the structures and outer lists below the first may be null
}

// Field is one field of a Schema, as structured.FieldSpec describes it.
type Field struct {
	Name     string
	Type     arrow.DataType // a leaf's item type; nil for a nested structure
	Fields   []Field        // a nested structure's fields
	Dims     []int          // the field's own dimensions beyond its parent's
	Map      bool           // a map: Fields are key and value, the last of Dims lists the entries
	Nullable bool
}

// isStruct reports whether f is a nested structure.
func (f *Field) isStruct() bool { return f.Type == nil }

// isMapSpec reports whether f is a well-formed map field: Map set, the
// fields key and value, and the entries' dimension.
func (f *Field) isMapSpec() bool {
	return f.Map && len(f.Fields) == 2 && f.Fields[0].Name == "key" && f.Fields[1].Name == "value" && len(f.Dims) > 0
}

// specRoot builds the node tree a Spec describes: the top-level lists of
// its shape around the struct node of its fields.
func specRoot(spec *Schema) (*vnode, *Error) {
	for i, d := range spec.Shape {
		if d < 0 && d != Unknown {
			return nil, errSpec(KindShape, "", "dimension %d of the shape is %d", i, d)
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
func specStruct(fields []Field, rank int, path *FieldPath) (*vnode, *Error) {
	nd := &vnode{kind: kindStruct, children: make(map[string]*vnode, len(fields)), spec: &nodeSpec{fixed: Unknown}}
	for i := range fields {
		f := &fields[i]
		fpath := path.Child(f.Name)
		if nd.children[f.Name] != nil {
			return nil, errSpec(KindPath, fpath.String(), "field given twice")
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
func specField(f *Field, rank int, path *FieldPath) (*vnode, *Error) {
	for i, d := range f.Dims {
		if d < 0 && d != Unknown {
			return nil, errSpec(KindShape, path.String(), "dimension %d of Dims is %d", i, d)
		}
	}
	var cur *vnode
	if f.isStruct() {
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
			return nil, errSpec(KindSchema, path.String(), "a map field has the fields key and value and ends its Dims with Unknown")
		}
		if k := f.Fields[0].Type; k == nil || k.ID() != arrow.STRING {
			name := "a structure"
			if k != nil {
				name = typeName(k)
			}
			return nil, errSpec(KindType, path.String(), "map keys built from values are strings, not %s", name)
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
func specLeaf(dt arrow.DataType, nullable bool, path *FieldPath) (*vnode, *Error) {
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
		return nil, errSpec(KindType, path.String(), "unsupported leaf type %s", dt)
	}
	nd.initLeaf(0)
	return nd, nil
}

// errSpec reports a bad Spec, as FromValueSpec (reset renames the
// operation).
func errSpec(kind Kind, path, format string, args ...any) *Error {
	return &Error{Op: "FromValueSpec", Path: path, Kind: kind, Msg: "Spec: " + fmt.Sprintf(format, args...)}
}

// FieldPath is a field path built one name per level, rendered only for
// an error: walking a deep Schema costs memory linear in its depth, where
// joining the path at every level would cost its square.
type FieldPath struct {
	up   *FieldPath
	name string
}

// Child is the path of field name below p.
func (p *FieldPath) Child(name string) *FieldPath { return &FieldPath{up: p, name: name} }

// String renders the path as "a.b.c", or only its innermost names after
// "…" when all of them would not fit maxErrorPath bytes.
func (p *FieldPath) String() string {
	const ellipsis = "…"
	var names []string
	n := 0
	for q := p; q != nil; q = q.up {
		if len(names) > 0 && n+len(q.name)+1 > MaxErrorPath-len(ellipsis)-1 {
			names = append(names, ellipsis)
			break
		}
		names = append(names, q.name)
		n += len(q.name) + 1
	}
	slices.Reverse(names)
	return strings.Join(names, ".")
}
