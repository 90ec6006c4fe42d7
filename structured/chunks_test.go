package structured

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestFieldChunks: the pieces of a field of a Concat along axis 0 are the
// inputs' values of that field (empty inputs left out), shared rather
// than copied, at any depth; joined, they equal the field; asking for
// them joins nothing; a joined field, or a Tensor never concatenated, is
// one piece.
func TestFieldChunks(t *testing.T) {
	pieces := lazyPieces(t)
	empty := Must(pieces[0].Take(nil))
	inputs := []*Tensor{pieces[0], empty, pieces[1], pieces[2]}
	out := Must(Concat(0, inputs...))
	tests := []struct {
		path []string
		want int // pieces
	}{
		{[]string{"n"}, 3},
		{[]string{"s"}, 3},
		{[]string{"xs"}, 3},
		{[]string{"meta"}, 3},
		{[]string{"meta", "k"}, 3},
		{[]string{"meta", "items"}, 3},
		{[]string{"meta", "items", "v"}, 3},
		{[]string{"d"}, 1}, // a dictionary column is joined by Concat itself
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.path), func(t *testing.T) {
			got, err := out.FieldChunks(tc.path...)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tc.want {
				t.Fatalf("%d pieces, want %d", len(got), tc.want)
			}
			if tc.want > 1 {
				for j, p := range got {
					in := Must(pieces[j].Field(tc.path...))
					if !Equal(p, in) {
						t.Errorf("piece %d differs from input %d's field", j, j)
					}
					if l, ok := p.(Leaf); ok && !sameArrayData(l, in.(Leaf)) {
						t.Errorf("piece %d is a copy of input %d's array, not the array itself", j, j)
					}
				}
			}
			joined := got[0]
			if len(got) > 1 {
				vals := make([]*Tensor, len(got))
				for j, p := range got {
					vals[j] = Must(FromFields([]FieldValue{{"x", p}}, 1))
				}
				joined = Must(Must(Concat(0, vals...)).Field("x"))
			}
			if want := Must(Must(Concat(0, inputs...)).Field(tc.path...)); !Equal(joined, want) {
				t.Errorf("the pieces joined differ from Field%v", tc.path)
			}
		})
	}
	// None of the calls above joined a field of out.
	for _, name := range []string{"n", "s", "xs", "meta"} {
		if i := out.fieldIndex(name); out.fields[i] != nil || out.lazy[i].make == nil {
			t.Errorf("FieldChunks joined field %s", name)
		}
	}
	// Once joined, a field is one piece; so is any field of a Tensor not
	// made by Concat.
	Must(out.Field("n"))
	if got := Must(out.FieldChunks("n")); len(got) != 1 || got[0].NumRows() != 9 {
		t.Errorf("a joined field gives %d pieces", len(got))
	}
	if got := Must(pieces[0].FieldChunks("meta", "k")); len(got) != 1 {
		t.Errorf("a field of a plain Tensor gives %d pieces", len(got))
	}
	// Inputs with no rows at all give one (empty) piece.
	none := Must(Concat(0, empty, empty))
	if got := Must(none.FieldChunks("xs")); len(got) != 1 || got[0].NumRows() != 0 {
		t.Errorf("a join of empty inputs gives %d pieces", len(got))
	}
}

// sameArrayData reports whether two leaves read one Arrow array's buffers.
func sameArrayData(a, b Leaf) bool {
	da, db := a.Values().Data(), b.Values().Data()
	for k, buf := range da.Buffers() {
		if buf == nil || db.Buffers()[k] == nil {
			continue
		}
		if &buf.Bytes()[0] != &db.Buffers()[k].Bytes()[0] {
			return false
		}
	}
	return len(da.Buffers()) > 0
}

// TestFieldChunksErrors: a path that names no field, or goes through a
// leaf, is the ErrPath error Field gives, naming the path.
func TestFieldChunksErrors(t *testing.T) {
	out := Must(Concat(0, lazyPieces(t)...))
	tests := []struct {
		path []string
		msg  string
	}{
		{[]string{"nope"}, "nope"},
		{[]string{"meta", "nope"}, "meta.nope"},
		{[]string{"n", "x"}, "n"},
		{[]string{"meta", "k", "x"}, "meta.k"},
	}
	for _, tc := range tests {
		_, err := out.FieldChunks(tc.path...)
		if !errors.Is(err, ErrPath) {
			t.Errorf("%v: got %v, want ErrPath", tc.path, err)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Field != tc.msg {
			t.Errorf("%v: error %v names path %q, want %q", tc.path, err, e.Field, tc.msg)
		}
	}
}

// TestFieldChunksWhileJoining: FieldChunks and Field on one fresh join
// from many goroutines agree (run with -race).
func TestFieldChunksWhileJoining(t *testing.T) {
	out := Must(Concat(0, lazyPieces(t)...))
	want := Must(Concat(0, lazyPieces(t)...)).ToValue()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if g%2 == 0 {
				Must(out.Field("xs"))
				Must(out.Field("meta", "items"))
				return
			}
			n := 0
			for _, p := range Must(out.FieldChunks("xs")) {
				n += p.NumRows()
			}
			if n != 9 {
				t.Errorf("pieces of xs hold %d rows", n)
			}
		}()
	}
	wg.Wait()
	if !reflect.DeepEqual(out.ToValue(), want) {
		t.Errorf("values differ after concurrent reads")
	}
}

func ExampleTensor_FieldChunks() {
	batch := func(xs ...float64) *Tensor {
		rows := make([]any, len(xs))
		for i, x := range xs {
			rows[i] = map[string]any{"x": x}
		}
		return Must(FromValue(rows))
	}
	// Three record batches joined: x is not copied until it is read.
	t := Must(Concat(0, batch(1, 2), batch(3), batch(4, 5, 6)))
	sum := 0.0
	chunks := Must(t.FieldChunks("x"))
	for _, c := range chunks {
		for _, v := range c.(Leaf).Values().(*array.Float64).Float64Values() {
			sum += v
		}
	}
	fmt.Println(len(chunks), "chunks, sum", sum)
	Must(t.Field("x")) // joins x
	fmt.Println(len(Must(t.FieldChunks("x"))), "chunk once read")
	// Output:
	// 3 chunks, sum 21
	// 1 chunk once read
}

// RowChunks gives the rows of a joined Tensor as its inputs held them, to
// convert or write one record batch at a time without joining a field;
// small pieces are grouped.
func ExampleTensor_RowChunks() {
	batch := func(n int) *Tensor {
		ids := make([]int64, n)
		return Must(FromFields([]FieldValue{{"id", Must(NewDense(array.NewInt64Data(array.NewData(
			arrow.PrimitiveTypes.Int64, n, []*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(ids))}, nil, 0, 0))))}}, 1))
	}
	t := Must(Concat(0, batch(20000), batch(30000), batch(10), batch(10), batch(20000)))
	for _, chunk := range t.RowChunks() {
		rec := Must(chunk.ToRecordBatch())
		fmt.Println(rec.NumRows(), "rows")
		rec.Release()
	}
	// Output:
	// 20000 rows
	// 30000 rows
	// 20020 rows
}

// TestRowChunks: a Tensor joined from pieces cuts into one chunk per
// piece, each field of a chunk that piece's own value (nothing joined,
// here or later); a Tensor not in pieces, or whose pieces differ in
// schema, is one chunk; boundaries of pieces inside a structure count.
func TestRowChunks(t *testing.T) {
	defer func(n int) { rowChunkMin = n }(rowChunkMin)
	rowChunkMin = 1
	rows := func(vs ...any) *Tensor { return Must(FromValue(vs)) }
	rec := func(n int, x any) map[string]any {
		return map[string]any{"n": n, "xs": []any{float64(n)}, "s": map[string]any{"x": x}}
	}
	ps := []*Tensor{rows(rec(1, 1), rec(2, 2)), rows(rec(3, 3)), rows(rec(4, 4), rec(5, 5), rec(6, 6))}
	joined := Must(Concat(0, ps...))
	chunks := joined.RowChunks()
	if len(chunks) != 3 {
		t.Fatalf("%d chunks, want the 3 pieces", len(chunks))
	}
	for k, c := range chunks {
		for _, name := range []string{"n", "xs", "s"} {
			if got, want := Must(c.Field(name)), Must(ps[k].Field(name)); got != want && !Equal(got, want) {
				t.Errorf("chunk %d field %s differs from the piece's", k, name)
			}
		}
		n := Must(c.Field("n")).(Leaf).Values().Data().Buffers()[1]
		own := Must(ps[k].Field("n")).(Leaf).Values().Data().Buffers()[1]
		if unsafe.SliceData(n.Bytes()) != unsafe.SliceData(own.Bytes()) {
			t.Errorf("chunk %d does not share its piece's buffer", k)
		}
	}
	for i, name := range joined.FieldNames() {
		if joined.unjoined(i) == nil {
			t.Errorf("RowChunks joined field %s", name)
		}
	}
	if got := rows(rec(1, 1), rec(2, 2)).RowChunks(); len(got) != 1 || got[0].NumRows() != 2 {
		t.Errorf("a Tensor not in pieces gives %d chunks", len(got))
	}
	// The second piece's s.x is Null-typed: the pieces differ in schema.
	mixed := Must(Concat(0, rows(rec(1, 1)), rows(rec(2, nil))))
	if got := mixed.RowChunks(); len(got) != 1 || got[0] != mixed {
		t.Errorf("pieces of two schemas give %d chunks, want the Tensor itself", len(got))
	}
	// A structure joined at once (it holds a dictionary) whose other
	// field is in pieces: its pieces' bounds cut too.
	withDict := func(n int) *Tensor {
		d := array.NewDictionaryBuilder(memory.DefaultAllocator, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
		defer d.Release()
		for range n {
			_ = d.AppendString("a")
		}
		arr := d.NewArray()
		defer arr.Release()
		inner := Must(FromFields([]FieldValue{{"k", Must(NewDense(arr))}, {"v", Must(NewDense(arwI64(make([]int64, n), nil)))}}, 1))
		return Must(FromFields([]FieldValue{{"s", inner}}, 1))
	}
	nested := Must(Concat(0, withDict(2), withDict(3)))
	if got := nested.RowChunks(); len(got) != 2 || got[0].NumRows() != 2 {
		t.Errorf("nested pieces give %d chunks", len(got))
	}
}

// TestSliceOfFixedAndRaggedPieces: pieces whose list levels differ (a
// fixed-size list and a list) slice as their join slices: ragged, as the
// join is.
func TestSliceOfFixedAndRaggedPieces(t *testing.T) {
	mk := func(dt arrow.DataType, vals ...int64) *Tensor {
		b := array.NewBuilder(memory.DefaultAllocator, dt)
		defer b.Release()
		switch lb := b.(type) {
		case *array.FixedSizeListBuilder:
			lb.Append(true)
			lb.ValueBuilder().(*array.Int64Builder).AppendValues(vals, nil)
		case *array.ListBuilder:
			lb.Append(true)
			lb.ValueBuilder().(*array.Int64Builder).AppendValues(vals, nil)
		case *array.LargeListBuilder:
			lb.Append(true)
			lb.ValueBuilder().(*array.Int64Builder).AppendValues(vals, nil)
		}
		a := b.NewArray()
		defer a.Release()
		rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "l", Type: dt, Nullable: true}}, nil), []arrow.Array{a}, 1)
		defer rec.Release()
		return Must(FromRecordBatch(rec))
	}
	build := func() *Tensor {
		return Must(Concat(0, mk(arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Int64), 1, 2), mk(arrow.ListOf(arrow.PrimitiveTypes.Int64), 3)))
	}
	joined := build()
	joinAll(joined)
	for _, sp := range [][2]int{{0, 1}, {1, 2}, {0, 2}} {
		got, want := Must(build().Slice(0, Span(sp[0], sp[1]))), Must(joined.Slice(0, Span(sp[0], sp[1])))
		if !got.Equal(want) || !got.Spec().Equal(want.Spec()) {
			t.Errorf("[%d:%d]: %v, joined %v", sp[0], sp[1], got.Spec(), want.Spec())
		}
	}
	// list and large_list pieces: one chunk, the join's.
	large := func(v int64) *Tensor { return mk(arrow.LargeListOf(arrow.PrimitiveTypes.Int64), v) }
	small := func(v int64) *Tensor { return mk(arrow.ListOf(arrow.PrimitiveTypes.Int64), v) }
	defer func(n int) { rowChunkMin = n }(rowChunkMin)
	rowChunkMin = 1
	if got := Must(Concat(0, small(1), large(2))).RowChunks(); len(got) != 1 {
		t.Errorf("list and large_list pieces give %d chunks, want the join", len(got))
	}
}

// TestRowChunksGroupsSmallPieces: pieces under rowChunkMin rows are
// grouped into chunks of at least that many rows, the last excepted.
func TestRowChunksGroupsSmallPieces(t *testing.T) {
	defer func(n int) { rowChunkMin = n }(rowChunkMin)
	rowChunkMin = 4
	ps := make([]*Tensor, 10)
	for i := range ps {
		ps[i] = Must(FromValue([]any{map[string]any{"id": i}}))
	}
	joined := Must(Concat(0, ps...))
	var sizes []int
	var ids []any
	for _, c := range joined.RowChunks() {
		sizes = append(sizes, c.NumRows())
		for _, r := range c.ToValue().([]any) {
			ids = append(ids, r.(map[string]any)["id"])
		}
	}
	if !reflect.DeepEqual(sizes, []int{4, 4, 2}) {
		t.Errorf("chunks of %v rows, want 4, 4, 2", sizes)
	}
	if fmt.Sprint(ids) != "[0 1 2 3 4 5 6 7 8 9]" {
		t.Errorf("ids %v", ids)
	}
}

// BenchmarkRowChunks cuts a join of 4,000 one-row pieces into one chunk
// per piece: the cost is O(chunks × fields × log pieces), not the square
// of the pieces.
func BenchmarkRowChunks(b *testing.B) {
	defer func(n int) { rowChunkMin = n }(rowChunkMin)
	rowChunkMin = 1
	ps := make([]*Tensor, 4000)
	for i := range ps {
		ps[i] = Must(FromValue([]any{map[string]any{"id": i, "tags": []any{"t"}}}))
	}
	joined := Must(Concat(0, ps...))
	b.ReportAllocs()
	for b.Loop() {
		if n := len(joined.RowChunks()); n != len(ps) {
			b.Fatalf("%d chunks", n)
		}
	}
}

// TestToRecordBatches: one batch per chunk, sharing the pieces; an error
// in a later chunk is said of the whole Tensor (its rows counted over
// all chunks) and returns no batch; chunks of two schemas give one batch.
func TestToRecordBatches(t *testing.T) {
	defer func(n int) { rowChunkMin = n }(rowChunkMin)
	rowChunkMin = 1
	rows := func(vs ...any) *Tensor { return Must(FromValue(vs)) }
	recs := Must(Must(Concat(0, rows(map[string]any{"a": 1}, map[string]any{"a": 2}), rows(map[string]any{"a": 3}))).ToRecordBatches())
	if len(recs) != 2 || recs[0].NumRows() != 2 || recs[1].NumRows() != 1 {
		t.Errorf("%d batches", len(recs))
	}
	releaseBatches(recs)
	nullRow := Must(Concat(0, rows(map[string]any{"a": 1}, map[string]any{"a": 2}), rows(nil, map[string]any{"a": 3})))
	if recs, err := nullRow.ToRecordBatches(); err == nil || recs != nil || !strings.Contains(err.Error(), "1 of 4 rows are null") {
		t.Errorf("null row in a later chunk: %d batches, %v; want the whole Tensor's error", len(recs), err)
	}
	mixed := Must(Concat(0, rows(map[string]any{"s": map[string]any{"x": 1}}), rows(map[string]any{"s": map[string]any{"x": nil}})))
	if recs := Must(mixed.ToRecordBatches()); len(recs) != 1 || recs[0].NumRows() != 2 {
		t.Errorf("pieces of two schemas give %d batches, want one", len(recs))
	} else {
		releaseBatches(recs)
	}
}
