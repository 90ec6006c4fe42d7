package structured

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured/internal/build"
)

// Spec is the type of a Tensor: its shape and the type of each field. Pass
// one to [FromValueSpec] to convert values against a schema instead of
// inferring it; [Tensor.Spec] gives the Spec of a Tensor, [SpecOf] that of a
// Go type, [ParseSpec] reads one from its [Spec.String] form and
// [SpecFromArrowSchema] from an Arrow schema.
//
// The field order is the column order: [Spec.Equal] compares it, while
// [Spec.Compatible] matches fields by name.
//
// Nullable covers the top level as [FieldSpec.Nullable] covers a field:
// the Tensor's own structures and the lists of its own dimensions below
// the outermost (a rank-r Tensor's lists of depth 1 to r-1) may be null.
type Spec struct {
	// Shape is the Tensor's shape; its length is the rank. Unknown
	// dimensions are ragged or not fixed.
	Shape Shape
	// Fields lists the fields in order.
	Fields []FieldSpec
	// Nullable: the Tensor's own structures and outer lists may be null.
	// As for a field, in a Spec used for conversion ([FromValueSpec]) it
	// means "allows nulls", in a Spec from data ([Tensor.Spec]) "holds a
	// null top-level structure or outer list".
	Nullable bool
}

// FieldSpec is the type of one field.
//
// A leaf field has a Type (the Arrow type of its items); a nested structure
// has Fields instead. Dims lists the field's own dimensions beyond its
// parent's: empty for one item or structure per parent structure, [6] for a
// fixed-length list of 6, [Unknown] for a variable-length list. A leaf is
// stored dense when its parent's dimensions and its Dims are all fixed (the
// outermost dimension, the number of rows, aside), and ragged otherwise
// (see [FieldSpec.Kind]).
type FieldSpec struct {
	Name   string
	Type   arrow.DataType // item type of a leaf; nil for a nested structure
	Fields []FieldSpec    // fields of a nested structure
	Dims   Shape          // the field's own dimensions beyond its parent's
	// Map marks a map field (an Arrow map<K, V>): Fields are "key" (a
	// leaf) and "value", and the last of Dims, Unknown, lists each map's
	// entries. Its type string is map<K, V>.
	Map bool
	// Nullable allows nulls in the field: null items, null lists and null
	// structures. In a Spec used for conversion ([FromValueSpec]) it means
	// "allows nulls"; in a Spec taken from data ([Tensor.Spec]) it means
	// "holds at least one null", so that the Spec of data is as narrow as
	// the data.
	Nullable bool
}

// isMapSpec reports whether f is a well-formed map field: Map set, the
// fields key and value, and the entries' dimension.
func (f *FieldSpec) isMapSpec() bool {
	return f.Map && len(f.Fields) == 2 && f.Fields[0].Name == "key" && f.Fields[1].Name == "value" && len(f.Dims) > 0
}

// IsStruct reports whether the field is a nested structure.
func (f *FieldSpec) IsStruct() bool { return f.Type == nil }

// Kind is how a field's values are stored: the [Value] kind a Tensor holds
// for it.
type Kind uint8

const (
	// KindDense is a leaf stored as a [*Dense]: every dimension below the
	// outermost is fixed.
	KindDense Kind = iota
	// KindRagged is a leaf stored as a [*Ragged]: some dimension below the
	// outermost is Unknown.
	KindRagged
	// KindStruct is a nested structure, stored as a nested [*Tensor].
	KindStruct
)

// String names the kind: "dense", "ragged" or "struct".
func (k Kind) String() string {
	switch k {
	case KindDense:
		return "dense"
	case KindRagged:
		return "ragged"
	case KindStruct:
		return "struct"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Shape is the full shape of the field's values in a parent of the given
// shape: the parent's dimensions followed by Dims.
func (f *FieldSpec) Shape(parent Shape) Shape {
	return append(parent.clone(), f.Dims...)
}

// Kind is how the field is stored in a parent of the given shape (see
// [Spec.Field] for the parent shape of a nested field): KindStruct for a
// nested structure; for a leaf KindDense when every dimension of its full
// shape [FieldSpec.Shape] but the outermost (the number of rows, which may
// vary) is fixed, KindRagged otherwise. This is the kind [FromValueSpec]
// builds. So a list of Unknown length is dense in a rank-0 parent (it is
// the outermost dimension) and ragged in a rank-1 one.
//
// A Tensor may hold a ragged leaf where Kind says dense: fixed-length
// lists that are null (read from an Arrow fixed_size_list with null slots,
// or given to [FromValueSpec]) need a row partition to mark them.
func (f *FieldSpec) Kind(parent Shape) Kind {
	if f.IsStruct() {
		return KindStruct
	}
	full := f.Shape(parent)
	if len(full) <= 1 || full[1:].IsFullyKnown() {
		return KindDense
	}
	return KindRagged
}

// RaggedRank is the number of row partitions of a ragged leaf in a parent
// of the given shape (its rank minus one, TensorFlow's ragged_rank: every
// dimension below the outermost is a partition, uniform ones included),
// and 0 for dense leaves and structures.
func (f *FieldSpec) RaggedRank(parent Shape) int {
	if f.Kind(parent) != KindRagged {
		return 0
	}
	return len(parent) + len(f.Dims) - 1
}

// Field returns the field at a path (Field("recipe", "ingredients")) and
// the full shape of its parent, to pass to [FieldSpec.Kind]: the Spec's
// shape followed by the Dims of every structure along the path. The
// FieldSpec points into s.
func (s *Spec) Field(path ...string) (*FieldSpec, Shape, error) {
	const op = "Spec.Field"
	if s == nil {
		return nil, nil, errorf(op, ErrSchema, "", "the Spec is nil")
	}
	if len(path) == 0 {
		return nil, nil, errorf(op, ErrPath, "", "empty field path")
	}
	fields, parent := s.Fields, s.Shape.clone()
	rendered := ""
	for i, name := range path {
		var f *FieldSpec
		for j := range fields {
			if fields[j].Name == name {
				f = &fields[j]
				break
			}
		}
		if f == nil {
			return nil, nil, errorf(op, ErrPath, joinPath(rendered, name), "no such field (fields: %v)", specNames(fields))
		}
		if i == len(path)-1 {
			return f, parent, nil
		}
		if !f.IsStruct() {
			return nil, nil, errorf(op, ErrPath, rendered, "field %s is a leaf (%s), not a structure, so it has no field %q", quoteName(name), typeName(f.Type), path[i+1])
		}
		rendered = joinPath(rendered, name)
		fields, parent = f.Fields, append(parent, f.Dims...)
	}
	return nil, nil, nil // not reached: the loop returns at the last name
}

// specNames lists the names of fields.
func specNames(fields []FieldSpec) []string {
	out := make([]string, len(fields))
	for i := range fields {
		out[i] = fields[i].Name
	}
	return out
}

// Equal reports whether both Specs are the same: same shape and
// nullability, and the same fields in the same order (the order is the
// column order) with equal names, Arrow types (arrow.TypeEqual), Dims,
// nullability and nested fields. A nil Spec equals only nil; nil and empty
// Dims or Fields are equal.
func (s *Spec) Equal(o *Spec) bool {
	if s == nil || o == nil {
		return s == o
	}
	return s.Nullable == o.Nullable && s.Shape.Equal(o.Shape) && fieldSpecsEqual(s.Fields, o.Fields)
}

// Equal reports whether both FieldSpecs are the same, as [Spec.Equal]
// compares fields (a nil o is not equal).
func (f *FieldSpec) Equal(o *FieldSpec) bool {
	if o == nil {
		return false
	}
	if f.Name != o.Name || f.Nullable != o.Nullable || f.Map != o.Map || !f.Dims.Equal(o.Dims) || f.IsStruct() != o.IsStruct() {
		return false
	}
	if !f.IsStruct() && !arrow.TypeEqual(f.Type, o.Type) {
		return false
	}
	return fieldSpecsEqual(f.Fields, o.Fields)
}

func fieldSpecsEqual(a, b []FieldSpec) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(&b[i]) {
			return false
		}
	}
	return true
}

// Compatible reports whether data of Spec o can be stored under s, say to
// concatenate it with data of s, and returns nil if so. Otherwise it
// returns an ErrSchema error naming the first path that differs, in s's
// field order (fields o has and s has not come last). The rules:
//
//   - the same rank, and each dimension of s Unknown or equal to o's (an
//     Unknown dimension of o does not fit a fixed one of s), for the shape
//     as for every field's Dims (give s Unknown rows to take any number);
//   - the same field names, matched by name (order does not matter: data
//     is found by name);
//   - the same kind, leaf or structure; a dense field of o under an
//     Unknown dimension of s is stored ragged, which is fine;
//   - the same Arrow type; or o's field is a Null-typed leaf (it held only
//     nulls and empty lists, as [FromValue] infers such a field), which
//     fits any field of s, a structure too, whose leading dimensions take
//     its own: its nulls become null items, lists or structures;
//   - if o is nullable, s must be, for the top level ([Spec.Nullable]) as
//     for each field: a Spec from data ([Tensor.Spec]) is nullable only
//     where the data holds nulls.
func (s *Spec) Compatible(o *Spec) error { return specCompatible("Compatible", s, o) }

func specCompatible(op string, s, o *Spec) error {
	if s == nil || o == nil {
		return errorf(op, ErrSchema, "", "the Spec is nil")
	}
	if err := dimsCompatible(op, nil, "rank", s.Shape, o.Shape); err != nil {
		return err
	}
	if o.Nullable && !s.Nullable {
		return errorf(op, ErrSchema, "", "the top level is nullable (null structures or outer lists), but the Spec does not allow nulls there")
	}
	return fieldsCompatible(op, nil, len(s.Shape), s.Fields, o.Fields)
}

// dimsCompatible checks that o's dimensions fit s's; what names them
// ("rank" or "dimensions") in messages.
func dimsCompatible(op string, path *build.FieldPath, what string, s, o Shape) error {
	if len(s) != len(o) {
		if what == "rank" {
			return errorf(op, ErrSchema, path.String(), "has rank %d, want rank %d", len(o), len(s))
		}
		return errorf(op, ErrSchema, path.String(), "has %d dimensions %v, want %d %v", len(o), o, len(s), s)
	}
	for i := range s {
		if s[i] != Unknown && s[i] != o[i] {
			return errorf(op, ErrSchema, path.String(), "dimension %d is %s, want %s", i, dimString(o[i]), dimString(s[i]))
		}
	}
	return nil
}

// fieldsCompatible checks the fields o of a structure of the given rank
// against s.
func fieldsCompatible(op string, path *build.FieldPath, rank int, s, o []FieldSpec) error {
	for i := range s {
		f := &s[i]
		fpath := path.Child(f.Name)
		var g *FieldSpec
		for j := range o {
			if o[j].Name == f.Name {
				g = &o[j]
				break
			}
		}
		if g == nil {
			return errorf(op, ErrSchema, fpath.String(), "missing")
		}
		if err := fieldCompatible(op, fpath, rank, f, g); err != nil {
			return err
		}
	}
	for j := range o {
		found := false
		for i := range s {
			if s[i].Name == o[j].Name {
				found = true
				break
			}
		}
		if !found {
			return errorf(op, ErrSchema, path.Child(o[j].Name).String(), "not in the Spec (fields: %v)", specNames(s))
		}
	}
	return nil
}

func fieldCompatible(op string, path *build.FieldPath, rank int, f, g *FieldSpec) error {
	switch {
	case f.IsStruct() && !g.IsStruct() && g.Type.ID() != arrow.NULL:
		return errorf(op, ErrSchema, path.String(), "is a leaf (%s), want a structure", typeName(g.Type))
	case !f.IsStruct() && g.IsStruct():
		return errorf(op, ErrSchema, path.String(), "is a structure, want a leaf (%s)", typeName(f.Type))
	case f.Map != g.Map && g.IsStruct():
		if f.Map {
			return errorf(op, ErrSchema, path.String(), "is a list of structures, want a map")
		}
		return errorf(op, ErrSchema, path.String(), "is a map, want a list of structures")
	}
	if !g.IsStruct() && g.Type.ID() == arrow.NULL && (f.IsStruct() || f.Type.ID() != arrow.NULL) {
		return nullCompatible(op, path, rank, f, g)
	}
	if err := dimsCompatible(op, path, "dimensions", f.Dims, g.Dims); err != nil {
		return err
	}
	if !f.IsStruct() && !arrow.TypeEqual(f.Type, g.Type) && g.Type.ID() != arrow.NULL {
		return errorf(op, ErrSchema, path.String(), "has type %s, want %s", typeName(g.Type), typeName(f.Type))
	}
	if g.Nullable && !f.Nullable {
		return errorf(op, ErrSchema, path.String(), "is nullable, but the Spec does not allow nulls")
	}
	if f.IsStruct() {
		return fieldsCompatible(op, path, rank+len(f.Dims), f.Fields, g.Fields)
	}
	return nil
}

// nullCompatible checks a Null-typed leaf g (a field that held nothing but
// nulls and empty lists) of a structure of the given rank against f of any
// type: its dimensions must fit f's leading ones, and its nulls become
// null items, lists or structures of f, which f must allow (the list of a
// field of a rank-0 structure, its outermost dimension, cannot be null).
func nullCompatible(op string, path *build.FieldPath, rank int, f, g *FieldSpec) error {
	if len(g.Dims) > len(f.Dims) {
		return errorf(op, ErrSchema, path.String(), "has %d dimensions %v, want %d %v", len(g.Dims), g.Dims, len(f.Dims), f.Dims)
	}
	if err := dimsCompatible(op, path, "dimensions", f.Dims[:len(g.Dims)], g.Dims); err != nil {
		return err
	}
	if g.Nullable && !f.Nullable {
		return errorf(op, ErrSchema, path.String(), "is nullable, but the Spec does not allow nulls")
	}
	if g.Nullable && rank == 0 && len(g.Dims) == 0 && len(f.Dims) > 0 {
		return errorf(op, ErrSchema, path.String(), "holds a null where the Spec has a list (the field of a single structure), which cannot be null")
	}
	return nil
}
