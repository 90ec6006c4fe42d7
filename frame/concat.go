package frame

import (
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Concat stacks the rows of frames, in order, into one Frame (pandas'
// concat and Polars' concat with how="diagonal"). Schemas are unioned by
// column name, as the readers union the keys of records: columns come in
// first-seen order across the frames, the fields of nested structures are
// unioned the same way, and a column (or nested field) a frame lacks is
// null in its rows. A leaf of Arrow type Null (a column that held only
// nulls) takes the type of the others.
//
// A column whose types differ between frames (int64 and string, a scalar
// and a list, lists of structures with different fields) is an ErrType
// error naming the column and the positions of both frames; integers of
// different widths are not widened (cast them first). A nil frame is an
// ErrArgument error, a frame holding an error passes it on.
//
// Rows are joined by structured.Concat, which keeps every null and shares
// buffers where it can; indexes are joined by index.Concat (range indexes
// make a range index). No frame gives an empty Frame.
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
	for i, f := range frames {
		if err := root.merge(op, f.data.Spec().Fields, i, ""); err != nil {
			return failed(err)
		}
	}
	ts := make([]*structured.Tensor, len(frames))
	idxs := make([]index.Index, len(frames))
	for i, f := range frames {
		t, err := root.align(f.data, true)
		if err != nil {
			return failed(errorf(op, err, "frame %d: %v", i, err))
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

// catIsRecord reports whether a field is a plain structure (not a map,
// no dimension of its own), whose fields are unioned.
func catIsRecord(fs *structured.FieldSpec) bool {
	return fs.IsStruct() && !fs.Map && len(fs.Dims) == 0
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
		case catIsRecord(&c.spec) && catIsRecord(&fs):
			if err := c.merge(op, fs.Fields, from, path+pathSep); err != nil {
				return err
			}
		case catIsNull(&fs):
		case catIsNull(&c.spec):
			c.spec, c.from = fs, from
		case !catSameType(&c.spec, &fs):
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
			v, err := catNulls(&c.spec, c, rows)
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

// catNulls returns a value of the node's type with rows null rows.
func catNulls(fs *structured.FieldSpec, c *catNode, rows int) (structured.Value, error) {
	spec := *fs
	if catIsRecord(fs) {
		spec.Fields = catSpecs(c)
	}
	t, err := structured.NullRows(&structured.Spec{Shape: structured.Shape{rows}, Fields: []structured.FieldSpec{spec}}, rows)
	if err != nil {
		return nil, err
	}
	return t.Field(spec.Name)
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
