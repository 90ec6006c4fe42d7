package gota

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// restore gives a frame read from gota the types, lists and nesting of
// the Spec it was written from: each leaf path of the Spec is read from
// its dotted column (JSON text when a list lies on the path) against the
// leaf's type, and the structures are built again from their leaves as
// the Spec says (a null structure comes back as a structure of null
// leaves, as Flatten left it).
func restore(op string, f *frame.Frame, spec *structured.Spec) (*frame.Frame, error) {
	if len(spec.Shape) != 1 {
		return nil, errorf(op, frame.ErrArgument, "WithSchema needs the Spec of a frame (rank 1), got rank %d", len(spec.Shape))
	}
	var build func(prefix string, fs structured.FieldSpec, dims structured.Shape) (structured.Value, error)
	build = func(prefix string, fs structured.FieldSpec, dims structured.Shape) (structured.Value, error) {
		name := prefix + fs.Name
		dims = append(slices.Clone(dims), fs.Dims...)
		if fs.IsStruct() && !fs.Map && len(fs.Fields) > 0 {
			children := make([]structured.FieldValue, len(fs.Fields))
			for k, child := range fs.Fields {
				v, err := build(name+sep, child, dims)
				if err != nil {
					return nil, err
				}
				children[k] = structured.FieldValue{Name: child.Name, Value: v}
			}
			t, err := structured.FromFields(children, 1+len(dims))
			if err != nil {
				return nil, errorf(op, frame.ErrType, "structure %q: %v", name, err)
			}
			return t, nil
		}
		col, err := f.Column(frame.Path(name))
		if err != nil {
			return nil, relabel(op, err)
		}
		leaf := fs
		leaf.Name, leaf.Dims, leaf.Nullable = "v", dims, true
		v, err := restoreLeaf(col.Value(), leaf, len(dims) > 0 || fs.Map || fs.IsStruct())
		if err != nil {
			return nil, errorf(op, frame.ErrType, "column %q: %v", name, err)
		}
		return v, nil
	}
	fields := make([]structured.FieldValue, len(spec.Fields))
	for i, fs := range spec.Fields {
		v, err := build("", fs, nil)
		if err != nil {
			return nil, err
		}
		fields[i] = structured.FieldValue{Name: fs.Name, Value: v}
	}
	return frameOf(op, f.NumRows(), fields)
}

// restoreLeaf converts one column read from gota to the type of leaf
// (named "v"): JSON text is parsed first when the leaf holds lists or
// maps.
func restoreLeaf(col structured.Value, leaf structured.FieldSpec, jsonText bool) (structured.Value, error) {
	vals, _ := col.ToValue().([]any)
	records := make([]any, len(vals))
	for i, v := range vals {
		if jsonText && v != nil {
			text, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("row %d: want JSON text, got %T", i, v)
			}
			d := json.NewDecoder(strings.NewReader(text))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				return nil, fmt.Errorf("row %d: %v", i, err)
			}
		}
		records[i] = map[string]any{"v": v}
	}
	t, err := structured.FromValueSpec(records, &structured.Spec{Shape: structured.Shape{len(vals)}, Fields: []structured.FieldSpec{leaf}})
	if err != nil {
		return nil, err
	}
	return t.Field("v")
}
