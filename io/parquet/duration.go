package parquet

import (
	"bytes"
	"encoding/base64"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Duration columns. pyarrow and Polars write an Arrow duration as a
// Parquet INT64 and store the Arrow type in the file's Arrow schema;
// pqarrow (arrow-go v18.8.0) restores that type in its manifest but has
// no column reader for it ("no support for reading columns of type:
// duration"), so such a file did not read at all. The readers rewrite
// the manifest to read every duration as its INT64 storage and give the
// decoded arrays their duration type back, sharing the buffers (an int64
// and a duration of the same unit have one layout).

// int64Durations rewrites the fields of m whose type holds a duration to
// read it as int64, and returns the type each rewritten top-level field
// had, by position in m.Fields (nil when none holds a duration).
func int64Durations(m *pqarrow.SchemaManifest) map[int]arrow.DataType {
	var orig map[int]arrow.DataType
	for i := range m.Fields {
		f := &m.Fields[i]
		if !hasDuration(f.Field.Type) {
			continue
		}
		if orig == nil {
			orig = map[int]arrow.DataType{}
		}
		orig[i] = f.Field.Type
		storeDurations(f)
	}
	return orig
}

// storeDurations gives f and its descendants their types with int64 for
// duration. The manifest's maps hold the SchemaFields by address, so they
// are changed in place (each Field pointer replaced by a changed copy).
func storeDurations(f *pqarrow.SchemaField) {
	if !hasDuration(f.Field.Type) {
		return
	}
	nf := *f.Field
	nf.Type = durationStorage(nf.Type)
	f.Field = &nf
	for i := range f.Children {
		storeDurations(&f.Children[i])
	}
}

// hasDuration reports whether t is or holds a duration.
func hasDuration(t arrow.DataType) bool {
	switch t := t.(type) {
	case *arrow.DurationType:
		return true
	case arrow.NestedType:
		for _, f := range t.Fields() {
			if hasDuration(f.Type) {
				return true
			}
		}
	}
	return false
}

// durationStorage is t with int64 for every duration in it.
func durationStorage(t arrow.DataType) arrow.DataType {
	if !hasDuration(t) {
		return t
	}
	return rebuildType(t, func(t arrow.DataType) arrow.DataType {
		if t.ID() == arrow.DURATION {
			return arrow.PrimitiveTypes.Int64
		}
		return t
	}, "")
}

// rebuildType is t with every type in it, its own included, passed
// through leaf once its children are rebuilt, and the item field of every
// list named item unless item is "". It knows the nested types pqarrow
// reads from and writes to Parquet.
func rebuildType(t arrow.DataType, leaf func(arrow.DataType) arrow.DataType, item string) arrow.DataType {
	field := func(f arrow.Field) arrow.Field { f.Type = rebuildType(f.Type, leaf, item); return f }
	elem := func(f arrow.Field) arrow.Field {
		f = field(f)
		if item != "" {
			f.Name = item
		}
		return f
	}
	switch t := t.(type) {
	case *arrow.StructType:
		fs := t.Fields()
		for i := range fs {
			fs[i] = field(fs[i])
		}
		return leaf(arrow.StructOf(fs...))
	case *arrow.MapType:
		m := arrow.MapOfFields(field(t.KeyField()), field(t.ItemField()))
		m.KeysSorted = t.KeysSorted
		return leaf(m)
	case *arrow.ListType:
		return leaf(arrow.ListOfField(elem(t.ElemField())))
	case *arrow.LargeListType:
		return leaf(arrow.LargeListOfField(elem(t.ElemField())))
	case *arrow.FixedSizeListType:
		return leaf(arrow.FixedSizeListOfField(t.Len(), elem(t.ElemField())))
	}
	return leaf(t)
}

// withType returns the data d, read as durationStorage(t), typed t:
// the same buffers, durations where d has their int64 storage. The caller
// owns the result.
func withType(d arrow.ArrayData, t arrow.DataType) arrow.ArrayData {
	if arrow.TypeEqual(d.DataType(), t) {
		d.Retain()
		return d
	}
	kids := d.Children()
	children := make([]arrow.ArrayData, len(kids))
	for i, k := range kids {
		var kt arrow.DataType
		switch t := t.(type) {
		case *arrow.MapType:
			kt = t.Elem()
		case arrow.ListLikeType:
			kt = t.Elem()
		case *arrow.StructType:
			kt = t.Field(i).Type
		default:
			kt = k.DataType()
		}
		children[i] = withType(k, kt)
	}
	out := array.NewData(t, d.Len(), d.Buffers(), children, d.NullN(), d.Offset())
	for _, c := range children {
		c.Release()
	}
	return out
}

// arrowSchemaKey is the file metadata key of the stored Arrow schema.
const arrowSchemaKey = "ARROW:schema"

// storedArrowSchema is the value pqarrow's WithStoreSchema stores for
// schema: an IPC stream of the schema alone, base64, list items named
// "element" as in the Parquet columns. Its own metadata is left out (the file's
// key-value metadata carries it).
func storedArrowSchema(schema *arrow.Schema) (string, error) {
	fields := make([]arrow.Field, schema.NumFields())
	for i, f := range schema.Fields() {
		fields[i] = f
		fields[i].Type = rebuildType(f.Type, func(t arrow.DataType) arrow.DataType { return t }, "element")
	}
	var b bytes.Buffer
	w := ipc.NewWriter(&b, ipc.WithSchema(arrow.NewSchema(fields, nil)))
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), nil
}
