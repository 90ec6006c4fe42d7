package structured

import (
	"reflect"
	"sync"

	"github.com/structframe/structframe/structured/internal/build"
)

// fromReflect converts Go structs, typed slices and maps by reflection,
// walking them straight into a Builder (see [build.Reflect]).
//
// A struct, a pointer to one, or slices and arrays of them are converted
// against the Spec of their static type (SpecOf), so empty slices still
// give typed fields. Nil pointers to structs in the slices are null
// structures. In a single struct (rank 0) a nil slice field becomes an
// empty list, as the Tensor cannot store it as null. Values whose type has
// no static schema (maps, interfaces, recursive types, or no structure at
// the top) are converted by inference.
func fromReflect(op string, v any, o buildOptions) (*Tensor, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, errorf(op, ErrType, "", "cannot convert nil")
	}
	schema, err := reflectSchema(op, rv.Type())
	if err != nil {
		return nil, err
	}
	c := build.Config{Op: op, Schema: schema, Options: o, Chunks: build.DefaultChunking, Errors: builderError}
	col, err := build.Reflect(c, v)
	if err != nil {
		return nil, err
	}
	return assemble(col, 0, Unknown, nil).(*Tensor), nil
}

// reflectSchemas caches the Schema fromReflect converts each Go type
// against (nil: the type has no static schema), as the type alone
// decides it.
var reflectSchemas sync.Map // reflect.Type -> *build.Schema

// reflectSchema returns the Schema of the Spec of typ (SpecOf), every row
// nullable, or nil when typ has no static schema.
func reflectSchema(op string, typ reflect.Type) (*build.Schema, error) {
	if s, ok := reflectSchemas.Load(typ); ok {
		return s.(*build.Schema), nil
	}
	spec, dynamic, err := specOfType(op, typ)
	if err != nil && !dynamic {
		return nil, err
	}
	if spec != nil && len(spec.Shape) > 0 {
		// Nil pointers among the rows are null structures.
		cp := *spec
		cp.Nullable = true
		spec = &cp
	}
	s, _ := reflectSchemas.LoadOrStore(typ, schemaOf(spec))
	return s.(*build.Schema), nil
}

// reflectValue converts a Go value of a type FromValue does not know
// directly into the nested map[string]any / []any / scalar form FromValue
// reads (see [build.ReflectValue]). path names the position for errors.
func reflectValue(v any, path string) (any, error) {
	tree, e := build.ReflectValue(v, path)
	if e != nil {
		return nil, builderError(e)
	}
	return tree, nil
}
