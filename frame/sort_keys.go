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

// sortNormReaders reads the keys of each integer, float and temporal type
// (but uint64) as uint64s in the same order, with their class: the types
// of one class compare with each other; "" is the type itself (a
// timestamp compares with the timestamps of its unit and zone only).
var sortNormReaders = map[arrow.Type]struct {
	class string
	read  func(structured.Leaf) ([]uint64, error)
}{
	arrow.INT8:      {"int", sortNormInts[int8]},
	arrow.INT16:     {"int", sortNormInts[int16]},
	arrow.INT32:     {"int", sortNormInts[int32]},
	arrow.INT64:     {"int", sortNormInts[int64]},
	arrow.UINT8:     {"int", sortNormInts[uint8]},
	arrow.UINT16:    {"int", sortNormInts[uint16]},
	arrow.UINT32:    {"int", sortNormInts[uint32]},
	arrow.FLOAT32:   {"float", sortNormFloats[float32]},
	arrow.FLOAT64:   {"float", sortNormFloats[float64]},
	arrow.DATE32:    {"date32", sortNormInts[arrow.Date32]},
	arrow.DATE64:    {"date64", sortNormInts[arrow.Date64]},
	arrow.TIME32:    {"", sortNormInts[arrow.Time32]},
	arrow.TIME64:    {"", sortNormInts[arrow.Time64]},
	arrow.TIMESTAMP: {"", sortNormInts[arrow.Timestamp]},
	arrow.DURATION:  {"", sortNormInts[arrow.Duration]},
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
	case arrow.UINT64:
		k.class = "uint64"
		var vals []uint64
		if vals, err = structured.Values[uint64](d); err == nil {
			k.u = vals // already in order; shared, never written
		}
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
		norm, ok := sortNormReaders[dt.ID()]
		if !ok {
			return nil, errorf(op, ErrType, "column %q has type %s, which has no order here", name, dt)
		}
		k.class = norm.class
		if k.class == "" {
			k.class = dt.String()
		}
		k.u, err = norm.read(d)
	}
	if err != nil {
		return nil, errorf(op, ErrType, "column %q of type %s: %v", name, dt, err)
	}
	return k, nil
}
