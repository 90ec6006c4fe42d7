package structured

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

var spUpdate = flag.Bool("update", false, "rewrite the golden files in testdata/")

// spMust parses a Spec, failing the test if it does not parse.
func spMust(tb testing.TB, text string) *Spec {
	tb.Helper()
	s, err := ParseSpec(text)
	if err != nil {
		tb.Fatalf("ParseSpec(%q): %v", text, err)
	}
	return s
}

// spX is the structure the seed's "8 copies" examples repeat.
func spX() any { return map[string]any{"a": 1, "b": []any{"foo", "bar", "baz"}} }

// spNest builds lists of spX following a nesting of lengths: an int n is
// n copies of x, a []any a list of such nestings.
func spNest(shape any) any {
	switch s := shape.(type) {
	case int:
		out := make([]any, s)
		for i := range out {
			out[i] = spX()
		}
		return out
	case []any:
		out := make([]any, len(s))
		for i, e := range s {
			out[i] = spNest(e)
		}
		return out
	}
	panic("bad nesting")
}

const spPeopleJSON = `[
	{"age": 12, "nicknames": ["Josaphine"], "shoes": {"sizes": [8.0, 7.5, 7.5]}},
	{"age": 82, "nicknames": ["Bob", "Bobby"], "shoes": {"sizes": [11.0, 11.5, 12.0]}},
	{"nicknames": ["Elmo"], "shoes": {"sizes": [9.0, 9.5, 10.0]}}]`

const spIssueJSON = `[
	{"name": "ann", "scores": [1.5, 2], "shoes": {"sizes": [8, 7.5]}},
	{"name": "bo", "scores": [], "shoes": {"sizes": [11]}},
	{"name": "cy", "scores": [3], "shoes": {"sizes": []}}]`

const spRecipeJSON = `{
	"user_embedding": [0.8, 2.1, 0.3, 0.1, 9.2, 1.8],
	"recipe": {
		"title": "Snickerdoodle cookies",
		"est_time": 55.0,
		"ingredients": [
			{"amount": 3.0, "unit": "cup", "name": "flour"},
			{"amount": 1.0, "unit": "cup", "name": "white sugar"},
			{"amount": 0.5, "unit": "teaspoon", "name": "cinnamon"}],
		"step": [
			{"description": "Preheat oven to 350 degrees F."},
			{"description": "Whisk together the flour, cinnamon, ..."}],
		"user_rating": [
			{"user_embedding": [0.7, 2.0, 0.3, 0.3, 5.2, 2.2], "score": 0.8},
			{"user_embedding": [1.4, 0.0, 3.1, 1.1, 1.2, 0.3], "score": 0.4}]}}`

// spCase is a Tensor and the string of its Spec.
type spCase struct {
	name string
	st   func(tb testing.TB) *Tensor
	want string
}

func spFromValue(v any) func(tb testing.TB) *Tensor {
	return func(tb testing.TB) *Tensor {
		tb.Helper()
		st, err := FromValue(v)
		if err != nil {
			tb.Fatal(err)
		}
		return st
	}
}

func spFromJSON(text string) func(tb testing.TB) *Tensor {
	return func(tb testing.TB) *Tensor {
		tb.Helper()
		return spFromValue(decodeJSON(tb, text))(tb)
	}
}

func spFromSpec(v any, spec string) func(tb testing.TB) *Tensor {
	return func(tb testing.TB) *Tensor {
		tb.Helper()
		st, err := FromValueSpec(v, spMust(tb, spec))
		if err != nil {
			tb.Fatal(err)
		}
		return st
	}
}

func spFromSpecJSON(text, spec string) func(tb testing.TB) *Tensor {
	return func(tb testing.TB) *Tensor {
		tb.Helper()
		return spFromSpec(decodeJSON(tb, text), spec)(tb)
	}
}

func spCases() []spCase {
	return []spCase{
		{"issue example", spFromJSON(spIssueJSON),
			`3 * {name: string, scores: var * float64, shoes: {sizes: var * float64}}`},
		{"people", spFromJSON(spPeopleJSON),
			`3 * {age: ?float64, nicknames: var * string, shoes: {sizes: var * float64}}`},
		{"recipe (RFC, rank 0)", spFromJSON(spRecipeJSON),
			`{recipe: {est_time: float64, ingredients: 3 * {amount: float64, name: string, unit: string}, ` +
				`step: 2 * {description: string}, title: string, user_rating: 2 * {score: float64, user_embedding: var * float64}}, ` +
				`user_embedding: 6 * float64}`},
		{"seed s1", spFromValue(spNest([]any{4, 4})), `2 * var * {a: int64, b: var * string}`},
		{"seed s2", spFromValue(spNest([]any{2, 2, 2, 2})), `4 * var * {a: int64, b: var * string}`},
		{"seed s3", spFromValue(spNest([]any{3, 0, 4, 1})), `4 * var * {a: int64, b: var * string}`},
		{"seed s4", spFromValue(spNest([]any{[]any{2, 2}, []any{2, 2}})), `2 * var * var * {a: int64, b: var * string}`},
		{"seed s5", spFromValue(spNest([]any{[]any{2, 1}, []any{2}, []any{2, 1}})), `3 * var * var * {a: int64, b: var * string}`},
		{"seed s1 uniform from a Spec", spFromSpec(spNest([]any{4, 4}), `2 * 4 * {a: int64, b: var * string}`),
			`2 * 4 * {a: int64, b: var * string}`},
		{"seed s4 uniform with dense b", spFromSpec(spNest([]any{[]any{2, 2}, []any{2, 2}}), `var * 2 * 2 * {a: int64, b: 3 * string}`),
			`2 * 2 * 2 * {a: int64, b: 3 * string}`},
		{"dense dims from a Spec", spFromSpecJSON(`[{"e": [[1, 2], [3, 4], [5, 6]]}, {"e": [[7, 8], [9, 10], [11, 12]]}]`,
			`var * {e: 3 * 2 * int64}`), `2 * {e: 3 * 2 * int64}`},
		{"nulls at every level", spFromJSON(`[{"a": 1, "l": [1, null], "m": [[1], null], "s": {"x": 1}, "t": [{"y": 1}, null]},
			{"a": null, "l": [], "m": [], "s": null, "t": null}]`),
			`2 * {a: ?float64, l: ?var * float64, m: ?var * var * float64, s: ?{x: float64}, t: ?var * {y: float64}}`},
		{"nulls under a null parent do not count", spFromJSON(`[{"s": {"x": 1, "l": [1]}}, {"s": null}]`),
			`2 * {s: ?{l: var * float64, x: float64}}`},
		{"null top-level structure", spFromJSON(`[{"a": 1}, null]`), `?2 * {a: float64}`},
		{"null outer list", spFromJSON(`[[{"a": 1}], null]`), `?2 * var * {a: float64}`},
		{"null inner list of rank 3", spFromJSON(`[[[{"a": 1}], null], []]`), `?2 * var * var * {a: float64}`},
		{"null structure in rank 2", spFromJSON(`[[{"a": 1}, null], []]`), `?2 * var * {a: float64}`},
		{"null outer list from a Spec", spFromSpecJSON(`[[{"a": 1}], null]`, `?var * var * {a: int64}`),
			`?2 * var * {a: int64}`},
		{"only nulls and empty lists", spFromJSON(`[{"n": null, "e": []}, {"n": null, "e": []}]`),
			`2 * {e: var * null, n: ?null}`},
		{"no fields", spFromJSON(`[[], []]`), `2 * var * {}`},
		{"empty table", spFromJSON(`[]`), `0 * {}`},
		{"quoted names and Go types", spFromValue([]any{map[string]any{"first name": "x", "1st": true, "when": time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), "bin": []byte("a")}}),
			`1 * {"1st": bool, bin: binary, "first name": string, when: timestamp[us, tz=UTC]}`},
		{"rank 0 with nested lists", spFromJSON(`{"m": [[1, 2], [3]], "v": [1, 2, 3], "e": []}`),
			`{e: 0 * null, m: 2 * var * float64, v: 3 * float64}`},
		{"rank 3", spFromValue([]any{[]any{[]any{map[string]any{"k": []any{[]any{1}}}}}, []any{}}),
			`2 * var * var * {k: var * var * int64}`},
		{"from Arrow, int32 splits", spFromArrowJSON, `3 * {recipes: ?var * {minutes: ?int64, title: string}, user: string}`},
	}
}

// spFromArrowJSON reads users with a list<struct> column through Arrow.
func spFromArrowJSON(tb testing.TB) *Tensor {
	tb.Helper()
	recipe := arrow.StructOf(
		arrow.Field{Name: "minutes", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		arrow.Field{Name: "title", Type: arrow.BinaryTypes.String, Nullable: true})
	typ := arrow.StructOf(
		arrow.Field{Name: "recipes", Type: arrow.ListOf(recipe), Nullable: true},
		arrow.Field{Name: "user", Type: arrow.BinaryTypes.String, Nullable: true})
	arr, _, err := array.FromJSON(memory.DefaultAllocator, typ, strings.NewReader(`[
		{"user": "ann", "recipes": [{"title": "soup", "minutes": 30}, {"title": "cake", "minutes": null}]},
		{"user": "bo", "recipes": null},
		{"user": "cy", "recipes": [{"title": "tea", "minutes": 5}]}]`))
	if err != nil {
		tb.Fatal(err)
	}
	defer arr.Release()
	st, err := FromArrow(arr)
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

// TestTensorSpec checks the Spec of example Tensors through its string,
// and that the Spec converts the Tensor's values back to an equal Tensor.
func TestTensorSpec(t *testing.T) {
	for _, c := range spCases() {
		t.Run(c.name, func(t *testing.T) {
			st := c.st(t)
			spec := st.Spec()
			if got := spec.String(); got != c.want {
				t.Fatalf("Spec:\n got %s\nwant %s", got, c.want)
			}
			if !spec.Equal(spMust(t, c.want)) {
				t.Errorf("Spec is not ParseSpec of its string")
			}
			if err := st.ConformsTo(spec); err != nil {
				t.Errorf("ConformsTo its own Spec: %v", err)
			}
			back, err := FromValueSpec(st.ToValue(), spec)
			if err != nil {
				t.Fatalf("FromValueSpec(ToValue(), Spec()): %v", err)
			}
			if !back.Equal(st) {
				t.Errorf("FromValueSpec(ToValue(), Spec()) differs:\n%v\n%v", back, st)
			}
			if !back.Spec().Equal(spec) {
				t.Errorf("Spec of the round trip %s, want %s", back.Spec(), spec)
			}
		})
	}
}

// TestTensorSpecKinds checks that the kind a Spec gives each field is the
// kind of the field's value.
func TestTensorSpecKinds(t *testing.T) {
	for _, c := range spCases() {
		if strings.Contains(c.name, "Arrow") {
			continue
		}
		st := c.st(t)
		spec := st.Spec()
		var walk func(fields []FieldSpec, path []string)
		walk = func(fields []FieldSpec, path []string) {
			for i := range fields {
				p := append(append([]string{}, path...), fields[i].Name)
				f, parent, err := spec.Field(p...)
				if err != nil {
					t.Fatal(err)
				}
				v := field(t, st, p...)
				want := map[string]Kind{"dense": KindDense, "ragged": KindRagged, "structured": KindStruct}[kindName(v)]
				if k := f.Kind(parent); k != want {
					t.Errorf("%s: %s: Kind %v, value is %s", c.name, strings.Join(p, "."), k, kindName(v))
				}
				if !f.Shape(parent).Equal(v.Shape()) {
					t.Errorf("%s: %s: Shape %v, value has %v", c.name, strings.Join(p, "."), f.Shape(parent), v.Shape())
				}
				if r, ok := v.(*Ragged); ok && f.RaggedRank(parent) != len(r.parts) {
					t.Errorf("%s: %s: RaggedRank %d, value has %d partitions", c.name, strings.Join(p, "."), f.RaggedRank(parent), len(r.parts))
				}
				walk(fields[i].Fields, p)
			}
		}
		walk(spec.Fields, nil)
	}
}

func TestFieldSpecKind(t *testing.T) {
	leaf := func(dims ...int) *FieldSpec {
		return &FieldSpec{Name: "x", Type: arrow.PrimitiveTypes.Int64, Dims: dims}
	}
	for _, c := range []struct {
		f      *FieldSpec
		parent Shape
		kind   Kind
		rr     int
	}{
		{leaf(), Shape{}, KindDense, 0},
		{leaf(Unknown), Shape{}, KindDense, 0}, // the outermost dimension may vary
		{leaf(Unknown, 3), Shape{}, KindDense, 0},
		{leaf(3, Unknown), Shape{}, KindRagged, 1},
		{leaf(), Shape{Unknown}, KindDense, 0},
		{leaf(6), Shape{Unknown}, KindDense, 0},
		{leaf(Unknown), Shape{Unknown}, KindRagged, 1},
		{leaf(), Shape{Unknown, Unknown}, KindRagged, 1},
		{leaf(2), Shape{Unknown, 4}, KindDense, 0},
		{leaf(2, Unknown), Shape{5, 4}, KindRagged, 3},
		{&FieldSpec{Name: "s", Dims: Shape{Unknown}}, Shape{Unknown}, KindStruct, 0},
	} {
		if k := c.f.Kind(c.parent); k != c.kind {
			t.Errorf("%v in %v: Kind %v, want %v", c.f, c.parent, k, c.kind)
		}
		if r := c.f.RaggedRank(c.parent); r != c.rr {
			t.Errorf("%v in %v: RaggedRank %d, want %d", c.f, c.parent, r, c.rr)
		}
	}
	if KindRagged.String() != "ragged" || Kind(9).String() != "Kind(9)" {
		t.Errorf("Kind names: %v %v", KindRagged, Kind(9))
	}
}

func TestSpecField(t *testing.T) {
	spec := spMust(t, `var * {recipe: ?{ingredients: var * {amount: 2 * float64}}, id: int64}`)
	f, parent, err := spec.Field("recipe", "ingredients", "amount")
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "amount" || !parent.Equal(Shape{Unknown, Unknown}) || f.Kind(parent) != KindRagged {
		t.Errorf("got %v in %v (%v)", f, parent, f.Kind(parent))
	}
	for _, c := range []struct {
		path []string
		want string
	}{
		{nil, "structured: Spec.Field: empty field path"},
		{[]string{"nope"}, "structured: Spec.Field: field nope: no such field (fields: [recipe id])"},
		{[]string{"recipe", "x"}, "structured: Spec.Field: field recipe.x: no such field (fields: [ingredients])"},
		{[]string{"id", "x"}, `structured: Spec.Field: field id is a leaf (int64), not a structure, so it has no field "x"`},
	} {
		_, _, err := spec.Field(c.path...)
		if err == nil || err.Error() != c.want || !errors.Is(err, ErrPath) {
			t.Errorf("Field(%q): %v, want %s", c.path, err, c.want)
		}
	}
}

// spGolden are Specs and their one-line strings.
var spGolden = []struct {
	name string
	spec *Spec
	want string
}{
	{"issue example", &Spec{Shape: Shape{3}, Fields: []FieldSpec{
		{Name: "name", Type: arrow.BinaryTypes.String},
		{Name: "scores", Type: arrow.PrimitiveTypes.Float64, Dims: Shape{Unknown}},
		{Name: "shoes", Fields: []FieldSpec{{Name: "sizes", Type: arrow.PrimitiveTypes.Float64, Dims: Shape{Unknown}}}},
	}}, `3 * {name: string, scores: var * float64, shoes: {sizes: var * float64}}`},
	{"rank 0", &Spec{Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64}}}, `{a: int64}`},
	{"no fields", &Spec{Shape: Shape{Unknown, 4}}, `var * 4 * {}`},
	{"nullable top level", &Spec{Shape: Shape{3, Unknown}, Nullable: true, Fields: []FieldSpec{
		{Name: "a", Type: arrow.PrimitiveTypes.Int64},
		{Name: "b", Nullable: true, Dims: Shape{Unknown}, Fields: []FieldSpec{{Name: "x", Type: arrow.PrimitiveTypes.Int64}}},
	}}, `?3 * var * {a: int64, b: ?var * {x: int64}}`},
	{"nullable rank 0", &Spec{Nullable: true, Fields: []FieldSpec{}}, `?{}`},
	{"nullable placements", &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{
		{Name: "i", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "l", Type: arrow.PrimitiveTypes.Float64, Dims: Shape{Unknown}, Nullable: true},
		{Name: "s", Nullable: true, Fields: []FieldSpec{{Name: "x", Type: arrow.PrimitiveTypes.Int64}}},
		{Name: "ls", Nullable: true, Dims: Shape{Unknown, 2}, Fields: []FieldSpec{}},
	}}, `var * {i: ?int64, l: ?var * float64, s: ?{x: int64}, ls: ?var * 2 * {}}`},
	{"every leaf type", &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{
		{Name: "b", Type: arrow.FixedWidthTypes.Boolean},
		{Name: "i8", Type: arrow.PrimitiveTypes.Int8},
		{Name: "i16", Type: arrow.PrimitiveTypes.Int16},
		{Name: "i32", Type: arrow.PrimitiveTypes.Int32},
		{Name: "u8", Type: arrow.PrimitiveTypes.Uint8},
		{Name: "u16", Type: arrow.PrimitiveTypes.Uint16},
		{Name: "u32", Type: arrow.PrimitiveTypes.Uint32},
		{Name: "u64", Type: arrow.PrimitiveTypes.Uint64},
		{Name: "f32", Type: arrow.PrimitiveTypes.Float32},
		{Name: "s", Type: arrow.BinaryTypes.String},
		{Name: "ls", Type: arrow.BinaryTypes.LargeString},
		{Name: "bin", Type: arrow.BinaryTypes.Binary},
		{Name: "lbin", Type: arrow.BinaryTypes.LargeBinary},
		{Name: "d", Type: arrow.FixedWidthTypes.Date32},
		{Name: "ts", Type: arrow.FixedWidthTypes.Timestamp_us},
		{Name: "tn", Type: &arrow.TimestampType{Unit: arrow.Nanosecond}},
		{Name: "tz", Type: &arrow.TimestampType{Unit: arrow.Second, TimeZone: "Europe/Paris"}},
		{Name: "n", Type: arrow.Null, Nullable: true},
	}}, `var * {b: bool, i8: int8, i16: int16, i32: int32, u8: uint8, u16: uint16, u32: uint32, u64: uint64, f32: float32, ` +
		`s: string, ls: large_string, bin: binary, lbin: large_binary, d: date32, ts: timestamp[us, tz=UTC], tn: timestamp[ns], ` +
		`tz: timestamp[s, tz=Europe/Paris], n: ?null}`},
	{"quoted names", &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{
		{Name: "first name", Type: arrow.BinaryTypes.String},
		{Name: "2nd", Type: arrow.BinaryTypes.String},
		{Name: `say "hi"`, Type: arrow.BinaryTypes.String},
		{Name: "café", Type: arrow.BinaryTypes.String},
		{Name: "var", Type: arrow.PrimitiveTypes.Int64},
		{Name: "_x9", Type: arrow.PrimitiveTypes.Int64},
	}}, `var * {"first name": string, "2nd": string, "say \"hi\"": string, "café": string, var: int64, _x9: int64}`},
	{"recipes", &Spec{Fields: []FieldSpec{
		{Name: "user_embedding", Type: arrow.PrimitiveTypes.Float64, Dims: Shape{6}},
		{Name: "recipe", Fields: []FieldSpec{
			{Name: "title", Type: arrow.BinaryTypes.String},
			{Name: "ingredients", Dims: Shape{Unknown}, Fields: []FieldSpec{
				{Name: "amount", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
				{Name: "unit", Type: arrow.BinaryTypes.String},
			}},
			{Name: "user_rating", Dims: Shape{Unknown}, Fields: []FieldSpec{
				{Name: "user_embedding", Type: arrow.PrimitiveTypes.Float64, Dims: Shape{6}},
				{Name: "score", Type: arrow.PrimitiveTypes.Float64},
			}},
		}},
	}}, `{user_embedding: 6 * float64, recipe: {title: string, ingredients: var * {amount: ?float64, unit: string}, ` +
		`user_rating: var * {user_embedding: 6 * float64, score: float64}}}`},
	{"rank 3", &Spec{Shape: Shape{2, Unknown, 3}, Fields: []FieldSpec{
		{Name: "m", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{Unknown, 0, 2}},
	}}, `2 * var * 3 * {m: var * 0 * 2 * int64}`},
}

// TestSpecString checks the one-line strings, and that ParseSpec reads
// them and the Tree form back.
func TestSpecString(t *testing.T) {
	for _, c := range spGolden {
		if got := c.spec.String(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		for _, text := range []string{c.want, c.spec.Tree()} {
			back, err := ParseSpec(text)
			if err != nil {
				t.Errorf("%s: ParseSpec(%q): %v", c.name, text, err)
				continue
			}
			if !back.Equal(c.spec) {
				t.Errorf("%s: ParseSpec gives %s, want %s", c.name, back, c.spec)
			}
		}
	}
	var nilSpec *Spec
	if nilSpec.String() != "<nil>" || nilSpec.Tree() != "<nil>" {
		t.Errorf("nil Spec prints %q", nilSpec.String())
	}
	f := FieldSpec{Name: "x y", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{Unknown}, Nullable: true}
	if got := f.String(); got != `"x y": ?var * int64` {
		t.Errorf("FieldSpec.String %s", got)
	}
	if got := (&FieldSpec{Type: arrow.PrimitiveTypes.Int64}).String(); got != `"": int64` {
		t.Errorf("empty name prints %s", got)
	}
}

// TestSpecTree compares Tree output with testdata/spec_tree.golden (go
// test -run TestSpecTree -update rewrites it).
func TestSpecTree(t *testing.T) {
	var b strings.Builder
	for _, c := range spGolden {
		fmt.Fprintf(&b, "== %s\n%s\n", c.name, c.spec.Tree())
	}
	for _, c := range spCases() {
		fmt.Fprintf(&b, "== Spec of %s\n%s\n", c.name, c.st(t).Spec().Tree())
	}
	got := b.String()
	path := filepath.Join("testdata", "spec_tree.golden")
	if *spUpdate {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("Tree output differs from %s (run with -update to rewrite it):\n%s", path, got)
	}
}

func TestParseSpec(t *testing.T) {
	i64, f64 := arrow.PrimitiveTypes.Int64, arrow.PrimitiveTypes.Float64
	for _, c := range []struct {
		text string
		want *Spec
	}{
		{`{}`, &Spec{}},
		{"  var*{ a :int64 ,b:?var*float64,}\n", &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{
			{Name: "a", Type: i64}, {Name: "b", Type: f64, Dims: Shape{Unknown}, Nullable: true}}}},
		{"3 * {\n  a: int64\n\n  b: {\n    c: 2 * float64,\n    \"d e\": ? null\n  }\n}", &Spec{Shape: Shape{3}, Fields: []FieldSpec{
			{Name: "a", Type: i64}, {Name: "b", Fields: []FieldSpec{{Name: "c", Type: f64, Dims: Shape{2}}, {Name: "d e", Type: arrow.Null, Nullable: true}}}}}},
		{`{t: timestamp[ ms ,  tz=America/New_York ]}`, &Spec{Fields: []FieldSpec{
			{Name: "t", Type: &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "America/New_York"}}}}},
		{`{"\u00e9": int64}`, &Spec{Fields: []FieldSpec{{Name: "é", Type: i64}}}},
	} {
		got, err := ParseSpec(c.text)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", c.text, err)
			continue
		}
		if !got.Equal(c.want) {
			t.Errorf("ParseSpec(%q) = %s, want %s", c.text, got, c.want)
		}
	}
}

func TestParseSpecErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		kind error
		want string
	}{
		{``, ErrSchema, `at column 1: want a dimension (a number or var), a type or {, got end of text`},
		{`3 * int64`, ErrSchema, `at column 5: a Spec is a structure {...}, possibly with dimensions before it, got the type int64`},
		{`??{a: int64}`, ErrSchema, `at column 2: ? goes before the whole type`},
		{`var * ?{a: int64}`, ErrSchema, `at column 7: ? goes before the whole type`},
		{`{a: int64} x`, ErrSchema, `at column 12: unexpected "x" after the Spec`},
		{`{a int64}`, ErrSchema, `field a: at column 4: want : after the field name, got "int64"`},
		{`{a: flot64}`, ErrType, `field a: at column 5: unknown type "flot64"`},
		{`{a: var int64}`, ErrSchema, `field a: at column 9: want * after the dimension var, got "int64"`},
		{`{a: 3 * }`, ErrSchema, `field a: at column 9: want a dimension (a number or var), a type or {, got '}'`},
		{`{a: -3 * int64}`, ErrSchema, `field a: at column 5: want a dimension (a number or var), a type or {, got '-'`},
		{`{a: var * ?int64}`, ErrSchema, `field a: at column 11: ? goes before the whole type of a field`},
		{`{a: 99999999999999999999 * int64}`, ErrSchema, `field a: at column 5: dimension 99999999999999999999 is too large`},
		{`{a: int64 b: int64}`, ErrSchema, `at column 11: want , or } after field a, got "b"`},
		{`{a: int64, a: bool}`, ErrPath, `field a: at column 12: field given twice`},
		{`{"a: int64}`, ErrSchema, `at column 2: unterminated quoted field name`},
		{`{"\q": int64}`, ErrSchema, `at column 2: bad quoted field name "\q"`},
		{`{a: {b: int64}`, ErrSchema, `at column 1: unclosed {`},
		{`{a: {b: `, ErrSchema, `field a.b: at column 9: want a dimension`},
		{`{1a: int64}`, ErrSchema, `at column 2: want a field name, got "1a"`},
		{`{t: timestamp}`, ErrSchema, `field t: at column 14: timestamp needs a unit`},
		{`{t: timestamp[us}`, ErrSchema, `field t: at column 14: unclosed [ of timestamp`},
		{`{t: timestamp[h]}`, ErrType, `field t: at column 15: unknown timestamp unit "h"`},
		{`{t: timestamp[us, UTC]}`, ErrSchema, `field t: at column 18: want tz=zone after the timestamp unit, got "UTC"`},
		{"{\n  a: int64\n  b: {\n    c: 3 * x\n  }\n}", ErrType, `field b.c: at line 4, column 12: unknown type "x"`},
		{"{a: café}", ErrType, `field a: at column 5: unknown type "café"`},
		{"{a: int64 é}", ErrSchema, `at column 11: want , or } after field a, got "é"`},
		{"{a: int64 ☃}", ErrSchema, `at column 11: want , or } after field a, got '☃'`},
	} {
		_, err := ParseSpec(c.text)
		if err == nil {
			t.Errorf("ParseSpec(%q) succeeded, want %s", c.text, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !errors.Is(err, c.kind) || !strings.HasPrefix(err.Error(), "structured: ParseSpec: ") {
			t.Errorf("ParseSpec(%q):\n got %v\nwant %v containing %q", c.text, err, c.kind, c.want)
		}
	}
}

func TestSpecEqual(t *testing.T) {
	base := `var * {a: int64, b: ?var * {c: timestamp[us, tz=UTC]}}`
	for _, c := range []struct {
		other string
		equal bool
	}{
		{base, true},
		{"var * {\n a: int64\n b: ?var * {c: timestamp[us, tz=UTC]}\n}", true},
		{`var * {b: ?var * {c: timestamp[us, tz=UTC]}, a: int64}`, false}, // order is the column order
		{`3 * {a: int64, b: ?var * {c: timestamp[us, tz=UTC]}}`, false},
		{`var * {a: int32, b: ?var * {c: timestamp[us, tz=UTC]}}`, false},
		{`var * {a: ?int64, b: ?var * {c: timestamp[us, tz=UTC]}}`, false},
		{`var * {a: int64, b: ?2 * {c: timestamp[us, tz=UTC]}}`, false},
		{`var * {a: int64, b: ?var * {c: timestamp[us]}}`, false},
		{`var * {a: int64, b: ?var * {c: timestamp[us, tz=UTC], d: int64}}`, false},
		{`var * {a: int64, b: ?var * {C: timestamp[us, tz=UTC]}}`, false},
		{`var * {a: int64, b: ?var * timestamp[us, tz=UTC]}`, false},
		{`var * {a: int64}`, false},
	} {
		if got := spMust(t, base).Equal(spMust(t, c.other)); got != c.equal {
			t.Errorf("Equal(%s) = %v, want %v", c.other, got, c.equal)
		}
	}
	var n *Spec
	if !n.Equal(nil) || n.Equal(&Spec{}) || (&Spec{}).Equal(nil) {
		t.Errorf("nil Specs")
	}
	if !(&Spec{Shape: Shape{}, Fields: []FieldSpec{}}).Equal(&Spec{}) {
		t.Errorf("empty and nil Shape/Fields differ")
	}
}

func TestSpecCompatible(t *testing.T) {
	s := `var * {id: int64, tags: ?var * string, emb: 3 * float64, c: ?{x: int64}}`
	for _, c := range []struct {
		spec, data string
		want       string // "" for compatible
	}{
		{s, s, ""},
		{s, `5 * {c: {x: int64}, emb: 3 * float64, tags: var * string, id: int64}`, ""}, // by name, narrower data
		{s, `2 * {id: int64, tags: var * null, emb: 3 * float64, c: ?{x: int64}}`, ""},  // Null fits any type
		{`var * {t: var * string}`, `2 * {t: 4 * string}`, ""},                          // fixed data under var
		{`var * var * {a: int64}`, `2 * 3 * {a: int64}`, ""},
		{s, `var * var * {id: int64}`, "field : has rank 2, want rank 1"},
		{`3 * {a: int64}`, `var * {a: int64}`, "dimension 0 is var, want 3"},
		{`3 * {a: int64}`, `4 * {a: int64}`, "dimension 0 is 4, want 3"},
		{s, `var * {id: int64, tags: ?var * string, emb: 3 * float64}`, "field c: missing"},
		{s, `var * {id: int64, tags: ?var * string, emb: 3 * float64, c: ?{x: int64}, d: bool}`, "field d: not in the Spec (fields: [id tags emb c])"},
		{s, `var * {id: ?int64, tags: ?var * string, emb: 3 * float64, c: ?{x: int64}}`, "field id: is nullable, but the Spec does not allow nulls"},
		{s, `var * {id: float64, tags: ?var * string, emb: 3 * float64, c: ?{x: int64}}`, "field id: has type float64, want int64"},
		{s, `var * {id: int64, tags: ?var * string, emb: var * float64, c: ?{x: int64}}`, "field emb: dimension 0 is var, want 3"},
		{s, `var * {id: int64, tags: ?string, emb: 3 * float64, c: ?{x: int64}}`, "field tags: has 0 dimensions [], want 1 [var]"},
		{s, `var * {id: int64, tags: ?var * string, emb: 3 * float64, c: ?{x: ?int64}}`, "field c.x: is nullable, but the Spec does not allow nulls"},
		{s, `var * {id: int64, tags: ?var * string, emb: 3 * float64, c: ?{}}`, "field c.x: missing"},
		{s, `var * {id: int64, tags: ?var * string, emb: 3 * float64, c: int64}`, "field c: is a leaf (int64), want a structure"},
		{s, `var * {id: {}, tags: ?var * string, emb: 3 * float64, c: ?{x: int64}}`, "field id: is a structure, want a leaf (int64)"},
		{`var * {n: null}`, `var * {n: int64}`, "field n: has type int64, want null"},
		{`var * {c: ?{x: int64}}`, `2 * {c: ?null}`, ""},
		{`var * {c: ?var * {x: int64}}`, `2 * {c: ?null}`, ""},
		{`var * {c: var * var * int64}`, `2 * {c: var * null}`, ""},
		{`var * {c: ?3 * int64}`, `2 * {c: ?3 * null}`, ""},
		{`var * {c: ?3 * int64}`, `2 * {c: ?null}`, ""}, // null lists of fixed length
		{`var * {c: ?3 * 2 * int64}`, `2 * {c: ?3 * null}`, ""},
		{`{c: ?var * int64}`, `{c: ?null}`, "field c: holds a null where the Spec has a list (the field of a single structure), which cannot be null"},
		{`{c: ?3 * int64}`, `{c: ?null}`, "field c: holds a null where the Spec has a list (the field of a single structure), which cannot be null"},
		{`{c: ?3 * int64}`, `{c: ?3 * null}`, ""},
		{`var * {c: {x: int64}}`, `2 * {c: ?null}`, "field c: is nullable, but the Spec does not allow nulls"},
		{`var * {c: int64}`, `2 * {c: var * null}`, "field c: has 1 dimensions [var], want 0 []"},
		{`var * {c: 2 * int64}`, `2 * {c: var * null}`, "field c: dimension 0 is var, want 2"},
	} {
		err := spMust(t, c.spec).Compatible(spMust(t, c.data))
		if c.want == "" {
			spCheckStorable(t, spMust(t, c.spec), spMust(t, c.data))
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s.Compatible(%s): %v", c.spec, c.data, err)
		case c.want != "" && (err == nil || !errors.Is(err, ErrSchema) || err.Error() != "structured: Compatible: "+strings.TrimPrefix(c.want, "field : ")):
			t.Errorf("%s.Compatible(%s):\n got %v\nwant %s", c.spec, c.data, err, c.want)
		}
	}
	if err := (&Spec{}).Compatible(nil); err == nil {
		t.Errorf("Compatible(nil) succeeded")
	}
}

// spCheckStorable checks that values of data, which s.Compatible accepts,
// convert under s: random values that FromValueSpec converts under data
// convert under s too.
func spCheckStorable(t *testing.T, s, data *Spec) {
	t.Helper()
	g := &spGen{rand.New(rand.NewPCG(3, 4))}
	converted := 0
	for range 50 {
		st, err := FromValueSpec(g.value(data, 0), data)
		if err != nil || data.Compatible(st.Spec()) != nil {
			continue // a value the generator got wrong for data
		}
		converted++
		if _, err := FromValueSpec(st.ToValue(), s); err != nil {
			t.Errorf("%s.Compatible(%s), but FromValueSpec(%v) under it: %v", s, data, st.ToValue(), err)
			return
		}
	}
	if converted == 0 {
		t.Errorf("no value of %s converted", data)
	}
}

func TestTensorConformsTo(t *testing.T) {
	st := spFromJSON(spPeopleJSON)(t)
	for _, c := range []struct {
		spec, want string
	}{
		{`var * {age: ?float64, nicknames: var * string, shoes: {sizes: var * float64}}`, ""},
		{`3 * {age: ?float64, nicknames: ?var * string, shoes: ?{sizes: ?var * float64}}`, ""},
		{`var * {age: float64, nicknames: var * string, shoes: {sizes: var * float64}}`,
			"structured: ConformsTo: field age: is nullable, but the Spec does not allow nulls"},
		{`var * {age: ?float64, nicknames: var * string, shoes: {sizes: 3 * float64}}`,
			"structured: ConformsTo: field shoes.sizes: dimension 0 is var, want 3"},
	} {
		err := st.ConformsTo(spMust(t, c.spec))
		if (err == nil) != (c.want == "") || err != nil && err.Error() != c.want {
			t.Errorf("ConformsTo(%s): %v, want %q", c.spec, err, c.want)
		}
	}
}

func TestFieldSpecOf(t *testing.T) {
	st := spFromJSON(spPeopleJSON)(t)
	v := field(t, st, "shoes", "sizes")
	for _, c := range []struct {
		rank int
		want string
	}{
		{0, "sizes: 3 * var * float64"},
		{1, "sizes: var * float64"},
		{2, "sizes: float64"},
	} {
		f, err := FieldSpecOf("sizes", v, c.rank)
		if err != nil || f.String() != c.want {
			t.Errorf("FieldSpecOf rank %d: %v %v, want %s", c.rank, f.String(), err, c.want)
		}
	}
	if f, _ := FieldSpecOf("age", field(t, st, "age"), 1); f.String() != "age: ?float64" {
		t.Errorf("FieldSpecOf(age) = %s", f.String())
	}
	if _, err := FieldSpecOf("x", v, 3); !errors.Is(err, ErrShape) {
		t.Errorf("rank 3: %v", err)
	}
	if _, err := FieldSpecOf("x", nil, 0); !errors.Is(err, ErrType) {
		t.Errorf("nil: %v", err)
	}
}

// spIgnoreNullable rebuilds an Arrow type with every Nullable flag set, to
// compare types structurally.
func spIgnoreNullable(dt arrow.DataType) arrow.DataType {
	switch t := dt.(type) {
	case *arrow.StructType:
		fs := make([]arrow.Field, t.NumFields())
		for i, f := range t.Fields() {
			fs[i] = arrow.Field{Name: f.Name, Type: spIgnoreNullable(f.Type), Nullable: true}
		}
		return arrow.StructOf(fs...)
	case *arrow.ListType:
		return arrow.ListOf(spIgnoreNullable(t.Elem()))
	case *arrow.LargeListType:
		return arrow.LargeListOf(spIgnoreNullable(t.Elem()))
	case *arrow.FixedSizeListType:
		return arrow.FixedSizeListOf(t.Len(), spIgnoreNullable(t.Elem()))
	}
	return dt
}

func spSchemaType(sc *arrow.Schema) arrow.DataType { return arrow.StructOf(sc.Fields()...) }

func TestSpecArrowSchema(t *testing.T) {
	spec := spMust(t, `var * {id: int64, tags: ?var * string, emb: 3 * float64, z: 0 * int8, `+
		`c: ?{x: int64, w: ?var * 2 * float32}, items: var * {n: ?int16}}`)
	sc, err := spec.ArrowSchema()
	if err != nil {
		t.Fatal(err)
	}
	want := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "tags", Type: arrow.LargeListOf(arrow.BinaryTypes.String), Nullable: true},
		{Name: "emb", Type: arrow.FixedSizeListOfNonNullable(3, arrow.PrimitiveTypes.Float64)},
		{Name: "z", Type: arrow.ListOfNonNullable(arrow.PrimitiveTypes.Int8)},
		{Name: "c", Nullable: true, Type: arrow.StructOf(
			arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Int64},
			arrow.Field{Name: "w", Type: arrow.LargeListOf(arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Float32)), Nullable: true})},
		{Name: "items", Type: arrow.LargeListOfNonNullable(arrow.StructOf(
			arrow.Field{Name: "n", Type: arrow.PrimitiveTypes.Int16, Nullable: true}))},
	}, nil)
	if !sc.Equal(want) {
		t.Fatalf("ArrowSchema:\n%v\nwant\n%v", sc, want)
	}
	back, err := SpecFromArrowSchema(sc)
	if err != nil {
		t.Fatal(err)
	}
	// A dimension of 0 is a list, read back as var.
	if want := strings.Replace(spec.String(), "z: 0 * int8", "z: var * int8", 1); back.String() != want {
		t.Errorf("SpecFromArrowSchema:\n got %s\nwant %s", back, want)
	}

	// Round trips over the golden and example Specs of rank 1.
	for _, c := range spGolden {
		s := c.spec
		if len(s.Shape) != 1 {
			continue
		}
		s = &Spec{Shape: Shape{Unknown}, Fields: s.Fields}
		sc, err := s.ArrowSchema()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if back, err := SpecFromArrowSchema(sc); err != nil || !back.Equal(s) {
			t.Errorf("%s: SpecFromArrowSchema(ArrowSchema()) = %v, %v; want %s", c.name, back, err, s)
		}
	}
	for _, c := range spCases() {
		st := c.st(t)
		spec := st.Spec()
		if st.Rank() == 0 {
			if _, err := spec.ArrowType(); !errors.Is(err, ErrShape) {
				t.Errorf("%s: ArrowType of rank 0: %v", c.name, err)
			}
			continue
		}
		// The Spec's Arrow type is the Tensor's, up to Nullable flags (and
		// list vs large_list where the Tensor has int32 splits).
		typ, err := spec.ArrowType()
		if err != nil {
			t.Fatal(err)
		}
		ttyp, err := ArrowType(st)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(c.name, "int32 splits") {
			ttyp = spIgnoreNullable(ttyp)
			if strings.Replace(ttyp.String(), "list<", "large_list<", 1) != spIgnoreNullable(typ).String() {
				t.Errorf("%s: ArrowType\n%v\nTensor's\n%v", c.name, typ, ttyp)
			}
		} else if !arrow.TypeEqual(spIgnoreNullable(typ), spIgnoreNullable(ttyp)) {
			t.Errorf("%s: ArrowType\n%v\nTensor's\n%v", c.name, typ, ttyp)
		}
		// A struct type or record batch schema cannot say that the rows
		// (top-level structures) may be null: rank 1 drops Spec.Nullable.
		want := *spec
		if st.Rank() == 1 {
			want.Nullable = false
		}
		fromType, err := SpecFromArrowType(ttyp)
		if err != nil {
			t.Fatal(err)
		}
		if err := fromType.Compatible(&want); err != nil {
			t.Errorf("%s: SpecFromArrowType(ArrowType(t)) does not take t.Spec(): %v", c.name, err)
		}
		if back, err := SpecFromArrowType(typ); err != nil || back.Nullable != want.Nullable {
			t.Errorf("%s: SpecFromArrowType(Spec.ArrowType()) = %v, %v; want Nullable %v", c.name, back, err, want.Nullable)
		}
		if st.Rank() != 1 {
			if _, err := spec.ArrowSchema(); !errors.Is(err, ErrShape) {
				t.Errorf("%s: ArrowSchema of rank %d: %v", c.name, st.Rank(), err)
			}
			continue
		}
		ssc, err := spec.ArrowSchema()
		if err != nil {
			t.Fatal(err)
		}
		tsc, err := st.ArrowSchema()
		if err != nil {
			t.Fatal(err)
		}
		if !arrow.TypeEqual(spIgnoreNullable(spSchemaType(ssc)), spIgnoreNullable(spSchemaType(tsc))) &&
			!strings.Contains(c.name, "int32 splits") {
			t.Errorf("%s: Spec's schema\n%v\nTensor's\n%v", c.name, ssc, tsc)
		}
		fromSchema, err := SpecFromArrowSchema(tsc)
		if err != nil {
			t.Fatal(err)
		}
		if err := fromSchema.Compatible(&want); err != nil {
			t.Errorf("%s: SpecFromArrowSchema(t.ArrowSchema()) does not take t.Spec(): %v", c.name, err)
		}
	}
}

func TestSpecFromArrowType(t *testing.T) {
	item := arrow.StructOf(arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64},
		arrow.Field{Name: "m", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Float64)})
	for _, c := range []struct {
		dt   arrow.DataType
		want string
	}{
		{item, `var * {a: int64, m: map<string, ?float64>}`},
		{arrow.ListOf(item), `?var * var * {a: int64, m: map<string, ?float64>}`},
		{arrow.ListOfNonNullable(item), `var * var * {a: int64, m: map<string, ?float64>}`},
		{arrow.StructOf(arrow.Field{Name: "lm", Type: arrow.ListOf(arrow.MapOf(arrow.BinaryTypes.String, arrow.ListOf(arrow.PrimitiveTypes.Int64)))}),
			`var * {lm: ?var * map<string, ?var * int64>}`},
		{arrow.LargeListOf(arrow.FixedSizeListOfNonNullable(3, arrow.StructOf())), `?var * var * 3 * {}`},
		{arrow.LargeListOfNonNullable(arrow.FixedSizeListOf(3, arrow.StructOf())), `?var * var * 3 * {}`},
		{arrow.LargeListOfNonNullable(arrow.FixedSizeListOfNonNullable(3, arrow.StructOf())), `var * var * 3 * {}`},
	} {
		s, err := SpecFromArrowType(c.dt)
		if err != nil || s.String() != c.want {
			t.Errorf("SpecFromArrowType(%v) = %v, %v; want %s", c.dt, s, err, c.want)
		}
	}
	for _, c := range []struct {
		dt   arrow.DataType
		kind error
		want string
	}{
		{arrow.PrimitiveTypes.Int64, ErrType, "structured: SpecFromArrowType: need a struct type or lists of struct types, got int64"},
		{arrow.ListOf(arrow.PrimitiveTypes.Int64), ErrType, "structured: SpecFromArrowType: need a struct type or lists of struct types, got list<item: int64, nullable>"},
		{arrow.StructOf(arrow.Field{Name: "d", Type: arrow.SparseUnionOf([]arrow.Field{{Name: "i", Type: arrow.PrimitiveTypes.Int64}}, []arrow.UnionTypeCode{0})}), ErrType,
			"structured: SpecFromArrowType: field d: Arrow type sparse_union"},
		{arrow.StructOf(arrow.Field{Name: "s", Type: arrow.StructOf(arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Int8},
			arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Int8})}), ErrPath, "structured: SpecFromArrowType: field s.x: field appears twice"},
		{nil, ErrType, "structured: SpecFromArrowType: type is nil"},
	} {
		_, err := SpecFromArrowType(c.dt)
		if err == nil || !errors.Is(err, c.kind) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("SpecFromArrowType(%v): %v, want %s", c.dt, err, c.want)
		}
	}
	sc := arrow.NewSchema([]arrow.Field{{Name: "ok", Type: arrow.PrimitiveTypes.Int64},
		{Name: "bad", Type: arrow.LargeListOf(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.ListOf(arrow.BinaryTypes.String)})}}, nil)
	if _, err := SpecFromArrowSchema(sc); !errors.Is(err, ErrType) || !strings.Contains(err.Error(), "SpecFromArrowSchema: field bad: Arrow type dictionary") {
		t.Errorf("dictionary field: %v", err)
	}
	if _, err := SpecFromArrowSchema(nil); !errors.Is(err, ErrType) {
		t.Errorf("nil schema: %v", err)
	}
	bad := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "d", Type: arrow.StructOf()}}}
	if _, err := bad.ArrowSchema(); !errors.Is(err, ErrType) || !strings.Contains(err.Error(), "field d: Arrow type struct<>") {
		t.Errorf("struct as a leaf type: %v", err)
	}
	bad = &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "d", Type: arrow.PrimitiveTypes.Int8, Dims: Shape{-3}}}}
	if _, err := bad.ArrowSchema(); !errors.Is(err, ErrShape) || !strings.Contains(err.Error(), "field d: dimension 0 is -3") {
		t.Errorf("negative dimension: %v", err)
	}
}

// spGen generates random Specs and values that conform to them.
type spGen struct{ r *rand.Rand }

var spGenNames = []string{"a", "b", "first name", "x_1", "é", "var", "int64"}

func (g *spGen) coin(p float64) bool { return g.r.Float64() < p }

func (g *spGen) spec() *Spec {
	rank := g.r.IntN(4)
	shape := make(Shape, rank)
	for i := range shape {
		shape[i] = Unknown
		if i > 0 && g.coin(0.4) {
			shape[i] = 1 + g.r.IntN(3)
		}
	}
	return &Spec{Shape: shape, Fields: g.fields(0)}
}

func (g *spGen) fields(depth int) []FieldSpec {
	n := g.r.IntN(4)
	if depth == 0 {
		n++
	}
	names := g.r.Perm(len(spGenNames))[:n]
	out := make([]FieldSpec, n)
	types := []arrow.DataType{arrow.PrimitiveTypes.Int64, arrow.PrimitiveTypes.Float64, arrow.BinaryTypes.String,
		arrow.FixedWidthTypes.Boolean, arrow.PrimitiveTypes.Uint8, arrow.FixedWidthTypes.Timestamp_us}
	for i := range out {
		f := FieldSpec{Name: spGenNames[names[i]], Nullable: g.coin(0.4)}
		for range g.r.IntN(3) {
			d := Unknown
			if g.coin(0.4) {
				d = 1 + g.r.IntN(3)
			}
			f.Dims = append(f.Dims, d)
		}
		if depth < 2 && g.coin(0.3) {
			f.Fields = g.fields(depth + 1)
		} else {
			f.Type = types[g.r.IntN(len(types))]
		}
		out[i] = f
	}
	return out
}

// value returns a value of spec: lists for its shape around maps.
func (g *spGen) value(spec *Spec, level int) any {
	if level == len(spec.Shape) {
		return g.record(spec.Fields, len(spec.Shape))
	}
	n := spec.Shape[level]
	if n == Unknown {
		n = g.r.IntN(4)
	}
	out := make([]any, n)
	for i := range out {
		out[i] = g.value(spec, level+1)
	}
	return out
}

func (g *spGen) record(fields []FieldSpec, rank int) map[string]any {
	m := map[string]any{}
	for i := range fields {
		f := &fields[i]
		// The first list of a field of a rank-0 structure cannot be null.
		canNull := len(f.Dims) == 0 || rank > 0
		if f.Nullable && canNull && g.coin(0.15) {
			if g.coin(0.5) {
				m[f.Name] = nil
			}
			continue
		}
		m[f.Name] = g.dims(f, 0, rank)
	}
	return m
}

func (g *spGen) dims(f *FieldSpec, i, rank int) any {
	if i == len(f.Dims) {
		if f.Nullable && g.coin(0.15) {
			return nil
		}
		if f.IsStruct() {
			return g.record(f.Fields, rank+len(f.Dims))
		}
		return g.leaf(f.Type)
	}
	d := f.Dims[i]
	if f.Nullable && !(i == 0 && rank == 0) && g.coin(0.15) {
		return nil
	}
	if d == Unknown {
		d = g.r.IntN(4)
	}
	out := make([]any, d)
	for k := range out {
		out[k] = g.dims(f, i+1, rank)
	}
	return out
}

func (g *spGen) leaf(dt arrow.DataType) any {
	switch dt.ID() {
	case arrow.INT64:
		return g.r.Int64N(1000) - 500
	case arrow.FLOAT64:
		return g.r.Float64()
	case arrow.STRING:
		return fmt.Sprint("s", g.r.IntN(100))
	case arrow.BOOL:
		return g.coin(0.5)
	case arrow.UINT8:
		return g.r.IntN(256)
	case arrow.TIMESTAMP:
		return time.UnixMicro(g.r.Int64N(1e15)).UTC()
	case arrow.NULL:
		return nil
	}
	panic(dt)
}

// TestSpecProperties checks, over random Specs and values conforming to
// them: the Spec of the Tensor FromValueSpec builds is compatible with the
// Spec and converts its values back to an equal Tensor; so does the Spec
// of the Tensor FromValue infers; ParseSpec reads String and Tree back;
// rank-1 Specs round trip through Arrow schemas; the Spec's Arrow type is
// the Tensor's, and the Tensor read back from Arrow has the same Spec.
func TestSpecProperties(t *testing.T) {
	g := &spGen{rand.New(rand.NewPCG(1, 2))}
	n := 400
	if testing.Short() {
		n = 50
	}
	for i := range n {
		spec := g.spec()
		v := g.value(spec, 0)
		st, err := FromValueSpec(v, spec)
		if err != nil {
			t.Fatalf("case %d: FromValueSpec(%v, %s): %v", i, v, spec, err)
		}
		ds := st.Spec()
		if err := spec.Compatible(ds); err != nil {
			t.Errorf("case %d: %s does not take the Spec of its data %s: %v", i, spec, ds, err)
		}
		spRoundTrip(t, i, "FromValueSpec", st)
		inferred, err := FromValue(st.ToValue())
		if err != nil {
			t.Fatalf("case %d: FromValue(%v): %v", i, st.ToValue(), err)
		}
		spRoundTrip(t, i, "FromValue", inferred)
		for _, s := range []*Spec{spec, ds} {
			for _, text := range []string{s.String(), s.Tree()} {
				if back, err := ParseSpec(text); err != nil || !back.Equal(s) {
					t.Errorf("case %d: ParseSpec(%q) = %v, %v", i, text, back, err)
				}
			}
		}
		if len(spec.Shape) == 0 {
			continue
		}
		typ, err := ds.ArrowType()
		if err != nil {
			t.Fatal(err)
		}
		ttyp, err := ArrowType(st)
		if err != nil {
			t.Fatal(err)
		}
		if !arrow.TypeEqual(spIgnoreNullable(typ), spIgnoreNullable(ttyp)) {
			t.Errorf("case %d: Spec %s has Arrow type\n%v\nits Tensor\n%v", i, ds, typ, ttyp)
		}
		arr, err := st.ToArrow()
		if err != nil {
			t.Fatal(err)
		}
		fromArrow, err := FromArrow(arr)
		arr.Release()
		if err != nil {
			t.Fatal(err)
		}
		if st.NullN() == 0 && !fromArrow.Spec().Equal(ds) {
			t.Errorf("case %d: Spec after Arrow %s, before %s", i, fromArrow.Spec(), ds)
		}
		if len(spec.Shape) == 1 {
			s := &Spec{Shape: Shape{Unknown}, Fields: spec.Fields}
			sc, err := s.ArrowSchema()
			if err != nil {
				t.Fatal(err)
			}
			if back, err := SpecFromArrowSchema(sc); err != nil || !back.Equal(s) {
				t.Errorf("case %d: SpecFromArrowSchema(ArrowSchema()) = %v, %v; want %s", i, back, err, s)
			}
		}
	}
}

// spRoundTrip checks that a Tensor's Spec converts its values back to an
// equal Tensor with the same Spec.
func spRoundTrip(t *testing.T, i int, how string, st *Tensor) {
	t.Helper()
	ds := st.Spec()
	if err := st.ConformsTo(ds); err != nil {
		t.Errorf("case %d (%s): does not conform to its Spec %s: %v", i, how, ds, err)
	}
	back, err := FromValueSpec(st.ToValue(), ds)
	if err != nil {
		t.Errorf("case %d (%s): FromValueSpec(ToValue(), %s): %v", i, how, ds, err)
		return
	}
	if !back.Equal(st) {
		t.Errorf("case %d (%s): FromValueSpec(ToValue(), %s) differs:\n%v\n%v", i, how, ds, back, st)
	}
	if !back.Spec().Equal(ds) {
		t.Errorf("case %d (%s): Spec after the round trip %s, before %s", i, how, back.Spec(), ds)
	}
}

// BenchmarkTensorSpec times Spec on a 100k-row table with nulls at every
// level (the nulls make it scan the slots); bytes are those of the
// table's Arrow buffers.
func BenchmarkTensorSpec(b *testing.B) {
	rows := make([]any, 100_000)
	for i := range rows {
		var s any = map[string]any{"x": float64(i), "l": []any{1.0, nil}}
		if i%7 == 0 {
			s = nil
		}
		var tags any = []any{"a", "b"}
		if i%5 == 0 {
			tags = nil
		}
		rows[i] = map[string]any{"id": int64(i), "tags": tags, "s": s}
	}
	st, err := FromValue(rows)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(spArrowBytes(b, st))
	b.ReportAllocs()
	for b.Loop() {
		_ = st.Spec()
	}
}

// BenchmarkParseSpec times ParseSpec on the recipes Spec.
func BenchmarkParseSpec(b *testing.B) {
	text := spGolden[6].spec.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseSpec(text); err != nil {
			b.Fatal(err)
		}
	}
}

// spArrowBytes is the size of a Tensor's Arrow buffers.
func spArrowBytes(tb testing.TB, st *Tensor) int64 {
	arr, err := st.ToArrow()
	if err != nil {
		tb.Fatal(err)
	}
	defer arr.Release()
	var n int64
	var walk func(d arrow.ArrayData)
	walk = func(d arrow.ArrayData) {
		for _, buf := range d.Buffers() {
			if buf != nil {
				n += int64(buf.Len())
			}
		}
		for _, c := range d.Children() {
			walk(c)
		}
	}
	walk(arr.Data())
	return n
}

// TestTensorSpecNullFixedLists checks the Spec of a Tensor read from an
// Arrow fixed_size_list with null slots: the dimension stays fixed (as
// in the Arrow type) and the leaf is ragged, though the Kind of its
// FieldSpec says dense, since a null list needs a row partition to mark
// it; FromValueSpec reads ToValue back under that Spec to an equal Tensor.
func TestTensorSpecNullFixedLists(t *testing.T) {
	typ := arrow.StructOf(arrow.Field{Name: "v", Type: arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Int64), Nullable: true})
	arr, _, err := array.FromJSON(memory.DefaultAllocator, typ, strings.NewReader(`[{"v": [1, 2]}, {"v": null}, {"v": [3, null]}]`))
	if err != nil {
		t.Fatal(err)
	}
	defer arr.Release()
	st, err := FromArrow(arr)
	if err != nil {
		t.Fatal(err)
	}
	spec := st.Spec()
	if got := spec.String(); got != `3 * {v: ?2 * int64}` {
		t.Errorf("Spec %s", got)
	}
	if _, ok := field(t, st, "v").(*Ragged); !ok {
		t.Errorf("v is %s, want ragged", kindName(field(t, st, "v")))
	}
	if k := spec.Fields[0].Kind(spec.Shape); k != KindDense {
		t.Errorf("Kind %v", k)
	}
	sc, err := spec.ArrowSchema()
	if err != nil {
		t.Fatal(err)
	}
	if !arrow.TypeEqual(sc.Field(0).Type, typ.Field(0).Type) {
		t.Errorf("Arrow type %v, want %v", sc.Field(0).Type, typ.Field(0).Type)
	}
	if back, err := FromValueSpec(st.ToValue(), spec); err != nil || !back.Equal(st) {
		t.Errorf("FromValueSpec(ToValue(), Spec()) = %v, %v; want %v", back, err, st)
	}
}
