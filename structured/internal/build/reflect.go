package build

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
)

// jsonNumberType is json.Number, a string that holds a number.
var jsonNumberType = reflect.TypeFor[json.Number]()

// rwalker walks Go values of any type straight into a Builder's events
// by reflection: no map[string]any per struct, no boxed scalars. Struct
// fields come from the per-type cache of StructFields, so the per-value
// work is reading the fields.
type rwalker struct {
	b     *Builder
	depth int
	seen  map[goPtrKey]bool
	root  int // while > 0: inside a rank-0 structure, outside any list

	lastType   reflect.Type // the struct type walked last, and its fields
	lastFields []StructField
}

// walk adds rv as one value.
func (w *rwalker) walk(rv reflect.Value) error {
	if !rv.IsValid() {
		return w.b.Null()
	}
	w.depth++
	err := w.value(rv)
	w.depth--
	return err
}

// value adds rv, a valid value, at the current depth.
func (w *rwalker) value(rv reflect.Value) error {
	b := w.b
	if w.depth > MaxReflectDepth {
		return b.fail(b.errorAt(KindType, "nested more than %d levels deep", MaxReflectDepth))
	}
	if w.depth > CycleCheckDepth {
		switch rv.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice:
			if !rv.IsNil() {
				return w.tracked(rv)
			}
		}
	}
	return w.kinds(rv)
}

// tracked adds rv, deep down, remembering that the walk is inside the
// memory rv refers to, so that a cycle is an error.
func (w *rwalker) tracked(rv reflect.Value) error {
	b := w.b
	key := goPtrKey{rv.UnsafePointer(), 0, rv.Type()}
	if rv.Kind() == reflect.Slice {
		key.len = rv.Len()
	}
	if w.seen[key] {
		return b.fail(b.errorAt(KindType, "cyclic value: a %v refers back to itself", rv.Type()))
	}
	if w.seen == nil {
		w.seen = map[goPtrKey]bool{}
	}
	w.seen[key] = true
	err := w.kinds(rv)
	delete(w.seen, key)
	return err
}

// kinds adds rv by its type and kind.
func (w *rwalker) kinds(rv reflect.Value) error {
	b := w.b
	switch rv.Type() {
	case jsonNumberType:
		return b.Number([]byte(rv.String()))
	case timeType:
		if rv.CanAddr() {
			return b.Time(*(*time.Time)(unsafe.Pointer(rv.UnsafeAddr())))
		}
		return b.Time(rv.Interface().(time.Time))
	case date32Type:
		return b.Date(arrow.Date32(rv.Int()))
	}
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return b.Null()
		}
		return w.walk(rv.Elem())
	case reflect.Bool:
		return b.Bool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return b.Int(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if u := rv.Uint(); u > math.MaxInt64 {
			return b.Uint(u)
		}
		return b.Int(int64(rv.Uint()))
	case reflect.Float32, reflect.Float64:
		return b.Float(rv.Float())
	case reflect.String:
		return b.String(rv.String())
	case reflect.Slice:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			if rv.IsNil() {
				return b.Null()
			}
			return b.Bytes(rv.Bytes())
		}
		if rv.IsNil() {
			if w.root > 0 {
				// The outer dimension of a field of one structure has no
				// row partition to mark it null: an empty list.
				if err := b.BeginList(); err != nil {
					return err
				}
				return b.EndList()
			}
			return b.Null()
		}
		return w.list(rv)
	case reflect.Array:
		return w.list(rv)
	case reflect.Map:
		if rv.IsNil() {
			return b.Null()
		}
		return w.mapping(rv)
	case reflect.Struct:
		return w.structure(rv)
	}
	return b.fail(b.errorAt(KindType, "unsupported Go type %v", rv.Type()))
}

func (w *rwalker) list(rv reflect.Value) error {
	b := w.b
	if err := b.BeginList(); err != nil {
		return err
	}
	root := w.root
	w.root = 0
	n := rv.Len()
	var err error
	// Lists of scalars, the common case, straight to their events.
	et := rv.Type().Elem()
	switch k := et.Kind(); {
	case k == reflect.String && et != jsonNumberType:
		for i := 0; i < n && err == nil; i++ {
			err = b.String(rv.Index(i).String())
		}
	case k == reflect.Float64 || k == reflect.Float32:
		for i := 0; i < n && err == nil; i++ {
			err = b.Float(rv.Index(i).Float())
		}
	case k >= reflect.Int && k <= reflect.Int64 && et != date32Type:
		for i := 0; i < n && err == nil; i++ {
			err = b.Int(rv.Index(i).Int())
		}
	case k == reflect.Bool:
		for i := 0; i < n && err == nil; i++ {
			err = b.Bool(rv.Index(i).Bool())
		}
	default:
		for i := 0; i < n && err == nil; i++ {
			err = w.walk(rv.Index(i))
		}
	}
	if err != nil {
		return err
	}
	w.root = root
	return b.EndList()
}

func (w *rwalker) mapping(rv reflect.Value) error {
	b := w.b
	type entry struct {
		key string
		val reflect.Value
	}
	entries := make([]entry, 0, rv.Len())
	iter := rv.MapRange()
	for iter.Next() {
		key, ok := goMapKey(iter.Key())
		if !ok {
			return b.fail(b.errorAt(KindType, "map keys of type %v cannot be field names", iter.Key().Type()))
		}
		entries = append(entries, entry{key, iter.Value()})
	}
	// Go maps have no order: keys sorted, fields sorted in the end.
	slices.SortFunc(entries, func(x, y entry) int {
		switch {
		case x.key < y.key:
			return -1
		case x.key > y.key:
			return 1
		}
		return 0
	})
	if err := b.BeginRecord(); err != nil {
		return err
	}
	if b.text.nd == nil {
		b.stack[len(b.stack)-1].nd.unordered = true
	}
	for _, e := range entries {
		if err := b.Key(e.key); err != nil {
			return err
		}
		if err := w.walk(e.val); err != nil {
			return err
		}
	}
	return b.EndRecord()
}

func (w *rwalker) structure(rv reflect.Value) error {
	b := w.b
	if err := b.BeginRecord(); err != nil {
		return err
	}
	t := rv.Type()
	if t != w.lastType {
		w.lastType, w.lastFields = t, StructFields(t)
	}
	for _, gf := range w.lastFields {
		if err := b.Key(gf.Name); err != nil {
			return err
		}
		fv, ok := goFieldByIndex(rv, gf.Index)
		if !ok || gf.OmitEmpty && fv.IsZero() {
			if err := b.Null(); err != nil {
				return err
			}
			continue
		}
		// Scalar fields, the common case, straight to their event.
		var err error
		switch k := gf.Type.Kind(); {
		case k == reflect.String && gf.Type != jsonNumberType:
			err = b.String(fv.String())
		case k == reflect.Float64 || k == reflect.Float32:
			err = b.Float(fv.Float())
		case k >= reflect.Int && k <= reflect.Int64 && gf.Type != date32Type:
			err = b.Int(fv.Int())
		case k == reflect.Bool:
			err = b.Bool(fv.Bool())
		default:
			err = w.walk(fv)
		}
		if err != nil {
			return err
		}
	}
	return b.EndRecord()
}

// rows adds the items of a Go slice or array as rows, in chunks on
// several cores when there are many (as FromValue's rows).
func (w *rwalker) rows(rv reflect.Value) error {
	return walkRowsWith(w.b, rv.Len(), func(b *Builder) rowWalker {
		cw := w
		if b != w.b {
			cw = &rwalker{b: b}
		}
		return func(i int) error { return cw.walk(rv.Index(i)) }
	})
}
