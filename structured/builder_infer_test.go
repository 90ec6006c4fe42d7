package structured

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
)

// buildJSON builds NDJSON text (one row per top-level value) through a
// Builder driven by the test tokenizer, so key order is the text's.
func buildJSON(tb testing.TB, text string, opts ...Option) (*Tensor, error) {
	tb.Helper()
	b, err := NewBuilder(nil, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	if err := scanJSON(b, []byte(text)); err != nil {
		return nil, err
	}
	return b.Finish()
}

// jsonValue decodes JSON with numbers as json.Number, for comparing with
// ToValue through jsonNorm.
func jsonNorm(tb testing.TB, v any) string {
	tb.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		tb.Fatalf("marshal %v: %v", v, err)
	}
	return string(out)
}

// TestBuilderInference covers the inference rules real JSON needs: union
// of key sets, first-seen field order, nulls kept apart from empty lists,
// widening that loses nothing.
func TestBuilderInference(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		opts     []Option
		spec     string // the Spec of the result
		value    string // its ToValue, as JSON
	}{
		{"union of optional keys", `{"a": 1, "c": "x"} {"a": 2, "b": true}`, nil,
			`2 * {a: int64, c: ?string, b: ?bool}`, `[{"a":1,"b":null,"c":"x"},{"a":2,"b":true,"c":null}]`},
		{"nested union", `{"u": {"x": 1}} {"u": {"y": 1.5}} {"u": null}`, nil,
			`3 * {u: ?{x: ?int64, y: ?float64}}`, ``},
		{"list of records with different keys", `{"l": [{"a": 1}, {"b": [1, 2]}]}`, nil,
			`1 * {l: var * {a: ?int64, b: ?var * int64}}`, `[{"l":[{"a":1,"b":null},{"a":null,"b":[1,2]}]}]`},
		{"first-seen order", `{"z": 1, "a": 2} {"m": 3, "a": 4, "b": 5}`, nil,
			`2 * {z: ?int64, a: int64, m: ?int64, b: ?int64}`, ``},
		{"sorted order by option", `{"z": 1, "a": 2} {"m": 3}`, []Option{WithFieldOrder(Sorted)},
			`2 * {a: ?int64, m: ?int64, z: ?int64}`, ``},
		{"null, empty and absent lists", `{"l": []} {"l": null} {} {"l": [1]}`, nil,
			`4 * {l: ?var * int64}`, `[{"l":[]},{"l":null},{"l":null},{"l":[1]}]`},
		{"ints widen to floats", `{"a": 1} {"a": 2.5} {"a": 9007199254740992}`, nil,
			`3 * {a: float64}`, `[{"a":1},{"a":2.5},{"a":9007199254740992}]`},
		{"big integer makes a decimal", `{"a": 1} {"a": 18446744073709551616} {"a": -5}`, nil,
			`3 * {a: decimal(38, 0)}`, ``},
		{"38-digit integer", `{"a": -99999999999999999999999999999999999999}`, nil,
			`1 * {a: decimal(38, 0)}`, ``},
		{"map threshold", `{"t": {"en": "hi", "fr": "salut", "de": "hallo"}} {"t": {"es": "hola"}} {"t": null}`, []Option{WithMapThreshold(2)},
			`3 * {t: ?map<string, string>}`, `[{"t":{"de":"hallo","en":"hi","fr":"salut"}},{"t":{"es":"hola"}},{"t":null}]`},
		{"map keeps null values apart from absent keys", `{"t": {"a": 1, "b": null}} {"t": {"c": 2, "d": 3}}`, []Option{WithMapThreshold(3)},
			`2 * {t: map<string, ?int64>}`, `[{"t":{"a":1,"b":null}},{"t":{"c":2,"d":3}}]`},
		{"below the map threshold stays a struct", `{"t": {"a": 1, "b": 2}} {"t": {"c": 3}}`, []Option{WithMapThreshold(3)},
			`2 * {t: {a: ?int64, b: ?int64, c: ?int64}}`, ``},
		{"values of different types stay a struct", `{"t": {"a": 1, "b": "x", "c": [1]}}`, []Option{WithMapThreshold(2)},
			`1 * {t: {a: int64, b: string, c: var * int64}}`, ``},
		{"map of records", `{"m": {"k1": {"x": 1}, "k2": {"x": 2, "y": "a"}}} {"m": {"k3": {}}}`, []Option{WithMapThreshold(2)},
			`2 * {m: map<string, {x: ?int64, y: ?string}>}`, `[{"m":{"k1":{"x":1,"y":null},"k2":{"x":2,"y":"a"}}},{"m":{"k3":{"x":null,"y":null}}}]`},
		{"JSON text for conflicts", `{"a": 1} {"a": "x"} {"a": {"b": [1, "two"]}} {"a": null} {"a": [true, 1.5]}`, []Option{WithConflicts(ConflictJSONText)},
			`5 * {a: ?string}`, `[{"a":"1"},{"a":"x"},{"a":"{\"b\":[1,\"two\"]}"},{"a":null},{"a":"[true,1.5]"}]`},
		{"JSON text for a conflict in a list", `{"l": [1, 2]} {"l": [3, [4]]}`, []Option{WithConflicts(ConflictJSONText)},
			`2 * {l: var * string}`, `[{"l":["1","2"]},{"l":["3","[4]"]}]`},
		{"JSON text for a record that was a scalar", `{"a": {"x": 1, "y": {"z": "q\"uote"}}} {"a": 5}`, []Option{WithConflicts(ConflictJSONText)},
			`2 * {a: string}`, `[{"a":"{\"x\":1,\"y\":{\"z\":\"q\\\"uote\"}}"},{"a":"5"}]`},
		{"JSON text for lossy widening", `{"a": 9007199254740993} {"a": 0.5}`, []Option{WithConflicts(ConflictJSONText)},
			`2 * {a: string}`, `[{"a":"9007199254740993"},{"a":"0.5"}]`},
		{"JSON text keeps absent keys out", `{"a": {"x": 1}} {"a": {"y": 2}} {"a": 3}`, []Option{WithConflicts(ConflictJSONText)},
			`3 * {a: string}`, `[{"a":"{\"x\":1}"},{"a":"{\"y\":2}"},{"a":"3"}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := buildJSON(t, tc.in, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Spec().String(); got != tc.spec {
				t.Errorf("Spec %s, want %s", got, tc.spec)
			}
			if tc.value != "" {
				if got := jsonNorm(t, st.ToValue()); got != tc.value {
					t.Errorf("ToValue %s, want %s", got, tc.value)
				}
			}
			if err := st.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
		})
	}
}

// TestBuilderDecimalValues checks that integers beyond int64 keep every
// digit, next to the small ones that came first.
func TestBuilderDecimalValues(t *testing.T) {
	st, err := buildJSON(t, `{"a": 1} {"a": 18446744073709551616} {"a": -5} {"a": null}`)
	if err != nil {
		t.Fatal(err)
	}
	col := field(t, st, "a").(*Dense).Values()
	want := []string{"1", "18446744073709551616", "-5"}
	for i, w := range want {
		if got := col.ValueStr(i); got != w {
			t.Errorf("row %d: %s, want %s", i, got, w)
		}
	}
	if !col.IsNull(3) {
		t.Error("row 3 is not null")
	}
}

// TestBuilderInferenceErrors: conflicts and strict keys are errors
// naming the path, the row and what differs.
func TestBuilderInferenceErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		opts     []Option
		kind     error
		path     string
		want     []string
		not      []string
	}{
		{"type conflict", `{"a": 1} {"a": "x"}`, nil, ErrSchema, "a", []string{"got string at row 1, want int64 (first seen at row 0)"}, nil},
		{"record vs scalar", `{"a": {"x": 1}} {"a": 2}`, nil, ErrSchema, "a", []string{"got int64 at row 1, want structure"}, nil},
		{"nested conflict path", `{"l": [{"v": 1}, {"v": [2]}]}`, nil, ErrSchema, "l[1].v", []string{"got list at row 0, want int64"}, nil},
		{"int lost in a float field", `{"a": 0.5} {"a": 9007199254740993}`, nil, ErrSchema, "a",
			[]string{"integer 9007199254740993 at row 1 cannot be stored as float64 without losing digits"}, nil},
		{"float next to inexact ints", `{"a": 9007199254740993} {"a": 0.5}`, nil, ErrSchema, "a",
			[]string{"got float64 0.5 at row 1", "such as 9007199254740993"}, nil},
		{"float next to a big integer", `{"a": 18446744073709551616} {"a": 0.5}`, nil, ErrSchema, "a",
			[]string{"got float64 at row 1, want decimal(38, 0)"}, nil},
		{"integer beyond 38 digits", `{"a": 123456789012345678901234567890123456789}`, nil, ErrSchema, "a", []string{"more than 38 digits"}, nil},
		{"strict: new key", `{"a": 1, "b": 2} {"a": 3, "b": 4, "c": 5}`, []Option{WithStrictKeys(true)}, ErrSchema, "",
			[]string{`key "c" at row 1 is not in the records before it`, "first record at row 0"}, []string{`"a"`, `"b"`}},
		{"strict: missing key", `{"a": 1, "b": 2, "c": 3} {"a": 3}`, []Option{WithStrictKeys(true)}, ErrSchema, "",
			[]string{`record at row 1 lacks key "b", "c"`}, []string{`"a"`}},
		{"strict: nested", `{"u": {"x": 1}} {"u": {"y": 1}}`, []Option{WithStrictKeys(true)}, ErrSchema, "u", []string{`key "y" at row 1`}, nil},
		{"duplicate key", `{"a": 1, "a": 2}`, nil, ErrSchema, "a", []string{"key given twice"}, nil},
		{"scalar rows", `1 2`, nil, ErrType, "", []string{"holds int64 values and no maps"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := buildJSON(t, tc.in, tc.opts...)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, %v; want an *Error", st, err)
			}
			if !errors.Is(err, tc.kind) || e.Field != tc.path {
				t.Errorf("kind/path of %q: want %v at %q", err, tc.kind, tc.path)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q does not contain %q", err, w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(err.Error(), w) {
					t.Errorf("%q names %s, which does not differ", err, w)
				}
			}
		})
	}
}

// TestFromValueUnion: FromValue unions key sets too, and sorts the fields
// of Go maps (which have no order).
func TestFromValueUnion(t *testing.T) {
	v := decodeJSON(t, `[{"b": 1, "a": {"y": 1}}, {"c": 2, "a": {"x": 2}}, {"a": null}]`)
	st, err := FromValue(v)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Spec().String(), `3 * {a: ?{x: ?float64, y: ?float64}, b: ?float64, c: ?float64}`; got != want {
		t.Errorf("Spec %s, want %s", got, want)
	}
	if _, err := FromValue(v, WithStrictKeys(true)); err == nil || !strings.Contains(err.Error(), `field a: key "x" at row 1`) {
		t.Errorf("strict: %v", err)
	}
}

// TestFromValueBigIntegers: Go uint64 and json.Number beyond int64 are
// not rounded into floats.
func TestFromValueBigIntegers(t *testing.T) {
	st, err := FromValue([]any{
		map[string]any{"u": uint64(math.MaxUint64), "n": json.Number("-12345678901234567890123")},
		map[string]any{"u": uint64(1), "n": json.Number("7")},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want []string
	}{{"u", []string{"18446744073709551615", "1"}}, {"n", []string{"-12345678901234567890123", "7"}}} {
		col := field(t, st, tc.path).(*Dense).Values()
		got := []string{col.ValueStr(0), col.ValueStr(1)}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.path, got, tc.want)
		}
	}
}

// TestFromValueConflictOption: the conflict policy reaches FromValue.
func TestFromValueConflictOption(t *testing.T) {
	v := decodeJSON(t, `[{"a": 1}, {"a": "x"}, {"a": [1, {"k": null}]}]`)
	if _, err := FromValue(v); !errors.Is(err, ErrSchema) {
		t.Fatalf("default policy: %v", err)
	}
	st, err := FromValue(v, WithConflicts(ConflictJSONText))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jsonNorm(t, st.ToValue()), `[{"a":"1"},{"a":"x"},{"a":"[1,{\"k\":null}]"}]`; got != want {
		t.Errorf("ToValue %s, want %s", got, want)
	}
}

// TestBuilderMapAppearance: records whose keys are sparse (each in few of
// them, as currency codes of countries) become a map when the input ends,
// below the key-count threshold; dense keys stay fields.
func TestBuilderMapAppearance(t *testing.T) {
	var sparse, dense strings.Builder
	for i := range 30 {
		fmt.Fprintf(&sparse, `{"id": %d, "cur": {"C%d": {"name": "n%d"}}}`+"\n", i, i%15, i)
		fmt.Fprintf(&dense, `{"id": %d, "tr": {"deu": "d%d", "fra": "f%d"}}`+"\n", i, i, i)
	}
	st, err := buildJSON(t, sparse.String())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Spec().String(), `30 * {id: int64, cur: map<string, {name: string}>}`; got != want {
		t.Errorf("sparse keys: %s, want %s", got, want)
	}
	if got := jsonNorm(t, st.ToValue().([]any)[16]); got != `{"cur":{"C1":{"name":"n16"}},"id":16}` {
		t.Errorf("row 16: %s", got)
	}
	st, err = buildJSON(t, sparse.String(), WithMapAppearance(0))
	if err != nil {
		t.Fatal(err)
	}
	if m := field(t, st, "cur").(*Tensor); m.IsMap() || m.NumFields() != 15 {
		t.Errorf("WithMapAppearance(0): map %v, %d fields", m.IsMap(), m.NumFields())
	}
	st, err = buildJSON(t, dense.String())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Spec().String(), `30 * {id: int64, tr: {deu: string, fra: string}}`; got != want {
		t.Errorf("dense keys: %s, want %s", got, want)
	}
}

// TestBuilderReviewFixes pins down defects a review found in the Builder.
func TestBuilderReviewFixes(t *testing.T) {
	t.Run("Number leaves the caller's bytes alone in JSON text", func(t *testing.T) {
		b := Must(NewBuilder(nil, WithConflicts(ConflictJSONText)))
		scanJSON(b, []byte(`{"a": 1}`))
		b.BeginRecord()
		b.Key("a")
		b.BeginList()
		in := []byte(`12, "caller data"`)
		b.Number(in[:2])
		b.Int(7777)
		b.EndList()
		b.EndRecord()
		if string(in) != `12, "caller data"` {
			t.Errorf("caller's bytes became %q", in)
		}
		st := Must(b.Finish())
		if got := jsonNorm(t, st.ToValue()); got != `[{"a":"1"},{"a":"[12,7777]"}]` {
			t.Errorf("ToValue %s", got)
		}
	})
	t.Run("Number checks its text", func(t *testing.T) {
		for _, text := range []string{"0123", "00", "abc", "1.", "-", "1e", "12345678901234567890123x"} {
			b := Must(NewBuilder(nil, WithConflicts(ConflictJSONText)))
			b.BeginRecord()
			b.Key("a")
			if err := b.Number([]byte(text)); !errors.Is(err, ErrType) {
				t.Errorf("Number(%q): %v", text, err)
			}
		}
	})
	t.Run("long numbers with a fraction are floats", func(t *testing.T) {
		st, err := buildJSON(t, `{"a": 12345678901234567890123.5} {"a": 123456789012345678901e3}`)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Spec().String(); got != `2 * {a: float64}` {
			t.Errorf("Spec %s", got)
		}
	})
	t.Run("a Spec's decimal takes the exact text", func(t *testing.T) {
		b := Must(NewBuilder(Must(ParseSpec(`var * {d: decimal(38, 2)}`))))
		if err := scanJSON(b, []byte(`{"d": 12345678901234567.89} {"d": 1.005e0} {"d": 7}`)); err == nil {
			t.Fatal("1.005 was taken at scale 2")
		}
		b = Must(NewBuilder(Must(ParseSpec(`var * {d: decimal(38, 2)}`))))
		if err := scanJSON(b, []byte(`{"d": 12345678901234567.89} {"d": 7}`)); err != nil {
			t.Fatal(err)
		}
		col := field(t, Must(b.Finish()), "d").(*Dense).Values()
		if col.ValueStr(0) != "12345678901234567.89" || col.(*array.Decimal128).Value(1) != decimal128.FromI64(700) {
			t.Errorf("decimals %s, %s", col.ValueStr(0), col.ValueStr(1))
		}
	})
	t.Run("Reserve is bounded", func(t *testing.T) {
		b := Must(NewBuilder(nil))
		scanJSON(b, []byte(`{"a": "x", "l": [1]}`))
		b.Reserve(1 << 45)
		scanJSON(b, []byte(`{"a": "y", "l": [2]}`))
		if st := Must(b.Finish()); st.NumRows() != 2 {
			t.Errorf("%d rows", st.NumRows())
		}
	})
	t.Run("a fixed row count of the Spec is checked", func(t *testing.T) {
		b := Must(NewBuilder(Must(ParseSpec(`3 * {a: int64}`))))
		scanJSON(b, []byte(`{"a": 1}`))
		if _, err := b.Finish(); err == nil || !strings.Contains(err.Error(), "got 1 rows, but the Spec gives 3") {
			t.Errorf("Finish: %v", err)
		}
	})
	t.Run("rows of lists never become JSON text", func(t *testing.T) {
		_, err := buildJSON(t, `[{"a": 1}] {"a": 2}`, WithConflicts(ConflictJSONText))
		if err == nil || !strings.Contains(err.Error(), "got structure at row 1, want list") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("fields of map values from Go maps are sorted", func(t *testing.T) {
		rows := make([]any, 20)
		for i := range rows {
			v := map[string]any{"y": 1.0}
			if i%2 == 1 {
				v = map[string]any{"x": 1.0}
			}
			rows[i] = map[string]any{"m": map[string]any{fmt.Sprintf("k%d", i): v}}
		}
		st := Must(FromValue(rows, WithMapThreshold(3)))
		if got := st.Spec().String(); got != `20 * {m: map<string, {x: ?float64, y: ?float64}>}` {
			t.Errorf("Spec %s", got)
		}
	})
	t.Run("an empty first batch freezes nothing", func(t *testing.T) {
		b := Must(NewBuilder(nil))
		Must(b.Finish())
		if err := scanJSON(b, []byte(`{"a": 1}`)); err != nil {
			t.Errorf("after an empty batch: %v", err)
		}
	})
	t.Run("a stream's frozen map Spec parses", func(t *testing.T) {
		b := Must(NewBuilder(nil, WithMapThreshold(1)))
		scanJSON(b, []byte(`{"m": {"a": 1, "b": 2}}`))
		Must(b.Finish())
		if _, err := ParseSpec(b.spec.String()); err != nil {
			t.Errorf("frozen Spec %s: %v", b.spec, err)
		}
	})
	t.Run("FromValue in chunks passes the map threshold as one pass", func(t *testing.T) {
		rows := make([]any, 40000)
		for i := range rows {
			rows[i] = map[string]any{"m": map[string]any{fmt.Sprintf("k%d", i*300/len(rows)): 1.0}}
		}
		one := Must(FromValue(rows, WithMapAppearance(0), WithParallelism(1)))
		two := Must(FromValue(rows, WithMapAppearance(0), WithParallelism(2)))
		if one.Spec().String() != two.Spec().String() || !Equal(one, two) {
			t.Errorf("one pass %s, in chunks %s", one.Spec(), two.Spec())
		}
	})
	t.Run("a failed chunked run leaves no capture open", func(t *testing.T) {
		rows := make([]any, 40000)
		for i := range rows {
			rows[i] = map[string]any{"a": float64(i)}
		}
		rows[1] = map[string]any{"a": "x"}
		rows[5] = map[string]any{"a": []any{1.0, make(chan int)}}
		_, e1 := FromValue(rows, WithConflicts(ConflictJSONText), WithParallelism(1))
		_, e2 := FromValue(rows, WithConflicts(ConflictJSONText), WithParallelism(2))
		if e1 == nil || fmt.Sprint(e1) != fmt.Sprint(e2) {
			t.Errorf("one pass %v, in chunks %v", e1, e2)
		}
	})
	t.Run("conversions are not quadratic", func(t *testing.T) {
		var in strings.Builder
		for i := range 20000 {
			if i%2 == 0 {
				in.WriteString(`{"s": {"x": 1}}`)
			} else {
				in.WriteString(`{"s": {"y": 1}}`)
			}
		}
		in.WriteString(`{"s": 5}`)
		n := testing.AllocsPerRun(1, func() {
			if _, err := buildJSON(t, in.String(), WithConflicts(ConflictJSONText)); err != nil {
				t.Fatal(err)
			}
		})
		if n > 2000 {
			t.Errorf("%v allocations", n)
		}
	})
}
