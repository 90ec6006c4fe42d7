package frame

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/structframe/structframe/internal/dtype"
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
	class string            // the family two join keys must share: "int", "float", "string", ...
	u     []uint64          // normalized values: unsigned order is the value order
	hi    []uint64          // for decimal128: the high words (u holds the low ones)
	s     []string          // string values, when class is "string"
	str   *structured.Dense // the stored string column, when class is "string": ranked from its bytes
	valid structured.Bitmap
	null  bool // every row is null (an Arrow Null leaf)
	n     int
}

// isNull reports whether row i of the key is null.
func (k *sortKeyCol) isNull(i int) bool { return k.null || k.valid.IsNull(i) }

// hasNulls reports whether some row of the key is null.
func (k *sortKeyCol) hasNulls() bool { return k.null || k.valid.NullN() > 0 }

// sortKeyOf reads a key value (one row per frame row) into a sortKeyCol,
// or returns an ErrType error naming the column: list, struct and map
// columns, and leaf types without an order, are not keys.
func sortKeyOf(op, name string, v structured.Value, rows int) (*sortKeyCol, error) {
	var d *structured.Dense
	switch x := v.(type) {
	case *structured.Dense:
		d = x
	case *structured.Ragged:
		return nil, errorf(op, ErrType, "column %q is a list column; a key must be a scalar column", name)
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
	switch f := dtype.Of(dt); {
	case f.Class == dtype.ClassNull:
		k.class, k.null, k.u = "null", true, make([]uint64, rows)
	case f.Class == dtype.ClassBool:
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
	case f.Storage == dtype.StorageDecimal128:
		k.class = dt.String()
		var vals []decimal128.Num
		if vals, err = structured.Values[decimal128.Num](d); err == nil {
			k.u, k.hi = make([]uint64, len(vals)), make([]uint64, len(vals))
			for i, v := range vals {
				k.u[i], k.hi[i] = v.LowBits(), uint64(v.HighBits())^(1<<63)
			}
		}
	case f.Class == dtype.ClassString || f.Class == dtype.ClassDictionary:
		k.class, k.str = "string", d
		k.s, err = d.Strings()
	case f.Numeric() || f.Temporal():
		k.class = sortClass(f, dt)
		k.u, _ = dtype.SortKeys(d.Values().Data(), nil)
		if k.u == nil {
			k.u = []uint64{}
		}
	default:
		return nil, errorf(op, ErrType, "column %q has type %s, which has no order here", name, dt)
	}
	if err != nil {
		return nil, errorf(op, ErrType, "column %q of type %s: %v", name, dt, err)
	}
	return k, nil
}

// sortClass is the family of a numeric or temporal key type: the keys of
// one family compare with each other (their sort keys share one
// encoding, see dtype.SortKeys). Integers but uint64 are "int", floats
// "float", uint64 "uint64"; a temporal type is its own family (a
// timestamp compares with the timestamps of its unit and zone only).
func sortClass(f dtype.Facts, dt arrow.DataType) string {
	switch {
	case f.Storage == dtype.StorageUint64 && f.Class == dtype.ClassUnsigned:
		return "uint64"
	case f.Integer():
		return "int"
	case f.Class == dtype.ClassFloat:
		return "float"
	}
	return dt.String()
}

// sortKeyOfRanked is sortKeyOf for a sort: a string key is read as the
// rank of each row's string among the distinct strings (in u, by
// sortStringRanks), with no Go string a row; s stays nil. Other keys are
// as sortKeyOf reads them.
func sortKeyOfRanked(op, name string, v structured.Value, rows int) (*sortKeyCol, error) {
	d, isDense := v.(*structured.Dense)
	if !isDense || d.Rank() != 1 || dtype.Of(d.DataType()).Class != dtype.ClassString || d.NumRows() != rows {
		return sortKeyOf(op, name, v, rows)
	}
	k := &sortKeyCol{name: name, dt: d.DataType(), class: "string", str: d, valid: d.Validity(), n: rows}
	if k.u = sortStringRanks(k); k.u == nil {
		return sortKeyOf(op, name, v, rows)
	}
	return k, nil
}
