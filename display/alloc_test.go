package display

import (
	"runtime"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// bigTensor is n rows over Arrow arrays made straight from Go slices: an
// int64 column, a list column (row i holds i%3 items) and a structure of
// a float64 and a string column.
func bigTensor(tb testing.TB, n int) *structured.Tensor {
	tb.Helper()
	ids := make([]int64, n)
	lengths := make([]int64, n)
	total := 0
	for i := range ids {
		ids[i] = int64(i)
		lengths[i] = int64(i % 3)
		total += i % 3
	}
	items := make([]int64, total)
	for i := range items {
		items[i] = int64(i)
	}
	floats := make([]float64, n)
	for i := range floats {
		floats[i] = float64(i) / 4
	}
	i64 := func(v []int64) arrow.Array {
		return array.NewInt64Data(array.NewData(arrow.PrimitiveTypes.Int64, len(v),
			[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(v))}, nil, 0, 0))
	}
	f64 := array.NewFloat64Data(array.NewData(arrow.PrimitiveTypes.Float64, n,
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Float64Traits.CastToBytes(floats))}, nil, 0, 0))
	// One dictionary-encoded string column: n int8 indices over 3 words.
	words := array.NewStringBuilder(memory.DefaultAllocator)
	words.AppendValues([]string{"red", "green", "blue"}, nil)
	dict := words.NewArray()
	codes := make([]int8, n)
	for i := range codes {
		codes[i] = int8(i % 3)
	}
	colors := array.NewDictionaryArray(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String},
		array.NewInt8Data(array.NewData(arrow.PrimitiveTypes.Int8, n, []*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int8Traits.CastToBytes(codes))}, nil, 0, 0)), dict)
	part := structured.Must(structured.PartitionFromLengths(lengths))
	inner := structured.Must(structured.FromFields([]structured.FieldValue{
		{Name: "score", Value: structured.Must(structured.NewDense(f64))},
		{Name: "color", Value: structured.Must(structured.NewDense(colors))},
	}, 1))
	return structured.Must(structured.FromFields([]structured.FieldValue{
		{Name: "id", Value: structured.Must(structured.NewDense(i64(ids)))},
		{Name: "items", Value: structured.Must(structured.NewRagged(i64(items), part))},
		{Name: "info", Value: inner},
	}, 1))
}

// TestTextReadsOnlyShownRows proves that printing costs what is shown:
// a 10-million-row tensor prints with the allocations of a 20-row one
// (no ToValue, no pass over the rows), in well under a megabyte.
func TestTextReadsOnlyShownRows(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 10 million rows")
	}
	big := bigTensor(t, 10_000_000)
	small := bigTensor(t, 20)
	measure := func(st *structured.Tensor) (allocs float64, bytes uint64) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		allocs = testing.AllocsPerRun(5, func() { _ = Text(st, WithWidth(100)) })
		runtime.ReadMemStats(&after)
		return allocs, (after.TotalAlloc - before.TotalAlloc) / 6
	}
	got := Text(big, WithWidth(100))
	for _, want := range []string{"10,000,000 rows, 10 shown", "9999999", "2499999.75", "green"} {
		if !strings.Contains(got, want) {
			t.Errorf("the big table lacks %q:\n%s", want, got)
		}
	}
	bigAllocs, bigBytes := measure(big)
	smallAllocs, smallBytes := measure(small)
	t.Logf("10M rows: %.0f allocs, %d B per print; 20 rows: %.0f allocs, %d B", bigAllocs, bigBytes, smallAllocs, smallBytes)
	if bigAllocs > smallAllocs*1.2+20 {
		t.Errorf("printing 10M rows took %.0f allocations, 20 rows %.0f: the cost grows with the rows", bigAllocs, smallAllocs)
	}
	if bigBytes > 1<<20 {
		t.Errorf("printing 10M rows allocated %d bytes, want < 1 MiB", bigBytes)
	}
}

// TestTextOfPiecesReadsOnlyShownRows: a tensor joined from many pieces
// (the record batches of a mapped Arrow file, the files of a dataset)
// prints without joining them: the same text as the joined tensor, its
// columns still in pieces after, and allocations that do not grow with
// the rows.
func TestTextOfPiecesReadsOnlyShownRows(t *testing.T) {
	pieces := func(n, rows int) *structured.Tensor {
		ps := make([]*structured.Tensor, n)
		for i := range ps {
			ps[i] = bigTensor(t, rows)
		}
		return structured.Must(structured.Concat(0, ps...))
	}
	joined := pieces(50, 2000)
	for _, name := range joined.FieldNames() {
		if _, err := joined.Field(name); err != nil { // joins it
			t.Fatal(err)
		}
	}
	big := pieces(50, 2000)
	for _, opts := range [][]Option{{WithWidth(100)}, {WithWidth(100), WithMaxRows(7)}, {WithExpand(true), WithWidth(120)}} {
		if got, want := Text(big, opts...), Text(joined, opts...); got != want {
			t.Errorf("printed from the pieces:\n%s\nprinted joined:\n%s", got, want)
		}
	}
	if got := HTML(big); got != HTML(joined) {
		t.Errorf("HTML from the pieces differs from HTML joined")
	}
	for _, path := range [][]string{{"id"}, {"items"}, {"info", "score"}} {
		if chunks, err := big.FieldChunks(path...); err != nil || len(chunks) != 50 {
			t.Errorf("%v: %d chunks after printing (%v), want the 50 pieces", path, len(chunks), err)
		}
	}
	small := pieces(50, 20)
	bigAllocs := testing.AllocsPerRun(3, func() { _ = Text(big, WithWidth(100)) })
	smallAllocs := testing.AllocsPerRun(3, func() { _ = Text(small, WithWidth(100)) })
	if bigAllocs > smallAllocs*1.2+20 {
		t.Errorf("printing 50 pieces of 2,000 rows took %.0f allocations, of 20 rows %.0f", bigAllocs, smallAllocs)
	}
}

// TestTextOfPiecesOfTwoSchemas: pieces whose schemas differ below the top
// (a nested leaf all null, so Null-typed, in most of them) print as their
// join prints, the shown rows falling in one piece or several.
func TestTextOfPiecesOfTwoSchemas(t *testing.T) {
	rows := func(n int, x func(i int) any) *structured.Tensor {
		rs := make([]any, n)
		for i := range rs {
			rs[i] = map[string]any{"a": i, "s": map[string]any{"x": x(i), "y": "q"}}
		}
		return structured.Must(structured.FromValue(rs))
	}
	null := func(int) any { return nil }
	num := func(i int) any { return i }
	build := func() *structured.Tensor {
		typed := rows(3, num)
		return structured.Must(structured.Concat(0, structured.Must(typed.Slice(0, structured.Span(0, 0))), rows(20, null), typed, rows(20, null)))
	}
	lazy, joined := build(), build()
	for _, name := range joined.FieldNames() {
		if _, err := joined.Field(name); err != nil {
			t.Fatal(err)
		}
	}
	for _, maxRows := range []int{4, 7, 0} {
		if got, want := Text(lazy, WithMaxRows(maxRows), WithWidth(100)), Text(joined, WithMaxRows(maxRows), WithWidth(100)); got != want {
			t.Errorf("MaxRows %d, from the pieces:\n%s\njoined:\n%s", maxRows, got, want)
		}
	}
}
