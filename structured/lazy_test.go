package structured

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// lazyPieces is three Tensors of one schema: int, string, a list of
// floats, a nested structure with a list of structures, and a dictionary
// column (joined at once, not lazily).
func lazyPieces(t *testing.T) []*Tensor {
	t.Helper()
	piece := func(base int) *Tensor {
		var rows []any
		for i := range 3 {
			n := base + i
			rows = append(rows, map[string]any{
				"n":    n,
				"s":    string(rune('a' + n)),
				"xs":   []any{float64(n), float64(n) / 2},
				"meta": map[string]any{"k": n * 10, "items": []any{map[string]any{"v": n}}},
			})
		}
		tt := Must(FromValue(rows))
		dict := array.NewDictionaryBuilder(memory.DefaultAllocator, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
		defer dict.Release()
		for i := range 3 {
			_ = dict.AppendString([]string{"x", "y"}[(base+i)%2])
		}
		d := dict.NewArray()
		defer d.Release()
		col, err := NewDense(d)
		if err != nil {
			t.Fatal(err)
		}
		return Must(tt.WithUpdates(SetField(col, "d")))
	}
	return []*Tensor{piece(0), piece(3), piece(6)}
}

// TestConcatJoinsLeavesOnFirstUse: Concat leaves each leaf field's join to
// its first read; the joined values equal those of the inputs, and a
// field never read is never joined.
func TestConcatJoinsLeavesOnFirstUse(t *testing.T) {
	ts := lazyPieces(t)
	out, err := Concat(0, ts...)
	if err != nil {
		t.Fatal(err)
	}
	pending := func(tt *Tensor, name string) bool {
		i := tt.fieldIndex(name)
		return tt.fields[i] == nil && tt.lazy[i].make != nil
	}
	for _, name := range []string{"n", "s", "xs"} {
		if !pending(out, name) {
			t.Errorf("field %s was joined by Concat itself", name)
		}
	}
	if pending(out, "d") || out.fields[out.fieldIndex("d")] == nil {
		t.Errorf("the dictionary field d should be joined at once")
	}
	// A structure with a list of structures waits whole: its row
	// partitions are joined when it is read, and its leaves later still.
	if !pending(out, "meta") {
		t.Errorf("field meta (a structure holding a list) was joined by Concat itself")
	}
	meta := Must(out.Field("meta")).(*Tensor)
	if !pending(meta, "k") || !pending(meta, "items") {
		t.Errorf("reading meta joined its fields k and items")
	}
	items := Must(meta.Field("items")).(*Tensor)
	if items.Rank() != 2 || !pending(items, "v") {
		t.Errorf("reading meta.items joined its leaf v (rank %d)", items.Rank())
	}
	n, err := out.Field("n")
	if err != nil {
		t.Fatal(err)
	}
	if got := n.(Leaf).Values().(*array.Int64).Int64Values(); len(got) != 9 || got[0] != 0 || got[8] != 8 {
		t.Errorf("n = %v", got)
	}
	if pending(out, "n") || !pending(out, "s") {
		t.Errorf("reading n should join n and only n")
	}
	// Every other read agrees with the inputs' values.
	var want []any
	for _, p := range ts {
		want = append(want, p.ToValue().([]any)...)
	}
	if got := out.ToValue().([]any); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue of the joined Tensor:\n got %v\nwant %v", got, want)
	}
}

// TestLazyFieldsSurviveFieldMoves: WithOnly and Without carry a field's
// pending join along instead of running it, and the moved field reads the
// same values.
func TestLazyFieldsSurviveFieldMoves(t *testing.T) {
	out := Must(Concat(0, lazyPieces(t)...))
	only := Must(out.WithOnly("s", "n"))
	if only.fields[0] != nil || only.fields[1] != nil {
		t.Fatalf("WithOnly joined the fields it kept")
	}
	without := Must(out.Without("n"))
	if without.fields[without.fieldIndex("s")] != nil {
		t.Fatalf("Without joined the fields it kept")
	}
	s1, s2 := Must(only.Field("s")), Must(without.Field("s"))
	if !Equal(s1, s2) || !Equal(s1, Must(out.Field("s"))) {
		t.Errorf("the moved field reads other values")
	}
	if !out.Equal(Must(Concat(0, lazyPieces(t)...))) {
		t.Errorf("a joined Tensor differs from another join of the same inputs")
	}
}

// TestLazyFieldsConcurrentReads: goroutines reading the fields of a fresh
// join at once all see the same values (run with -race).
func TestLazyFieldsConcurrentReads(t *testing.T) {
	out := Must(Concat(0, lazyPieces(t)...))
	want := Must(Concat(0, lazyPieces(t)...)).ToValue()
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			names := out.FieldNames()
			for k := range names {
				name := names[(k+g)%len(names)]
				if _, err := out.Field(name); err != nil {
					errs <- err.Error()
				}
			}
			if !reflect.DeepEqual(out.ToValue(), want) {
				errs <- "values differ"
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestConcatAllocatesNoLeafData: joining pieces of 1 MiB float columns
// copies nothing until a column is read.
func TestConcatAllocatesNoLeafData(t *testing.T) {
	const n = 1 << 17 // 1 MiB of float64 per piece
	piece := func() *Tensor {
		b := array.NewFloat64Builder(memory.DefaultAllocator)
		defer b.Release()
		for i := range n {
			b.Append(float64(i))
		}
		a := b.NewArray()
		defer a.Release()
		return Must(FromFields([]FieldValue{{"x", Must(NewDense(a))}, {"y", Must(NewDense(a))}}, 1))
	}
	ts := []*Tensor{piece(), piece(), piece(), piece()}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	out := Must(Concat(0, ts...))
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
		t.Errorf("Concat of 4 x 2 MiB allocated %d bytes before any read, want < 64 KiB", got)
	}
	runtime.ReadMemStats(&before)
	x := Must(out.Field("x")).(Leaf).Values().(*array.Float64).Float64Values()
	runtime.ReadMemStats(&after)
	if len(x) != 4*n || x[n] != 0 || x[n-1] != n-1 {
		t.Fatalf("joined x has %d values", len(x))
	}
	if got := after.TotalAlloc - before.TotalAlloc; got < 4*n*8 || got > 6*n*8 {
		t.Errorf("reading x allocated %d bytes, want about %d (one column joined, not both)", got, 4*n*8)
	}
}

// TestLazyFieldsAfterRepeatedMoves: Without and WithOnly on a Tensor whose
// lazy slots end before its last field (a plain field after the last lazy
// one) keep every field readable.
func TestLazyFieldsAfterRepeatedMoves(t *testing.T) {
	out := Must(Concat(0, lazyPieces(t)...)) // fields n s xs meta d; d is plain
	want := out.ToValue()
	g := Must(out.Without("xs"))
	g = Must(g.Without("n"))
	g = Must(g.WithOnly("d", "s"))
	if got := Must(g.Field("d")); !Equal(got, Must(out.Field("d"))) {
		t.Errorf("d after the moves differs")
	}
	if got := Must(g.Field("s")); !Equal(got, Must(out.Field("s"))) {
		t.Errorf("s after the moves differs")
	}
	h := Must(Must(Concat(0, lazyPieces(t)...)).Without("meta"))
	h = Must(h.Without("d"))
	if names := h.FieldNames(); len(names) != 3 {
		t.Errorf("fields %v", names)
	}
	if !reflect.DeepEqual(out.ToValue(), want) {
		t.Errorf("the moves changed the source Tensor")
	}
}

// TestConcatStringsBeyondInt32: a string field is left to its first read
// only when its joined bytes fit 32-bit offsets. Two pieces whose value
// buffers together pass 2 GiB but whose used bytes are few are deferred
// (the offsets are read when the buffers' lengths alone cannot tell); two
// pieces whose used bytes pass 2 GiB are joined at once, so the overflow
// is Concat's error and not a later read's. The buffers are allocated but
// never written, so they take address space, not memory.
func TestConcatStringsBeyondInt32(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 2.4 GB of address space")
	}
	const big = 1_200_000_000
	piece := func(used int32, vals []byte) *Tensor {
		offs := arrow.Int32Traits.CastToBytes([]int32{0, used})
		data := array.NewData(arrow.BinaryTypes.String, 1,
			[]*memory.Buffer{nil, memory.NewBufferBytes(offs), memory.NewBufferBytes(vals)}, nil, 0, 0)
		defer data.Release()
		s := array.NewStringData(data)
		defer s.Release()
		col, err := NewDense(s)
		if err != nil {
			t.Fatal(err)
		}
		return Must(FromFields([]FieldValue{{"s", col}}, 1))
	}
	a, b := make([]byte, big), make([]byte, big)
	t.Run("few bytes used", func(t *testing.T) {
		out, err := Concat(0, piece(3, a), piece(2, b))
		if err != nil {
			t.Fatal(err)
		}
		chunks, err := out.FieldChunks("s")
		if err != nil {
			t.Fatal(err)
		}
		if len(chunks) != 2 {
			t.Errorf("%d pieces, want the 2 inputs (the field deferred)", len(chunks))
		}
	})
	t.Run("over 2 GiB used", func(t *testing.T) {
		if _, err := Concat(0, piece(big, a), piece(big, b)); err == nil {
			t.Error("Concat joined 2.4 GB of strings with 32-bit offsets without an error")
		}
	})
}

// TestConcatOfConcats: joining Tensors that are themselves joins not yet
// read (the files of a dataset, each made of record batches) keeps every
// field in pieces: FieldChunks gives the innermost inputs' own values,
// Spec is worked out from the pieces without joining them and equals the
// Spec of the joined Tensor (nulls, a Null-typed piece, nested lists of
// structures), and the values read equal the inputs'. A uniform dimension
// makes Spec join the field (the pieces' dimensions decide the join's).
func TestConcatOfConcats(t *testing.T) {
	pieces := func() []*Tensor {
		rows := [][]any{
			{map[string]any{"n": 1, "s": "a", "xs": []any{1.0}, "meta": map[string]any{"k": 1, "items": []any{map[string]any{"v": 1}}}}},
			{map[string]any{"n": 2, "s": "b", "xs": []any{}, "meta": map[string]any{"k": 2, "items": []any{}}},
				map[string]any{"n": 3, "s": "c", "xs": []any{2.0, 3.0}, "meta": map[string]any{"k": 3, "items": []any{map[string]any{"v": 3}}}}},
			{map[string]any{"n": 4, "s": nil, "xs": []any{4.0}, "meta": map[string]any{"k": 4, "items": []any{map[string]any{"v": 4}}}}},
			{map[string]any{"n": 5, "s": "e", "xs": nil, "meta": map[string]any{"k": nil, "items": []any{map[string]any{"v": nil}}}}},
		}
		out := make([]*Tensor, len(rows))
		for i, r := range rows {
			out[i] = Must(FromValue(r))
		}
		return out
	}
	join := func(ps []*Tensor) *Tensor {
		return Must(Concat(0, Must(Concat(0, ps[0], ps[1])), Must(Concat(0, ps[2], ps[3]))))
	}
	ps := pieces()
	field := func(sp *Spec, name string) *FieldSpec {
		f, _, err := sp.Field(name)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	if f := field(ps[2].Spec(), "s"); f.Type.ID() != arrow.NULL {
		t.Fatalf("piece 2's s should be Null-typed, is %v", f)
	}
	top := join(ps)
	spec := top.Spec()
	for i, name := range top.FieldNames() {
		if top.unjoined(i) == nil {
			t.Errorf("Spec joined field %s", name)
		}
	}
	joined := join(pieces())
	want := joined.ToValue() // joins every field
	if got := joined.Spec(); !spec.Equal(got) {
		t.Errorf("Spec from the pieces\n%v\nthe joined Tensor's\n%v", spec, got)
	}
	if !field(spec, "s").Nullable || !field(spec, "xs").Nullable || field(spec, "n").Nullable {
		t.Errorf("nullability from the pieces: %v", spec)
	}
	for _, path := range [][]string{{"n"}, {"s"}, {"xs"}, {"meta"}, {"meta", "items"}} {
		chunks, err := top.FieldChunks(path...)
		if err != nil {
			t.Fatal(err)
		}
		if len(chunks) != 4 {
			t.Errorf("%v: %d chunks, want the 4 innermost inputs", path, len(chunks))
		}
	}
	xs := Must(top.FieldChunks("xs"))
	if !Equal(xs[1], Must(ps[1].Field("xs"))) {
		t.Errorf("chunk 1 of xs is not input 1's own value")
	}
	if got := top.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("values\n got %v\nwant %v", got, want)
	}

	// A fixed-size dimension: Spec joins the field to know the join's.
	fixed := func(size int) *Tensor {
		d := Must(NewDense(arwF64(make([]float64, 2*size), nil), 2, size))
		return Must(FromFields([]FieldValue{{"v", d}}, 1))
	}
	mixed := Must(Concat(0, Must(Concat(0, fixed(3), fixed(3))), Must(Concat(0, fixed(2), fixed(2)))))
	mixedSpec := mixed.Spec()
	if mixed.unjoined(0) != nil {
		t.Errorf("Spec of pieces with uniform dimensions did not join the field")
	}
	if d := mixedSpec.Fields[0].Dims; len(d) != 1 || d[0] != Unknown {
		t.Errorf("dims of pieces of 3 and 2 items: %v, want ragged", d)
	}
}

// TestConcatOfConcatsSpecProperty: for random JSON rows cut into chunks,
// each chunk's schema inferred alone (so chunks disagree: Null-typed
// fields, missing lists, nulls at every level), a join of joins gives
// from its pieces the Spec its joined values give, and the same values
// as one flat join.
func TestConcatOfConcatsSpecProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	checked, fullErrs, nestErrs := 0, 0, 0
	defer func() { t.Logf("%d joins checked; %d row sets and %d joins refused", checked, fullErrs, nestErrs) }()
	for iter := range 400 {
		rows := randomRows(r, 2+r.IntN(12))
		cuts := randomCuts(r, len(rows), 1+r.IntN(4))
		opts := []Option{WithConflicts(ConflictJSONText)}
		full, err := oneBuild(opts, rows)
		if err != nil {
			fullErrs++
			continue
		}
		// Each chunk is a slice of the rows built together (one schema,
		// nulls anywhere) or, at times, built alone (its own schema:
		// Null-typed fields where it saw only nulls; the joins fail where
		// it differs otherwise).
		build := func() ([]*Tensor, error) {
			var ts []*Tensor
			bounds := append(append([]int{0}, cuts...), len(rows))
			for k := 1; k < len(bounds); k++ {
				if bounds[k] == bounds[k-1] {
					continue
				}
				st, err := full.Slice(0, Span(bounds[k-1], bounds[k]))
				if r.IntN(5) == 0 {
					st, err = oneBuild(opts, rows[bounds[k-1]:bounds[k]])
				}
				if err != nil {
					return nil, err
				}
				ts = append(ts, st)
			}
			return ts, nil
		}
		nested := func() (*Tensor, []*Tensor, error) {
			ts, err := build()
			if err != nil || len(ts) < 2 {
				return nil, nil, fmt.Errorf("skip")
			}
			m := 1 + r.IntN(len(ts)-1)
			a, err := Concat(0, ts[:m]...)
			if err != nil {
				return nil, nil, err
			}
			b, err := Concat(0, ts[m:]...)
			if err != nil {
				return nil, nil, err
			}
			top, err := Concat(0, a, b)
			return top, ts, err
		}
		seed := r.Uint64()
		r = rand.New(rand.NewPCG(seed, 1))
		lazy, ts, err := nested()
		if err != nil {
			nestErrs++
			continue
		}
		r = rand.New(rand.NewPCG(seed, 1))
		forced, _, err := nested()
		if err != nil {
			t.Fatalf("iteration %d: the same joins failed the second time: %v", iter, err)
		}
		want := forced.ToValue()
		if got, wantSpec := lazy.Spec(), forced.Spec(); !got.Equal(wantSpec) {
			t.Fatalf("iteration %d, rows %q cut at %v:\nSpec from pieces %v\nSpec joined      %v", iter, rows, cuts, got, wantSpec)
		}
		flat, err := Concat(0, ts...)
		if err != nil {
			t.Fatalf("iteration %d: the joins of joins worked, the flat join failed: %v", iter, err)
		}
		if got := lazy.ToValue(); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(flat.ToValue(), want) {
			t.Fatalf("iteration %d: values differ", iter)
		}
		checked++
	}
	if checked < 100 {
		t.Errorf("only %d of 400 random joins were checked", checked)
	}
}

// TestLazyFieldsSurviveUpdates: WithUpdates leaves the fields it does not
// read in pieces: setting or deleting a field joins nothing, a transform
// or a nested update joins only the field it reads.
func TestLazyFieldsSurviveUpdates(t *testing.T) {
	out := Must(Concat(0, lazyPieces(t)...))
	seven := Must(NewDense(arwI64(make([]int64, out.NumRows()), nil)))
	up := Must(out.WithUpdates(SetField(seven, "seven"), DeleteField("xs"),
		TransformField(func(v Value) (Value, error) { return v, nil }, "n"),
		SetField(seven, "meta", "extra")))
	for _, name := range []string{"s"} {
		if up.unjoined(up.fieldIndex(name)) == nil {
			t.Errorf("field %s was joined by an update that does not read it", name)
		}
	}
	for _, name := range []string{"n", "meta"} {
		if up.unjoined(up.fieldIndex(name)) != nil {
			t.Errorf("field %s, read by an update, is still in pieces", name)
		}
	}
	if got := up.FieldNames(); !reflect.DeepEqual(got, []string{"meta", "n", "s", "d", "seven"}) {
		t.Errorf("fields %v", got)
	}
	if !Equal(Must(up.Field("s")), Must(out.Field("s"))) {
		t.Errorf("the kept field reads other values")
	}
}

// TestSliceKeepsPieces: slicing the rows of a Tensor joined from pieces
// joins nothing: rows within one piece are that piece's slice (its own
// buffers), rows across pieces are pieces again, and the values equal
// those of the joined Tensor's slice.
func TestSliceKeepsPieces(t *testing.T) {
	fresh := func() *Tensor { return Must(Concat(0, lazyPieces(t)...)) } // 3 pieces of 3 rows
	want := fresh().ToValue().([]any)
	tests := []struct {
		lo, hi int
		chunks int // of field s
	}{
		{0, 2, 1}, {4, 5, 1}, {2, 7, 3}, {0, 9, 3}, {3, 6, 1}, {5, 5, 1},
	}
	for _, tc := range tests {
		out := fresh()
		sl := Must(out.Slice(0, Span(tc.lo, tc.hi)))
		for i, name := range out.FieldNames() {
			if name != "d" && out.unjoined(i) == nil {
				t.Errorf("[%d:%d]: slicing joined field %s", tc.lo, tc.hi, name)
			}
		}
		chunks := Must(sl.FieldChunks("s"))
		if len(chunks) != tc.chunks {
			t.Errorf("[%d:%d]: %d chunks of s, want %d", tc.lo, tc.hi, len(chunks), tc.chunks)
		}
		if got := sl.ToValue().([]any); !reflect.DeepEqual(got, want[tc.lo:tc.hi]) && !(len(got) == 0 && tc.lo == tc.hi) {
			t.Errorf("[%d:%d]: values\n got %v\nwant %v", tc.lo, tc.hi, got, want[tc.lo:tc.hi])
		}
	}
	// A slice within one piece shares that piece's memory.
	ps := lazyPieces(t)
	sl := Must(Must(Concat(0, ps...)).Slice(0, Span(4, 5)))
	got := Must(sl.Field("n")).(Leaf).Values().Data().Buffers()[1]
	own := Must(ps[1].Field("n")).(Leaf).Values().Data().Buffers()[1]
	if unsafe.SliceData(got.Bytes()) != unsafe.SliceData(own.Bytes()) {
		t.Errorf("the slice of one piece does not share the piece's buffer")
	}
}

// joinAll joins every field of v not yet joined, at every depth.
func joinAll(v Value) {
	if x, ok := v.(*Tensor); ok {
		for i := range x.fields {
			joinAll(x.field(i))
		}
	}
}

// TestSliceOfPiecesHasTheJoinsSchema: a slice of a Tensor still in pieces
// equals that slice of the joined Tensor, schema included, where the
// pieces' schemas differ below the top: a Null-typed nested leaf (the
// join types it), nested fields in another order (the join takes the
// first piece's), rows in one piece or several or none.
func TestSliceOfPiecesHasTheJoinsSchema(t *testing.T) {
	rows := func(vs ...any) *Tensor { return Must(FromValue(vs)) }
	sx := func(x any) map[string]any { return map[string]any{"s": map[string]any{"x": x}} }
	ordered := func(names []string, vals ...any) *Tensor {
		var fs []FieldValue
		for k, n := range names {
			fs = append(fs, FieldValue{Name: n, Value: Must(rows(map[string]any{"v": vals[k]}).Field("v"))})
		}
		return Must(FromFields([]FieldValue{{Name: "s", Value: Must(FromFields(fs, 1))}}, 1))
	}
	tests := []struct {
		name   string
		pieces func() []*Tensor
		spans  [][2]int
	}{
		{"null-typed nested leaf", func() []*Tensor { return []*Tensor{rows(sx(1), sx(2)), rows(sx(nil), sx(nil))} },
			[][2]int{{2, 4}, {0, 1}, {1, 3}, {0, 0}, {4, 4}}},
		{"null-typed first", func() []*Tensor { return []*Tensor{rows(sx(nil)), rows(sx(1)), rows(sx(nil))} },
			[][2]int{{0, 0}, {0, 1}, {2, 3}, {1, 3}}},
		{"field order", func() []*Tensor {
			return []*Tensor{ordered([]string{"x", "y"}, 1, "a"), ordered([]string{"y", "x"}, "b", 2)}
		}, [][2]int{{1, 2}, {0, 2}, {0, 1}}},
		{"one schema", func() []*Tensor { return []*Tensor{rows(sx(1)), rows(sx(2), sx(3))} }, [][2]int{{1, 3}, {0, 1}}},
	}
	for _, tc := range tests {
		for _, sp := range tc.spans {
			lazy := Must(Concat(0, tc.pieces()...))
			joined := Must(Concat(0, tc.pieces()...))
			joinAll(joined)
			got, want := Must(lazy.Slice(0, Span(sp[0], sp[1]))), Must(joined.Slice(0, Span(sp[0], sp[1])))
			if !got.Spec().Equal(want.Spec()) || !got.Equal(want) {
				t.Errorf("%s [%d:%d]: slice of the pieces %v, of the join %v", tc.name, sp[0], sp[1], got.Spec(), want.Spec())
			}
		}
	}
	// Pieces of one schema: a slice within one piece is that piece's own.
	ps := []*Tensor{rows(sx(1)), rows(sx(2), sx(3))}
	sl := Must(Must(Concat(0, ps...)).Slice(0, Span(1, 3)))
	if sl.unjoined(0) != nil || sl.fields[0] == nil {
		t.Errorf("a slice within one piece of one schema is left to a join")
	}
}

// TestConcatOfPiecesErrorsNameInputs: an error found below the top of a
// field, joining an input given as its pieces, names the inputs as the
// caller numbered them.
func TestConcatOfPiecesErrorsNameInputs(t *testing.T) {
	m := func(x any) *Tensor {
		return Must(FromValue([]any{map[string]any{"s": map[string]any{"x": x}, "n": 1}}))
	}
	a := Must(Concat(0, m(1), m(2), m(3)))
	_, err := Concat(0, a, m("str"))
	if err == nil || !strings.Contains(err.Error(), "input 1 has dtype string, input 0 has dtype int64") {
		t.Errorf("error %v, want it to name inputs 1 and 0", err)
	}
}

// TestFieldChunksOwnSlice: the slice FieldChunks returns is the caller's:
// writing into it changes nothing of the Tensor.
func TestFieldChunksOwnSlice(t *testing.T) {
	empty := Must(Must(FromValue([]any{map[string]any{"n": 1}})).Slice(0, Span(0, 0)))
	out := Must(Concat(0, empty, empty))
	chunks := Must(out.FieldChunks("n"))
	chunks[0] = nil
	if again := Must(out.FieldChunks("n")); again[0] == nil {
		t.Errorf("writing into FieldChunks' slice changed the Tensor's pieces")
	}
	if Must(out.Field("n")).NumRows() != 0 {
		t.Errorf("the joined field has rows")
	}
}
