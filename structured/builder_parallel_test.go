package structured

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured/internal/build"
)

var (
	onePass  = build.Chunking{MinRows: 1 << 62}
	inChunks = build.Chunking{MinRows: 1, Most: 4}
)

// sameBuild checks that building in chunks gives what one pass gives: the
// same Tensor, or the same error.
func sameBuild(t *testing.T, name string, run func(build.Chunking) (*Tensor, error)) {
	t.Helper()
	want, werr := run(onePass)
	got, gerr := run(inChunks)
	switch {
	case werr != nil || gerr != nil:
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Errorf("%s: in chunks: %v\none pass: %v", name, gerr, werr)
		}
	case !got.Equal(want) || got.String() != want.String() || !reflect.DeepEqual(got.ToValue(), want.ToValue()):
		t.Errorf("%s: in chunks:\n%v\none pass:\n%v", name, got, want)
	default:
		for i, p := range got.RowPartitions() {
			if p.DType().ID() != want.RowPartitions()[i].DType().ID() {
				t.Errorf("%s: partition %d dtype differs", name, i)
			}
		}
	}
}

// TestFromValueChunks builds rows in up to four chunks and compares with
// one pass, for values whose chunks disagree in every way that can be
// merged (and some that cannot).
func TestFromValueChunks(t *testing.T) {
	inputs := []string{
		`[{"a": 1}, {"a": 2}, {"a": 3}, {"a": 4}, {"a": 5}]`,
		`[{"a": null}, {"a": null}, {"a": 1}, {"a": 2.5}, {"a": null}]`,
		`[{"a": 1.5}, {"a": 2}, {"a": null}, {"b": "x"}, {"a": 7, "b": null}]`,
		`[{"s": "x"}, {"s": null}, {"s": ""}, {"s": "héllo"}, {"s": "y"}, {"s": "zz"}]`,
		`[{"b": true}, {"b": false}, {"b": null}, {"b": true}, {"b": true}, {"b": false}, {"b": true}, {"b": true}, {"b": false}]`,
		`[{"l": []}, {"l": null}, {"l": [1, null]}, {"l": [[1]]}]`,
		`[{"l": []}, {"l": null}, {"l": [1, null]}, {"l": [2.5]}, {"l": []}]`,
		`[{"l": null}, {"l": null}, {"l": [[1], null, []]}, {"l": [[]]}]`,
		`[{"c": null}, {"c": {"x": 1}}, {"c": {"x": 2, "y": [1]}}, {"c": {"y": []}}, {}]`,
		`[{"c": {"x": 1}}, {"c": {"y": 1}}, {"c": {"x": 1}}, {"c": {"x": 1}}]`,
		`[{"a": 1}, {"a": 1}, {"a": "x"}, {"a": 1}]`,
		`[{"a": 1}, {"a": 1}, {"a": 1}, {"a": [1]}]`,
		`[{"a": {"b": 1}}, {"a": null}, {"a": {"b": null}}, {"a": [{"b": 1}]}]`,
		`[{"r": [{"i": 1}]}, {"r": []}, {"r": null}, {"r": [{"i": 2, "j": "x"}, null]}, {"r": [{}]}]`,
		`[null, {"a": 1}, null, null, {"a": 2, "b": {"c": [true]}}]`,
		`[[{"a": 1}], [], null, [{"a": 2}, {"a": 3}], [{"b": 1}]]`,
		`[[], [], [], []]`,
		`[null, null, null, null]`,
		`[{}, {}, {}, {"a": 1}]`,
		`[{"a": 1}, {"a": 2}, {"a": 3}, 5]`,
		`[{"a": 1}, {"": 1}, {"a": 3}, {"a": 4}]`,
	}
	for _, s := range inputs {
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		sameBuild(t, s, func(c build.Chunking) (*Tensor, error) { return fromValue(v, c) })
	}

	// Longer inputs: large bool, string and null runs across chunks.
	var rows []any
	for i := range 1000 {
		r := map[string]any{"i": i, "s": strings.Repeat("x", i%7), "b": i%3 == 0}
		if i%10 == 0 {
			r["n"] = nil
		} else if i > 500 {
			r["n"] = float64(i) / 2
		}
		if i > 700 {
			r["late"] = []any{i}
		}
		rows = append(rows, r)
	}
	sameBuild(t, "long", func(c build.Chunking) (*Tensor, error) { return fromValue(rows, c) })
	typed := make([]map[string]any, 20)
	for i := range typed {
		typed[i] = map[string]any{"x": i}
	}
	typed[3] = nil
	sameBuild(t, "[]map[string]any", func(c build.Chunking) (*Tensor, error) { return fromValue(typed, c) })
}

// TestFromValueSpecChunks does the same against a Spec.
func TestFromValueSpecChunks(t *testing.T) {
	for _, s := range []string{tableJSON, `[]`, `[{"id": 1, "emb": [1, 2, 3], "items": []}, {"id": 2.5, "emb": [1, 2, 3], "items": []}]`} {
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		sameBuild(t, s, func(c build.Chunking) (*Tensor, error) { return fromValueSpec(v, tableSpec(), c) })
	}
	spec := &Spec{Shape: Shape{Unknown, 2}, Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int8, Nullable: true}}}
	v := []any{[]any{map[string]any{"a": 1}, map[string]any{}}, []any{map[string]any{"a": nil}, map[string]any{"a": 4}}, []any{map[string]any{"a": 5}, map[string]any{"a": 6}}}
	sameBuild(t, "rank 2", func(c build.Chunking) (*Tensor, error) { return fromValueSpec(v, spec, c) })
}

// TestFromValueLargeOffsets switches string and binary columns to the
// Large Arrow types once their bytes pass the largest 32-bit offset
// (lowered here; this test must not run in parallel with others).
func TestFromValueLargeOffsets(t *testing.T) {
	saved := build.MaxSmallOffset
	build.MaxSmallOffset = 10
	t.Cleanup(func() { build.MaxSmallOffset = saved })

	var rows []any
	for i := range 12 {
		rows = append(rows, map[string]any{"s": strings.Repeat("ab", i%4), "b": []byte{byte(i)}, "n": nil})
	}
	rows[5].(map[string]any)["s"] = nil
	st, err := fromValue(rows, onePass)
	if err != nil {
		t.Fatal(err)
	}
	checkField(t, st, fieldWant{[]string{"s"}, "dense", "large_string", "[12]", nil})
	checkField(t, st, fieldWant{[]string{"b"}, "dense", "large_binary", "[12]", nil})
	if got := st.ToValue(); !reflect.DeepEqual(got, rows) {
		t.Errorf("ToValue\n got %v\nwant %v", got, rows)
	}
	sameBuild(t, "large", func(c build.Chunking) (*Tensor, error) { return fromValue(rows, c) })
	// Only the last chunk passes the limit.
	small := []any{map[string]any{"s": "a"}, map[string]any{"s": "b"}, map[string]any{"s": "c"}, map[string]any{"s": "0123456789abc"}}
	sameBuild(t, "large last", func(c build.Chunking) (*Tensor, error) { return fromValue(small, c) })

	spec := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true}}}
	long := []any{map[string]any{"s": "0123456789"}, map[string]any{"s": "x"}}
	if _, err := fromValueSpec(long, spec, onePass); err == nil || !strings.Contains(err.Error(), "field s: string bytes pass 2 GiB: use arrow.LargeString") {
		t.Errorf("got %v, want an error asking for LargeString", err)
	}
	spec.Fields[0].Type = arrow.BinaryTypes.LargeString
	sameBuild(t, "spec large", func(c build.Chunking) (*Tensor, error) {
		return fromValueSpec([]any{map[string]any{"s": "0123456789"}, map[string]any{"s": "x"}, map[string]any{}}, spec, c)
	})
}

// TestFromValueSpecChunksTypes merges chunks of every leaf type.
func TestFromValueSpecChunksTypes(t *testing.T) {
	spec := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{
		{Name: "t", Type: arrow.FixedWidthTypes.Timestamp_us, Nullable: true},
		{Name: "d", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
		{Name: "ls", Type: arrow.BinaryTypes.LargeString, Nullable: true},
		{Name: "lb", Type: arrow.BinaryTypes.LargeBinary, Nullable: true},
		{Name: "b", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
		{Name: "u", Type: arrow.PrimitiveTypes.Uint64, Nullable: true},
		{Name: "f", Type: arrow.PrimitiveTypes.Float32, Dims: Shape{Unknown}, Nullable: true},
	}}
	var rows []any
	for i := range 11 {
		r := map[string]any{"t": fmt.Sprintf("2024-06-%02dT10:00:00Z", i+1), "d": fmt.Sprintf("2024-01-%02d", i+1),
			"ls": strings.Repeat("x", i), "lb": []byte{byte(i)}, "b": i%2 == 0, "u": uint64(i) << 60, "f": []any{float64(i), nil}}
		if i%4 == 1 {
			r = map[string]any{}
		}
		rows = append(rows, r)
	}
	sameBuild(t, "types", func(c build.Chunking) (*Tensor, error) { return fromValueSpec(rows, spec, c) })
	// Inference: timestamps, dates, binary.
	var inf []any
	for i := range 9 {
		r := map[string]any{"t": time.Unix(int64(i)*1000, 0).UTC(), "d": arrow.Date32(i), "bin": []byte{byte(i)}}
		if i%3 == 0 {
			r = map[string]any{"t": nil}
		}
		inf = append(inf, r)
	}
	sameBuild(t, "inferred types", func(c build.Chunking) (*Tensor, error) { return fromValue(inf, c) })
}

// TestFromValueChunksMaps: map columns built in chunks and merged equal
// those built in one pass.
func TestFromValueChunksMaps(t *testing.T) {
	rows := make([]any, 40)
	for i := range rows {
		m := map[string]any{}
		for k := range 3 {
			m[fmt.Sprintf("k%02d", (i+k)%37)] = float64(i * k)
		}
		rows[i] = map[string]any{"id": float64(i), "m": m}
	}
	sameBuild(t, "maps", func(c build.Chunking) (*Tensor, error) { return fromValue(rows, c, WithMapThreshold(3)) })
	st := Must(fromValue(rows, inChunks, WithMapThreshold(3)))
	if m := Must(st.Field("m")).(*Tensor); !m.IsMap() {
		t.Errorf("m is not a map:\n%v", st)
	}
}
