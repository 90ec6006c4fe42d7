package display

import (
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestItems formats one item of each Arrow type a leaf may hold, typed
// once per column, and names its short dtype.
func TestItems(t *testing.T) {
	mem := memory.DefaultAllocator
	build := func(dt arrow.DataType, add func(b array.Builder)) arrow.Array {
		b := array.NewBuilder(mem, dt)
		defer b.Release()
		add(b)
		b.AppendNull()
		return b.NewArray()
	}
	dictType := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String}
	ts := time.Date(2024, 3, 1, 12, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		arr   arrow.Array
		want  string
		kind  itemKind
		dtype string
	}{
		{build(arrow.PrimitiveTypes.Int8, func(b array.Builder) { b.(*array.Int8Builder).Append(-8) }), "-8", kindNumber, "i8"},
		{build(arrow.PrimitiveTypes.Uint64, func(b array.Builder) { b.(*array.Uint64Builder).Append(1 << 63) }), "9223372036854775808", kindNumber, "u64"},
		{build(arrow.PrimitiveTypes.Float32, func(b array.Builder) { b.(*array.Float32Builder).Append(0.1) }), "0.1", kindNumber, "f32"},
		{build(arrow.FixedWidthTypes.Float16, func(b array.Builder) { b.(*array.Float16Builder).Append(float16.New(1.5)) }), "1.5", kindNumber, "f16"},
		{build(&arrow.Decimal128Type{Precision: 10, Scale: 2}, func(b array.Builder) {
			b.(*array.Decimal128Builder).Append(decimal128.FromI64(-1250))
		}), "-12.50", kindNumber, "decimal(10, 2)"},
		{build(arrow.FixedWidthTypes.Boolean, func(b array.Builder) { b.(*array.BooleanBuilder).Append(true) }), "true", kindOther, "bool"},
		{build(arrow.BinaryTypes.LargeString, func(b array.Builder) { b.(*array.LargeStringBuilder).Append("x") }), "x", kindText, "str"},
		{build(arrow.BinaryTypes.Binary, func(b array.Builder) { b.(*array.BinaryBuilder).Append([]byte{0xff, 0x01}) }), "0xff01", kindOther, "bin"},
		{build(arrow.BinaryTypes.Binary, func(b array.Builder) { b.(*array.BinaryBuilder).Append([]byte("hi")) }), `b"hi"`, kindOther, "bin"},
		{build(arrow.FixedWidthTypes.Date32, func(b array.Builder) { b.(*array.Date32Builder).Append(arrow.Date32FromTime(ts)) }), "2024-03-01", kindOther, "date"},
		{build(&arrow.TimestampType{Unit: arrow.Second, TimeZone: "UTC"}, func(b array.Builder) {
			b.(*array.TimestampBuilder).Append(arrow.Timestamp(ts.Unix()))
		}), "2024-03-01T12:30:00Z", kindOther, "datetime[s, UTC]"},
		{build(dictType, func(b array.Builder) {
			if err := b.(*array.BinaryDictionaryBuilder).AppendString("red"); err != nil {
				t.Fatal(err)
			}
		}), "red", kindText, "dict[str]"},
	} {
		it := newItems(c.arr, -1)
		if got := it.text(0); got != c.want || it.kind != c.kind {
			t.Errorf("%s item 0 = %q (kind %d), want %q (kind %d)", c.arr.DataType(), got, it.kind, c.want, c.kind)
		}
		if !it.null(1) || it.null(0) {
			t.Errorf("%s: nulls misread", c.arr.DataType())
		}
		if got := shortType(c.arr.DataType()); got != c.dtype {
			t.Errorf("shortType(%s) = %q, want %q", c.arr.DataType(), got, c.dtype)
		}
		c.arr.Release()
	}
}
