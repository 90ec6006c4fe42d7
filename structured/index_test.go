package structured

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

type (
	ixRow  int
	ixName string
)

// ixPeople is the API reference's vector of people, with a person who has
// no names and one whose names and age are null.
func ixPeople() *Tensor {
	return Must(FromValue([]any{
		map[string]any{"name": "Ann", "age": int64(12), "names": []any{"Annie", "Nan", "Anna"}},
		map[string]any{"name": "Bob", "age": int64(82), "names": []any{"Bob", "Bobby"}},
		map[string]any{"name": "Cy", "age": int64(42), "names": []any{}},
		map[string]any{"name": "Dee", "age": int64(30), "names": []any{"Dee", "D", "Deedee", "DD"}},
		map[string]any{"name": "Eve", "age": nil, "names": nil},
	}))
}

// ixRecipe is the RFC's recipe structure (a rank-0 Tensor).
func ixRecipe() *Tensor {
	ingredient := func(amount float64, unit, name string) any {
		return map[string]any{"amount": amount, "unit": unit, "name": name}
	}
	return Must(FromValue(map[string]any{
		"user_embedding": []any{0.8, 2.1, 0.3, 0.1, 9.2, 1.8},
		"recipe": map[string]any{
			"title":    "Snickerdoodle cookies",
			"est_time": 55.0,
			"ingredients": []any{
				ingredient(3.0, "cup", "flour"),
				ingredient(1.0, "cup", "white sugar"),
				ingredient(0.5, "cup", "brown sugar"),
				ingredient(1.0, "cup", "butter"),
				ingredient(1.0, "teaspoon", "cinnamon"),
				ingredient(2.0, "teaspoon", "cream of tartar"),
			},
			"step": []any{
				map[string]any{"description": "Preheat oven to 350 degrees F."},
				map[string]any{"description": "Whisk together the flour, cinnamon, baking soda, salt, ..."},
			},
			"user_rating": []any{
				map[string]any{"user_embedding": []any{0.7, 2.0, 0.3, 0.3, 5.2, 2.2}, "score": 0.8},
				map[string]any{"user_embedding": []any{1.4, 0.0, 3.1, 1.1, 1.2, 0.3}, "score": 0.4},
			},
		},
	}))
}

// ixGrid is a rank-2 ragged Tensor with an empty row and a null row.
func ixGrid() *Tensor {
	return Must(FromValue([]any{
		[]any{map[string]any{"a": int64(1), "b": []any{int64(1), int64(2)}}, map[string]any{"a": int64(2), "b": []any{}}},
		[]any{},
		[]any{map[string]any{"a": int64(3), "b": []any{int64(3)}}},
		nil,
	}))
}

// ixF5 is TensorFlow's slicing test data for vec[4:, "f5", 0, 1, "f5_1"]:
// a nested ragged list of structures, which TF can only index that way
// with a dense f5_1.
func ixF5() *Tensor {
	row := func(k int64) any {
		return map[string]any{"f5": []any{
			[]any{map[string]any{"f5_1": k}, map[string]any{"f5_1": k + 1}},
			[]any{map[string]any{"f5_1": k + 2}},
		}}
	}
	rows := make([]any, 6)
	for i := range rows {
		rows[i] = row(int64(i))
	}
	return Must(FromValue(rows))
}

type ixCase struct {
	name string
	v    interface {
		Index(...any) (Value, error)
	}
	key  []any
	want any    // expected ToValue
	kind string // expected result kind: dense, ragged or structured ("" = do not check)
}

func runIxCases(t *testing.T, cases []ixCase) {
	t.Helper()
	for _, tc := range cases {
		got, err := tc.v.Index(tc.key...)
		if err != nil {
			t.Errorf("%s: Index%v: %v", tc.name, tc.key, err)
			continue
		}
		if gv := got.ToValue(); !reflect.DeepEqual(gv, tc.want) {
			t.Errorf("%s: Index%v = %#v, want %#v", tc.name, tc.key, gv, tc.want)
		}
		if tc.kind != "" && kindName(got) != tc.kind {
			t.Errorf("%s: Index%v is %s (%v), want %s", tc.name, tc.key, kindName(got), got.Shape(), tc.kind)
		}
	}
}

func TestIndexPeople(t *testing.T) {
	people := ixPeople()
	s := func(xs ...string) []any {
		out := make([]any, len(xs))
		for i, x := range xs {
			out[i] = x
		}
		return out
	}
	runIxCases(t, []ixCase{
		{"empty key", people, nil, people.ToValue(), "structured"},
		{"one name", people, []any{3, "names", 0}, "Dee", "dense"},
		{"negative ints", people, []any{-2, "names", -1}, "DD", "dense"},
		{"other int types", people, []any{int8(3), "names", uint16(1)}, "D", "dense"},
		{"named int and string types", people, []any{ixRow(3), ixName("names"), uint(2)}, "Deedee", "dense"},
		{"a person", people, []any{1}, map[string]any{"name": "Bob", "age": int64(82), "names": s("Bob", "Bobby")}, "structured"},
		{"all names", people, []any{All, "names"}, []any{s("Annie", "Nan", "Anna"), s("Bob", "Bobby"), s(), s("Dee", "D", "Deedee", "DD"), nil}, "ragged"},
		{"every other name", people, []any{All, "names", S("::2")}, []any{s("Annie", "Anna"), s("Bob"), s(), s("Dee", "Deedee"), nil}, "ragged"},
		{"names reversed", people, []any{S("1:3"), "names", S("::-1")}, []any{s("Bobby", "Bob"), s()}, "ragged"},
		{"first names", people, []any{S(":2"), "names", 0}, s("Annie", "Bob"), "dense"},
		{"last names", people, []any{S("::3"), "names", -1}, s("Anna", "DD"), "dense"},
		{"ages with a null", people, []any{S("::-2"), "age"}, []any{nil, int64(42), int64(12)}, "dense"},
		{"one age", people, []any{4, "age"}, nil, "dense"},
		{"rows kept", people, []any{S("2:4")}, people.ToValue().([]any)[2:4], "structured"},
		{"empty slice", people, []any{Span(3, 1)}, []any{}, "structured"},
		{"no names", people, []any{2, "names"}, s(), "dense"},
	})
}

func TestIndexRecipe(t *testing.T) {
	st := ixRecipe()
	runIxCases(t, []ixCase{
		{"struct['recipe', 'ingredients', 0, 'name']", st, []any{"recipe", "ingredients", 0, "name"}, "flour", "dense"},
		{"struct['recipe', 'ingredients', :, 'name']", st, []any{"recipe", "ingredients", All, "name"},
			[]any{"flour", "white sugar", "brown sugar", "butter", "cinnamon", "cream of tartar"}, "dense"},
		{"struct['recipe', 'user_rating', :, 'user_embedding', ::2]", st, []any{"recipe", "user_rating", All, "user_embedding", S("::2")},
			[]any{[]any{0.7, 0.3, 5.2}, []any{1.4, 3.1, 1.2}}, "ragged"},
		{"struct['user_embedding']", st, []any{"user_embedding"}, []any{0.8, 2.1, 0.3, 0.1, 9.2, 1.8}, "dense"},
		{"struct['recipe']['title']", st, []any{"recipe", "title"}, "Snickerdoodle cookies", "dense"},
		{"struct['recipe']['ingredients'][0]", st, []any{"recipe", "ingredients", 0},
			map[string]any{"amount": 3.0, "unit": "cup", "name": "flour"}, "structured"},
		{"ingredients by step -2", st, []any{"recipe", "ingredients", S("::-2"), "amount"}, []any{2.0, 1.0, 1.0}, "dense"},
		{"struct[:]", st, []any{All}, st.ToValue(), "structured"},
		{"struct[:, 1:3] on a flat structure", Must(FromValue(map[string]any{"a": []any{int64(1), int64(2), int64(3)}, "b": []any{"x", "y", "z"}})),
			[]any{All, S("1:")}, map[string]any{"a": []any{int64(2), int64(3)}, "b": []any{"y", "z"}}, "structured"},
	})
}

func TestIndexRank2(t *testing.T) {
	g := ixGrid()
	x := func(a int64, b ...int64) any {
		l := make([]any, len(b))
		for i, v := range b {
			l[i] = v
		}
		return map[string]any{"a": a, "b": l}
	}
	runIxCases(t, []ixCase{
		{"one structure", g, []any{0, 1}, x(2), "structured"},
		{"one row", g, []any{2}, []any{x(3, 3)}, "structured"},
		{"trailing full slice", g, []any{S("1:3"), All}, g.ToValue().([]any)[1:3], "structured"},
		{"last of each row", g, []any{All, S("-1:")}, []any{[]any{x(2)}, []any{}, []any{x(3, 3)}, nil}, "structured"},
		{"rows reversed", g, []any{All, S("::-1"), "a"}, []any{[]any{int64(2), int64(1)}, []any{}, []any{int64(3)}, nil}, "ragged"},
		{"ints after slices", g, []any{S("::2"), 0, "b", S(":1")}, []any{[]any{int64(1)}, []any{int64(3)}}, "ragged"},
		{"int then field int", g, []any{0, 0, "b", 1}, int64(2), "dense"},
		{"column of a row", g, []any{0, All, "a"}, []any{int64(1), int64(2)}, "dense"},
		{"nested ints after a slice", ixF5(), []any{S("4:"), "f5", 0, 1, "f5_1"}, []any{int64(5), int64(6)}, "dense"},
	})
}

func TestIndexLeaves(t *testing.T) {
	vals := ixArray(t, arrow.PrimitiveTypes.Int64, `[0, 1, 2, 3, 4, 5, 6, 7, 8, null, 10, 11]`)
	d := Must(NewDense(vals, 4, 3))
	p := Must(PartitionFromLengths([]int{2, 0, 1}))
	r3 := Must(NewRagged(vals, p, Must(PartitionFromLengths([]int{4, 5, 3}))))
	i := func(xs ...int64) []any {
		out := make([]any, len(xs))
		for k, x := range xs {
			out[k] = x
		}
		return out
	}
	runIxCases(t, []ixCase{
		{"dense item", d, []any{1, 2}, int64(5), "dense"},
		{"dense column", d, []any{All, 1}, i(1, 4, 7, 10), "dense"},
		{"dense reversed", d, []any{S("::-1"), S("::2")}, []any{[]any{nil, int64(11)}, i(6, 8), i(3, 5), i(0, 2)}, "dense"},
		{"dense row", d, []any{-1}, []any{nil, int64(10), int64(11)}, "dense"},
		{"ragged rows", r3, []any{S(":1")}, []any{[]any{i(0, 1, 2, 3), i(4, 5, 6, 7, 8)}}, "ragged"},
		{"ragged inner ints", r3, []any{All, S("::2"), 0}, []any{i(0), i(), []any{nil}}, "ragged"},
		{"ragged to dense", r3, []any{0, All, 1}, i(1, 5), "dense"},
		{"ragged item", r3, []any{2, 0, -1}, int64(11), "dense"},
	})
}

func TestIndexDenseShapes(t *testing.T) {
	vals := ixArray(t, arrow.PrimitiveTypes.Int64, `[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]`)
	d := Must(NewDense(vals, 4, 3))
	for _, tc := range []struct {
		key   []any
		shape Shape
		want  any
	}{
		{[]any{S("::-1"), S("::2")}, Shape{4, 2}, []any{[]any{int64(9), int64(11)}, []any{int64(6), int64(8)}, []any{int64(3), int64(5)}, []any{int64(0), int64(2)}}},
		{[]any{S("1:3")}, Shape{2, 3}, []any{[]any{int64(3), int64(4), int64(5)}, []any{int64(6), int64(7), int64(8)}}},
		{[]any{All, -1}, Shape{4}, []any{int64(2), int64(5), int64(8), int64(11)}},
		{[]any{2, 0}, Shape{}, int64(6)},
	} {
		got, err := d.Index(tc.key...)
		if err != nil {
			t.Fatalf("Index%v: %v", tc.key, err)
		}
		if _, ok := got.(*Dense); !ok || !got.Shape().Equal(tc.shape) || !reflect.DeepEqual(got.ToValue(), tc.want) {
			t.Errorf("Index%v = %T %v %v, want dense %v %v", tc.key, got, got.Shape(), got.ToValue(), tc.shape, tc.want)
		}
	}
}

func TestIndexErrors(t *testing.T) {
	people, recipe, grid := ixPeople(), ixRecipe(), ixGrid()
	big := uint64(1) << 63
	for _, tc := range []struct {
		name string
		v    interface {
			Index(...any) (Value, error)
		}
		key  []any
		kind error
		msg  string
	}{
		{"row out of range", people, []any{7}, ErrIndex, "structured: Index: index 7 is out of range for dimension 0 of size 5"},
		{"negative row out of range", people, []any{-6, "age"}, ErrIndex, "field age: index -6 is out of range for dimension 0 of size 5"},
		{"name out of range", people, []any{1, "names", 2}, ErrIndex, "field names[1]: index 2 is out of range for dimension 1 of size 2"},
		{"someone has no names", people, []any{All, "names", 0}, ErrIndex, "field names[2]: index 0 is out of range for dimension 1 of size 0"},
		{"null names", people, []any{S("3:"), "names", -1}, ErrIndex, "field names[4]: index -1 into a null list"},
		{"a whole null list", people, []any{4, "names"}, ErrIndex, "field names[4]: is a null list, which cannot be a value on its own"},
		{"a person with a null list", people, []any{4}, ErrIndex, "field [4].names: is a null list"},
		{"float", people, []any{1.5}, ErrIndex, "key element 0: 1.5 (float64) is not an int, a Slice or a field name"},
		{"nil", people, []any{0, nil}, ErrIndex, "key element 1: nil is not an int"},
		{"huge uint", people, []any{big}, ErrIndex, "index 9223372036854775808 is too large"},
		{"name first on a table", people, []any{"names"}, ErrIndex, `key element 0 is the field name "names", but a rank-1 Tensor takes one int or Slice per dimension (1) before a field name`},
		{"int where a name is due", people, []any{0, 1}, ErrIndex, "key element 1 is 1, but a rank-1 Tensor indexed by more than 1 elements needs a field name there"},
		{"name where a dim is due", people, []any{All, "names", "first"}, ErrIndex, `field names: key element 1 is the field name "first", but a ragged leaf has no fields`},
		{"too many keys for a leaf", people, []any{All, "age", 0}, ErrIndex, "field age: too many key elements: 2 for a rank-1 dense leaf"},
		{"unknown field", people, []any{0, "nope"}, ErrPath, "field nope: no such field"},
		{"rank 0 int", recipe, []any{0}, ErrIndex, `a rank-0 Tensor (one structure) takes a field name or All (":") first, not 0`},
		{"rank 0 partial slice", recipe, []any{"recipe", S("1:")}, ErrIndex, `field recipe: a rank-0 Tensor (one structure) takes a field name or All (":") first, not 1:`},
		{"rank 0 All then a bad key", recipe, []any{All, 0}, ErrIndex, "field recipe: a rank-0 Tensor"},
		{"rank 0 unknown field", recipe, []any{"recipe", "nope"}, ErrPath, "field recipe.nope: no such field"},
		{"inner out of range", grid, []any{0, 5}, ErrIndex, "field [0]: index 5 is out of range for dimension 1 of size 2"},
		{"inner out of range in a slice", grid, []any{All, 0}, ErrIndex, "field [1]: index 0 is out of range for dimension 1 of size 0"},
		{"into a null row", grid, []any{3, 0}, ErrIndex, "field [3]: index 0 into a null list (dimension 1)"},
		{"a null row", grid, []any{3}, ErrIndex, "field [3]: is a null list of structures"},
		{"a null row by slice", grid, []any{3, All, "a"}, ErrIndex, "field a[3]: is a null list"},
		{"deep row names", grid, []any{All, All, "b", 1}, ErrIndex, "field b[0][1]: index 1 is out of range for dimension 2 of size 0"},
		{"dense leaf", Must(NewDense(ixArray(t, arrow.PrimitiveTypes.Int64, `[1, 2]`))), []any{2}, ErrIndex, "index 2 is out of range for dimension 0 of size 2"},
		{"scalar leaf", Must(NewScalar(ixArray(t, arrow.PrimitiveTypes.Int64, `[1]`))), []any{0}, ErrIndex, "too many key elements: 1 for a rank-0 dense leaf"},
	} {
		_, err := tc.v.Index(tc.key...)
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: Index%v = %v, want %v", tc.name, tc.key, err, tc.kind)
			continue
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: Index%v:\n got %q\nwant %q", tc.name, tc.key, err, tc.msg)
		}
	}
}

// TestIndexNullStructures checks that a field of a null structure is null
// after indexing, whatever the field holds in storage, including fixed-size
// lists (uniform partitions with null rows) read from Arrow.
func TestIndexNullStructures(t *testing.T) {
	st := ixArrowFixture(t)
	want := st.ToValue().([]any)
	if want[1] != nil {
		t.Fatalf("fixture row 1 should be a null structure, got %v", want[1])
	}
	for _, tc := range []struct {
		key  []any
		want any
	}{
		{[]any{All, "id"}, []any{int64(1), nil, int64(3), int64(4)}},
		{[]any{All, "emb"}, []any{[]any{0.0, 0.1, 0.2}, nil, nil, []any{3.0, 3.1, 3.2}}},
		{[]any{All, "emb", S("::2")}, []any{[]any{0.0, 0.2}, nil, nil, []any{3.0, 3.2}}},
		{[]any{All, "tags"}, []any{[]any{"a"}, nil, []any{}, []any{"d", "e"}}},
		{[]any{All, "sub", "ys"}, []any{[]any{int64(1)}, nil, nil, []any{int64(4), int64(5)}}},
		{[]any{S("1:"), "sub", "x"}, []any{nil, nil, int64(40)}},
		{[]any{1}, nil},
		{[]any{S("::-1")}, []any{want[3], want[2], want[1], want[0]}},
	} {
		got, err := st.Index(tc.key...)
		if err != nil {
			t.Errorf("Index%v: %v", tc.key, err)
			continue
		}
		if !reflect.DeepEqual(got.ToValue(), tc.want) {
			t.Errorf("Index%v = %v, want %v", tc.key, got.ToValue(), tc.want)
		}
	}
	if _, err := st.Index(All, "tags", 0); !errors.Is(err, ErrIndex) || !strings.Contains(err.Error(), "field tags[1]: index 0 into a null list") {
		t.Errorf("index into the list of a null structure: %v", err)
	}
}

// ixArrowFixture is a 4-row table read from Arrow: row 1 is a null
// structure whose children still hold values (Arrow allows it), row 2 has
// a null fixed-size list and a null sub-structure.
func ixArrowFixture(t testing.TB) *Tensor {
	id := ixArray(t, arrow.PrimitiveTypes.Int64, `[1, 2, 3, 4]`)
	emb := ixArray(t, arrow.FixedSizeListOf(3, arrow.PrimitiveTypes.Float64), `[[0, 0.1, 0.2], [1, 1.1, 1.2], null, [3, 3.1, 3.2]]`)
	tags := ixArray(t, arrow.ListOf(arrow.BinaryTypes.String), `[["a"], ["b", "c"], [], ["d", "e"]]`)
	sub := ixArray(t, arrow.StructOf(
		arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		arrow.Field{Name: "ys", Type: arrow.LargeListOf(arrow.PrimitiveTypes.Int64), Nullable: true}),
		`[{"x": 10, "ys": [1]}, {"x": 20, "ys": [2, 3]}, null, {"x": 40, "ys": [4, 5]}]`)
	valid := memory.NewBufferBytes([]byte{0b1101})
	arr, err := array.NewStructArrayWithNulls([]arrow.Array{id, emb, tags, sub}, []string{"id", "emb", "tags", "sub"}, valid, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	return Must(FromArrow(arr))
}

func TestIndexSharesOuterSlices(t *testing.T) {
	n := 1000
	mem := memory.NewGoAllocator()
	ib := array.NewInt64Builder(mem)
	lb := array.NewListBuilder(mem, arrow.PrimitiveTypes.Float64)
	fb := lb.ValueBuilder().(*array.Float64Builder)
	for i := 0; i < n; i++ {
		ib.Append(int64(i))
		lb.Append(true)
		for k := 0; k < i%4; k++ {
			fb.Append(float64(i) + float64(k)/10)
		}
	}
	ids, lists := ib.NewArray(), lb.NewArray()
	rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "id", Type: ids.DataType()}, {Name: "xs", Type: lists.DataType()}}, nil),
		[]arrow.Array{ids, lists}, int64(n))
	st := Must(FromRecordBatch(rec))
	xs := Must(st.Field("xs")).(*Ragged)
	id := Must(st.Field("id")).(*Dense)
	buf := func(a arrow.Array) *byte { return &a.Data().Buffers()[1].Bytes()[0] }
	for _, s := range []Slice{Span(10, 500), From(-300), To(20)} {
		got := Must(st.Index(s)).(*Tensor)
		gx := Must(got.Field("xs")).(*Ragged)
		gid := Must(got.Field("id")).(*Dense)
		if buf(gx.Values()) != buf(xs.Values()) || buf(gid.Values()) != buf(id.Values()) {
			t.Errorf("Index(%v) copied value buffers", s)
		}
		if lo, hi := ixRun(s, n); !reflect.DeepEqual(got.ToValue(), st.ToValue().([]any)[lo:hi]) {
			t.Errorf("Index(%v) has the wrong rows", s)
		}
		// Leaves index the same way.
		r := Must(xs.Index(s)).(*Ragged)
		if buf(r.Values()) != buf(xs.Values()) {
			t.Errorf("Ragged.Index(%v) copied the values", s)
		}
	}
	// Splits starting at 0 are shared, not rebased.
	head := Must(xs.Index(To(20))).(*Ragged)
	s1, _ := head.parts[0].RowSplits32()
	s0, _ := xs.parts[0].RowSplits32()
	if len(s1) != 21 || &s1[0] != &s0[0] {
		t.Error("a prefix slice copied the splits")
	}
	// A step-2 slice gathers: new value buffers.
	odd := Must(xs.Index(S("1::2"))).(*Ragged)
	if buf(odd.Values()) == buf(xs.Values()) {
		t.Error("a step-2 slice shares the values it should have gathered")
	}
}

// ixRun resolves a step-1 slice on n items to the range [lo, hi).
func ixRun(s Slice, n int) (lo, hi int) {
	start, stop, _ := s.Indices(n)
	return start, max(start, stop)
}

// ----- Property test: Index against a naive indexer over ToValue -----

// ixDesc describes a value's schema for the naive indexer: whether it is
// a Tensor, its rank (field-major: counting its ancestors' dimensions) and
// its fields.
type ixDesc struct {
	tensor bool
	rank   int
	names  []string
	fields map[string]*ixDesc
}

func ixDescOf(v Value) *ixDesc {
	d := &ixDesc{rank: v.Rank()}
	if t, ok := v.(*Tensor); ok {
		d.tensor, d.names, d.fields = true, t.names, map[string]*ixDesc{}
		for i, f := range t.fieldValues() {
			d.fields[t.names[i]] = ixDescOf(f)
		}
	}
	return d
}

var (
	errNaive = errors.New("naive: error")
	errSkip  = errors.New("naive: undefined (indexing the fields of a null structure)")
)

func naiveInt(k any) (int, bool) {
	switch x := k.(type) {
	case int:
		return x, true
	case int32:
		return int(x), true
	case uint8:
		return int(x), true
	}
	return 0, false
}

// naiveIndex is TensorFlow's __getitem__ written directly over nested Go
// values ([]any, map[string]any, nil for nulls), with Python's list
// semantics and this package's rules for nulls: an int into a null list is
// an error, a slice of a null list is null, a field of a null structure is
// null, and a result that is a whole null list (or a structure holding one
// of its own) cannot be represented.
func naiveIndex(v any, d *ixDesc, key []any) (any, error) {
	if len(key) == 0 {
		return v, nil
	}
	if d.tensor && d.rank == 0 {
		switch k := key[0].(type) {
		case string:
			fd, ok := d.fields[k]
			if !ok {
				return nil, errNaive
			}
			if v == nil {
				if fd.rank >= 1 {
					return nil, errNaive
				}
				return naiveIndex(nil, fd, key[1:])
			}
			return naiveIndex(v.(map[string]any)[k], fd, key[1:])
		case Slice:
			if !k.isFull() {
				return nil, errNaive
			}
			if len(key) == 1 {
				return v, nil
			}
			if v == nil {
				return nil, errSkip
			}
			out := map[string]any{}
			for name, fd := range d.fields {
				x, err := naiveIndex(v.(map[string]any)[name], fd, key[1:])
				if err != nil {
					return nil, err
				}
				out[name] = x
			}
			return out, nil
		}
		return nil, errNaive
	}
	n := d.rank
	dims := key
	if len(dims) > n {
		dims = key[:n]
	}
	ints := 0
	for _, k := range dims {
		if _, ok := naiveInt(k); ok {
			ints++
		} else if _, ok := k.(Slice); !ok {
			return nil, errNaive
		}
	}
	if len(key) > n {
		name, ok := key[n].(string)
		if !d.tensor || !ok {
			return nil, errNaive
		}
		fd, ok := d.fields[name]
		if !ok {
			return nil, errNaive
		}
		return naiveIndex(naiveColumn(v, n, name), fd, append(key[:n:n], key[n+1:]...))
	}
	res, err := naiveDims(v, dims)
	if err != nil {
		return nil, err
	}
	if n-ints >= 1 && res == nil {
		return nil, errNaive
	}
	if n-ints == 0 && d.tensor && res != nil {
		if err := naiveCheckStruct(res.(map[string]any), d); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// naiveColumn is the field-major column of field name of a rank-depth
// Tensor given as nested values.
func naiveColumn(v any, depth int, name string) any {
	if v == nil {
		return nil
	}
	if depth == 0 {
		return v.(map[string]any)[name]
	}
	l := v.([]any)
	out := make([]any, len(l))
	for i, x := range l {
		out[i] = naiveColumn(x, depth-1, name)
	}
	return out
}

// naiveDims applies ints and slices to nested lists.
func naiveDims(v any, dims []any) (any, error) {
	if len(dims) == 0 {
		return v, nil
	}
	i, isInt := naiveInt(dims[0])
	if v == nil {
		if isInt {
			return nil, errNaive
		}
		return nil, nil
	}
	l := v.([]any)
	if isInt {
		if i < 0 {
			i += len(l)
		}
		if i < 0 || i >= len(l) {
			return nil, errNaive
		}
		return naiveDims(l[i], dims[1:])
	}
	s := dims[0].(Slice)
	start, _, step := s.Indices(len(l))
	cnt := s.Len(len(l))
	out := make([]any, 0, cnt)
	for j := 0; j < cnt; j++ {
		x, err := naiveDims(l[start+j*step], dims[1:])
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// naiveCheckStruct rejects a structure (of a Tensor described by d) one of
// whose own list fields is a null list: it cannot be stored on its own.
func naiveCheckStruct(m map[string]any, d *ixDesc) error {
	for name, fd := range d.fields {
		own, x := fd.rank-d.rank, m[name]
		if own >= 1 && x == nil {
			return errNaive
		}
		if fd.tensor && own == 0 && x != nil {
			if err := naiveCheckStruct(x.(map[string]any), fd); err != nil {
				return err
			}
		}
	}
	return nil
}

// ixKeyGen generates keys that mostly follow a Tensor's schema, with ints
// in and out of range, slices with every step sign, and some junk.
type ixKeyGen struct {
	r    *rand.Rand
	size int // typical dimension size
}

func (g *ixKeyGen) dim() any {
	r := g.r
	switch r.IntN(10) {
	case 0, 1, 2, 3:
		i := r.IntN(2*g.size+3) - g.size - 1
		switch r.IntN(6) {
		case 0:
			return int32(i)
		case 1:
			if i >= 0 {
				return uint8(i)
			}
		}
		return i
	case 4:
		return All
	}
	var s Slice
	if r.IntN(3) > 0 {
		s.Start, s.HasStart = r.IntN(2*g.size+5)-g.size-2, true
	}
	if r.IntN(3) > 0 {
		s.Stop, s.HasStop = r.IntN(2*g.size+5)-g.size-2, true
	}
	s.Step = []int{0, 0, 1, 2, 3, -1, -1, -2, -3}[r.IntN(9)]
	return s
}

func (g *ixKeyGen) junk(d *ixDesc) any {
	switch g.r.IntN(5) {
	case 0:
		return 1.5
	case 1:
		return nil
	case 2:
		return "nope"
	case 3:
		if len(d.names) > 0 {
			return d.names[g.r.IntN(len(d.names))]
		}
	}
	return g.r.IntN(3)
}

func (g *ixKeyGen) key(root *ixDesc) []any {
	r := g.r
	var key []any
	d, pos := root, 0
	for {
		if r.IntN(25) == 0 {
			key = append(key, g.junk(d))
		}
		if d.tensor && d.rank == 0 && pos == 0 {
			if len(d.names) == 0 || r.IntN(6) == 0 {
				key = append(key, All)
				if r.IntN(2) == 0 {
					key = append(key, g.dim())
				}
				return key
			}
			name := d.names[r.IntN(len(d.names))]
			key = append(key, name)
			d = d.fields[name]
			continue
		}
		todo := d.rank - pos
		k := todo
		if r.IntN(3) == 0 {
			k = r.IntN(todo + 1)
		}
		for i := 0; i < k; i++ {
			key = append(key, g.dim())
		}
		if k < todo || !d.tensor || len(d.names) == 0 || r.IntN(5) == 0 {
			return key
		}
		name := d.names[r.IntN(len(d.names))]
		key = append(key, name)
		pos, d = d.rank, d.fields[name]
	}
}

// ixFixtures are the Tensors of the property test.
func ixFixtures(t testing.TB) map[string]*Tensor {
	i64 := func(xs ...any) []any { return xs }
	deep := Must(FromValue([]any{
		[]any{
			[]any{map[string]any{"a": int64(1), "s": map[string]any{"x": i64(int64(1), int64(2))}}, nil},
			[]any{},
		},
		nil,
		[]any{
			[]any{map[string]any{"a": nil, "s": nil}},
			nil,
			[]any{map[string]any{"a": int64(3), "s": map[string]any{"x": nil}}, map[string]any{"a": int64(4), "s": map[string]any{"x": i64()}}},
		},
	}))
	scalar := Must(FromValue(map[string]any{
		"a": nil,
		"b": i64(int64(1), nil, int64(3)),
		"c": map[string]any{"d": nil, "e": i64(i64(int64(1)), i64(int64(2), int64(3)), nil)},
		"l": i64(map[string]any{"x": int64(1)}, nil, map[string]any{"x": nil}, map[string]any{"x": int64(4)}),
	}))
	// Dense fields: a table with a [5, 3] column, and a rank-2 Tensor with
	// uniform partitions [3, 2] and dense [3, 2] and [3, 2, 2] fields.
	vals := ixArray(t, arrow.PrimitiveTypes.Int64, `[0, 1, 2, 3, 4, 5, 6, null, 8, 9, 10, 11, 12, 13, 14]`)
	names := ixArray(t, arrow.BinaryTypes.String, `["p", "q", null, "s", "t"]`)
	table := Must(FromFields([]FieldValue{{"m", Must(NewDense(vals, 5, 3))}, {"n", Must(NewDense(names))}}, 1))
	vals12 := array.NewSlice(vals, 0, 12)
	block := Must(FromFieldsShape([]FieldValue{
		{"u", Must(NewDense(array.NewSlice(vals, 0, 6), 3, 2))},
		{"v", Must(NewDense(vals12, 3, 2, 2))},
	}, Shape{3, 2}))
	// A rank-2 Tensor read from Arrow fixed-size lists of structures, with
	// a null list (a uniform partition with a null row) and a null structure.
	fsl := ixArray(t, arrow.FixedSizeListOf(2, arrow.StructOf(
		arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		arrow.Field{Name: "b", Type: arrow.ListOf(arrow.PrimitiveTypes.Int64), Nullable: true})),
		`[[{"a": 1, "b": [1]}, {"a": 2, "b": [2, 3]}], null, [{"a": 3, "b": [7]}, {"a": 4, "b": [4, 5, null]}], [null, {"a": 6, "b": [6]}], [{"a": null, "b": [8]}, {"a": 9, "b": []}]]`)
	people := ixPeople()
	return map[string]*Tensor{
		"people":  people,
		"empty":   Must(people.Index(Span(0, 0))).(*Tensor),
		"recipe":  ixRecipe(),
		"grid":    ixGrid(),
		"f5":      ixF5(),
		"arrow":   ixArrowFixture(t),
		"deep":    deep,
		"scalar":  scalar,
		"table":   table,
		"block":   block,
		"uniform": Must(FromArrow(fsl)),
		"pets": Must(FromValue([]any{
			map[string]any{"id": int64(1), "pets": []any{map[string]any{"name": "Rex", "tags": []any{"a", "b"}}, map[string]any{"name": "Tom", "tags": []any{}}}},
			nil,
			map[string]any{"id": int64(3), "pets": nil},
			map[string]any{"id": int64(4), "pets": []any{}},
			map[string]any{"id": nil, "pets": []any{nil, map[string]any{"name": nil, "tags": nil}, map[string]any{"name": "Kit", "tags": []any{"c"}}}},
		})),
		"nofields": Must(FromValue([]any{
			[]any{map[string]any{}, nil}, []any{}, nil, []any{map[string]any{}, map[string]any{}, map[string]any{}},
		})),
	}
}

func TestIndexMatchesNaive(t *testing.T) {
	g := &ixKeyGen{r: rand.New(rand.NewPCG(1, 2)), size: 4}
	const perFixture = 3000
	fixtures := ixFixtures(t)
	total, ok, failed, skipped := 0, 0, 0, 0
	for _, name := range []string{"people", "empty", "recipe", "grid", "f5", "arrow", "deep", "scalar", "table", "block", "uniform", "pets", "nofields"} {
		st := fixtures[name]
		desc, whole := ixDescOf(st), st.ToValue()
		for n := 0; n < perFixture; n++ {
			key := g.key(desc)
			want, werr := naiveIndex(whole, desc, key)
			if errors.Is(werr, errSkip) {
				skipped++
				continue
			}
			total++
			got, err := st.Index(key...)
			switch {
			case werr != nil && err == nil:
				t.Errorf("%s%v = %v, want an error", name, key, got.ToValue())
			case werr == nil && err != nil:
				t.Errorf("%s%v: %v, want %#v", name, key, err, want)
			case err != nil:
				if !errors.Is(err, ErrIndex) && !errors.Is(err, ErrPath) {
					t.Errorf("%s%v: error %v is neither ErrIndex nor ErrPath", name, key, err)
				}
				failed++
			default:
				if gv := got.ToValue(); !reflect.DeepEqual(gv, want) {
					t.Errorf("%s%v = %#v, want %#v", name, key, gv, want)
				}
				ok++
			}
			if t.Failed() && n > 20 {
				t.FailNow()
			}
		}
	}
	t.Logf("%d keys: %d results, %d errors, %d skipped", total, ok, failed, skipped)
	if ok < total/3 || failed < total/20 {
		t.Errorf("unbalanced keys: %d results and %d errors of %d", ok, failed, total)
	}
}

// ixBigTable is a table of n rows: int64 id, float64 score, string name
// and a ragged list of int64 tags (0 to 3 per row).
func ixBigTable(b testing.TB, n int) *Tensor {
	mem := memory.NewGoAllocator()
	ib, fb, sb := array.NewInt64Builder(mem), array.NewFloat64Builder(mem), array.NewStringBuilder(mem)
	lb := array.NewListBuilder(mem, arrow.PrimitiveTypes.Int64)
	tb := lb.ValueBuilder().(*array.Int64Builder)
	for i := 0; i < n; i++ {
		ib.Append(int64(i))
		fb.Append(float64(i) / 2)
		sb.Append("name-" + strconv.Itoa(i%1000))
		lb.Append(true)
		for k := 0; k < i%4; k++ {
			tb.Append(int64(i + k))
		}
	}
	cols := []arrow.Array{ib.NewArray(), fb.NewArray(), sb.NewArray(), lb.NewArray()}
	fields := make([]arrow.Field, len(cols))
	for i, name := range []string{"id", "score", "name", "tags"} {
		fields[i] = arrow.Field{Name: name, Type: cols[i].DataType()}
	}
	return Must(FromRecordBatch(array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(n))))
}

// ixBytes is the logical size of a value's data: items, string bytes,
// offsets and row splits (not validity), whether shared or copied.
func ixBytes(v Value) int64 {
	switch x := v.(type) {
	case *Tensor:
		var n int64
		for _, f := range x.fieldValues() {
			n += ixBytes(f)
		}
		return n
	case Leaf:
		values, _, parts := leafLayout(x)
		var n int64
		for _, p := range parts {
			if !p.IsUniform() {
				n += int64(p.nrows+1) * int64(p.DType().(arrow.FixedWidthDataType).Bytes())
			}
		}
		switch a := values.(type) {
		case *array.String:
			offs := a.ValueOffsets()
			return n + int64(4*len(offs)) + int64(offs[len(offs)-1]-offs[0])
		default:
			return n + int64(values.Len()*values.DataType().(arrow.FixedWidthDataType).Bytes())
		}
	}
	return 0
}

// BenchmarkIndexSpan slices rows 10..500000 of a 1,000,000-row table:
// values are shared, only the list column's splits are rebased. Bytes
// are those of the rows selected (none is copied).
func BenchmarkIndexSpan(b *testing.B) {
	st := ixBigTable(b, 1_000_000)
	b.SetBytes(ixBytes(Must(st.Index(Span(10, 500_000)))))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.Index(Span(10, 500_000)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIndexStep2 takes every other row of a 1,000,000-row table,
// which gathers: bytes are those of the gathered result.
func BenchmarkIndexStep2(b *testing.B) {
	st := ixBigTable(b, 1_000_000)
	b.SetBytes(ixBytes(Must(st.Index(S("::2")))))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.Index(S("::2")); err != nil {
			b.Fatal(err)
		}
	}
}
