package parquet

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// countingReaderAt counts the bytes read from a file.
type countingReaderAt struct {
	*bytes.Reader
	n atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.Reader.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// pagesFrame is n rows: a sorted id, a clustered group key, a float with
// NaNs and nulls, a string, and nested columns.
func pagesFrame(n int, seed uint64) *frame.Frame {
	r := rand.New(rand.NewPCG(seed, 7))
	id, g, x, s, pt, tags := make([]int64, n), make([]any, n), make([]any, n), make([]string, n), make([]any, n), make([]any, n)
	for i := range n {
		id[i] = int64(i)
		if r.IntN(20) > 0 {
			g[i] = fmt.Sprintf("g%03d", i*50/n)
		}
		switch k := r.IntN(30); {
		case k == 0:
			x[i] = nil
		case k == 1:
			x[i] = math.NaN()
		default:
			x[i] = float64(i/100) + r.Float64()
		}
		s[i] = fmt.Sprintf("w%d", r.IntN(1000))
		pt[i] = map[string]any{"u": int64(i / 1000), "v": fmt.Sprint(r.IntN(3))}
		list := make([]any, r.IntN(8)) // pages of lists break at other rows than id's
		for k := range list {
			list[k] = int64(r.IntN(9))
		}
		tags[i] = list
	}
	f := frame.FromColumns([]string{"id", "g", "x", "s", "pt", "tags"}, id, g, x, s, pt, tags)
	return f.WithColumns(frame.Col("id").Cast(arrow.FixedWidthTypes.Duration_ns).Alias("d"))
}

// readBatches reads every batch of data through a Reader.
func readBatches(t *testing.T, src *countingReaderAt, opts ...Option) (*frame.Frame, int) {
	t.Helper()
	r, err := NewReader(src, opts...)
	if err != nil {
		t.Fatal(err)
	}
	var batches []*frame.Frame
	for r.Next() {
		batches = append(batches, r.Frame())
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	if len(batches) == 0 {
		return nil, 0
	}
	out := frame.Concat(batches...)
	return out, out.NumRows()
}

// TestPageIndexSkipsPages: with page indexes, a Reader given a filter
// reads only the pages that may match, every matching row included; the
// rows read equal a filter of the whole frame once filtered again.
func TestPageIndexSkipsPages(t *testing.T) {
	f := pagesFrame(60000, 1)
	cases := []struct {
		name  string
		preds []Predicate
		cond  frame.Expr
		most  int // rows read, at most
	}{
		{"id > 55000", []Predicate{Gt("id", 55000)}, frame.Col("id").Gt(frame.Lit(55000)), 8000},
		{"id in a band", []Predicate{Ge("id", 20000), Lt("id", 21000)}, frame.Col("id").Ge(frame.Lit(20000)).And(frame.Col("id").Lt(frame.Lit(21000))), 4000},
		{"two columns", []Predicate{Lt("id", 30000), Ge("x", 290.0)}, frame.Col("id").Lt(frame.Lit(30000)).And(frame.Col("x").Ge(frame.Lit(290.0))), 4000},
		{"string", []Predicate{Eq("g", "g010")}, frame.Col("g").Eq(frame.Lit("g010")), 6000},
		{"in", []Predicate{In("id", 5, 45000)}, frame.Col("id").Eq(frame.Lit(5)).Or(frame.Col("id").Eq(frame.Lit(45000))), 4000},
		{"nested path", []Predicate{Eq("pt.u", 7)}, frame.Col("pt.u").Eq(frame.Lit(7)), 4000},
		{"nothing", []Predicate{Gt("id", 1<<40)}, frame.Col("id").Gt(frame.Lit(int64(1) << 40)), 0},
	}
	indexed := writeBytes(t, f, WithRowGroupRows(30000), WithDataPageSize(2048))
	plain := writeBytes(t, f, WithRowGroupRows(30000), WithDataPageSize(2048), WithPageIndex(false))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := f.Filter(c.cond)
			if want.Err() != nil {
				t.Fatal(want.Err())
			}
			src := &countingReaderAt{Reader: bytes.NewReader(indexed)}
			got, n := readBatches(t, src, WithRowGroupFilter(c.preds...))
			if n > c.most {
				t.Errorf("read %d rows, want at most %d", n, c.most)
			}
			if got != nil {
				got = got.Filter(c.cond)
			}
			if got == nil && want.NumRows() != 0 || got != nil && (got.NumRows() != want.NumRows() || got.String() != want.String()) {
				t.Errorf("rows differ:\n%v\nwant\n%v", got, want)
			}
			// Without page indexes the row groups kept are read whole.
			whole := &countingReaderAt{Reader: bytes.NewReader(plain)}
			_, m := readBatches(t, whole, WithRowGroupFilter(c.preds...))
			if c.most > 0 && m%30000 != 0 {
				t.Errorf("without page indexes: %d rows, want whole row groups", m)
			}
			t.Logf("%d rows, %d bytes read; without page indexes %d rows, %d bytes", n, src.n.Load(), m, whole.n.Load())
			if c.most > 0 && src.n.Load() >= whole.n.Load() {
				t.Errorf("read %d bytes with page indexes, %d without", src.n.Load(), whole.n.Load())
			}
		})
	}
}

// TestPageRangesProperty: over random frames, page sizes, predicates
// and projections, the Reader's rows, filtered, equal the frame
// filtered.
func TestPageRangesProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for trial := range 40 {
		n := 1 + r.IntN(5000)
		f := pagesFrame(n, uint64(trial))
		wopts := []Option{WithRowGroupRows(1 + r.IntN(3000)), WithDataPageSize(256 + r.IntN(4096))}
		if r.IntN(2) == 0 {
			// pages of each column ending at rows of their own
			batch := int64(1 + r.IntN(300))
			wopts = append(wopts, func(c *config) { c.writeBatch = batch })
		}
		data := writeBytes(t, f, wopts...)
		lo := int64(r.IntN(n))
		hi := lo + int64(r.IntN(n))
		xv := float64(r.IntN(n/100 + 1))
		preds := []Predicate{Ge("id", lo), Le("id", hi)}
		cond := frame.Col("id").Ge(frame.Lit(lo)).And(frame.Col("id").Le(frame.Lit(hi)))
		if r.IntN(2) == 0 {
			preds = append(preds, Gt("x", xv))
			cond = cond.And(frame.Col("x").Gt(frame.Lit(xv)))
		}
		var opts []Option
		if r.IntN(2) == 0 {
			opts = append(opts, WithColumns("id", "x", "pt.v", "tags"))
		}
		all, err := Read(bytes.NewReader(data), int64(len(data)), opts...)
		if err != nil {
			t.Fatal(err)
		}
		want := all.Filter(cond)
		got, _ := readBatches(t, &countingReaderAt{Reader: bytes.NewReader(data)}, append(opts, WithRowGroupFilter(preds...))...)
		if got == nil {
			if want.NumRows() != 0 {
				t.Fatalf("trial %d: no rows read, want %d", trial, want.NumRows())
			}
			continue
		}
		got = got.Filter(cond)
		if got.Err() != nil || got.NumRows() != want.NumRows() || got.String() != want.String() {
			t.Fatalf("trial %d (%d rows, id %d..%d, x > %v): got %v (%v)\nwant %v", trial, n, lo, hi, xv, got, got.Err(), want)
		}
	}
}

func TestIntersect(t *testing.T) {
	tests := []struct{ a, b, want []rowRange }{
		{[]rowRange{{0, 10}}, []rowRange{{5, 20}}, []rowRange{{5, 10}}},
		{[]rowRange{{0, 3}, {5, 9}}, []rowRange{{2, 6}, {8, 12}}, []rowRange{{2, 3}, {5, 6}, {8, 9}}},
		{[]rowRange{{0, 3}}, []rowRange{{3, 6}}, nil},
		{nil, []rowRange{{0, 1}}, nil},
	}
	for _, tt := range tests {
		if got := intersect(tt.a, tt.b); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("intersect(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestRangeReadsOnlyCheckedPages: a Reader seeking by the page index
// reads only the pages whose headers checkChunks checked (readPages):
// with every other data page's header of the fields read by seeking
// made garbage, the filtered read still succeeds and gives the rows of
// the intact file. Were a page outside them read (a read-ahead of the
// next header, a page of a range counted wrong), its header would be one
// no check had seen.
func TestRangeReadsOnlyCheckedPages(t *testing.T) {
	f := pagesFrame(60000, 2)
	// Long unique strings: plain pages of a few rows each, cut at other
	// rows than the pages of the columns filtered.
	long := make([]string, f.NumRows())
	for i := range long {
		long[i] = fmt.Sprintf("%0200d", i*7919)
	}
	f = f.HStack(frame.FromColumns([]string{"long"}, long))
	smallBatches := func(c *config) { c.writeBatch = 37 }
	data := writeBytes(t, f, WithRowGroupRows(30000), WithDataPageSize(2048), smallBatches)
	for _, preds := range [][]Predicate{
		{Gt("id", 55000)},
		{Ge("id", 20000), Lt("id", 21000)},
		{Lt("id", 30000), Ge("x", 290.0)},
		{In("id", 5, 45000)},
		{Eq("pt.u", 7)},
	} {
		r, err := NewReader(bytes.NewReader(data), WithRowGroupFilter(preds...))
		if err != nil {
			t.Fatal(err)
		}
		broken := slices.Clone(data)
		corrupted := 0
		var lastChecked []int64 // a data page read
		pr := r.fr.ParquetReader()
		for g := range pr.NumRowGroups() {
			ranges, pruned := pageRanges(pr, g, r.cfg.tests)
			if !pruned || len(ranges) == 0 {
				continue
			}
			pages := readPages(pr, g, splitByField(r.fr.Manifest, r.leaves), ranges)
			rg, err := pr.GetPageIndexReader().RowGroup(g)
			if err != nil {
				t.Fatal(err)
			}
			for leaf, spans := range pages {
				checked := map[int64]bool{}
				for _, sp := range spans {
					checked[sp.offset] = true
					if !sp.dict {
						lastChecked = []int64{sp.offset}
					}
				}
				oi, err := rg.GetOffsetIndex(leaf)
				if err != nil {
					t.Fatal(err)
				}
				for _, loc := range oi.GetPageLocations() {
					if !checked[loc.Offset] {
						copy(broken[loc.Offset:], []byte{0xff, 0xff, 0xff, 0xff})
						corrupted++
					}
				}
			}
		}
		if corrupted == 0 {
			t.Fatalf("%v: no page left out", preds)
		}
		want, _ := readBatches(t, &countingReaderAt{Reader: bytes.NewReader(data)}, WithRowGroupFilter(preds...))
		got, _ := readBatches(t, &countingReaderAt{Reader: bytes.NewReader(broken)}, WithRowGroupFilter(preds...))
		if got.String() != want.String() {
			t.Errorf("%v: the read with %d pages broken differs", preds, corrupted)
		}
		// The garbage is seen where a page read has it: one of the pages
		// checked, broken too, fails the read.
		for _, off := range lastChecked {
			copy(broken[off:], []byte{0xff, 0xff, 0xff, 0xff})
		}
		r2, err := NewReader(bytes.NewReader(broken), WithRowGroupFilter(preds...))
		if err != nil {
			t.Fatal(err)
		}
		for r2.Next() {
		}
		if r2.Err() == nil {
			t.Errorf("%v: a checked page broken, and no error", preds)
		}
	}
}
