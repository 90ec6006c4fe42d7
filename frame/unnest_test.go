package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

func unnPeople(t testing.TB) *Frame {
	t.Helper()
	f := FromRecords([]any{
		map[string]any{"name": "ann", "addr": map[string]any{"city": "Oslo", "name": "home", "geo": map[string]any{"lat": 1.5, "pos": map[string]any{"x": int64(1)}}}, "pets": []any{map[string]any{"kind": "cat"}, nil}},
		map[string]any{"name": "bob", "addr": nil, "pets": []any{}},
		map[string]any{"name": "cy", "addr": map[string]any{"city": nil, "name": "work", "geo": nil}, "pets": nil},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f.Select("name", "addr", "pets")
}

func TestUnnest(t *testing.T) {
	f := unnPeople(t)
	tests := []struct {
		name string
		got  *Frame
		cols []string
		rows []any
		err  error
		msg  []string
	}{
		{name: "collision is an error", got: f.Unnest("addr"), err: ErrDuplicate, msg: []string{`"name"`, `"addr"`, "already exists"}},
		{name: "prefix on collision", got: f.Unnest("addr", WithCollision(CollisionPrefix)), cols: []string{"name", "city", "geo", "addr.name", "pets"}},
		{name: "prefixed", got: f.Unnest("addr", WithPrefixed(true)), cols: []string{"name", "addr.city", "addr.geo", "addr.name", "pets"}},
		{name: "prefixed separator", got: f.Unnest("addr", WithPrefixed(true), WithSeparator("_")), cols: []string{"name", "addr_city", "addr_geo", "addr_name", "pets"}},
		{name: "replace", got: f.Unnest("addr", WithCollision(CollisionReplace)), cols: []string{"city", "geo", "name", "pets"},
			rows: []any{"home", nil, "work"}},
		{name: "list of structures", got: f.Unnest("pets"), cols: []string{"name", "addr", "kind"}},
		{name: "not a structure", got: f.Unnest("name"), err: ErrType, msg: []string{`"name"`}},
		{name: "unknown", got: f.Unnest("nope"), err: ErrColumn},
		{name: "nested path", got: f.Unnest("addr.geo"), err: ErrArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				for _, s := range tc.msg {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %s", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := tc.got.Columns(); !reflect.DeepEqual(got, tc.cols) {
				t.Errorf("columns = %v, want %v", got, tc.cols)
			}
			if tc.rows != nil {
				s, _ := tc.got.Column("name")
				if got := s.ToValue(); !reflect.DeepEqual(got, tc.rows) {
					t.Errorf("name = %v, want %v", got, tc.rows)
				}
			}
		})
	}
	// Values: a null structure makes all of its fields null; a list of
	// structures gives lists, a null structure in a list a null item.
	g := f.Unnest("addr", WithPrefixed(true))
	for col, want := range map[string][]any{
		"addr.city": {"Oslo", nil, nil},
		"addr.geo":  {map[string]any{"lat": 1.5, "pos": map[string]any{"x": int64(1)}}, nil, nil},
	} {
		s, err := g.Column(col)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ToValue(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", col, got, want)
		}
	}
	s, _ := f.Unnest("pets").Column("kind")
	if got, want := s.ToValue(), []any{[]any{"cat", nil}, []any{}, nil}; !reflect.DeepEqual(got, want) {
		t.Errorf("kind = %v, want %v", got, want)
	}
}

// unnStructWithValidChildren builds a structure column {a: int64, s: {b:
// string}, l: list<int64>} whose null rows hold valid child values, as
// Arrow allows.
func unnStructWithValidChildren(t testing.TB) *Frame {
	t.Helper()
	mem := memory.DefaultAllocator
	ab := array.NewInt64Builder(mem)
	ab.AppendValues([]int64{1, 2, 3}, nil)
	a := ab.NewArray()
	sb := array.NewStringBuilder(mem)
	sb.AppendValues([]string{"x", "y", "z"}, nil)
	bs := sb.NewArray()
	inner, err := array.NewStructArray([]arrow.Array{bs}, []string{"b"})
	if err != nil {
		t.Fatal(err)
	}
	lb := array.NewListBuilder(mem, arrow.PrimitiveTypes.Int64)
	for _, n := range []int{1, 2, 0} {
		lb.Append(true)
		for k := 0; k < n; k++ {
			lb.ValueBuilder().(*array.Int64Builder).Append(int64(k))
		}
	}
	l := lb.NewArray()
	db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	for _, x := range []string{"p", "q", "p"} {
		if err := db.AppendString(x); err != nil {
			t.Fatal(err)
		}
	}
	dict := db.NewArray()
	valid := memory.NewBufferBytes([]byte{0b101}) // row 1 null
	st, err := array.NewStructArrayWithNulls([]arrow.Array{a, inner, l, dict}, []string{"a", "s", "l", "d"}, valid, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := structured.FromArrow(st)
	if err != nil {
		t.Fatal(err)
	}
	f := FromColumns([]string{"id", "st"}, []int64{10, 20, 30}, tt)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestUnnestPushesNulls(t *testing.T) {
	f := unnStructWithValidChildren(t)
	g := f.Unnest("st")
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	want := []any{
		map[string]any{"id": int64(10), "a": int64(1), "s": map[string]any{"b": "x"}, "l": []any{int64(0)}, "d": "p"},
		map[string]any{"id": int64(20), "a": nil, "s": nil, "l": nil, "d": nil},
		map[string]any{"id": int64(30), "a": int64(3), "s": map[string]any{"b": "z"}, "l": []any{}, "d": "p"},
	}
	if got := g.data.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	// The vector's values are shared, only its validity is new.
	src, _ := f.data.Field("st", "a")
	dst, _ := g.data.Field("a")
	sa := src.(structured.Leaf).Values().Data().Buffers()[1].Bytes()
	da := dst.(structured.Leaf).Values().Data().Buffers()[1].Bytes()
	if &sa[0] != &da[0] {
		t.Error("the values of field a were copied")
	}
	// Flatten pushes the same nulls all the way down.
	fl := f.Flatten()
	wantFlat := []any{
		map[string]any{"id": int64(10), "st.a": int64(1), "st.s.b": "x", "st.l": []any{int64(0)}, "st.d": "p"},
		map[string]any{"id": int64(20), "st.a": nil, "st.s.b": nil, "st.l": nil, "st.d": nil},
		map[string]any{"id": int64(30), "st.a": int64(3), "st.s.b": "z", "st.l": []any{}, "st.d": "p"},
	}
	if got := fl.data.ToValue(); !reflect.DeepEqual(got, wantFlat) {
		t.Errorf("Flatten got  %v\nwant %v", got, wantFlat)
	}
}

func TestUnnestEmpty(t *testing.T) {
	f := unnPeople(t).Slice(0, 0)
	g := f.Unnest("addr", WithPrefixed(true))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if r, c := g.NumRows(), g.NumColumns(); r != 0 || c != 5 {
		t.Errorf("shape %d×%d", r, c)
	}
	if err := FromColumns(nil).Unnest("a").Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("0 columns: %v", err)
	}
	two := FromColumns([]string{"s"}, []map[string]any{{"x": int64(1), "s.x": int64(2)}})
	if err := two.Unnest("s", WithCollision(CollisionPrefix)).Err(); err != nil {
		t.Errorf("no collision yet: %v", err)
	}
	if err := two.Unnest("s", WithPrefixed(true)).Err(); err != nil {
		t.Errorf("prefixed: %v", err)
	}
	clash := FromColumns([]string{"x", "s"}, []int64{0}, []map[string]any{{"x": int64(1), "s.x": int64(2)}})
	if err := clash.Unnest("s", WithCollision(CollisionPrefix)).Err(); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), `"s.x"`) {
		t.Errorf("prefix clash: %v", err)
	}
	m := FromRecords([]any{map[string]any{"m": map[string]any{"a": int64(1), "b": int64(2)}}}, structured.WithMapThreshold(1))
	if err := m.Unnest("m").Err(); !errors.Is(err, ErrType) {
		t.Errorf("map: %v", err)
	}
}
