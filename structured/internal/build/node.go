package build

import (
	"fmt"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/hugepage"
)

// The engine behind [Builder]: a tree with one node per field path, a
// struct node for records, a list node for lists and a leaf node for
// scalars. Values are appended to the node of their path as they come, so
// the cost grows with the number of values and the allocations with the
// number of columns. A node starts untyped (only nulls seen) and takes its
// kind from the first non-null value, back-filling nulls for the slots
// seen so far. At the end the Go slices are handed over as the Arrow
// buffers and list offsets of the columns, without copying (see
// column.go).

// nodeKind is what a node holds.
type nodeKind uint8

const (
	kindNull   nodeKind = iota // untyped: only nulls seen so far
	kindLeaf                   // scalars
	kindList                   // lists: offsets into the child node
	kindStruct                 // records: one child node per key
	kindMap                    // records whose keys are data: a list of {key, value} entries
)

// vnode accumulates the values seen at one field path.
type vnode struct {
	kind     nodeKind
	n        int       // slots appended: items, lists or structures
	valid    Bitmap    // null slots
	firstRow int       // top-level row where the kind was fixed
	spec     *nodeSpec // set when converting against a Spec

	leafBuf             // kindLeaf
	values  arrow.Array // kindLeaf and kindNull, set by finish: the items as an Arrow array

	// kindList
	splits []int64 // n+1 offsets into child, unless spec.fixed
	child  *vnode

	// kindStruct
	children  map[string]*vnode
	names     []string // keys in order of first appearance (Spec order with a Spec)
	kids      []*vnode // the child nodes, in the order of names
	records   int      // records completed (strict keys)
	firstRec  int      // row of the first record (strict keys)
	unordered bool     // fed from Go maps, whose keys have no order: sorted at the end
	noMap     bool     // tried to become a map and could not

	// as the child of a struct node
	idx    int   // position among the parent's kids
	keyRow int   // row where the key first appeared
	absent []int // [start, end) pairs of slots where the record lacked the key

	// What DiscardRows dropped (see discard.go): the counts that
	// inference still needs once the values are gone.
	gone        int // slots dropped
	gonePresent int // as a field: dropped slots whose record gave the key

	// The size of the last batch's column, for the next (see hintSizes).
	hint, hintBytes int
}

// nodeSpec holds what a Spec says about a node.
type nodeSpec struct {
	nullable bool
	fixed    int  // list: required length, or Unknown
	rootList bool // list: the first dimension of a field of a rank-0 structure (no null lists)
	required bool // as a field: must be present and not null in every valid record
	nreq     int  // struct: number of required fields
	// nullFixed: as a field, a nullable list of fixed length, which a
	// record lacking the key must record as null at once.
	nullFixed bool
	nfixed    int  // struct: number of nullFixed fields
	float32   bool // leaf: float32 items (range checked)
}

// markValid records a non-null slot.
func (nd *vnode) markValid() {
	if nd.valid.bits == nil {
		nd.valid.n++
	} else {
		nd.valid.Append(true)
	}
	nd.n++
}

// markNull records a null slot.
func (nd *vnode) markNull() {
	nd.valid.Append(false)
	nd.n++
}

// MaxNesting bounds the nesting of records and lists (as encoding/json
// does), so that a map holding itself is an error rather than a stack
// overflow.
const MaxNesting = 10_000

func (b *Builder) tooDeep() *buildError {
	return b.errorAt(KindType, "values nested more than %d levels deep (a map or slice holding itself?)", MaxNesting)
}

func (b *Builder) errorAt(kind Kind, format string, args ...any) *buildError {
	return &buildError{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// at renders " at row N" when the top level is a list.
func (b *Builder) at() string {
	if !b.rows {
		return ""
	}
	return " at row " + strconv.Itoa(b.row)
}

// mismatch reports a value of the wrong kind for its field.
func (b *Builder) mismatch(nd *vnode, got string) *buildError {
	msg := "got " + got + b.at() + ", want " + nd.describe()
	switch {
	case nd.spec != nil:
		msg += " (from the Spec)"
	case b.rows:
		msg += " (first seen at row " + strconv.Itoa(nd.firstRow) + ")"
	}
	return &buildError{kind: KindSchema, msg: msg}
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
	case kindMap:
		return "map"
	}
	if nd.spec != nil {
		return "null"
	}
	return "nothing"
}

// addNull appends a null (nil, or a nil map or slice) to nd.
func (b *Builder) addNull(nd *vnode) *buildError {
	if s := nd.spec; s != nil {
		if nd.kind == kindNull {
			nd.n++
			return nil
		}
		if !s.nullable {
			return b.errorAt(KindSchema, "got null%s, but the Spec does not allow nulls here", b.at())
		}
		if nd.isList() && s.rootList {
			return b.errorAt(KindSchema, "got null%s, but the Spec puts this list in a single structure, where a null list cannot be stored", b.at())
		}
	}
	switch nd.kind {
	case kindNull:
		nd.n++
	case kindLeaf:
		nd.appendZeros(1)
		nd.markNull()
	case kindList, kindMap:
		if s := nd.spec; s != nil && s.fixed != Unknown {
			// A null list of fixed length keeps its length in null
			// placeholders, as Arrow's fixed_size_list does.
			nd.child.padNulls(s.fixed)
		} else {
			nd.splits = push(nd.splits, nd.splits[len(nd.splits)-1])
		}
		nd.markNull()
	case kindStruct:
		nd.markNull()
	}
	return nil
}

// padNulls appends k null slots to nd on behalf of its parent (a key
// missing from a record, or a null parent). A list of fixed length gets
// its length in null items, and is left valid: it is a placeholder below a
// null parent, as nothing can see it (a valid record missing the key of a
// nullable list of fixed length records a null list at once, see
// missingKeys), so that a leaf whose lists are all of fixed length stays
// dense.
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
	case kindList, kindMap:
		if nd.spec != nil && nd.spec.fixed != Unknown {
			nd.child.padNulls(k * nd.spec.fixed)
			nd.valid.AppendN(k, true)
			nd.n += k
			return
		}
		last := nd.splits[len(nd.splits)-1]
		for range k {
			nd.splits = push(nd.splits, last)
		}
	}
	nd.valid.AppendN(k, false)
	nd.n += k
}

// become gives an untyped node its kind, back-filling the nulls seen so far.
func (nd *vnode) become(kind nodeKind, row int) {
	n := nd.n
	nd.kind = kind
	nd.firstRow = row
	nd.n = 0
	switch kind {
	case kindList, kindMap:
		nd.splits = hugepage.Make[int64](n+1, n+8)
		nd.child = &vnode{}
		nd.valid.AppendN(n, false)
		nd.n = n
	case kindStruct:
		nd.children = make(map[string]*vnode)
		nd.valid.AppendN(n, false)
		nd.n = n
	}
}

// endList closes a list whose items were appended to nd.child.
func (nd *vnode) endList() {
	if nd.spec == nil || nd.spec.fixed == Unknown {
		nd.splits = push(nd.splits, int64(nd.child.n))
	}
	nd.markValid()
}
