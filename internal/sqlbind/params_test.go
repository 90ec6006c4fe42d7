package sqlbind

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// TestValuesBatch: each Go value is a column of the Arrow type of its Go
// type, named by its position, in a batch of one row.
func TestValuesBatch(t *testing.T) {
	when := time.Date(2024, 2, 29, 12, 30, 0, 123456789, time.FixedZone("X", 3600))
	tests := []struct {
		v    any
		typ  string
		text string // the value as Arrow prints it
	}{
		{nil, "null", "(null)"},
		{true, "bool", "true"},
		{7, "int64", "7"},
		{int8(-8), "int8", "-8"},
		{int16(16), "int16", "16"},
		{int32(32), "int32", "32"},
		{int64(64), "int64", "64"},
		{uint(1), "uint64", "1"},
		{uint8(8), "uint8", "8"},
		{uint16(16), "uint16", "16"},
		{uint32(32), "uint32", "32"},
		{uint64(1 << 63), "uint64", "9223372036854775808"},
		{float32(1.5), "float32", "1.5"},
		{2.25, "float64", "2.25"},
		{"héllo", "utf8", "héllo"},
		{[]byte{0, 255}, "binary", "AP8="}, // base64
		{when, "timestamp[ns, tz=UTC]", "2024-02-29T11:30:00.123456789Z"},
		{90 * time.Second, "duration[ns]", "90000000000ns"},
	}
	params := make([]any, len(tests))
	for i, tt := range tests {
		params[i] = tt.v
	}
	rec, err := ValuesBatch(params)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	if rec.NumRows() != 1 || int(rec.NumCols()) != len(tests) {
		t.Fatalf("%d rows, %d columns", rec.NumRows(), rec.NumCols())
	}
	for i, tt := range tests {
		col := rec.Column(i)
		if name := rec.ColumnName(i); name != strconv.Itoa(i) {
			t.Errorf("column %d named %q", i, name)
		}
		if got := col.DataType().String(); got != tt.typ {
			t.Errorf("%T: type %s, want %s", tt.v, got, tt.typ)
		}
		if got := col.ValueStr(0); got != tt.text {
			t.Errorf("%T: value %s, want %s", tt.v, got, tt.text)
		}
	}
	if ts := rec.Column(16).(interface{ Value(int) arrow.Timestamp }).Value(0); ts != arrow.Timestamp(when.UnixNano()) {
		t.Errorf("timestamp %d, want %d", ts, when.UnixNano())
	}
}

// TestValuesBatchErrors: a value with no Arrow type, or a time outside
// int64 nanoseconds, is an ErrParameter naming its 1-based position.
func TestValuesBatchErrors(t *testing.T) {
	tests := []struct {
		params []any
		text   string
	}{
		{[]any{1, struct{}{}}, "parameter 2: a struct {} has no Arrow type"},
		{[]any{map[string]int{}}, "parameter 1: a map[string]int has no Arrow type"},
		{[]any{time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)}, "parameter 1: time 3000-01-01T00:00:00Z is outside the range of timestamp[ns]"},
	}
	for _, tt := range tests {
		_, err := ValuesBatch(tt.params)
		if !errors.Is(err, ErrParameter) || !errors.Is(err, frame.ErrArgument) {
			t.Errorf("%v: %v is not ErrParameter", tt.params, err)
			continue
		}
		if got := err.Error(); !strings.Contains(got, tt.text) {
			t.Errorf("message %q, want it to hold %q", got, tt.text)
		}
	}
}

// TestBatches: no parameters bind nothing, Go values one row, a lone
// Frame its rows as parameter sets cut in slices of the batch size
// without its index, a lone record batch likewise; a Frame beside other
// values, or a nil Frame, is an ErrParameter.
func TestBatches(t *testing.T) {
	f := frame.FromColumns([]string{"k", "v"}, []string{"a", "b", "c", "d", "e"}, []int64{1, 2, 3, 4, 5}).SetIndex("k")
	rec := int64Batch(memory.DefaultAllocator, "x", 1, 2, 3)
	defer rec.Release()
	tests := []struct {
		name   string
		params []any
		rows   int
		sizes  []int64  // the rows of each batch
		cols   []string // the columns of every batch
		err    string   // in the message of an ErrParameter; "": no error
	}{
		{"none", nil, 2, nil, nil, ""},
		{"values", []any{"a", 1}, 2, []int64{1}, []string{"0", "1"}, ""},
		{"a lone value", []any{"a"}, 2, []int64{1}, []string{"0"}, ""},
		{"frame without its index", []any{f}, 2, []int64{2, 2, 1}, []string{"v"}, ""},
		{"frame in one slice", []any{f}, 10, []int64{5}, []string{"v"}, ""},
		{"record batch", []any{rec}, 2, []int64{2, 1}, []string{"x"}, ""},
		{"frame beside a value", []any{1, f}, 2, nil, nil, "parameter 2: a *frame.Frame has no Arrow type"},
		{"nil frame", []any{(*frame.Frame)(nil)}, 2, nil, nil, "nil *frame.Frame"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := Batches(tt.params, tt.rows)
			checkBatches(t, recs, err, tt.sizes, tt.cols, tt.err)
		})
	}
}

// TestSliceBatches: batches are cut into slices of at most n rows over
// the same memory, and the references handed in are taken over: once
// the slices are released, nothing is left allocated.
func TestSliceBatches(t *testing.T) {
	tests := []struct {
		name  string
		in    [][]int64 // the values of each batch
		n     int
		sizes []int64
	}{
		{"small batches pass as they are", [][]int64{{1, 2}, {3}}, 2, []int64{2, 1}},
		{"a batch cut evenly", [][]int64{{1, 2, 3, 4}}, 2, []int64{2, 2}},
		{"a batch cut with a rest", [][]int64{{1, 2, 3, 4, 5}}, 2, []int64{2, 2, 1}},
		{"batches cut one by one", [][]int64{{1, 2, 3}, {4}, {5, 6, 7}}, 2, []int64{2, 1, 1, 2, 1}},
		{"rows of one", [][]int64{{1, 2, 3}}, 1, []int64{1, 1, 1}},
		{"no batch", nil, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
			defer mem.AssertSize(t, 0)
			var recs []arrow.RecordBatch
			var want []int64
			for _, vs := range tt.in {
				recs = append(recs, int64Batch(mem, "x", vs...))
				want = append(want, vs...)
			}
			out := SliceBatches(recs, tt.n)
			defer Release(out)
			var sizes, got []int64
			for _, r := range out {
				sizes = append(sizes, r.NumRows())
				got = append(got, r.Column(0).(*array.Int64).Int64Values()...)
			}
			if !slices.Equal(sizes, tt.sizes) {
				t.Errorf("slices of %v rows, want %v", sizes, tt.sizes)
			}
			if !slices.Equal(got, want) {
				t.Errorf("values %v, want %v", got, want)
			}
			if Rows(out) != int64(len(want)) {
				t.Errorf("Rows = %d, want %d", Rows(out), len(want))
			}
		})
	}
}

// TestStream: batches of one schema are one reader of all their rows;
// of different schemas, or none, an ErrParameter.
func TestStream(t *testing.T) {
	a := int64Batch(memory.DefaultAllocator, "x", 1, 2)
	defer a.Release()
	b := int64Batch(memory.DefaultAllocator, "x", 3)
	defer b.Release()
	c := int64Batch(memory.DefaultAllocator, "y", 4)
	defer c.Release()
	tests := []struct {
		name string
		recs []arrow.RecordBatch
		rows int64 // read back; -1: an ErrParameter
	}{
		{"one", []arrow.RecordBatch{a}, 2},
		{"two of one schema", []arrow.RecordBatch{a, b}, 3},
		{"two schemas", []arrow.RecordBatch{a, c}, -1},
		{"none", nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rdr, err := Stream(tt.recs)
			if tt.rows < 0 {
				if !errors.Is(err, ErrParameter) {
					t.Errorf("%v: want ErrParameter", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer rdr.Release()
			var n int64
			for rdr.Next() {
				n += rdr.RecordBatch().NumRows()
			}
			if n != tt.rows {
				t.Errorf("%d rows read, want %d", n, tt.rows)
			}
		})
	}
}

// int64Batch is a batch of one int64 column of values, allocated by mem.
func int64Batch(mem memory.Allocator, name string, values ...int64) arrow.RecordBatch {
	b := array.NewInt64Builder(mem)
	defer b.Release()
	b.AppendValues(values, nil)
	col := b.NewArray()
	defer col.Release()
	schema := arrow.NewSchema([]arrow.Field{{Name: name, Type: arrow.PrimitiveTypes.Int64}}, nil)
	return array.NewRecordBatch(schema, []arrow.Array{col}, int64(len(values)))
}

// checkBatches checks what a function making parameter or ingest
// batches returned, and releases the batches: an ErrParameter whose
// message holds wantErr, or (wantErr "") batches of sizes rows each,
// every one of the columns cols.
func checkBatches(t *testing.T, recs []arrow.RecordBatch, err error, sizes []int64, cols []string, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if !errors.Is(err, ErrParameter) || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%v: want an ErrParameter holding %q", err, wantErr)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer Release(recs)
	var got []int64
	for _, r := range recs {
		got = append(got, r.NumRows())
		if names := columns(r); !slices.Equal(names, cols) {
			t.Errorf("columns %v, want %v", names, cols)
		}
	}
	if !slices.Equal(got, sizes) {
		t.Errorf("batches of %v rows, want %v", got, sizes)
	}
}

// columns is the column names of r.
func columns(r arrow.RecordBatch) []string {
	var out []string
	for i := range int(r.NumCols()) {
		out = append(out, r.ColumnName(i))
	}
	return out
}
