package structured

import (
	"reflect"
	"runtime"
	"sync"
	"testing"

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
