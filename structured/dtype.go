package structured

import (
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// The dtype table (internal/dtype): for every Arrow type a leaf may hold,
// how its items are laid out, which decides how every operation handles
// them (type checks, take/gather, boolean masks, concat, Equal,
// ToValue/ToGo, the Spec's type names, ToArrow). Operations ask dtype.Of
// instead of switching on types each in its own way, so they all accept
// the same set of types.
//
//	layout      types                                         gathered by
//	null        null                                          length only
//	bits        bool                                          bit copy
//	fixed       int8..uint64, float16/32/64, date32/64,       byte width (1, 2, 4, 8,
//	            time32/64, timestamp, duration, intervals,    16, 32 or any for
//	            decimal32/64/128/256, fixed_size_binary       fixed_size_binary)
//	offsets     string, binary (int32 offsets), large_string, offsets + bytes
//	            large_binary (int64 offsets)
//	view        string_view, binary_view                      16-byte views; the
//	                                                          data buffers are shared
//	dictionary  dictionary<leaf> with any integer indices     indices; the dictionary
//	                                                          is shared
//
// Types read only at entry ([FromArrow], [FromRecordBatch]) and decoded
// there once: extension types (their storage), run-end encoded (expanded to
// its values' type), list_view and large_list_view (to list and
// large_list). Nested types (list, struct, map) are dimensions and
// structures, not leaves; unions are refused.

// newLeafData builds the data of a leaf array of like's type over new
// buffers (length n, nulls nulls, offset off), carrying like's dictionary
// when it has one: every leaf built from another goes through it, so no
// dictionary array is ever made without its dictionary.
func newLeafData(like arrow.ArrayData, n int, bufs []*memory.Buffer, nulls, off int) *array.Data {
	if dict := like.Dictionary(); dict != nil {
		return array.NewDataWithDictionary(like.DataType(), n, bufs, nulls, off, dict.(*array.Data))
	}
	return array.NewData(like.DataType(), n, bufs, like.Children(), nulls, off)
}

// leafTypesText lists the leaf types for error messages.
const leafTypesText = "leaves hold bool, integers, floats (float16 to float64), decimals, strings, binaries " +
	"(offsets, views, fixed size), dates, times, timestamps, durations, intervals, dictionaries of those, or null; " +
	"nesting is list, large_list, fixed_size_list or struct"

// checkLeafType reports an ErrType error naming path unless the dtype
// table has t as a leaf type. Other types (unions, nested dictionaries)
// and nested types a leaf cannot hold (list, struct) are refused, so that
// every Tensor ToArrow accepts converts back with FromArrow.
func checkLeafType(op, path string, t arrow.DataType) error {
	if dtype.Of(t).Leaf() {
		return nil
	}
	return errorf(op, ErrType, path, "Arrow type %s is not supported (%s)", t, leafTypesText)
}

// itemReader returns, for an array of a leaf type, the function giving
// item i as the Go value ToValue documents (nil for a null item); the
// table of Go types is dtype.Reader's.
func itemReader(a arrow.Array) func(i int) any { return dtype.Reader(a) }

// scalarAt returns item i of an Arrow array as a Go value, nil if null
// (see itemReader; for many items, call itemReader once).
func scalarAt(a arrow.Array, i int) any { return itemReader(a)(i) }
