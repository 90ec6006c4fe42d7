package structured

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Go types of the reflection tests: recipes with tags, pointers, omitempty,
// times, nested slices of structs and fixed arrays.
type (
	rIngredient struct {
		Name   string  `structframe:"name"`
		Amount float64 `structframe:"amount"`
		Unit   *string `structframe:"unit"`
	}
	rAuthor struct {
		Name string `structframe:"name"`
	}
	rRecipe struct {
		Title       string        `structframe:"title"`
		Minutes     int32         `structframe:"minutes,omitempty"`
		Rating      *float64      `structframe:"rating"`
		Tags        []string      `structframe:"tags"`
		Embedding   [2]float32    `structframe:"embedding"`
		Created     time.Time     `structframe:"created"`
		Photo       []byte        `structframe:"photo"`
		Ingredients []rIngredient `structframe:"ingredients"`
		Author      *rAuthor      `structframe:"author"`
		Note        string        `structframe:"-"`
		secret      int
	}
)

// tgArr builds an Arrow array of type dt from Go items; nil is null.
func tgArr(dt arrow.DataType, items ...any) arrow.Array {
	b := array.NewBuilder(memory.NewGoAllocator(), dt)
	for _, it := range items {
		if it == nil {
			b.AppendNull()
			continue
		}
		switch bb := b.(type) {
		case *array.Int64Builder:
			bb.Append(int64(it.(int)))
		case *array.Int32Builder:
			bb.Append(int32(it.(int)))
		case *array.Uint64Builder:
			bb.Append(it.(uint64))
		case *array.Float64Builder:
			bb.Append(it.(float64))
		case *array.Float32Builder:
			bb.Append(it.(float32))
		case *array.StringBuilder:
			bb.Append(it.(string))
		case *array.BinaryBuilder:
			bb.Append(it.([]byte))
		case *array.BooleanBuilder:
			bb.Append(it.(bool))
		case *array.TimestampBuilder:
			bb.AppendTime(it.(time.Time))
		case *array.Date32Builder:
			bb.Append(it.(arrow.Date32))
		default:
			panic("tgArr: unsupported builder")
		}
	}
	return b.NewArray()
}

func tgDense(a arrow.Array, shape ...int) *Dense { return Must(NewDense(a, shape...)) }

func tgRagged(a arrow.Array, parts ...*RowPartition) *Ragged { return Must(NewRagged(a, parts...)) }

func tgLengths(lengths []int, valid []bool) *RowPartition {
	p := Must(PartitionFromLengths(lengths))
	if valid != nil {
		p = Must(p.WithValidity(valid))
	}
	return p
}

func tgTensor(rank int, fields ...FieldValue) *Tensor { return Must(FromFields(fields, rank)) }

// withNulls returns a copy of t whose flat structures are null where valid
// is false.
func withNulls(t *Tensor, valid ...bool) *Tensor {
	c := *t
	c.valid = validityFromBools(valid)
	return &c
}

var tgT0 = time.Date(2024, 3, 1, 12, 30, 0, 123000, time.UTC)

// tgRecipes is the Tensor of tgRecipesGo, built field by field.
func tgRecipes() *Tensor {
	ing := tgLengths([]int{2, 1, 0}, nil)
	return tgTensor(1,
		FieldValue{"title", tgDense(tgArr(arrow.BinaryTypes.String, "Soup", "Cake", "Tea"))},
		FieldValue{"minutes", tgDense(tgArr(arrow.PrimitiveTypes.Int64, 30, nil, 5))},
		FieldValue{"rating", tgDense(tgArr(arrow.PrimitiveTypes.Float64, 4.5, nil, 3.0))},
		FieldValue{"tags", tgRagged(tgArr(arrow.BinaryTypes.String, "hot", "veg"), tgLengths([]int{2, 0, 0}, []bool{true, true, false}))},
		FieldValue{"embedding", tgDense(tgArr(arrow.PrimitiveTypes.Float64, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0), 3, 2)},
		FieldValue{"created", tgDense(tgArr(arrow.FixedWidthTypes.Timestamp_us, tgT0, tgT0.Add(time.Hour), nil))},
		FieldValue{"photo", tgDense(tgArr(arrow.BinaryTypes.Binary, []byte{1}, nil, []byte{}))},
		FieldValue{"ingredients", tgTensor(2,
			FieldValue{"name", tgRagged(tgArr(arrow.BinaryTypes.String, "water", "salt", "flour"), ing)},
			FieldValue{"amount", tgRagged(tgArr(arrow.PrimitiveTypes.Float64, 1.5, 0.25, 300.0), ing)},
			FieldValue{"unit", tgRagged(tgArr(arrow.BinaryTypes.String, "l", nil, "g"), ing)},
		)},
		FieldValue{"author", withNulls(tgTensor(1, FieldValue{"name", tgDense(tgArr(arrow.BinaryTypes.String, "Ann", "", "Bo"))}), true, false, true)},
		FieldValue{"extra", tgDense(tgArr(arrow.PrimitiveTypes.Int64, 1, 2, 3))}, // no Go field: ignored
	)
}

func tgPtr[T any](v T) *T { return &v }

// tgRecipesGo is what tgRecipes decodes to.
var tgRecipesGo = []rRecipe{
	{Title: "Soup", Minutes: 30, Rating: tgPtr(4.5), Tags: []string{"hot", "veg"}, Embedding: [2]float32{1, 2},
		Created: tgT0, Photo: []byte{1},
		Ingredients: []rIngredient{{"water", 1.5, tgPtr("l")}, {"salt", 0.25, nil}}, Author: &rAuthor{"Ann"}},
	{Title: "Cake", Tags: []string{}, Embedding: [2]float32{3, 4}, Created: tgT0.Add(time.Hour),
		Ingredients: []rIngredient{{"flour", 300, tgPtr("g")}}},
	{Title: "Tea", Minutes: 5, Rating: tgPtr(3.0), Embedding: [2]float32{5, 6}, Photo: []byte{},
		Ingredients: []rIngredient{}, Author: &rAuthor{"Bo"}},
}

func TestToGo(t *testing.T) {
	recipes := tgRecipes()
	scalar := tgTensor(0,
		FieldValue{"title", Must(NewScalar(tgArr(arrow.BinaryTypes.String, "Soup")))},
		FieldValue{"tags", tgDense(tgArr(arrow.BinaryTypes.String, "a", "b"))},
		FieldValue{"rating", Must(NewScalar(tgArr(arrow.PrimitiveTypes.Float64, nil)))},
		FieldValue{"ingredients", tgTensor(1, FieldValue{"name", tgDense(tgArr(arrow.BinaryTypes.String, "x"))})},
	)
	// rank 2: [[{v:1}, {v:2}], null, [{v:null}]]
	grid := tgTensor(2, FieldValue{"v", tgRagged(tgArr(arrow.PrimitiveTypes.Int64, 1, 2, nil), tgLengths([]int{2, 0, 1}, []bool{true, false, true}))})
	// A uint64 leaf and an int32 leaf (widths FromValue does not make).
	widths := tgTensor(1,
		FieldValue{"u", tgDense(tgArr(arrow.PrimitiveTypes.Uint64, uint64(7), uint64(math.MaxUint64)))},
		FieldValue{"i", tgDense(tgArr(arrow.PrimitiveTypes.Int32, -1, 2))},
		FieldValue{"day", tgDense(tgArr(arrow.FixedWidthTypes.Date32, arrow.Date32(1), arrow.Date32(19000)))},
		FieldValue{"nothing", tgDense(array.NewNull(2))}, // only nulls, as FromValue infers for nil
	)
	type (
		grid2 struct{ V *int8 }
		loose struct {
			TITLE   string         // case-insensitive match
			Missing int            // no such Tensor field: stays zero
			Tags    any            // ToValue of the field
			Author  map[string]any // a structure as a map
			Extra   float32        // int64 -> float32
		}
		embedded     struct{ Name string }
		withEmbedded struct {
			embedded
			Title string `structframe:"title"`
		}
		widthsGo struct {
			U       uint64
			I       int16
			Day     time.Time
			Nothing *string
		}
		exact struct {
			Embedding [2]float64      `structframe:"embedding"`
			Minutes   *int64          `structframe:"minutes"`
			Tags      []string        `structframe:"tags"`
			Photo     []byte          `structframe:"photo"`
			Ing       *[]*rIngredient `structframe:"ingredients"`
		}
		mapped struct {
			Author      map[string]string `structframe:"author"`
			Ingredients []map[string]any  `structframe:"ingredients"`
		}
	)
	tests := []struct {
		name string
		t    *Tensor
		dst  any // a pointer to a zero value of the destination type
		want any
	}{
		{"recipes into []T", recipes, &[]rRecipe{}, tgRecipesGo},
		{"recipes into []*T", recipes, &[]*rRecipe{}, []*rRecipe{&tgRecipesGo[0], &tgRecipesGo[1], &tgRecipesGo[2]}},
		{"recipes into [3]T", recipes, &[3]rRecipe{}, [3]rRecipe(tgRecipesGo)},
		{"loose matching", recipes, &[]loose{}, []loose{
			{TITLE: "Soup", Tags: []any{"hot", "veg"}, Author: map[string]any{"name": "Ann"}, Extra: 1},
			{TITLE: "Cake", Tags: []any{}, Extra: 2},
			{TITLE: "Tea", Author: map[string]any{"name": "Bo"}, Extra: 3},
		}},
		{"exact item types", recipes, &[]exact{}, []exact{
			{[2]float64{1, 2}, tgPtr[int64](30), []string{"hot", "veg"}, []byte{1},
				&[]*rIngredient{{"water", 1.5, tgPtr("l")}, {"salt", 0.25, nil}}},
			{[2]float64{3, 4}, nil, []string{}, nil, &[]*rIngredient{{"flour", 300, tgPtr("g")}}},
			{[2]float64{5, 6}, tgPtr[int64](5), nil, []byte{}, &[]*rIngredient{}},
		}},
		{"embedded struct", recipes, &[]withEmbedded{}, []withEmbedded{{Title: "Soup"}, {Title: "Cake"}, {Title: "Tea"}}},
		{"structures into maps", recipes, &[]mapped{}, []mapped{
			{map[string]string{"name": "Ann"}, []map[string]any{{"name": "water", "amount": 1.5, "unit": "l"}, {"name": "salt", "amount": 0.25, "unit": nil}}},
			{nil, []map[string]any{{"name": "flour", "amount": 300.0, "unit": "g"}}},
			{map[string]string{"name": "Bo"}, []map[string]any{}},
		}},
		{"scalar into struct", scalar, &rRecipe{}, rRecipe{Title: "Soup", Tags: []string{"a", "b"}, Ingredients: []rIngredient{{Name: "x"}}}},
		{"scalar into **struct", scalar, new(*rAuthor), &rAuthor{}},
		{"scalar into map", scalar, &map[string]any{}, scalar.ToValue()},
		{"scalar into any", scalar, new(any), scalar.ToValue()},
		{"rank 1 into []map", recipes, &[]map[string]any{}, func() []map[string]any {
			var out []map[string]any
			for _, r := range recipes.ToValue().([]any) {
				out = append(out, r.(map[string]any))
			}
			return out
		}()},
		{"rank 2 into [][]T", grid, &[][]grid2{}, [][]grid2{{{tgPtr[int8](1)}, {tgPtr[int8](2)}}, nil, {{nil}}}},
		{"rank 2 into any", grid, new(any), grid.ToValue()},
		{"other widths", widths, &[]widthsGo{}, []widthsGo{
			{U: 7, I: -1, Day: time.Date(1970, 1, 2, 0, 0, 0, 0, time.UTC)},
			{U: math.MaxUint64, I: 2, Day: arrow.Date32(19000).ToTime()},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.t.ToGo(tc.dst); err != nil {
				t.Fatal(err)
			}
			got := reflect.ValueOf(tc.dst).Elem().Interface()
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

// TestToGoReplaces checks that ToGo overwrites what dst held.
func TestToGoReplaces(t *testing.T) {
	dst := []rRecipe{{Title: "old", Note: "kept?"}}
	if err := tgRecipes().ToGo(&dst); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(dst, tgRecipesGo) {
		t.Errorf("got %+v", dst)
	}
}

// TestToGoSharesNoMemory checks that decoded strings and bytes do not
// alias the Tensor's Arrow buffers.
func TestToGoSharesNoMemory(t *testing.T) {
	var dst []rRecipe
	recipes := tgRecipes()
	if err := recipes.ToGo(&dst); err != nil {
		t.Fatal(err)
	}
	photo := Must(recipes.Field("photo")).(Leaf).Values().(*array.Binary)
	photo.ValueBytes()[0] = 99
	defer func() { photo.ValueBytes()[0] = 1 }()
	if dst[0].Photo[0] != 1 {
		t.Errorf("decoded bytes alias the Arrow buffer")
	}
}

func TestToGoErrors(t *testing.T) {
	recipes := tgRecipes()
	big := tgTensor(1, FieldValue{"n", tgDense(tgArr(arrow.PrimitiveTypes.Int64, 1, 300, -5))})
	scalar := tgTensor(0, FieldValue{"n", Must(NewScalar(tgArr(arrow.PrimitiveTypes.Int64, 1)))})
	tests := []struct {
		name     string
		t        *Tensor
		dst      any
		kind     error
		path     string // the Error's Path
		contains string
	}{
		{"not a pointer", recipes, []rRecipe{}, ErrType, "", "non-nil pointer"},
		{"nil pointer", recipes, (*[]rRecipe)(nil), ErrType, "", "non-nil pointer"},
		{"string into int", recipes, &[]struct{ Title int }{}, ErrType, "[0].title", "got string, want int"},
		{"float into int", recipes, &[]struct{ Ingredients []struct{ Amount int } }{}, ErrType, "[0].ingredients[0].amount", "got float64, want int"},
		{"deep row", recipes, &[]struct {
			Ingredients []struct{ Unit *int }
		}{}, ErrType, "[0].ingredients[0].unit", "got string"},
		{"string into byte array", recipes, &[]struct {
			Ingredients []struct{ Name [5]byte }
		}{}, ErrType, "[0].ingredients[0].name", "got string, want [5]uint8"},
		{"overflow int8", big, &[]struct{ N int8 }{}, ErrType, "[1].n", "300 overflows int8"},
		{"negative uint", big, &[]struct{ N uint }{}, ErrType, "[2].n", "-5 overflows uint"},
		{"array length", recipes, &[]struct{ Embedding [3]float64 }{}, ErrShape, "[0].embedding", "got a list of 2"},
		{"rows into array", recipes, &[2]rRecipe{}, ErrShape, "", "got a list of 3"},
		{"list into scalar", recipes, &[]struct{ Tags string }{}, ErrType, "[0].tags", "got a list, want string"},
		{"scalar into list", recipes, &[]struct{ Title []string }{}, ErrType, "[0].title", "got string, want []string"},
		{"structure into string", recipes, &[]struct{ Author string }{}, ErrType, "[0].author", "got a structure, want string"},
		{"rank 1 into struct", recipes, &rRecipe{}, ErrType, "", "got a list, want structured.rRecipe"},
		{"rank 0 into slice", scalar, &[]rRecipe{}, ErrType, "", "got a structure"},
		{"structure into map of ints", recipes, &[]struct{ Author map[string]int }{}, ErrType, "[0].author.name", "got string, want int"},
		{"structure into int-keyed map", recipes, &[]struct{ Author map[int]string }{}, ErrType, "[0].author", "string keys"},
		{"time into string", recipes, &[]struct{ Created string }{}, ErrType, "[0].created", "want string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.t.ToGo(tc.dst)
			if !errors.Is(err, tc.kind) {
				t.Fatalf("got %v, want a %v error", err, tc.kind)
			}
			var e *Error
			if !errors.As(err, &e) || e.Field != tc.path || e.Op != "ToGo" || !strings.Contains(e.Msg, tc.contains) {
				t.Errorf("got %q (path %q), want path %q and %q", err, e.Field, tc.path, tc.contains)
			}
		})
	}
}

// TestLocatorPath checks the rendering of positions in nested ragged
// Tensors.
func TestLocatorPath(t *testing.T) {
	// rank 2 root [[a, b], [], [c]] with a rank-3 field items [[[x], [y, z]], [], [[w]]].
	outer := tgLengths([]int{2, 0, 1}, nil)
	items := tgTensor(3, FieldValue{"v", tgRagged(tgArr(arrow.BinaryTypes.String, "x", "y", "z", "w"), outer, tgLengths([]int{1, 2, 1}, nil))})
	root := tgTensor(2, FieldValue{"items", items})
	type item struct{ V int }
	var dst [][]struct{ Items []item }
	err := root.ToGo(&dst)
	var e *Error
	if !errors.As(err, &e) || e.Field != "[0][0].items[0].v" {
		t.Fatalf("got %v", err)
	}
	rootLoc := &goLocator{rank: 2, parts: root.parts}
	loc := &goLocator{parent: rootLoc, name: "items", from: 2, rank: 3, parts: items.parts}
	for m, want := range []string{"[0][0].items[0]", "[0][1].items[0]", "[0][1].items[1]", "[2][0].items[0]"} {
		if got := loc.path(m); got != want {
			t.Errorf("path(%d) = %q, want %q", m, got, want)
		}
	}
}

// TestToGoRoundTrip is a property test: random rows of a rich struct type
// convert with FromValue and decode back with ToGo to equal values.
func TestToGoRoundTrip(t *testing.T) {
	g := rtGen{rand.New(rand.NewPCG(1, 2))}
	for i := range 300 {
		rows := g.rows()
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkRoundTrip(t, rows) })
	}
}

// benchRow is the row type of the ToGo and FromValue benchmarks.
type benchRow struct {
	ID     int64         `structframe:"id"`
	Name   string        `structframe:"name"`
	Score  *float64      `structframe:"score"`
	Tags   []string      `structframe:"tags"`
	Vec    [4]float64    `structframe:"vec"`
	Items  []rIngredient `structframe:"items"`
	Counts []int64       `structframe:"counts"`
	When   time.Time     `structframe:"when"`
}

func benchRows(n int) []benchRow {
	rows := make([]benchRow, n)
	for i := range rows {
		r := &rows[i]
		r.ID = int64(i)
		r.Name = fmt.Sprintf("row %d", i)
		if i%3 != 0 {
			r.Score = tgPtr(float64(i) / 3)
		}
		r.Tags = []string{"a", "bb", "ccc"}[:i%4]
		r.Vec = [4]float64{float64(i), 1, 2, 3}
		for k := range i % 3 {
			r.Items = append(r.Items, rIngredient{Name: "salt", Amount: float64(k), Unit: tgPtr("g")})
		}
		r.Counts = []int64{1, 2, 3, 4, 5, 6, 7, 8}[:i%9]
		r.When = tgT0.Add(time.Duration(i) * time.Second)
	}
	return rows
}

// arrowBytes is the size of the Arrow buffers under a value, for MB/s.
func arrowBytes(v Value) int64 {
	switch x := v.(type) {
	case *Tensor:
		var n int64
		for _, f := range x.fields {
			n += arrowBytes(f)
		}
		return n
	case Leaf:
		var n int64
		for _, b := range x.Values().Data().Buffers() {
			if b != nil {
				n += int64(b.Len())
			}
		}
		return n
	}
	return 0
}

func BenchmarkToGo(b *testing.B) {
	st := Must(FromValue(benchRows(10000)))
	b.ReportAllocs()
	b.SetBytes(arrowBytes(st))
	for b.Loop() {
		var rows []benchRow
		if err := st.ToGo(&rows); err != nil {
			b.Fatal(err)
		}
	}
}
