package structured

import "github.com/apache/arrow-go/v18/arrow"

// Spec is the type of a Tensor: its shape and the type of each field. Pass
// one to [FromValueSpec] to convert values against a schema instead of
// inferring it.
type Spec struct {
	// Shape is the Tensor's shape; its length is the rank. Unknown
	// dimensions are ragged or not fixed.
	Shape Shape
	// Fields lists the fields in order.
	Fields []FieldSpec
}

// FieldSpec is the type of one field.
//
// A leaf field has a Type (the Arrow type of its items); a nested structure
// has Fields instead. Dims lists the field's own dimensions beyond its
// parent's: empty for one item or structure per parent structure, [6] for a
// fixed-length list of 6, [Unknown] for a variable-length list. A leaf is
// stored dense when its parent's dimensions and its Dims are all fixed, and
// ragged otherwise.
type FieldSpec struct {
	Name   string
	Type   arrow.DataType // item type of a leaf; nil for a nested structure
	Fields []FieldSpec    // fields of a nested structure
	Dims   Shape          // the field's own dimensions beyond its parent's
	// Nullable allows nulls in the field: null items, null lists and null
	// structures.
	Nullable bool
}

// IsStruct reports whether the field is a nested structure.
func (f *FieldSpec) IsStruct() bool { return f.Type == nil }
