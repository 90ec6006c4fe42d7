package frame

import (
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// Concat stacks the rows of frames, in order, into one Frame (pandas'
// concat and Polars' concat with how="diagonal"). Schemas are unioned by
// column name, as the readers union the keys of records: columns come in
// first-seen order across the frames, the fields of nested structures and
// of lists of structures are unioned the same way, and a column (or
// nested field) a frame lacks is null in its rows. A leaf of Arrow type
// Null (a column that held only nulls) takes the type of the others.
//
// Numbers of one kind and different widths are widened, as the readers
// widen them: int8 to int64 take the widest signed type, uint8 to uint64
// the widest unsigned one, float16 to float64 the widest float; the narrower
// frames' values (lists of them too) are converted, the others shared.
// Strings of different Arrow types (string, large_string, string_view,
// dictionaries of strings) give large_string, as Join's coalesced keys do.
// Any other difference (int64 and string, int64 and float64, signed and
// unsigned, a scalar and a list, a structure and a list of structures,
// maps of different types) is an ErrType error naming the column and the
// positions of both frames. A nil frame is an ErrArgument error, a frame
// holding an error passes it on.
//
// Rows are joined by structured.Concat, which keeps every null and shares
// buffers where it can; indexes are joined by index.Concat (range indexes
// make a range index, label indexes join their labels; a range index of
// rows mixed with labels is an error). No frame gives an empty Frame.
func Concat(frames ...*Frame) *Frame {
	const op = "Concat"
	for i, f := range frames {
		if f == nil {
			return failed(errorf(op, ErrArgument, "frame %d is nil", i))
		}
		if err := f.Err(); err != nil {
			return failed(errorf(op, err, "frame %d: %v", i, err))
		}
	}
	switch len(frames) {
	case 0:
		return FromColumns(nil)
	case 1:
		return frames[0]
	}
	root := &catNode{}
	specs := make([][]structured.FieldSpec, len(frames))
	for i, f := range frames {
		specs[i] = f.data.Spec().Fields
		if err := root.merge(op, specs[i], i, ""); err != nil {
			return failed(err)
		}
	}
	ts := make([]*structured.Tensor, len(frames))
	idxs := make([]index.Index, len(frames))
	for i, f := range frames {
		t := f.data
		if !root.fits(specs[i]) {
			var err error
			if t, err = root.align(f.data, true); err != nil {
				return failed(errorf(op, err, "frame %d: %v", i, err))
			}
		}
		ts[i], idxs[i] = t, f.idx
	}
	t, err := structured.Concat(0, ts...)
	if err != nil {
		return failed(wrap(op, err))
	}
	idx, err := index.Concat(idxs...)
	if err != nil {
		return failed(wrap(op, err))
	}
	return newFrame(op, t, idx)
}

// Concat returns f's rows followed by those of others; see the function
// Concat.
func (f *Frame) Concat(others ...*Frame) *Frame {
	if f.Err() != nil {
		return f
	}
	return Concat(append([]*Frame{f}, others...)...)
}

// catNode is one column of the unioned schema: a leaf (or list, map, list
// of structures: anything compared whole), or a plain structure whose
// fields are unioned.
type catNode struct {
	spec     structured.FieldSpec
	from     int // the frame that first had it
	children []*catNode
}

// catIsRecord reports whether a field is a structure or a list of
// structures (not a map), whose fields are unioned.
func catIsRecord(fs *structured.FieldSpec) bool {
	return fs.IsStruct() && !fs.Map
}

// merge adds the fields of frame `from` at path prefix to the node.
func (n *catNode) merge(op string, fields []structured.FieldSpec, from int, prefix string) error {
	for _, fs := range fields {
		path := prefix + fs.Name
		i := slices.IndexFunc(n.children, func(c *catNode) bool { return c.spec.Name == fs.Name })
		if i < 0 {
			c := &catNode{spec: fs, from: from}
			if catIsRecord(&fs) {
				c.spec.Fields = nil
				if err := c.merge(op, fs.Fields, from, path+pathSep); err != nil {
					return err
				}
			}
			n.children = append(n.children, c)
			continue
		}
		c := n.children[i]
		switch {
		case catIsRecord(&c.spec) && catIsRecord(&fs) && c.spec.Dims.Equal(fs.Dims):
			if err := c.merge(op, fs.Fields, from, path+pathSep); err != nil {
				return err
			}
		case catIsNull(&fs):
		case catIsNull(&c.spec):
			c.spec, c.from = fs, from
			if catIsRecord(&fs) { // a structure after a frame where it was all null
				c.spec.Fields = nil
				if err := c.merge(op, fs.Fields, from, path+pathSep); err != nil {
					return err
				}
			}
		case catSameType(&c.spec, &fs):
		case catCanWiden(&c.spec, &fs):
			c.spec.Type = catWider(c.spec.Type, fs.Type)
		default:
			return errorf(op, ErrType, "column %q is %s in frame %d but %s in frame %d",
				path, catTypeString(&c.spec), c.from, catTypeString(&fs), from)
		}
	}
	return nil
}

// catIsNull reports whether a field is a leaf of Arrow type Null.
func catIsNull(fs *structured.FieldSpec) bool {
	return !fs.IsStruct() && fs.Type != nil && fs.Type.ID() == arrow.NULL
}

// catSameType compares two fields as Concat needs them equal: types,
// dimensions and nested fields, not their nullability.
func catSameType(a, b *structured.FieldSpec) bool {
	if a.Map != b.Map || !a.Dims.Equal(b.Dims) || len(a.Fields) != len(b.Fields) || a.IsStruct() != b.IsStruct() {
		return false
	}
	if !a.IsStruct() && !arrow.TypeEqual(a.Type, b.Type) {
		return false
	}
	for i := range a.Fields {
		if a.Fields[i].Name != b.Fields[i].Name || !catSameType(&a.Fields[i], &b.Fields[i]) {
			return false
		}
	}
	return true
}

// catTypeString renders a field's type for messages.
func catTypeString(fs *structured.FieldSpec) string {
	s := fs.String()
	if len(fs.Name) < len(s) && s[:len(fs.Name)] == fs.Name {
		s = s[len(fs.Name):]
		for len(s) > 0 && (s[0] == ':' || s[0] == ' ') {
			s = s[1:]
		}
	}
	return s
}

// fits reports whether fields (a frame's, or a nested structure's) are
// the node's already: the same names in the same order, leaves of the
// node's type (or Null-typed on either side, which structured.Concat
// unifies) and plain structures that fit in turn. A frame that fits is
// joined as it is: align would read every field, and reading a field of
// a frame joined from pieces (the record batches of a file, the files of
// a dataset) joins it, where structured.Concat keeps the pieces.
func (n *catNode) fits(fields []structured.FieldSpec) bool {
	if len(fields) != len(n.children) {
		return false
	}
	for i, c := range n.children {
		fs := &fields[i]
		switch {
		case fs.Name != c.spec.Name:
			return false
		case catIsRecord(&c.spec):
			if !catIsRecord(fs) || !c.fits(fs.Fields) {
				return false
			}
		case !fs.IsStruct() && !c.spec.IsStruct() && !catIsNull(fs) && !catIsNull(&c.spec) && !arrow.TypeEqual(fs.Type, c.spec.Type):
			return false
		}
	}
	return true
}

// align returns t with the node's fields in the node's order: its own
// (plain structures aligned in turn) and null ones for the fields it
// lacks. t is returned as it is when nothing changes. top says t is a
// frame's data (no null rows of its own); a nested structure keeps its
// null structures.
func (n *catNode) align(t *structured.Tensor, top bool) (*structured.Tensor, error) {
	rows := t.NumRows()
	fields := make([]structured.FieldValue, len(n.children))
	same := t.NumFields() == len(n.children)
	for i, c := range n.children {
		if !t.HasField(c.spec.Name) {
			same = false
			v, err := catNulls(&c.spec, c, t)
			if err != nil {
				return nil, err
			}
			fields[i] = structured.FieldValue{Name: c.spec.Name, Value: v}
			continue
		}
		v, _ := t.Field(c.spec.Name)
		if same && t.FieldNames()[i] != c.spec.Name {
			same = false
		}
		if l, ok := v.(structured.Leaf); ok && c.spec.Type != nil && !catIsNull(&c.spec) &&
			l.DataType().ID() != arrow.NULL && !arrow.TypeEqual(l.DataType(), c.spec.Type) {
			w, err := catCast(v, c.spec.Type)
			if err != nil {
				return nil, err
			}
			v, same = w, false
		}
		if nt, ok := v.(*structured.Tensor); ok && catIsRecord(&c.spec) {
			a, err := c.align(nt, false)
			if err != nil {
				return nil, err
			}
			if a != nt {
				same = false
			}
			v = a
		}
		fields[i] = structured.FieldValue{Name: c.spec.Name, Value: v}
	}
	if same {
		return t, nil
	}
	if top {
		return structured.FromFieldsShape(fields, structured.Shape{rows})
	}
	// A nested structure: empty it, then set the fields in order, which
	// keeps its shape and null structures.
	del := make([]structured.Update, 0, t.NumFields())
	for _, name := range t.FieldNames() {
		del = append(del, structured.DeleteField(name))
	}
	empty, err := t.WithUpdates(del...)
	if err != nil {
		return nil, err
	}
	set := make([]structured.Update, len(fields))
	for i, fv := range fields {
		set[i] = structured.SetField(fv.Value, fv.Name)
	}
	return empty.WithUpdates(set...)
}

// catNulls returns a null value of the node's type for a field of
// parent: one null item (list, structure) per structure of parent, cut by
// parent's row partitions when it is a list of structures.
func catNulls(fs *structured.FieldSpec, c *catNode, parent *structured.Tensor) (structured.Value, error) {
	spec := *fs
	if catIsRecord(fs) {
		spec.Fields = catSpecs(c)
	}
	flat := parent.Size()
	nulls := &structured.Spec{Shape: structured.Shape{flat}, Fields: []structured.FieldSpec{spec}}
	t, err := structured.NullRows(nulls, flat)
	if err != nil {
		// NullRows builds only the leaf types FromValueSpec knows (no
		// dictionaries, no views): build the nulls with Arrow instead.
		if t, err = catArrowNulls(nulls, flat); err != nil {
			return nil, err
		}
	}
	parts := parent.RowPartitions()
	for i := len(parts) - 1; i >= 0; i-- {
		if t, err = t.PartitionOuterDimension(parts[i]); err != nil {
			return nil, err
		}
	}
	return t.Field(spec.Name)
}

// catArrowNulls makes n rows of nulls of a rank-1 Spec through an Arrow
// record batch of null columns, for every type FromArrow reads.
func catArrowNulls(spec *structured.Spec, n int) (*structured.Tensor, error) {
	schema, err := spec.ArrowSchema()
	if err != nil {
		return nil, err
	}
	cols := make([]arrow.Array, schema.NumFields())
	for i, f := range schema.Fields() {
		cols[i] = array.MakeArrayOfNull(memory.DefaultAllocator, f.Type, n)
		defer cols[i].Release()
	}
	rec := array.NewRecordBatch(schema, cols, int64(n))
	defer rec.Release()
	return structured.FromRecordBatch(rec)
}

// catSpecs returns the FieldSpecs of a node's children, unioned.
func catSpecs(n *catNode) []structured.FieldSpec {
	out := make([]structured.FieldSpec, len(n.children))
	for i, c := range n.children {
		out[i] = c.spec
		if catIsRecord(&c.spec) {
			out[i].Fields = catSpecs(c)
		}
	}
	return out
}

// catCanWiden reports whether two leaves differ only in the width of one
// kind of number (dtype's class: signed, unsigned or float), or are
// strings of two Arrow types.
func catCanWiden(a, b *structured.FieldSpec) bool {
	if a.IsStruct() || b.IsStruct() || a.Map || b.Map || !a.Dims.Equal(b.Dims) || a.Type == nil || b.Type == nil {
		return false
	}
	if catIsString(a.Type) && catIsString(b.Type) {
		return true
	}
	fa, fb := dtype.Of(a.Type), dtype.Of(b.Type)
	return fa.Numeric() && fa.Class == fb.Class
}

// catIsString reports the Arrow types of strings: string, large_string,
// string_view and dictionaries of strings.
func catIsString(dt arrow.DataType) bool {
	return dtype.ValueFacts(dt).Class == dtype.ClassString
}

// catWider returns the wider of two number types of one kind; strings of
// two Arrow types give large_string (as Join's coalesced keys).
func catWider(a, b arrow.DataType) arrow.DataType {
	if catIsString(a) && !arrow.TypeEqual(a, b) {
		return arrow.BinaryTypes.LargeString
	}
	if dtype.Of(b).Rank > dtype.Of(a).Rank {
		return b
	}
	return a
}

// catCast converts a number leaf (dense or ragged) to a wider type of its
// kind, or a string leaf to large_string, keeping its shape, partitions
// and nulls.
func catCast(v structured.Value, to arrow.DataType) (structured.Value, error) {
	l := v.(structured.Leaf)
	var arr arrow.Array
	var err error
	switch {
	case to.ID() == arrow.LARGE_STRING:
		arr, err = catStrings(l)
	case dtype.Of(to).Numeric():
		arr, err = dtype.Convert(l.Values(), to) // a widening: never refused
	default:
		err = fmt.Errorf("%w: cannot convert %s to %s", ErrType, l.DataType(), to)
	}
	if err != nil {
		return nil, err
	}
	defer arr.Release()
	switch x := v.(type) {
	case *structured.Dense:
		return structured.NewDense(arr, x.Shape()...)
	case *structured.Ragged:
		return structured.NewRagged(arr, x.RowPartitions()...)
	}
	return nil, fmt.Errorf("%w: cannot convert %T", ErrType, v)
}

// catStrings copies the items of a string leaf of any string type into a
// large_string array, keeping the nulls.
func catStrings(l structured.Leaf) (arrow.Array, error) {
	src := l.Values()
	str, ok := dtype.Strings(src.Data())
	if d, isDict := src.(*array.Dictionary); isDict {
		// A dictionary's items are its entries, through its indices.
		entry, okEntries := dtype.Strings(d.Dictionary().Data())
		index, okIndex := dtype.Int64At(d.Data())
		ok = okEntries && okIndex
		str = func(i int) string { return entry(int(index(i))) }
	}
	if !ok {
		return nil, fmt.Errorf("%w: cannot convert %s to large_string", ErrType, src.DataType())
	}
	b := array.NewLargeStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	for i := range src.Len() {
		if src.IsNull(i) {
			b.AppendNull()
		} else {
			b.Append(str(i))
		}
	}
	return b.NewArray(), nil
}
