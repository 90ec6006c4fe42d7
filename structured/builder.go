package structured

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// A valueBuilder turns nested Go values into field-major columns in one
// pass. It keeps a tree with one node per field path: a struct node for
// maps, a list node for slices and a leaf node for scalars. Values are appended to
// the node of their path as they are met, so the cost grows with the number
// of values and the allocations with the number of columns. A node starts
// untyped (only nulls seen) and takes its kind from the first non-null value,
// back-filling nulls for the slots seen so far. At the end the Go slices are
// wrapped as Arrow buffers and list offsets as row partitions, without
// copying (see builder_finish.go).

// nodeKind is what a node holds.
type nodeKind uint8

const (
	kindNull   nodeKind = iota // untyped: only nulls seen so far
	kindLeaf                   // scalars
	kindList                   // lists: offsets into the child node
	kindStruct                 // maps: one child node per key
)

// vnode accumulates the values seen at one field path.
type vnode struct {
	kind     nodeKind
	n        int           // slots appended: items, lists or structures
	valid    bitmapBuilder // null slots
	firstRow int           // top-level row where the kind was fixed
	spec     *nodeSpec     // set when converting against a Spec

	leafBuf // kindLeaf

	// kindList
	splits []int64 // n+1 offsets into child, unless spec.fixed
	child  *vnode

	// kindStruct
	children map[string]*vnode
	names    []string // keys in order of first appearance (Spec order with a Spec)
	kids     []*vnode // the child nodes, in the order of names
	maxKeys  int      // the most keys seen in one record ...
	maxRec   map[string]any
	maxRow   int // ... its top-level row
	maxSlot  int // ... and its slot

	// as the child of a struct node: the record where this key first
	// appeared, for error messages.
	firstRec  map[string]any
	firstSlot int
	keyRow    int
}

// nodeSpec holds what a Spec says about a node.
type nodeSpec struct {
	nullable bool
	fixed    int  // list: required length, or Unknown
	rootList bool // list: the first dimension of a field of a rank-0 structure (no null lists)
	required bool // as a field: must be present and not null in every valid record
	nreq     int  // struct: number of required fields
	float32  bool // leaf: float32 items (range checked)
}

// markValid records a non-null slot.
func (nd *vnode) markValid() {
	if nd.valid.bits == nil {
		nd.valid.n++
	} else {
		nd.valid.append(true)
	}
	nd.n++
}

// markNull records a null slot.
func (nd *vnode) markNull() {
	nd.valid.append(false)
	nd.n++
}

// errStep is one step of an error's position: a field name or a list index.
type errStep struct {
	name string
	idx  int
}

// buildError is an error found while walking the values. Its position is
// collected on the way back up (innermost first), so the walk pays nothing
// for it when there is no error.
type buildError struct {
	kind error
	msg  string
	segs []errStep // innermost first
	tail string    // a path below the innermost step (from reflectValue)
}

func (e *buildError) field(name string) *buildError {
	e.segs = append(e.segs, errStep{name: name, idx: -1})
	return e
}

func (e *buildError) index(i int) *buildError {
	e.segs = append(e.segs, errStep{idx: i})
	return e
}

// path renders the position as in "recipe.ingredients[3].amount".
func (e *buildError) path() string {
	var b strings.Builder
	for i := len(e.segs) - 1; i >= 0; i-- {
		s := e.segs[i]
		if s.idx >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.idx))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	if e.tail != "" {
		if b.Len() > 0 && e.tail[0] != '[' {
			b.WriteByte('.')
		}
		b.WriteString(e.tail)
	}
	return b.String()
}

// valueBuilder walks nested Go values into a node tree.
type valueBuilder struct {
	keys []string // scratch stack of map keys (see addMap)
	spec *Spec    // the Spec of FromValueSpec
	chunking
	op    string
	rows  bool // the top level is a list: positions are reported as rows
	row   int  // current top-level row
	depth int  // nesting of the value being added
}

// maxNesting bounds the nesting of maps and lists (as encoding/json does),
// so that a map holding itself is an error rather than a stack overflow.
const maxNesting = 10_000

func (b *valueBuilder) tooDeep() *buildError {
	return b.errorAt(ErrType, "values nested more than %d levels deep (a map or slice holding itself?)", maxNesting)
}

func (b *valueBuilder) errorAt(kind error, format string, args ...any) *buildError {
	return &buildError{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// at renders " at row N" when the top level is a list.
func (b *valueBuilder) at() string {
	if !b.rows {
		return ""
	}
	return " at row " + strconv.Itoa(b.row)
}

// mismatch reports a value of the wrong kind for its field.
func (b *valueBuilder) mismatch(nd *vnode, got string) *buildError {
	msg := "got " + got + b.at() + ", want " + nd.describe()
	switch {
	case nd.spec != nil:
		msg += " (from the Spec)"
	case b.rows:
		msg += " (first seen at row " + strconv.Itoa(nd.firstRow) + ")"
	}
	return &buildError{kind: ErrSchema, msg: msg}
}

// describe names what a node holds, for messages.
func (nd *vnode) describe() string {
	switch nd.kind {
	case kindLeaf:
		return typeName(nd.dtype)
	case kindList:
		return "list"
	case kindStruct:
		return "structure"
	}
	if nd.spec != nil {
		return "null"
	}
	return "nothing"
}

// readsDirectly reports whether the builder reads v's Go type directly (the other
// types go through reflection).
func readsDirectly(v any) bool {
	switch v.(type) {
	case nil, map[string]any, []any, []map[string]any, []string, []int64, []int, []float64, []bool,
		string, []byte, bool, float64, float32, int, int8, int16, int32, int64,
		uint, uint8, uint16, uint32, uint64, json.Number, time.Time, arrow.Date32:
		return true
	}
	return false
}

// add appends one value to nd.
func (b *valueBuilder) add(nd *vnode, v any) *buildError {
	switch x := v.(type) {
	case nil:
		return b.addNull(nd)
	case map[string]any:
		if x == nil {
			return b.addNull(nd)
		}
		if b.depth++; b.depth > maxNesting {
			return b.tooDeep()
		}
		err := b.addMap(nd, x)
		b.depth--
		return err
	case []any:
		if x == nil {
			return b.addNull(nd)
		}
		if b.depth++; b.depth > maxNesting {
			return b.tooDeep()
		}
		err := b.addList(nd, x)
		b.depth--
		return err
	case string:
		return b.addString(nd, x)
	case float64:
		return b.addFloat(nd, x)
	case bool:
		return b.addBool(nd, x)
	case int64:
		return b.addInt(nd, x)
	case int:
		return b.addInt(nd, int64(x))
	case json.Number:
		return b.addNumber(nd, x)
	case []map[string]any:
		if x == nil {
			return b.addNull(nd)
		}
		if err := b.beginList(nd, len(x)); err != nil {
			return err
		}
		if b.depth++; b.depth > maxNesting {
			return b.tooDeep()
		}
		c := nd.child
		for i, m := range x {
			var err *buildError
			if m == nil {
				err = b.addNull(c)
			} else {
				err = b.addMap(c, m)
			}
			if err != nil {
				return err.index(i)
			}
		}
		b.depth--
		nd.endList()
		return nil
	case []string:
		return addSlice(b, nd, x, (*valueBuilder).addString)
	case []int64:
		return addSlice(b, nd, x, (*valueBuilder).addInt)
	case []int:
		return addSlice(b, nd, x, func(b *valueBuilder, c *vnode, v int) *buildError { return b.addInt(c, int64(v)) })
	case []float64:
		return addSlice(b, nd, x, (*valueBuilder).addFloat)
	case []bool:
		return addSlice(b, nd, x, (*valueBuilder).addBool)
	case []byte:
		if x == nil {
			return b.addNull(nd)
		}
		return b.addBytes(nd, x)
	case float32:
		return b.addFloat(nd, float64(x))
	case int8:
		return b.addInt(nd, int64(x))
	case int16:
		return b.addInt(nd, int64(x))
	case int32:
		return b.addInt(nd, int64(x))
	case uint:
		return b.addUint(nd, uint64(x))
	case uint8:
		return b.addInt(nd, int64(x))
	case uint16:
		return b.addInt(nd, int64(x))
	case uint32:
		return b.addInt(nd, int64(x))
	case uint64:
		return b.addUint(nd, x)
	case time.Time:
		return b.addTime(nd, x)
	case arrow.Date32:
		return b.addDate(nd, x)
	}
	rv, err := reflectValue(v, "")
	if err != nil {
		be := &buildError{kind: ErrType, msg: err.Error()}
		if e, ok := err.(*Error); ok {
			be.kind, be.msg, be.tail = e.Kind, e.Msg, e.Path
		}
		return be
	}
	if !readsDirectly(rv) {
		return b.errorAt(ErrType, "cannot convert Go type %T (reflection gave %T)", v, rv)
	}
	return b.add(nd, rv)
}

// addSlice appends a typed Go slice as a list (nil is a null list).
func addSlice[T any](b *valueBuilder, nd *vnode, xs []T, add func(*valueBuilder, *vnode, T) *buildError) *buildError {
	if xs == nil {
		return b.addNull(nd)
	}
	if err := b.beginList(nd, len(xs)); err != nil {
		return err
	}
	c := nd.child
	for i, x := range xs {
		if err := add(b, c, x); err != nil {
			return err.index(i)
		}
	}
	nd.endList()
	return nil
}

// addNull appends a null (nil, or a nil map or slice) to nd.
func (b *valueBuilder) addNull(nd *vnode) *buildError {
	if s := nd.spec; s != nil {
		if nd.kind == kindNull {
			nd.n++
			return nil
		}
		if !s.nullable {
			return b.errorAt(ErrSchema, "got null%s, but the Spec does not allow nulls here", b.at())
		}
		if nd.kind == kindList && (s.fixed != Unknown || s.rootList) {
			return b.errorAt(ErrSchema, "got null%s, but the Spec gives this list a fixed length or puts it in a single structure, where a null list cannot be stored", b.at())
		}
	}
	switch nd.kind {
	case kindNull:
		nd.n++
	case kindLeaf:
		nd.appendZeros(1)
		nd.markNull()
	case kindList:
		nd.splits = push(nd.splits, nd.splits[len(nd.splits)-1])
		nd.markNull()
	case kindStruct:
		nd.markNull()
	}
	return nil
}

// padNulls appends k null slots to nd on behalf of its parent (a key
// missing from a record, or a null parent). Below a null parent, a list of
// fixed length gets its length in null items, as nothing can see them.
func (nd *vnode) padNulls(k int) {
	if k <= 0 {
		return
	}
	switch nd.kind {
	case kindNull:
		nd.n += k
		return
	case kindLeaf:
		nd.appendZeros(k)
	case kindList:
		if nd.spec != nil && nd.spec.fixed != Unknown {
			nd.child.padNulls(k * nd.spec.fixed)
			nd.n += k
			return
		}
		last := nd.splits[len(nd.splits)-1]
		for range k {
			nd.splits = push(nd.splits, last)
		}
	}
	nd.valid.appendN(k, false)
	nd.n += k
}

// become gives an untyped node its kind, back-filling the nulls seen so far.
func (nd *vnode) become(kind nodeKind, row int) {
	n := nd.n
	nd.kind = kind
	nd.firstRow = row
	nd.n = 0
	switch kind {
	case kindList:
		nd.splits = make([]int64, n+1, n+8)
		nd.child = &vnode{}
		nd.valid.appendN(n, false)
		nd.n = n
	case kindStruct:
		nd.children = make(map[string]*vnode)
		nd.valid.appendN(n, false)
		nd.n = n
	}
}

// beginList checks that nd takes a list of length n.
func (b *valueBuilder) beginList(nd *vnode, n int) *buildError {
	switch nd.kind {
	case kindList:
		if s := nd.spec; s != nil && s.fixed != Unknown && n != s.fixed {
			return b.errorAt(ErrSchema, "got a list of length %d%s, want length %d (from the Spec)", n, b.at(), s.fixed)
		}
		return nil
	case kindNull:
		if nd.spec == nil {
			nd.become(kindList, b.row)
			return nil
		}
	}
	return b.mismatch(nd, "list")
}

// endList closes a list whose items were appended to nd.child.
func (nd *vnode) endList() {
	if nd.spec == nil || nd.spec.fixed == Unknown {
		nd.splits = push(nd.splits, int64(nd.child.n))
	}
	nd.markValid()
}

// addList appends a []any as a list.
func (b *valueBuilder) addList(nd *vnode, x []any) *buildError {
	if err := b.beginList(nd, len(x)); err != nil {
		return err
	}
	c := nd.child
	for i, e := range x {
		if c.addFast(e) {
			continue
		}
		if err := b.add(c, e); err != nil {
			return err.index(i)
		}
	}
	nd.endList()
	return nil
}

// addFast appends e to a leaf node when e has the leaf's own Go type, the
// common case, without add's dispatch. It reports whether it did.
func (nd *vnode) addFast(e any) bool {
	if nd.kind != kindLeaf {
		return false
	}
	switch nd.typ {
	case storeFloat64:
		if f, ok := e.(float64); ok && (nd.spec == nil || !nd.spec.float32) {
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
		if i, ok := e.(int64); ok && nd.spec == nil {
			nd.i64 = push(nd.i64, i)
			nd.markValid()
			return true
		}
	}
	return false
}

// addMap appends a map as a structure.
func (b *valueBuilder) addMap(nd *vnode, x map[string]any) *buildError {
	switch nd.kind {
	case kindStruct:
	case kindNull:
		if nd.spec != nil {
			return b.mismatch(nd, "structure")
		}
		nd.become(kindStruct, b.row)
	default:
		return b.mismatch(nd, "structure")
	}
	slot := nd.n
	if nd.spec == nil && (len(x) > nd.maxKeys || nd.maxRec == nil) {
		nd.maxKeys, nd.maxRec, nd.maxRow, nd.maxSlot = len(x), x, b.row, slot
	}
	// Look the known fields up in the record rather than ranging over it:
	// lookups in a small map are cheaper than its iteration. A record with
	// keys not seen before, or with few of the known ones, is ranged over.
	seen, present := 0, 0
	if len(x) >= len(nd.kids)/2 {
		for i, c := range nd.kids {
			e, ok := x[nd.names[i]]
			if !ok {
				continue
			}
			seen++
			if err := b.addField(c, e, slot); err != nil {
				return err.field(nd.names[i])
			}
			if c.spec != nil && c.spec.required {
				present++
			}
		}
	}
	if seen < len(x) {
		// The keys not added above, in sorted order so that the fields
		// and any error do not depend on Go's map order. b.keys is a
		// stack shared with the nested calls.
		mark := len(b.keys)
		for k := range x {
			if c := nd.children[k]; c == nil || c.n <= slot {
				b.keys = append(b.keys, k)
			}
		}
		keys := b.keys[mark:]
		slices.Sort(keys)
		for _, k := range keys {
			c := nd.children[k]
			if c == nil {
				if nd.spec != nil {
					return b.errorAt(ErrSchema, "not in the Spec%s (fields: %s)", b.at(), strings.Join(nd.names, ", ")).field(k)
				}
				if k == "" {
					return b.errorAt(ErrPath, "empty field name%s: field names must be non-empty", b.at())
				}
				c = &vnode{firstRec: x, firstSlot: slot, keyRow: b.row}
				nd.children[k] = c
				nd.names = append(nd.names, k)
				nd.kids = append(nd.kids, c)
			}
			if err := b.addField(c, x[k], slot); err != nil {
				return err.field(k)
			}
			if c.spec != nil && c.spec.required {
				present++
			}
		}
		b.keys = b.keys[:mark]
	}
	if s := nd.spec; s != nil && present < s.nreq {
		for i, c := range nd.kids {
			if c.spec.required && c.n <= slot {
				return b.errorAt(ErrSchema, "missing%s, and the Spec does not allow nulls here", b.at()).field(nd.names[i])
			}
		}
	}
	nd.markValid()
	return nil
}

// addField appends the value of field c of the record in slot slot of
// its parent, after nulls for the records that lacked the field.
func (b *valueBuilder) addField(c *vnode, e any, slot int) *buildError {
	if c.n < slot {
		c.padNulls(slot - c.n)
	}
	if c.addFast(e) {
		return nil
	}
	return b.add(c, e)
}

// addNumber appends a json.Number: int64 if it is an integer, else float64.
func (b *valueBuilder) addNumber(nd *vnode, x json.Number) *buildError {
	if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
		return b.addInt(nd, i)
	}
	f, err := strconv.ParseFloat(string(x), 64)
	if err != nil || math.IsInf(f, 0) {
		return b.errorAt(ErrType, "json.Number %q%s is not a finite number", string(x), b.at())
	}
	return b.addFloat(nd, f)
}

// addUint appends an unsigned integer, which must fit int64 unless a Spec
// asks for uint64 or a float.
func (b *valueBuilder) addUint(nd *vnode, x uint64) *buildError {
	if x <= math.MaxInt64 {
		return b.addInt(nd, int64(x))
	}
	if nd.spec != nil && nd.kind == kindLeaf {
		switch nd.dtype.ID() {
		case arrow.UINT64:
			nd.i64 = push(nd.i64, int64(x))
			nd.markValid()
			return nil
		case arrow.FLOAT32, arrow.FLOAT64:
			return b.addFloat(nd, float64(x))
		case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32:
			return b.errorAt(ErrSchema, "value %d%s is out of range for %s (from the Spec)", x, b.at(), typeName(nd.dtype))
		}
		return b.mismatch(nd, "uint64")
	}
	return b.errorAt(ErrType, "value %d%s does not fit int64", x, b.at())
}
