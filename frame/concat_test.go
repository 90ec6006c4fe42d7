package frame

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

func TestConcat(t *testing.T) {
	a := FromRecords([]any{
		map[string]any{"id": int64(1), "user": map[string]any{"name": "ann"}, "tags": []any{"x"}},
		map[string]any{"id": int64(2), "user": nil, "tags": nil},
	})
	b := FromRecords([]any{
		map[string]any{"id": int64(3), "user": map[string]any{"age": int64(40), "name": "bob"}, "score": 1.5},
	})
	c := FromRecords([]any{map[string]any{"score": nil, "id": int64(4)}})
	got := Concat(a, b, c)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	if cols := got.Columns(); !reflect.DeepEqual(cols, []string{"id", "tags", "user", "score"}) {
		t.Errorf("columns = %v", cols)
	}
	if s := got.Schema().String(); s != "4 * {id: int64, tags: ?var * string, user: ?{name: string, age: ?int64}, score: ?float64}" {
		t.Errorf("schema = %s", s)
	}
	want := []any{
		map[string]any{"id": int64(1), "tags": []any{"x"}, "user": map[string]any{"name": "ann", "age": nil}, "score": nil},
		map[string]any{"id": int64(2), "tags": nil, "user": nil, "score": nil},
		map[string]any{"id": int64(3), "tags": nil, "user": map[string]any{"name": "bob", "age": int64(40)}, "score": 1.5},
		map[string]any{"id": int64(4), "tags": nil, "user": nil, "score": nil},
	}
	if rows := got.data.ToValue(); !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %#v", rows)
	}
	if n := got.Index().NumRows(); n != 4 {
		t.Errorf("index length %d", n)
	}
	// The method form, one frame, no frame, empty frames.
	if g := a.Concat(a); g.NumRows() != 4 || g.Err() != nil {
		t.Errorf("a.Concat(a): %d rows, %v", g.NumRows(), g.Err())
	}
	if g := Concat(a); g != a {
		t.Errorf("Concat of one frame is not that frame")
	}
	if g := Concat(); g.Err() != nil || g.NumRows() != 0 || g.NumColumns() != 0 {
		t.Errorf("Concat(): %v", g)
	}
	if g := Concat(FromColumns(nil), a, a.Head(0)); g.Err() != nil || g.NumRows() != 2 || g.NumColumns() != 3 {
		t.Errorf("with empty frames: %v", g)
	}
}

func TestConcatErrors(t *testing.T) {
	a := FromColumns([]string{"x"}, []int64{1})
	tests := []struct {
		name string
		got  *Frame
		err  error
		msg  string
	}{
		{"types", Concat(a, a, FromColumns([]string{"x"}, []string{"s"})), ErrType, `column "x" is int64 in frame 0 but string in frame 2`},
		{"list vs scalar", Concat(a, FromColumns([]string{"x"}, [][]int64{{1}})), ErrType, `column "x"`},
		{"nested", Concat(FromRecords([]any{map[string]any{"s": map[string]any{"v": int64(1)}}}),
			FromRecords([]any{map[string]any{"s": map[string]any{"v": "one"}}})), ErrType, `column "s.v"`},
		{"nil", Concat(a, nil), ErrArgument, "frame 1 is nil"},
		{"failed", Concat(a, a.Select("nope")), ErrColumn, "frame 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want %v with %q", err, tc.err, tc.msg)
			}
		})
	}
}

func TestConcatWiden(t *testing.T) {
	mem := memory.DefaultAllocator
	i32 := array.NewInt32Builder(mem)
	i32.AppendValues([]int32{7, 0}, []bool{true, false})
	f32 := array.NewFloat32Builder(mem)
	f32.AppendValues([]float32{1.5, 2}, nil)
	items := array.NewInt32Builder(mem)
	items.AppendValues([]int32{1, 2}, nil)
	part := structured.Must(structured.PartitionFromSplits([]int64{0, 2, 2}))
	part = structured.Must(part.WithValidity([]bool{true, false}))
	l32 := structured.Must(structured.NewRagged(items.NewArray(), part))
	a := FromColumns([]string{"i", "f", "l"}, i32.NewArray(), f32.NewArray(), l32)
	b := FromColumns([]string{"i", "f", "l"}, []int64{1 << 40}, []float64{0.25}, [][]int64{{3}})
	got := Concat(a, b)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	if s := got.Schema().String(); s != "3 * {i: ?int64, f: float64, l: ?var * int64}" {
		t.Errorf("schema = %s", s)
	}
	want := []any{
		map[string]any{"i": int64(7), "f": 1.5, "l": []any{int64(1), int64(2)}},
		map[string]any{"i": nil, "f": 2.0, "l": nil},
		map[string]any{"i": int64(1 << 40), "f": 0.25, "l": []any{int64(3)}},
	}
	if rows := got.data.ToValue(); !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %#v", rows)
	}
	u8 := array.NewUint8Builder(mem)
	u8.AppendValues([]uint8{1}, nil)
	for _, bad := range []*Frame{
		Concat(FromColumns([]string{"x"}, []int64{1}), FromColumns([]string{"x"}, []float64{1})),
		Concat(FromColumns([]string{"x"}, []int64{1}), FromColumns([]string{"x"}, u8.NewArray())),
	} {
		if err := bad.Err(); !errors.Is(err, ErrType) {
			t.Errorf("err = %v, want ErrType", err)
		}
	}
}

// TestConcatProperty cuts random frames (nulls, NaN, lists) into pieces
// and checks that Concat gives them back, and that IsNull and DropNulls
// agree with the nils of ToValue. The frames are built every way
// (randWays), and every other iteration each piece a random way.
func TestConcatProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { concatProperty(t, w) })
	}
}

func concatProperty(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(7, 8+uint64(w)))
	for iter := range 40 {
		n := rng.IntN(30)
		f := randBuild(t, rng, sortRandFrame(rng, n), w)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		var pieces []*Frame
		var ways []randWay
		for start := 0; start < n; {
			stop := start + rng.IntN(n-start+1)
			piece := f.Slice(start, stop).Drop(f.Columns()[rng.IntN(f.NumColumns())])
			pw := w
			if iter%2 == 1 { // pieces built different ways: Arrow types of one kind meet
				pw = randWay(rng.IntN(int(numRandWays)))
				piece = randBuild(t, rng, piece, pw)
			}
			pieces, ways = append(pieces, piece), append(ways, pw)
			start = stop
		}
		if len(pieces) == 0 {
			continue
		}
		got := Concat(pieces...)
		if err := got.Err(); err != nil {
			t.Fatalf("iter %d (pieces %v): %v", iter, ways, err)
		}
		if got.NumRows() != n {
			t.Fatalf("iter %d: %d rows, want %d", iter, got.NumRows(), n)
		}
		// Every value is the original one or null where its piece lacked the column.
		want, _ := f.data.ToValue().([]any)
		rows, _ := got.data.ToValue().([]any)
		for i := range rows {
			g, w := rows[i].(map[string]any), want[i].(map[string]any)
			for name, v := range g {
				if v != nil && fmt.Sprint(v) != fmt.Sprint(w[name]) {
					t.Fatalf("iter %d row %d %s: %v, want %v", iter, i, name, v, w[name])
				}
			}
		}
		// IsNull and DropNulls agree with ToValue's nils.
		isNull, _ := got.IsNull().data.ToValue().([]any)
		kept := 0
		for i := range rows {
			g, nulls := rows[i].(map[string]any), isNull[i].(map[string]any)
			anyNull := false
			for name, v := range g {
				if nulls[name] != (v == nil) {
					t.Fatalf("iter %d row %d %s: IsNull %v for %v", iter, i, name, nulls[name], v)
				}
				anyNull = anyNull || v == nil
			}
			if !anyNull {
				kept++
			}
		}
		if d := got.DropNulls(nil); d.NumRows() != kept {
			t.Fatalf("iter %d: DropNulls kept %d rows, want %d", iter, d.NumRows(), kept)
		}
	}
}

// TestConcatListOfStruct unions the fields of lists of structures, null
// and empty lists and null structures kept.
func TestConcatListOfStruct(t *testing.T) {
	a := FromRecords([]any{
		map[string]any{"id": int64(1), "items": []any{map[string]any{"sku": "x"}, nil}},
		map[string]any{"id": int64(2), "items": nil},
	})
	b := FromRecords([]any{
		map[string]any{"id": int64(3), "items": []any{map[string]any{"qty": int64(2), "sku": "y", "tags": []any{"t"}}}},
		map[string]any{"id": int64(4), "items": []any{}},
	})
	got := Concat(a, b)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := []any{
		map[string]any{"id": int64(1), "items": []any{map[string]any{"sku": "x", "qty": nil, "tags": nil}, nil}},
		map[string]any{"id": int64(2), "items": nil},
		map[string]any{"id": int64(3), "items": []any{map[string]any{"sku": "y", "qty": int64(2), "tags": []any{"t"}}}},
		map[string]any{"id": int64(4), "items": []any{}},
	}
	if rows := got.data.ToValue(); !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %#v", rows)
	}
	if s := got.Schema().String(); !strings.Contains(s, "items: ?var * {sku: string, qty: ?int64, tags: ?var * string}") {
		t.Errorf("schema = %s", s)
	}
	// A structure and a list of structures do not union.
	c := FromRecords([]any{map[string]any{"id": int64(5), "items": map[string]any{"sku": "z"}}})
	if err := Concat(a, c).Err(); !errors.Is(err, ErrType) || !strings.Contains(err.Error(), `column "items"`) {
		t.Errorf("struct vs list of struct: %v", err)
	}
}

// TestConcatMissingDictionaryColumn: a frame lacking a column of Arrow type
// dictionary<int32, utf8> (or string_view) gets it as nulls, as for every
// other type (found by TestConcatProperty over the arrowDictionary way).
func TestConcatMissingDictionaryColumn(t *testing.T) {
	mem := memory.DefaultAllocator
	db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	_ = db.AppendString("a")
	db.AppendNull()
	vb := array.NewStringViewBuilder(mem)
	vb.AppendValues([]string{"x", "y"}, nil)
	a := FromColumns([]string{"x", "d", "v"}, []int64{1, 2}, db.NewArray(), vb.NewArray())
	b := FromColumns([]string{"x"}, []int64{3})
	for _, got := range []*Frame{Concat(a, b), Concat(b, a)} {
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		if got.NumRows() != 3 {
			t.Errorf("rows = %d", got.NumRows())
		}
	}
	want := []any{
		map[string]any{"x": int64(3), "d": nil, "v": nil},
		map[string]any{"x": int64(1), "d": "a", "v": "x"},
		map[string]any{"x": int64(2), "d": nil, "v": "y"},
	}
	if rows := Concat(b, a).data.ToValue(); !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %#v", rows)
	}
}

// TestConcatMixedStringTypes: string columns of different Arrow types
// (string, large_string, string_view, dictionary; lists of them too) concat
// into large_string, nulls kept (found by TestConcatProperty with pieces
// built different ways).
func TestConcatMixedStringTypes(t *testing.T) {
	mem := memory.DefaultAllocator
	db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	db.AppendNull()
	_ = db.AppendString("d")
	vb := array.NewStringViewBuilder(mem)
	vb.AppendValues([]string{"v"}, nil)
	lb := array.NewLargeStringBuilder(mem)
	lb.AppendValues([]string{"l", ""}, []bool{true, false})
	got := Concat(
		FromColumns([]string{"s", "ls"}, []string{"a"}, [][]string{{"x", "y"}}),
		FromColumns([]string{"s"}, db.NewArray()),
		FromColumns([]string{"s"}, vb.NewArray()),
		FromColumns([]string{"s"}, lb.NewArray()),
		FromRecords([]any{map[string]any{"ls": []any{"z", nil}}}).Select("ls"),
	)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := got.Column("s")
	if want := []any{"a", nil, "d", "v", "l", nil, nil}; !reflect.DeepEqual(s.ToValue(), want) {
		t.Errorf("s = %#v, want %#v", s.ToValue(), want)
	}
	if schema := got.Schema().String(); !strings.Contains(schema, "s: ?large_string") {
		t.Errorf("schema = %s", schema)
	}
}

// TestConcatMissingNestedDictionary: a missing structure or list column
// holding dictionary or string_view leaves is made of nulls too (found by
// TestRandFrameWaysAgree over the arrowDictionary and arrowViews ways).
func TestConcatMissingNestedDictionary(t *testing.T) {
	base := FromRecords([]any{
		map[string]any{"id": int64(1), "s": map[string]any{"b": "p"}, "l": []any{"x", nil}},
		map[string]any{"id": int64(2), "s": nil, "l": nil},
	})
	for _, w := range []randWay{wayArrowDictionary, wayArrowViews} {
		f := randBuild(t, rand.New(rand.NewPCG(1, 2)), base, w)
		got := Concat(f, FromColumns([]string{"id"}, []int64{3}))
		if err := got.Err(); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
		want := []any{
			map[string]any{"id": int64(1), "s": map[string]any{"b": "p"}, "l": []any{"x", nil}},
			map[string]any{"id": int64(2), "s": nil, "l": nil},
			map[string]any{"id": int64(3), "s": nil, "l": nil},
		}
		if rows := randRows(t, got); !reflect.DeepEqual(rows, want) {
			t.Errorf("%s: rows = %v", w, rows)
		}
	}
}

// TestColumnChunks: the pieces of a column of concatenated frames, nested
// paths too, are the frames' own, in order, until the column is read;
// then it is one piece. An unknown column is an ErrColumn error.
func TestColumnChunks(t *testing.T) {
	mk := func(ids ...int64) *Frame {
		rows := make([]map[string]any, len(ids))
		for i, id := range ids {
			rows[i] = map[string]any{"id": id, "meta": map[string]any{"tags": []any{"t"}}}
		}
		return FromRecords(rows)
	}
	df := Concat(mk(1, 2), mk(), mk(3))
	tests := []struct {
		ref  string
		rows []int
	}{
		{"id", []int{2, 1}},
		{"meta", []int{2, 1}},
		{"meta.tags", []int{2, 1}},
	}
	for _, tc := range tests {
		chunks, err := df.ColumnChunks(tc.ref)
		if err != nil {
			t.Fatal(err)
		}
		var rows []int
		for _, c := range chunks {
			rows = append(rows, c.NumRows())
		}
		if !reflect.DeepEqual(rows, tc.rows) {
			t.Errorf("%s: chunks of %v rows, want %v", tc.ref, rows, tc.rows)
		}
	}
	ids, _ := df.ColumnChunks("id")
	if got := fmt.Sprint(ids[0].ToValue(), ids[1].ToValue()); got != "[1 2] [3]" {
		t.Errorf("id chunks hold %s", got)
	}
	if _, err := df.Column("id"); err != nil {
		t.Fatal(err)
	}
	if ids, _ := df.ColumnChunks("id"); len(ids) != 1 || ids[0].NumRows() != 3 {
		t.Errorf("a column once read gives %d chunks", len(ids))
	}
	if _, err := df.ColumnChunks("nope"); !errors.Is(err, ErrColumn) {
		t.Errorf("unknown column: %v, want ErrColumn", err)
	}
}

// TestChunksSurviveFrameOps: a Concat of Concats, Select of top-level
// columns and WithColumns leave the columns they do not compute in
// pieces (one chunk per innermost input), as Polars keeps chunks through
// concat, select and with_columns; the values read are the same.
func TestChunksSurviveFrameOps(t *testing.T) {
	mk := func(ids ...int64) *Frame {
		rows := make([]map[string]any, len(ids))
		for i, id := range ids {
			rows[i] = map[string]any{"id": id, "name": fmt.Sprint("n", id), "meta": map[string]any{"tags": []any{"t"}}}
		}
		return FromRecords(rows)
	}
	// A fresh frame each time: reading a column joins it for every frame
	// sharing it.
	joined := func() *Frame { return Concat(Concat(mk(1, 2), mk(3)), Concat(mk(4), mk(5, 6))) }
	df := joined()
	tests := []struct {
		name string
		f    func(*Frame) *Frame
		cols []string // the columns left in pieces
	}{
		{"concat of concats", func(f *Frame) *Frame { return f }, []string{"id", "name", "meta", "meta.tags"}},
		{"select", func(f *Frame) *Frame { return f.Select("meta", "id") }, []string{"meta", "id"}},
		{"with a new column", func(f *Frame) *Frame { return f.WithColumns(Lit(int64(7)).Alias("seven")) }, []string{"id", "name", "meta"}},
		// id is read to compute the new name, and so joined.
		{"with a column replaced", func(f *Frame) *Frame { return f.WithColumns(Col("id").Add(Lit(int64(1))).Alias("name")) }, []string{"meta"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.f(joined())
			if err := f.Err(); err != nil {
				t.Fatal(err)
			}
			for _, c := range tc.cols {
				chunks, err := f.ColumnChunks(c)
				if err != nil {
					t.Fatal(err)
				}
				if len(chunks) != 4 {
					t.Errorf("%s: %d chunks, want the 4 inputs'", c, len(chunks))
				}
			}
		})
	}
	ids, err := df.Select("meta", "id").Column("id")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(ids.Value().ToValue()); got != "[1 2 3 4 5 6]" {
		t.Errorf("id = %s", got)
	}
	named, err := df.WithColumns(Col("id").Add(Lit(int64(1))).Alias("name")).Column("name")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(named.Value().ToValue()); got != "[2 3 4 5 6 7]" {
		t.Errorf("replaced name = %s", got)
	}
}

// TestConcatNullThenStructure: a column all null in the first frame (Arrow
// type Null) and a structure in the next is the structure, with its
// fields, whichever frame comes first.
func TestConcatNullThenStructure(t *testing.T) {
	g := FromRecords([]any{map[string]any{"a": 1, "s": map[string]any{"x": 1, "y": "p"}}})
	h := FromRecords([]any{map[string]any{"a": 2, "s": nil}, map[string]any{"a": 3, "s": nil}})
	for _, tc := range []struct {
		name string
		f    *Frame
		want string
	}{
		{"null first", Concat(h, g), "[map[a:2 s:<nil>] map[a:3 s:<nil>] map[a:1 s:map[x:1 y:p]]]"},
		{"structure first", Concat(g, h), "[map[a:1 s:map[x:1 y:p]] map[a:2 s:<nil>] map[a:3 s:<nil>]]"},
	} {
		if err := tc.f.Err(); err != nil {
			t.Fatal(err)
		}
		s, _, err := tc.f.Schema().Field("s")
		if err != nil || len(s.Fields) != 2 {
			t.Errorf("%s: s is %v (%v), want a structure of x and y", tc.name, s, err)
		}
		if got := fmt.Sprint(structured.Must(tc.f.Data()).ToValue()); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestTailOfPiecesHasTheJoinsSchema: the last rows of frames joined by
// Concat, read before any column is joined, have the schema the joined
// frame's last rows have (a nested leaf all null in the last frame takes
// the type the first frame gives it).
func TestTailOfPiecesHasTheJoinsSchema(t *testing.T) {
	build := func() *Frame {
		g := FromRecords([]any{map[string]any{"a": 1, "s": map[string]any{"x": 1}}})
		h := FromRecords([]any{map[string]any{"a": 2, "s": map[string]any{"x": nil}}, map[string]any{"a": 3, "s": map[string]any{"x": nil}}})
		return Concat(g, h)
	}
	lazy, joined := build(), build()
	for _, c := range joined.Columns() {
		if _, err := joined.Column(c); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := lazy.Tail(2).Schema(), joined.Tail(2).Schema(); !got.Equal(want) {
		t.Errorf("Tail(2): %v, joined %v", got, want)
	}
}
