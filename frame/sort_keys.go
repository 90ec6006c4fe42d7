package frame

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/structframe/structframe/structured"
)

// sortKeyCol is one key column read once into a form every comparison and
// hash of Sort and Join uses without touching Arrow again: fixed-width
// values as order-preserving uint64 (u), strings as Go strings sharing the
// Arrow data (s), and the null flags. Reading a key costs one pass and one
// slice; comparing two rows is then an integer or string comparison.
type sortKeyCol struct {
	name  string
	dt    arrow.DataType
	class string   // the family two join keys must share: "int", "float", "string", ...
	u     []uint64 // normalized values: unsigned order is the value order
	hi    []uint64 // for decimal128: the high words (u holds the low ones)
	s     []string // string values, when class is "string"
	valid structured.Bitmap
	null  bool // every row is null (an Arrow Null leaf)
	n     int
}

// isNull reports whether row i of the key is null.
func (k *sortKeyCol) isNull(i int) bool { return k.null || k.valid.IsNull(i) }

// hasNulls reports whether some row of the key is null.
func (k *sortKeyCol) hasNulls() bool { return k.null || k.valid.NullN() > 0 }

// sortSigned is the class of the signed and small unsigned integers, all
// compared as int64 (so an int32 key joins an int64 key).
type sortSigned interface {
	arrow.FixedWidthType
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32
}

// sortNormInts reads integers (and temporal types stored as integers) as
// int64 flipped at the sign bit, so that unsigned order is signed order.
func sortNormInts[T sortSigned](l structured.Leaf) ([]uint64, error) {
	vals, err := structured.Values[T](l)
	if err != nil {
		return nil, err
	}
	out := make([]uint64, len(vals))
	for i, v := range vals {
		out[i] = uint64(int64(v)) ^ (1 << 63)
	}
	return out, nil
}

// sortNormFloat turns a float64 into a uint64 whose unsigned order is the
// float order: -Inf < ... < -0 = +0 < ... < +Inf < NaN. Every NaN is one
// value, above +Inf (as Polars sorts it), and -0 is +0 (IEEE equal).
func sortNormFloat(f float64) uint64 {
	if f != f {
		return math.MaxUint64
	}
	if f == 0 {
		f = 0
	}
	b := math.Float64bits(f)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

func sortNormFloats[T float32 | float64](l structured.Leaf) ([]uint64, error) {
	vals, err := structured.Values[T](l)
	if err != nil {
		return nil, err
	}
	out := make([]uint64, len(vals))
	for i, v := range vals {
		out[i] = sortNormFloat(float64(v))
	}
	return out, nil
}

// sortKeyOf reads a key value (one row per frame row) into a sortKeyCol,
// or returns an ErrType error naming the column: list, struct and map
// columns, and leaf types without an order, are not keys.
func sortKeyOf(op, name string, v structured.Value, rows int) (*sortKeyCol, error) {
	var d *structured.Dense
	switch x := v.(type) {
	case *structured.Dense:
		d = x
	case *structured.Ragged:
		return nil, errorf(op, ErrType, "column %q is a list column (%s); a key must be a scalar column", name, x.Shape())
	case *structured.Tensor:
		kind := "struct"
		if x.IsMap() {
			kind = "map"
		} else if x.Rank() > 1 {
			kind = "list of struct"
		}
		return nil, errorf(op, ErrType, "column %q is a %s column; a key must be a scalar column", name, kind)
	default:
		return nil, errorf(op, ErrType, "column %q: unsupported value %T", name, v)
	}
	if d.Rank() != 1 {
		return nil, errorf(op, ErrType, "column %q has shape %s; a key must be a scalar column", name, d.Shape())
	}
	if d.NumRows() != rows {
		return nil, errorf(op, ErrShape, "key %q has %d rows, the frame %d", name, d.NumRows(), rows)
	}
	dt := d.DataType()
	k := &sortKeyCol{name: name, dt: dt, valid: d.Validity(), n: rows}
	var err error
	switch dt.ID() {
	case arrow.NULL:
		k.class, k.null, k.u = "null", true, make([]uint64, rows)
	case arrow.INT8:
		k.class = "int"
		k.u, err = sortNormInts[int8](d)
	case arrow.INT16:
		k.class = "int"
		k.u, err = sortNormInts[int16](d)
	case arrow.INT32:
		k.class = "int"
		k.u, err = sortNormInts[int32](d)
	case arrow.INT64:
		k.class = "int"
		k.u, err = sortNormInts[int64](d)
	case arrow.UINT8:
		k.class = "int"
		k.u, err = sortNormInts[uint8](d)
	case arrow.UINT16:
		k.class = "int"
		k.u, err = sortNormInts[uint16](d)
	case arrow.UINT32:
		k.class = "int"
		k.u, err = sortNormInts[uint32](d)
	case arrow.UINT64:
		k.class = "uint64"
		var vals []uint64
		if vals, err = structured.Values[uint64](d); err == nil {
			k.u = vals // already in order; shared, never written
		}
	case arrow.FLOAT32:
		k.class = "float"
		k.u, err = sortNormFloats[float32](d)
	case arrow.FLOAT64:
		k.class = "float"
		k.u, err = sortNormFloats[float64](d)
	case arrow.BOOL:
		k.class = "bool"
		var bs []bool
		if bs, err = d.Bools(); err == nil {
			k.u = make([]uint64, len(bs))
			for i, b := range bs {
				if b {
					k.u[i] = 1
				}
			}
		}
	case arrow.DATE32:
		k.class = "date32"
		k.u, err = sortNormInts[arrow.Date32](d)
	case arrow.TIME32:
		k.class = dt.String()
		k.u, err = sortNormInts[arrow.Time32](d)
	case arrow.DATE64:
		k.class = "date64"
		k.u, err = sortNormInts[arrow.Date64](d)
	case arrow.TIMESTAMP:
		k.class = dt.String()
		k.u, err = sortNormInts[arrow.Timestamp](d)
	case arrow.DURATION:
		k.class = dt.String()
		k.u, err = sortNormInts[arrow.Duration](d)
	case arrow.TIME64:
		k.class = dt.String()
		k.u, err = sortNormInts[arrow.Time64](d)
	case arrow.DECIMAL128:
		k.class = dt.String()
		var vals []decimal128.Num
		if vals, err = structured.Values[decimal128.Num](d); err == nil {
			k.u, k.hi = make([]uint64, len(vals)), make([]uint64, len(vals))
			for i, v := range vals {
				k.u[i], k.hi[i] = v.LowBits(), uint64(v.HighBits())^(1<<63)
			}
		}
	case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW, arrow.DICTIONARY:
		k.class = "string"
		k.s, err = d.Strings()
	default:
		return nil, errorf(op, ErrType, "column %q has type %s, which has no order here", name, dt)
	}
	if err != nil {
		return nil, errorf(op, ErrType, "column %q of type %s: %v", name, dt, err)
	}
	return k, nil
}
