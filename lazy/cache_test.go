package lazy_test

import (
	"context"
	"errors"
	"iter"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// TestCommonSubplans: a query that uses a part twice reads its source
// once, for the columns and rows its uses need together, and gives what
// the eager verbs give.
func TestCommonSubplans(t *testing.T) {
	ctx := context.Background()
	f := testFrame(100, true, 8)
	agg := []frame.Expr{frame.Col("x").Mean().Alias("m"), frame.Len().Alias("n")}
	cases := []struct {
		name    string
		lazy    func(q *lazy.Frame) *lazy.Frame
		eager   func(f *frame.Frame) *frame.Frame
		columns []string // read by the one scan, nil: all
		batches int      // read, at most
		filters int      // pushed into the scan
	}{
		{"joined to its own group-by",
			func(q *lazy.Frame) *lazy.Frame {
				return q.Join(q.GroupBy("g").Agg(agg...), frame.On("g"), frame.Inner).Filter(frame.Col("x").Gt(frame.Col("m"))).Select("id", "n")
			},
			func(f *frame.Frame) *frame.Frame {
				return f.Join(f.GroupBy("g").Agg(agg...), frame.On("g"), frame.Inner).Filter(frame.Col("x").Gt(frame.Col("m"))).Select("id", "n")
			},
			[]string{"id", "g", "x"}, 10, 0},
		{"two filters concatenated",
			func(q *lazy.Frame) *lazy.Frame {
				s := q.Select("id", "s", "x")
				return s.Filter(frame.Col("x").Gt(frame.Lit(30.0))).Concat(s.Filter(frame.Col("s").Eq(frame.Lit("w3"))))
			},
			func(f *frame.Frame) *frame.Frame {
				s := f.Select("id", "s", "x")
				return frame.Concat(s.Filter(frame.Col("x").Gt(frame.Lit(30.0))), s.Filter(frame.Col("s").Eq(frame.Lit("w3"))))
			},
			[]string{"id", "x", "s"}, 10, 1},
		{"heads read the most rows one needs",
			func(q *lazy.Frame) *lazy.Frame { return q.Head(3).Concat(q.Head(12)).Select("id") },
			func(f *frame.Frame) *frame.Frame { return frame.Concat(f.Head(3), f.Head(12)).Select("id") },
			[]string{"id"}, 2, 0},
		{"nested paths",
			func(q *lazy.Frame) *lazy.Frame {
				return q.SelectExprs(frame.Col("pt.u")).Concat(q.SelectExprs(frame.Col("pt.u").Add(frame.Col("id")).Alias("u")))
			},
			func(f *frame.Frame) *frame.Frame {
				return frame.Concat(f.SelectExprs(frame.Col("pt.u")), f.SelectExprs(frame.Col("pt.u").Add(frame.Col("id")).Alias("u")))
			},
			[]string{"id", "pt"}, 10, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := &countingSource{f: f}
			got, err := c.lazy(lazy.Scan(src)).Collect(ctx)
			if err != nil {
				t.Fatal(err)
			}
			want := c.eager(f)
			if want.Err() != nil || got.String() != want.String() || got.NumRows() != want.NumRows() {
				t.Fatalf("got %v\nwant %v (%v)", got, want, want.Err())
			}
			if len(src.specs) != 1 {
				t.Fatalf("the source was opened %d times, want once", len(src.specs))
			}
			if cols := src.specs[0].Columns; !slices.Equal(cols, c.columns) {
				t.Errorf("read columns %v, want %v", cols, c.columns)
			}
			if src.batches > c.batches {
				t.Errorf("read %d batches, want at most %d", src.batches, c.batches)
			}
			if n := len(src.specs[0].Filter); n != c.filters {
				t.Errorf("%d filters pushed into the scan (%v), want %d", n, src.specs[0].Filter, c.filters)
			}
		})
	}
}

// TestExplainCache shows a common subplan once, under its first use.
func TestExplainCache(t *testing.T) {
	src := &countingSource{f: testFrame(20, false, 9)}
	q := lazy.Scan(src)
	got, err := q.Join(q.GroupBy("g").Agg(frame.Col("x").Max().Alias("top")), frame.On("g"), frame.Inner).Select("id", "top").Explain(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(got, "CACHE #1, computed once for 2 uses") != 1 || strings.Count(got, "CACHE #1 (above)") != 1 || strings.Count(got, "SCAN") != 1 {
		t.Errorf("Explain:\n%s", got)
	}
	if len(src.specs) != 0 {
		t.Error("Explain opened the source")
	}
}

// slowSource is countingSource taking a while per batch.
type slowSource struct{ countingSource }

func (s *slowSource) Open(ctx context.Context, spec lazy.ScanSpec) (iter.Seq2[*frame.Frame, error], error) {
	batches, err := s.countingSource.Open(ctx, spec)
	return func(yield func(*frame.Frame, error) bool) {
		for b, err := range batches {
			time.Sleep(time.Millisecond)
			if !yield(b, err) {
				return
			}
		}
	}, err
}

// TestCacheOutlivesAUse: a use that stops early (under a Head, in a
// stage it cancels) does not leave its cancellation in the cache the
// other use reads.
func TestCacheOutlivesAUse(t *testing.T) {
	f := testFrame(300, false, 10)
	x := f.Head(7)
	for range 5 {
		base := lazy.Scan(&slowSource{countingSource{f: f}})
		q := lazy.From(x).Concat(base).WithColumns(frame.Col("id").Add(frame.Lit(int64(1))).Alias("id1")).Head(5).Select("id").Concat(base.Select("id"))
		got, err := q.Collect(context.Background())
		want := frame.Concat(frame.Concat(x, f).Head(5).Select("id"), f.Select("id"))
		if err != nil || got.NumRows() != want.NumRows() || got.String() != want.String() {
			t.Fatalf("got %v (%v), want %v", got, err, want)
		}
	}
}

// TestStreamReadsPerUse: Stream, which promises memory of a few batches,
// reads a part used twice once per use, each with its own filter.
func TestStreamReadsPerUse(t *testing.T) {
	f := testFrame(100, false, 11)
	src := &countingSource{f: f}
	q := lazy.Scan(src)
	q = q.Filter(frame.Col("x").Gt(frame.Lit(40.0))).Concat(q.Filter(frame.Col("g").Eq(frame.Lit("a"))))
	rows := 0
	for b, err := range q.Stream(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		rows += b.NumRows()
	}
	want := frame.Concat(f.Filter(frame.Col("x").Gt(frame.Lit(40.0))), f.Filter(frame.Col("g").Eq(frame.Lit("a"))))
	if rows != want.NumRows() || len(src.specs) != 2 || len(src.specs[0].Filter) != 1 || len(src.specs[1].Filter) != 1 {
		t.Errorf("%d rows (want %d), %d scans: %v", rows, want.NumRows(), len(src.specs), src.specs)
	}
}

// failingSample is a SampledSource whose sampled schema does not fit a
// later row: its Open fails, and the query runs again on Exact.
type failingSample struct {
	countingSource
	exact  *countingSource
	exacts int
}

func (s *failingSample) Open(context.Context, lazy.ScanSpec) (iter.Seq2[*frame.Frame, error], error) {
	return func(yield func(*frame.Frame, error) bool) {
		yield(nil, errors.New("row 7 does not fit the first batch's schema"))
	}, nil
}

func (s *failingSample) Exact() lazy.Source { s.exacts++; return s.exact }

// TestRerunKeepsCommonSubplans: a query rerun on a sampled source's
// exact schema asks for it once and still reads a part used twice once.
func TestRerunKeepsCommonSubplans(t *testing.T) {
	f := testFrame(50, false, 13)
	src := &failingSample{countingSource: countingSource{f: f}, exact: &countingSource{f: f}}
	q := lazy.Scan(src)
	got, err := q.Join(q.GroupBy("g").Agg(frame.Len().Alias("n")), frame.On("g"), frame.Inner).Collect(context.Background())
	want := f.Join(f.GroupBy("g").Agg(frame.Len().Alias("n")), frame.On("g"), frame.Inner)
	if err != nil || got.String() != want.String() {
		t.Fatalf("got %v (%v), want %v", got, err, want)
	}
	if src.exacts != 1 || len(src.exact.specs) != 1 {
		t.Errorf("Exact asked %d times, the exact source opened %d times; want once each", src.exacts, len(src.exact.specs))
	}
}

// TestCacheOfDottedNames: a shared part whose columns have dots in their
// names (after Flatten) is narrowed to the columns used, and its scan
// reads only the columns of those names (pt whole: the counting source
// reads no paths).
func TestCacheOfDottedNames(t *testing.T) {
	f := testFrame(40, true, 14)
	src := &countingSource{f: f}
	flat := lazy.Scan(src).Flatten()
	q := flat.Select("id", "pt.u").Concat(flat.Select("id", "pt.u").Filter(frame.Col("id").Lt(frame.Lit(int64(5)))))
	got, err := q.Collect(context.Background())
	ff := f.Flatten()
	want := frame.Concat(ff.Select("id", "pt.u"), ff.Select("id", "pt.u").Filter(frame.Col("id").Lt(frame.Lit(int64(5)))))
	if err != nil || got.String() != want.String() {
		t.Fatalf("got %v (%v), want %v", got, err, want)
	}
	plan, err := q.Explain(context.Background())
	if err != nil || !strings.Contains(plan, "computed once for 2 uses\n      SELECT id, pt.u\n") || !strings.Contains(plan, "columns: id, pt\n") {
		t.Errorf("the cache is not narrowed:\n%s", plan)
	}
}
