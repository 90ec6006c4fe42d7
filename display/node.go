package display

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// dim is one dimension of a value below its outermost: a row partition,
// or a fixed length (a dense dimension).
type dim interface {
	Bounds(i int) (start, end int)
	IsNull(i int) bool
}

// uniform is a fixed-length dimension of a dense value.
type uniform int

func (u uniform) Bounds(i int) (int, int) { return i * int(u), (i + 1) * int(u) }
func (uniform) IsNull(int) bool           { return false }

// node is a field's value prepared for reading one cell at a time: its own
// dimensions (below those of the structure holding it) and either the
// formatter of its items (a leaf) or its fields (a structure or a map).
// Preparing costs O(fields + dimensions), whatever the number of rows.
type node struct {
	name   string
	dims   []dim
	leaf   *items             // a leaf's items, nil for a structure
	typ    arrow.DataType     // a leaf's item type
	t      *structured.Tensor // a structure's flat structures
	fields []*node
	isMap  bool
}

// newNode prepares v, the value of a field of a structure of rank
// parentRank, its floats printed with prec digits.
func newNode(name string, v structured.Value, parentRank, prec int) *node {
	n := &node{name: name}
	var dims []dim
	switch v := v.(type) {
	case *structured.Tensor:
		for _, p := range v.RowPartitions() {
			dims = append(dims, p)
		}
		n.t, n.isMap = v, v.IsMap()
		for _, f := range v.Fields() {
			n.fields = append(n.fields, newNode(f.Name, f.Value, v.Rank(), prec))
		}
	case *structured.Ragged:
		for _, p := range v.RowPartitions() {
			dims = append(dims, p)
		}
		it := newItems(v.Values(), prec)
		n.leaf, n.typ = &it, v.DataType()
	case *structured.Dense:
		if s := v.Shape(); len(s) > 1 {
			for _, d := range s[1:] {
				dims = append(dims, uniform(d))
			}
		}
		it := newItems(v.Values(), prec)
		n.leaf, n.typ = &it, v.DataType()
	}
	if skip := parentRank - 1; skip > 0 && skip <= len(dims) {
		dims = dims[skip:]
	}
	n.dims = dims
	return n
}

// isStruct reports whether n is one structure per row: it can open into
// its fields under a grouped header.
func (n *node) isStruct() bool { return n.t != nil && !n.isMap && len(n.dims) == 0 }

// isListOfStruct reports whether n is a list of structures per row: the
// columns expanded mode draws as sub-rows.
func (n *node) isListOfStruct() bool { return n.t != nil && !n.isMap && len(n.dims) == 1 }

// structNull reports whether structure i of a structure node is null.
func (n *node) structNull(i int) bool { return n.t.IsNull(i) }
