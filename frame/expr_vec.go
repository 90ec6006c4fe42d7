package frame

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// exprType is the computing type of an evaluated expression: every integer
// type computes as int64, every float type as float64 (see Expr). It is
// not dtype's class of an Arrow type but the Go slice a kernel computes
// in (ints, floats, bools or strs); exprTypeOf picks it from the class of
// a column's type, and the vector keeps that type (dt) to give its result
// back as.
type exprType uint8

const (
	exprNullT  exprType = iota // only nulls, no type (Lit(nil), an Arrow null column)
	exprIntT                   // int8..int64, uint8..uint64, and temporal types as their ticks
	exprFloatT                 // float32, float64
	exprBoolT                  // bool
	exprStrT                   // string, large_string, string_view, dictionary of strings
	exprOtherT                 // anything else (lists, structs, binaries, decimals...): kept as a Value
)

func (t exprType) String() string {
	return [...]string{"null", "int", "float", "bool", "string", "other"}[t]
}

// exprVec is an evaluated expression: one column of n rows (or one value
// broadcast to any length when scalar), held as a typed Go slice beside an
// Arrow-layout validity bitmap, or as the structured.Value it was read from.
//
// A vector read from a column keeps that column in raw and decodes its
// typed slice only when a kernel asks (load): a column passed through
// unchanged is shared, never copied. int64 and float64 columns decode
// without a copy (the slice aliases the Arrow buffer).
type exprVec struct {
	t      exprType
	n      int
	scalar bool
	loaded bool

	ints   []int64
	floats []float64
	bools  []bool
	strs   []string
	valid  []byte // Arrow bitmap from bit 0; nil when no row is null

	raw structured.Value // the value as stored, when the vector is one; else nil
	dt  arrow.DataType   // the Arrow type to materialise ints and floats as (nil: int64 / float64)
}

// exprTypeOf is the computing type of the items of an Arrow type, from
// its class: integers and the temporal types (their ticks) compute as
// int64, floats as float64, strings and dictionaries of strings as
// strings. float16 is kept as a Value: a result computed in float64
// would have to round back to float16, which array does not write.
func exprTypeOf(dt arrow.DataType) exprType {
	switch f := dtype.Of(dt); {
	case f.Class == dtype.ClassNull:
		return exprNullT
	case f.Integer() || f.Temporal():
		return exprIntT
	case f.Class == dtype.ClassFloat && f.Storage != dtype.StorageFloat16:
		return exprFloatT
	case f.Class == dtype.ClassBool:
		return exprBoolT
	case dtype.ValueFacts(dt).Class == dtype.ClassString:
		return exprStrT
	}
	return exprOtherT
}

// exprIsTemporal reports an integer-computed type that is a point or span in
// time: it compares with its own type only and takes no arithmetic.
func exprIsTemporal(dt arrow.DataType) bool {
	return dt != nil && dtype.Of(dt).Temporal()
}

// exprFromValue wraps a column value (rank >= 1) as a vector; its typed
// slice is decoded later, by load.
func exprFromValue(v structured.Value) *exprVec {
	out := &exprVec{t: exprOtherT, n: v.NumRows(), raw: v}
	if d, ok := v.(*structured.Dense); ok && d.Rank() == 1 {
		out.t = exprTypeOf(d.DataType())
		if out.t == exprIntT || out.t == exprFloatT {
			out.dt = d.DataType()
		}
	}
	return out
}

// typeName names the vector's type for messages: the Arrow type of a
// stored column (list<T> for a list column, struct for a structure),
// else the computing type.
func (v *exprVec) typeName() string {
	switch r := v.raw.(type) {
	case *structured.Dense:
		if r.Rank() == 1 {
			return exprArrowName(r.DataType())
		}
		return fmt.Sprintf("list<%s>", exprArrowName(r.DataType()))
	case *structured.Ragged:
		return fmt.Sprintf("list<%s>", exprArrowName(r.DataType()))
	case *structured.Tensor:
		if r.Rank() > 1 {
			return "list<struct>"
		}
		return "struct"
	}
	if v.dt != nil {
		return exprArrowName(v.dt)
	}
	switch v.t {
	case exprIntT:
		return "int64"
	case exprFloatT:
		return "float64"
	}
	return v.t.String()
}

// exprArrowName is an Arrow type's name as a Spec prints it ("string",
// not Arrow's "utf8").
func exprArrowName(dt arrow.DataType) string {
	switch dt.ID() {
	case arrow.STRING:
		return "string"
	case arrow.LARGE_STRING:
		return "large_string"
	}
	return dt.String()
}

// load decodes the typed slice and validity of a vector read from a column.
func (v *exprVec) load() error {
	if v.loaded || v.raw == nil {
		v.loaded = true
		return nil
	}
	d, ok := v.raw.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		v.loaded = true
		return nil
	}
	v.valid = exprLeafValidity(d)
	var err error
	switch v.t {
	case exprNullT:
		v.valid = exprBitsNone(v.n)
	case exprIntT:
		v.ints, err = exprInts(d)
	case exprFloatT:
		v.floats, err = exprFloats(d)
	case exprBoolT:
		v.bools, err = d.Bools()
	case exprStrT:
		v.strs, err = d.Strings()
	}
	v.loaded = true
	return err
}

// exprLeafValidity is the validity of a leaf's items: its Arrow bitmap,
// and for a dictionary also the rows whose entry is null.
func exprLeafValidity(d *structured.Dense) []byte {
	valid := exprBitsOf(d.Validity())
	dict, ok := d.Values().(*array.Dictionary)
	if !ok || dict.Dictionary().NullN() == 0 {
		return valid
	}
	entries := dict.Dictionary()
	ints, ok := dtype.Int64s(dict.Data(), nil) // the indices
	if !ok {
		return valid
	}
	if valid == nil {
		valid = exprBitsAll(len(ints))
	} else {
		valid = append([]byte(nil), valid[:bitutil.BytesForBits(int64(len(ints)))]...)
	}
	for i, x := range ints {
		if bitutil.BitIsSet(valid, i) && x >= 0 && int(x) < entries.Len() && entries.IsNull(int(x)) {
			valid[i/8] &^= 1 << (i % 8)
		}
	}
	return valid
}

// exprInts reads any integer or temporal leaf as int64: int64 (and the
// types stored as int64) share Arrow's buffer, narrower types are widened
// by one typed loop. uint64 values above MaxInt64 are an error.
func exprInts(d *structured.Dense) ([]int64, error) {
	f := dtype.Of(d.DataType())
	if !f.Integer() && !f.Temporal() {
		return nil, fmt.Errorf("%w: %s is not an integer type", ErrType, d.DataType())
	}
	vals, _ := dtype.Int64s(d.Values().Data(), nil)
	if vals == nil {
		vals = []int64{}
	}
	if f.Storage == dtype.StorageUint64 {
		for i, x := range vals {
			if x < 0 && !d.IsNull(i) { // above MaxInt64, wrapped
				return nil, fmt.Errorf("%w: uint64 value %d at row %d does not fit int64", ErrType, uint64(x), i)
			}
		}
	}
	return vals, nil
}

// exprFloats reads a float leaf as float64: float64 shares Arrow's buffer,
// float32 is widened.
func exprFloats(d *structured.Dense) ([]float64, error) {
	vals, ok := dtype.Float64s(d.Values().Data(), nil)
	if !ok {
		return nil, fmt.Errorf("%w: %s is not a float type", ErrType, d.DataType())
	}
	if vals == nil {
		vals = []float64{}
	}
	return vals, nil
}

// exprRaw reads the values buffer of a fixed-width leaf by its width as
// []T, shared with Arrow: the caller has checked that T has the width of
// the leaf's type (a date32 reads as int32, a timestamp as int64).
func exprRaw[T int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64](l structured.Leaf) []T {
	a := l.Values()
	if a.Len() == 0 {
		return []T{}
	}
	return arrow.GetValues[T](a.Data(), 1)
}

// isNull reports whether row i of the vector is null (row 0 of a scalar).
func (v *exprVec) isNull(i int) bool {
	if v.scalar {
		i = 0
	}
	return v.valid != nil && !bitutil.BitIsSet(v.valid, i)
}

// nullN counts the null rows.
func (v *exprVec) nullN() int {
	if v.valid == nil {
		return 0
	}
	return v.n - bitutil.CountSetBits(v.valid, 0, v.n)
}

// stride is 0 for a scalar (every row reads item 0) and 1 otherwise: kernels
// read a[i*stride] so that one loop serves columns and broadcast literals.
func (v *exprVec) stride() int {
	if v.scalar {
		return 0
	}
	return 1
}

// exprBitsOf copies a validity bitmap to one starting at bit 0, or nil when
// no slot is null. A bitmap already starting at a byte boundary is shared.
func exprBitsOf(b structured.Bitmap) []byte {
	if b.NullN() == 0 {
		return nil
	}
	bits, off := b.Bytes()
	if bits == nil { // every slot null, no bits (a leaf of Arrow type null)
		return exprBitsNone(b.Len())
	}
	if off%8 == 0 {
		return bits[off/8:]
	}
	out := make([]byte, bitutil.BytesForBits(int64(b.Len())))
	bitutil.CopyBitmap(bits, off, b.Len(), out, 0)
	return out
}

// exprBitsNone is a bitmap of n null slots.
func exprBitsNone(n int) []byte { return make([]byte, bitutil.BytesForBits(int64(n))) }

// exprBitsAll is a bitmap of n valid slots.
func exprBitsAll(n int) []byte {
	out := make([]byte, bitutil.BytesForBits(int64(n)))
	for i := range out {
		out[i] = 0xff
	}
	return out
}

// exprValidAnd is the validity of a row-wise result of a and b over n rows:
// valid where both are, computed a word at a time. A scalar operand is all
// valid or all null.
func exprValidAnd(a, b *exprVec, n int) []byte {
	av, bv := a.valid, b.valid
	if a.scalar {
		if a.isNull(0) {
			return exprBitsNone(n)
		}
		av = nil
	}
	if b.scalar {
		if b.isNull(0) {
			return exprBitsNone(n)
		}
		bv = nil
	}
	switch {
	case av == nil && bv == nil:
		return nil
	case av == nil:
		return bv
	case bv == nil:
		return av
	}
	return exprBitsAnd(av, bv, int(bitutil.BytesForBits(int64(n))))
}

// exprRows is the number of rows of a result over operands: the length of
// the first non-scalar one, or 1 when all are scalars.
func exprRows(vs ...*exprVec) (n int, scalar bool) {
	for _, v := range vs {
		if !v.scalar {
			return v.n, false
		}
	}
	return 1, true
}

// toValue materialises the vector as a column of n rows (a scalar is
// repeated): the stored value itself when the vector is a column read as is.
func (v *exprVec) toValue(n int) (structured.Value, error) {
	if v.scalar && n != 1 {
		return v.broadcast(n)
	}
	if v.raw != nil {
		return v.raw, nil
	}
	arr, err := v.array()
	if err != nil {
		return nil, err
	}
	defer arr.Release()
	return structured.NewDense(arr)
}

// broadcast repeats row 0 of a scalar n times.
func (v *exprVec) broadcast(n int) (structured.Value, error) {
	one := *v
	one.scalar = false
	one.n = 1
	val, err := one.toValue(1)
	if err != nil {
		return nil, err
	}
	if val.NumRows() != 1 {
		return nil, fmt.Errorf("%w: a scalar of %d rows", ErrShape, val.NumRows())
	}
	idx := make([]int, n)
	return structured.TakeValue(val, idx)
}

// array builds the Arrow array of a computed vector, the typed slice's
// memory becoming the values buffer without a copy.
func (v *exprVec) array() (arrow.Array, error) {
	n := v.n
	var validBuf *memory.Buffer
	nulls := 0
	if v.valid != nil {
		nulls = v.nullN()
		if nulls > 0 {
			validBuf = memory.NewBufferBytes(v.valid[:bitutil.BytesForBits(int64(n))])
		}
	}
	switch v.t {
	case exprNullT:
		return array.NewNull(n), nil
	case exprIntT:
		if v.dt != nil && dtype.Of(v.dt).Storage != dtype.StorageInt64 {
			return exprNarrow(v.ints[:n], v.valid, v.dt)
		}
		dt := arrow.DataType(arrow.PrimitiveTypes.Int64)
		if v.dt != nil {
			dt = v.dt // a type stored as int64: a timestamp, a duration, ...
		}
		data := array.NewData(dt, n, []*memory.Buffer{validBuf, memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(v.ints[:n]))}, nil, nulls, 0)
		defer data.Release()
		return array.MakeFromData(data), nil
	case exprFloatT:
		if v.dt != nil && dtype.Of(v.dt).Storage == dtype.StorageFloat32 {
			b := array.NewFloat32Builder(memory.DefaultAllocator)
			defer b.Release()
			b.Reserve(n)
			for i, x := range v.floats[:n] {
				if v.isNull(i) {
					b.AppendNull()
				} else {
					b.Append(float32(x))
				}
			}
			return b.NewArray(), nil
		}
		data := array.NewData(arrow.PrimitiveTypes.Float64, n, []*memory.Buffer{validBuf, memory.NewBufferBytes(arrow.Float64Traits.CastToBytes(v.floats[:n]))}, nil, nulls, 0)
		defer data.Release()
		return array.MakeFromData(data), nil
	case exprBoolT:
		bits := exprPackBools(v.bools[:n])
		data := array.NewData(arrow.FixedWidthTypes.Boolean, n, []*memory.Buffer{validBuf, memory.NewBufferBytes(bits)}, nil, nulls, 0)
		defer data.Release()
		return array.MakeFromData(data), nil
	case exprStrT:
		size := 0
		for _, s := range v.strs[:n] {
			size += len(s)
		}
		if size > math.MaxInt32 {
			b := array.NewLargeStringBuilder(memory.DefaultAllocator)
			defer b.Release()
			for i, s := range v.strs[:n] {
				if v.isNull(i) {
					b.AppendNull()
				} else {
					b.Append(s)
				}
			}
			return b.NewArray(), nil
		}
		offs := make([]int32, n+1)
		bytes := make([]byte, 0, size)
		for i, s := range v.strs[:n] {
			if !v.isNull(i) {
				bytes = append(bytes, s...)
			}
			offs[i+1] = int32(len(bytes))
		}
		data := array.NewData(arrow.BinaryTypes.String, n, []*memory.Buffer{validBuf, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offs)), memory.NewBufferBytes(bytes)}, nil, nulls, 0)
		defer data.Release()
		return array.MakeFromData(data), nil
	}
	return nil, fmt.Errorf("%w: cannot build a column of type %s", ErrType, v.typeName())
}

// exprNarrow builds an integer or temporal array of type dt, stored
// narrower than int64 or as uint64, from int64s already known to fit
// (they were read from, or cast to, that type): dtype.Convert, which
// checks that they do.
func exprNarrow(vals []int64, valid []byte, dt arrow.DataType) (arrow.Array, error) {
	if f := dtype.Of(dt); !f.Integer() && !f.Temporal() {
		return nil, fmt.Errorf("%w: cannot build a column of type %s", ErrType, dt)
	}
	n := len(vals)
	var validBuf *memory.Buffer
	nulls := 0
	if valid != nil {
		nulls = n - bitutil.CountSetBits(valid, 0, n)
		if nulls > 0 {
			validBuf = memory.NewBufferBytes(valid[:bitutil.BytesForBits(int64(n))])
		}
	}
	data := array.NewData(arrow.PrimitiveTypes.Int64, n, []*memory.Buffer{validBuf, memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(vals))}, nil, nulls, 0)
	defer data.Release()
	ints := array.MakeFromData(data)
	defer ints.Release()
	out, err := dtype.Convert(ints, dt)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrType, err)
	}
	return out, nil
}

// exprFixed is a vector over a new Arrow array of a fixed-width type dt:
// n items in buf (owned by the array from here on) with the validity
// valid (an Arrow bitmap from bit 0, nil when no item is null), left
// unloaded so that consumers which read Arrow arrays take it as stored.
func exprFixed(dt arrow.DataType, n int, buf, valid []byte) (*exprVec, error) {
	var validBuf *memory.Buffer
	nulls := 0
	if valid != nil {
		nulls = n - bitutil.CountSetBits(valid, 0, n)
		if nulls > 0 {
			validBuf = memory.NewBufferBytes(valid[:bitutil.BytesForBits(int64(n))])
		}
	}
	data := array.NewData(dt, n, []*memory.Buffer{validBuf, memory.NewBufferBytes(buf)}, nil, nulls, 0)
	defer data.Release()
	arr := array.MakeFromData(data)
	defer arr.Release()
	d, err := structured.NewDense(arr)
	if err != nil {
		return nil, err
	}
	return exprFromValue(d), nil
}
