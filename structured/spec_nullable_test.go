package structured

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured/internal/build"
)

// TestFromValueSpecNullableTop checks that FromValueSpec takes null
// top-level structures and outer lists when Spec.Nullable is set, and
// refuses them otherwise.
func TestFromValueSpecNullableTop(t *testing.T) {
	for _, c := range []struct {
		name, value, spec string
		kind              error  // nil: success
		want              string // error text, or the Spec of the result
	}{
		{"rank 1 null record", `[{"a": 1}, null]`, `?var * {a: int64}`, nil, `?2 * {a: int64}`},
		{"rank 1 null record refused", `[{"a": 1}, null]`, `var * {a: int64}`, ErrSchema,
			`got null at row 1, but the Spec does not allow nulls here`},
		{"rank 1 nullable Spec, no nulls", `[{"a": 1}]`, `?var * {a: int64}`, nil, `1 * {a: int64}`},
		{"rank 2 null outer list", `[[{"a": 1}], null]`, `?var * var * {a: int64}`, nil, `?2 * var * {a: int64}`},
		{"rank 2 null outer list refused", `[[{"a": 1}], null]`, `var * var * {a: int64}`, ErrSchema,
			`got null at row 1, but the Spec does not allow nulls here`},
		{"rank 2 null structure", `[[{"a": 1}, null]]`, `?var * var * {a: int64}`, nil, `?1 * var * {a: int64}`},
		{"rank 2 null structure refused", `[[{"a": 1}, null]]`, `var * var * {a: int64}`, ErrSchema,
			`field [1]: got null at row 0, but the Spec does not allow nulls here`},
		{"rank 2 null list of fixed length", `[[{"a": 1}], null]`, `?var * 1 * {a: int64}`, nil, `?2 * 1 * {a: int64}`},
		{"rank 2 null list of fixed length refused", `[[{"a": 1}], null]`, `var * 1 * {a: int64}`, ErrSchema,
			`got null at row 1, but the Spec does not allow nulls here`},
		{"rank 3 null inner list", `[[[{"a": 1}], null], []]`, `?var * var * var * {a: int64}`, nil, `?2 * var * var * {a: int64}`},
		{"rank 3 null inner list refused", `[[[{"a": 1}], null], []]`, `var * var * var * {a: int64}`, ErrSchema,
			`field [1]: got null at row 0, but the Spec does not allow nulls here`},
		{"rank 0 null structure", `null`, `?{a: int64}`, nil, `?{a: int64}`},
		{"rank 0 nil refused", `null`, `{a: int64}`, ErrType, `got nil`},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := decodeJSON(t, c.value)
			st, err := FromValueSpec(v, spMust(t, c.spec))
			if c.kind != nil {
				if err == nil || !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("FromValueSpec(%s, %s) = %v, want %v error containing %q", c.value, c.spec, err, c.kind, c.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("FromValueSpec(%s, %s): %v", c.value, c.spec, err)
			}
			if got := st.Spec().String(); got != c.want {
				t.Errorf("Spec %s, want %s", got, c.want)
			}
			if got, want := fmt.Sprint(st.ToValue()), fmt.Sprint(v); got != want {
				t.Errorf("ToValue %s, want %s", got, want)
			}
			back, err := FromValueSpec(st.ToValue(), st.Spec())
			if err != nil || !back.Equal(st) {
				t.Errorf("FromValueSpec(ToValue(), Spec()) = %v, %v; want %v", back, err, st)
			}
		})
	}
}

// TestSpecCompatibleNullableTop checks that Compatible and ConformsTo treat
// Spec.Nullable as a field's Nullable.
func TestSpecCompatibleNullableTop(t *testing.T) {
	nullRow := spFromJSON(`[{"a": 1}, null]`)(t)
	nullList := spFromJSON(`[[{"a": 1}], null]`)(t)
	for _, c := range []struct {
		name string
		s    string
		o    *Spec
		want string // "" for compatible
	}{
		{"nullable takes nullable", `?var * {a: float64}`, nullRow.Spec(), ""},
		{"nullable takes non-nullable", `?var * {a: float64}`, spMust(t, `3 * {a: float64}`), ""},
		{"null rows refused", `var * {a: float64}`, nullRow.Spec(),
			"structured: Compatible: the top level is nullable (null structures or outer lists), but the Spec does not allow nulls there"},
		{"null outer lists refused", `var * var * {a: float64}`, nullList.Spec(),
			"structured: Compatible: the top level is nullable (null structures or outer lists), but the Spec does not allow nulls there"},
		{"rank checked first", `var * {a: float64}`, nullList.Spec(), "structured: Compatible: has rank 2, want rank 1"},
		{"top level checked before fields", `var * {a: int64}`, nullRow.Spec(),
			"structured: Compatible: the top level is nullable"},
	} {
		err := spMust(t, c.s).Compatible(c.o)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %s.Compatible(%s): %v", c.name, c.s, c.o, err)
		case c.want != "" && (err == nil || !errors.Is(err, ErrSchema) || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%s: %s.Compatible(%s) = %v, want %s", c.name, c.s, c.o, err, c.want)
		}
	}
	if err := nullRow.ConformsTo(spMust(t, `var * {a: float64}`)); !errors.Is(err, ErrSchema) {
		t.Errorf("ConformsTo a non-nullable Spec: %v", err)
	}
	if err := nullRow.ConformsTo(spMust(t, `?var * {a: float64}`)); err != nil {
		t.Errorf("ConformsTo a nullable Spec: %v", err)
	}
}

// TestSpecNullableTopText checks printing and parsing of Spec.Nullable.
func TestSpecNullableTopText(t *testing.T) {
	for _, c := range []struct {
		text string
		want *Spec
		tree string
	}{
		{`?var * {a: int64}`, &Spec{Shape: Shape{Unknown}, Nullable: true, Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64}}},
			"?var * {\n  a: int64\n}"},
		{` ? 2 * var * {}`, &Spec{Shape: Shape{2, Unknown}, Nullable: true, Fields: []FieldSpec{}}, "?2 * var * {}"},
		{"?\n{a: ?int64}", &Spec{Nullable: true, Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true}}},
			"?{\n  a: ?int64\n}"},
	} {
		got, err := ParseSpec(c.text)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("ParseSpec(%q) = %v, %v; want %v", c.text, got, err, c.want)
			continue
		}
		if tree := got.Tree(); tree != c.tree {
			t.Errorf("Tree of %q:\n%s\nwant\n%s", c.text, tree, c.tree)
		}
		for _, text := range []string{got.String(), got.Tree()} {
			if back, err := ParseSpec(text); err != nil || !back.Equal(got) {
				t.Errorf("ParseSpec(%q) = %v, %v; want %v", text, back, err, got)
			}
		}
		plain := *got
		plain.Nullable = false
		if plain.Equal(got) || strings.HasPrefix(plain.String(), "?") {
			t.Errorf("%q: Nullable does not show in Equal or String", c.text)
		}
	}
}

// TestSpecNullableTopArrow checks that Spec.Nullable maps to the element
// nullability of the outer list levels, and is ignored for rank 1.
func TestSpecNullableTopArrow(t *testing.T) {
	for _, c := range []struct {
		spec, typ string
	}{
		{`?var * var * {a: int64}`, "large_list<item: struct<a: int64>, nullable>"},
		{`var * var * {a: int64}`, "large_list<item: struct<a: int64>>"},
		{`?var * 2 * {a: int64}`, "fixed_size_list<item: struct<a: int64>, nullable>[2]"},
		{`?var * {a: int64}`, "struct<a: int64>"},
		{`var * {a: int64}`, "struct<a: int64>"},
	} {
		s := spMust(t, c.spec)
		dt, err := s.ArrowType()
		if err != nil || dt.String() != c.typ {
			t.Errorf("%s: ArrowType = %v, %v; want %s", c.spec, dt, err, c.typ)
			continue
		}
		back, err := SpecFromArrowType(dt)
		if err != nil {
			t.Fatal(err)
		}
		want := *s
		want.Shape = append(Shape{Unknown}, s.Shape[1:]...)
		if len(s.Shape) == 1 {
			want.Nullable = false // a struct type has no place for null rows
		}
		if !back.Equal(&want) {
			t.Errorf("%s: SpecFromArrowType(ArrowType()) = %s, want %s", c.spec, back, &want)
		}
	}
	// Record batches cannot hold null rows: ArrowSchema ignores Nullable.
	a, errA := spMust(t, `?var * {a: int64}`).ArrowSchema()
	b, errB := spMust(t, `var * {a: int64}`).ArrowSchema()
	if errA != nil || errB != nil || !a.Equal(b) {
		t.Errorf("ArrowSchema of a nullable rank-1 Spec %v, %v; of a plain one %v, %v", a, errA, b, errB)
	}
	if s, err := SpecFromArrowSchema(a); err != nil || s.Nullable {
		t.Errorf("SpecFromArrowSchema = %v, %v; want a Spec that is not Nullable", s, err)
	}
}

// TestNullTypedLeafIsNull checks that every item of a Null-typed leaf is
// null to IsNull, and so to Spec, also where a null structure or list hides
// some of its items (Arrow's Null array has no bitmap to read).
func TestNullTypedLeafIsNull(t *testing.T) {
	for _, c := range []struct {
		name, value, want string
	}{
		{"plain", `[{"a": null}, {"a": null}]`, `2 * {a: ?null}`},
		{"beside a null structure", `[{"a": null}, null]`, `?2 * {a: ?null}`},
		{"under a null list", `[{"s": [{"a": null}]}, {"s": null}]`, `2 * {s: ?var * {a: ?null}}`},
		{"under a null structure", `[{"s": {"a": null}}, {"s": null}]`, `2 * {s: ?{a: ?null}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := Must(FromValue(decodeJSON(t, c.value)))
			if got := st.Spec().String(); got != c.want {
				t.Errorf("Spec %s, want %s", got, c.want)
			}
		})
	}
	d := Must(NewDense(array.NewNull(3)))
	for i := range 3 {
		if !d.IsNull(i) {
			t.Errorf("Null-typed Dense: IsNull(%d) is false", i)
		}
	}
	if d.NullN() != 3 {
		t.Errorf("Null-typed Dense: NullN %d, want 3", d.NullN())
	}
}

// TestFromValueSpecNullFixedLists checks that FromValueSpec stores null
// lists of fixed length, as a null row of a uniform partition holding
// null placeholders (what FromArrow reads from a fixed_size_list), so that
// FromValueSpec(t.ToValue(), t.Spec()) gives t back: Equal to t when t
// was built so (Arrow may hide other placeholders below a null, which
// Equal compares: then the same values and Spec); that a valid record
// missing such a field has a null list too; and that fixed-length lists
// hidden below a null parent stay placeholders, keeping the leaf dense.
func TestFromValueSpecNullFixedLists(t *testing.T) {
	fromArrow := func(typ arrow.DataType, js string) *Tensor {
		arr, _, err := array.FromJSON(memory.DefaultAllocator, typ, strings.NewReader(js))
		if err != nil {
			t.Fatal(err)
		}
		defer arr.Release()
		return Must(FromArrow(arr))
	}
	i64 := arrow.PrimitiveTypes.Int64
	vType := arrow.StructOf(arrow.Field{Name: "v", Type: arrow.FixedSizeListOf(2, i64), Nullable: true})
	cases := []struct {
		name  string
		st    func() *Tensor // the Tensor to round-trip
		spec  string         // its Spec
		dense []string       // fields that must be dense
		equal bool           // the round trip is Equal, not only the same values
	}{
		{"Arrow field", func() *Tensor { return fromArrow(vType, `[{"v": [1, 2]}, {"v": null}, {"v": [3, null]}]`) }, `3 * {v: ?2 * int64}`, nil, true},
		{"Arrow rank 2", func() *Tensor {
			return fromArrow(arrow.FixedSizeListOf(3, vType), `[[{"v": [1, 2]}, {"v": null}, {"v": [5, 6]}], null]`)
		}, `?2 * 3 * {v: ?2 * int64}`, nil, false},
		{"null and missing", func() *Tensor {
			return Must(FromValueSpec(decodeJSON(t, `[{"a": [1, 2]}, {"a": null}, {}]`), spMust(t, `var * {a: ?2 * int64}`)))
		}, `3 * {a: ?2 * int64}`, nil, true},
		{"nested fixed lists", func() *Tensor {
			return Must(FromValueSpec(decodeJSON(t, `[{"a": null}, {"a": [[1, 2, 3], [4, 5, 6]]}]`), spMust(t, `var * {a: ?2 * 3 * int64}`)))
		}, `2 * {a: ?2 * 3 * int64}`, nil, true},
		{"missing in a nested structure", func() *Tensor {
			return Must(FromValueSpec(decodeJSON(t, `[{"s": {}}, {"s": {"a": [1, 2]}}]`), spMust(t, `var * {s: {a: ?2 * int64}}`)))
		}, `2 * {s: {a: ?2 * int64}}`, nil, true},
		{"below a null structure", func() *Tensor {
			return Must(FromValueSpec(decodeJSON(t, `[{"s": {"a": [1, 2]}}, {"s": null}]`), spMust(t, `var * {s: ?{a: 2 * int64}}`)))
		}, `2 * {s: ?{a: 2 * int64}}`, []string{"s.a"}, true},
		{"below a null list", func() *Tensor {
			return Must(FromValueSpec(decodeJSON(t, `[{"s": [{"a": [1, 2]}]}, {"s": null}]`), spMust(t, `var * {s: ?var * {a: 2 * int64}}`)))
		}, `2 * {s: ?var * {a: 2 * int64}}`, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := c.st()
			spec := st.Spec()
			if got := spec.String(); got != c.spec {
				t.Fatalf("Spec %s, want %s", got, c.spec)
			}
			for _, chunks := range []build.Chunking{onePass, inChunks} {
				back, err := fromValueSpec(st.ToValue(), spec, chunks)
				if err != nil {
					t.Fatalf("FromValueSpec(ToValue(), Spec()): %v", err)
				}
				same := reflect.DeepEqual(back.ToValue(), st.ToValue()) && back.Spec().Equal(spec)
				if !same || c.equal && !back.Equal(st) {
					t.Fatalf("FromValueSpec(ToValue(), Spec()) = %v; want %v", back, st)
				}
				if again := Must(FromValueSpec(back.ToValue(), spec)); !again.Equal(back) {
					t.Fatalf("second round trip %v; want %v", again, back)
				}
			}
			for _, path := range c.dense {
				if v := Must(st.Field(strings.Split(path, ".")...)); kindName(v) != "dense" {
					t.Errorf("%s is %s, want dense", path, kindName(v))
				}
			}
		})
	}
}
