package build

import (
	"encoding/json"
	"reflect"
	"slices"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
)

// The walker behind FromValue, FromValueSpec and ValueOf: it turns nested
// Go values into Builder events, one event per value, with no tree of its
// own.

// ReadsDirectly reports whether the walker reads v's Go type directly (the
// other types go through reflection).
func ReadsDirectly(v any) bool {
	switch v.(type) {
	case nil, map[string]any, []any, []map[string]any, []string, []int64, []int, []float64, []bool,
		string, []byte, bool, float64, float32, int, int8, int16, int32, int64,
		uint, uint8, uint16, uint32, uint64, json.Number, time.Time, arrow.Date32:
		return true
	}
	return false
}

// walk adds v as one value.
func (b *Builder) walk(v any) error {
	switch x := v.(type) {
	case nil:
		return b.Null()
	case map[string]any:
		if x == nil {
			return b.Null()
		}
		return b.walkMap(x)
	case []any:
		if x == nil {
			return b.Null()
		}
		if err := b.BeginList(); err != nil {
			return err
		}
		var items *vnode
		if b.text.nd == nil {
			items = b.stack[len(b.stack)-1].nd.child
		}
		for _, e := range x {
			if items != nil && items.addFast(e) {
				continue
			}
			if err := b.walk(e); err != nil {
				return err
			}
		}
		return b.EndList()
	case string:
		return b.String(x)
	case float64:
		return b.Float(x)
	case bool:
		return b.Bool(x)
	case int64:
		return b.Int(x)
	case int:
		return b.Int(int64(x))
	case json.Number:
		return b.Number(unsafe.Slice(unsafe.StringData(string(x)), len(x)))
	case []map[string]any:
		if x == nil {
			return b.Null()
		}
		if err := b.BeginList(); err != nil {
			return err
		}
		for _, m := range x {
			var err error
			if m == nil {
				err = b.Null()
			} else {
				err = b.walkMap(m)
			}
			if err != nil {
				return err
			}
		}
		return b.EndList()
	case []string:
		return walkSlice(b, x, (*Builder).String)
	case []int64:
		return walkSlice(b, x, (*Builder).Int)
	case []int:
		return walkSlice(b, x, func(b *Builder, v int) error { return b.Int(int64(v)) })
	case []float64:
		return walkSlice(b, x, (*Builder).Float)
	case []bool:
		return walkSlice(b, x, (*Builder).Bool)
	case []byte:
		if x == nil {
			return b.Null()
		}
		return b.Bytes(x)
	case float32:
		return b.Float(float64(x))
	case int8:
		return b.Int(int64(x))
	case int16:
		return b.Int(int64(x))
	case int32:
		return b.Int(int64(x))
	case uint:
		return b.Uint(uint64(x))
	case uint8:
		return b.Int(int64(x))
	case uint16:
		return b.Int(int64(x))
	case uint32:
		return b.Int(int64(x))
	case uint64:
		return b.Uint(x)
	case time.Time:
		return b.Time(x)
	case arrow.Date32:
		return b.Date(x)
	}
	if b.err != nil {
		return b.err
	}
	return b.walkReflect(v)
}

// walkSlice adds a typed Go slice as a list (nil is a null list).
func walkSlice[T any](b *Builder, xs []T, add func(*Builder, T) error) error {
	if xs == nil {
		return b.Null()
	}
	if err := b.BeginList(); err != nil {
		return err
	}
	for _, x := range xs {
		if err := add(b, x); err != nil {
			return err
		}
	}
	return b.EndList()
}

// walkMap adds a map as a record. Go maps have no order: the fields the
// record's path already has are given in their order (each Key then hits
// the Builder's expected-next field), the new keys after them sorted, so
// that fields and errors do not depend on Go's map order; the fields of
// structures read from maps are sorted by name in the end.
func (b *Builder) walkMap(x map[string]any) error {
	if err := b.BeginRecord(); err != nil {
		return err
	}
	var nd *vnode
	slot := 0
	if b.text.nd == nil {
		f := &b.stack[len(b.stack)-1]
		nd, slot = f.nd, f.slot
		nd.unordered = true
	}
	seen := 0
	if nd != nil && nd.kind == kindStruct && len(x) >= len(nd.kids)/2 {
		for i := 0; i < len(nd.kids); i++ {
			e, ok := x[nd.names[i]]
			if !ok {
				continue
			}
			seen++
			if err := b.Key(nd.names[i]); err != nil {
				return err
			}
			if f := &b.stack[len(b.stack)-1]; b.pending && f.nd.kind == kindStruct && f.nd.kids[f.cur].addFast(e) {
				b.pending = false
				continue
			}
			if err := b.walk(e); err != nil {
				return err
			}
		}
	}
	if seen < len(x) {
		mark := len(b.keys)
		for k := range x {
			if nd == nil || nd.kind != kindStruct {
				b.keys = append(b.keys, k)
			} else if c := nd.children[k]; c == nil || c.n <= slot {
				b.keys = append(b.keys, k)
			}
		}
		keys := b.keys[mark:]
		slices.Sort(keys)
		for _, k := range keys {
			if err := b.Key(k); err != nil {
				return err
			}
			if err := b.walk(x[k]); err != nil {
				return err
			}
		}
		b.keys = b.keys[:mark]
	}
	return b.EndRecord()
}

// walkReflect adds a value of a Go type the walker does not read directly
// (structs, pointers, other slices and maps) by reflection.
func (b *Builder) walkReflect(v any) error {
	return (&rwalker{b: b}).walk(reflect.ValueOf(v))
}

// addFast appends e to a leaf node when e has the leaf's own Go type and
// nothing needs checking (no Spec, no JSON text), the common case, as the
// matching event would; it reports whether it did.
func (nd *vnode) addFast(e any) bool {
	if nd.kind != kindLeaf || nd.spec != nil || nd.jsonText {
		return false
	}
	switch nd.typ {
	case storeFloat64:
		if f, ok := e.(float64); ok {
			nd.f64 = push(nd.f64, f)
			nd.markValid()
			return true
		}
	case storeString:
		if s, ok := e.(string); ok {
			nd.appendBytes(s)
			return true
		}
	case storeBool:
		if v, ok := e.(bool); ok {
			nd.appendBool(v)
			return true
		}
	case storeInt64:
		if i, ok := e.(int64); ok {
			nd.i64 = push(nd.i64, i)
			nd.markValid()
			return true
		}
	}
	return false
}
