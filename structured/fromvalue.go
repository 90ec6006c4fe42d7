package structured

import "github.com/structframe/structframe/structured/internal/build"

// FromValue builds a Tensor from nested Go values: map[string]any for
// structures, []any for lists and Go scalars for leaves, the shape
// encoding/json produces when decoding into an `any` (TensorFlow's
// StructuredTensor.from_pyval). It infers the schema in one pass.
//
// Shape. A map gives a rank-0 Tensor (one structure). A list of maps gives
// a rank-1 Tensor (a table, one row per map); lists of lists of maps give
// rank >= 2, the rank being the list depth above the maps. The row
// partitions of a rank >= 2 Tensor come from the list lengths (int64
// splits, never uniform, even for rectangular lists) and are shared, as
// the same *RowPartition values, by every field. Empty lists are empty
// rows: [[], [{"a": 1}]] has shape [2, var]. Maps at different depths
// ([{}, [{}]]) and a scalar where a list of maps is expected ([[{}], 5])
// are errors.
//
// Fields. Map keys are the field names: any string ("first name", "_"
// and "" are fine: an empty key is valid JSON and a legal Arrow field
// name). The key sets of the records at
// one path are unioned: a key missing from a record is null there, so
// [{"a": 1, "c": 2}, {"a": 3, "b": 4}] gives the fields a, b and c, and
// [{"c": {"x": 1}}, {"c": {"y": 1}}] a structure c with the fields x and
// y. [WithStrictKeys] makes records with different keys an error naming
// the path, the row and the keys that differ. Fields of structures read
// from Go maps are sorted by name, as Go maps have no order; Go structs
// keep their field order, and the [Builder] (which the JSON reader
// drives) keeps the order in which keys first appear.
//
// Maps. Records whose keys are data rather than names (language codes,
// IDs, dates) become a map column (an Arrow map<string, T>, [Tensor.IsMap])
// once their path has more than [DefaultMapThreshold] distinct keys (see
// [WithMapThreshold]), or when the input ends with keys that each appear
// in fewer than [DefaultMapAppearance] of the path's records on average
// (see [WithMapAppearance]), and their values share one type; ToValue
// gives each map back as a map[string]any holding only the keys its
// record had.
//
// Field kinds. A field's rank counts the Tensor's own dimensions: in a
// rank-1 Tensor a per-row scalar is rank 1 and a per-row list rank 2.
// A leaf field of rank <= 1 is a *Dense; of rank >= 2 a *Ragged whose
// inner dimensions are all ragged, even when rectangular. So a list is a
// *Dense [k] in a rank-0 Tensor, a per-row list a *Ragged [n, var] in a
// rank-1 Tensor, and every leaf of a rank >= 2 Tensor is ragged. A map
// gives a nested *Tensor of its parent's rank, a list of maps one of the
// parent's rank + 1 (and so on for deeper lists).
//
// Leaf types. Go integers of every width and unsigned ones become int64;
// float32 and float64 become float64; a json.Number is int64 if it is an
// integer that fits, float64 if it has a fraction or exponent; string
// gives an Arrow String, []byte Binary, bool Boolean, time.Time
// Timestamp(microsecond, "UTC") and arrow.Date32 Date32. The typed slices
// []any, []map[string]any, []string, []int64, []int, []float64 and []bool
// are read directly as lists; other Go types (structs, pointers, other
// slices and maps) are walked by reflection (see the structframe struct
// tags), at the top level as well as nested.
//
// No digits are lost. An integer beyond int64 (a uint64 or a json.Number)
// makes its field a decimal128(38, 0), which holds every integer of up to
// 38 digits exactly, the smaller integers of the field included; a longer
// one is an error. Ints and floats in one field give float64 only if
// every integer is exact as a float64 (up to 2^53, and beyond it those
// float64 can hold); otherwise it is an error naming the integer. Other
// values that differ within one field are a conflict: an ErrSchema error
// naming the path and row, such as two dtypes ([{"a": 1}, {"a":
// "hello"}]: "field a: got string at row 1, want int64 (first seen at row
// 0)"), two ranks ([{"b": [1, 2, 3]}, {"b": [[1, 2], [3, 4]]}], or {"a":
// [1, []]}), a scalar and a structure, or a structure and a list of
// structures. With [WithConflicts](ConflictJSONText) such a field becomes
// a string column holding each value's JSON text instead. A field that
// has only seen nulls and empty lists has Arrow type Null and takes the
// type of whatever comes later.
//
// Nulls are kept at every level: nil as a scalar is a null item (Arrow
// validity), nil where a list is expected a null list (an empty row marked
// null in its RowPartition), nil where a structure is expected (as in
// [{"a": 1}, nil]) a null structure of the Tensor. A nil map or slice is
// a null, as encoding/json would write it. ToValue gives nil back.
//
// Lists without maps. Lists holding only (nested) empty lists and nulls
// give a Tensor with no fields whose rank is the list depth ([] is rank 1
// with 0 rows, [[], []] rank 2 with two empty rows, [nil] rank 1 with one
// null structure), so ToValue gives them back. A list holding scalars and
// no maps is an ErrType error telling to use [ValueOf]; so is a top-level
// scalar, and a top-level nil.
//
// Cost. FromValue walks the values into a [Builder]: one pass fills a
// column per field path, Go slices that become the Arrow buffers without a
// copy, so allocations grow with the number of columns, not of values. A
// long top-level list is read in chunks on up to GOMAXPROCS goroutines (at
// most 8; see [WithParallelism]) and the columns are then joined; the
// result, and any error, are the same as in one pass.
//
// Errors. FromValue never panics on its input. Its errors are *Error
// values naming the field path (list positions below the rows included,
// as in "ingredients[3].amount") and the row, and wrap ErrSchema (values
// that do not share one schema), ErrType (Go values that cannot be
// converted), for errors.Is.
//
// Round trip: FromValue(v).ToValue() deep-equals v for every value
// FromValue accepts, with these exceptions: a key missing from some
// records comes back present with a nil value (in a map column it stays
// missing); ints come back as int64, typed slices as []any, times in UTC
// at microsecond precision, integers beyond int64 as exact decimal
// strings ("18446744073709551616"), and conflicting values under
// ConflictJSONText as their JSON text.
//
// Options: [WithStrictKeys], [WithMapThreshold], [WithMapAppearance],
// [WithConflicts], [WithParallelism], [WithFieldOrder].
func FromValue(v any, opts ...Option) (*Tensor, error) {
	return fromValue(v, build.DefaultChunking, opts...)
}

func fromValue(v any, chunks build.Chunking, opts ...Option) (*Tensor, error) {
	const op = "FromValue"
	o := makeOptions(opts)
	if !build.ReadsDirectly(v) {
		return fromReflect(op, v, o)
	}
	switch v.(type) {
	case nil:
		return nil, errorf(op, ErrType, "", "got nil: FromValue builds a Tensor from a map or a list of maps")
	case map[string]any, []any, []map[string]any, []string, []int64, []int, []float64, []bool:
	default:
		return nil, errorf(op, ErrType, "", "got a %T scalar: FromValue builds a Tensor from a map or a list of maps; use ValueOf for scalars", v)
	}
	col, err := build.Values(buildConfig(op, nil, o, chunks), v)
	if err != nil {
		return nil, err
	}
	return assemble(col, 0, Unknown, nil).(*Tensor), nil
}

// ValueOf converts nested Go values to a Value, choosing the kind the way
// TensorFlow's from_pyval does: a scalar gives a rank-0 *Dense, a flat list
// of scalars a *Dense vector, lists of scalars nested two or more deep a
// *Ragged whose inner dimensions are all ragged (even when rectangular),
// and anything holding maps a *Tensor, exactly as [FromValue] builds it.
// Types, widening, nulls, options and errors follow FromValue's rules. An
// empty list is a *Dense of Arrow type Null and length 0, [[], []] a
// *Ragged of type Null and shape [2, var], nil a rank-0 *Dense holding one
// null.
func ValueOf(v any, opts ...Option) (Value, error) {
	const op = "ValueOf"
	if !build.ReadsDirectly(v) {
		rv, err := reflectValue(v, "")
		if err != nil {
			return nil, err
		}
		if !build.ReadsDirectly(rv) {
			return nil, errorf(op, ErrType, "", "cannot convert Go type %T (reflection gave %T)", v, rv)
		}
		val, err := ValueOf(rv, opts...)
		if _, ok := val.(*Tensor); ok && err == nil {
			// Structures: build them as FromValue does for this Go type.
			return fromReflect(op, v, makeOptions(opts))
		}
		return val, err
	}
	col, err := build.ValueOf(buildConfig(op, nil, makeOptions(opts), build.DefaultChunking), v)
	if err != nil {
		return nil, err
	}
	return assemble(col, 0, Unknown, nil), nil
}
