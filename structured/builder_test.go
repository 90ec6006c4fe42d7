package structured

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// TestBuilderEvents drives a Builder by hand, with every kind of event.
func TestBuilderEvents(t *testing.T) {
	b, err := NewBuilder(nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	steps := []func() error{
		b.BeginRecord,
		func() error { return b.Key("id") }, func() error { return b.Int(1) },
		func() error { return b.KeyBytes([]byte("name")) }, func() error { return b.StringBytes([]byte("ada")) },
		func() error { return b.Key("tags") }, b.BeginList,
		func() error { return b.String("x") }, func() error { return b.String("y") },
		b.EndList,
		func() error { return b.Key("when") }, func() error { return b.Time(ts) },
		func() error { return b.Key("day") }, func() error { return b.Date(arrow.Date32(19000)) },
		func() error { return b.Key("raw") }, func() error { return b.Bytes([]byte{0, 1}) },
		func() error { return b.Key("ok") }, func() error { return b.Bool(true) },
		func() error { return b.Key("u") }, func() error { return b.Uint(7) },
		func() error { return b.Key("f") }, func() error { return b.Float(0.5) },
		func() error { return b.Key("n") }, func() error { return b.Number([]byte("-12")) },
		b.EndRecord,
		b.BeginRecord, func() error { return b.Key("id") }, b.Null, b.EndRecord,
		b.Null,
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if b.NumRows() != 3 || b.Depth() != 0 {
		t.Fatalf("NumRows %d, Depth %d", b.NumRows(), b.Depth())
	}
	st, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	want := `?3 * {id: ?int64, name: ?string, tags: ?var * string, when: ?timestamp[us, tz=UTC], day: ?date32, raw: ?binary, ok: ?bool, u: ?int64, f: ?float64, n: ?int64}`
	if got := st.Spec().String(); got != want {
		t.Errorf("Spec\n got %s\nwant %s", got, want)
	}
	row0 := st.ToValue().([]any)[0].(map[string]any)
	wantRow := map[string]any{"id": int64(1), "name": "ada", "tags": []any{"x", "y"}, "when": ts, "day": arrow.Date32(19000),
		"raw": []byte{0, 1}, "ok": true, "u": int64(7), "f": 0.5, "n": int64(-12)}
	if !reflect.DeepEqual(row0, wantRow) {
		t.Errorf("row 0\n got %#v\nwant %#v", row0, wantRow)
	}
	if !st.IsNull(2) {
		t.Error("row 2 is not a null structure")
	}
}

// TestBuilderMisuse: events in the wrong place are errors, not panics,
// and the Builder stays failed.
func TestBuilderMisuse(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events func(b *Builder) error
		want   string
	}{
		{"Key outside a record", func(b *Builder) error { return b.Key("a") }, "Key at row 0 outside a record"},
		{"Key in a list", func(b *Builder) error { b.BeginList(); return b.Key("a") }, "Key at row 0 inside a list"},
		{"value without a Key", func(b *Builder) error { b.BeginRecord(); return b.Int(1) }, "without a Key before it"},
		{"two Keys", func(b *Builder) error { b.BeginRecord(); b.Key("a"); return b.Key("b") }, "after a Key without a value"},
		{"EndList for a record", func(b *Builder) error { b.BeginRecord(); return b.EndList() }, "EndList at row 0 without its BeginList"},
		{"EndRecord for a list", func(b *Builder) error { b.BeginList(); return b.EndRecord() }, "EndRecord at row 0 inside a list"},
		{"EndRecord after a Key", func(b *Builder) error { b.BeginRecord(); b.Key("a"); return b.EndRecord() }, "after a Key without a value"},
		{"EndRecord at the top", func(b *Builder) error { return b.EndRecord() }, "outside a record"},
		{"Finish inside a record", func(b *Builder) error { b.BeginRecord(); _, err := b.Finish(); return err }, "Finish with 1 records or lists open"},
		{"JSON text capture closed wrongly", func(b *Builder) error {
			for _, v := range []int64{1} {
				b.BeginRecord()
				b.Key("a")
				b.Int(v)
				b.EndRecord()
			}
			b.BeginRecord()
			b.Key("a")
			b.BeginList()
			return b.EndRecord()
		}, "got list at row 1, want int64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := Must(NewBuilder(nil))
			err := tc.events(b)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			if again := b.Int(1); again != err {
				t.Errorf("after the error, Int gave %v", again)
			}
			if _, ferr := b.Finish(); ferr != err {
				t.Errorf("Finish gave %v", ferr)
			}
		})
	}
	b := Must(NewBuilder(nil, WithConflicts(ConflictJSONText)))
	b.BeginRecord()
	b.Key("a")
	b.Int(1)
	b.EndRecord()
	b.BeginRecord()
	b.Key("a")
	b.BeginList()
	if err := b.EndRecord(); err == nil || !strings.Contains(err.Error(), "} at row 1 does not close the open [") {
		t.Errorf("JSON text capture: %v", err)
	}
}

// TestBuilderBatches: Finish starts a new batch with the same schema;
// values that do not fit it are errors naming the first batch.
func TestBuilderBatches(t *testing.T) {
	b := Must(NewBuilder(nil))
	if err := scanJSON(b, []byte(`{"a": 1, "s": {"x": "p"}} {"a": 2, "l": [1.5]}`)); err != nil {
		t.Fatal(err)
	}
	first := Must(b.Finish())
	if err := scanJSON(b, []byte(`{"a": null, "l": [2], "s": null}`)); err != nil {
		t.Fatal(err)
	}
	second := Must(b.Finish())
	s1, err1 := first.ArrowSchema()
	s2, err2 := second.ArrowSchema()
	if err1 != nil || err2 != nil || !s1.Equal(s2) {
		t.Fatalf("schemas differ:\n%v\n%v (%v %v)", s1, s2, err1, err2)
	}
	if got := jsonNorm(t, second.ToValue()); got != `[{"a":null,"l":[2],"s":null}]` {
		t.Errorf("second batch %s", got)
	}
	empty := Must(b.Finish())
	if empty.NumRows() != 0 || !reflect.DeepEqual(empty.FieldNames(), first.FieldNames()) {
		t.Errorf("empty batch: %d rows, fields %v", empty.NumRows(), empty.FieldNames())
	}
	err := scanJSON(b, []byte(`{"a": 3, "new": true}`))
	if err == nil || !strings.Contains(err.Error(), "not in the schema of the first batch") {
		t.Errorf("new key in a later batch: %v", err)
	}
	b = Must(NewBuilder(nil))
	scanJSON(b, []byte(`{"a": 1}`))
	b.Finish()
	if err := scanJSON(b, []byte(`{"a": "x"}`)); err == nil || !strings.Contains(err.Error(), "field a: got string at row 0, want int64 (from the schema of the first batch)") {
		t.Errorf("type change in a later batch: %v", err)
	}
}

// TestBuilderSpec: a Builder with a Spec checks and converts values, and
// its batches keep the Spec.
func TestBuilderSpec(t *testing.T) {
	spec := Must(ParseSpec(`var * {id: int32, tags: ?map<string, float64>, at: ?timestamp[ms]}`))
	b := Must(NewBuilder(spec))
	if err := scanJSON(b, []byte(`{"id": 1, "tags": {"a": 1, "b": 2.5}, "at": "2024-01-02T03:04:05Z"} {"id": 2}`)); err != nil {
		t.Fatal(err)
	}
	st := Must(b.Finish())
	if got := jsonNorm(t, st.ToValue()); got != `[{"at":"2024-01-02T03:04:05Z","id":1,"tags":{"a":1,"b":2.5}},{"at":null,"id":2,"tags":null}]` {
		t.Errorf("ToValue %s", got)
	}
	if !field(t, st, "tags").(*Tensor).IsMap() {
		t.Error("tags is not a map")
	}
	if err := scanJSON(b, []byte(`{"id": 3000000000}`)); err == nil || !strings.Contains(err.Error(), "out of range for int32") {
		t.Errorf("range check: %v", err)
	}
	if _, err := NewBuilder(Must(ParseSpec(`{a: int64}`))); err == nil {
		t.Error("a rank-0 Spec was accepted")
	}
}

// TestMapColumns: map columns survive Arrow, the Spec string and the
// array operations.
func TestMapColumns(t *testing.T) {
	st, err := buildJSON(t, `{"id": 1, "t": {"en": "hi", "fr": "salut", "de": "hallo"}} {"id": 2, "t": {"es": "hola"}} {"id": 3, "t": null} {"id": 4, "t": {}}`,
		WithMapThreshold(2))
	if err != nil {
		t.Fatal(err)
	}
	m := field(t, st, "t").(*Tensor)
	if !m.IsMap() || m.Rank() != 2 {
		t.Fatalf("t: IsMap %v, rank %d", m.IsMap(), m.Rank())
	}
	// Arrow both ways.
	arr := Must(st.ToArrow())
	defer arr.Release()
	mt, ok := arr.DataType().(*arrow.StructType).Field(1).Type.(*arrow.MapType)
	if !ok || mt.KeyType().ID() != arrow.STRING || mt.ItemType().ID() != arrow.STRING {
		t.Fatalf("ToArrow type %v", arr.DataType())
	}
	back, err := FromArrow(arr)
	if err != nil {
		t.Fatal(err)
	}
	if !Equal(back, st) {
		t.Errorf("FromArrow(ToArrow) differs:\n%v\n%v", back, st)
	}
	if _, ok := arr.(*array.Struct).Field(1).(*array.Map); !ok {
		t.Errorf("column is %T, want *array.Map", arr.(*array.Struct).Field(1))
	}
	// The Spec: string, parse, FromValueSpec.
	spec := st.Spec()
	if got := spec.String(); got != `4 * {id: int64, t: ?map<string, string>}` {
		t.Errorf("Spec %s", got)
	}
	parsed := Must(ParseSpec(spec.String()))
	if !parsed.Equal(spec) {
		t.Errorf("ParseSpec round trip: %s", parsed)
	}
	again, err := FromValueSpec(st.ToValue(), parsed)
	if err != nil {
		t.Fatal(err)
	}
	// Go maps have no order: the entries come back sorted by key.
	if !reflect.DeepEqual(again.ToValue(), st.ToValue()) || !again.Spec().Equal(spec) {
		t.Errorf("FromValueSpec(ToValue) differs:\n%v\n%v", again, st)
	}
	// Operations keep the map.
	for name, op := range map[string]func() (*Tensor, error){
		"Gather": func() (*Tensor, error) { return st.Gather([]int{3, 0}, 0) },
		"Slice":  func() (*Tensor, error) { return st.Slice(0, Span(1, 3)) },
		"Concat": func() (*Tensor, error) { return Concat(0, st, st) },
		"Mask":   func() (*Tensor, error) { return st.BooleanMask([]bool{true, false, true, true}) },
	} {
		out, err := op()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !field(t, out, "t").(*Tensor).IsMap() {
			t.Errorf("%s lost the map", name)
		}
		if _, err := out.ToArrow(); err != nil {
			t.Errorf("%s: ToArrow: %v", name, err)
		}
	}
	// A map equals only a map.
	plain := *m
	plain.isMap = false
	if Equal(m, &plain) {
		t.Error("a map equals a list of structures")
	}
}

// TestMapSpecErrors: Specs with malformed maps are errors.
func TestMapSpecErrors(t *testing.T) {
	for _, text := range []string{`var * {m: map<?string, int64>}`, `var * {m: map<string int64>}`, `var * {m: map<string, int64}`, `var * {m: map<{a: int64}, int64>}`} {
		if _, err := ParseSpec(text); err == nil {
			t.Errorf("ParseSpec(%s) took it", text)
		}
	}
	bad := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "m", Map: true, Dims: Shape{Unknown},
		Fields: []FieldSpec{{Name: "key", Type: arrow.PrimitiveTypes.Int64}, {Name: "value", Type: arrow.PrimitiveTypes.Int64}}}}}
	if _, err := FromValueSpec([]any{}, bad); !errors.Is(err, ErrType) {
		t.Errorf("int64 keys: %v", err)
	}
}

// TestMapColumnsReshape: map columns keep their kind through the
// operations that change ranks around them, and come back from Go.
func TestMapColumnsReshape(t *testing.T) {
	rows, err := buildJSON(t, `{"t": {"a": 1, "b": 2, "c": 3}} {"t": {"d": 4}} {"t": {}} {"t": null}`, WithMapThreshold(2))
	if err != nil {
		t.Fatal(err)
	}
	p := Must(PartitionFromLengths([]int{3, 1}))
	nested := Must(rows.PartitionOuterDimension(p))
	for name, op := range map[string]func() (Value, error){
		"PartitionOuterDimension": func() (Value, error) { return nested.Field("t") },
		"MergeDims":               func() (Value, error) { return Must(nested.MergeDims(0, 1)).Field("t") },
		"ExpandDims":              func() (Value, error) { return Must(rows.ExpandDims(1)).Field("t") },
		"Stack":                   func() (Value, error) { return Must(Stack(0, rows, rows)).Field("t") },
		"Index row":               func() (Value, error) { return rows.Index(0, "t") },
		"Index nested":            func() (Value, error) { return nested.Index(0, All, "t") },
	} {
		v, err := op()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m, ok := v.(*Tensor)
		if !ok || !m.IsMap() {
			t.Errorf("%s: %T is not a map (%v)", name, v, v)
		}
	}
	one := Must(rows.Index(0, "t")).(*Tensor)
	if got := jsonNorm(t, one.ToValue()); got != `{"a":1,"b":2,"c":3}` {
		t.Errorf("one map: %s", got)
	}
	entry := Must(rows.Index(0, "t", 1)).(*Tensor)
	if entry.IsMap() || jsonNorm(t, entry.ToValue()) != `{"key":"b","value":2}` {
		t.Errorf("one entry: map %v, %s", entry.IsMap(), jsonNorm(t, entry.ToValue()))
	}
}

// TestBuilderAllocs: the Builder's allocations grow with the columns, not
// with the values: ten times the rows cost a few more slice growths.
func TestBuilderAllocs(t *testing.T) {
	line := []byte(`{"id": 1, "name": "x", "tags": ["a", "b"], "s": {"f": 1.5, "g": [true]}}` + "\n")
	build := func(n int) func() {
		data := bytes.Repeat(line, n)
		return func() {
			b := Must(NewBuilder(nil))
			if err := scanJSON(b, data); err != nil {
				t.Fatal(err)
			}
			Must(b.Finish())
		}
	}
	small := testing.AllocsPerRun(3, build(1000))
	large := testing.AllocsPerRun(3, build(10000))
	t.Logf("allocations: %v for 1,000 rows, %v for 10,000", small, large)
	// 9 columns; each doubles about log2(10) more times.
	if large > small+9*5 {
		t.Errorf("allocations: %v for 1,000 rows, %v for 10,000", small, large)
	}
	if large > 400 {
		t.Errorf("allocations: %v for 10,000 rows", large)
	}
}

// TestMapColumnsToGo: a map column decodes into a Go map field (nil for
// a null map) and a Go map walks back into the same entries.
func TestMapColumnsToGo(t *testing.T) {
	rows, err := buildJSON(t, `{"t": {"a": 1, "b": 2, "c": 3}} {"t": {"d": 4}} {"t": null}`, WithMapThreshold(2))
	if err != nil {
		t.Fatal(err)
	}
	var out []struct {
		T map[string]int64 `structframe:"t"`
	}
	if err := rows.ToGo(&out); err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 || !reflect.DeepEqual(out[0].T, map[string]int64{"a": 1, "b": 2, "c": 3}) || !reflect.DeepEqual(out[1].T, map[string]int64{"d": 4}) || out[2].T != nil {
		t.Errorf("ToGo: %#v", out)
	}
	back, err := FromValue(out, WithMapThreshold(2))
	if err != nil {
		t.Fatal(err)
	}
	if !Equal(back, rows) {
		t.Errorf("FromValue(ToGo) differs:\n%v\n%v", back, rows)
	}
}

// TestMapColumnsWithSchema: a map column written with its Spec's Arrow
// schema (as an IPC writer wants) is an Arrow map of that schema.
func TestMapColumnsWithSchema(t *testing.T) {
	st, err := buildJSON(t, `{"t": {"a": 1, "b": 2, "c": 3}} {"t": {"d": 4}} {"t": null}`, WithMapThreshold(2))
	if err != nil {
		t.Fatal(err)
	}
	schema, err := Must(ParseSpec(`var * {t: ?map<string, ?int64>}`)).ArrowSchema()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := schema.Field(0).Type.(*arrow.MapType); !ok {
		t.Fatalf("schema type %v", schema.Field(0).Type)
	}
	rec, err := st.ToRecordBatchAs(schema)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	if !rec.Schema().Equal(schema) {
		t.Errorf("schema %v, want %v", rec.Schema(), schema)
	}
	back := Must(FromRecordBatch(rec))
	if !Equal(back, st) {
		t.Errorf("FromRecordBatch differs:\n%v\n%v", back, st)
	}
}

// TestMapColumnRankZero: the map field of a single structure has entries
// of any number, in its Spec as in the data.
func TestMapColumnRankZero(t *testing.T) {
	one, err := FromValue(map[string]any{"id": 1, "m": map[string]any{"a": 1.5, "b": 2.5, "c": 3.5}}, WithMapThreshold(2))
	if err != nil {
		t.Fatal(err)
	}
	spec := one.Spec()
	if got := spec.String(); got != `{id: int64, m: map<string, float64>}` {
		t.Errorf("Spec %s", got)
	}
	parsed := Must(ParseSpec(spec.String()))
	if !parsed.Equal(spec) {
		t.Errorf("ParseSpec round trip: %s", parsed)
	}
	back, err := FromValueSpec(one.ToValue(), parsed)
	if err != nil || !reflect.DeepEqual(back.ToValue(), one.ToValue()) {
		t.Errorf("FromValueSpec: %v\n%v", err, back)
	}
}

// TestBuilderReserve: a reserved batch holds the same rows, and its
// columns are not copied as they grow.
func TestBuilderReserve(t *testing.T) {
	line := []byte(`{"id": 1, "name": "xyz", "tags": ["a", "b"]}` + "\n")
	build := func(reserve bool) (*Tensor, float64) {
		var st *Tensor
		allocs := testing.AllocsPerRun(2, func() {
			b := Must(NewBuilder(nil))
			scanJSON(b, bytes.Repeat(line, 100))
			if reserve {
				b.Reserve(10000)
			}
			scanJSON(b, bytes.Repeat(line, 9900))
			st = Must(b.Finish())
		})
		return st, allocs
	}
	plain, a1 := build(false)
	reserved, a2 := build(true)
	if !Equal(plain, reserved) {
		t.Fatal("Reserve changed the rows")
	}
	if a2 >= a1 {
		t.Errorf("allocations with Reserve %v, without %v", a2, a1)
	}
}

// TestBuilderEventsView: the events given through Events are the
// Builder's own, its errors included.
func TestBuilderEventsView(t *testing.T) {
	var _ Events = (*Builder)(nil)
	b := Must(NewBuilder(nil))
	ev := b.Events()
	for _, err := range []error{ev.BeginRecord(), ev.Key("a"), ev.Int(1), ev.EndRecord(), b.BeginRecord(), b.Key("a"), b.Int(2), b.EndRecord()} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := b.NumRows(); n != 2 {
		t.Fatalf("%d rows", n)
	}
	ev.BeginRecord()
	ev.Key("a")
	err := ev.String("x")
	if err == nil || err != b.Err() || !errors.Is(err, ErrSchema) {
		t.Fatalf("error %v, Builder's %v", err, b.Err())
	}
	if _, ferr := b.Finish(); ferr != err {
		t.Errorf("Finish after the error: %v", ferr)
	}
}
