package parquet

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// kindColumns is one column of every kind a Frame holds, three rows each,
// nulls at every level where the kind has levels.
var kindColumns = []struct {
	name string
	dt   arrow.DataType
	json string
}{
	{"i8", arrow.PrimitiveTypes.Int8, `[1, null, -128]`},
	{"i16", arrow.PrimitiveTypes.Int16, `[1, null, -32768]`},
	{"i32", arrow.PrimitiveTypes.Int32, `[1, null, 2147483647]`},
	{"i64", arrow.PrimitiveTypes.Int64, `[1, null, -9223372036854775808]`},
	{"u8", arrow.PrimitiveTypes.Uint8, `[1, null, 255]`},
	{"u16", arrow.PrimitiveTypes.Uint16, `[1, null, 65535]`},
	{"u32", arrow.PrimitiveTypes.Uint32, `[1, null, 4294967295]`},
	{"u64", arrow.PrimitiveTypes.Uint64, `[1, null, 18446744073709551615]`},
	{"f16", arrow.FixedWidthTypes.Float16, `[1.5, null, -2]`},
	{"f32", arrow.PrimitiveTypes.Float32, `[1.5, null, -2.25]`},
	{"f64", arrow.PrimitiveTypes.Float64, `[1.5, null, 1e300]`},
	{"bool", arrow.FixedWidthTypes.Boolean, `[true, null, false]`},
	{"str", arrow.BinaryTypes.String, `["a", null, "ü"]`},
	{"lstr", arrow.BinaryTypes.LargeString, `["a", null, ""]`},
	{"bin", arrow.BinaryTypes.Binary, `["AQI=", null, ""]`},
	{"lbin", arrow.BinaryTypes.LargeBinary, `["AQI=", null, ""]`},
	{"fbin", &arrow.FixedSizeBinaryType{ByteWidth: 2}, `["AQI=", null, "AwQ="]`},
	{"date32", arrow.FixedWidthTypes.Date32, `["2024-01-02", null, "1970-01-01"]`},
	{"time32", arrow.FixedWidthTypes.Time32ms, `["10:11:12.345", null, "00:00:00"]`},
	{"time64", arrow.FixedWidthTypes.Time64us, `["10:11:12.345678", null, "00:00:00"]`},
	{"ts", &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "Europe/Paris"}, `["2024-01-02T03:04:05.000006Z", null, "1970-01-01T00:00:00Z"]`},
	{"tsns", arrow.FixedWidthTypes.Timestamp_ns, `[1704164645000000007, null, 0]`},
	{"dec", &arrow.Decimal128Type{Precision: 10, Scale: 2}, `["12.34", null, "-0.01"]`},
	{"dict", &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, `["x", null, "x"]`},
	{"ints", arrow.ListOf(arrow.PrimitiveTypes.Int64), `[[1, null, 3], null, []]`},
	{"nested", arrow.ListOf(arrow.ListOf(arrow.BinaryTypes.String)), `[[["a"], null, []], [null], null]`},
	{"llist", arrow.LargeListOf(arrow.PrimitiveTypes.Float64), `[[1.5], null, [null, 2]]`},
	{"rec", arrow.StructOf(arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true}, arrow.Field{Name: "b", Type: arrow.BinaryTypes.String, Nullable: true}),
		`[{"a": 1, "b": "x"}, null, {"a": null, "b": null}]`},
	{"recs", arrow.ListOf(arrow.StructOf(arrow.Field{Name: "n", Type: arrow.BinaryTypes.String, Nullable: true}, arrow.Field{Name: "tags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true})),
		`[[{"n": "a", "tags": ["t", null]}, null, {"n": null, "tags": null}], [], null]`},
	{"map", arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int64), `[[{"key": "a", "value": 1}, {"key": "b", "value": null}], null, []]`},
}

// kindFrame is a Frame of kindColumns.
func kindFrame(t testing.TB) *frame.Frame {
	t.Helper()
	fields := make([]arrow.Field, len(kindColumns))
	cols := make([]arrow.Array, len(kindColumns))
	for i, k := range kindColumns {
		a, _, err := array.FromJSON(memory.DefaultAllocator, k.dt, strings.NewReader(k.json))
		if err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
		defer a.Release()
		fields[i] = arrow.Field{Name: k.name, Type: k.dt, Nullable: true}
		cols[i] = a
	}
	rec := array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, 3)
	defer rec.Release()
	f := frame.FromRecordBatch(rec)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func roundTrip(t *testing.T, f *frame.Frame, opts ...Option) *frame.Frame {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, f, opts...); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(b.Bytes()), int64(b.Len()), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func assertFramesEqual(t *testing.T, name string, want, got *frame.Frame) {
	t.Helper()
	wt, err := want.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	gt, err := got.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	if !index.Equal(want.Index(), got.Index()) {
		t.Errorf("%s: index %v, want %v", name, got.Index(), want.Index())
	}
	if !wt.Equal(gt) {
		for _, c := range want.Columns() {
			w, _ := want.Column(c)
			g, err := got.Column(c)
			if err != nil {
				t.Errorf("%s: column %s: %v", name, c, err)
				continue
			}
			if !structured.Equal(w.Value(), g.Value()) {
				t.Errorf("%s: column %s: read back %v, want %v", name, c, g.Value(), w.Value())
			}
		}
		t.Errorf("%s: read back %s, want %s", name, gt.Spec(), wt.Spec())
	}
}

// TestRoundTripKinds: every column kind, nulls at every level, written
// with every codec and read back equal.
func TestRoundTripKinds(t *testing.T) {
	f := kindFrame(t)
	for _, c := range []Compression{Snappy, Zstd, Uncompressed, Gzip} {
		assertFramesEqual(t, f.Columns()[0], f, roundTrip(t, f, WithCompression(c)))
	}
}

// TestRoundTripIndex: a label index and a MultiIndex come back.
func TestRoundTripIndex(t *testing.T) {
	base := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome"}, []int64{2023, 2024, 2024}, []float64{11.5, 12.0, 17.5})
	for name, f := range map[string]*frame.Frame{"range": base, "label": base.SetIndex("year"), "multi": base.SetIndex("city", "year")} {
		back := roundTrip(t, f)
		assertFramesEqual(t, name, f, back)
		if name != "range" && back.Index().NumRows() != 3 {
			t.Errorf("%s: index %v", name, back.Index())
		}
	}
}

// TestRoundTripDecimalValue: a decimal reads back as the same number.
func TestRoundTripDecimalValue(t *testing.T) {
	back := roundTrip(t, kindFrame(t))
	c, err := back.Column("dec")
	if err != nil {
		t.Fatal(err)
	}
	l := c.Value().(structured.Leaf)
	got := l.Values().(*array.Decimal128).Value(0)
	if got != decimal128.FromI64(1234) {
		t.Errorf("dec[0] = %v, want 1234 (scale 2)", got)
	}
}

// TestDate64ReadsAsDate32: Parquet's DATE counts days, so a date64 column
// reads back as date32 of the same days (as pyarrow reads it).
func TestDate64ReadsAsDate32(t *testing.T) {
	a, _, err := array.FromJSON(memory.DefaultAllocator, arrow.FixedWidthTypes.Date64, strings.NewReader(`["2024-01-02", null]`))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "d", Type: a.DataType(), Nullable: true}}, nil), []arrow.Array{a}, 2)
	defer rec.Release()
	back := roundTrip(t, frame.FromRecordBatch(rec))
	c, err := back.Column("d")
	if err != nil {
		t.Fatal(err)
	}
	d, ok := c.Value().(structured.Leaf).Values().(*array.Date32)
	if !ok || d.Value(0) != arrow.Date32FromTime(arrow.Date64(1704153600000).ToTime()) || d.IsValid(1) {
		t.Errorf("read back %v", c.Value())
	}
}

// TestRoundTripEmpty: a Frame without rows comes back with its columns.
func TestRoundTripEmpty(t *testing.T) {
	f := kindFrame(t)
	empty := f.Head(0)
	back := roundTrip(t, empty)
	if back.NumRows() != 0 || strings.Join(back.Columns(), ",") != strings.Join(f.Columns(), ",") {
		t.Errorf("read back %d rows, columns %v", back.NumRows(), back.Columns())
	}
}

// TestWriteDurations: durations of every unit, at any depth (in a list of
// structures, a map's values, a list), with nulls, are written as their
// INT64 storage under a stored Arrow schema that says duration, as
// pyarrow writes them, and read back with their types and values.
func TestWriteDurations(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "s", Type: arrow.FixedWidthTypes.Duration_s, Nullable: true},
		{Name: "waits", Type: arrow.ListOf(arrow.StructOf(
			arrow.Field{Name: "d", Type: arrow.FixedWidthTypes.Duration_ns, Nullable: true},
			arrow.Field{Name: "who", Type: arrow.BinaryTypes.String, Nullable: true})), Nullable: true},
		{Name: "by_key", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.FixedWidthTypes.Duration_ms), Nullable: true},
		{Name: "laps", Type: arrow.LargeListOf(arrow.FixedWidthTypes.Duration_us), Nullable: true},
	}, nil)
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, schema, strings.NewReader(`[
		{"s": 5, "waits": [{"d": 1, "who": "a"}, {"d": null, "who": "b"}], "by_key": [{"key": "x", "value": 7}], "laps": [1, 2, null]},
		{"s": null, "waits": null, "by_key": null, "laps": []},
		{"s": -3, "waits": [], "by_key": [], "laps": null}
	]`))
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	f := frame.FromRecordBatch(rec)
	back := roundTrip(t, f)
	want, got := structured.Must(f.Data()), structured.Must(back.Data())
	if !got.Equal(want) {
		t.Errorf("read back:\n%v\nwant\n%v", got, want)
	}
	if gs, ws := got.Spec().String(), want.Spec().String(); gs != ws {
		t.Errorf("read back as %s, want %s", gs, ws)
	}
}

// TestWriteViews: string and binary views (Polars' strings in Arrow IPC)
// are written at any depth (a struct, a list of structures, a map's keys
// and values, a dictionary's values) and read back as strings and
// binaries holding the same values; long values (past the 12 bytes a view
// keeps inline) and nulls included. pqarrow writes no view type itself.
func TestWriteViews(t *testing.T) {
	long := strings.Repeat("long value ", 3)
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "sv", Type: arrow.BinaryTypes.StringView, Nullable: true},
		{Name: "bv", Type: arrow.BinaryTypes.BinaryView, Nullable: true},
		{Name: "rec", Type: arrow.StructOf(arrow.Field{Name: "name", Type: arrow.BinaryTypes.StringView, Nullable: true}), Nullable: true},
		{Name: "items", Type: arrow.ListOf(arrow.StructOf(arrow.Field{Name: "tag", Type: arrow.BinaryTypes.StringView, Nullable: true})), Nullable: true},
		{Name: "attrs", Type: arrow.MapOf(arrow.BinaryTypes.StringView, arrow.BinaryTypes.StringView), Nullable: true},
	}, nil)
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, schema, strings.NewReader(`[
		{"sv": "a", "bv": "AQI=", "rec": {"name": "`+long+`"}, "items": [{"tag": "x"}, {"tag": null}], "attrs": [{"key": "k", "value": "`+long+`"}]},
		{"sv": null, "bv": null, "rec": null, "items": null, "attrs": null},
		{"sv": "`+long+`", "bv": "", "rec": {"name": null}, "items": [], "attrs": [{"key": "`+long+`", "value": null}]}
	]`))
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	// A dictionary of string views, made by hand (JSON gives none).
	dictType := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.StringView}
	values, _, err := array.FromJSON(memory.DefaultAllocator, arrow.BinaryTypes.StringView, strings.NewReader(`["red", "`+long+`"]`))
	if err != nil {
		t.Fatal(err)
	}
	defer values.Release()
	idx, _, err := array.FromJSON(memory.DefaultAllocator, arrow.PrimitiveTypes.Int8, strings.NewReader(`[1, null, 0]`))
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Release()
	dict := array.NewDictionaryArray(dictType, idx, values)
	defer dict.Release()
	cols := append(rec.Columns(), dict)
	full := array.NewRecordBatch(arrow.NewSchema(append(schema.Fields(), arrow.Field{Name: "color", Type: dictType, Nullable: true}), nil), cols, rec.NumRows())
	defer full.Release()

	f := frame.FromRecordBatch(full)
	back := roundTrip(t, f)
	want, got := structured.Must(f.Data()).ToValue(), structured.Must(back.Data()).ToValue()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back:\n%v\nwant\n%v", got, want)
	}
	spec := back.Schema().String()
	for _, typ := range []string{"string_view", "binary_view"} {
		if strings.Contains(spec, typ) {
			t.Errorf("read back with %s: %s", typ, spec)
		}
	}
}

// TestWriteFrameOfPieces: a Frame joined from several (frame.Concat, or
// the record batches of a file) is written chunk by chunk, never joined,
// in row groups of the size asked whatever the chunks' sizes, and reads
// back equal.
func TestWriteFrameOfPieces(t *testing.T) {
	mk := func(lo, n int) *frame.Frame {
		ids := make([]int64, n)
		tags := make([][]string, n)
		for i := range ids {
			ids[i] = int64(lo + i)
			tags[i] = []string{"t"}[:i%2]
		}
		return frame.FromColumns([]string{"id", "tags"}, ids, tags)
	}
	f := frame.Concat(mk(0, 3), mk(3, 3), mk(6, 4))
	var b bytes.Buffer
	if err := Write(&b, f, WithRowGroupRows(4)); err != nil {
		t.Fatal(err)
	}
	if chunks, err := f.ColumnChunks("id"); err != nil || len(chunks) != 3 {
		t.Errorf("writing joined id: %d chunks (%v)", len(chunks), err)
	}
	meta, err := ReadStats(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int64
	for _, g := range meta.RowGroups {
		sizes = append(sizes, g.NumRows)
	}
	if !reflect.DeepEqual(sizes, []int64{4, 4, 2}) {
		t.Errorf("row groups of %v rows, want 4, 4, 2", sizes)
	}
	back, err := Read(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if !structured.Must(back.Data()).Equal(structured.Must(f.Data())) {
		t.Errorf("read back other values")
	}
}

// TestWriteOfPiecesFailsWhole: a frame whose later piece cannot be
// written (null rows) gives the error of the whole frame and writes
// nothing; a list piece joined with a large_list piece is written.
func TestWriteOfPiecesFailsWhole(t *testing.T) {
	const n = 1 << 14 // a chunk of its own (structured.Tensor.RowChunks)
	g := frame.FromColumns([]string{"a"}, make([]int64, n))
	h := frame.FromTensor(structured.Must(structured.FromValue([]any{nil, map[string]any{"a": 3}})))
	var b bytes.Buffer
	err := Write(&b, frame.Concat(g, h))
	if err == nil || b.Len() != 0 {
		t.Errorf("Write gave %v and %d bytes, want an error and nothing written", err, b.Len())
	}
	lb := array.NewListBuilder(memory.DefaultAllocator, arrow.PrimitiveTypes.Int64)
	defer lb.Release()
	lb.Append(true)
	lb.ValueBuilder().(*array.Int64Builder).Append(1)
	l := lb.NewArray()
	defer l.Release()
	rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "l", Type: l.DataType(), Nullable: true}}, nil), []arrow.Array{l}, 1)
	defer rec.Release()
	mixed := frame.Concat(frame.FromRecordBatch(rec), frame.FromColumns([]string{"l"}, [][]int64{{2, 3}}))
	b.Reset()
	if err := Write(&b, mixed); err != nil {
		t.Fatalf("list and large_list pieces: %v", err)
	}
	if back := roundTrip(t, mixed); back.NumRows() != 2 {
		t.Errorf("read back %d rows", back.NumRows())
	}
}
