// Package structured implements StructuredTensor: a multi-dimensional
// collection of structures that share one schema, stored field-major.
//
// A [Tensor] of rank r holds, for every field, one value that covers all of
// its structures at once: a [Dense] leaf (an Arrow array plus a fixed inner
// shape), a [Ragged] leaf (an Arrow array plus [RowPartition]s), or a nested
// *Tensor. A field of a rank-r Tensor has shape [D1..Dr, ...]: its first r
// dimensions are the Tensor's own. Ragged dimensions are described by row
// partitions whose splits can alias the offsets of Arrow list arrays, so a
// rank-1 Tensor converts to and from an Arrow record batch without copying
// value buffers.
//
// A rank-1 Tensor is a table: fields are columns and index i is a row.
//
// Where to start:
//
//   - Build: [FromValue] from nested map[string]any / []any / Go scalars
//     (what encoding/json decodes) or Go structs with `structframe` tags;
//     [NewBuilder] from a stream of events (records, keys, lists,
//     scalars), the engine behind FromValue that readers drive straight
//     from their tokenizers;
//     [FromValueSpec] against an explicit [Spec]; [FromFields] from
//     existing values; [FromArrow] and [FromRecordBatch] over Arrow data.
//   - Read: [Tensor.Field] by path, [Tensor.Index] with ints, [Slice] values and
//     field names mixed (TensorFlow's st[3, "names", 0]), typed zero-copy
//     accessors on leaves ([Values] for every fixed-width type,
//     [Dense.Int64s], [Ragged.Float64s], ...) with their validity
//     ([Dense.Validity], a [Bitmap]), iterators for display and frames
//     ([Tensor.Rows], [Cells], [Tensor.FieldsSeq]) that do not allocate per
//     step, [Tensor.ToValue] and [Tensor.ToGo] back to Go values.
//   - Transform: [Tensor.WithUpdates], [Tensor.Promote], [Tensor.Broadcast],
//     [Tensor.Apply], [Tensor.MergeDims], [Tensor.PartitionOuterDimension],
//     [Concat], [Tensor.Gather], [Tensor.BooleanMask] and the other array
//     operations; [Tensor.TakeNullable] and [NullRows] for joins and
//     reindexing (index -1 is a null row). The same operations on a single
//     column: [TakeValue], [SliceValue], [ConcatValues], [MergeValueDims],
//     [FlattenRows].
//   - Write: [Tensor.ToArrow] and [Tensor.ToRecordBatch], or
//     [Tensor.ToRecordBatchAs] with a chosen schema (a Spec's
//     [Spec.ArrowSchema]) for writers that need one schema for every batch.
//   - Describe: [Tensor.Spec] prints as a type string such as
//     3 * {name: string, scores: var * float64}; [ParseSpec] reads one.
//
// Tensors are immutable and safe to share between goroutines. Every
// operation returns a new Tensor that shares the arrays of the fields it does
// not change. Slicing rows is O(1) whatever the number of rows: like
// Arrow's list arrays, a [RowPartition] may view a window of a larger
// splits buffer, so a slice shares splits as well as values.
//
// Memory lives as long as a value reads it, with no counting by users.
// [FromArrow], [FromRecordBatch], [NewDense], [NewScalar] and [NewRagged]
// take their own reference to every Arrow buffer they keep (the caller may
// Release its arrays at once) and hold it through a Go-managed stand-in
// buffer over the same bytes, which releases it, by runtime.AddCleanup,
// once no value can reach the stand-in. Derived values (Index, Slice,
// Gather, Concat, MergeDims, Promote, ...) share the stand-ins, so a
// derived value outlives the Tensor and arrays it came from, arrow-go's
// CheckedAllocator sees every byte come back once the values are dropped,
// and memory whose release unmaps a file is unmapped only when no value
// uses it ([FromMappedRecordBatch] does the same for the uncounted views
// arrow-go's mapped IPC reader gives). Release waits for a garbage
// collection; there is no Release method, as Tensors are shared freely
// between operations and goroutines.
// Arrays that [Tensor.ToArrow] and [Tensor.ToRecordBatch] return are the
// caller's to Release; they too keep their memory alive while reachable.
// Slices and strings handed out without copying ([Values], [Dense.Int64s],
// [Dense.Strings], [RowPartition.RowSplits32], [Bitmap.Bytes], and the
// strings of [Tensor.ToValue] and [Tensor.ToGo]) point into that memory
// without keeping it alive: memory from Go allocators stays valid
// regardless, but over other memory (C, a mapped file) keep the value
// reachable while using them (runtime.KeepAlive) or copy them. A small
// part of a big Tensor keeps all of its buffers alive: [Tensor.Clone]
// copies a value into fresh Go memory.
//
// Beyond TensorFlow, nulls are kept at every level: null leaves (Arrow
// validity), null lists (row partition validity) and null structures (Tensor
// validity). Integers are int64 and floats float64.
//
// Inference is made for real data, as pandas, Polars and DuckDB readers
// do it: the key sets of records at one path are unioned (a missing key is
// null), fields come in first-seen order (sorted for Go maps, which have
// no order), objects whose keys are data become map columns
// ([Tensor.IsMap], Arrow map<string, T>), integers beyond int64 become
// decimal128(38, 0) rather than rounded floats, and values of conflicting
// types are an error naming the path and the row, or their JSON text with
// [ConflictJSONText]. [Option]s change each rule.
//
// Arrow types. Leaves hold Arrow arrays of any type of the dtype table,
// and every operation (indexing, take, masks, Concat, Equal, ToValue,
// ToGo, Spec, ToArrow) accepts the same set. Fixed-width types are
// gathered by their byte width whatever their logical type, string_view
// and binary_view keep their data buffers, and dictionaries keep their
// dictionary (Concat unifies different dictionaries; Equal compares the
// values). ToValue (and ToGo into any) gives:
//
//	bool, intN, uintN, float32/64   bool, intN, uintN, float32/64
//	float16                         float32
//	string, large_string, view      string
//	binary, large_binary, view,     []byte (a copy)
//	fixed_size_binary
//	date32                          arrow.Date32
//	date64                          time.Time (UTC midnight)
//	timestamp                       time.Time (UTC)
//	time32, time64                  time.Duration since midnight
//	duration                        time.Duration
//	decimal32/64/128/256            string, the exact decimal ("-12.50")
//	month_interval                  arrow.MonthInterval
//	day_time_interval               arrow.DayTimeInterval
//	month_day_nano_interval         arrow.MonthDayNanoInterval
//	dictionary                      the value of its entry
//
// ToGo converts those further as it converts other values (a
// time.Duration field takes durations, a string field decimals, a float32
// or float64 field float16). [FromArrow] and [FromRecordBatch] decode a
// few layouts once at entry: extension types become their storage,
// run-end encoded arrays are expanded, list views become lists, and null
// list slots whose offsets span child items are emptied. Unions are
// refused.
//
// Nil values: as in Go generally, calling a method on a nil *Tensor,
// *Dense, *Ragged or *RowPartition panics (fmt prints them as <nil>), while
// a nil *Spec receiver and any nil argument (a value, partition, array,
// Spec or function, alone or in a list) give an error, false for Equal, or
// "<nil>" for String.
//
// Indices: methods with an error result report an index out of range as
// an ErrIndex error; those without one (IsNull) panic, as a slice index
// does, since the caller knows the range (Size, NumRows).
package structured
