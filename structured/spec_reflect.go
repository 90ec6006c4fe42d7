package structured

import (
	"cmp"
	"go/token"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
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

// goField is an exported field of a struct type as conversions see it:
// its name (from the tag or the Go name), its index path (through embedded
// structs) and options.
type goField struct {
	name       string
	index      []int
	typ        reflect.Type
	omitEmpty  bool
	tagged     bool // named by a tag
	viaPointer bool // promoted through an embedded pointer: null when it is nil
}

var goFieldCache sync.Map // reflect.Type -> []goField

// goStructFields returns the fields of a struct type, following the rules of
// encoding/json: exported fields in order, tags rename or skip, fields of
// untagged embedded structs are promoted, and among fields of one name the
// shallowest wins (a tagged one among equals, otherwise none).
func goStructFields(t reflect.Type) []goField {
	if f, ok := goFieldCache.Load(t); ok {
		return f.([]goField)
	}
	f, _ := goFieldCache.LoadOrStore(t, goTypeFields(t))
	return f.([]goField)
}

// parseStructTag splits a structframe tag into its name and whether it says
// omitempty.
func parseStructTag(tag string) (name string, omitEmpty bool) {
	name, opts, _ := strings.Cut(tag, ",")
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == "omitempty" {
			omitEmpty = true
		}
	}
	return name, omitEmpty
}

func goTypeFields(t reflect.Type) []goField {
	type embedded struct {
		typ   reflect.Type
		index []int
		ptr   bool
	}
	var fields []goField
	next := []embedded{{typ: t}}
	var count, nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}
	for len(next) > 0 {
		current := next
		next = nil
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, e := range current {
			if visited[e.typ] {
				continue
			}
			visited[e.typ] = true
			for i := range e.typ.NumField() {
				sf := e.typ.Field(i)
				ft := sf.Type
				if sf.Anonymous {
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
						if !token.IsExported(ft.Name()) {
							// An embedded pointer to an unexported struct
							// cannot be allocated when decoding.
							continue
						}
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("structframe")
				if tag == "-" {
					continue
				}
				name, omit := parseStructTag(tag)
				index := append(append([]int{}, e.index...), i)
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct || goLeafType(ft) != nil {
					if !sf.IsExported() {
						continue // an unexported embedded non-struct
					}
					f := goField{name: name, index: index, typ: sf.Type, omitEmpty: omit, tagged: name != "", viaPointer: e.ptr}
					if f.name == "" {
						f.name = sf.Name
					}
					fields = append(fields, f)
					if count[e.typ] > 1 {
						// The same embedded type twice at one depth: its
						// fields annihilate each other; a copy forces that.
						fields = append(fields, f)
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, embedded{typ: ft, index: index, ptr: e.ptr || sf.Type.Kind() == reflect.Pointer})
				}
			}
		}
	}
	slices.SortStableFunc(fields, func(a, b goField) int {
		return cmp.Or(strings.Compare(a.name, b.name), cmp.Compare(len(a.index), len(b.index)),
			goBoolCmp(b.tagged, a.tagged), slices.Compare(a.index, b.index))
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		if f, ok := goDominantField(fields[i:j]); ok {
			out = append(out, f)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b goField) int { return slices.Compare(a.index, b.index) })
	return slices.Clip(out)
}

func goBoolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// goDominantField picks the field that wins among fields of one name, sorted
// by depth then tagged first: the only shallowest one, or the only tagged
// shallowest one.
func goDominantField(fields []goField) (goField, bool) {
	if len(fields) > 1 && len(fields[0].index) == len(fields[1].index) && fields[0].tagged == fields[1].tagged {
		return goField{}, false
	}
	return fields[0], true
}
