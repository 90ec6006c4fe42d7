package structured

import (
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured/internal/build"
)

// Go types with a fixed meaning in conversions.
var (
	goTimeType   = reflect.TypeFor[time.Time]()
	goDate32Type = reflect.TypeFor[arrow.Date32]()
)

// SpecOf returns the Spec of values of a Go type, as [FromValue] converts
// them: a struct gives a rank-0 Spec, a slice or array of structs a rank-1
// Spec ([][]T rank 2, and so on; pointers are looked through). Each
// exported field becomes a FieldSpec, in struct order:
//
//   - every Go integer kind is Int64 and both float kinds are Float64 (the
//     package's rule); [Tensor.ToGo] converts back with overflow checks,
//   - string is String, []byte Binary, bool Boolean, time.Time
//     Timestamp(us, "UTC") and arrow.Date32 Date32,
//   - a slice adds an Unknown dimension to Dims and an array [N] adds N (so
//     [6]float64 is stored dense; but Unknown if it may be nil, as *[6]T
//     or with omitempty, since null lists cannot be dense), a struct gives
//     nested Fields,
//   - pointers and slices (nil is null) are Nullable, and so are a field
//     tagged omitempty, whose zero value is converted to null, and a field
//     promoted through an embedded pointer.
//
// Fields are named and chosen like encoding/json does, with the tag
// `structframe:"name,omitempty"`: the name renames, "-" skips the field,
// and the fields of embedded structs are promoted.
//
// Map and interface fields have no static schema (their keys or types are
// data), and neither do recursive types: SpecOf returns an ErrType error
// naming the field, and FromValue converts such values by inferring their
// types instead. Channels, functions, complex numbers, uintptr and unsafe
// pointers are ErrType errors too.
func SpecOf(typ reflect.Type) (*Spec, error) {
	spec, _, err := specOfType("SpecOf", typ)
	return spec, err
}

// SpecFor returns the Spec of values of type T; see [SpecOf].
//
//	spec, err := structured.SpecFor[[]Recipe]()
func SpecFor[T any]() (*Spec, error) { return SpecOf(reflect.TypeFor[T]()) }

// specOfType is SpecOf that also reports whether a failure comes from a type
// with no static schema (a map, an interface, a recursion or a top-level
// type that holds no structure), which the value-level conversion handles.
func specOfType(op string, typ reflect.Type) (spec *Spec, dynamic bool, err error) {
	if typ == nil {
		return nil, true, errorf(op, ErrType, "", "no type (nil)")
	}
	shape := Shape{}
	t := typ
	for {
		switch t.Kind() {
		case reflect.Pointer:
			t = t.Elem()
			continue
		case reflect.Slice:
			if t.Elem().Kind() != reflect.Uint8 {
				shape = append(shape, Unknown)
				t = t.Elem()
				continue
			}
		case reflect.Array:
			shape = append(shape, t.Len())
			t = t.Elem()
			continue
		}
		break
	}
	if t.Kind() != reflect.Struct || goLeafType(t) != nil {
		return nil, true, errorf(op, ErrType, "", "%v holds no structure: want a struct or a slice or array of structs", typ)
	}
	s := &goSpecBuilder{op: op}
	fields, err := s.fields(t, "")
	if err != nil {
		return nil, s.dynamic, err
	}
	return &Spec{Shape: shape, Fields: fields}, false, nil
}

// goSpecBuilder walks a struct type, remembering the structs being expanded
// to detect recursive types.
type goSpecBuilder struct {
	op      string
	stack   []reflect.Type
	dynamic bool // the error comes from a type with no static schema
}

func (s *goSpecBuilder) fields(t reflect.Type, path string) ([]FieldSpec, error) {
	if slices.Contains(s.stack, t) {
		s.dynamic = true
		return nil, errorf(s.op, ErrType, path, "recursive type %v has no static schema", t)
	}
	s.stack = append(s.stack, t)
	defer func() { s.stack = s.stack[:len(s.stack)-1] }()
	gfs := goStructFields(t)
	out := make([]FieldSpec, 0, len(gfs))
	for _, gf := range gfs {
		fs, err := s.field(gf, joinPath(path, gf.name))
		if err != nil {
			return nil, err
		}
		out = append(out, fs)
	}
	return out, nil
}

func (s *goSpecBuilder) field(gf goField, path string) (FieldSpec, error) {
	fs := FieldSpec{Name: gf.name, Nullable: gf.omitEmpty || gf.viaPointer}
	// canBeNull: the value at the current level may be nil (a pointer, a
	// zero value with omitempty, a field behind a nil embedded pointer).
	canBeNull := fs.Nullable
	t := gf.typ
	for {
		if lt := goLeafType(t); lt != nil {
			fs.Type = lt
			if t.Kind() == reflect.Slice { // []byte: nil is null
				fs.Nullable = true
			}
			return fs, nil
		}
		switch t.Kind() {
		case reflect.Pointer:
			fs.Nullable, canBeNull = true, true
			t = t.Elem()
			continue
		case reflect.Slice:
			fs.Nullable = true
			fs.Dims = append(fs.Dims, Unknown)
			t = t.Elem()
		case reflect.Array:
			// A list that may be null cannot have a fixed length: null
			// lists are stored in ragged row partitions.
			d := t.Len()
			if canBeNull {
				d = Unknown
			}
			fs.Dims = append(fs.Dims, d)
			t = t.Elem()
		case reflect.Struct:
			fields, err := s.fields(t, path)
			if err != nil {
				return fs, err
			}
			fs.Fields = fields
			return fs, nil
		case reflect.Map:
			s.dynamic = true
			return fs, errorf(s.op, ErrType, path, "map type %v has no static schema (its keys are data): convert values with FromValue", t)
		case reflect.Interface:
			s.dynamic = true
			return fs, errorf(s.op, ErrType, path, "interface type %v has no static schema (its types are data): convert values with FromValue", t)
		default:
			return fs, errorf(s.op, ErrType, path, "unsupported Go type %v", t)
		}
		canBeNull = false
	}
}

// goLeafType returns the Arrow type a Go type converts to as one item, or
// nil if it is not a leaf (a pointer, a list, a struct) or unsupported.
func goLeafType(t reflect.Type) arrow.DataType {
	switch t {
	case goTimeType:
		return arrow.FixedWidthTypes.Timestamp_us
	case goDate32Type:
		return arrow.FixedWidthTypes.Date32
	}
	switch t.Kind() {
	case reflect.Bool:
		return arrow.FixedWidthTypes.Boolean
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return arrow.PrimitiveTypes.Int64
	case reflect.Float32, reflect.Float64:
		return arrow.PrimitiveTypes.Float64
	case reflect.String:
		return arrow.BinaryTypes.String
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return arrow.BinaryTypes.Binary
		}
	}
	return nil
}

// goField is an exported field of a struct type as SpecOf and ToGo read
// it: a [build.StructField] (whose rules the walkers of FromValue follow
// too) under the names this package uses.
type goField struct {
	name       string
	index      []int
	typ        reflect.Type
	omitEmpty  bool
	viaPointer bool // promoted through an embedded pointer: null when it is nil
}

var goFieldCache sync.Map // reflect.Type -> []goField

// goStructFields returns the fields of a struct type (see
// [build.StructFields]: the rules of encoding/json, with structframe
// tags).
func goStructFields(t reflect.Type) []goField {
	if f, ok := goFieldCache.Load(t); ok {
		return f.([]goField)
	}
	sfs := build.StructFields(t)
	gfs := make([]goField, len(sfs))
	for i, f := range sfs {
		gfs[i] = goField{name: f.Name, index: f.Index, typ: f.Type, omitEmpty: f.OmitEmpty, viaPointer: f.ViaPointer}
	}
	f, _ := goFieldCache.LoadOrStore(t, gfs)
	return f.([]goField)
}
