package structured

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/internal/dtype"
)

// Value is the value of a field, or the result of indexing: a [*Dense] leaf,
// a [*Ragged] leaf or a nested [*Tensor]. Use a type switch to tell them apart.
type Value interface {
	// Rank is the number of dimensions.
	Rank() int
	// Shape lists the dimensions; ragged ones are Unknown.
	Shape() Shape
	// NumRows is the length of the outermost dimension, or Unknown for a
	// scalar (rank 0).
	NumRows() int
	// ToValue converts the value to nested Go values: []any for
	// dimensions, map[string]any for structures, Go scalars for leaves and
	// nil for nulls.
	ToValue() any
	// String renders the value for debugging.
	String() string
	// Index selects a piece of the value with ints, Slices and field names,
	// as Tensor.Index describes.
	Index(key ...any) (Value, error)

	isValue()
}

// Leaf is implemented by the two leaf kinds, [*Dense] and [*Ragged]: values
// stored in one flat Arrow array.
type Leaf interface {
	Value
	// Values is the flat Arrow array holding every item, outermost first.
	Values() arrow.Array
	// DataType is the Arrow type of the items.
	DataType() arrow.DataType
	// Validity tells which flat items are null, sharing Arrow's bitmap.
	Validity() Bitmap
}

// leafValues holds the flat Arrow array of a leaf and gives typed,
// zero-copy access to it.
type leafValues struct {
	values arrow.Array
}

// leafOf holds values as a leaf's items. What arrow-go computes on first
// use without synchronisation is computed here, once, so that goroutines
// may read one shared leaf: a dictionary array's values header
// ((*array.Dictionary).Dictionary) and a null count left unknown (a
// slice's, NullN).
func leafOf(values arrow.Array) leafValues {
	if d, ok := values.(*array.Dictionary); ok {
		d.Dictionary()
	}
	values.NullN()
	return leafValues{values}
}

// Values is the flat Arrow array holding every item, outermost first.
func (l leafValues) Values() arrow.Array { return l.values }

// DataType is the Arrow type of the items.
func (l leafValues) DataType() arrow.DataType { return l.values.DataType() }

// Size is the number of items in the flat values: the product of the
// dimensions, a ragged one counting its items, as TensorFlow's tf.size
// counts a tensor's elements ([Tensor.Size] counts structures the same
// way).
func (l leafValues) Size() int { return l.values.Len() }

// IsNull reports whether flat item i (0 <= i < Size) is null; every item of
// a Null-typed leaf is. An i out of that range panics, as a slice index
// does.
func (l leafValues) IsNull(i int) bool {
	inRange("IsNull", i, l.values.Len())
	return itemIsNull(l.values, i)
}

// NullN is the number of null items.
func (l leafValues) NullN() int { return l.values.NullN() }

// Int64s returns the flat items of an int64 leaf, sharing Arrow's buffer:
// do not modify the slice. Null items hold an unspecified value. It is
// Values[int64]; see [Values] for the other fixed-width types.
func (l leafValues) Int64s() ([]int64, error) {
	return values[int64](l, "int64")
}

// Float64s returns the flat items of a float64 leaf, sharing Arrow's
// buffer: do not modify the slice. Null items hold an unspecified value.
func (l leafValues) Float64s() ([]float64, error) {
	return values[float64](l, "float64")
}

// Int32s returns the flat items of an int32 leaf, sharing Arrow's buffer:
// do not modify the slice.
func (l leafValues) Int32s() ([]int32, error) {
	return values[int32](l, "int32")
}

// Float32s returns the flat items of a float32 leaf, sharing Arrow's
// buffer: do not modify the slice.
func (l leafValues) Float32s() ([]float32, error) {
	return values[float32](l, "float32")
}

// Bools returns the flat items of a bool leaf. Arrow packs booleans into
// bits, so this is a copy.
func (l leafValues) Bools() ([]bool, error) {
	a, ok := l.values.(*array.Boolean)
	if !ok {
		return nil, l.typeErr("bool")
	}
	out := make([]bool, a.Len())
	for i := range out {
		out[i] = a.Value(i)
	}
	return out, nil
}

// Strings returns the items of a string leaf (string, large_string,
// string_view, or a dictionary of those), null items as "". The strings
// share the leaf's bytes.
func (l leafValues) Strings() ([]string, error) {
	at, ok := stringReader(l.values)
	if !ok {
		return nil, l.typeErr("string")
	}
	out := make([]string, l.values.Len())
	if offsetStrings[int32](l.values.Data(), out) || offsetStrings[int64](l.values.Data(), out) {
		return out, nil
	}
	for i := range out {
		out[i] = at(i)
	}
	return out, nil
}

// offsetStrings fills out with the items of d, a string array whose
// offsets are O, cut from its bytes without a call per item (the hot path
// of sort and join keys); false if d is not one.
func offsetStrings[O int32 | int64](d arrow.ArrayData, out []string) bool {
	if dtype.Of(d.DataType()).Class != dtype.ClassString {
		return false
	}
	offs, data, ok := dtype.Offsets[O](d)
	if !ok {
		return false
	}
	for i := range out {
		s, e := offs[i], offs[i+1]
		if s == e {
			out[i] = ""
			continue
		}
		out[i] = unsafe.String(&data[s], int(e-s))
	}
	return true
}

// StringAt returns flat item i of a string leaf (as Strings reads them)
// without copying its bytes.
func (l leafValues) StringAt(i int) (string, error) {
	if i < 0 || i >= l.values.Len() {
		return "", errorf("StringAt", ErrIndex, "", "item %d is out of range [0, %d)", i, l.values.Len())
	}
	at, ok := stringReader(l.values)
	if !ok {
		return "", l.typeErr("string")
	}
	return at(i), nil
}

// stringReader returns a reader of the items of a string array of any
// layout, null items as "", and whether a holds strings.
func stringReader(a arrow.Array) (func(i int) string, bool) {
	if d, ok := a.(*array.Dictionary); ok {
		dict, ok := stringReader(d.Dictionary())
		if !ok {
			return nil, false
		}
		return func(i int) string {
			if d.IsNull(i) {
				return ""
			}
			return dict(d.GetValueIndex(i))
		}, true
	}
	if dtype.Of(a.DataType()).Class != dtype.ClassString {
		return nil, false
	}
	return dtype.Strings(a.Data()) // a null item's slot is empty
}

// Item returns flat item i as a Go value (nil if null), as ToValue would.
func (l leafValues) Item(i int) any { return scalarAt(l.values, i) }

func (l leafValues) typeErr(want string) error {
	return errorf("", ErrType, "", "leaf holds %s, not %s", l.values.DataType(), want)
}

// Dense is a leaf whose every dimension has a fixed size: a scalar, a vector
// (the column of a table) or a multi-dimensional block such as a column of
// length-6 embeddings (shape [n, 6]). Its items are stored row-major in one
// flat Arrow array.
type Dense struct {
	leafValues
	shape Shape
}

// NewDense wraps an Arrow array as a dense value of the given shape (the
// array's length as a vector if shape is empty; [] for a scalar, use
// NewScalar). The product of the dimensions must equal values.Len()
// (ErrShape, also for a negative dimension or a product that overflows an
// int); a nil array is an ErrType error. The array's memory is shared, not
// copied, and kept alive while a value reads it (see the package doc):
// the caller may Release values at once. [Dense.Values] is a new array
// header over that memory, not values itself.
func NewDense(values arrow.Array, shape ...int) (*Dense, error) {
	if values == nil {
		return nil, errorf("NewDense", ErrType, "", "values array is nil")
	}
	if len(shape) == 0 {
		shape = []int{values.Len()}
	}
	s := Shape(shape)
	if err := checkDims("NewDense", "dense shape", s, false); err != nil {
		return nil, err
	}
	if s.NumElements() != values.Len() {
		return nil, errorf("NewDense", ErrShape, "", "shape %v holds %d items, array has %d", s, s.NumElements(), values.Len())
	}
	values = adopt(values)
	return &Dense{leafOf(values), s.clone()}, nil
}

// NewScalar wraps item 0 of a length-1 Arrow array as a rank-0 value,
// sharing its memory as [NewDense] does.
func NewScalar(values arrow.Array) (*Dense, error) {
	if values == nil {
		return nil, errorf("NewScalar", ErrType, "", "values array is nil")
	}
	if values.Len() != 1 {
		return nil, errorf("NewScalar", ErrShape, "", "a scalar needs an array of length 1, got %d", values.Len())
	}
	values = adopt(values)
	return &Dense{leafOf(values), Shape{}}, nil
}

func (s Shape) clone() Shape { return append(Shape{}, s...) }

// Rank is the number of dimensions.
func (d *Dense) Rank() int { return len(d.shape) }

// Shape lists the dimensions.
func (d *Dense) Shape() Shape { return d.shape.clone() }

// NumRows is the outer dimension, or Unknown for a scalar.
func (d *Dense) NumRows() int {
	if len(d.shape) == 0 {
		return Unknown
	}
	return d.shape[0]
}

func (*Dense) isValue() {}

// Ragged is a leaf with at least one ragged dimension (or null lists): flat
// items cut into rows by a chain of row partitions. A rank-k Ragged has k-1
// partitions; partition i cuts the rows of partition i+1, and the last one
// cuts the flat items. Uniform partitions give fixed inner dimensions, as in
// shape [n, var, 6].
type Ragged struct {
	leafValues
	nrows int
	parts []*RowPartition
}

// NewRagged builds a ragged value from flat items and at least one row
// partition, outermost first. Partition i's NumValues must equal partition
// i+1's NumRows, and the last NumValues must equal values.Len(). The items'
// memory is shared as [NewDense] shares it.
func NewRagged(values arrow.Array, partitions ...*RowPartition) (*Ragged, error) {
	const op = "NewRagged"
	if len(partitions) == 0 {
		return nil, errorf(op, ErrShape, "", "a ragged value needs at least one row partition")
	}
	if values == nil {
		return nil, errorf(op, ErrType, "", "values array is nil")
	}
	if err := checkChain(op, partitions, values.Len()); err != nil {
		return nil, err
	}
	values = adopt(values)
	return newRagged(values, partitions), nil
}

func newRagged(values arrow.Array, parts []*RowPartition) *Ragged {
	return &Ragged{leafOf(values), parts[0].nrows, parts}
}

// checkChain checks that partitions nest: each one's NumValues is the next
// one's NumRows and the last one's NumValues is n.
func checkChain(op string, parts []*RowPartition, n int) error {
	for i, p := range parts {
		if p == nil {
			return errorf(op, ErrPartition, "", "row partition %d is nil", i)
		}
	}
	for i, p := range parts {
		want := n
		if i+1 < len(parts) {
			want = parts[i+1].nrows
		}
		if p.nvals != want {
			return errorf(op, ErrShape, "", "row partition %d partitions %d items, want %d", i, p.nvals, want)
		}
	}
	return nil
}

// Rank is the number of dimensions.
func (r *Ragged) Rank() int { return len(r.parts) + 1 }

// Shape lists the dimensions; ragged ones are Unknown.
func (r *Ragged) Shape() Shape { return partsShape(r.nrows, r.parts) }

// NumRows is the length of the outer dimension.
func (r *Ragged) NumRows() int { return r.nrows }

// RowPartitions returns the partitions, outermost first.
func (r *Ragged) RowPartitions() []*RowPartition { return append([]*RowPartition{}, r.parts...) }

func (*Ragged) isValue() {}

// partsShape is the shape described by nrows and a partition chain.
func partsShape(nrows int, parts []*RowPartition) Shape {
	s := make(Shape, 1, len(parts)+1)
	s[0] = nrows
	for _, p := range parts {
		s = append(s, p.uniform)
	}
	return s
}

// leafLayout returns a leaf's flat values, outer size and the partitions
// of its dimensions beyond the first (uniform ones for a dense leaf). A
// scalar has nrows Unknown and no partitions.
func leafLayout(v Leaf) (values arrow.Array, nrows int, parts []*RowPartition) {
	switch l := v.(type) {
	case *Dense:
		if len(l.shape) == 0 {
			return l.values, Unknown, nil
		}
		return l.values, l.shape[0], denseParts(l.shape)
	case *Ragged:
		return l.values, l.nrows, l.parts
	}
	panic("structured: unknown leaf kind")
}

// outerLayout returns the outer size of any value and the partitions of
// its dimensions beyond the first (see leafLayout).
func outerLayout(v Value) (nrows int, parts []*RowPartition) {
	if t, ok := v.(*Tensor); ok {
		return t.nrows, t.parts
	}
	_, nrows, parts = leafLayout(v.(Leaf))
	return nrows, parts
}

// denseParts returns uniform partitions for the dimensions of shape beyond
// the first.
func denseParts(shape Shape) []*RowPartition {
	if len(shape) < 2 {
		return nil
	}
	parts := make([]*RowPartition, len(shape)-1)
	rows := shape[0]
	for i, d := range shape[1:] {
		parts[i] = mustUniform(d, rows)
		rows *= d
	}
	return parts
}
