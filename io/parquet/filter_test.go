package parquet

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// filterFrame has 10 rows, written in row groups of 4 (rows 0-3, 4-7,
// 8-9), a column of each kind a filter compares: i = row, f = 1.5 row,
// s = "k0<row>", b = row >= 4, d = day 19000 + row, ts = 1.7e15 µs + row
// seconds, meta.y = 100 + row, n null in rows 0-7 (row otherwise), l a
// list.
func filterFrame(t *testing.T) *frame.Frame {
	t.Helper()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "i", Type: arrow.PrimitiveTypes.Int64},
		{Name: "f", Type: arrow.PrimitiveTypes.Float64},
		{Name: "s", Type: arrow.BinaryTypes.String},
		{Name: "b", Type: arrow.FixedWidthTypes.Boolean},
		{Name: "d", Type: arrow.FixedWidthTypes.Date32},
		{Name: "ts", Type: &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}},
		{Name: "meta", Type: arrow.StructOf(arrow.Field{Name: "y", Type: arrow.PrimitiveTypes.Int64})},
		{Name: "n", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "l", Type: arrow.ListOf(arrow.PrimitiveTypes.Int64)},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	for i := range 10 {
		b.Field(0).(*array.Int64Builder).Append(int64(i))
		b.Field(1).(*array.Float64Builder).Append(1.5 * float64(i))
		b.Field(2).(*array.StringBuilder).Append(fmt.Sprintf("k%02d", i))
		b.Field(3).(*array.BooleanBuilder).Append(i >= 4)
		b.Field(4).(*array.Date32Builder).Append(arrow.Date32(19000 + i))
		b.Field(5).(*array.TimestampBuilder).Append(arrow.Timestamp(1_700_000_000_000_000 + int64(i)*1_000_000))
		st := b.Field(6).(*array.StructBuilder)
		st.Append(true)
		st.FieldBuilder(0).(*array.Int64Builder).Append(100 + int64(i))
		if i < 8 {
			b.Field(7).(*array.Int64Builder).AppendNull()
		} else {
			b.Field(7).(*array.Int64Builder).Append(int64(i))
		}
		l := b.Field(8).(*array.ListBuilder)
		l.Append(true)
		l.ValueBuilder().(*array.Int64Builder).Append(int64(i))
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	f := frame.FromRecordBatch(rec)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// rangeLog is an io.ReaderAt over data that logs the byte ranges read.
type rangeLog struct {
	data []byte
	mu   sync.Mutex
	read [][2]int64
}

func (r *rangeLog) ReadAt(p []byte, off int64) (int, error) {
	r.mu.Lock()
	r.read = append(r.read, [2]int64{off, off + int64(len(p))})
	r.mu.Unlock()
	return bytes.NewReader(r.data).ReadAt(p, off)
}

// chunkRanges returns the byte ranges of the column chunks of row group g.
func chunkRanges(t *testing.T, data []byte, g int) [][2]int64 {
	t.Helper()
	r, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rg := r.fr.ParquetReader().MetaData().RowGroup(g)
	var out [][2]int64
	for c := range rg.NumColumns() {
		cc, err := rg.ColumnChunk(c)
		if err != nil {
			t.Fatal(err)
		}
		start := cc.DataPageOffset()
		if cc.HasDictionaryPage() && cc.DictionaryPageOffset() < start {
			start = cc.DictionaryPageOffset()
		}
		out = append(out, [2]int64{start, start + cc.TotalCompressedSize()})
	}
	return out
}

// TestRowGroupFilter: each comparison keeps exactly the row groups whose
// statistics leave room for a match, the Read holds their rows and the
// Reader their batches, and the skipped groups' column chunks are never
// read (no read touches their bytes).
func TestRowGroupFilter(t *testing.T) {
	data := writeBytes(t, filterFrame(t), WithRowGroupRows(4))
	groupRows := [][]int64{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}}
	ts := func(sec int64) time.Time { return time.UnixMicro(1_700_000_000_000_000 + sec*1_000_000) }
	day := func(n int) time.Time { return time.Unix(int64(19000+n)*86400, 0) }
	cases := []struct {
		preds []Predicate
		keep  []int
	}{
		{nil, []int{0, 1, 2}},
		{[]Predicate{Eq("i", 5)}, []int{1}},
		{[]Predicate{Eq("i", int32(9))}, []int{2}},
		{[]Predicate{Eq("i", 10)}, []int{}},
		{[]Predicate{Eq("i", 3.5)}, []int{0, 1}}, // between two integers: both neighbours kept
		{[]Predicate{Lt("i", 4)}, []int{0}},
		{[]Predicate{Le("i", 4)}, []int{0, 1}},
		{[]Predicate{Gt("i", 7)}, []int{2}},
		{[]Predicate{Ge("i", 7)}, []int{1, 2}},
		{[]Predicate{Gt("i", uint64(1)<<63)}, []int{}},
		{[]Predicate{In("i", 1, 9)}, []int{0, 2}},
		{[]Predicate{In("i")}, []int{}},
		{[]Predicate{Gt("f", 10)}, []int{1, 2}},
		{[]Predicate{Gt("f", 10.5)}, []int{2}},
		{[]Predicate{Eq("s", "k05")}, []int{1}},
		{[]Predicate{Ge("s", "k08")}, []int{2}},
		{[]Predicate{Lt("s", "k")}, []int{}},
		{[]Predicate{Eq("b", false)}, []int{0}},
		{[]Predicate{Eq("d", day(9))}, []int{2}},
		{[]Predicate{Eq("d", arrow.Date32(19004))}, []int{1}},
		{[]Predicate{Lt("d", day(4).Add(time.Hour))}, []int{0, 1}},
		{[]Predicate{Lt("ts", ts(4))}, []int{0}},
		{[]Predicate{Lt("ts", ts(4).Add(time.Nanosecond))}, []int{0, 1}}, // finer than the unit: rounded up
		{[]Predicate{Eq("meta.y", 109)}, []int{2}},
		{[]Predicate{Gt("n", 0)}, []int{2}}, // all null in groups 0 and 1
		{[]Predicate{Ge("i", 4), Lt("s", "k06")}, []int{1}},
		{[]Predicate{Ge("i", 4), Lt("s", "k04")}, []int{}},
	}
	for _, c := range cases {
		name := fmt.Sprint(c.preds)
		var want []int64
		for _, g := range c.keep {
			want = append(want, groupRows[g]...)
		}
		log := &rangeLog{data: data}
		f, err := Read(log, int64(len(data)), WithRowGroupFilter(c.preds...))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		col, err := f.Column("i")
		if err != nil {
			t.Fatal(err)
		}
		got := []int64{}
		for _, v := range col.ToValue() {
			got = append(got, v.(int64))
		}
		if want == nil {
			want = []int64{}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: read rows %v, want %v", name, got, want)
		}
		for g := range groupRows {
			if slices.Contains(c.keep, g) {
				continue
			}
			for _, cr := range chunkRanges(t, data, g) {
				for _, rr := range log.read {
					if rr[0] < cr[1] && cr[0] < rr[1] {
						t.Errorf("%s: read bytes %v of skipped row group %d (column chunk %v)", name, rr, g, cr)
					}
				}
			}
		}
		r, err := NewReader(bytes.NewReader(data), WithRowGroupFilter(c.preds...))
		if err != nil {
			t.Fatal(err)
		}
		batches := 0
		for range r.All() {
			batches++
		}
		if batches != len(c.keep) {
			t.Errorf("%s: the Reader gave %d batches, want %d", name, batches, len(c.keep))
		}
	}
}

// TestRowGroupFilterProjected: the filter's column need not be read.
func TestRowGroupFilterProjected(t *testing.T) {
	data := writeBytes(t, filterFrame(t), WithRowGroupRows(4))
	f, err := Read(bytes.NewReader(data), int64(len(data)), WithColumns("s"), WithRowGroupFilter(Ge("i", 8)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.Column("s")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(f.Columns(), s.ToValue()); got != "[s] [k08 k09]" {
		t.Errorf("got %s, want [s] [k08 k09]", got)
	}
}

// TestRowGroupFilterErrors: a path naming no column, a column under a
// list and a value of another kind than the column's are errors naming
// the predicate.
func TestRowGroupFilterErrors(t *testing.T) {
	data := writeBytes(t, filterFrame(t), WithRowGroupRows(4))
	for _, c := range []struct {
		pred Predicate
		want string
	}{
		{Eq("nope", 1), `no column "nope"`},
		{Eq("l", 1), "under a list"},
		{Eq("i", "x"), `a string cannot be compared with column "i"`},
		{Lt("s", 3), "cannot be compared"},
		{Eq("ts", 3), "cannot be compared"},
		{Eq("i", 0.0/zero), "NaN"},
		{Predicate{path: "i"}, "no value"},
	} {
		_, err := Read(bytes.NewReader(data), int64(len(data)), WithRowGroupFilter(c.pred))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.pred.String()) {
			t.Errorf("%s: got %v, want an error naming it and saying %q", c.pred, err, c.want)
		}
		if got, want := errors.Is(err, ErrNoColumn), c.pred.path == "nope"; got != want {
			t.Errorf("%s: errors.Is(%v, ErrNoColumn) = %v", c.pred, err, got)
		}
		// ErrNoColumn is the lower layers' unknown path too
		if got, want := errors.Is(err, frame.ErrColumn), c.pred.path == "nope"; got != want {
			t.Errorf("%s: errors.Is(%v, frame.ErrColumn) = %v", c.pred, err, got)
		}
	}
}

// TestRowGroupFilterTwice: the predicates of two WithRowGroupFilter
// options must both hold.
func TestRowGroupFilterTwice(t *testing.T) {
	data := writeBytes(t, filterFrame(t), WithRowGroupRows(4))
	f, err := Read(bytes.NewReader(data), int64(len(data)), WithColumns("i"), WithRowGroupFilter(Ge("i", 4)), WithRowGroupFilter(Lt("i", 8)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.Column("i")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(s.ToValue()); got != "[4 5 6 7]" {
		t.Errorf("got %s, want the row group [4 5 6 7]", got)
	}
}

var zero float64

// TestRowGroupFilterDuckDB: the statistics DuckDB wrote (3 row groups of
// ids 0-2047, 2048-4095, 4096-4999) skip groups as ours do.
func TestRowGroupFilterDuckDB(t *testing.T) {
	const path = "testdata/otherwriters/duckdb_rowgroups.parquet"
	for _, c := range []struct {
		pred       Predicate
		rows, from int64
	}{
		{Ge("id", 4096), 904, 4096},
		{Lt("id", 2048), 2048, 0},
		{Eq("id", 3000), 2048, 2048},
	} {
		f, err := ReadFile(path, WithRowGroupFilter(c.pred))
		if err != nil {
			t.Fatal(err)
		}
		col, err := f.Column("id")
		if err != nil {
			t.Fatal(err)
		}
		vals := col.ToValue()
		if int64(len(vals)) != c.rows || vals[0].(int64) != c.from {
			t.Errorf("%s: %d rows from id %v, want %d from %d", c.pred, len(vals), vals[0], c.rows, c.from)
		}
	}
}

// TestRowGroupFilterBeyondInt64: a value beyond the int64 range orders
// above (or below) every value of an int64 column, the extremes included.
func TestRowGroupFilterBeyondInt64(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{{Name: "x", Type: arrow.PrimitiveTypes.Int64}}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	b.Field(0).(*array.Int64Builder).AppendValues([]int64{math.MaxInt64, 5, math.MinInt64}, nil)
	rec := b.NewRecordBatch()
	defer rec.Release()
	data := writeBytes(t, frame.FromRecordBatch(rec), WithRowGroupRows(1))
	for _, c := range []struct {
		pred Predicate
		rows int
	}{
		{Lt("x", 1e19), 3},
		{Le("x", 1e19), 3},
		{Gt("x", -1e19), 3},
		{Ge("x", -1e19), 3},
		{Lt("x", uint64(1)<<63), 3},
		{Gt("x", uint64(1)<<63), 0},
		{Eq("x", 1e19), 1}, // kept: the bound meets MaxInt64, and keeping is safe
		{Eq("x", -1e19), 1},
		{Gt("x", 1e19), 0},
		{Lt("x", -1e19), 0},
		{Ge("x", float64(math.MaxInt64)), 0}, // 2^63, above MaxInt64
		{Ge("x", int64(math.MaxInt64)), 1},
		{Le("x", int64(math.MinInt64)), 1},
	} {
		f, err := Read(bytes.NewReader(data), int64(len(data)), WithRowGroupFilter(c.pred))
		if err != nil {
			t.Fatalf("%s: %v", c.pred, err)
		}
		if n, _ := f.NumRows(), f.NumColumns(); n != c.rows {
			t.Errorf("%s: %d rows kept, want %d", c.pred, n, c.rows)
		}
	}
}
