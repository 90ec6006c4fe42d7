package dtype

import (
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// Layout is how the items of a type sit in an array's buffers.
type Layout uint8

// The layouts. LayoutNone marks types that are not leaves (nested types,
// unions, extension and run-end encoded types, which are decoded at entry).
const (
	LayoutNone    Layout = iota // not a leaf type
	LayoutNull                  // Arrow null: no buffers
	LayoutBits                  // bit-packed booleans in buffer 1
	LayoutFixed                 // Width bytes per item in buffer 1
	LayoutOffsets               // offsets (Width 4 or 8) in buffer 1, bytes in buffer 2
	LayoutView                  // 16-byte views in buffer 1, data buffers from 2 on
	LayoutDict                  // indices (Width bytes) in buffer 1, plus a dictionary
)

// Class is what the items of a type mean, independent of their width.
type Class uint8

// The classes.
const (
	ClassNone       Class = iota // not a leaf type
	ClassNull                    // every item null
	ClassBool                    // true or false
	ClassSigned                  // int8 .. int64
	ClassUnsigned                // uint8 .. uint64
	ClassFloat                   // float16, float32, float64
	ClassDecimal                 // decimal32 .. decimal256: integers at a scale
	ClassDate                    // date32 (days), date64 (milliseconds) since the epoch
	ClassTime                    // time32, time64: a time of day
	ClassTimestamp               // an instant: a count of units since the epoch
	ClassDuration                // a count of units
	ClassInterval                // months, day-time or month-day-nano intervals
	ClassString                  // UTF-8 text (offsets or views)
	ClassBinary                  // bytes (offsets, views or fixed size)
	ClassDictionary              // indices into a dictionary of another class
	ClassNested                  // list, struct, map and their variants
)

// Storage is the Go type one item is stored as in buffer 1.
type Storage uint8

// The storages. The numeric ones come first, in the order gen/main.go
// lists them, so a storage is numeric when it is at most Float64.
const (
	StorageNone Storage = iota
	StorageInt8
	StorageInt16
	StorageInt32
	StorageInt64
	StorageUint8
	StorageUint16
	StorageUint32
	StorageUint64
	StorageFloat16
	StorageFloat32
	StorageFloat64
	StorageBool         // bit-packed
	StorageDayTime      // arrow.DayTimeInterval (two int32)
	StorageMonthDayNano // arrow.MonthDayNanoInterval
	StorageDecimal128   // decimal128.Num
	StorageDecimal256   // decimal256.Num
	StorageFixedBytes   // Width bytes
	StorageOffsets32    // int32 offsets and bytes
	StorageOffsets64    // int64 offsets and bytes
	StorageView         // arrow.ViewHeader
)

// Numeric reports whether s is an integer or float storage, the ones
// [Int64s], [Uint64s], [Float64s] and [Convert] read.
func (s Storage) Numeric() bool { return s >= StorageInt8 && s <= StorageFloat64 }

// Integer reports whether s is a signed or unsigned integer storage.
func (s Storage) Integer() bool { return s >= StorageInt8 && s <= StorageUint64 }

// Facts is one row of the table: what every operation needs to know of a
// type.
type Facts struct {
	ID      arrow.Type
	Layout  Layout
	Class   Class
	Storage Storage
	// Width is the bytes per item (LayoutFixed), per offset
	// (LayoutOffsets), per view (LayoutView) or per index (LayoutDict);
	// 0 for bits and null. Of fills the widths that depend on the type's
	// parameters (fixed_size_binary, dictionary indices).
	Width int
	// Rank orders the widths within a class (1 for 1 byte, 2 for 2, 3 for
	// 4, 4 for 8, 5 for 16, 6 for 32): a type widens to a type of its class
	// with a greater rank without losing a value.
	Rank int
	// Large reports 8-byte offsets (large_string, large_binary).
	Large bool
	// Unit is, for dates, times, timestamps and durations, the length of
	// one stored unit (Of fills it from the type's unit); 0 otherwise.
	Unit time.Duration
}

// Leaf reports whether a leaf of the module (a column's items) can hold
// the type.
func (f Facts) Leaf() bool { return f.Layout != LayoutNone }

// Integer reports whether the items are signed or unsigned integers.
func (f Facts) Integer() bool { return f.Class == ClassSigned || f.Class == ClassUnsigned }

// Numeric reports whether the items are integers or floats (decimals are
// not: they carry a scale).
func (f Facts) Numeric() bool { return f.Integer() || f.Class == ClassFloat }

// Temporal reports whether the items are dates, times, timestamps or
// durations: integers counting Unit.
func (f Facts) Temporal() bool {
	return f.Class == ClassDate || f.Class == ClassTime || f.Class == ClassTimestamp || f.Class == ClassDuration
}

// Text reports whether the items are strings or binaries held by offsets
// or views, read by [Bytes].
func (f Facts) Text() bool { return f.Layout == LayoutOffsets || f.Layout == LayoutView }

// rows is the table, indexed by type id. A row's Width is the fixed one;
// Of completes the rows whose facts depend on the type's parameters.
var rows = [...]Facts{
	arrow.NULL:                    {Layout: LayoutNull, Class: ClassNull},
	arrow.BOOL:                    {Layout: LayoutBits, Class: ClassBool, Storage: StorageBool},
	arrow.INT8:                    fixed(ClassSigned, StorageInt8, 1),
	arrow.INT16:                   fixed(ClassSigned, StorageInt16, 2),
	arrow.INT32:                   fixed(ClassSigned, StorageInt32, 4),
	arrow.INT64:                   fixed(ClassSigned, StorageInt64, 8),
	arrow.UINT8:                   fixed(ClassUnsigned, StorageUint8, 1),
	arrow.UINT16:                  fixed(ClassUnsigned, StorageUint16, 2),
	arrow.UINT32:                  fixed(ClassUnsigned, StorageUint32, 4),
	arrow.UINT64:                  fixed(ClassUnsigned, StorageUint64, 8),
	arrow.FLOAT16:                 fixed(ClassFloat, StorageFloat16, 2),
	arrow.FLOAT32:                 fixed(ClassFloat, StorageFloat32, 4),
	arrow.FLOAT64:                 fixed(ClassFloat, StorageFloat64, 8),
	arrow.DECIMAL32:               fixed(ClassDecimal, StorageInt32, 4),
	arrow.DECIMAL64:               fixed(ClassDecimal, StorageInt64, 8),
	arrow.DECIMAL128:              fixed(ClassDecimal, StorageDecimal128, 16),
	arrow.DECIMAL256:              fixed(ClassDecimal, StorageDecimal256, 32),
	arrow.DATE32:                  fixed(ClassDate, StorageInt32, 4),
	arrow.DATE64:                  fixed(ClassDate, StorageInt64, 8),
	arrow.TIME32:                  fixed(ClassTime, StorageInt32, 4),
	arrow.TIME64:                  fixed(ClassTime, StorageInt64, 8),
	arrow.TIMESTAMP:               fixed(ClassTimestamp, StorageInt64, 8),
	arrow.DURATION:                fixed(ClassDuration, StorageInt64, 8),
	arrow.INTERVAL_MONTHS:         fixed(ClassInterval, StorageInt32, 4),
	arrow.INTERVAL_DAY_TIME:       fixed(ClassInterval, StorageDayTime, 8),
	arrow.INTERVAL_MONTH_DAY_NANO: fixed(ClassInterval, StorageMonthDayNano, 16),
	arrow.FIXED_SIZE_BINARY:       {Layout: LayoutFixed, Class: ClassBinary, Storage: StorageFixedBytes},
	arrow.STRING:                  {Layout: LayoutOffsets, Class: ClassString, Storage: StorageOffsets32, Width: 4, Rank: 3},
	arrow.LARGE_STRING:            {Layout: LayoutOffsets, Class: ClassString, Storage: StorageOffsets64, Width: 8, Rank: 4, Large: true},
	arrow.STRING_VIEW:             {Layout: LayoutView, Class: ClassString, Storage: StorageView, Width: arrow.ViewHeaderSizeBytes, Rank: 5},
	arrow.BINARY:                  {Layout: LayoutOffsets, Class: ClassBinary, Storage: StorageOffsets32, Width: 4, Rank: 3},
	arrow.LARGE_BINARY:            {Layout: LayoutOffsets, Class: ClassBinary, Storage: StorageOffsets64, Width: 8, Rank: 4, Large: true},
	arrow.BINARY_VIEW:             {Layout: LayoutView, Class: ClassBinary, Storage: StorageView, Width: arrow.ViewHeaderSizeBytes, Rank: 5},
	arrow.DICTIONARY:              {Layout: LayoutDict, Class: ClassDictionary},
	arrow.LIST:                    {Class: ClassNested},
	arrow.LARGE_LIST:              {Class: ClassNested},
	arrow.FIXED_SIZE_LIST:         {Class: ClassNested},
	arrow.LIST_VIEW:               {Class: ClassNested},
	arrow.LARGE_LIST_VIEW:         {Class: ClassNested},
	arrow.STRUCT:                  {Class: ClassNested},
	arrow.MAP:                     {Class: ClassNested},
	arrow.SPARSE_UNION:            {},
	arrow.DENSE_UNION:             {},
	arrow.EXTENSION:               {},
	arrow.RUN_END_ENCODED:         {},
}

// fixed is a row of a fixed-width type of width bytes.
func fixed(c Class, s Storage, width int) Facts {
	return Facts{Layout: LayoutFixed, Class: c, Storage: s, Width: width, Rank: rankOf(width)}
}

// rankOf is the widening rank of a width in bytes: 1, 2, 3, 4, 5, 6 for
// 1, 2, 4, 8, 16, 32.
func rankOf(width int) int {
	r := 1
	for w := width; w > 1; w >>= 1 {
		r++
	}
	return r
}

func init() {
	for id := range rows {
		rows[id].ID = arrow.Type(id)
	}
}

// ByID returns the row of a type id, without the facts that depend on a
// type's parameters (fixed_size_binary's and dictionary indices' width,
// temporal units); the zero row's ID for ids the table does not know.
func ByID(id arrow.Type) Facts {
	if int(id) < 0 || int(id) >= len(rows) {
		return Facts{ID: id}
	}
	return rows[id]
}

// Of returns the facts of t. A dictionary's Layout is LayoutDict with its
// indices' Width and Storage; its values' facts are Of(ValueType). A
// dictionary whose values are not a leaf type, or are dictionaries
// themselves, has LayoutNone: a leaf cannot hold it.
func Of(t arrow.DataType) Facts {
	if t == nil {
		return Facts{}
	}
	f := ByID(t.ID())
	switch t := t.(type) {
	case *arrow.FixedSizeBinaryType:
		f.Width = t.ByteWidth
	case *arrow.DictionaryType:
		v := Of(t.ValueType)
		idx := ByID(t.IndexType.ID())
		if !v.Leaf() || v.Layout == LayoutDict || !idx.Integer() {
			return Facts{ID: f.ID, Class: ClassDictionary}
		}
		f.Width, f.Storage, f.Rank = idx.Width, idx.Storage, idx.Rank
	case arrow.TemporalWithUnit:
		f.Unit = t.TimeUnit().Multiplier()
	case *arrow.Date32Type:
		f.Unit = 24 * time.Hour
	case *arrow.Date64Type:
		f.Unit = time.Millisecond
	}
	return f
}

// ValueFacts returns the facts of the items a leaf of type t holds: Of(t),
// or for a dictionary Of(its value type).
func ValueFacts(t arrow.DataType) Facts {
	if d, ok := t.(*arrow.DictionaryType); ok {
		return Of(d.ValueType)
	}
	return Of(t)
}
