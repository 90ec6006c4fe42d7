package structured

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured/internal/build"
)

type (
	sfBase struct {
		ID int `structframe:"id"`
	}
	SfExtra struct {
		Score float64
	}
	sfEmbedding struct {
		sfBase
		*SfExtra
		Name string
	}
	sfA  struct{ X int }
	sfB  struct{ X string }
	sfB2 struct {
		X string `structframe:"X"`
	}
	sfConflict struct {
		sfA
		sfB
		Y int
	}
	sfTagWins struct {
		sfA
		sfB2
	}
	sfShadow struct {
		sfA
		X bool
	}
	sfLabel  string
	sfShapes struct {
		Grid    [][3]float64
		PList   *[]*int
		Small   uint8
		Bytes4  [4]byte
		Label   sfLabel
		Wait    time.Duration
		Day     arrow.Date32
		Skipped func() `structframe:"-"`
		PArr    *[3]int
		OArr    [2]bool `structframe:",omitempty"`
		time.Time
	}
	sfNode struct {
		Name string
		Kids []sfNode
	}
	sfItem struct {
		Price any `structframe:"price"`
	}
	sfOrder struct {
		Items []sfItem `structframe:"items"`
	}
	sfCycle struct {
		Next *sfCycle
	}
)

var (
	sfString = arrow.BinaryTypes.String
	sfInt    = arrow.PrimitiveTypes.Int64
	sfFloat  = arrow.PrimitiveTypes.Float64
)

// rRecipeSpec is the Spec of rRecipe.
var rRecipeSpec = []FieldSpec{
	{Name: "title", Type: sfString},
	{Name: "minutes", Type: sfInt, Nullable: true},
	{Name: "rating", Type: sfFloat, Nullable: true},
	{Name: "tags", Type: sfString, Dims: Shape{Unknown}, Nullable: true},
	{Name: "embedding", Type: sfFloat, Dims: Shape{2}},
	{Name: "created", Type: arrow.FixedWidthTypes.Timestamp_us},
	{Name: "photo", Type: arrow.BinaryTypes.Binary, Nullable: true},
	{Name: "ingredients", Dims: Shape{Unknown}, Nullable: true, Fields: []FieldSpec{
		{Name: "name", Type: sfString},
		{Name: "amount", Type: sfFloat},
		{Name: "unit", Type: sfString, Nullable: true},
	}},
	{Name: "author", Nullable: true, Fields: []FieldSpec{{Name: "name", Type: sfString}}},
}

func TestSpecOf(t *testing.T) {
	tests := []struct {
		name string
		typ  reflect.Type
		want *Spec
	}{
		{"struct", reflect.TypeFor[rRecipe](), &Spec{Shape: Shape{}, Fields: rRecipeSpec}},
		{"pointer", reflect.TypeFor[*rRecipe](), &Spec{Shape: Shape{}, Fields: rRecipeSpec}},
		{"slice", reflect.TypeFor[[]rRecipe](), &Spec{Shape: Shape{Unknown}, Fields: rRecipeSpec}},
		{"array of pointers", reflect.TypeFor[[2]*rRecipe](), &Spec{Shape: Shape{2}, Fields: rRecipeSpec}},
		{"rank 2", reflect.TypeFor[[][]rRecipe](), &Spec{Shape: Shape{Unknown, Unknown}, Fields: rRecipeSpec}},
		{"embedded", reflect.TypeFor[sfEmbedding](), &Spec{Shape: Shape{}, Fields: []FieldSpec{
			{Name: "id", Type: sfInt}, {Name: "Score", Type: sfFloat, Nullable: true}, {Name: "Name", Type: sfString},
		}}},
		{"conflict drops both", reflect.TypeFor[sfConflict](), &Spec{Shape: Shape{}, Fields: []FieldSpec{{Name: "Y", Type: sfInt}}}},
		{"tagged wins", reflect.TypeFor[sfTagWins](), &Spec{Shape: Shape{}, Fields: []FieldSpec{{Name: "X", Type: sfString}}}},
		{"shallow wins", reflect.TypeFor[sfShadow](), &Spec{Shape: Shape{}, Fields: []FieldSpec{{Name: "X", Type: arrow.FixedWidthTypes.Boolean}}}},
		{"shapes and kinds", reflect.TypeFor[sfShapes](), &Spec{Shape: Shape{}, Fields: []FieldSpec{
			{Name: "Grid", Type: sfFloat, Dims: Shape{Unknown, 3}, Nullable: true},
			{Name: "PList", Type: sfInt, Dims: Shape{Unknown}, Nullable: true},
			{Name: "Small", Type: sfInt},
			{Name: "Bytes4", Type: sfInt, Dims: Shape{4}},
			{Name: "Label", Type: sfString},
			{Name: "Wait", Type: sfInt},
			{Name: "Day", Type: arrow.FixedWidthTypes.Date32},
			{Name: "PArr", Type: sfInt, Dims: Shape{Unknown}, Nullable: true},
			{Name: "OArr", Type: arrow.FixedWidthTypes.Boolean, Dims: Shape{Unknown}, Nullable: true},
			{Name: "Time", Type: arrow.FixedWidthTypes.Timestamp_us},
		}}},
		{"same tag twice drops both", reflect.TypeFor[struct {
			A int `structframe:"x"`
			B int `structframe:"x"`
			C int
		}](), &Spec{Shape: Shape{}, Fields: []FieldSpec{{Name: "C", Type: sfInt}}}},
		{"empty struct", reflect.TypeFor[struct{ E struct{} }](), &Spec{Shape: Shape{}, Fields: []FieldSpec{{Name: "E", Fields: []FieldSpec{}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SpecOf(tc.typ)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
	if got, err := SpecFor[[]rRecipe](); err != nil || !reflect.DeepEqual(got.Fields, rRecipeSpec) {
		t.Errorf("SpecFor: %v, %v", got, err)
	}
}

func TestSpecOfErrors(t *testing.T) {
	tests := []struct {
		name     string
		typ      reflect.Type
		path     string
		contains string
	}{
		{"nil", nil, "", "nil"},
		{"chan", reflect.TypeFor[struct{ C chan int }](), "C", "unsupported Go type chan int"},
		{"nested func", reflect.TypeFor[[]struct{ In struct{ F func() } }](), "In.F", "unsupported Go type func()"},
		{"complex in slice", reflect.TypeFor[struct{ Z []complex128 }](), "Z", "complex128"},
		{"uintptr", reflect.TypeFor[struct{ P uintptr }](), "P", "uintptr"},
		{"map", reflect.TypeFor[struct{ M map[string]int }](), "M", "map type map[string]int has no static schema"},
		{"interface", reflect.TypeFor[sfOrder](), "items.price", "interface type interface {} has no static schema"},
		{"recursive", reflect.TypeFor[sfNode](), "Kids", "recursive type"},
		{"scalar", reflect.TypeFor[int](), "", "holds no structure"},
		{"slice of scalars", reflect.TypeFor[[]string](), "", "holds no structure"},
		{"time", reflect.TypeFor[time.Time](), "", "holds no structure"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := SpecOf(tc.typ)
			var e *Error
			if !errors.Is(err, ErrType) || !errors.As(err, &e) || e.Field != tc.path || !strings.Contains(e.Msg, tc.contains) {
				t.Errorf("got %v, want ErrType at %q containing %q", err, tc.path, tc.contains)
			}
		})
	}
}

func TestReflectValue(t *testing.T) {
	t0 := time.Date(2024, 1, 2, 3, 4, 5, 6000, time.UTC)
	type named []uint8
	tests := []struct {
		name string
		v    any
		want any
	}{
		{"recipe", rRecipe{Title: "Soup", Minutes: 0, Tags: []string{"a"}, Embedding: [2]float32{1, 2.5}, Created: t0,
			Photo: []byte("x"), Ingredients: []rIngredient{{Name: "salt", Amount: 1, Unit: tgPtr("g")}}, Note: "dropped", secret: 1},
			map[string]any{"title": "Soup", "minutes": nil, "rating": nil, "tags": []any{"a"}, "embedding": []any{1.0, 2.5},
				"created": t0, "photo": []byte("x"), "author": nil,
				"ingredients": []any{map[string]any{"name": "salt", "amount": 1.0, "unit": "g"}}}},
		{"embedded nil pointer", sfEmbedding{sfBase{7}, nil, "n"}, map[string]any{"id": int64(7), "Score": nil, "Name": "n"}},
		{"embedded pointer", sfEmbedding{SfExtra: &SfExtra{2}}, map[string]any{"id": int64(0), "Score": 2.0, "Name": ""}},
		{"typed map", map[string]int{"a": 1}, map[string]any{"a": int64(1)}},
		{"int keys", map[uint16][]int8{3: {-1}}, map[string]any{"3": []any{int64(-1)}}},
		{"nil slice and map", struct {
			S []int
			M map[string]int
		}{}, map[string]any{"S": nil, "M": nil}},
		{"named bytes", named{1, 2}, []byte{1, 2}},
		{"byte array", [2]byte{1, 2}, []any{int64(1), int64(2)}},
		{"interface holding struct", sfItem{Price: sfAuthor()}, map[string]any{"price": map[string]any{"name": "Ann"}}},
		{"date and duration", struct {
			D arrow.Date32
			W time.Duration
		}{3, time.Second}, map[string]any{"D": arrow.Date32(3), "W": int64(time.Second)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := reflectValue(tc.v, "")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

func sfAuthor() *rAuthor { return &rAuthor{"Ann"} }

func TestReflectValueErrors(t *testing.T) {
	order := sfOrder{Items: make([]sfItem, 4)}
	order.Items[3].Price = make(chan int)
	cyc := &sfCycle{}
	cyc.Next = cyc
	tests := []struct {
		name     string
		v        any
		base     string
		path     string
		contains string
	}{
		{"chan in interface", order, "", "items[3].price", "unsupported Go type chan int"},
		{"under a base path", order, "orders[2]", "orders[2].items[3].price", "chan int"},
		{"uint64 overflow", struct{ N []uint64 }{[]uint64{1, 1 << 63}}, "", "N[1]", "overflows int64"},
		{"cycle", cyc, "", strings.Repeat("Next.", build.CycleCheckDepth/2) + "Next", "cyclic value: a *structured.sfCycle refers back to itself"},
		{"float keys", map[float64]int{1: 1}, "", "", "map keys of type float64"},
		{"func", func() {}, "x", "x", "unsupported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := reflectValue(tc.v, tc.base)
			var e *Error
			if !errors.Is(err, ErrType) || !errors.As(err, &e) || e.Field != tc.path || !strings.Contains(e.Msg, tc.contains) {
				t.Errorf("got %.200v, want ErrType at %.60q containing %q", err, tc.path, tc.contains)
			}
		})
	}
}

// sfLeaf describes a field of a converted Tensor: its kind, Arrow type and
// shape.
type sfLeaf struct {
	path  []string
	kind  string // dense, ragged or structured
	dtype arrow.DataType
	shape Shape
}

func TestFromValueStructs(t *testing.T) {
	recipeNames := []string{"title", "minutes", "rating", "tags", "embedding", "created", "photo", "ingredients", "author"}
	recipeLeaves := func(n int) []sfLeaf {
		return []sfLeaf{
			{[]string{"title"}, "dense", sfString, Shape{n}},
			{[]string{"minutes"}, "dense", sfInt, Shape{n}},
			{[]string{"tags"}, "ragged", sfString, Shape{n, Unknown}},
			{[]string{"embedding"}, "dense", sfFloat, Shape{n, 2}},
			{[]string{"created"}, "dense", arrow.FixedWidthTypes.Timestamp_us, Shape{n}},
			{[]string{"photo"}, "dense", arrow.BinaryTypes.Binary, Shape{n}},
			{[]string{"ingredients"}, "structured", nil, Shape{n, Unknown}},
			{[]string{"ingredients", "amount"}, "ragged", sfFloat, Shape{n, Unknown}},
			{[]string{"ingredients", "unit"}, "ragged", sfString, Shape{n, Unknown}},
			{[]string{"author", "name"}, "dense", sfString, Shape{n}},
		}
	}
	type pointy struct {
		A *[2]int `structframe:"a"`
		B [2]int  `structframe:"b,omitempty"`
	}
	tests := []struct {
		name   string
		v      any
		shape  Shape
		names  []string
		leaves []sfLeaf
		back   any // ToGo of the Tensor into a new value of this type must equal it; nil: v itself
		check  func(*Tensor) string
	}{
		{name: "recipes", v: tgRecipesGo, shape: Shape{3}, names: recipeNames, leaves: recipeLeaves(3),
			check: func(st *Tensor) string {
				if got := Must(st.Field("minutes")).ToValue(); !reflect.DeepEqual(got, []any{int64(30), nil, int64(5)}) {
					return fmt.Sprintf("minutes %v: omitempty zero should be null", got)
				}
				if a := Must(st.Field("author")).(*Tensor); !a.IsNull(1) || a.IsNull(0) {
					return "author: the nil pointer should be a null structure"
				}
				if tags := Must(st.Field("tags")).ToValue(); !reflect.DeepEqual(tags, []any{[]any{"hot", "veg"}, []any{}, nil}) {
					return fmt.Sprintf("tags %v: want nil slice null, empty slice empty", tags)
				}
				return ""
			}},
		{name: "empty slice keeps types", v: []rRecipe{}, shape: Shape{0}, names: recipeNames, leaves: recipeLeaves(0)},
		{name: "array", v: [2]rAuthor{{"a"}, {"b"}}, shape: Shape{2}, names: []string{"name"}},
		{name: "pointer to struct", v: &tgRecipesGo[0], shape: Shape{}, names: recipeNames, back: tgRecipesGo[0]},
		{name: "zero struct", v: rRecipe{}, shape: Shape{}, names: recipeNames,
			leaves: []sfLeaf{{[]string{"tags"}, "dense", sfString, Shape{0}}, {[]string{"embedding"}, "dense", sfFloat, Shape{2}}},
			// A rank-0 Tensor cannot hold a null list: nil slices come back empty.
			back: rRecipe{Tags: []string{}, Ingredients: []rIngredient{}}},
		{name: "rank 2", v: [][]rAuthor{{{"a"}, {"b"}}, {}, {{"c"}}}, shape: Shape{3, Unknown}, names: []string{"name"},
			leaves: []sfLeaf{{[]string{"name"}, "ragged", sfString, Shape{3, Unknown}}}},
		{name: "nil structures", v: []*rAuthor{nil, {"x"}, nil}, shape: Shape{3}, names: []string{"name"},
			check: func(st *Tensor) string {
				if !st.IsNull(0) || st.IsNull(1) || !st.IsNull(2) {
					return "rows 0 and 2 should be null"
				}
				return ""
			}},
		{name: "nil structures rank 2", v: [][]*rAuthor{{nil, {"x"}}, {}, {{"y"}, nil}}, shape: Shape{3, Unknown}, names: []string{"name"},
			check: func(st *Tensor) string {
				for i, null := range []bool{true, false, false, true} {
					if st.IsNull(i) != null {
						return fmt.Sprintf("flat structure %d: null %v, want %v", i, st.IsNull(i), null)
					}
				}
				return ""
			}},
		{name: "nullable arrays", v: []pointy{{A: &[2]int{1, 2}, B: [2]int{3, 4}}, {}}, shape: Shape{2}, names: []string{"a", "b"},
			leaves: []sfLeaf{{[]string{"a"}, "ragged", sfInt, Shape{2, Unknown}}, {[]string{"b"}, "ragged", sfInt, Shape{2, Unknown}}}},
		{name: "map field infers", v: []struct{ M map[string]int }{{map[string]int{"a": 1}}, {}}, shape: Shape{2}, names: []string{"M"},
			leaves: []sfLeaf{{[]string{"M", "a"}, "dense", sfInt, Shape{2}}}},
		{name: "interface field infers", v: []sfItem{{Price: 1.5}, {Price: 2}}, shape: Shape{2}, names: []string{"price"},
			leaves: []sfLeaf{{[]string{"price"}, "dense", sfFloat, Shape{2}}}, back: []sfItem{{Price: 1.5}, {Price: 2.0}}},
		{name: "typed map", v: map[string]int{"a": 1}, shape: Shape{}, names: []string{"a"}, back: map[string]int{"a": 1}},
		{name: "struct inside a map", v: map[string]any{"r": rAuthor{"x"}}, shape: Shape{}, names: []string{"r"},
			leaves: []sfLeaf{{[]string{"r", "name"}, "dense", sfString, Shape{}}}, back: map[string]any{"r": map[string]any{"name": "x"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := FromValue(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if !st.Shape().Equal(tc.shape) || !reflect.DeepEqual(st.FieldNames(), tc.names) {
				t.Fatalf("shape %v fields %v, want %v %v", st.Shape(), st.FieldNames(), tc.shape, tc.names)
			}
			for _, l := range tc.leaves {
				f, err := st.Field(l.path...)
				if err != nil {
					t.Fatal(err)
				}
				if kindName(f) != l.kind || !f.Shape().Equal(l.shape) {
					t.Errorf("%v: %s %v, want %s %v", l.path, kindName(f), f.Shape(), l.kind, l.shape)
				}
				if leaf, ok := f.(Leaf); ok && !arrow.TypeEqual(leaf.DataType(), l.dtype) {
					t.Errorf("%v: dtype %v, want %v", l.path, leaf.DataType(), l.dtype)
				}
			}
			if tc.check != nil {
				if msg := tc.check(st); msg != "" {
					t.Error(msg)
				}
			}
			want := tc.back
			if want == nil {
				want = tc.v
			}
			dst := reflect.New(reflect.TypeOf(want))
			if err := st.ToGo(dst.Interface()); err != nil {
				t.Fatal(err)
			}
			if got := dst.Elem().Interface(); !reflect.DeepEqual(got, want) {
				t.Errorf("ToGo gave %#v\nwant %#v", got, want)
			}
		})
	}
}

func TestFromValueStructsErrors(t *testing.T) {
	tests := []struct {
		name     string
		v        any
		path     string
		contains string
	}{
		{"chan field", []struct{ C chan int }{}, "C", "unsupported Go type chan int"},
		{"nil pointer", (*rRecipe)(nil), "", "nil"},
		{"chan in interface", sfOrder{Items: []sfItem{{Price: make(chan int)}}}, "items[0].price", "chan int"},
		{"scalars", []int{1}, "", "no maps"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FromValue(tc.v)
			var e *Error
			if !errors.Is(err, ErrType) || !errors.As(err, &e) || e.Op != "FromValue" || e.Field != tc.path || !strings.Contains(e.Msg, tc.contains) {
				t.Errorf("got %v, want a FromValue ErrType at %q containing %q", err, tc.path, tc.contains)
			}
		})
	}
}

// TestFromValueStructsUint64: a uint64 beyond int64 in a field whose
// static Spec is int64 is out of range, never wrapped or rounded.
func TestFromValueStructsUint64(t *testing.T) {
	_, err := FromValue([]struct{ N uint64 }{{1}, {1 << 63}})
	var e *Error
	if !errors.Is(err, ErrSchema) || !errors.As(err, &e) || e.Field != "N" || !strings.Contains(e.Msg, "9223372036854775808 at row 1 is out of range for int64") {
		t.Errorf("got %v", err)
	}
}

// BenchmarkFromValueStructsVsMaps converts 100,000 Go structs, and the
// same rows as map[string]any (made outside the timer), to compare the
// reflection walk with the walk over maps.
func BenchmarkFromValueStructsVsMaps(b *testing.B) {
	rows := benchRows(100_000)
	maps, err := reflectValue(rows, "")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		v    any
		par  int
	}{{"structs/1core", rows, 1}, {"maps/1core", maps, 1}, {"structs/allcores", rows, 0}, {"maps/allcores", maps, 0}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				st, err := FromValue(bc.v, WithParallelism(bc.par))
				if err != nil {
					b.Fatal(err)
				}
				if st.NumRows() != len(rows) {
					b.Fatalf("%d rows", st.NumRows())
				}
			}
		})
	}
}

func BenchmarkFromValueStructs(b *testing.B) {
	rows := benchRows(10000)
	b.ReportAllocs()
	b.SetBytes(arrowBytes(Must(FromValue(rows))))
	for b.Loop() {
		if _, err := FromValue(rows); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFromValueStructsInChunks: many Go structs walked on several
// goroutines and merged equal one pass, errors included.
func TestFromValueStructsInChunks(t *testing.T) {
	rows := benchRows(40_000)
	one := Must(FromValue(rows, WithParallelism(1)))
	many := Must(FromValue(rows, WithParallelism(3)))
	if !Equal(one, many) || one.String() != many.String() {
		t.Errorf("in chunks:\n%v\none pass:\n%v", many, one)
	}
	type big struct{ N uint64 }
	bad := make([]big, 40_000)
	bad[39_000].N = 1 << 63
	_, e1 := FromValue(bad, WithParallelism(1))
	_, e3 := FromValue(bad, WithParallelism(3))
	if e1 == nil || fmt.Sprint(e1) != fmt.Sprint(e3) || !strings.Contains(e1.Error(), "row 39000") {
		t.Errorf("errors: one pass %v, in chunks %v", e1, e3)
	}
}
