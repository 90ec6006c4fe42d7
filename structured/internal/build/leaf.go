package build

import (
	"encoding/base64"
	"math"
	"strconv"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/hugepage"
)

// leafStore is how a leaf node stores its items.
type leafStore uint8

const (
	storeNone      leafStore = iota
	storeInt64               // i64 (every integer type with a Spec)
	storeFloat64             // f64 (float32 with a Spec)
	storeString              // bytes + offsets
	storeBinary              // bytes + offsets
	storeBool                // bits
	storeTimestamp           // i64 in the type's unit
	storeDate32              // i32 days
	storeDecimal             // dec: integers beyond int64, or a Spec's decimal128
)

// leafBuf holds a leaf node's items in growable Go slices; null items hold
// a zero value. The slices become Arrow buffers without a copy.
type leafBuf struct {
	typ   leafStore
	dtype arrow.DataType // the Arrow type the items will have
	i64   []int64
	f64   []float64
	i32   []int32
	bytes []byte  // string and binary bytes
	off32 []int32 // string and binary offsets ...
	off64 []int64 // ... or these once the bytes pass 2 GiB, or for Large types
	large bool    // offsets are off64
	bits  []byte  // bool values
	dec   []decimal128.Num
	// jsonText: a string leaf that takes values of any kind as their JSON
	// text (see text.go).
	jsonText bool
	// inexact: an int64 leaf held an integer that float64 cannot hold
	// exactly, inexactV, among the items DiscardRows dropped.
	inexact  bool
	inexactV int64
}

// inferredType is the Arrow type FromValue gives each kind of Go scalar.
func inferredType(t leafStore) arrow.DataType {
	switch t {
	case storeInt64:
		return arrow.PrimitiveTypes.Int64
	case storeFloat64:
		return arrow.PrimitiveTypes.Float64
	case storeString:
		return arrow.BinaryTypes.String
	case storeBinary:
		return arrow.BinaryTypes.Binary
	case storeBool:
		return arrow.FixedWidthTypes.Boolean
	case storeTimestamp:
		return arrow.FixedWidthTypes.Timestamp_us
	case storeDate32:
		return arrow.FixedWidthTypes.Date32
	case storeDecimal:
		return bigIntType
	}
	return arrow.Null
}

// becomeLeaf gives an untyped node a leaf type, back-filling null items.
func (nd *vnode) becomeLeaf(t leafStore, row int) {
	n := nd.n
	nd.kind, nd.typ, nd.dtype, nd.firstRow = kindLeaf, t, inferredType(t), row
	nd.n = 0
	nd.initLeaf(n)
	nd.appendZeros(n)
	nd.valid.AppendN(n, false)
	nd.n = n
}

// initLeaf sets up the storage of a leaf node for about n items.
func (nd *vnode) initLeaf(n int) {
	switch nd.typ {
	case storeString, storeBinary:
		if nd.large {
			nd.off64 = hugepage.Make[int64](1, n+8)
		} else {
			nd.off32 = hugepage.Make[int32](1, n+8)
		}
	case storeInt64, storeTimestamp:
		nd.i64 = hugepage.Make[int64](0, n+8)
	case storeFloat64:
		nd.f64 = hugepage.Make[float64](0, n+8)
	case storeDate32:
		nd.i32 = hugepage.Make[int32](0, n+8)
	case storeDecimal:
		nd.dec = hugepage.Make[decimal128.Num](0, n+8)
	}
}

// growZero extends s by k zero values.
func growZero[T any](s []T, k int) []T {
	n := len(s)
	if n+k > cap(s) {
		s = append(s[:cap(s)], make([]T, n+k-cap(s))...)
	}
	s = s[:n+k]
	clear(s[n:])
	return s
}

// push appends v to s. Once s needs more room its capacity doubles:
// append grows large slices by only 1.25x, which copies a column several
// times over.
func push[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		s = room(s, 1)
	}
	return append(s, v)
}

// pushAll appends the bytes of v to s, doubling the capacity as push does.
func pushAll(s []byte, v string) []byte {
	if len(s)+len(v) > cap(s) {
		s = room(s, len(v))
	}
	return append(s, v...)
}

// room returns s with capacity for k more items, at least doubled.
func room[T any](s []T, k int) []T {
	c := max(2*cap(s), len(s)+k, 16)
	ns := hugepage.Make[T](len(s), c)
	copy(ns, s)
	return ns
}

// reserveFor grows the capacity of s to hold about f times its length,
// with 5% to spare.
func reserveFor[T any](s []T, f float64) []T {
	want := int(float64(len(s))*f*1.05) + 16
	if want <= cap(s) || len(s) == 0 {
		return s
	}
	return room(s, want-len(s))
}

// reserve grows every column below nd to hold about f times what it holds
// now: once a sample of the rows has been seen, the columns are sized for
// all of them, rather than copied each time they double.
func (nd *vnode) reserve(f float64) {
	switch nd.kind {
	case kindLeaf:
		nd.i64 = reserveFor(nd.i64, f)
		nd.f64 = reserveFor(nd.f64, f)
		nd.i32 = reserveFor(nd.i32, f)
		nd.bytes = reserveFor(nd.bytes, f)
		nd.off32 = reserveFor(nd.off32, f)
		nd.off64 = reserveFor(nd.off64, f)
		nd.bits = reserveFor(nd.bits, f)
		nd.dec = reserveFor(nd.dec, f)
	case kindList, kindMap:
		nd.splits = reserveFor(nd.splits, f)
		nd.child.reserve(f)
	case kindStruct:
		for _, c := range nd.kids {
			c.reserve(f)
		}
	}
}

// appendZeros appends k zero items (for null slots). It does not touch
// validity or n.
func (nd *vnode) appendZeros(k int) {
	switch nd.typ {
	case storeInt64, storeTimestamp:
		nd.i64 = growZero(nd.i64, k)
	case storeFloat64:
		nd.f64 = growZero(nd.f64, k)
	case storeDate32:
		nd.i32 = growZero(nd.i32, k)
	case storeDecimal:
		nd.dec = growZero(nd.dec, k)
	case storeString, storeBinary:
		if nd.large {
			last := nd.off64[len(nd.off64)-1]
			for range k {
				nd.off64 = push(nd.off64, last)
			}
		} else {
			last := nd.off32[len(nd.off32)-1]
			for range k {
				nd.off32 = push(nd.off32, last)
			}
		}
	case storeBool:
		nd.bits = growZero(nd.bits, int(bitutil.BytesForBits(int64(nd.n+k)))-len(nd.bits))
	}
}

// MaxSmallOffset is the largest offset of a String or Binary array (a
// variable so tests can lower it); past it the Large types are used.
var MaxSmallOffset = math.MaxInt32

// appendBytes appends one string or binary item.
func (nd *vnode) appendBytes(s string) {
	nd.bytes = pushAll(nd.bytes, s)
	if nd.large {
		nd.off64 = push(nd.off64, int64(len(nd.bytes)))
	} else if len(nd.bytes) <= MaxSmallOffset {
		nd.off32 = push(nd.off32, int32(len(nd.bytes)))
	} else {
		// Past 2 GiB: switch to 64-bit offsets (a Large Arrow type).
		nd.off64 = make([]int64, len(nd.off32), len(nd.off32)*2)
		for i, o := range nd.off32 {
			nd.off64[i] = int64(o)
		}
		nd.off32 = nil
		nd.large = true
		nd.off64 = push(nd.off64, int64(len(nd.bytes)))
	}
	nd.markValid()
}

// appendBool appends one bool item.
func (nd *vnode) appendBool(v bool) {
	if nd.n>>3 >= len(nd.bits) {
		nd.bits = push(nd.bits, 0)
	}
	if v {
		nd.bits[nd.n>>3] |= 1 << (nd.n & 7)
	}
	nd.markValid()
}

// leafOf returns nd ready to take items of type t: an untyped node becomes
// a leaf of type t (not with a Spec). ok is false if nd is of another kind.
func (b *Builder) leafOf(nd *vnode, t leafStore) bool {
	switch nd.kind {
	case kindLeaf:
		return true
	case kindNull:
		if nd.spec == nil {
			nd.becomeLeaf(t, b.row)
			return true
		}
	}
	return false
}

// bigIntType is the type of inferred integers beyond int64: decimal128
// with 38 digits and no fraction holds every integer of up to 38 digits
// exactly.
var bigIntType = &arrow.Decimal128Type{Precision: 38, Scale: 0}

// asText stores a value nd cannot hold as JSON text, if the conflict
// policy says so (see conflict); text is the value's JSON text.
func (b *Builder) asText(nd *vnode, got string, text []byte) *buildError {
	if err := b.conflict(nd, got); err != nil {
		return err
	}
	nd.appendBytes(string(text))
	return nil
}

// exactFloat reports whether x converts to float64 and back unchanged.
func exactFloat(x int64) bool {
	f := float64(x)
	return f < 0x1p63 && int64(f) == x
}

// addInt appends an integer: to an int64 leaf, a float64 one (when exact),
// a decimal one, or as a Spec's integer, float or decimal type.
func (b *Builder) addInt(nd *vnode, x int64) *buildError {
	if !nd.jsonText && b.leafOf(nd, storeInt64) {
		switch nd.typ {
		case storeInt64:
			if nd.spec != nil && !intFits(nd.dtype.ID(), x) {
				return b.errorAt(KindSchema, "value %d%s is out of range for %s (from the Spec)", x, b.at(), typeName(nd.dtype))
			}
			nd.i64 = push(nd.i64, x)
			nd.markValid()
			return nil
		case storeFloat64:
			if nd.spec == nil && !exactFloat(x) {
				return b.lossy(nd, x)
			}
			nd.f64 = push(nd.f64, float64(x))
			nd.markValid()
			return nil
		case storeDecimal:
			return b.addDecimal(nd, decimal128.FromI64(x), strconv.FormatInt(x, 10))
		}
	}
	return b.asText(nd, "int64", strconv.AppendInt(nil, x, 10))
}

// lossy handles an integer that a float64 field cannot hold exactly.
func (b *Builder) lossy(nd *vnode, x int64) *buildError {
	if b.opts.Conflicts == ConflictJSONText {
		return b.asText(nd, "int64", strconv.AppendInt(nil, x, 10))
	}
	return b.errorAt(KindSchema, "integer %d%s cannot be stored as float64 without losing digits, and the field holds floats (first seen at row %d); "+
		"give a Spec with an integer or decimal type, or use ConflictJSONText", x, b.at(), nd.firstRow)
}

// addDecimal appends an integer beyond int64 (or any integer to a
// decimal field): an int64 field is widened to decimal128(38, 0), which
// holds both exactly; a Spec's decimal type takes it at its scale.
func (b *Builder) addDecimal(nd *vnode, x decimal128.Num, text string) *buildError {
	if !nd.jsonText && b.leafOf(nd, storeDecimal) {
		switch nd.typ {
		case storeInt64:
			if nd.spec == nil {
				nd.widenDecimal()
			}
		case storeFloat64:
			if nd.spec != nil {
				f, _ := strconv.ParseFloat(text, 64)
				return b.addFloat(nd, f)
			}
		}
		if nd.typ == storeDecimal {
			dt := nd.dtype.(*arrow.Decimal128Type)
			if dt.Scale > 0 {
				x = x.IncreaseScaleBy(dt.Scale)
			}
			if !x.FitsInPrecision(dt.Precision) {
				return b.errorAt(KindSchema, "value %s%s does not fit %s", text, b.at(), typeName(dt))
			}
			nd.dec = push(nd.dec, x)
			nd.markValid()
			return nil
		}
	}
	return b.asText(nd, "decimal128", []byte(text))
}

// widenDecimal turns an int64 leaf into a decimal128(38, 0) one.
func (nd *vnode) widenDecimal() {
	d := make([]decimal128.Num, len(nd.i64), cap(nd.i64))
	for i, v := range nd.i64 {
		d[i] = decimal128.FromI64(v)
	}
	nd.dec, nd.i64 = d, nil
	nd.typ, nd.dtype = storeDecimal, bigIntType
}

// intFits reports whether x fits the integer type id.
func intFits(id arrow.Type, x int64) bool {
	switch id {
	case arrow.INT8:
		return x >= math.MinInt8 && x <= math.MaxInt8
	case arrow.INT16:
		return x >= math.MinInt16 && x <= math.MaxInt16
	case arrow.INT32:
		return x >= math.MinInt32 && x <= math.MaxInt32
	case arrow.UINT8:
		return x >= 0 && x <= math.MaxUint8
	case arrow.UINT16:
		return x >= 0 && x <= math.MaxUint16
	case arrow.UINT32:
		return x >= 0 && x <= math.MaxUint32
	case arrow.UINT64:
		return x >= 0
	}
	return true
}

// addFloat appends a float: to a float64 leaf, widening an int64 one when
// every integer it holds is exact as a float64, or as a Spec's float,
// decimal or (when integral) integer type.
func (b *Builder) addFloat(nd *vnode, x float64) *buildError {
	if !nd.jsonText && b.leafOf(nd, storeFloat64) {
		switch nd.typ {
		case storeFloat64:
			if nd.spec != nil && nd.spec.float32 && math.Abs(x) > math.MaxFloat32 && !math.IsInf(x, 0) {
				return b.errorAt(KindSchema, "value %v%s is out of range for float32 (from the Spec)", x, b.at())
			}
			nd.f64 = push(nd.f64, x)
			nd.markValid()
			return nil
		case storeInt64:
			if nd.spec == nil {
				if v, ok := nd.firstInexact(); ok {
					if b.opts.Conflicts == ConflictJSONText {
						return b.asText(nd, "float64", appendJSONFloat(nil, x))
					}
					return b.errorAt(KindSchema, "got float64 %v%s, but the field holds integers (first seen at row %d) that float64 cannot hold exactly, such as %d; "+
						"give a Spec with a float or decimal type, or use ConflictJSONText", x, b.at(), nd.firstRow, v)
				}
				nd.widen()
				nd.f64 = push(nd.f64, x)
				nd.markValid()
				return nil
			}
			// JSON decodes every number as float64: take integral ones.
			if x != math.Trunc(x) || math.IsInf(x, 0) {
				return b.errorAt(KindSchema, "value %v%s is not an integer, want %s (from the Spec)", x, b.at(), typeName(nd.dtype))
			}
			if nd.dtype.ID() == arrow.UINT64 && x >= 1<<63 && x < 1<<64 {
				nd.i64 = push(nd.i64, int64(uint64(x)))
				nd.markValid()
				return nil
			}
			if x < -(1<<63) || x >= 1<<63 {
				return b.errorAt(KindSchema, "value %v%s is out of range for %s (from the Spec)", x, b.at(), typeName(nd.dtype))
			}
			return b.addInt(nd, int64(x))
		case storeDecimal:
			if nd.spec != nil {
				dt := nd.dtype.(*arrow.Decimal128Type)
				d, err := decimal128.FromFloat64(x, dt.Precision, dt.Scale)
				if err != nil {
					return b.errorAt(KindSchema, "value %v%s does not fit %s (from the Spec)", x, b.at(), typeName(dt))
				}
				nd.dec = push(nd.dec, d)
				nd.markValid()
				return nil
			}
		}
	}
	return b.asText(nd, "float64", appendJSONFloat(nil, x))
}

// exactInts reports whether float64 holds every integer the int64 leaf nd
// has held exactly, dropped ones included.
func (nd *vnode) exactInts() bool {
	_, inexact := nd.firstInexact()
	return !inexact
}

// firstInexact returns an integer the int64 leaf nd has held that float64
// cannot hold exactly, if any.
func (nd *vnode) firstInexact() (int64, bool) {
	if nd.inexact {
		return nd.inexactV, true
	}
	for _, v := range nd.i64 {
		if !exactFloat(v) {
			return v, true
		}
	}
	return 0, false
}

// widen turns an int64 leaf into a float64 one.
func (nd *vnode) widen() {
	f := make([]float64, len(nd.i64), cap(nd.i64))
	for i, v := range nd.i64 {
		f[i] = float64(v)
	}
	nd.f64, nd.i64 = f, nil
	nd.typ, nd.dtype = storeFloat64, arrow.PrimitiveTypes.Float64
}

// addString appends a string: to a string leaf, or as a Spec's binary,
// timestamp (RFC 3339), date32 (YYYY-MM-DD) or decimal type.
func (b *Builder) addString(nd *vnode, x string) *buildError {
	if b.leafOf(nd, storeString) {
		switch nd.typ {
		case storeString:
			nd.appendBytes(x)
			return nil
		case storeBinary:
			if nd.spec != nil {
				nd.appendBytes(x)
				return nil
			}
		case storeTimestamp:
			if nd.spec != nil {
				t, err := time.Parse(time.RFC3339Nano, x)
				if err != nil {
					return b.errorAt(KindSchema, "%q%s is not an RFC 3339 timestamp (from the Spec)", x, b.at())
				}
				return b.addTime(nd, t)
			}
		case storeDate32:
			if nd.spec != nil {
				t, err := time.Parse(time.DateOnly, x)
				if err != nil {
					return b.errorAt(KindSchema, "%q%s is not a YYYY-MM-DD date (from the Spec)", x, b.at())
				}
				return b.addTime(nd, t)
			}
		case storeDecimal:
			if nd.spec != nil {
				dt := nd.dtype.(*arrow.Decimal128Type)
				d, err := decimal128.FromString(x, dt.Precision, dt.Scale)
				if err != nil {
					return b.errorAt(KindSchema, "%q%s is not a number that fits %s (from the Spec)", x, b.at(), typeName(dt))
				}
				nd.dec = push(nd.dec, d)
				nd.markValid()
				return nil
			}
		}
	}
	if err := b.conflict(nd, "string"); err != nil {
		return err
	}
	nd.appendBytes(x)
	return nil
}

// addBytes appends a []byte: to a binary leaf, or a Spec's string type.
func (b *Builder) addBytes(nd *vnode, x []byte) *buildError {
	if !nd.jsonText && b.leafOf(nd, storeBinary) {
		if nd.typ == storeBinary || nd.typ == storeString && nd.spec != nil {
			nd.appendBytes(unsafe.String(unsafe.SliceData(x), len(x)))
			return nil
		}
	}
	return b.asText(nd, "binary", appendJSONString(nil, base64.StdEncoding.EncodeToString(x)))
}

// addBool appends a bool to a bool leaf.
func (b *Builder) addBool(nd *vnode, x bool) *buildError {
	if !nd.jsonText && b.leafOf(nd, storeBool) && nd.typ == storeBool {
		nd.appendBool(x)
		return nil
	}
	return b.asText(nd, "bool", strconv.AppendBool(nil, x))
}

// addTime appends a time: to a timestamp leaf (microseconds, or the
// Spec's unit), or as a Spec's date32 (the time's calendar date).
func (b *Builder) addTime(nd *vnode, x time.Time) *buildError {
	if !nd.jsonText && b.leafOf(nd, storeTimestamp) {
		switch nd.typ {
		case storeTimestamp:
			unit := nd.dtype.(*arrow.TimestampType).Unit
			v, ok := timeIn(x, unit)
			if !ok {
				return b.errorAt(KindSchema, "time %v%s is out of range for %s", x, b.at(), typeName(nd.dtype))
			}
			nd.i64 = push(nd.i64, v)
			nd.markValid()
			return nil
		case storeDate32:
			if nd.spec != nil {
				y, m, d := x.Date()
				days := time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
				if days < math.MinInt32 || days > math.MaxInt32 {
					return b.errorAt(KindSchema, "time %v%s is out of range for date32", x, b.at())
				}
				nd.i32 = push(nd.i32, int32(days))
				nd.markValid()
				return nil
			}
		}
	}
	return b.asText(nd, "timestamp", appendJSONString(nil, x.UTC().Format(time.RFC3339Nano)))
}

// timeIn converts t to a count of unit since the Unix epoch; ok is false
// when it does not fit int64.
func timeIn(t time.Time, unit arrow.TimeUnit) (v int64, ok bool) {
	y := t.Year()
	switch unit {
	case arrow.Second:
		return t.Unix(), true
	case arrow.Millisecond:
		return t.UnixMilli(), y > -292_000_000 && y < 292_000_000
	case arrow.Microsecond:
		return t.UnixMicro(), y > -290_000 && y < 294_000
	}
	return t.UnixNano(), y >= 1678 && y <= 2261
}

// addDate appends a date: to a date32 leaf, or as a Spec's timestamp
// (midnight UTC).
func (b *Builder) addDate(nd *vnode, x arrow.Date32) *buildError {
	if !nd.jsonText && b.leafOf(nd, storeDate32) {
		switch nd.typ {
		case storeDate32:
			nd.i32 = push(nd.i32, int32(x))
			nd.markValid()
			return nil
		case storeTimestamp:
			if nd.spec != nil {
				return b.addTime(nd, time.Unix(int64(x)*86400, 0).UTC())
			}
		}
	}
	return b.asText(nd, "date32", appendJSONString(nil, x.FormattedString()))
}

// castBytes views a slice of fixed-width values as bytes, without a copy.
func castBytes[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(zero)))
}

// convertInts copies int64 items into a narrower integer type.
func convertInts[T int8 | int16 | int32 | uint8 | uint16 | uint32 | uint64](s []int64) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[i] = T(v)
	}
	return out
}

// leafArray wraps the node's items as an Arrow array of its type. Only
// types narrower than their storage (a Spec's int8, float32, ...) are copied.
func (nd *vnode) leafArray() (arrow.Array, *Error) {
	n := nd.n
	if nd.kind == kindNull {
		return array.NewNull(n), nil
	}
	bits, nulls := nd.valid.Finish()
	var vbuf *memory.Buffer
	if nulls > 0 {
		vbuf = memory.NewBufferBytes(bits)
	}
	dt := nd.dtype
	var data []byte
	switch nd.typ {
	case storeInt64, storeTimestamp:
		switch dt.ID() {
		case arrow.INT8:
			data = castBytes(convertInts[int8](nd.i64))
		case arrow.INT16:
			data = castBytes(convertInts[int16](nd.i64))
		case arrow.INT32:
			data = castBytes(convertInts[int32](nd.i64))
		case arrow.UINT8:
			data = castBytes(convertInts[uint8](nd.i64))
		case arrow.UINT16:
			data = castBytes(convertInts[uint16](nd.i64))
		case arrow.UINT32:
			data = castBytes(convertInts[uint32](nd.i64))
		default: // int64, uint64 (same bits), timestamp
			data = castBytes(nd.i64[:n])
		}
	case storeFloat64:
		if dt.ID() == arrow.FLOAT32 {
			f := make([]float32, n)
			for i, v := range nd.f64 {
				f[i] = float32(v)
			}
			data = castBytes(f)
		} else {
			data = castBytes(nd.f64[:n])
		}
	case storeDate32:
		data = castBytes(nd.i32[:n])
	case storeDecimal:
		data = castBytes(nd.dec[:n])
	case storeBool:
		data = nd.bits
	case storeString, storeBinary:
		var offs []byte
		if nd.large {
			offs = castBytes(nd.off64)
			switch dt.ID() {
			case arrow.STRING:
				if nd.spec != nil {
					return nil, errorf("", KindSchema, "", "string bytes pass 2 GiB: use arrow.LargeString in the Spec")
				}
				dt = arrow.BinaryTypes.LargeString
			case arrow.BINARY:
				if nd.spec != nil {
					return nil, errorf("", KindSchema, "", "binary bytes pass 2 GiB: use arrow.LargeBinary in the Spec")
				}
				dt = arrow.BinaryTypes.LargeBinary
			}
		} else {
			offs = castBytes(nd.off32)
		}
		d := array.NewData(dt, n, []*memory.Buffer{vbuf, memory.NewBufferBytes(offs), memory.NewBufferBytes(nd.bytes)}, nil, nulls, 0)
		defer d.Release()
		return array.MakeFromData(d), nil
	}
	d := array.NewData(dt, n, []*memory.Buffer{vbuf, memory.NewBufferBytes(data)}, nil, nulls, 0)
	defer d.Release()
	return array.MakeFromData(d), nil
}
