package structured

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/structframe/structframe/structured/internal/build"
)

// Index selects part of the Tensor by a multi-dimensional key, as
// TensorFlow's StructuredTensor.__getitem__ does. Key elements are ints
// of any Go integer type (negative ones count from the end), [Slice]s and
// field names (strings):
//
//   - An empty key returns t itself.
//   - A rank-0 Tensor (one structure) takes a field name first: the rest
//     of the key is applied to that field's value, so t.Index("a", 1) is
//     the item 1 of field a. [All] first applies the rest of the key to
//     every field and returns a rank-0 Tensor.
//   - A Tensor of rank N takes up to N ints and Slices, one per dimension:
//     an int removes its dimension, a Slice keeps it, and every field is
//     indexed the same way. The result is a Tensor (of rank 0 if every
//     element was an int).
//   - With more than N elements, element N must be a field name: the
//     result is that field indexed by the other elements, the first N for
//     the Tensor's dimensions and the rest for the field's own ones (or,
//     for a nested Tensor, by the same rules again). people.Index(3,
//     "names", 0) is the first name of person 3, and people.Index(All,
//     "names", S("::2")) every other name of everyone.
//
// Unlike TensorFlow, ints may index inner ragged dimensions after a slice:
// people.Index(All, "names", 0) is one name per person (an error naming
// the row if someone has none).
//
// Leaves indexed down to rank 0 give a rank-0 *Dense; a ragged leaf whose
// ragged dimensions are all removed gives a *Dense; other leaves a
// *Ragged. Null items, lists and structures are kept; a field of a null
// structure is null. Errors wrap [ErrIndex]: an int out of range (naming
// the dimension, the index, the size and the row), a key of the wrong type
// or in the wrong place, an int into a null list, or a result that would
// be a whole null list (which only exists as a row of an outer dimension:
// index it with a slice such as Span(i, i+1) instead); a field name that
// does not exist is an [ErrPath] error.
//
// A Slice with step 1 on the outer dimension shares the Tensor's Arrow
// arrays (only the row splits of the kept rows are rebased); other
// selections copy the selected items.
func (t *Tensor) Index(key ...any) (Value, error) {
	keys, err := parseKey(key)
	if err != nil {
		return nil, err
	}
	return indexValue(t, keys, "")
}

// keyKind tells the kinds of key elements apart.
type keyKind uint8

const (
	keyInt keyKind = iota
	keySlice
	keyName
)

// keyElem is one parsed key element.
type keyElem struct {
	kind  keyKind
	i     int
	slice Slice
	name  string
}

func (k keyElem) String() string {
	switch k.kind {
	case keyInt:
		return fmt.Sprint(k.i)
	case keySlice:
		return k.slice.String()
	}
	return fmt.Sprintf("%q", k.name)
}

// parseKey converts key elements given as any into keyElems.
func parseKey(key []any) ([]keyElem, error) {
	out := make([]keyElem, len(key))
	for n, k := range key {
		e, err := parseKeyElem(k)
		if err != nil {
			return nil, errorf(opIndex, ErrIndex, "", "key element %d: %s", n, err.Error())
		}
		out[n] = e
	}
	return out, nil
}

const opIndex = "Index"

func parseKeyElem(k any) (keyElem, error) {
	switch x := k.(type) {
	case int:
		return keyElem{kind: keyInt, i: x}, nil
	case int8:
		return keyElem{kind: keyInt, i: int(x)}, nil
	case int16:
		return keyElem{kind: keyInt, i: int(x)}, nil
	case int32:
		return keyElem{kind: keyInt, i: int(x)}, nil
	case int64:
		return keyElem{kind: keyInt, i: int(x)}, nil
	case uint8:
		return keyElem{kind: keyInt, i: int(x)}, nil
	case uint16:
		return keyElem{kind: keyInt, i: int(x)}, nil
	case uint32:
		return keyElem{kind: keyInt, i: int(x)}, nil
	case Slice:
		return keyElem{kind: keySlice, slice: x}, nil
	case string:
		return keyElem{kind: keyName, name: x}, nil
	case nil:
		return keyElem{}, fmt.Errorf("nil is not an int, a Slice or a field name")
	}
	// Named integer and string types, uint, uint64 and uintptr.
	rv := reflect.ValueOf(k)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return keyElem{kind: keyInt, i: int(rv.Int())}, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if rv.Uint() > math.MaxInt {
			return keyElem{}, fmt.Errorf("index %d is too large", rv.Uint())
		}
		return keyElem{kind: keyInt, i: int(rv.Uint())}, nil
	case reflect.String:
		return keyElem{kind: keyName, name: rv.String()}, nil
	}
	return keyElem{}, fmt.Errorf("%v (%T) is not an int, a Slice or a field name", k, k)
}

// indexValue applies parsed key elements to any value; path names the
// value for errors.
func indexValue(v Value, keys []keyElem, path string) (Value, error) {
	if len(keys) == 0 {
		return v, nil
	}
	switch x := v.(type) {
	case *Tensor:
		return x.index(keys, path)
	case Leaf:
		return indexLeaf(x, keys, path)
	}
	return nil, errorf(opIndex, ErrType, path, "unknown value kind %T", v)
}

func (t *Tensor) index(keys []keyElem, path string) (Value, error) {
	if t.rank == 0 {
		k := keys[0]
		switch {
		case k.kind == keyName:
			return t.indexField(k.name, keys[1:], path)
		case k.kind == keySlice && k.slice.isFull():
			return t.indexEveryField(keys[1:], path)
		}
		return nil, errorf(opIndex, ErrIndex, path, "a rank-0 Tensor (one structure) takes a field name or All (\":\") first, not %v", k)
	}
	n := t.rank
	for i, k := range keys[:min(n, len(keys))] {
		if k.kind == keyName {
			return nil, errorf(opIndex, ErrIndex, path, "key element %d is the field name %v, but a rank-%d Tensor takes one int or Slice per dimension (%d) before a field name", i, k, n, n)
		}
	}
	if len(keys) <= n {
		return selectValue(t, keys, path)
	}
	if keys[n].kind != keyName {
		return nil, errorf(opIndex, ErrIndex, path, "key element %d is %v, but a rank-%d Tensor indexed by more than %d elements needs a field name there", n, keys[n], n, n)
	}
	rest := append(keys[:n:n], keys[n+1:]...)
	return t.indexField(keys[n].name, rest, path)
}

// indexField applies keys to the field name (with t's null structures
// made null in it).
func (t *Tensor) indexField(name string, keys []keyElem, path string) (Value, error) {
	i := t.fieldIndex(name)
	fpath := joinPath(path, name)
	if i < 0 {
		return nil, errorf(opIndex, ErrPath, fpath, "no such field (fields: %v)", t.names)
	}
	f, err := t.maskedField(i, fpath)
	if err != nil {
		return nil, err
	}
	return indexValue(f, keys, fpath)
}

// indexEveryField applies keys to every field of a rank-0 Tensor.
func (t *Tensor) indexEveryField(keys []keyElem, path string) (Value, error) {
	if len(keys) == 0 {
		return t, nil
	}
	out := &Tensor{rank: 0, nrows: Unknown, names: t.names, fields: make([]Value, len(t.fields)), valid: t.valid}
	for i, f := range t.fieldValues() {
		g, err := indexValue(f, keys, joinPath(path, t.names[i]))
		if err != nil {
			return nil, err
		}
		out.fields[i] = g
	}
	return out, nil
}

// maskedField returns field i with t's null structures propagated: the
// field's item, list or structure at a null structure becomes null. Data
// buffers are shared; only validity (and, for null rows that still hold
// items, the field's items) is rebuilt.
func (t *Tensor) maskedField(i int, path string) (Value, error) {
	f := t.field(i)
	if t.valid.nulls == 0 {
		return f, nil
	}
	n := t.rank
	if f.Rank() == n {
		return withNullAt(f, t.valid, t.Size()), nil
	}
	if n == 0 {
		return nil, errorf(opIndex, ErrIndex, path, "is a field of a null structure, so a null list, which cannot be a value on its own")
	}
	// The field's partition n-1 cuts each structure's own list: null
	// structures get null lists.
	p := chainParts(f)[n-1]
	if p.uniform == Unknown {
		for s := 0; s < p.nrows; s++ {
			if st, e := p.Bounds(s); t.valid.isNull(s) && !p.IsNull(s) && e > st {
				// A null list must be empty: gather without those items.
				rows := make([]int, p.nrows)
				for r := range rows {
					rows[r] = r
					if t.valid.isNull(r) {
						rows[r] = -1
					}
				}
				g, err := gatherRows(flattenOuter(f, n-1), rows)
				if err != nil {
					return nil, err
				}
				return nestOuter(g, t.nrows, t.parts), nil
			}
		}
	}
	return replacePart(f, n-1, p.withValidity(andValidity(p.valid, t.valid, p.nrows))), nil
}

// andValidity combines two validities over n slots: a slot is valid when
// it is valid in both.
func andValidity(a, b validity, n int) validity {
	switch {
	case b.nulls == 0:
		return a
	case a.nulls == 0:
		return b
	}
	var out build.Bitmap
	for i := 0; i < n; i++ {
		out.Append(!a.isNull(i) && !b.isNull(i))
	}
	return bitmapValidity(out.Finish())
}

// chainParts returns the partitions of a value's dimensions beyond the
// first (uniform ones for a dense leaf).
func chainParts(v Value) []*RowPartition {
	if t, ok := v.(*Tensor); ok {
		return t.parts
	}
	_, _, parts := leafLayout(v.(Leaf))
	return parts
}

// withNullAt makes the innermost positions of v (items of a leaf,
// structures of a Tensor; n of them) null where nulls says so.
func withNullAt(v Value, nulls validity, n int) Value {
	switch x := v.(type) {
	case *Tensor:
		out := *x
		out.valid = andValidity(x.valid, nulls, n)
		return &out
	case *Dense:
		return &Dense{leafOf(maskArray(x.values, nulls)), x.shape}
	case *Ragged:
		return newRagged(maskArray(x.values, nulls), x.parts)
	}
	return v
}

// replacePart returns v with its partition k (and that of every field of
// a Tensor) replaced by p, which cuts the same items.
func replacePart(v Value, k int, p *RowPartition) Value {
	switch x := v.(type) {
	case *Tensor:
		out := *x
		out.parts = append([]*RowPartition{}, x.parts...)
		out.parts[k] = p
		out.fields, out.lazy = make([]Value, len(x.fields)), nil
		for i, f := range x.fieldValues() {
			out.fields[i] = replacePart(f, k, p)
		}
		return &out
	case Leaf:
		values, nrows, parts := leafLayout(x)
		parts = append([]*RowPartition{}, parts...)
		parts[k] = p
		return leafFrom(values, nrows, parts)
	}
	return v
}

// selectValue indexes v's outer dimensions by ints and Slices (at most
// v's rank of them).
func selectValue(v Value, keys []keyElem, path string) (Value, error) {
	// Trailing full slices keep their dimensions as they are.
	for len(keys) > 0 && keys[len(keys)-1].kind == keySlice && keys[len(keys)-1].slice.isFull() {
		keys = keys[:len(keys)-1]
	}
	if len(keys) == 0 {
		return v, nil
	}
	nrows, parts := outerLayout(v)
	sel, err := selectDims(nrows, parts, keys, path)
	if err != nil {
		return nil, err
	}
	flat := flattenOuter(v, len(keys)-1)
	var g Value
	if sel.isRange {
		g = sliceRows(flat, sel.lo, sel.hi)
	} else if g, err = gatherRows(flat, sel.rows); err != nil {
		return nil, err
	}
	if !sel.kept {
		return unwrapRow(g, true, sel.where)
	}
	return nestOuter(g, sel.nrows, sel.parts), nil
}

// selection is what selectDims chose: the elements kept at the last
// keyed dimension and how the kept dimensions cut them.
type selection struct {
	kept    bool            // some element was a Slice: the result keeps dimensions
	nrows   int             // size of the first kept dimension
	parts   []*RowPartition // partitions of the later kept dimensions
	rows    []int           // selected positions (flat, at the last keyed dimension; -1 under a null row)
	isRange bool            // rows are [lo, hi), given as a range
	lo, hi  int
	where   string // for all-int keys: the path of the selected position
}

// selectDims applies ints and Slices to the first len(keys) dimensions of
// the chain (nrows, parts), one dimension after the other: at each, every
// group (the positions under one selected position of the dimension
// before) is indexed by the key element.
func selectDims(nrows int, parts []*RowPartition, keys []keyElem, path string) (*selection, error) {
	sel := &selection{nrows: Unknown, where: path}
	if k := keys[0]; len(keys) == 1 {
		// One key on the outer dimension: a contiguous run is a range.
		switch {
		case k.kind == keyInt:
			i, err := resolveInt(k.i, nrows, 0, path)
			if err != nil {
				return nil, err
			}
			sel.isRange, sel.lo, sel.hi, sel.where = true, i, i+1, indexPath(path, i)
			return sel, nil
		case k.slice.step() == 1:
			start, stop, _ := k.slice.Indices(nrows)
			sel.isRange, sel.kept, sel.lo, sel.hi, sel.nrows = true, true, start, max(start, stop), max(0, stop-start)
			return sel, nil
		}
	}
	var cur []int // selected positions of the previous dimension
	for d, k := range keys {
		var p *RowPartition
		ngroups := 1
		if d > 0 {
			p, ngroups = parts[d-1], len(cur)
		}
		// group returns the positions [s, e) of group g and whether it is
		// a placeholder (under a null row) or a null list.
		group := func(g int) (s, e int, placeholder, null bool) {
			switch {
			case d == 0:
				return 0, nrows, false, false
			case cur[g] < 0:
				if p.uniform != Unknown {
					return 0, p.uniform, true, false
				}
				return 0, 0, true, false
			}
			s, e = p.Bounds(cur[g])
			return s, e, false, p.IsNull(cur[g])
		}
		rowPath := func(g int) string {
			if d == 0 {
				return path
			}
			return coordPath(path, parts, d-1, cur[g])
		}
		var next []int
		if k.kind == keyInt {
			next = make([]int, 0, ngroups)
			resolved := 0
			for g := 0; g < ngroups; g++ {
				s, e, placeholder, null := group(g)
				switch {
				case placeholder:
					next = append(next, -1)
					continue
				case null:
					return nil, errorf(opIndex, ErrIndex, rowPath(g), "index %d into a null list (dimension %d)", k.i, d)
				}
				i, err := resolveInt(k.i, e-s, d, rowPath(g))
				if err != nil {
					return nil, err
				}
				next = append(next, s+i)
				resolved = i
			}
			if !sel.kept { // one group so far: extend the selected position's path
				sel.where = indexPath(sel.where, resolved)
			}
			cur = next
			continue
		}
		// A slice: count what each group keeps, then collect the positions.
		first := !sel.kept
		splits := make([]int64, ngroups+1)
		var vb build.Bitmap
		anyNull := false
		for g := 0; g < ngroups; g++ {
			s, e, placeholder, null := group(g)
			if first && null {
				return nil, errorf(opIndex, ErrIndex, rowPath(g), "is a null list, which cannot be a value on its own (slice the dimension around it instead)")
			}
			cnt := k.slice.Len(e - s)
			if (placeholder || null) && p.uniform == Unknown {
				cnt = 0 // a null ragged row stays empty
			}
			splits[g+1] = splits[g] + int64(cnt)
			vb.Append(!placeholder && !null)
			anyNull = anyNull || placeholder || null
		}
		next = make([]int, 0, splits[ngroups])
		for g := 0; g < ngroups; g++ {
			s, e, placeholder, null := group(g)
			start, _, step := k.slice.Indices(e - s)
			for j := 0; j < int(splits[g+1]-splits[g]); j++ {
				if placeholder || null {
					next = append(next, -1) // under a null row of a uniform partition
				} else {
					next = append(next, s+start+j*step)
				}
			}
		}
		if first {
			sel.kept, sel.nrows = true, len(next)
		} else {
			var q *RowPartition
			if p.uniform != Unknown {
				q = mustUniform(k.slice.Len(p.uniform), ngroups)
			} else {
				q = newSplitsPartition(splits, nil)
			}
			if anyNull {
				q.valid = bitmapValidity(vb.Finish())
			}
			sel.parts = append(sel.parts, q)
		}
		cur = next
	}
	sel.rows = cur
	return sel, nil
}

// resolveInt resolves a possibly negative index into a dimension of size n.
func resolveInt(i, n, dim int, path string) (int, error) {
	j := i
	if j < 0 {
		j += n
	}
	if j < 0 || j >= n {
		return 0, errorf(opIndex, ErrIndex, path, "index %d is out of range for dimension %d of size %d", i, dim, n)
	}
	return j, nil
}

// coordPath renders the position of flat element m of dimension level of
// a chain as path[i0][i1]...
func coordPath(path string, parts []*RowPartition, level, m int) string {
	coords := make([]int, level+1)
	for l := level; l > 0; l-- {
		p := parts[l-1]
		r := rowHolding(p, m)
		coords[l] = m - p.split(r)
		m = r
	}
	coords[0] = m
	var b strings.Builder
	b.WriteString(path)
	for _, c := range coords {
		fmt.Fprintf(&b, "[%d]", c)
	}
	return b.String()
}

// rowHolding returns the row of p that holds item m.
func rowHolding(p *RowPartition, m int) int {
	if p.uniform > 0 {
		return m / p.uniform
	}
	return sort.Search(p.nrows, func(r int) bool { return p.split(r+1) > m })
}

// unwrapRow drops the outer dimension of a one-row value: its row 0. With
// strict, a null list there (which cannot stand on its own) is an error;
// fields of a null structure are not checked.
func unwrapRow(v Value, strict bool, path string) (Value, error) {
	switch x := v.(type) {
	case *Dense:
		return &Dense{leafOf(x.values), x.shape[1:]}, nil
	case *Ragged:
		p := x.parts[0]
		if strict && p.IsNull(0) {
			return nil, errorf(opIndex, ErrIndex, path, "is a null list, which cannot be a value on its own (slice the dimension around it instead)")
		}
		return leafFrom(x.values, p.nvals, x.parts[1:]), nil
	case *Tensor:
		out := &Tensor{rank: x.rank - 1, nrows: Unknown, names: x.names, fields: make([]Value, len(x.fields)), valid: x.valid,
			isMap: x.isMap && x.rank > 1}
		strictFields := false
		if x.rank == 1 {
			strictFields = strict && !x.valid.isNull(0)
		} else {
			p := x.parts[0]
			if strict && p.IsNull(0) {
				return nil, errorf(opIndex, ErrIndex, path, "is a null list of structures, which cannot be a value on its own (slice the dimension around it instead)")
			}
			out.nrows = p.nvals
			if out.rank > 1 {
				out.parts = x.parts[1:]
			}
		}
		for i, f := range x.fieldValues() {
			g, err := unwrapRow(f, strictFields, joinPath(path, x.names[i]))
			if err != nil {
				return nil, err
			}
			out.fields[i] = g
		}
		return out, nil
	}
	return nil, errorf(opIndex, ErrType, path, "unknown value kind %T", v)
}
