package structured

import "github.com/structframe/structframe/structured/internal/build"

// FromValueSpec builds a Tensor from nested Go values (as [FromValue] takes
// them) against an explicit Spec instead of inferring the schema
// (from_pyval with a typespec).
//
// Shape. The Spec's rank must match the depth of the maps: a rank-0 Spec
// takes a map, a rank-r Spec r levels of lists around maps. A fixed
// dimension of Spec.Shape requires lists of exactly that length and gives
// a uniform row partition; Unknown dimensions are ragged. An empty list
// with a rank-1 Spec gives 0 rows whose fields have the Spec's types.
//
// Fields. Fields come in the Spec's order. A key that is not in the Spec
// is an error. A missing key or a nil value is null if the field is
// Nullable, else an error. A field's Dims add its own dimensions: a fixed
// size requires lists of exactly that length (else an error naming path
// and row), Unknown allows any length. A leaf is stored dense (*Dense)
// when its parent's dimensions (beyond the outermost, the number of rows)
// and its Dims are all fixed, ragged (*Ragged, with uniform partitions for
// the fixed dimensions) otherwise; a nested structure gives a nested
// *Tensor whose row partitions follow the same rule. A null list of fixed
// length is a null row of its uniform row partition holding its length in
// null placeholder items, as Arrow's fixed_size_list does (the leaf is then
// ragged); a valid record lacking such a field has a null list there. A
// list field of a rank-0 structure cannot be null: its length is the
// field's number of rows. The Tensor's own structures and its lists below
// the outermost (a rank-r Spec's lists of depth 1 to r-1) may be null only
// if Spec.Nullable is set (a rank-0 Spec then takes nil for a null
// structure).
//
// Values are converted to the field's Arrow type or rejected with an
// ErrSchema error naming the path and row: integers to any integer type
// that holds them (range checked) and to floats; float64 values that are
// integral to integer types (JSON decodes every number as float64), range
// checked too; json.Number as a number; strings to String and Binary,
// []byte to Binary and String; strings in RFC 3339 form and time.Time to
// Timestamp (in the type's unit); "YYYY-MM-DD" strings, time.Time and
// arrow.Date32 to Date32; bool to Boolean; integers, floats and numeric
// strings to Decimal128 (at its scale, precision checked). Supported leaf
// types: Int8 to Int64, Uint8 to Uint64, Float32, Float64, Decimal128,
// String, LargeString, Binary, LargeBinary, Boolean, Timestamp, Date32 and
// Null. A map field ([FieldSpec.Map], map<string, T>) takes a map (a
// record whose keys are data): one entry per key. With ConflictJSONText
// a String field takes values of any kind as their JSON text.
//
// Go types FromValue does not read directly are first turned into maps,
// lists and scalars by reflection.
func FromValueSpec(v any, spec *Spec, opts ...Option) (*Tensor, error) {
	return fromValueSpec(v, spec, build.DefaultChunking, opts...)
}

func fromValueSpec(v any, spec *Spec, chunks build.Chunking, opts ...Option) (*Tensor, error) {
	const op = "FromValueSpec"
	if spec == nil {
		return nil, errorf(op, ErrSchema, "", "the Spec is nil")
	}
	if !build.ReadsDirectly(v) {
		rv, err := reflectValue(v, "")
		if err != nil {
			return nil, err
		}
		v = rv
	}
	rank := len(spec.Shape)
	switch x := v.(type) {
	case nil:
		if rank != 0 || !spec.Nullable {
			return nil, errorf(op, ErrType, "", "got nil: FromValueSpec builds a Tensor from a map or a list of maps")
		}
	case map[string]any:
		if rank != 0 {
			return nil, errorf(op, ErrSchema, "", "the Spec has rank %d but the value is a map (rank 0)", rank)
		}
	case []any, []map[string]any:
		if rank == 0 {
			return nil, errorf(op, ErrSchema, "", "the Spec has rank 0 (one structure) but the value is a list")
		}
		n := 0
		if l, ok := x.([]any); ok {
			n = len(l)
		} else {
			n = len(x.([]map[string]any))
		}
		if d := spec.Shape[0]; d != Unknown && d >= 0 && n != d {
			return nil, errorf(op, ErrSchema, "", "got a list of length %d, want length %d (from the Spec)", n, d)
		}
	default:
		want := "lists of maps"
		if rank == 0 {
			want = "a map"
		}
		return nil, errorf(op, ErrSchema, "", "got %T: the Spec has rank %d, wanting %s", v, rank, want)
	}
	col, err := build.Values(buildConfig(op, spec, makeOptions(opts), chunks), v)
	if err != nil {
		return nil, err
	}
	return assemble(col, 0, Unknown, nil).(*Tensor), nil
}
