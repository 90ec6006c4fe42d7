package build

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

// Go values converted by reflection may be cyclic (a pointer back to
// itself): past CycleCheckDepth levels of nesting the walk remembers the
// pointers it is inside of, so a cycle is an error rather than a stack
// overflow. MaxReflectDepth bounds the nesting of acyclic values.
const (
	CycleCheckDepth = 100
	MaxReflectDepth = 10000
)

// Reflect builds the columns of a Go value of a type the walkers do not
// read directly (structs, pointers, typed slices, arrays and maps) by
// reflection, walking it straight into a Builder (reflect.go): a struct
// or a map gives one structure (its struct column), a slice or array its
// items as rows (the rows' list). c.Schema is the schema of the value's
// static type (structured.SpecOf, every row nullable), so that empty
// slices still give typed fields and nil pointers among the rows are null
// structures; nil when the type has no static schema (maps, interfaces,
// recursive types), which is inferred. In a single structure a nil slice
// field becomes an empty list, as the Tensor cannot store it as null.
func Reflect(c Config, v any) (Column, error) {
	b := c.builder()
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return Column{}, b.errorf(KindType, "cannot convert a nil %v", rv.Type())
		}
		rv = rv.Elem()
	}
	if err := b.reset(); err != nil {
		return Column{}, err
	}
	w := &rwalker{b: b}
	switch rv.Kind() {
	case reflect.Struct, reflect.Map:
		if rv.Kind() == reflect.Map && rv.IsNil() {
			return Column{}, b.errorf(KindType, "cannot convert a nil %v", rv.Type())
		}
		w.root = 1
		if err := w.walk(rv); err != nil {
			return Column{}, err
		}
		return b.finishOne()
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return Column{}, b.errorf(KindType, "cannot convert a nil %v", rv.Type())
		}
		if s := b.spec(); s != nil && s.Shape[0] != Unknown && rv.Len() != s.Shape[0] {
			return Column{}, b.errorf(KindSchema, "got a list of length %d, want length %d (from the Spec)", rv.Len(), s.Shape[0])
		}
		if err := w.rows(rv); err != nil {
			return Column{}, err
		}
		return b.finishRows()
	}
	return Column{}, b.errorf(KindType, "cannot convert Go type %T: a Tensor holds structures", v)
}

// ReflectValue converts a Go value of a type the walkers do not read
// directly (a struct, a typed slice or map, a pointer) into the nested
// map[string]any / []any / scalar form they read. path names the
// position for errors, which are those of FromValue.
//
// Structs become maps keyed by field name (see [StructFields]; a zero
// field tagged omitempty is nil), pointers are followed, nil pointers,
// slices, maps and interfaces become nil, slices and arrays []any (but
// []byte stays []byte), maps with string or integer keys map[string]any.
// Integers become int64 (an unsigned value above MaxInt64 is an error)
// and floats float64; strings, bools, time.Time and arrow.Date32 are
// kept.
func ReflectValue(v any, path string) (any, *Error) {
	return (&goWalker{op: "FromValue", base: path}).tree(reflect.ValueOf(v))
}

// goWalker converts a Go value into a tree, tracking its depth, its
// position (rendered only for errors) and, deep down, the pointers it is
// inside of.
type goWalker struct {
	op    string
	base  string      // the path of the value walked
	segs  []goPathSeg // the position below base
	depth int
	seen  map[any]bool
}

// goPathSeg is one step of a position: a field name or a list index.
type goPathSeg struct {
	name  string
	index int // -1 for a name
}

// path renders the current position, in time linear in its length.
func (w *goWalker) path() string {
	var b strings.Builder
	b.WriteString(w.base)
	for _, s := range w.segs {
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	return b.String()
}

func (w *goWalker) errorf(format string, args ...any) *Error {
	return errorf(w.op, KindType, w.path(), format, args...)
}

// goPtrKey identifies the memory a pointer, map or slice refers to.
type goPtrKey struct {
	ptr unsafe.Pointer
	len int
	typ reflect.Type
}

func (w *goWalker) tree(rv reflect.Value) (any, *Error) {
	if !rv.IsValid() {
		return nil, nil
	}
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > MaxReflectDepth {
		return nil, w.errorf("nested more than %d levels deep", MaxReflectDepth)
	}
	if w.depth > CycleCheckDepth {
		switch rv.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice:
			if !rv.IsNil() {
				key := goPtrKey{rv.UnsafePointer(), 0, rv.Type()}
				if rv.Kind() == reflect.Slice {
					key.len = rv.Len()
				}
				if w.seen[key] {
					return nil, w.errorf("cyclic value: a %v refers back to itself", rv.Type())
				}
				if w.seen == nil {
					w.seen = map[any]bool{}
				}
				w.seen[key] = true
				defer delete(w.seen, key)
			}
		}
	}
	switch rv.Type() {
	case timeType, date32Type:
		return rv.Interface(), nil
	}
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return nil, nil
		}
		return w.tree(rv.Elem())
	case reflect.Bool:
		return rv.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int(), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		u := rv.Uint()
		if u > math.MaxInt64 {
			return nil, w.errorf("%d overflows int64", u)
		}
		return int64(u), nil
	case reflect.Float32, reflect.Float64:
		return rv.Float(), nil
	case reflect.String:
		return rv.String(), nil
	case reflect.Slice:
		if rv.IsNil() {
			return nil, nil
		}
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return rv.Bytes(), nil
		}
		return w.list(rv)
	case reflect.Array:
		return w.list(rv)
	case reflect.Map:
		if rv.IsNil() {
			return nil, nil
		}
		return w.mapping(rv)
	case reflect.Struct:
		return w.structure(rv)
	}
	return nil, w.errorf("unsupported Go type %v", rv.Type())
}

func (w *goWalker) list(rv reflect.Value) (any, *Error) {
	out := make([]any, rv.Len())
	w.segs = append(w.segs, goPathSeg{})
	for i := range out {
		w.segs[len(w.segs)-1] = goPathSeg{index: i}
		e, err := w.tree(rv.Index(i))
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	w.segs = w.segs[:len(w.segs)-1]
	return out, nil
}

// goMapKey renders a Go map key as a field name: strings as they are,
// integers in decimal; ok is false for other key types.
func goMapKey(k reflect.Value) (string, bool) {
	switch k.Kind() {
	case reflect.String:
		return k.String(), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(k.Uint(), 10), true
	}
	return "", false
}

func (w *goWalker) mapping(rv reflect.Value) (any, *Error) {
	out := make(map[string]any, rv.Len())
	iter := rv.MapRange()
	for iter.Next() {
		key, ok := goMapKey(iter.Key())
		if !ok {
			return nil, w.errorf("map keys of type %v cannot be field names", iter.Key().Type())
		}
		w.segs = append(w.segs, goPathSeg{name: key, index: -1})
		e, err := w.tree(iter.Value())
		if err != nil {
			return nil, err
		}
		w.segs = w.segs[:len(w.segs)-1]
		out[key] = e
	}
	return out, nil
}

func (w *goWalker) structure(rv reflect.Value) (any, *Error) {
	gfs := StructFields(rv.Type())
	out := make(map[string]any, len(gfs))
	for _, gf := range gfs {
		fv, ok := goFieldByIndex(rv, gf.Index)
		if !ok || gf.OmitEmpty && fv.IsZero() {
			out[gf.Name] = nil
			continue
		}
		w.segs = append(w.segs, goPathSeg{name: gf.Name, index: -1})
		e, err := w.tree(fv)
		if err != nil {
			return nil, err
		}
		w.segs = w.segs[:len(w.segs)-1]
		out[gf.Name] = e
	}
	return out, nil
}

// goFieldByIndex follows an index path through embedded structs; ok is false
// when it crosses a nil embedded pointer.
func goFieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}
