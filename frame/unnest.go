package frame

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// Collision says what Unnest does when a field of the structure would take
// the name of a column the frame already has.
type Collision uint8

const (
	// CollisionError makes it an ErrDuplicate error naming the new column,
	// the structure it comes from and the column already there. The
	// default: nothing is renamed or lost behind the caller's back.
	CollisionError Collision = iota
	// CollisionPrefix names only the colliding fields by their path
	// (structure name, separator, field name), as "addr.city".
	CollisionPrefix
	// CollisionReplace drops the existing column: the field takes its
	// name, at the structure's position.
	CollisionReplace
)

// UnnestOption changes how Unnest names the new columns: WithPrefixed,
// WithCollision, WithSeparator.
type UnnestOption interface{ applyUnnest(*unnConfig) }

type unnConfig struct {
	sep       string
	prefixed  bool
	collision Collision
}

type unnOptionFunc func(*unnConfig)

func (fn unnOptionFunc) applyUnnest(c *unnConfig) { fn(c) }

// WithPrefixed(true) names every new column by its path, structure name
// and field name joined by the separator ("addr.city"), as json_normalize
// does, rather than by the field name alone (false, the default).
func WithPrefixed(on bool) UnnestOption {
	return unnOptionFunc(func(c *unnConfig) { c.prefixed = on })
}

// WithCollision sets the Collision policy (the default is CollisionError).
func WithCollision(p Collision) UnnestOption {
	return unnOptionFunc(func(c *unnConfig) { c.collision = p })
}

// SeparatorOption is the option WithSeparator returns; Unnest, Flatten and
// Unflatten take it.
type SeparatorOption string

// WithSeparator sets the string that joins a structure's name and its field's
// name in the names Unnest (with WithPrefixed(true) or CollisionPrefix) and Flatten
// make, and that Unflatten splits names at: "." unless set.
func WithSeparator(sep string) SeparatorOption { return SeparatorOption(sep) }

func (s SeparatorOption) applyUnnest(c *unnConfig)     { c.sep = string(s) }
func (s SeparatorOption) applyFlatten(c *flatConfig)   { c.sep = string(s) }
func (s SeparatorOption) applyUnflatten(c *flatConfig) { c.sep = string(s) }

// Unnest replaces a structure column by its fields, as top-level columns
// at the structure's position, in field order: Polars' unnest, one level
// (Flatten goes all the way down). The new columns are named by the field
// name, or by the path with WithPrefixed(true) ("addr.city"; WithSeparator changes the
// "."); a name that is already a column is an ErrDuplicate error naming
// both unless WithCollision says to prefix or replace.
//
// A null structure makes each of its fields null in that row: a field
// already null there is shared as it is (what FromValue and the readers
// build), a vector keeps its values under a validity bitmap ANDed with the
// structure's, and a list or structure that Arrow data left valid under a
// null parent is gathered with those rows null. A list of structures
// unnests to one list column per field, sharing its lists (null lists
// stay null, a null structure inside a list becomes null items).
//
// The column is a top-level name; an unknown one is an ErrColumn error,
// one that is not a structure (a leaf, or a map) an ErrType error.
func (f *Frame) Unnest(col string, opts ...UnnestOption) *Frame {
	const op = "Unnest"
	if f.Err() != nil {
		return f
	}
	cfg := unnConfig{sep: pathSep}
	for _, o := range opts {
		if o != nil {
			o.applyUnnest(&cfg)
		}
	}
	if cfg.collision > CollisionReplace {
		return failed(errorf(op, ErrArgument, "unknown collision policy %d (WithCollision takes CollisionError, CollisionPrefix or CollisionReplace)", cfg.collision))
	}
	path, v, err := f.column(op, col)
	if err != nil {
		return failed(err)
	}
	if len(path) != 1 {
		return failed(errorf(op, ErrArgument, "column %q is nested; Unnest takes a top-level column (unnest its parent first, or use Flatten)", displayPath(col)))
	}
	name := path[0]
	st, ok := v.(*structured.Tensor)
	if !ok || st.IsMap() {
		return failed(errorf(op, ErrType, "column %q is not a structure (%s)", name, explTypeText(name, v)))
	}
	children, err := nestChildren(st)
	if err != nil {
		return failed(errorf(op, ErrType, "column %q: %v", name, err))
	}
	// Name the new columns and settle collisions.
	existing := make(map[string]bool, f.data.NumFields())
	for _, n := range f.data.FieldNames() {
		if n != name {
			existing[n] = true
		}
	}
	replaced := make(map[string]bool)
	taken := make(map[string]string, len(children)) // new name -> field
	for i := range children {
		field := children[i].Name
		nu := field
		if cfg.prefixed {
			nu = name + cfg.sep + field
		}
		if existing[nu] {
			switch cfg.collision {
			case CollisionError:
				return failed(errorf(op, ErrDuplicate, "field %q of column %q would become column %q, which already exists (use WithCollision(CollisionPrefix) or WithPrefixed(true))", field, name, nu))
			case CollisionPrefix:
				nu = name + cfg.sep + field
				if existing[nu] {
					return failed(errorf(op, ErrDuplicate, "field %q of column %q would become column %q, and prefixed %q, both of which already exist", field, name, field, nu))
				}
			case CollisionReplace:
				replaced[nu] = true
			}
		}
		if prev, dup := taken[nu]; dup {
			return failed(errorf(op, ErrDuplicate, "fields %q and %q of column %q would both become column %q", prev, field, name, nu))
		}
		taken[nu] = field
		children[i].Name = nu
	}
	fields := f.data.Fields()
	out := make([]structured.FieldValue, 0, len(fields)+len(children))
	for _, fv := range fields {
		switch {
		case fv.Name == name:
			out = append(out, children...)
		case replaced[fv.Name]:
		default:
			out = append(out, fv)
		}
	}
	return f.withColumns(op, out)
}

// nestChildren returns the fields of a structure column with the
// structure's null structures pushed into them.
func nestChildren(st *structured.Tensor) ([]structured.FieldValue, error) {
	fields := st.Fields()
	valid := nestBitsOf(st.Validity())
	if valid.nulls == 0 {
		return fields, nil
	}
	parts := st.RowPartitions()
	for i := range fields {
		v, err := nestMask(fields[i].Value, st.Rank(), parts, valid)
		if err != nil {
			return nil, err
		}
		fields[i].Value = v
	}
	return fields, nil
}

// nestMask makes v, a field of a structure of the given rank and row
// partitions, null wherever that structure is null (valid, over its flat
// structures): a leaf item becomes a null item, a list a null list, a
// nested structure a null structure. Values already null there are shared
// as they are; a vector's items are shared too, with a new validity bitmap
// ANDed from both; other values gather their rows with the nulls added.
func nestMask(v structured.Value, rank int, parts []*structured.RowPartition, valid nestBits) (structured.Value, error) {
	if valid.nulls == 0 {
		return v, nil
	}
	if rank <= 1 {
		m, _, err := nestMaskRows(v, valid)
		return m, err
	}
	m, err := structured.MergeValueDims(v, 0, rank-1)
	if err != nil {
		return nil, err
	}
	if m.NumRows() != valid.n {
		return nil, errorf("", ErrShape, "cannot push the nulls of a structure with hidden slots (a null fixed-size list) into its field")
	}
	m, changed, err := nestMaskRows(m, valid)
	if err != nil || !changed {
		return v, err
	}
	t, err := structured.FromFieldsShape([]structured.FieldValue{{Name: "v", Value: m}}, structured.Shape{m.NumRows()})
	if err != nil {
		return nil, err
	}
	for k := len(parts) - 1; k >= 0; k-- {
		if t, err = t.PartitionOuterDimension(parts[k]); err != nil {
			return nil, err
		}
	}
	return t.Field("v")
}

// nestMaskRows makes the outer rows of v null where valid is null;
// changed is false when they all were already.
func nestMaskRows(v structured.Value, valid nestBits) (structured.Value, bool, error) {
	n := valid.n
	need := false
	for i := 0; i < n; i++ {
		if valid.isNull(i) && !structured.CellAt(v, i).Null {
			need = true
			break
		}
	}
	if !need {
		return v, false, nil
	}
	if d, ok := v.(*structured.Dense); ok && d.Rank() == 1 {
		m, err := nestAndValidity(d, valid)
		return m, true, err
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
		if valid.isNull(i) {
			idx[i] = structured.NullRow
		}
	}
	m, err := structured.TakeValueNullable(v, idx)
	return m, true, err
}

// nestAndValidity returns the vector d with its validity ANDed with valid,
// sharing its values buffers.
func nestAndValidity(d *structured.Dense, valid nestBits) (structured.Value, error) {
	arr := d.Values()
	data := arr.Data()
	n, off := arr.Len(), data.Offset()
	bits := make([]byte, bitutil.BytesForBits(int64(off+n)))
	pbits, poff := valid.bits, valid.off
	if arr.NullN() > 0 && arr.NullBitmapBytes() != nil {
		bitutil.BitmapAnd(arr.NullBitmapBytes(), pbits, int64(off), int64(poff), bits, int64(off), int64(n))
	} else {
		bitutil.CopyBitmap(pbits, poff, n, bits, off)
	}
	nulls := n - bitutil.CountSetBits(bits, off, n)
	bufs := append([]*memory.Buffer(nil), data.Buffers()...)
	bufs[0] = memory.NewBufferBytes(bits)
	var nd arrow.ArrayData
	if data.DataType().ID() == arrow.DICTIONARY {
		nd = array.NewDataWithDictionary(data.DataType(), n, bufs, nulls, off, data.Dictionary().(*array.Data))
	} else {
		nd = array.NewData(data.DataType(), n, bufs, data.Children(), nulls, off)
	}
	defer nd.Release()
	a := array.MakeFromData(nd)
	defer a.Release()
	return structured.NewDense(a)
}

// nestBits is a validity bitmap over n slots (bit off+i set: slot i
// valid; nil bits: every slot valid), the frame-side twin of
// structured.Bitmap that nested verbs can also build.
type nestBits struct {
	bits   []byte
	off, n int
	nulls  int
}

// nestBitsOf views a structured.Bitmap.
func nestBitsOf(b structured.Bitmap) nestBits {
	bits, off := b.Bytes()
	nb := nestBits{bits: bits, off: off, n: b.Len(), nulls: b.NullN()}
	if nb.nulls == 0 {
		nb.bits = nil
	}
	return nb
}

func (b nestBits) isNull(i int) bool {
	return b.nulls != 0 && !bitutil.BitIsSet(b.bits, b.off+i)
}

// and returns a bitmap valid where both are (same number of slots).
func (b nestBits) and(o nestBits) nestBits {
	switch {
	case o.nulls == 0:
		return b
	case b.nulls == 0:
		return o
	}
	out := make([]byte, bitutil.BytesForBits(int64(b.n)))
	bitutil.BitmapAnd(b.bits, o.bits, int64(b.off), int64(o.off), out, 0, int64(b.n))
	return nestBits{bits: out, n: b.n, nulls: b.n - bitutil.CountSetBits(out, 0, b.n)}
}
