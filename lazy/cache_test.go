package lazy_test

import (
	"context"
	"slices"
	"strings"
	"testing"

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
	}{
		{"joined to its own group-by",
			func(q *lazy.Frame) *lazy.Frame {
				return q.Join(q.GroupBy("g").Agg(agg...), frame.On("g"), frame.Inner).Filter(frame.Col("x").Gt(frame.Col("m"))).Select("id", "n")
			},
			func(f *frame.Frame) *frame.Frame {
				return f.Join(f.GroupBy("g").Agg(agg...), frame.On("g"), frame.Inner).Filter(frame.Col("x").Gt(frame.Col("m"))).Select("id", "n")
			},
			[]string{"id", "g", "x"}, 10},
		{"two filters concatenated",
			func(q *lazy.Frame) *lazy.Frame {
				s := q.Select("id", "s", "x")
				return s.Filter(frame.Col("x").Gt(frame.Lit(30.0))).Concat(s.Filter(frame.Col("s").Eq(frame.Lit("w3"))))
			},
			func(f *frame.Frame) *frame.Frame {
				s := f.Select("id", "s", "x")
				return frame.Concat(s.Filter(frame.Col("x").Gt(frame.Lit(30.0))), s.Filter(frame.Col("s").Eq(frame.Lit("w3"))))
			},
			[]string{"id", "x", "s"}, 10},
		{"heads read the most rows one needs",
			func(q *lazy.Frame) *lazy.Frame { return q.Head(3).Concat(q.Head(12)).Select("id") },
			func(f *frame.Frame) *frame.Frame { return frame.Concat(f.Head(3), f.Head(12)).Select("id") },
			[]string{"id"}, 2},
		{"nested paths",
			func(q *lazy.Frame) *lazy.Frame {
				return q.SelectExprs(frame.Col("pt.u")).Concat(q.SelectExprs(frame.Col("pt.u").Add(frame.Col("id")).Alias("u")))
			},
			func(f *frame.Frame) *frame.Frame {
				return frame.Concat(f.SelectExprs(frame.Col("pt.u")), f.SelectExprs(frame.Col("pt.u").Add(frame.Col("id")).Alias("u")))
			},
			[]string{"id", "pt"}, 10},
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
