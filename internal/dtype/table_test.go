package dtype

import (
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// sampleTypes has one type of every id the table holds a leaf for.
var sampleTypes = []arrow.DataType{
	arrow.Null, arrow.FixedWidthTypes.Boolean,
	arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
	arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
	arrow.FixedWidthTypes.Float16, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64,
	&arrow.Decimal32Type{Precision: 9, Scale: 2}, &arrow.Decimal64Type{Precision: 18, Scale: 2},
	&arrow.Decimal128Type{Precision: 38, Scale: 2}, &arrow.Decimal256Type{Precision: 76, Scale: 2},
	arrow.FixedWidthTypes.Date32, arrow.FixedWidthTypes.Date64,
	arrow.FixedWidthTypes.Time32ms, arrow.FixedWidthTypes.Time64ns,
	arrow.FixedWidthTypes.Timestamp_us, arrow.FixedWidthTypes.Duration_s,
	arrow.FixedWidthTypes.MonthInterval, arrow.FixedWidthTypes.DayTimeInterval, arrow.FixedWidthTypes.MonthDayNanoInterval,
	&arrow.FixedSizeBinaryType{ByteWidth: 5},
	arrow.BinaryTypes.String, arrow.BinaryTypes.LargeString, arrow.BinaryTypes.StringView,
	arrow.BinaryTypes.Binary, arrow.BinaryTypes.LargeBinary, arrow.BinaryTypes.BinaryView,
	&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String},
}

// TestTableAgreesWithArrow checks every leaf row against arrow-go's own
// description of the type: its buffers' layout and bit width, and its
// integer, float and signedness predicates.
func TestTableAgreesWithArrow(t *testing.T) {
	for _, dt := range sampleTypes {
		f := Of(dt)
		if !f.Leaf() || f.ID != dt.ID() {
			t.Errorf("%s: Of = %+v, want a leaf row of id %s", dt, f, dt.ID())
			continue
		}
		if fw, ok := dt.(arrow.FixedWidthDataType); ok && f.Layout == LayoutFixed && fw.BitWidth() != 8*f.Width {
			t.Errorf("%s: width %d bytes, arrow says %d bits", dt, f.Width, fw.BitWidth())
		}
		if got, want := f.Class == ClassSigned, arrow.IsSignedInteger(dt.ID()); got != want {
			t.Errorf("%s: signed %v, arrow %v", dt, got, want)
		}
		if got, want := f.Class == ClassUnsigned, arrow.IsUnsignedInteger(dt.ID()); got != want {
			t.Errorf("%s: unsigned %v, arrow %v", dt, got, want)
		}
		if got, want := f.Class == ClassFloat, arrow.IsFloating(dt.ID()); got != want {
			t.Errorf("%s: float %v, arrow %v", dt, got, want)
		}
		if got, want := f.Class == ClassDecimal, arrow.IsDecimal(dt.ID()); got != want {
			t.Errorf("%s: decimal %v, arrow %v", dt, got, want)
		}
		want := map[Layout]int{LayoutNull: 0, LayoutBits: 2, LayoutFixed: 2, LayoutOffsets: 3, LayoutView: 3, LayoutDict: 2}[f.Layout]
		if got := len(dt.Layout().Buffers); f.Layout != LayoutNull && got != want && !(f.Layout == LayoutView && got >= 2) {
			t.Errorf("%s: layout %d has %d buffers in arrow, want %d", dt, f.Layout, got, want)
		}
		if f.Layout == LayoutFixed && f.Storage == StorageNone {
			t.Errorf("%s: fixed width without storage", dt)
		}
	}
}

func TestOfParameters(t *testing.T) {
	tests := []struct {
		dt    arrow.DataType
		width int
		unit  time.Duration
		rank  int
	}{
		{&arrow.FixedSizeBinaryType{ByteWidth: 5}, 5, 0, 0},
		{&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String}, 2, 0, 2},
		{arrow.FixedWidthTypes.Date32, 4, 24 * time.Hour, 3},
		{arrow.FixedWidthTypes.Date64, 8, time.Millisecond, 4},
		{arrow.FixedWidthTypes.Timestamp_s, 8, time.Second, 4},
		{arrow.FixedWidthTypes.Time32ms, 4, time.Millisecond, 3},
		{arrow.FixedWidthTypes.Duration_ns, 8, time.Nanosecond, 4},
		{arrow.PrimitiveTypes.Int8, 1, 0, 1},
		{&arrow.Decimal256Type{Precision: 76}, 32, 0, 6},
	}
	for _, tt := range tests {
		f := Of(tt.dt)
		if f.Width != tt.width || f.Unit != tt.unit || f.Rank != tt.rank {
			t.Errorf("%s: width %d unit %s rank %d, want %d %s %d", tt.dt, f.Width, f.Unit, f.Rank, tt.width, tt.unit, tt.rank)
		}
	}
}

func TestNotLeaves(t *testing.T) {
	for _, dt := range []arrow.DataType{
		arrow.ListOf(arrow.PrimitiveTypes.Int64), arrow.StructOf(), arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int64),
		arrow.SparseUnionOf(nil, nil), arrow.RunEndEncodedOf(arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64),
		&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.ListOf(arrow.PrimitiveTypes.Int64)},
		&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}},
		nil,
	} {
		if f := Of(dt); f.Leaf() {
			t.Errorf("%v: a leaf (%+v)", dt, f)
		}
	}
	if f := ByID(arrow.Type(200)); f.Leaf() || f.ID != 200 {
		t.Errorf("unknown id: %+v", f)
	}
}
