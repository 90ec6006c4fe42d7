package structured

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// schemaRows are rows of schemaSpec: a non-nullable id, nullable ragged
// tags, a fixed-length pair and a list of structures.
func schemaRows() []any {
	return []any{
		map[string]any{"id": 1, "tags": []any{"a", nil}, "xy": []any{1.0, 2.0}, "docs": []any{map[string]any{"w": []any{1, 2}}}},
		map[string]any{"id": 2, "tags": nil, "xy": []any{3.0, 4.0}, "docs": []any{}},
		map[string]any{"id": 3, "tags": []any{}, "xy": []any{5.0, 6.0}, "docs": []any{map[string]any{"w": []any{}}, map[string]any{"w": []any{3}}}},
	}
}

const schemaSpec = "var * {id: int64, tags: ?var * string, xy: 2 * float64, docs: var * {w: var * int64}}"

// writeIPC writes batches with an IPC stream writer of the given schema and
// reads them back.
func writeIPC(t *testing.T, schema *arrow.Schema, recs ...arrow.RecordBatch) []*Tensor {
	t.Helper()
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(schema))
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatalf("ipc.Writer.Write: %v", err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := ipc.NewReader(&buf, ipc.WithAllocator(memory.NewGoAllocator()))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	var out []*Tensor
	for r.Next() {
		out = append(out, Must(FromRecordBatch(r.RecordBatch())))
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestToRecordBatchAsIPC writes Tensors of one Spec that differ in their
// splits' integer type (int64 from FromValueSpec, int32 after an Arrow
// round trip through list arrays, a window after slicing) through one IPC
// writer of the Spec's schema.
func TestToRecordBatchAsIPC(t *testing.T) {
	spec := Must(ParseSpec(schemaSpec))
	schema := Must(spec.ArrowSchema())
	built := Must(FromValueSpec(schemaRows(), spec))

	// The same rows read from Arrow list (int32) arrays.
	listType := arrow.StructOf(
		arrow.Field{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		arrow.Field{Name: "tags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
		arrow.Field{Name: "xy", Type: arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Float64)},
		arrow.Field{Name: "docs", Type: arrow.ListOf(arrow.StructOf(arrow.Field{Name: "w", Type: arrow.ListOf(arrow.PrimitiveTypes.Int64)}))},
	)
	narrow := Must(FromArrow(arwJSON(t, listType, `[
		{"id":1,"tags":["a",null],"xy":[1,2],"docs":[{"w":[1,2]}]},
		{"id":2,"tags":null,"xy":[3,4],"docs":[]},
		{"id":3,"tags":[],"xy":[5,6],"docs":[{"w":[]},{"w":[3]}]}]`)))
	if !narrow.Equal(built) {
		t.Fatalf("test data differ:\n%v\n%v", narrow, built)
	}
	if _, err := narrow.ToRecordBatch(); err != nil {
		t.Fatal(err)
	}
	// Without the schema, the two batches have different schemas.
	a, b := Must(built.ArrowSchema()), Must(narrow.ArrowSchema())
	if a.Equal(b) {
		t.Fatal("want the plain schemas to differ (large_list vs list)")
	}
	inputs := []*Tensor{built, narrow, Must(narrow.Slice(0, From(1))), Must(built.Slice(0, Span(1, 2)))}
	var recs []arrow.RecordBatch
	for _, in := range inputs {
		rec, err := in.ToRecordBatchAs(schema)
		if err != nil {
			t.Fatal(err)
		}
		defer rec.Release()
		if !rec.Schema().Equal(schema) {
			t.Errorf("batch schema %v\nwant %v", rec.Schema(), schema)
		}
		for _, col := range rec.Columns() {
			if err := array.ValidateFull(col); err != nil {
				t.Errorf("column %s: %v", col.DataType(), err)
			}
		}
		recs = append(recs, rec)
	}
	back := writeIPC(t, schema, recs...)
	if len(back) != len(inputs) {
		t.Fatalf("read %d batches, want %d", len(back), len(inputs))
	}
	for i, got := range back {
		if !got.Equal(inputs[i]) {
			t.Errorf("batch %d read back as %v\nwant %v", i, got, inputs[i])
		}
	}
}

func TestToRecordBatchAsCasts(t *testing.T) {
	spec := Must(ParseSpec(schemaSpec))
	st := Must(FromValueSpec(schemaRows(), spec))
	i64, str := arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String
	// Reordered fields, list instead of large_list, a fixed_size_list as a
	// list, and non-nullable lists elements where there is no null.
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "xy", Type: arrow.ListOfNonNullable(arrow.PrimitiveTypes.Float64)},
		{Name: "docs", Type: arrow.ListOfNonNullable(arrow.StructOf(arrow.Field{Name: "w", Type: arrow.LargeListOfNonNullable(i64)}))},
		{Name: "tags", Type: arrow.ListOf(str), Nullable: true},
		{Name: "id", Type: i64},
	}, nil)
	rec, err := st.ToRecordBatchAs(schema)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	if !rec.Schema().Equal(schema) {
		t.Errorf("schema %v", rec.Schema())
	}
	for i, f := range schema.Fields() {
		col := rec.Column(i)
		if err := array.ValidateFull(col); err != nil {
			t.Fatal(err)
		}
		want := Must(st.Field(f.Name)).ToValue()
		one := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{f}, nil), []arrow.Array{col}, rec.NumRows())
		if got := Must(Must(FromRecordBatch(one)).Field(f.Name)).ToValue(); !reflect.DeepEqual(got, want) {
			t.Errorf("column %s = %v, want %v", f.Name, got, want)
		}
		one.Release()
	}
	// Leaf buffers are shared.
	ids := Must(st.Field("id")).(*Dense).values.Data().Buffers()[1]
	if !sameMemory(rec.Column(3).Data().Buffers()[1], ids) {
		t.Error("the id column was copied")
	}
}

func TestToRecordBatchAsErrors(t *testing.T) {
	spec := Must(ParseSpec(schemaSpec))
	st := Must(FromValueSpec(schemaRows(), spec))
	schema := Must(spec.ArrowSchema())
	i64, str := arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String
	with := func(i int, f arrow.Field) *arrow.Schema {
		fs := append([]arrow.Field{}, schema.Fields()...)
		fs[i] = f
		return arrow.NewSchema(fs, nil)
	}
	huge := Must(FromFields([]FieldValue{{"n", Must(NewRagged(array.NewNull(3_000_000_000), Must(PartitionFromSplits([]int64{0, 3_000_000_000}))))}}, 1))
	for _, tc := range []struct {
		name   string
		st     *Tensor
		schema *arrow.Schema
		kind   error
	}{
		{"nil schema", st, nil, ErrSchema},
		{"missing field", st, arrow.NewSchema(schema.Fields()[:3], nil), ErrSchema},
		{"unknown field", st, with(0, arrow.Field{Name: "nope", Type: i64}), ErrSchema},
		{"leaf type", st, with(0, arrow.Field{Name: "id", Type: str}), ErrSchema},
		{"null tags not nullable", st, with(1, arrow.Field{Name: "tags", Type: arrow.LargeListOf(str)}), ErrSchema},
		{"null tag item not nullable", st, with(1, arrow.Field{Name: "tags", Type: arrow.LargeListOfNonNullable(str), Nullable: true}), ErrSchema},
		{"fixed size", st, with(2, arrow.Field{Name: "xy", Type: arrow.FixedSizeListOf(3, arrow.PrimitiveTypes.Float64)}), ErrSchema},
		{"list as leaf", st, with(1, arrow.Field{Name: "tags", Type: str, Nullable: true}), ErrSchema},
		{"struct field", st, with(3, arrow.Field{Name: "docs", Type: arrow.LargeListOf(arrow.StructOf(arrow.Field{Name: "v", Type: i64}))}), ErrSchema},
		{"rank 2", Must(st.PartitionOuterDimension(Must(PartitionFromSplits([]int64{0, 3})))), schema, ErrShape},
		{"null rows", Must(st.TakeNullable([]int{-1})), schema, ErrType},
		{"int32 overflow", huge, arrow.NewSchema([]arrow.Field{{Name: "n", Type: arrow.ListOf(arrow.Null), Nullable: true}}, nil), ErrShape},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := tc.st.ToRecordBatchAs(tc.schema)
			if !errors.Is(err, tc.kind) {
				t.Errorf("err %v, want %v", err, tc.kind)
			}
			if rec != nil {
				rec.Release()
			}
		})
	}
}

// TestToArrowAs casts a rank-2 Tensor to its Spec's Arrow type.
func TestToArrowAs(t *testing.T) {
	spec := Must(ParseSpec("?var * var * {a: int64, b: ?var * string}"))
	st := Must(FromValueSpec(windowRows(), spec))
	st = Must(st.Slice(0, From(1))) // windows of the splits
	dt := Must(Must(ParseSpec("?var * var * {a: int64, b: ?var * string}")).ArrowType())
	// As list (int32) too.
	narrowType := arrow.ListOf(arrow.StructOf(
		arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64},
		arrow.Field{Name: "b", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true}))
	for _, typ := range []arrow.DataType{dt, narrowType} {
		arr, err := st.ToArrowAs(typ)
		if err != nil {
			t.Fatal(err)
		}
		if !arrow.TypeEqual(arr.DataType(), typ) {
			t.Errorf("type %v, want %v", arr.DataType(), typ)
		}
		if err := array.ValidateFull(arr); err != nil {
			t.Fatal(err)
		}
		if back := Must(FromArrow(arr)); !back.Equal(st) {
			t.Errorf("FromArrow(ToArrowAs) = %v\nwant %v", back, st)
		}
		arr.Release()
	}
	if _, err := st.ToArrowAs(nil); !errors.Is(err, ErrSchema) {
		t.Errorf("nil type: err %v", err)
	}
}
