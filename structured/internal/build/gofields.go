package build

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
	timeType   = reflect.TypeFor[time.Time]()
	date32Type = reflect.TypeFor[arrow.Date32]()
)

// StructField is an exported field of a struct type as conversions see
// it: its name (from the tag or the Go name), its index path (through
// embedded structs) and options. structured.SpecOf and Tensor.ToGo read
// the same fields.
type StructField struct {
	Name       string
	Index      []int
	Type       reflect.Type
	OmitEmpty  bool
	Tagged     bool // named by a tag
	ViaPointer bool // promoted through an embedded pointer: null when it is nil
}

var structFieldCache sync.Map // reflect.Type -> []StructField

// StructFields returns the fields of a struct type, following the rules
// of encoding/json with the tag `structframe:"name,omitempty"`: exported
// fields in order, tags rename or skip ("-"), fields of untagged embedded
// structs are promoted, and among fields of one name the shallowest wins
// (a tagged one among equals, otherwise none). The result is cached per
// type and must not be changed.
func StructFields(t reflect.Type) []StructField {
	if f, ok := structFieldCache.Load(t); ok {
		return f.([]StructField)
	}
	f, _ := structFieldCache.LoadOrStore(t, typeFields(t))
	return f.([]StructField)
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

// typeFields finds the fields StructFields returns.
func typeFields(t reflect.Type) []StructField {
	type embedded struct {
		typ   reflect.Type
		index []int
		ptr   bool
	}
	var fields []StructField
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
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct || ft == timeType {
					if !sf.IsExported() {
						continue // an unexported embedded non-struct
					}
					f := StructField{Name: name, Index: index, Type: sf.Type, OmitEmpty: omit, Tagged: name != "", ViaPointer: e.ptr}
					if f.Name == "" {
						f.Name = sf.Name
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
	slices.SortStableFunc(fields, func(a, b StructField) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), cmp.Compare(len(a.Index), len(b.Index)),
			boolCmp(b.Tagged, a.Tagged), slices.Compare(a.Index, b.Index))
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].Name == fields[i].Name {
			j++
		}
		if f, ok := dominantField(fields[i:j]); ok {
			out = append(out, f)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b StructField) int { return slices.Compare(a.Index, b.Index) })
	return slices.Clip(out)
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// dominantField picks the field that wins among fields of one name,
// sorted by depth then tagged first: the only shallowest one, or the only
// tagged shallowest one.
func dominantField(fields []StructField) (StructField, bool) {
	if len(fields) > 1 && len(fields[0].Index) == len(fields[1].Index) && fields[0].Tagged == fields[1].Tagged {
		return StructField{}, false
	}
	return fields[0], true
}
