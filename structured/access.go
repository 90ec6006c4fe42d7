package structured

import (
	"reflect"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/decimal"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Values returns the flat items of a fixed-width leaf as a []T that shares
// Arrow's values buffer (respecting the array's offset): no copy and no
// allocation, so it may be called per row. Do not modify the slice. Null
// items hold unspecified values: read [Dense.Validity] beside it.
//
// T must be the Go type arrow-go stores the leaf's Arrow type as: int8 to
// int64 and uint8 to uint64 for the integer types, float32 and float64
// (float16.Num for float16), arrow.Date32, arrow.Date64, arrow.Time32,
// arrow.Time64, arrow.Timestamp and arrow.Duration for the temporal types,
// the arrow interval types and the decimal types. A Go type defined over
// an integer or float type (type UserID int64) reads the plain Arrow type
// of its underlying type. Any other pairing, a bool or string leaf, or a
// nil leaf gives an ErrType error.
func Values[T arrow.FixedWidthType](l Leaf) ([]T, error) {
	if isNilValue(l) {
		return nil, errorf("Values", ErrType, "", "leaf is nil")
	}
	a := l.Values()
	id := a.DataType().ID()
	want, ok := fixedWidthID[T]()
	if !ok || id != want {
		return nil, errorf("Values", ErrType, "", "leaf holds %s, not %s", a.DataType(), reflect.TypeFor[T]())
	}
	if a.Len() == 0 {
		return []T{}, nil
	}
	return arrow.GetValues[T](a.Data(), 1), nil
}

// values is Values for the package's typed accessors.
func values[T arrow.FixedWidthType](l leafValues, name string) ([]T, error) {
	want, _ := fixedWidthID[T]()
	if l.values.DataType().ID() != want {
		return nil, l.typeErr(name)
	}
	if l.values.Len() == 0 {
		return []T{}, nil
	}
	return arrow.GetValues[T](l.values.Data(), 1), nil
}

// fixedWidthID is the Arrow type ID whose values arrow-go stores as T.
func fixedWidthID[T arrow.FixedWidthType]() (arrow.Type, bool) {
	switch any((*T)(nil)).(type) {
	case *arrow.Date32:
		return arrow.DATE32, true
	case *arrow.Date64:
		return arrow.DATE64, true
	case *arrow.Time32:
		return arrow.TIME32, true
	case *arrow.Time64:
		return arrow.TIME64, true
	case *arrow.Timestamp:
		return arrow.TIMESTAMP, true
	case *arrow.Duration:
		return arrow.DURATION, true
	case *arrow.MonthInterval:
		return arrow.INTERVAL_MONTHS, true
	case *arrow.DayTimeInterval:
		return arrow.INTERVAL_DAY_TIME, true
	case *arrow.MonthDayNanoInterval:
		return arrow.INTERVAL_MONTH_DAY_NANO, true
	case *float16.Num:
		return arrow.FLOAT16, true
	case *decimal.Decimal32:
		return arrow.DECIMAL32, true
	case *decimal.Decimal64:
		return arrow.DECIMAL64, true
	case *decimal.Decimal128:
		return arrow.DECIMAL128, true
	case *decimal.Decimal256:
		return arrow.DECIMAL256, true
	}
	switch reflect.TypeFor[T]().Kind() {
	case reflect.Int8:
		return arrow.INT8, true
	case reflect.Int16:
		return arrow.INT16, true
	case reflect.Int32:
		return arrow.INT32, true
	case reflect.Int64:
		return arrow.INT64, true
	case reflect.Uint8:
		return arrow.UINT8, true
	case reflect.Uint16:
		return arrow.UINT16, true
	case reflect.Uint32:
		return arrow.UINT32, true
	case reflect.Uint64:
		return arrow.UINT64, true
	case reflect.Float32:
		return arrow.FLOAT32, true
	case reflect.Float64:
		return arrow.FLOAT64, true
	}
	return 0, false
}

// Bitmap is a read-only view of an Arrow validity bitmap over Len slots:
// slot i is valid when bit Offset+i is set. The zero Bitmap (and any
// Bitmap with no null) has no bits and reports every slot valid. It is a
// small value: getting and reading one never allocates. A leaf of Arrow
// type Null has every slot null and no bits. A Bitmap keeps the memory it
// views alive (Arrow memory is released once nothing reaches it; see the
// package doc), but the slice [Bitmap.Bytes] returns does not.
type Bitmap struct {
	bits   []byte
	offset int
	n      int
	nulls  int
	keep   *memory.Buffer // the buffer holding bits
}

// newBitmap views validity v over n slots.
func newBitmap(v validity, n int) Bitmap {
	if v.nulls == 0 {
		return Bitmap{n: n}
	}
	return Bitmap{bits: v.buf.Bytes(), offset: v.off, n: n, nulls: v.nulls, keep: v.buf}
}

// Len is the number of slots.
func (b Bitmap) Len() int { return b.n }

// NullN is the number of null slots.
func (b Bitmap) NullN() int { return b.nulls }

// IsValid reports whether slot i (0 <= i < Len) holds a value. An i out
// of that range panics, as a slice index does.
func (b Bitmap) IsValid(i int) bool {
	inRange("Bitmap.IsValid", i, b.n)
	if b.bits == nil { // no null, or an all-null array of type Null
		return b.nulls == 0
	}
	return bitutil.BitIsSet(b.bits, b.offset+i)
}

// IsNull reports whether slot i is null; an i out of range panics, as for
// IsValid.
func (b Bitmap) IsNull(i int) bool { return !b.IsValid(i) }

// Bytes returns the Arrow bitmap bytes, shared (do not modify them), and
// the bit of slot 0: slot i is valid when bit offset+i is set (LSB
// first). bits is nil when no slot is null.
func (b Bitmap) Bytes() (bits []byte, offset int) { return b.bits, b.offset }

// Validity returns the validity of the leaf's flat items (Size slots),
// sharing the Arrow array's bitmap.
func (l leafValues) Validity() Bitmap {
	d := l.values.Data()
	n, nulls := d.Len(), l.values.NullN()
	if nulls == 0 || d.DataType().ID() == arrow.NULL {
		return Bitmap{n: n, nulls: nulls}
	}
	return Bitmap{bits: d.Buffers()[0].Bytes(), offset: d.Offset(), n: n, nulls: nulls, keep: d.Buffers()[0]}
}

// Validity returns which rows are null lists (NumRows slots).
func (p *RowPartition) Validity() Bitmap { return newBitmap(p.valid, p.nrows) }

// Validity returns which flat structures are null (Size slots).
func (t *Tensor) Validity() Bitmap { return newBitmap(t.valid, t.Size()) }
