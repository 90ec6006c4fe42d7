package json

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// The writer compiles a Tensor once into a tree of writeFns, one per
// field, list level and structure, each a closure over the typed Arrow
// arrays and row partitions of its value; writing is then a loop over rows
// calling the root, appending to one reused buffer.
//
// Positions. A value of rank k has positions along each dimension d
// (0 <= d < k): along d = 0 its rows, along d > 0 the items its dimension
// d-1 is cut into (by a row partition, or by a fixed length for a Dense
// value's inner dimensions). Positions along the last dimension are the
// flat items of a leaf or the flat structures of a Tensor. A field of a
// Tensor of rank r shares the Tensor's first r dimensions, so flat
// structure j of the Tensor is position j along dimension r-1 of each of
// its fields; a Tensor of rank 0 is one structure whose fields are whole
// values (dimension -1 below). A map column is a Tensor whose last
// dimension lists each map's entries: a map is a position along its
// next-to-last dimension.

// writeCompiler holds what every writer of one write shares.
type writeCompiler struct {
	cfg  *writeConfig
	html bool // strings escape <, > and & too
}

func newWriteCompiler(cfg *writeConfig) *writeCompiler {
	return &writeCompiler{cfg: cfg, html: cfg.escapeHTML}
}

// writeNode is a compiled value: its writer and, when some position can be
// null, the test of a null one (nil otherwise), which WithOmitNulls uses.
type writeNode struct {
	write writeFn
	null  func(i int) bool
}

// writeCompileError is a value that cannot be written at all (an unsupported
// Arrow type, an unknown time zone), found before anything is written.
func writeCompileError(path string, err error) error {
	if path == "" {
		return fmt.Errorf("json: write: %v", err)
	}
	return fmt.Errorf("json: write: field %s: %v", path, err)
}

// writeCut is how one dimension of a value cuts its positions into positions
// of the next: a row partition, or a fixed length.
type writeCut struct {
	part   *structured.RowPartition // nil for a fixed length
	length int
}

func (c writeCut) bounds(i int) (int, int) {
	if c.part == nil {
		return i * c.length, (i + 1) * c.length
	}
	return c.part.Bounds(i)
}

func (c writeCut) nulls() func(int) bool {
	if c.part == nil || c.part.NullN() == 0 {
		return nil
	}
	return c.part.IsNull
}

// valueCuts returns the cuts of v's dimensions 0..k-2.
func valueCuts(v structured.Value) []writeCut {
	var parts []*structured.RowPartition
	switch x := v.(type) {
	case *structured.Dense:
		s := x.Shape()
		out := make([]writeCut, max(len(s)-1, 0))
		for d := range out {
			out[d] = writeCut{length: s[d+1]}
		}
		return out
	case *structured.Ragged:
		parts = x.RowPartitions()
	case *structured.Tensor:
		parts = x.RowPartitions()
	}
	out := make([]writeCut, len(parts))
	for d, p := range parts {
		out[d] = writeCut{part: p}
	}
	return out
}

// value compiles the writer of v's positions along dimension d (-1: the
// whole value, for the fields of a rank-0 Tensor); path names v in errors.
func (c *writeCompiler) value(v structured.Value, d int, path string) (writeNode, error) {
	k := v.Rank()
	t, isTensor := v.(*structured.Tensor)
	switch {
	case d == -1 && k == 0:
		n, err := c.value(v, 0, path) // the one structure or item, position 0
		if err != nil {
			return writeNode{}, err
		}
		w, null := n.write, n.null
		at0 := writeNode{write: func(b []byte, _ int) ([]byte, error) { return w(b, 0) }}
		if null != nil {
			at0.null = func(int) bool { return null(0) }
		}
		return at0, nil
	case d == -1:
		rows := v.NumRows()
		whole := writeCut{length: rows}
		if isTensor && t.IsMap() && k == 1 {
			return c.mapObject(t, whole, path)
		}
		return c.list(v, whole, 0, path)
	case d >= k-1:
		if isTensor {
			return c.structure(t, path)
		}
		return c.leaf(v.(structured.Leaf), path)
	case isTensor && t.IsMap() && d == k-2:
		return c.mapObject(t, valueCuts(v)[d], path)
	}
	return c.list(v, valueCuts(v)[d], d+1, path)
}

// leaf compiles the writer of a leaf's flat items.
func (c *writeCompiler) leaf(l structured.Leaf, path string) (writeNode, error) {
	w, err := c.items(l.Values())
	if err != nil {
		return writeNode{}, writeCompileError(path, err)
	}
	return writeNode{write: w, null: leafNulls(l.Values())}, nil
}

// list compiles the writer of lists: position i is cut into positions
// along dimension d of v, each written by the writer of that dimension.
func (c *writeCompiler) list(v structured.Value, writeCut writeCut, d int, path string) (writeNode, error) {
	item, err := c.value(v, d, path+"[]")
	if err != nil {
		return writeNode{}, err
	}
	inner, null := item.write, writeCut.nulls()
	return writeNode{null: null, write: func(b []byte, i int) ([]byte, error) {
		if null != nil && null(i) {
			return append(b, "null"...), nil
		}
		s, e := writeCut.bounds(i)
		b = append(b, '[')
		for j := s; j < e; j++ {
			if j > s {
				b = append(b, ',')
			}
			var err error
			if b, err = inner(b, j); err != nil {
				return b, atItem(err, j-s)
			}
		}
		return append(b, ']'), nil
	}}, nil
}

// writeField is a compiled field of a structure.
type writeField struct {
	name string
	key  []byte // `"name":`, with a leading comma for every field but the first unless nulls are omitted
	writeNode
}

// structure compiles the writer of a Tensor's flat structures.
func (c *writeCompiler) structure(t *structured.Tensor, path string) (writeNode, error) {
	d := t.Rank() - 1
	fields := make([]writeField, 0, t.NumFields())
	for name, v := range t.FieldsSeq() {
		n, err := c.value(v, d, joinWritePath(path, name))
		if err != nil {
			return writeNode{}, err
		}
		var key []byte
		if len(fields) > 0 && !c.cfg.omitNulls {
			key = append(key, ',')
		}
		key = appendString(key, name, c.html)
		key = append(key, ':')
		fields = append(fields, writeField{name: name, key: key, writeNode: n})
	}
	var null func(int) bool
	if t.NullN() > 0 {
		null = t.IsNull
	}
	if c.cfg.omitNulls {
		return writeNode{null: null, write: func(b []byte, i int) ([]byte, error) {
			if null != nil && null(i) {
				return append(b, "null"...), nil
			}
			b = append(b, '{')
			first := true
			for k := range fields {
				f := &fields[k]
				if f.null != nil && f.null(i) {
					continue
				}
				if !first {
					b = append(b, ',')
				}
				first = false
				b = append(b, f.key...)
				var err error
				if b, err = f.write(b, i); err != nil {
					return b, inField(err, f.name)
				}
			}
			return append(b, '}'), nil
		}}, nil
	}
	return writeNode{null: null, write: func(b []byte, i int) ([]byte, error) {
		if null != nil && null(i) {
			return append(b, "null"...), nil
		}
		b = append(b, '{')
		for k := range fields {
			f := &fields[k]
			b = append(b, f.key...)
			var err error
			if b, err = f.write(b, i); err != nil {
				return b, inField(err, f.name)
			}
		}
		return append(b, '}'), nil
	}}, nil
}

// joinWritePath extends a field path for messages.
func joinWritePath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// mapObject compiles the writer of a map column: position i is cut into
// entries, written as one object whose keys are the entries' keys (a key
// of another type than string is written as its JSON text in a string:
// 3 as "3", true as "true") and values their values. Entries keep their
// order; a key given twice is written twice (JSON readers keep the last,
// as ToValue does).
func (c *writeCompiler) mapObject(t *structured.Tensor, writeCut writeCut, path string) (writeNode, error) {
	d := t.Rank() - 1
	kv, err := t.Field("key")
	if err != nil {
		return writeNode{}, writeCompileError(path, err)
	}
	vv, err := t.Field("value")
	if err != nil {
		return writeNode{}, writeCompileError(path, err)
	}
	keys, err := c.value(kv, d, path+".key")
	if err != nil {
		return writeNode{}, err
	}
	vals, err := c.value(vv, d, path+".value")
	if err != nil {
		return writeNode{}, err
	}
	keyW, valW, null := keys.write, vals.write, writeCut.nulls()
	var scratch []byte
	return writeNode{null: null, write: func(b []byte, i int) ([]byte, error) {
		if null != nil && null(i) {
			return append(b, "null"...), nil
		}
		s, e := writeCut.bounds(i)
		b = append(b, '{')
		for j := s; j < e; j++ {
			if j > s {
				b = append(b, ',')
			}
			var err error
			if scratch, err = keyW(scratch[:0], j); err != nil {
				return b, atItem(err, j-s)
			}
			switch {
			case len(scratch) > 0 && scratch[0] == '"':
				b = append(b, scratch...)
			case string(scratch) == "null":
				return b, atItem(writeValueError("a map key is null; JSON object keys are strings"), j-s)
			default:
				b = append(b, '"')
				b = append(b, scratch...)
				b = append(b, '"')
			}
			b = append(b, ':')
			if b, err = valW(b, j); err != nil {
				return b, inField(err, keyStep(scratch))
			}
		}
		return append(b, '}'), nil
	}}, nil
}

// keyStep names a map entry in an error path by its key's JSON text,
// without quotes.
func keyStep(text []byte) string {
	if len(text) >= 2 && text[0] == '"' {
		return string(text[1 : len(text)-1])
	}
	return string(text)
}
